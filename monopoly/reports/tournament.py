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

import math
import random
import statistics
from dataclasses import dataclass, replace
from typing import Any, Callable, Mapping, Sequence

from ..engine import Game, Position, build_game
from ..ai.players import ComputerPlayers
from ..storage.records import write_record
from .stats import Tally, property_figures

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
    if extras.records is None:  # a record replays its claims: only a game without one skips them
        game.claim_rent_at_once(players.always_claiming())  # their rent paid with the move: no claim round trip
    if tally is None and extras.records is None:
        game.stop_reporting()  # nobody reads the events: none is built
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
