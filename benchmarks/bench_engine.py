"""Games per second of the bare engine under random legal play (no target; a yardstick).

    python benchmarks/bench_engine.py --games 50 --runs 5

Each game: four players, classic rules, every action chosen at random from ``legal_actions``,
stopped at 300 turns. Prints the median of the runs.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # runs from a checkout too

from monopoly.engine import Game  # noqa: E402


def play_random_game(seed: int, max_turns: int) -> int:
    game = Game.new(["A", "B", "C", "D"], seed=seed, rules={"max_turns": max_turns}, keep_log=False)
    rng = random.Random(seed)
    actions = 0
    while not game.view.over:
        game.apply(rng.choice(game.legal_actions()))
        actions += 1
    return actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--max-turns", type=int, default=300)
    args = parser.parse_args()
    rates, action_rates = [], []
    for run in range(args.runs):
        start = time.perf_counter()
        actions = sum(play_random_game(run * 100_000 + g, args.max_turns) for g in range(args.games))
        elapsed = time.perf_counter() - start
        rates.append(args.games / elapsed)
        action_rates.append(actions / elapsed)
    print(f"random legal play: {statistics.median(rates):.1f} games/s, "
          f"{statistics.median(action_rates):,.0f} actions/s (median of {args.runs} runs of {args.games} games)")


if __name__ == "__main__":
    main()
