"""``monopoly simulate``: computer-only games played headless (``reports/tournament.py``), with a
table or JSON of how each strategy did, and optionally every game's record and a chart."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any, Sequence, TextIO

from ..ai.levels import level_of
from ..ai.registry import STRATEGIES, strategy_names
from ..engine import edition_ids, PositionError, load_edition
from ..reports.plot import write_plot
from ..reports.tournament import (DEFAULT_GAMES, DEFAULT_MAX_TURNS, DEFAULT_SEED, DEFAULT_STRATEGIES, Extras,
                                  format_report, run_games, summarize)
from ..session.rule_options import RuleChoiceError, add_rule_arguments, chosen_rules
from ..storage.positions import read_position
from ..session.safe_text import shown
from ..storage.records import RecordError, extras_problem
from .game import Parser, wrapped
from .guide import position_file


class _Progress:
    """A one-line progress bar on a terminal stream, redrawn at most ten times a second."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.last = 0.0
        self.start = time.perf_counter()

    def __call__(self, done: int, total: int) -> None:
        now = time.perf_counter()
        if done < total and now - self.last < 0.1:
            return
        self.last = now
        width = 30
        filled = width * done // max(1, total)
        rate = done / max(1e-9, now - self.start)
        self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games  {rate:.0f}/s ")
        self.stream.flush()

    def close(self) -> None:
        self.stream.write("\r" + " " * 70 + "\r")
        self.stream.flush()


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number of at least 1, not {value}")
    return value


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None


def strategies_text() -> str:
    """Every strategy by name, with the level that offers it to a person (what each one plays is in
    ``monopoly help strategies``: the whole list of descriptions made this help three screens long)."""
    parts = []
    for name in strategy_names():
        level = level_of(name)
        parts.append(f"{name} ({level.name})" if level is not None else name)
    return ", ".join(parts)


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="monopoly simulate",
        usage="monopoly simulate [options]",
        description="Play computer-only games headless and report how each strategy did.",
        epilog=wrapped(f"strategies: {strategies_text()}; monopoly help strategies says what each plays."),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=_positive, default=DEFAULT_GAMES, metavar="N",
                        help=f"how many games to play (default {DEFAULT_GAMES})")
    parser.add_argument("--strategies", metavar="A,B,...",
                        help="one strategy per seat, 2 to 8, comma-separated "
                             f"(default {','.join(DEFAULT_STRATEGIES)}, or as many of them as the position has "
                             "players); seats are rotated between games")
    parser.add_argument("--edition", choices=edition_ids(), default="us", metavar="BOARD",
                        help=f"the board: {', '.join(edition_ids())} (default us) or FILE.json; a position "
                             "names its own")
    parser.add_argument("--position", metavar="FILE",
                        help="start every game from this position file, or example (monopoly help positions)")
    parser.add_argument("--seed", type=_whole, default=DEFAULT_SEED, metavar="S",
                        help=f"seed of the whole run (default {DEFAULT_SEED})")
    parser.add_argument("--jobs", type=_positive, default=1, metavar="J",
                        help="processes to play in; results do not depend on it (default 1)")
    parser.add_argument("--max-turns", type=_positive, default=DEFAULT_MAX_TURNS, metavar="T",
                        help=f"stop a game unfinished after this many turns (default {DEFAULT_MAX_TURNS})")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object instead of the table (with rent and landings per property)")
    parser.add_argument("--records", metavar="DIR", help="write each game's record to DIR (monopoly help records)")
    parser.add_argument("--plot", metavar="FILE.svg", help="write a chart of the win shares and game lengths")
    add_rule_arguments(parser)
    return parser


def simulated_rules(args: argparse.Namespace) -> dict[str, Any]:
    """The rule options of ``--rule`` and ``--preset`` (``RuleChoiceError`` names a bad one)."""
    return chosen_rules(args.edition, args.rule, args.preset)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    except SystemExit as exc:  # --help, or a usage error already reported by argparse
        return int(exc.code or 0)
    position = None
    if args.position is not None:
        try:
            position = read_position(position_file(args.position))
        except PositionError as exc:
            print(f"monopoly simulate: {shown(str(exc))}", file=sys.stderr)
            return 1
        args.edition = position.edition
    seats = len(position.players) if position is not None else len(DEFAULT_STRATEGIES)
    default = ",".join(DEFAULT_STRATEGIES[i % len(DEFAULT_STRATEGIES)] for i in range(seats))
    strategies = [s.strip() for s in (args.strategies or default).split(",") if s.strip()]
    unknown = [s for s in strategies if s not in STRATEGIES]
    if unknown:
        parser.print_usage(sys.stderr)
        print(f"monopoly simulate: unknown strategy {unknown[0]!r}; choose from {', '.join(strategy_names())}",
              file=sys.stderr)
        return 2
    if not 2 <= len(strategies) <= 8:
        parser.print_usage(sys.stderr)
        print(f"monopoly simulate: a game needs 2 to 8 strategies, not {len(strategies)}", file=sys.stderr)
        return 2
    if position is not None and len(strategies) != len(position.players):
        parser.print_usage(sys.stderr)
        print(f"monopoly simulate: the position has {len(position.players)} players, so give "
              f"{len(position.players)} strategies, not {len(strategies)}", file=sys.stderr)
        return 2
    try:
        rules = simulated_rules(args)
    except RuleChoiceError as exc:
        parser.print_usage(sys.stderr)
        print(f"monopoly simulate: {shown(str(exc))}", file=sys.stderr)
        return 2
    extras = Extras(args.records, args.json)
    problem = extras_problem(args.records, args.plot)
    if problem is not None:
        print(f"monopoly simulate: {shown(problem)}", file=sys.stderr)
        return 1
    progress = _Progress(sys.stderr) if sys.stderr.isatty() else None
    start = time.perf_counter()
    try:
        results = run_games(args.games, strategies, args.edition, args.seed, args.jobs, args.max_turns, progress,
                            position, rules, extras)
    except KeyboardInterrupt:
        if progress:
            progress.close()
        print("monopoly simulate: interrupted", file=sys.stderr)
        return 130
    except RecordError as exc:  # a record that could not be written (a link planted in the folder)
        if progress:
            progress.close()
        print(f"monopoly simulate: {shown(str(exc))}", file=sys.stderr)
        return 1
    seconds = time.perf_counter() - start
    if progress:
        progress.close()
    report = summarize(results, strategies, args.edition, args.seed, args.max_turns, seconds)
    if rules:
        report["rules"] = rules
    if args.plot is not None:
        problem = write_plot(args.plot, report, [r.turns for r in results])
        if problem is not None:
            print(f"monopoly simulate: {shown(problem)}", file=sys.stderr)
            return 1
    if args.json:
        text = json.dumps(report)
    else:
        text = format_report(report, [sq.name for sq in load_edition(args.edition).squares])
    try:
        print(text)
        sys.stdout.flush()
    except BrokenPipeError:  # the reader (``| head``) went away: not an error of ours
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0
