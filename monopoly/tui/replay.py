"""``monopoly replay SAVE_OR_RECORD``: step through a game on the curses board.

The replay opens on the first move. Right and Left step one action, Down and Up one turn, G jumps
to a turn, Space plays the game at the chosen speed (+ and - change it). The board, the panels
and the deed card show the position after each step, drawn by the game screen's own code. C
continues the game from the step shown as a new game: it is saved under a new name (the file
replayed is never written) and can be played at once.

The stepping itself (``Replayer``) is plain code over the engine's record: a step forward plays
one more input on the game shown; a step back replays the record to that step, which costs
milliseconds even for a long game.
"""

from __future__ import annotations

import curses
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from .. import saves
from ..engine import Game, game_from_record
from ..engine import events as E
from ..records import EXIT_BAD_FILE, EXIT_OK, EXIT_USAGE, Source, advance, open_source, parse, sentences, \
    source_parser, turn_starts
from . import model as M
from .layout import Layout
from .prompt import NUMBER, TEXT, YESNO, Question
from .screen import Screen
from .theme import Theme

EXIT_INTERRUPTED = 130
SPEEDS = (2.0, 1.0, 0.5, 0.25, 0.1, 0.03)  # seconds per step while playing
DEFAULT_SPEED = 2  # index into SPEEDS
SHOWN_EVENTS = 120  # events of the log turned into messages at each step


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

    def next_turn(self) -> None:
        later = [s for s in self.starts.values() if s > self.steps]
        self.go(min(later) if later else self.total)

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


def show(replayer: Replayer, ui: M.UIState) -> None:
    """Set the screen's messages, dice and card to the step shown, as the game screen would have them."""
    game = replayer.game
    log = game.log
    ui.messages = [M.Message(text, role) for text, role in sentences(game, log[-SHOWN_EVENTS:])]
    ui.dice = None
    ui.card = None
    last = replayer.record["steps"][replayer.steps - 1]["events"] if replayer.steps else []
    for event in last:  # this step's throw and card, even when the step also ended the turn
        if event["event"] == E.DiceRolled.kind:
            ui.dice = tuple(event["dice"])
        elif event["event"] == E.CardDrawn.kind:
            ui.card = (game.edition.deck_name(event["deck"]), event["text"])
    if ui.dice is None:  # else the turn's last throw, if it has had one
        for event in reversed(log):
            if isinstance(event, E.TurnStarted):
                break
            if isinstance(event, E.DiceRolled):
                ui.dice = event.dice
                break


# ---------------------------------------------------------------------------------------- keys
@dataclass(frozen=True)
class Key:
    command: str
    keys: tuple[int, ...]
    label: str  # on the replay's bar


KEYS: tuple[Key, ...] = (
    Key("previous_action", (curses.KEY_LEFT, ord("p")), "<- ->:action"),
    Key("next_action", (curses.KEY_RIGHT, ord("n")), ""),
    Key("previous_turn", (curses.KEY_UP, curses.KEY_PPAGE), "Up/Dn:turn"),
    Key("next_turn", (curses.KEY_DOWN, curses.KEY_NPAGE), ""),
    Key("go_to_turn", (ord("g"), ord("G")), "G:go to"),
    Key("play", (ord(" "),), "Space:play"),
    Key("faster", (ord("+"), ord("=")), "+/-:speed"),
    Key("slower", (ord("-"),), ""),
    Key("first", (curses.KEY_HOME,), ""),
    Key("last", (curses.KEY_END,), ""),
    Key("continue", (ord("c"), ord("C")), "C:continue"),
    Key("quit", (ord("q"), ord("Q"), 27), "Q:quit"),
)


def command_for(key: int) -> str | None:
    for entry in KEYS:
        if key in entry.keys:
            return entry.command
    return None


class ReplayScreen(Screen):
    """The game screen with the replay's keys on the top line instead of the option bar."""

    def _draw_bar(self, lay: Layout) -> None:
        t = self.theme
        self.put(0, 0, " " * lay.cols, t("bar"))
        text = " REPLAY  " + "  ".join(k.label for k in KEYS if k.label)
        self.put(0, 0, text, t("bar"), lay.cols)


@dataclass
class Outcome:
    """How a replay ended: the farewell line, and a continued game to play now (or None)."""

    farewell: str
    play: Any = None  # a tui.setup.Started


