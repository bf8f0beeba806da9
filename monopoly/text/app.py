"""``monopoly --text`` / ``monopoly text``: the whole game on plain lines, commands read from input.

The options are the curses game's (``--players``, ``--edition``, ``--seed``, ``--load``,
``--save-dir``, ``--rule``, ``--preset``) plus ``--colour``. The end of the input and Ctrl-C save
the game and say how to resume it; nothing ends in a traceback.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import time
from pathlib import Path
from typing import Callable, Sequence, TextIO

from ..places import default_save_dir
from .. import __version__
from ..engine import edition_ids
from ..rule_options import RuleChoiceError, add_rule_arguments, chosen_rules
from ..tui.play import STOP_SIGNALS, restore_signal_handlers, set_signal_handlers
from ..tui.setup import Started, StartProblem, start_from_command_line
from . import store
from .console import Console
from .loop import TextGame
from .setup import run_setup

EXIT_OK, EXIT_BAD_SAVE, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="monopoly --text",
        description="Play Monopoly line by line: plain text out, one command a line in (any terminal, a "
                    "screen reader, or a script). Without options the set-up asks its questions.",
        epilog='Examples: monopoly --text --players Ann,cpu   monopoly text --seed 7 --players Ann,Bob < moves.txt   '
               "In the game, help lists the commands; see docs/playing.md.")
    parser.add_argument("--players", metavar="LIST",
                        help='quick set-up: comma-separated names; "cpu" or "cpu:STRATEGY" is a computer player')
    parser.add_argument("--edition", choices=edition_ids(),
                        help="the board: us (default), uk, dotcom, or a board file of your own (FILE.json, "
                             "docs/boards.md)")
    parser.add_argument("--seed", type=int, metavar="N", help="seed the dice: the same commands give the same game")
    parser.add_argument("--load", metavar="NAME_OR_PATH", help="resume a saved game (the curses game's saves too)")
    parser.add_argument("--save-dir", metavar="DIR", default=None,
                        help="folder of the save files (default: saves/)")
    parser.add_argument("--colour", "--color", action="store_true",
                        help="colour the messages (only on a real terminal)")
    parser.add_argument("--version", action="version", version=f"monopoly {__version__}")
    add_rule_arguments(parser)
    return parser


def main(argv: Sequence[str], stdin: TextIO | None = None, stdout: TextIO | None = None,
         clock: Callable[[], float] = time.monotonic) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(list(argv))
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else (EXIT_OK if exc.code is None else EXIT_USAGE)
    console = Console(stdin or sys.stdin, stdout or sys.stdout, colour=args.colour)
    save_dir = Path(args.save_dir) if args.save_dir else default_save_dir()
    if args.load and (args.players or args.rule or args.preset):
        return _usage("--load resumes a game as it was saved: leave out --players, --rule and --preset")
    try:
        rules = chosen_rules(args.edition or "us", args.rule, args.preset)
        started, loaded = start_from_command_line(args.load, args.players, args.edition, args.seed, rules, save_dir)
    except RuleChoiceError as exc:
        return _usage(str(exc))
    except StartProblem as exc:
        print(f"monopoly: {exc}", file=sys.stderr)
        return EXIT_BAD_SAVE if exc.bad_save else EXIT_USAGE
    return play(console, started, loaded, save_dir, args, rules, clock)


def _stop_like_ctrl_c(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def play(console: Console, started: Started | None, loaded: store.LoadedGame | None, save_dir: Path,
         args: argparse.Namespace, rules: dict[str, object], clock: Callable[[], float]) -> int:
    """Set up (or resume) and play; ``kill`` and a closed terminal end the game as Ctrl-C does."""
    others = tuple(n for n in STOP_SIGNALS if n != getattr(signal, "SIGINT", None))
    previous = set_signal_handlers(others, _stop_like_ctrl_c)
    try:
        return _play(console, started, loaded, save_dir, args, rules, clock)
    finally:
        restore_signal_handlers(previous)


def _play(console: Console, started: Started | None, loaded: store.LoadedGame | None, save_dir: Path,
          args: argparse.Namespace, rules: dict[str, object], clock: Callable[[], float]) -> int:
    session: TextGame | None = None
    try:
        if started is None:
            started, loaded = run_setup(console, save_dir, args.edition, args.seed, dict(rules))
        session = TextGame(console, started.game, started.computers, started.ui, save_dir, started.save_name, clock,
                           loaded)
        if started.resumed_from is not None:
            session.recall()
            session.say(f"Resumed from {started.resumed_from}. Type help for the commands.", "good")
        else:
            session.introduce()
        farewell = session.run()
        if farewell:
            console.say(farewell)
        return EXIT_OK
    except EOFError:
        console.say(_leave_line("End of input.", session, save_dir))
        return EXIT_OK
    except KeyboardInterrupt:
        console.say(_leave_line("Interrupted.", session, save_dir))
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # the reader went away (``| head``): keep the game, say nothing more
        _leave_line("", session, save_dir)
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError):  # not a real file: nothing will be flushed to it
            pass
        return EXIT_OK


def _leave_line(why: str, session: TextGame | None, save_dir: Path) -> str:
    """Save the game (if one has begun) and say how to resume it."""
    if session is None:
        return f"{why} No game was started."
    path = session.autosave()
    if path is None:
        return f"{why} The game could not be saved."
    return f"{why} The game is saved in {path}; resume it with: {store.resume_command(save_dir, path.stem)}"


def _usage(message: str) -> int:
    print(f"monopoly: {message}", file=sys.stderr)
    return EXIT_USAGE
