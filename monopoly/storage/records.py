"""Game records outside the engine: reading a save or record file, stepping through a record,
and ``monopoly record``, which prints a game turn by turn.

The engine writes a game's record (``Game.record()``) and replays it (``game_from_record``);
this module finds the record in a file (a save holds one: its origin and journal), walks it
step by step for the statistics and the replay screen, and turns it into text with the very
sentences the game screen shows. The record's JSON form is described in ``docs/records.md``.
"""

from __future__ import annotations

import copy
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator

from . import files, saves
from .places import NoSaveFolder, default_save_dir
from ..session.safe_text import shown
from ..engine import RECORD_FORMAT, Game, IllegalActionError, SaveFormatError, action_from_dict, game_from_record
from ..engine import events as E

EXIT_OK, EXIT_BAD_FILE, EXIT_USAGE = 0, 1, 2


class RecordError(Exception):
    """A file that holds no usable record; the message names the file and says why."""


@dataclass
class Source:
    """A record and where it came from: a record file, or a save (with its computer players)."""

    path: Path
    record: dict[str, Any]
    loaded: saves.LoadedGame | None = None  # the save, when the file was one
    final: Game | None = None  # the game after the record's last step, as the check replayed it

    def final_game(self) -> Game:
        """The game after the record's last step (replayed once, by the check when it was read)."""
        if self.final is None:
            self.final = game_from_record(self.record)
        return self.final


# ---------------------------------------------------------------------------------------- reading
Follow = Callable[[int, Game, list[E.Event]], None]
"""Told of each step of a record as it is replayed: steps played, the game, that step's events."""


def read_source(name_or_path: str, save_dir: str | Path | None = None, follow: Follow | None = None) -> Source:
    """The record in a save or a record file (a save name in ``save_dir``, or a path).

    Raises ``RecordError`` naming the file and the problem: missing, damaged, neither a save nor
    a record, a record that does not replay, or a save of a game that keeps no record. The check
    replays the record; ``follow`` is told of each of its steps as ``walk`` yields them (what is
    counted before a refusal is the caller's to drop).
    """
    try:
        path = saves.resolve(name_or_path, default_save_dir() if save_dir is None else save_dir)
        with files.building():
            return _read(path, follow)
    except saves.SaveError as exc:
        raise RecordError(str(exc)) from None
    except NoSaveFolder as exc:
        raise RecordError(f"{shown(name_or_path)}: {exc}") from None
    except OSError as exc:
        raise RecordError(f"{shown(name_or_path)}: cannot be read ({shown(exc.strerror or str(exc))})") from None


def _read(path: Path, follow: Follow | None) -> Source:
    """``read_source`` of a file found: read and parsed once, then checked as a record or a save."""
    text = files.decode(path, files.read_bytes(path, saves.SaveError, saves.MAX_SAVE_BYTES, "a save or a record"),
                        RecordError, "a save or a record")
    data = saves.parse_json(path, text)
    del text  # 30 MB of text not kept while the game is built
    if isinstance(data, dict) and data.get("format") == RECORD_FORMAT:
        _check_record_shape(path, data)
        try:
            final = game_from_record(data, each_step=follow)  # refuses a record that does not replay
        except SaveFormatError as exc:
            raise RecordError(f"{files.where(path)}: {shown(str(exc))}") from None
        except Exception as exc:  # a hand-edited record the engine's checks did not foresee
            raise RecordError(f"{files.where(path)}: does not replay ({shown(str(exc)) or type(exc).__name__})") from None
        return Source(path, data, final=final)
    if not (isinstance(data, dict) and data.get("format") == saves.SAVE_FORMAT):
        raise RecordError(f"{files.where(path)}: neither a saved game nor a game record")
    loaded = saves.load_document(path, data)
    del data
    try:  # plain data made afresh, but for the origin, which is the loaded game's own
        record = loaded.game.record()
        record["origin"] = copy.deepcopy(record["origin"])
    except ValueError as exc:
        raise RecordError(f"{files.where(path)}: {shown(str(exc))}") from None
    try:  # a damaged journal loads (its entries are well formed) but does not replay
        final = game_from_record(record, each_step=follow)
    except Exception as exc:
        raise RecordError(f"{files.where(path)}: damaged or edited by hand (its record does not replay: "
                          f"{shown(str(exc)) or type(exc).__name__})") from None
    return Source(path, record, loaded, final)


def _check_record_shape(path: Path, data: dict[str, Any]) -> None:
    """What every reader of a record takes for granted, checked before any of them reads it: steps
    that are objects with a whole-number clock, a list of event objects and an action object."""
    def bad(what: str) -> RecordError:
        return RecordError(f"{files.where(path)}: damaged or edited by hand ({what})")

    opening, steps = data.get("opening", []), data.get("steps")
    if not isinstance(opening, list) or not all(isinstance(e, dict) for e in opening):
        raise bad("opening: expected a list of event objects")
    if not isinstance(steps, list):
        raise bad("steps: expected a list")
    for i, step in enumerate(steps):
        if not isinstance(step, dict):
            raise bad(f"steps[{i}]: expected an object")
        if type(step.get("clock")) is not int:
            raise bad(f"steps[{i}].clock: expected a whole number of seconds")
        events = step.get("events")
        if not isinstance(events, list) or not all(isinstance(e, dict) for e in events):
            raise bad(f"steps[{i}].events: expected a list of event objects")
        if "action" in step and not isinstance(step["action"], dict):
            raise bad(f"steps[{i}].action: expected an object")
    files.check_tree(path, data, lambda message: bad(message.split(": ", 1)[-1]), limit=saves.MAX_WHOLE_NUMBER)


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
        name = saves.chosen_name(name, save_dir)
    except saves.NameRefused as exc:
        raise saves.SaveError(f"{name!r}: {exc}") from None
    return saves.write_save(save_dir, name, game, computers, ui)


# ---------------------------------------------------------------------------------------- writing
def record_name(index: int) -> str:
    """The file of game ``index`` of a simulation (``game-00001.json``: sorted in game order)."""
    return f"game-{index + 1:05d}.json"


def write_record(folder: str | Path, index: int, game: Game) -> Path:
    """Write the record of game ``index`` of a simulation into ``folder`` (atomically, and never
    through a symbolic link planted as the file)."""
    path = Path(folder) / record_name(index)
    data = (json.dumps(game.record()) + "\n").encode("utf-8")
    return files.write_bytes(path, data, RecordError, "the record")


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
