"""The game's command line, one parser for both front ends: ``monopoly [play]`` (the curses screen)
and ``monopoly text`` / ``monopoly --text`` (line by line) take the same options, checked once here.

A game starts from the set-up questions, ``--players`` (a quick set-up), ``--load`` (a save) or
``--position`` (a position file); ``--load`` and ``--position`` bring their own players and rules,
so ``--players``, ``--rule`` and ``--preset`` go with a new game only.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import textwrap
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from .. import __version__
from ..engine import edition_ids, PositionError
from ..session.safe_text import shown
from ..session.rule_options import RuleChoiceError, add_rule_arguments, chosen_rules
from ..ai.levels import DEFAULT_LEVEL, level_names
from ..storage.places import SAVE_DIR_ENV, NoSaveFolder, default_save_dir
from .guide import position_file
from ..storage.starts import Started, StartProblem, start_from_command_line, start_from_position

EXIT_OK, EXIT_BAD_FILE, EXIT_USAGE = 0, 1, 2


class Parser(argparse.ArgumentParser):
    """argparse's parser, except that a help that cannot be written says so: argparse drops the
    error of writing it (a full disk), and the program would end with exit 0 having shown nothing.
    ``main`` reports the error, or ends quietly when the reader has gone (``| head``)."""

    def print_help(self, file: Any = None) -> None:
        (file or sys.stdout).write(self.format_help())


def game_options() -> argparse.ArgumentParser:
    """The options every way of playing takes (a parent parser: ``parents=[game_options()]``).

    Each help is a line or two: ``--help`` must fit a screen. The long explanations are in the
    guide (``monopoly help playing``) and the rule options in ``monopoly rules``."""
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--players", metavar="LIST",
                        help='a new game without questions: names, comma-separated; "cpu" or "cpu:LEVEL" '
                             f'({", ".join(level_names())}; default {DEFAULT_LEVEL}) is a computer, e.g. '
                             '"Ann,Bob,cpu:normal"')
    parser.add_argument("--edition", choices=edition_ids(), metavar="BOARD",
                        help=f"the board: {', '.join(edition_ids())}, or a file of your own, FILE.json "
                             "(monopoly help boards)")
    parser.add_argument("--seed", type=int, metavar="N", help="seed the dice: the same moves give the same game")
    parser.add_argument("--load", metavar="SAVE", help="resume a saved game: its name, or a save file")
    parser.add_argument("--position", metavar="FILE",
                        help="start from a position file, or the example one: example (monopoly help positions)")
    parser.add_argument("--computers", metavar="LIST",
                        help='with --position: the players the computer plays, e.g. "Bob:hard,Cy"')
    parser.add_argument("--save-dir", metavar="DIR", default=None,
                        help=f"the save folder (default ${SAVE_DIR_ENV}, else saves/ in a clone of the project, "
                             "else a per-user folder: monopoly help playing)")
    parser.add_argument("--version", action="version", version=f"monopoly {__version__}")
    add_rule_arguments(parser)
    return parser


def wrapped(text: str) -> str:
    """A description wrapped to the terminal as argparse wraps the options (the formatter that keeps
    the examples one a line leaves the description as it is given)."""
    width = min(100, max(40, shutil.get_terminal_size().columns - 2))
    return "\n".join(textwrap.wrap(text, width))


def game_parser(prog: str, description: str, examples: Sequence[str]) -> argparse.ArgumentParser:
    """A game command's parser: the shared options, the description wrapped, and examples one a line."""
    return Parser(
        prog=prog, usage=f"{prog} [options]", description=wrapped(description), parents=[game_options()],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="examples:\n" + "\n".join(f"  {line}" for line in examples))


class UsageProblem(Exception):
    """A mistake in the command (exit 2), or with ``bad_file`` a file that cannot be used (exit 1)."""

    def __init__(self, message: str, bad_file: bool = False) -> None:
        super().__init__(message)
        self.bad_file = bad_file


@dataclass
class GameRequest:
    """What the command line asks for: a game ready to play (or None: the set-up asks), and where."""

    started: Started | None
    save_dir: Path
    edition: str | None
    seed: int | None
    rules: dict[str, Any] = field(default_factory=dict)


def parse(parser: argparse.ArgumentParser, argv: Sequence[str]) -> argparse.Namespace | int:
    """The parsed arguments, or the exit code when argparse stopped (``--help``, ``--version``, a mistake)."""
    try:
        return parser.parse_args(list(argv))
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else (EXIT_OK if exc.code is None else EXIT_USAGE)


def request(args: argparse.Namespace) -> GameRequest:
    """The game the options ask for; ``UsageProblem`` says what is wrong (the one check of them all)."""
    brought = "--load" if args.load else "--position" if args.position else None
    if args.load and args.position:
        raise UsageProblem("use either --load or --position, not both")
    if brought and (args.players or args.rule or args.preset):
        raise UsageProblem(f"{brought} brings its own players and rules: leave out --players, --rule and --preset")
    if args.computers and not args.position:
        raise UsageProblem("--computers goes with --position (--players names the computers of a new game)")
    if args.save_dir == "":
        raise UsageProblem("--save-dir: an empty folder name")
    try:
        save_dir = Path(args.save_dir) if args.save_dir else default_save_dir()
    except NoSaveFolder as exc:
        raise UsageProblem(str(exc)) from None
    try:
        rules = chosen_rules(args.edition or "us", args.rule, args.preset)
    except RuleChoiceError as exc:
        raise UsageProblem(str(exc)) from None
    if args.position:
        try:
            started: Started | None = start_from_position(position_file(args.position), args.seed, args.computers)
        except PositionError as exc:
            raise UsageProblem(str(exc), bad_file=True) from None
        except ValueError as exc:
            raise UsageProblem(str(exc)) from None
        return GameRequest(started, save_dir, args.edition, args.seed, rules)
    try:
        started, _ = start_from_command_line(args.load, args.players, args.edition, args.seed, rules, save_dir)
    except StartProblem as exc:
        raise UsageProblem(str(exc), bad_file=exc.bad_save) from None
    return GameRequest(started, save_dir, args.edition, args.seed, rules)


def refused(problem: UsageProblem) -> int:
    """Say what is wrong on standard error; the exit code."""
    print(f"monopoly: {shown(str(problem))}", file=sys.stderr)
    return EXIT_BAD_FILE if problem.bad_file else EXIT_USAGE
