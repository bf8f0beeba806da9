"""The ``monopoly`` command (everything but ``monopoly simulate``): options, then the curses game.

Command-line mistakes and unreadable save files are reported before the screen opens, with a
non-zero exit code. The terminal is restored on every way out (a context manager around curses);
Ctrl-C (or ``kill``, or a closed terminal) leaves at once with the game autosaved; a second signal
waits for that autosave, and the program says where the game is only when the file is there.
"""

from __future__ import annotations

import argparse
import curses
import locale
import os
import signal
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from .. import __version__, saves
from ..engine import edition_ids
from ..rule_options import RuleChoiceError, add_rule_arguments, chosen_rules
from .play import (STOP_SIGNALS, GameController, LeaveProgram, restore_signal_handlers, resume_command,
                   set_signal_handlers)
from ..places import SAVE_DIR_ENV, default_save_dir
from .screen import Screen
from .setup import SetupScreens, Started, StartProblem, start_from_command_line
from .theme import Theme

EXIT_OK, EXIT_BAD_SAVE, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130
EXIT_NOT_SAVED = 1  # stopped, and the autosave could not be written


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="monopoly",
        description="Play Monopoly in the terminal: people at one keyboard and computer players, "
                    "in the spirit of the 1980s computer editions. Without options, the set-up asks "
                    "the questions (or offers to resume a saved game).",
        epilog='Examples: monopoly --players "Ann,Bob,cpu:ruthless"   monopoly --load mygame   '
               "monopoly --position FILE (start from a position, docs/positions.md). Other commands: "
               "monopoly simulate (computer-only games), monopoly record / replay / stats SAVE (a game "
               "turn by turn, stepped through, in numbers), monopoly rules, monopoly text; each takes "
               "--help. Keys in the game: press ? for the list; see docs/playing.md.")
    parser.add_argument("--players", metavar="LIST",
                        help='quick set-up without questions: comma-separated names; "cpu" or "cpu:STRATEGY" '
                             'is a computer player, e.g. "Ann,Bob,cpu:ruthless"')
    parser.add_argument("--edition", choices=edition_ids(),
                        help="the board: us (default), uk, dotcom, or a board file of your own (FILE.json, "
                             "docs/boards.md)")
    parser.add_argument("--seed", type=int, metavar="N", help="seed the dice, for a game that can be replayed")
    parser.add_argument("--load", metavar="NAME_OR_PATH",
                        help="resume a saved game: a name in the save folder, or the path of a save file")
    parser.add_argument("--save-dir", metavar="DIR", default=None,
                        help=f"folder of the save files (default: ${SAVE_DIR_ENV} if set, else saves/ beside "
                             "the program when run from its project folder, else a per-user folder: "
                             "see docs/playing.md)")
    parser.add_argument("--version", action="version", version=f"monopoly {__version__}")
    add_rule_arguments(parser)
    return parser


class StopSignals:
    """Ctrl-C, ``kill`` and a closed terminal end the game alike, and only once.

    The first stop signal raises ``KeyboardInterrupt`` (terminal restored, game autosaved); from
    then on every stop signal waits, so a second Ctrl-C or a SIGTERM right after it never cuts the
    exit autosave short. Once leaving after a signal, they are ignored to the last instruction
    (Python would otherwise put back the default handlers, which end the process, as it shuts down).
    """

    def __init__(self) -> None:
        self.stopping = False
        self._previous: dict[int, object] = {}

    def __enter__(self) -> "StopSignals":
        self._previous = set_signal_handlers(STOP_SIGNALS, self._first)
        return self

    def _first(self, signum: int, frame: object) -> None:
        self.hold()
        raise KeyboardInterrupt

    def hold(self) -> None:
        """From now on a stop signal waits (the program is already leaving)."""
        if not self.stopping:
            self.stopping = True
            set_signal_handlers(STOP_SIGNALS, self._later)

    @staticmethod
    def _later(signum: int, frame: object) -> None:
        """Already leaving: nothing more to do."""

    def __exit__(self, *exc: object) -> None:
        if self.stopping:
            set_signal_handlers(STOP_SIGNALS, signal.SIG_IGN)
        else:
            restore_signal_handlers(self._previous)


