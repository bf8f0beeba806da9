"""How long ``ruthless`` takes to decide: every call to a decision method or ``act_anytime``.

Targets (issue 12): mean under 0.1 ms, slowest under 20 ms (issue 4: under 2 ms and 100 ms).
The board's landing frequencies (``board.py``, about 30 ms, once a process and edition) are worked
out before the clock starts, as loading the edition is: they are a table, not a decision.

    python benchmarks/bench_ai_decisions.py [--games 200] [--opponents basic] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from monopoly.ai import ComputerPlayers  # noqa: E402
from monopoly.ai.board import board_facts  # noqa: E402
from monopoly.ai.registry import STRATEGIES, seat_seed  # noqa: E402
from monopoly.reports.tournament import game_seed, seating  # noqa: E402
from monopoly.ai.strategy import ANSWERS  # noqa: E402
from monopoly.engine import Game, load_edition  # noqa: E402

METHODS = sorted(set(ANSWERS.values()) | {"jail", "act_anytime", "claim_rent"})


def timed(method, name: str, times: list[float], by_method: dict[str, list[float]]):
    def wrapper(*args, **kwargs):
        start = time.perf_counter()
        try:
            return method(*args, **kwargs)
        finally:
            elapsed = time.perf_counter() - start
            times.append(elapsed)
            by_method.setdefault(name, []).append(elapsed)
    return wrapper


def timed_class(cls: type, times: list[float], by_method: dict[str, list[float]]) -> type:
    """A subclass of strategy class ``cls`` whose decision methods time themselves."""
    return type(f"Timed{cls.__name__}", (cls,), {m: timed(getattr(cls, m), m, times, by_method) for m in METHODS})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--opponents", default="basic")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    strategies = ["ruthless"] + [args.opponents] * (args.players - 1)
    board_facts(load_edition("us"))  # the landing table, once a process (see the docstring)
    times: list[float] = []
    by_method: dict[str, list[float]] = {}
    timed_ruthless = timed_class(STRATEGIES["ruthless"], times, by_method)
    for i in range(args.games):
        seats = seating(strategies, i)
        gseed = game_seed(args.seed, i)
        game = Game.new([f"P{s + 1}" for s in range(len(seats))], "us", {"max_turns": 1000}, seed=gseed,
                        first_player=0, keep_log=False)
        players = ComputerPlayers(game, dict(enumerate(seats)), seed=gseed)
        for seat, name in enumerate(seats):
            if name == "ruthless":  # the same strategy, made as ComputerPlayers made it, but timed
                players.strategies[seat] = timed_ruthless(seat, random.Random(seat_seed(players.seed, seat)))
        while not game.view.over:
            game.apply(players.next_action(game))
    times.sort()
    decisions = sorted(t for name, ts in by_method.items() if name not in ("act_anytime", "claim_rent") for t in ts)
    print(f"ruthless in {args.games} games against {args.opponents}: {len(times)} calls")
    for label, ts in (("every call", times), ("decisions only", decisions)):
        print(f"  {label:<15} mean {1000 * statistics.fmean(ts):.3f} ms, median {1000 * ts[len(ts) // 2]:.3f} ms, "
              f"99.9th pct {1000 * ts[int(len(ts) * 0.999)]:.2f} ms, slowest {1000 * ts[-1]:.2f} ms")
    for name, ts in sorted(by_method.items()):
        print(f"    {name:<20} {len(ts):>7} calls, mean {1000 * statistics.fmean(ts):.3f} ms, "
              f"slowest {1000 * max(ts):.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
