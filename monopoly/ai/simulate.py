"""``monopoly simulate``: computer-only games played headless, for testing and tuning strategies.

Game ``i`` of a run is set up from the run's seed and ``i`` alone, with the strategies rotated
``i`` places round the table (seat ``s`` plays ``strategies[(s + i) % n]``, seat 0 throws first),
so every strategy sits in every seat equally often and the results are the same however many
processes (``--jobs``) play them.

``wins`` count games won; a game stopped by the turn limit is unfinished and won by nobody.
``win_share`` is wins / games and ``ci95`` its 95% Wilson score interval. ``turns`` are counted
as the engine numbers them (each player's turn is one turn, extra throws after doubles
included); ``player_turns`` totals them over all games. ``landings`` counts every time a token
came to rest on each square (after a dice move and again at the end of every card move; Go To
Jail counts when landed on); ``jail`` counts arrivals in jail.

With ``--position FILE`` every game starts from that position (``docs/positions.md``) instead of a
new game, with its own seed (the decks the position leaves unordered are shuffled by it); the
position's players are the seats, and ``--max-turns`` and ``turns`` count from the position's turn.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from dataclasses import dataclass, replace
from typing import Any, Callable, Mapping, Sequence, TextIO

from ..engine import EDITION_IDS, Game, Position, build_game, load_edition
from ..rule_options import RuleChoiceError, add_rule_arguments, chosen_rules
from .players import ComputerPlayers
from .registry import STRATEGIES, strategy_names
from ..plot import write_plot
from ..records import extras_problem, write_record
from ..stats import Tally, property_figures

DEFAULT_GAMES = 100
DEFAULT_SEED = 1
DEFAULT_MAX_TURNS = 1000
DEFAULT_STRATEGIES = ("ruthless", "basic", "basic", "basic")
JAIL = 40  # index of the jail-arrival counter in a game's landing counts


@dataclass(frozen=True)
class GameResult:
    """One finished game: the winning strategy (None when unfinished), turns and landings (41 counts)."""
    index: int
    winner: str | None
    winner_seat: int
    termination: str
    turns: int
    landings: tuple[int, ...]
    rent: tuple[int, ...] = ()  # rent earned on each square, when the run counts it (``--json``)


@dataclass(frozen=True)
class Extras:
    """What a run does beyond playing: write each game's record to a folder, count rent per square."""
    records: str | None = None
    figures: bool = False


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run: a function of the run's seed and the index only."""
    return random.Random(f"monopoly-simulate/{seed}/{index}").getrandbits(48)


def seating(strategies: Sequence[str], index: int) -> list[str]:
    """Strategy of each seat in game ``index``: the list rotated ``index`` places."""
    n = len(strategies)
    return [strategies[(s + index) % n] for s in range(n)]


def start_game(seats: Sequence[str], edition: str, gseed: int, max_turns: int,
               position: Position | None = None, options: Mapping[str, Any] | None = None,
               keep_log: bool = False) -> Game:
    """A new game of the run, or one set up in ``position`` (stopped ``max_turns`` turns after its turn);
    ``options`` (``--rule``, ``--preset``) change the rules of either."""
    if position is None:
        return Game.new([f"P{i + 1}" for i in range(len(seats))], edition, {**(options or {}), "max_turns": max_turns},
                        seed=gseed, first_player=0, keep_log=keep_log)
    rules = {**position.rule_options, **(options or {}), "max_turns": position.turn - 1 + max_turns}
    return build_game(replace(position, rules=tuple(rules.items())), seed=gseed, keep_log=keep_log)


