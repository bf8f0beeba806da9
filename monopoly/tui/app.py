"""The ``monopoly`` command (everything but ``monopoly simulate``): options, then the curses game.

Command-line mistakes and unreadable save files are reported before the screen opens, with a
non-zero exit code. The terminal is restored on every way out (a context manager around curses);
Ctrl-C leaves at once with the game autosaved.
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
from ..engine import EDITION_IDS
from ..rule_options import RuleChoiceError, add_rule_arguments, chosen_rules
from .play import (STOP_SIGNALS, GameController, LeaveProgram, restore_signal_handlers, resume_command,
                   set_signal_handlers)
from .screen import Screen
from .setup import SetupScreens, Started, parse_players, resume, start_game
from .theme import Theme

EXIT_OK, EXIT_BAD_SAVE, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="monopoly",
        description="Play Monopoly in the terminal: people at one keyboard and computer players, "
                    "in the spirit of the 1980s computer editions. Without options, the set-up asks "
                    "the questions (or offers to resume a saved game).",
        epilog='Examples: monopoly --players "Ann,Bob,cpu:ruthless"   monopoly --load mygame   '
               "monopoly simulate --help (computer-only games). Keys in the game: press ? for the list; "
               "see docs/playing.md.")
    parser.add_argument("--players", metavar="LIST",
                        help='quick set-up without questions: comma-separated names; "cpu" or "cpu:STRATEGY" '
                             'is a computer player, e.g. "Ann,Bob,cpu:ruthless"')
    parser.add_argument("--edition", choices=EDITION_IDS, help="the board: us (default), uk or dotcom")
    parser.add_argument("--seed", type=int, metavar="N", help="seed the dice, for a game that can be replayed")
    parser.add_argument("--load", metavar="NAME_OR_PATH",
                        help="resume a saved game: a name in the save folder, or the path of a save file")
    parser.add_argument("--save-dir", metavar="DIR", default=saves.DEFAULT_SAVE_DIR,
                        help="folder of the save files (default: saves/)")
    parser.add_argument("--version", action="version", version=f"monopoly {__version__}")
    add_rule_arguments(parser)
    return parser


def _stop_like_ctrl_c(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


@contextmanager
def stop_signals_interrupt() -> Iterator[None]:
    """``kill`` and a closed terminal end the game as Ctrl-C does: terminal restored, game autosaved."""
    others = tuple(n for n in STOP_SIGNALS if n != getattr(signal, "SIGINT", None))  # Ctrl-C already does
    previous = set_signal_handlers(others, _stop_like_ctrl_c)
    try:
        yield
    finally:
        restore_signal_handlers(previous)


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
    save_dir = Path(args.save_dir)
    try:
        rules = command_line_rules(args)
    except RuleChoiceError as exc:
        return _usage_error(str(exc))
    started: Started | None = None
    if args.load:
        try:
            started = resume(saves.read_save(saves.resolve(args.load, save_dir)))
        except saves.SaveError as exc:
            print(f"monopoly: cannot load the game: {exc}", file=sys.stderr)
            return EXIT_BAD_SAVE
    elif args.players:
        try:
            plan = parse_players(args.players, args.edition or "us")
            plan.rules = rules
            started = start_game(plan, args.seed)
        except ValueError as exc:
            return _usage_error(str(exc))
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return _usage_error("the game needs an interactive terminal (try --help)")
    return play(started, save_dir, args.edition, args.seed, rules)


def command_line_rules(args: argparse.Namespace) -> dict[str, object]:
    """The rule options of ``--rule`` and ``--preset``, over the edition's defaults (``RuleChoiceError``)."""
    if args.load and (args.rule or args.preset):
        raise RuleChoiceError("a saved game keeps its own rules: --rule and --preset go with a new game")
    return chosen_rules(args.edition or "us", args.rule, args.preset)


def play(started: Started | None, save_dir: Path, edition: str | None, seed: int | None,
         rules: dict[str, object] | None = None) -> int:
    farewell = ""
    controller: GameController | None = None
    code = EXIT_OK
    try:
        with stop_signals_interrupt(), curses_session() as stdscr:
            screen = Screen(stdscr, Theme())
            try:
                if started is None:
                    started = SetupScreens(screen, save_dir, edition, seed, rules).run()
                screen.setup = None
                controller = GameController(screen, started.game, started.computers, started.ui, save_dir,
                                            started.save_name)
                if started.resumed_from is not None:
                    controller.say(f"Resumed from {started.resumed_from}.", "good")
                else:
                    controller.introduce()
                farewell = controller.run()
            except LeaveProgram as leave:
                farewell = leave.message
    except KeyboardInterrupt:
        code = EXIT_INTERRUPTED
        if controller is not None:
            path = controller.autosave()
            where = path if path is not None else saves.save_path(save_dir, saves.AUTOSAVE_NAME)
            farewell = (f"Interrupted. The game is autosaved in {where}; resume it with: "
                        f"{resume_command(save_dir, saves.AUTOSAVE_NAME)}")
        else:
            farewell = "Interrupted."
    if farewell:
        try:
            print(farewell)
        except OSError:  # the terminal has gone (the window was closed): the game is saved all the same
            pass
    return code
