"""``monopoly record``, ``monopoly stats`` and ``monopoly replay``: a saved game or a record, printed
turn by turn, in numbers, or stepped through."""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys
from pathlib import Path
from typing import Any, Callable, Sequence

from ..session.safe_text import shown
from ..reports.stats import StatsCount, stats_text
from ..reports.story import record_text
from ..storage.places import NoSaveFolder, default_save_dir
from ..storage.records import Follow, RecordError, Source, read_source
from ..text.replay import TextReplay
from .game import Parser, wrapped
from .terminal import terminal_problem

EXIT_OK, EXIT_BAD_FILE, EXIT_USAGE = 0, 1, 2


def _print(text: str) -> None:
    try:
        print(text)
        sys.stdout.flush()
    except BrokenPipeError:  # the reader (``| head``) went away: not an error of ours
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def source_parser(prog: str, description: str) -> argparse.ArgumentParser:
    """The arguments every record command takes: the file, the save folder, and ``--json``."""
    parser = Parser(prog=prog, description=wrapped(description),
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file", metavar="SAVE_OR_RECORD",
                        help="a save name in the save folder, or the path of a save or record file")
    parser.add_argument("--save-dir", metavar="DIR", default=None,
                        help="the save folder (as the game's --save-dir; default as the game finds it)")
    parser.add_argument("--json", action="store_true", help="print JSON for scripts instead of text")
    return parser


def parse(parser: argparse.ArgumentParser, argv: Sequence[str]) -> argparse.Namespace | int:
    """The parsed arguments, or the exit code when argparse stopped (``--help``, a mistake)."""
    try:
        return parser.parse_args(list(argv))
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE


def open_source(prog: str, args: argparse.Namespace, follow: Follow | None = None) -> Source | None:
    """The record the arguments name, or None after saying on stderr why it cannot be used;
    ``follow`` is told of each step of the replay that checks it (``read_source``)."""
    try:
        source = read_source(args.file, args.save_dir, follow)
    except RecordError as exc:
        print(f"{prog}: {shown(str(exc))}", file=sys.stderr)
        return None
    # The record and the game read are this program's until it ends: the collector leaves them
    # out of its scans from now on. Replaying a long game makes a million objects more, and the
    # collector scanning a 30 MB record again and again doubled the time of ``monopoly stats``.
    gc.freeze()
    return source


def print_record_command(prog: str, description: str, argv: Sequence[str],
                         text: Callable[[Source], list[str]],
                         data: Callable[[Source], Any], follow: Follow | None = None) -> int:
    """Run a command that prints something of a record: ``text`` lines, or ``data`` as JSON with ``--json``."""
    args = parse(source_parser(prog, description), argv)
    if isinstance(args, int):
        return args
    source = open_source(prog, args, follow)
    if source is None:
        return EXIT_BAD_FILE
    _print(json.dumps(data(source)) if args.json else shown("\n".join(text(source)), newlines=True))
    return EXIT_OK


def record_main(argv: Sequence[str]) -> int:
    """``monopoly record SAVE_OR_RECORD [--json]``."""
    return print_record_command("monopoly record", "Print a saved game turn by turn, or its record as JSON "
                                "(monopoly help records).", argv,
                                lambda source: record_text(source.record, source.final_game()),
                                lambda source: source.record)


def command(name: str, argv: Sequence[str]) -> int:
    """Run ``monopoly record``, ``monopoly stats``, ``monopoly analyse`` or ``monopoly replay``."""
    if name == "record":
        return record_main(argv)
    if name == "stats":
        return stats_main(argv)
    if name == "analyse":
        return analyse_main(argv)
    return replay_main(argv)


COMMANDS = ("record", "stats", "analyse", "replay")


def _playouts(text: str) -> int:
    """A number of play-outs, as ``--playouts`` takes it."""
    value = int(text) if text.strip().isdigit() and len(text.strip()) <= 4 else 0
    if not 1 <= value <= 200:
        raise argparse.ArgumentTypeError(f"expected a whole number from 1 to 200, not {text!r}")
    return value