@contextmanager
def curses_session() -> Iterator["curses.window"]:
    """Start curses and always put the terminal back as it was."""
    os.environ.setdefault("ESCDELAY", "25")
    try:
        locale.setlocale(locale.LC_ALL, "")
    except locale.Error:
        pass
    stdscr = curses.initscr()
    try:
        curses.noecho()
        curses.cbreak()
        stdscr.keypad(True)
        try:
            curses.set_escdelay(25)
        except (AttributeError, curses.error):
            pass
        try:
            curses.curs_set(0)
        except curses.error:
            pass
        yield stdscr
    finally:
        try:
            stdscr.keypad(False)
            curses.nocbreak()
            curses.echo()
        except curses.error:
            pass
        try:
            curses.endwin()
        except curses.error:  # the terminal has gone: nothing to put back
            pass


def tidy_save_dir(save_dir: Path) -> None:
    """Clear what interrupted saves left in the folder (a complete save left in a temporary
    file becomes ``recovered-NAME``, offered in the resume list)."""
    try:
        saves.tidy(save_dir)
    except saves.SaveError:
        pass  # a folder we cannot write: each save will say so


def _usage_error(message: str) -> int:
    print(f"monopoly: {message}", file=sys.stderr)
    return EXIT_USAGE


def main(argv: list[str]) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version, or a mistake argparse already explained
        return exc.code if isinstance(exc.code, int) else (EXIT_OK if exc.code is None else EXIT_USAGE)
    if args.load and args.players:
        return _usage_error("use either --load or --players, not both")
    save_dir = Path(args.save_dir) if args.save_dir else default_save_dir()
    try:
        rules = command_line_rules(args)
        started, _ = start_from_command_line(args.load, args.players, args.edition, args.seed, rules, save_dir)
    except RuleChoiceError as exc:
        return _usage_error(str(exc))
    except StartProblem as exc:
        print(f"monopoly: {exc}", file=sys.stderr)
        return EXIT_BAD_SAVE if exc.bad_save else EXIT_USAGE
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return _usage_error("the game needs an interactive terminal (try --help)")
    tidy_save_dir(save_dir)
    return play(started, save_dir, args.edition, args.seed, rules)


def command_line_rules(args: argparse.Namespace) -> dict[str, object]:
    """The rule options of ``--rule`` and ``--preset``, over the edition's defaults (``RuleChoiceError``)."""
    if args.load and (args.rule or args.preset):
        raise RuleChoiceError("a saved game keeps its own rules: --rule and --preset go with a new game")
    return chosen_rules(args.edition or "us", args.rule, args.preset)


def play(started: Started | None, save_dir: Path, edition: str | None, seed: int | None,
         rules: dict[str, object] | None = None) -> int:
    controller: GameController | None = None
    with StopSignals() as signals:
        try:
            farewell = ""
            code = EXIT_OK
            with curses_session() as stdscr:
                screen = Screen(stdscr, Theme())
                try:
                    if started is None:
                        started = SetupScreens(screen, save_dir, edition, seed, rules).run()
                    screen.setup = None
                    controller = start_controller(screen, started, save_dir)
                    if started.resumed_from is not None:
                        controller.say(f"Resumed from {started.resumed_from}.", "good")
                    else:
                        controller.introduce()
                    farewell = controller.run()
                except LeaveProgram as leave:
                    farewell = leave.message
        except KeyboardInterrupt:
            code, farewell = leave_interrupted(signals, controller)
        signals.hold()  # leaving: a signal now would only cut the last line short
        say_farewell(farewell)
    return code


def start_controller(screen: Screen, started: Started, save_dir: Path) -> GameController:
    """The game's controller, with its record: a new identity, or the one of the save it was resumed from."""
    if started.loaded is not None:
        record = saves.GameRecord.resumed(save_dir, started.loaded)
    else:
        record = saves.GameRecord(save_dir)
    return GameController(screen, started.game, started.computers, started.ui, save_dir, started.save_name, record)


def leave_interrupted(signals: StopSignals, controller: GameController | None) -> tuple[int, str]:
    """After a stop signal: autosave (further signals wait) and say where the game is, only if it is there."""
    while True:
        try:
            signals.hold()
            break
        except KeyboardInterrupt:  # a signal in the instant before the hold: it is the same stop
            continue
    if controller is None:
        return EXIT_INTERRUPTED, "Interrupted."
    path = controller.autosave()
    if path is not None and path.is_file():
        return EXIT_INTERRUPTED, (f"Interrupted. The game is autosaved in {path}; resume it with: "
                                  f"{resume_command(controller.save_dir, path.stem)}")
    problem = controller.autosave_problem or "the file is not there"
    return EXIT_NOT_SAVED, f"Interrupted. The game could NOT be autosaved: {problem}"


def say_farewell(farewell: str) -> None:
    if farewell:
        try:
            print(farewell)
        except OSError:  # the terminal has gone (the window was closed): the game is saved all the same
            pass