def play_game(index: int, strategies: Sequence[str], edition: str = "us", seed: int = DEFAULT_SEED,
              max_turns: int = DEFAULT_MAX_TURNS, position: Position | None = None,
              rules: Mapping[str, Any] | None = None, extras: Extras = Extras()) -> GameResult:
    """Play game ``index`` of a run (from ``position`` if given, with ``rules`` changing the rule options)
    to its end and count what happened.

    Only a run that writes records keeps each game's log (``extras``): the others stay as fast."""
    seats = seating(strategies, index)
    gseed = game_seed(seed, index)
    game = start_game(seats, edition, gseed, max_turns, position, rules, keep_log=extras.records is not None)
    tally = Tally(len(seats)) if extras.figures else None
    first_turn = game.view.turn
    players = ComputerPlayers(game, dict(enumerate(seats)), seed=gseed)
    game.count_landings()  # the engine counts the Landed and SentToJail events: no need to read them all
    next_action = players.next_action
    push = game.push  # the controller vouches for each action: it checks what a strategy chose
    while True:
        action = next_action(game)
        if action is None:  # the game is over (with every seat a computer, nothing else stops them)
            if game.view.over:
                break
            raise RuntimeError(f"game {index}: no computer acted at {game.view.pending}")
        events = push(action)
        if tally is not None:
            tally.feed(events)
    outcome = game.view.outcome
    assert outcome is not None  # the loop ends only when the game is over
    winner = seats[outcome.winner] if outcome.winner >= 0 else None
    turns = game.view.turn - first_turn + 1
    if extras.records is not None:
        write_record(extras.records, index, game)
    rent = tuple(tally.property_rent) if tally is not None else ()
    return GameResult(index, winner, outcome.winner, outcome.termination, turns, game.view.landings(), rent)


def _play_chunk(job: tuple[list[int], tuple[str, ...], str, int, int, Position | None, Mapping[str, Any] | None,
                           Extras]) -> list[GameResult]:
    indices, strategies, edition, seed, max_turns, position, rules, extras = job
    return [play_game(i, strategies, edition, seed, max_turns, position, rules, extras) for i in indices]


