"""Game records outside the engine: reading a save or record file, stepping through a record,
and ``monopoly record``, which prints a game turn by turn.

The engine writes a game's record (``Game.record()``) and replays it (``game_from_record``);
this module finds the record in a file (a save holds one: its origin and journal), walks it
step by step for the statistics and the replay screen, and turns it into text with the very
sentences the game screen shows. The record's JSON form is described in ``docs/records.md``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

from . import saves
from .places import default_save_dir
from .engine import RECORD_FORMAT, Game, IllegalActionError, SaveFormatError, action_from_dict, game_from_record
from .engine import events as E

EXIT_OK, EXIT_BAD_FILE, EXIT_USAGE = 0, 1, 2


class RecordError(Exception):
    """A file that holds no usable record; the message names the file and says why."""


@dataclass
class Source:
    """A record and where it came from: a record file, or a save (with its computer players)."""

    path: Path
    record: dict[str, Any]
    loaded: saves.LoadedGame | None = None  # the save, when the file was one


# ---------------------------------------------------------------------------------------- reading
def read_source(name_or_path: str, save_dir: str | Path | None = None) -> Source:
    """The record in a save or a record file (a save name in ``save_dir``, or a path).

    Raises ``RecordError`` naming the file and the problem: missing, damaged, neither a save nor
    a record, a record that does not replay, or a save of a game that keeps no record.
    """
    try:
        path = saves.resolve(name_or_path, default_save_dir() if save_dir is None else save_dir)
        if path.stat().st_size > saves.MAX_SAVE_BYTES:
            raise RecordError(f"{path}: too large for a save or a record")
        raw = path.read_bytes()
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError(f"{path}: not a save or a record (the file is not text)") from None
        data = saves.parse_json(path, text)
        if isinstance(data, dict) and data.get("format") == RECORD_FORMAT:
            try:
                game_from_record(data)  # refuses a record that does not replay, with the step
            except SaveFormatError as exc:
                raise RecordError(f"{path}: {exc}") from None
            return Source(path, data)
        if not (isinstance(data, dict) and data.get("format") == saves.SAVE_FORMAT):
            raise RecordError(f"{path}: neither a saved game nor a game record")
        loaded = saves.read_save(path)
    except saves.SaveError as exc:
        raise RecordError(str(exc)) from None
    except OSError as exc:
        raise RecordError(f"{name_or_path}: cannot be read ({exc.strerror or exc})") from None
    try:
        record = loaded.game.record()
    except ValueError as exc:
        raise RecordError(f"{path}: {exc}") from None
    return Source(path, json.loads(json.dumps(record)), loaded)


def step_count(record: dict[str, Any]) -> int:
    return len(record["steps"])


def step_events(record: dict[str, Any], index: int) -> list[dict[str, Any]]:
    """The events of step ``index`` (0-based) as the record holds them (plain data)."""
    events: list[dict[str, Any]] = record["steps"][index]["events"]
    return events


def advance(game: Game, step: dict[str, Any]) -> list[E.Event]:
    """Play one step of a record on ``game`` (which stands just before it); its events."""
    events = game.set_clock(step["clock"])
    if "action" in step:
        try:
            events += game.apply(action_from_dict(step["action"]))
        except (ValueError, IllegalActionError) as exc:
            raise SaveFormatError(f"record step: {exc}") from None
    return events


def walk(record: dict[str, Any]) -> Iterator[tuple[int, Game, list[E.Event]]]:
    """The game after each step of the record, in one pass: (steps played, game, that step's events).

    Starts with (0, the game before its first step, the opening events). The same game object is
    advanced in place, so a caller that keeps one must copy what it needs.
    """
    game = game_from_record(record, 0)
    yield 0, game, list(game.log)
    for i, step in enumerate(record["steps"]):
        yield i + 1, game, advance(game, step)


def turn_starts(record: dict[str, Any]) -> dict[int, int]:
    """For each turn, the number of steps played when it begins (turn 1 begins before any step)."""
    starts: dict[int, int] = {}
    for event in record.get("opening", []):
        if event.get("event") == E.TurnStarted.kind:
            starts.setdefault(event["turn"], 0)
    for i, step in enumerate(record["steps"]):
        for event in step["events"]:
            if event.get("event") == E.TurnStarted.kind:
                starts.setdefault(event["turn"], i + 1)
    return starts


# ---------------------------------------------------------------------------------------- stepping
class Replayer:
    """The game of a record after any number of its steps, moved forward and back."""

    def __init__(self, record: dict[str, Any]) -> None:
        self.record = record
        self.total = len(record["steps"])
        self.starts = turn_starts(record)  # turn -> steps played when it begins
        self.steps = 0
        self.game = game_from_record(record, 0)

    @property
    def turn(self) -> int:
        return self.game.view.turn

    @property
    def last_turn(self) -> int:
        return max(self.starts, default=1)

    def go(self, steps: int) -> None:
        """Show the game after ``steps`` inputs (clamped to the record)."""
        steps = max(0, min(self.total, steps))
        if steps == self.steps + 1:
            advance(self.game, self.record["steps"][self.steps])
        elif steps != self.steps:
            self.game = game_from_record(self.record, steps)
        self.steps = steps

    def next_action(self) -> None:
        self.go(self.steps + 1)

    def previous_action(self) -> None:
        self.go(self.steps - 1)

    def next_turn_start(self) -> int:
        """The steps played when the next turn begins (all of them in the last turn)."""
        return min([s for s in self.starts.values() if s > self.steps], default=self.total)

    def next_turn(self) -> None:
        self.go(self.next_turn_start())

    def previous_turn(self) -> None:
        """Back to the start of this turn, or of the one before when already there."""
        earlier = [s for s in self.starts.values() if s < self.steps]
        self.go(max(earlier) if earlier else 0)

    def go_to_turn(self, turn: int) -> None:
        """The start of ``turn``; ``KeyError`` for a turn the game never reached."""
        self.go(self.starts[turn])

    def continued(self) -> Game:
        """A new game from the position shown, its record the replayed one up to this step."""
        return game_from_record(self.record, self.steps)

    def describe(self) -> str:
        return f"Step {self.steps} of {self.total}, turn {self.turn} of {self.last_turn}"


# ---------------------------------------------------------------------------------------- continuing
def suggested_name(source: Source, turn: int, save_dir: str | Path) -> str:
    """A free save name for the game continued from ``turn`` of ``source``: ``NAME-turnT``."""
    stem = source.path.stem.split(".")[0][:20] or "replay"
    base = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in stem)
    for n in range(1, 100):
        name = f"{base}-turn{turn}" + (f"-{n}" if n > 1 else "")
        if saves.name_problem(name) is None and not saves.save_path(save_dir, name).exists():
            return name
    return "continued"


def checked_name(save_dir: str | Path, text: str) -> str:
    """``text`` as the name of a new save; ``ValueError`` says why it cannot be (taken, invalid)."""
    problem = saves.name_problem(text)
    if problem is not None:
        raise ValueError(problem)
    if saves.is_autosave_name(text.strip()):
        raise ValueError("autosave names are the program's own")
    if saves.save_path(save_dir, text).exists():
        raise ValueError("a save of that name exists: choose another")
    return saves.validate_name(text)


def save_continuation(source: Source, replayer: Replayer, save_dir: str | Path, name: str,
                      ui: dict[str, Any] | None = None) -> Path:
    """Save the game from the step ``replayer`` shows as a new game ``name`` (``SaveError`` if it cannot be).

    The file replayed is never written. A save's computer players keep their seats and strategies
    and start afresh from the step (what they had learnt later in the game is not theirs yet).
    """
    game = replayer.continued()
    computers = source.loaded.computers if source.loaded is not None else None
    if computers is not None:
        computers = type(computers)(game, dict(computers.names), seed=computers.seed)
    if ui is None and source.loaded is not None:
        ui = source.loaded.ui
    try:
        name = checked_name(save_dir, name)
    except ValueError as exc:
        raise saves.SaveError(f"{name!r}: {exc}") from None
    return saves.write_save(save_dir, name, game, computers, ui)


# ---------------------------------------------------------------------------------------- writing
def record_name(index: int) -> str:
    """The file of game ``index`` of a simulation (``game-00001.json``: sorted in game order)."""
    return f"game-{index + 1:05d}.json"


def write_record(folder: str | Path, index: int, game: Game) -> Path:
    """Write the record of game ``index`` of a simulation into ``folder``."""
    path = Path(folder) / record_name(index)
    path.write_text(json.dumps(game.record()) + "\n", encoding="utf-8")
    return path


def extras_problem(records: str | None, plot: str | None) -> str | None:
    """Why ``simulate --records DIR`` or ``--plot FILE`` could not write, found before any game is played."""
    if records is not None:
        folder = Path(records)
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            return f"--records {records}: cannot make the folder ({exc.strerror or exc})"
        if not os.access(folder, os.W_OK):
            return f"--records {records}: the folder cannot be written"
    if plot is not None:
        target = Path(plot)
        if target.is_dir():
            return f"--plot {plot}: a folder, not a file"
        if not target.parent.is_dir():
            return f"--plot {plot}: no folder {target.parent}"
    return None


# ---------------------------------------------------------------------------------------- text
def heading(game: Game, record: dict[str, Any]) -> list[str]:
    """What a record's text opens with: edition, players, dice seed and rule options."""
    origin = record["origin"]
    view = game.view
    names = ", ".join(view.name(p) for p in range(view.player_count))
    seed = origin.get("dice", {}).get("seed") if isinstance(origin.get("dice"), dict) else None
    lines = [f"Game record: {game.edition.name}; players {names}"
             + (f"; dice seed {seed}" if seed is not None else "")]
    rules = origin.get("rules") or (origin.get("position") or {}).get("rules") or {}
    if isinstance(rules, dict) and rules:
        lines += textwrap.wrap("Rules: " + ", ".join(f"{k} {v}" for k, v in rules.items()), 100,
                               subsequent_indent="  ")
    if "position" in origin:
        lines.append("Started from a position.")
    return lines


def sentences(game: Game, events: Sequence[E.Event]) -> Iterator[tuple[str, str]]:
    """The screen's messages for ``events``: (text, theme role); silent events say nothing."""
    from .words import format_event  # here, so simulations writing records never load the wording
    for event in events:
        said = format_event(game, event)
        if said is not None:
            yield said


def record_text(record: dict[str, Any]) -> list[str]:
    """The game turn by turn: each turn's title, then what happened in it, indented."""
    final = game_from_record(record)
    lines = heading(final, record) + ["", "Before the first turn:"]
    for event in final.log:
        said = next(sentences(final, [event]), None)
        if said is None:
            continue
        text = said[0]
        if isinstance(event, E.TurnStarted):
            lines += ["", text]
        else:
            lines.append("  " + text)
    if not final.view.over:
        lines += ["", f"(The game goes on: turn {final.view.turn}, {len(record['steps'])} steps recorded.)"]
    return lines


# ---------------------------------------------------------------------------------------- the commands
def _print(text: str) -> None:
    try:
        print(text)
        sys.stdout.flush()
    except BrokenPipeError:  # the reader (``| head``) went away: not an error of ours
        import os
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def source_parser(prog: str, description: str) -> argparse.ArgumentParser:
    """The arguments every record command takes: the file, the save folder, and ``--json``."""
    parser = argparse.ArgumentParser(prog=prog, description=description)
    parser.add_argument("file", metavar="SAVE_OR_RECORD",
                        help="a save name in the save folder, or the path of a save or record file")
    parser.add_argument("--save-dir", metavar="DIR", default=None,
                        help="folder of the save files (default: saves/)")
    parser.add_argument("--json", action="store_true", help="print JSON for scripts instead of text")
    return parser


def parse(parser: argparse.ArgumentParser, argv: Sequence[str]) -> argparse.Namespace | int:
    """The parsed arguments, or the exit code when argparse stopped (``--help``, a mistake)."""
    try:
        return parser.parse_args(list(argv))
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE


def open_source(prog: str, args: argparse.Namespace) -> Source | None:
    """The record the arguments name, or None after saying on stderr why it cannot be used."""
    try:
        return read_source(args.file, args.save_dir)
    except RecordError as exc:
        print(f"{prog}: {exc}", file=sys.stderr)
        return None


def print_record_command(prog: str, description: str, argv: Sequence[str],
                         text: Callable[[dict[str, Any]], list[str]],
                         data: Callable[[dict[str, Any]], Any]) -> int:
    """Run a command that prints something of a record: ``text`` lines, or ``data`` as JSON with ``--json``."""
    args = parse(source_parser(prog, description), argv)
    if isinstance(args, int):
        return args
    source = open_source(prog, args)
    if source is None:
        return EXIT_BAD_FILE
    _print(json.dumps(data(source.record)) if args.json else "\n".join(text(source.record)))
    return EXIT_OK


def record_main(argv: Sequence[str]) -> int:
    """``monopoly record SAVE_OR_RECORD [--json]``."""
    return print_record_command("monopoly record", "Print a saved game turn by turn, or its record as JSON "
                                "(docs/records.md).", argv, record_text, lambda record: record)


def command(name: str, argv: Sequence[str]) -> int:
    """Run ``monopoly record``, ``monopoly stats`` or ``monopoly replay``."""
    if name == "record":
        return record_main(argv)
    if name == "stats":
        from .stats import stats_main
        return stats_main(argv)
    from .replays import replay_main
    return replay_main(argv)


COMMANDS = ("record", "stats", "replay")
