"""Speed and memory of headless simulation (issue 4 targets).

Speed: one process, four ``basic`` players, classic (US) rules, the median games/s of several
runs of 1,000 games. Memory: the peak resident size of a whole ``monopoly simulate`` run of
1,000 games, measured on a child process. Also shows how the time splits between the engine
and the computer players, by replaying the same games' actions through the engine alone.

    python benchmarks/bench_simulate.py [--games 1000] [--runs 5] [--strategies basic,basic,basic,basic]
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from monopoly.ai import ComputerPlayers  # noqa: E402
from monopoly.reports.tournament import game_seed, run_games, seating  # noqa: E402
from monopoly.engine import Game  # noqa: E402


def speed(games: int, strategies: list[str], seed: int) -> tuple[float, float]:
    start = time.perf_counter()
    results = run_games(games, strategies, "us", seed, jobs=1)
    seconds = time.perf_counter() - start
    return games / seconds, statistics.fmean(r.turns for r in results)


def engine_share(games: int, strategies: list[str], seed: int) -> tuple[float, float, float]:
    """Seconds per game with the computer players, and replaying their actions on the engine alone."""
    recorded = []
    start = time.perf_counter()
    for i in range(games):
        seats = seating(strategies, i)
        gseed = game_seed(seed, i)
        game = Game.new([f"P{s + 1}" for s in range(len(seats))], "us", {"max_turns": 1000}, seed=gseed,
                        first_player=0, keep_log=False)
        players = ComputerPlayers(game, dict(enumerate(seats)), seed=gseed)
        actions = []
        while not game.view.over:
            action = players.next_action(game)
            actions.append(action)
            game.apply(action)
        recorded.append(actions)
    full = time.perf_counter() - start
    start = time.perf_counter()
    for i, actions in enumerate(recorded):
        seats = seating(strategies, i)
        game = Game.new([f"P{s + 1}" for s in range(len(seats))], "us", {"max_turns": 1000},
                        seed=game_seed(seed, i), first_player=0, keep_log=False)
        for action in actions:
            game.apply(action)
    engine = time.perf_counter() - start
    per_action = 1e6 * engine / sum(len(a) for a in recorded)
    return full / games, engine / games, per_action


def peak_memory(games: int, strategies: list[str], seed: int) -> float:
    """Peak resident memory (MB) of a ``monopoly simulate`` child process."""
    subprocess.run([sys.executable, "-m", "monopoly", "simulate", "--games", str(games), "--strategies",
                    ",".join(strategies), "--seed", str(seed), "--json"], check=True, cwd=ROOT,
                   stdout=subprocess.DEVNULL)
    kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return kb / 1024 if sys.platform != "darwin" else kb / 1024 / 1024


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--strategies", default="basic,basic,basic,basic")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    strategies = args.strategies.split(",")
    rates, turns = [], 0.0
    for run in range(args.runs):
        rate, turns = speed(args.games, strategies, args.seed)
        rates.append(rate)
        print(f"run {run + 1}: {rate:.1f} games/s ({turns:.0f} turns a game)", file=sys.stderr)
    full, engine, per_action = engine_share(min(args.games, 200), strategies, args.seed)
    memory = peak_memory(args.games, strategies, args.seed)
    report = {
        "strategies": strategies, "games": args.games, "runs": args.runs,
        "games_per_s_median": round(statistics.median(rates), 1), "games_per_s_runs": [round(r, 1) for r in rates],
        "turns_per_game": round(turns, 1),
        # games/s depends on how long games last (most four-basic games reach the turn limit);
        # the cost of a turn does not.
        "us_per_turn": round(1e6 / (statistics.median(rates) * turns), 2) if turns else 0.0,
        "ms_per_game": round(1000 * full, 2), "engine_ms_per_game": round(1000 * engine, 2),
        "engine_us_per_action": round(per_action, 2),
        "peak_memory_mb": round(memory, 1),
    }
    if args.json:
        print(json.dumps(report))
    else:
        print(f"{args.games} games x {args.runs} runs, {','.join(strategies)}: median "
              f"{report['games_per_s_median']} games/s (runs {report['games_per_s_runs']}), "
              f"{report['turns_per_game']} turns a game, {report['us_per_turn']} us a turn")
        print(f"time per game {report['ms_per_game']} ms, of which the engine alone {report['engine_ms_per_game']} ms "
              f"({report['engine_us_per_action']} us an action)")
        print(f"peak memory of a {args.games}-game 'monopoly simulate' run: {report['peak_memory_mb']} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
