"""``monopoly replay SAVE_OR_RECORD``: step through a game on the curses board.

The replay opens on the first move. Right and Left step one action, Down and Up one turn, G jumps
to a turn, Space plays the game at the chosen speed (+ and - change it). The board, the panels
and the deed card show the position after each step, drawn by the game screen's own code. C
continues the game from the step shown as a new game: it is saved under a new name (the file
replayed is never written) and can be played at once.

The stepping (``records.Replayer``) and the continuing (``records.save_continuation``) are plain
code shared with the line mode (``monopoly replay --text``); this module is the screen around
them. A step back replays the record to that step, which costs milliseconds even in a long game.
"""

from __future__ import annotations

import curses
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from ..session.safe_text import shown
from ..storage import saves
from ..engine import events as E
from ..reports.analysis import Analysis, analyse, point_line
from ..reports.story import sentences
from ..storage.places import resume_command
from ..storage.records import Replayer, Source, save_continuation, suggested_name

EXIT_OK = 0
from ..present import model as M
from .layout import Layout
from ..session.questions import NUMBER, TEXT, YESNO, Question
from .screen import Screen
from .widgets.displayable import Displayable
from .theme import Theme

EXIT_INTERRUPTED = 130
SPEEDS = (2.0, 1.0, 0.5, 0.25, 0.1, 0.03)  # seconds per step while playing
DEFAULT_SPEED = 2  # index into SPEEDS
SHOWN_EVENTS = 120  # events of the log turned into messages at each step


def show(replayer: Replayer, ui: M.UIState) -> None:
    """Set the screen's messages, dice and card to the step shown, as the game screen would have them."""
    game = replayer.game
    log = game.log
    ui.messages = [M.Message(text, role) for text, role in sentences(game, log[-SHOWN_EVENTS:])]
    ui.dice = None
    ui.card = None
    last = replayer.record["steps"][replayer.steps - 1]["events"] if replayer.steps else []
    ended = False  # the step ended the turn: the dice thrown before are the previous player's
    for event in last:  # this step's card, even when the step also ended the turn
        if event["event"] == E.DiceRolled.kind:
            ui.dice, ended = tuple(event["dice"]), False
        elif event["event"] == E.CardDrawn.kind:
            ui.card = (game.edition.deck_name(event["deck"]), event["text"])
        elif event["event"] == E.TurnStarted.kind:
            ui.dice, ended = None, True  # as the game's screen clears them when the next turn starts
    if ui.dice is None and not ended:  # else the turn's last throw, if it has had one
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
    Key("analysis", (ord("a"), ord("A")), ""),  # the turning points: named on the bottom line
    Key("quit", (ord("q"), ord("Q"), 27), "Q:quit"),
)


def command_for(key: int) -> str | None:
    for entry in KEYS:
        if key in entry.keys:
            return entry.command
    return None


class ReplayBar(Displayable):
    """The replay's keys on the top line, where the game has its option bar."""

    def draw(self, lay: Layout) -> None:
        t = self.theme
        self.put(0, 0, " " * lay.cols, t("bar"))
        self.put(0, 0, bar_text(lay.cols), t("bar"), lay.cols)


def bar_text(cols: int) -> str:
    """The replay's keys as its top line says them: spaced out where the width allows, closer
    together at 80 columns, so that the last of them (Q:quit) is never cut off."""
    labels = [k.label for k in KEYS if k.label]
    wide = " REPLAY  " + "  ".join(labels)
    return wide if len(wide) <= cols else " REPLAY " + " ".join(labels)


class ReplayScreen(Screen):
    """The game screen with the replay's keys on the top line instead of the option bar."""

    @cached_property
    def bar(self) -> Displayable:
        return ReplayBar(self)


@dataclass
class Outcome:
    """How a replay ended: the farewell line, and a continued game to play now (or None)."""

    farewell: str
    play: Any = None  # a storage.starts.Started


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
        self._analysis: Analysis | None = None  # made the first time A is pressed

    def refresh(self) -> None:
        r = self.replayer
        self.screen.game = r.game
        show(r, self.ui)
        state = f"playing, {SPEEDS[self.speed]:g} s a step" if self.playing else "paused"
        end = "  (the end)" if r.steps == r.total else ""
        self.ui.hint = f"{r.describe()}  [{state}]{end}  A: turning points"
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
        elif cmd == "analysis":
            self.turning_points()
        elif cmd == "go_to_turn":
            self.playing = False
            turn = self.screen.ask(Question("Go to turn:", NUMBER, r.turn, low=1, high=r.last_turn))
            if turn is not None:
                r.go_to_turn(int(turn))

    def turning_points(self) -> None:
        """The turning points of ``monopoly analyse`` in a pop-up; a point's number goes to its step."""
        self.playing = False
        if self._analysis is None:
            try:
                self._analysis = analyse(self.source.record, computers=self.computer_seats)
            except Exception as exc:  # a record the analysis cannot read is said, not a crash
                self.ui.say(f"No analysis of this game: {exc}", "bad")
                return
        a = self._analysis
        points = a.points[:9]
        lines = [(f"{i + 1}  {point_line(a, p)}", "message") for i, p in enumerate(points)]
        lines = lines or [("None: nobody's chance moved much in one step.", "dim")]
        lines += [("", "message"), ("Estimates from what every player could see, not certainties "
                                    "(monopoly analyse gives the whole analysis).", "dim")]
        key = self.screen.page(M.Popup("Turning points", lines, footer="1-9: go to that step; any other key: back",
                                       indent=5))
        if key is not None and ord("1") <= key < ord("1") + len(points):
            self.replayer.go(points[key - ord("1")].step)

    def continue_here(self) -> Any:
        """Save a new game from the step shown; offer to play it now (a ``Started``) or None."""
        self.playing = False
        name = self.screen.ask(Question("Continue from here as a new game; save it as:", TEXT,
                                        suggested_name(self.source, self.replayer.turn, self.save_dir),
                                        check=lambda text: saves.chosen_name(text, self.save_dir)))
        if name is None:
            return None
        try:
            path = save_continuation(self.source, self.replayer, self.save_dir, name, self.ui.settings())
        except saves.SaveError as exc:
            self.ui.say(f"Not saved: {exc}", "bad")
            return None
        self.saved.append(name)
        self.ui.say(f"Saved as {name}.", "good")
        if not self.screen.ask(Question(f"Saved as {name}. Play it now?", YESNO, True)):
            return None
        from ..storage.starts import Started, resume
        try:
            started: Started = resume(saves.read_save(path))
        except saves.SaveError as exc:
            self.ui.say(f"Cannot open it: {exc}", "bad")
            return None
        return started

    def _farewell(self) -> str:
        if not self.saved:
            return ""
        return "\n".join(f"The game continued from the replay is saved as {name}; play it with: "
                         f"{resume_command(self.save_dir, name)}" for name in self.saved)


def run_on_screen(source: Source, save_dir: Path) -> int:
    """The replay on the curses board (``monopoly replay``); the exit code."""
    from .app import curses_session, play
    try:
        with curses_session() as stdscr:
            outcome = ReplayController(ReplayScreen(stdscr, Theme()), source, save_dir).run()
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    if outcome.play is not None:
        return play(outcome.play, save_dir, None, None)
    if outcome.farewell:
        print(shown(outcome.farewell, newlines=True))
    return EXIT_OK