# ---------------------------------------------------------------------------------------- the loop
class ReplayController:
    def __init__(self, screen: ReplayScreen, source: Source, save_dir: Path) -> None:
        self.screen = screen
        self.source = source
        self.save_dir = save_dir
        self.replayer = Replayer(source.record)
        self.speed = DEFAULT_SPEED
        self.playing = False
        game = self.replayer.game
        n = game.view.player_count
        computers = source.loaded.computers if source.loaded is not None else None
        self.computer_seats = set(getattr(computers, "names", {}) or {})
        tokens = (source.loaded.ui.get("tokens") if source.loaded is not None else None) or M.default_tokens(game, n)
        self.ui = M.UIState(tokens=list(tokens))
        screen.ui = self.ui
        screen.people = [p for p in range(n) if p not in self.computer_seats]
        self.saved: list[str] = []

    def refresh(self) -> None:
        r = self.replayer
        self.screen.game = r.game
        show(r, self.ui)
        state = f"playing, {SPEEDS[self.speed]:g} s a step" if self.playing else "paused"
        end = "  (the end)" if r.steps == r.total else ""
        self.ui.hint = f"{r.describe()}  [{state}]{end}"
        self.screen.render()

    def run(self) -> Outcome:
        while True:
            self.refresh()
            key = self.screen.read_key(SPEEDS[self.speed] if self.playing else None)
            if key is None:
                if self.playing:
                    self.replayer.next_action()
                    self.playing = self.replayer.steps < self.replayer.total
                continue
            cmd = command_for(key)
            if cmd == "quit":
                return Outcome(self._farewell())
            if cmd == "continue":
                started = self.continue_here()
                if started is not None:
                    return Outcome(self._farewell(), started)
                continue
            self.do(cmd)

    def do(self, cmd: str | None) -> None:
        r = self.replayer
        if cmd in ("next_action", "previous_action", "next_turn", "previous_turn"):
            self.playing = False
            getattr(r, cmd)()
        elif cmd == "first":
            r.go(0)
        elif cmd == "last":
            r.go(r.total)
        elif cmd == "play":
            self.playing = not self.playing and r.steps < r.total
        elif cmd == "faster":
            self.speed = min(len(SPEEDS) - 1, self.speed + 1)
        elif cmd == "slower":
            self.speed = max(0, self.speed - 1)
        elif cmd == "go_to_turn":
            self.playing = False
            turn = self.screen.ask(Question("Go to turn:", NUMBER, r.turn, low=1, high=r.last_turn))
            if turn is not None:
                r.go_to_turn(int(turn))

    def _suggested_name(self) -> str:
        stem = self.source.path.stem.split(".")[0][:20] or "replay"
        base = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in stem)
        for n in range(1, 100):
            name = f"{base}-turn{self.replayer.turn}" + (f"-{n}" if n > 1 else "")
            if saves.name_problem(name) is None and not saves.save_path(self.save_dir, name).exists():
                return name
        return "continued"

    def _check_name(self, text: str) -> str:
        problem = saves.name_problem(text)
        if problem is not None:
            raise ValueError(problem)
        if saves.is_autosave_name(text):
            raise ValueError("autosave names are the program's own")
        if saves.save_path(self.save_dir, text).exists():
            raise ValueError("a save of that name exists: choose another")
        return saves.validate_name(text)

    def continue_here(self) -> Any:
        """Save a new game from the step shown; offer to play it now (a ``Started``) or None."""
        self.playing = False
        name = self.screen.ask(Question("Continue from here as a new game; save it as:", TEXT,
                                        self._suggested_name(), check=self._check_name))
        if name is None:
            return None
        game = self.replayer.continued()
        computers = self.source.loaded.computers if self.source.loaded is not None else None
        if computers is not None:  # the same seats and strategies, starting afresh from here
            computers = type(computers)(game, dict(computers.names), seed=computers.seed)
        try:
            path = saves.write_save(self.save_dir, name, game, computers, self.ui.settings())
        except saves.SaveError as exc:
            self.ui.say(f"Not saved: {exc}", "bad")
            return None
        self.saved.append(name)
        self.ui.say(f"Saved as {name}.", "good")
        if not self.screen.ask(Question(f"Saved as {name}. Play it now?", YESNO, True)):
            return None
        from .setup import Started, resume
        try:
            started: Started = resume(saves.read_save(path))
        except saves.SaveError as exc:
            self.ui.say(f"Cannot open it: {exc}", "bad")
            return None
        return started

    def _farewell(self) -> str:
        if not self.saved:
            return ""
        from .play import resume_command
        return "\n".join(f"The game continued from the replay is saved as {name}; play it with: "
                         f"{resume_command(self.save_dir, name)}" for name in self.saved)


def replay_main(argv: Sequence[str]) -> int:
    """``monopoly replay SAVE_OR_RECORD``: check the file, then step through it on the board."""
    prog = "monopoly replay"
    parser = source_parser(prog, "Step through a saved game or a record on the board, and continue it "
                                 "from any step as a new game.")
    args = parse(parser, argv)
    if isinstance(args, int):
        return args
    if args.json:
        print(f"{prog}: --json is for monopoly record and monopoly stats", file=sys.stderr)
        return EXIT_USAGE
    source = open_source(prog, args)
    if source is None:
        return EXIT_BAD_FILE
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        print(f"{prog}: the replay needs an interactive terminal (try monopoly record)", file=sys.stderr)
        return EXIT_USAGE
    from .app import curses_session, play
    save_dir = Path(args.save_dir)
    try:
        with curses_session() as stdscr:
            outcome = ReplayController(ReplayScreen(stdscr, Theme()), source, save_dir).run()
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    if outcome.play is not None:
        return play(outcome.play, save_dir, None, None)
    if outcome.farewell:
        print(outcome.farewell)
    return EXIT_OK