def analyse_main(argv: Sequence[str]) -> int:
    """``monopoly analyse SAVE_OR_RECORD [--json] [--plot FILE.svg] [--deep [--playouts N]]``."""
    from ..reports.analysis import DEEP_PLAYOUTS, DEEP_ROUNDS, analyse, analysis_svg, analysis_text
    from ..reports.plot import write_svg
    prog = "monopoly analyse"
    parser = source_parser(
        prog, "Each player's estimated chance of winning, turn by turn, the turning points (the steps that "
        "moved a chance most) and each person's costly decisions (their own actions that lowered their "
        "chance most, with what the hard computer would have done): estimates from the computer players' "
        "valuation, made from what every player could see.")
    parser.add_argument("--plot", metavar="FILE.svg", help="also write a chart of the chances over the turns")
    parser.add_argument("--deep", action="store_true",
                        help=f"refine the estimates with play-outs ({DEEP_PLAYOUTS} futures of {DEEP_ROUNDS} rounds a "
                        "position by default): slower, some seconds for a long game")
    parser.add_argument("--playouts", metavar="N", type=_playouts, default=DEEP_PLAYOUTS,
                        help=f"with --deep: play-outs a position, 1 to 200 (default {DEEP_PLAYOUTS})")
    args = parse(parser, argv)
    if isinstance(args, int):
        return args
    source = open_source(prog, args)
    if source is None:
        return EXIT_BAD_FILE
    # a save names its computer seats; a record file does not, and then every seat is a person's
    computers = source.loaded.computers if source.loaded is not None else None
    result = analyse(source.record, computers=computers.names if computers is not None else (),
                     deep=(args.playouts, DEEP_ROUNDS) if args.deep else None)
    if args.plot is not None:
        problem = write_svg(args.plot, analysis_svg(result))
        if problem is not None:
            print(f"{prog}: {shown(problem)}", file=sys.stderr)
            return EXIT_BAD_FILE
    _print(json.dumps(result.to_json()) if args.json else shown("\n".join(analysis_text(result)), newlines=True))
    return EXIT_OK


def stats_main(argv: Sequence[str]) -> int:
    """``monopoly stats SAVE_OR_RECORD [--json]``."""
    count = StatsCount()  # counted in the replay that checks the file: a long game is replayed once
    return print_record_command(
        "monopoly stats", "The story of a game in numbers: net worth over the turns, rent, money by reason, "
        "and each property's rent and landings.", argv,
        lambda source: stats_text(count.result()), lambda source: count.result().to_json(), count.step)


def replay_main(argv: Sequence[str]) -> int:
    """``monopoly replay SAVE_OR_RECORD [--text]``: check the file, then step through it."""
    prog = "monopoly replay"
    parser = source_parser(prog, "Step through a saved game or a record on the board (or line by line), and "
                                 "continue it from any step as a new game.")
    parser.add_argument("--text", action="store_true", help="line by line, without the board")
    args = parse(parser, argv)
    if isinstance(args, int):
        return args
    if args.json:
        print(f"{prog}: --json is for monopoly record and monopoly stats", file=sys.stderr)
        return EXIT_USAGE
    source = open_source(prog, args)
    if source is None:
        return EXIT_BAD_FILE
    try:
        save_dir = Path(args.save_dir) if args.save_dir else default_save_dir()
    except NoSaveFolder as exc:
        print(f"{prog}: {shown(str(exc))}", file=sys.stderr)
        return EXIT_USAGE
    if args.text:
        try:
            return TextReplay(source, save_dir, sys.stdout).run(sys.stdin, sys.stdin.isatty())
        except KeyboardInterrupt:
            return 130
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        print(f"{prog}: the replay needs an interactive terminal (try --text, or monopoly record)", file=sys.stderr)
        return EXIT_USAGE
    problem = terminal_problem("monopoly replay --text")
    if problem is not None:
        print(f"{prog}: {problem}", file=sys.stderr)
        return EXIT_USAGE
    from ..tui.replay import run_on_screen
    return run_on_screen(source, save_dir)