def run_games(games: int, strategies: Sequence[str], edition: str = "us", seed: int = DEFAULT_SEED,
              jobs: int = 1, max_turns: int = DEFAULT_MAX_TURNS,
              progress: Callable[[int, int], None] | None = None, position: Position | None = None,
              rules: Mapping[str, Any] | None = None, extras: Extras = Extras()) -> list[GameResult]:
    """Play ``games`` games (in ``jobs`` processes), from ``position`` if given; results in game order."""
    strategies = tuple(strategies)
    results: list[GameResult] = []
    if jobs <= 1 or games <= 1:
        for i in range(games):
            results.append(play_game(i, strategies, edition, seed, max_turns, position, rules, extras))
            if progress:
                progress(i + 1, games)
        return results
    import multiprocessing
    size = max(1, min(50, games // (jobs * 8)))
    chunks = [list(range(start, min(games, start + size))) for start in range(0, games, size)]
    with multiprocessing.get_context().Pool(jobs) as pool:
        for part in pool.imap(_play_chunk, [(c, strategies, edition, seed, max_turns, position, rules, extras)
                                            for c in chunks]):
            results.extend(part)
            if progress:
                progress(len(results), games)
    return results


def wilson(wins: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if n <= 0:
        return (0.0, 0.0)
    p = wins / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    low = 0.0 if wins <= 0 else max(0.0, centre - half)
    high = 1.0 if wins >= n else min(1.0, centre + half)
    return (low, high)


def summarize(results: Sequence[GameResult], strategies: Sequence[str], edition: str, seed: int,
              max_turns: int, seconds: float) -> dict[str, Any]:
    """The report of a run as the JSON object ``--json`` prints."""
    games = len(results)
    out: dict[str, Any] = {}
    for name in strategies:
        if name not in out:
            wins = sum(1 for r in results if r.winner == name)
            low, high = wilson(wins, games)
            out[name] = {"seats": list(strategies).count(name), "wins": wins,
                         "win_share": round(wins / games, 6) if games else 0.0,
                         "ci95": [round(low, 6), round(high, 6)]}
    turns = [r.turns for r in results]
    landings = [sum(r.landings[i] for r in results) for i in range(41)]
    terminations: dict[str, int] = {}
    for r in results:
        terminations[r.termination] = terminations.get(r.termination, 0) + 1
    return {
        "games": games,
        "seed": seed,
        "edition": edition,
        "strategies": list(strategies),
        "max_turns": max_turns,
        "results": out,
        "unfinished": sum(1 for r in results if r.winner is None),
        "terminations": dict(sorted(terminations.items())),
        "turns": {"mean": round(statistics.fmean(turns), 3) if turns else 0.0,
                  "median": float(statistics.median(turns)) if turns else 0.0},
        "player_turns": sum(turns),
        "seconds": round(seconds, 3),
        "games_per_s": round(games / seconds, 3) if seconds > 0 else 0.0,
        "landings": {**{str(i): landings[i] for i in range(40)}, "jail": landings[JAIL]},
        **property_figures(results, edition),
    }


def format_report(report: dict[str, Any], names: Sequence[str] | None = None) -> str:
    """The human-readable report."""
    lines = [f"{report['games']} games, edition {report['edition']}, seed {report['seed']}, "
             f"turn limit {report['max_turns']}; seats rotated: {', '.join(report['strategies'])}", ""]
    lines.append(f"{'strategy':<12}{'seats':>6}{'wins':>8}{'win share':>11}   95% interval")
    for name, r in report["results"].items():
        lo, hi = r["ci95"]
        lines.append(f"{name:<12}{r['seats']:>6}{r['wins']:>8}{100 * r['win_share']:>10.1f}%   "
                     f"{100 * lo:.1f}% - {100 * hi:.1f}%")
    lines.append(f"{'unfinished':<12}{'':>6}{report['unfinished']:>8}"
                 f"{100 * report['unfinished'] / max(1, report['games']):>10.1f}%")
    lines.append("")
    lines.append(f"turns per game: mean {report['turns']['mean']:.1f}, median {report['turns']['median']:.0f}; "
                 f"{report['player_turns']} turns in all")
    land = report["landings"]
    total = sum(land[str(i)] for i in range(40))
    if total:
        top = sorted(range(40), key=lambda i: -land[str(i)])[:5]
        if names:
            shown = ", ".join(f"{names[i]} {100 * land[str(i)] / total:.2f}%" for i in top)
        else:
            shown = ", ".join(f"square {i} {100 * land[str(i)] / total:.2f}%" for i in top)
        lines.append(f"most landed on: {shown}; jail arrivals {land['jail']}")
    lines.append(f"{report['games']} games in {report['seconds']:.2f} s ({report['games_per_s']:.1f} games/s)")
    return "\n".join(lines)


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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="monopoly simulate",
        description="Play computer-only games headless and report how each strategy did.",
        epilog=f"Strategies: {', '.join(strategy_names())}.")
    parser.add_argument("--games", type=_positive, default=DEFAULT_GAMES, metavar="N",
                        help=f"how many games to play (default {DEFAULT_GAMES})")
    parser.add_argument("--strategies", metavar="A,B,...",
                        help="one strategy per seat, 2 to 8, comma-separated "
                             f"(default {','.join(DEFAULT_STRATEGIES)}, or as many of them as the position has "
                             "players); seats are rotated between games")
    parser.add_argument("--edition", choices=EDITION_IDS, default="us",
                        help="the board (default us; a position names its own)")
    parser.add_argument("--position", metavar="FILE",
                        help="start every game from this position file (see docs/positions.md)")
    parser.add_argument("--seed", type=_whole, default=DEFAULT_SEED, metavar="S",
                        help=f"seed of the whole run (default {DEFAULT_SEED})")
    parser.add_argument("--jobs", type=_positive, default=1, metavar="J",
                        help="processes to play in; results do not depend on it (default 1)")
    parser.add_argument("--max-turns", type=_positive, default=DEFAULT_MAX_TURNS, metavar="T",
                        help=f"stop a game unfinished after this many turns (default {DEFAULT_MAX_TURNS})")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object instead of the table (with rent and landings per property)")
    parser.add_argument("--records", metavar="DIR", help="write each game's record to DIR (docs/records.md)")
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
        from ..cli import read_position
        from ..engine import PositionError
        try:
            position = read_position(args.position)
        except PositionError as exc:
            print(f"monopoly simulate: {exc}", file=sys.stderr)
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
        print(f"monopoly simulate: {exc}", file=sys.stderr)
        return 2
    extras = Extras(args.records, args.json)
    problem = extras_problem(args.records, args.plot)
    if problem is not None:
        print(f"monopoly simulate: {problem}", file=sys.stderr)
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
    seconds = time.perf_counter() - start
    if progress:
        progress.close()
    report = summarize(results, strategies, args.edition, args.seed, args.max_turns, seconds)
    if rules:
        report["rules"] = rules
    if args.plot is not None:
        problem = write_plot(args.plot, report, [r.turns for r in results])
        if problem is not None:
            print(f"monopoly simulate: {problem}", file=sys.stderr)
            return 1
    if args.json:
        text = json.dumps(report)
    else:
        text = format_report(report, [sq.name for sq in load_edition(args.edition).squares])
    try:
        print(text)
        sys.stdout.flush()
    except BrokenPipeError:  # the reader (``| head``) went away: not an error of ours
        import os
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


if __name__ == "__main__":
    sys.exit(main())
