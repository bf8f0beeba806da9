"""Time ``monopoly analyse`` on a long game: the analysis of a seeded game of at least ``--turns`` turns.

    python benchmarks/bench_analysis.py [--turns 200] [--runs 3] [--deep] [--playouts N] [--rounds N]

Plays seeded games of four ``ruthless`` players (seed 1, 2, ... until one lasts ``--turns`` turns; the
game stops there), takes its record as a save holds it, and times the analysis in this process:
the chances at every step, the turning points, the costly decisions and what the hard computer would
have done at each (every seat counts as a person, the most work). The figure is the median of
``--runs`` runs, wall-clock and CPU seconds (the machine may be shared: CPU time is the steadier).
``--deep`` times the play-out refinement too (``analyse --deep``), once. The target without
``--deep`` is about 10 s for 200 turns (README's table).

It also times the coach on the same game: the hint (``session.coaching.hint``) for the seat asked at
every step that has one, and the win chances (``win_chances``) at every step; the median, the 95th
percentile and the slowest (the hint's target: about half a second at the screen, drawing included;
``tests/test_tui_coach_screen.py`` measures it through a pseudo-terminal).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # runs from a checkout too

from monopoly.ai import ComputerPlayers  # noqa: E402
from monopoly.engine import Game  # noqa: E402
from monopoly.reports.analysis import DEEP_PLAYOUTS, DEEP_ROUNDS, analyse  # noqa: E402
from monopoly.session.coaching import hint, win_chances  # noqa: E402
from monopoly.storage.records import walk  # noqa: E402


def long_game(turns: int) -> tuple[int, dict[str, Any]]:
    """The seed and record of the first seeded four-player game that reaches ``turns`` turns."""
    for seed in range(1, 200):
        game = Game.new(["Ann", "Bob", "Cy", "Dee"], "us", {"max_turns": turns}, seed=seed, first_player=0)
        players = ComputerPlayers(game, {p: "ruthless" for p in range(4)}, seed=seed)
        while not game.view.over:
            action = players.next_action(game)
            if action is None:
                break
            game.push(action)
        if game.view.turn >= turns:
            return seed, game.record()
    raise SystemExit(f"no seed from 1 to 199 gives a game of {turns} turns")


def timed(record: dict[str, Any], **options: Any) -> tuple[float, float, Any]:
    cpu, wall = time.process_time(), time.perf_counter()
    result = analyse(record, **options)
    return time.perf_counter() - wall, time.process_time() - cpu, result


def coach_times(record: dict[str, Any]) -> tuple[list[float], list[float]]:
    """Seconds of each hint given and of each estimate of the chances, over the record's steps."""
    hints: list[float] = []
    chances: list[float] = []
    for _, game, _ in walk(record):
        seat = game.view.pending.player
        started = time.perf_counter()
        given = hint(game, seat)
        if given is not None:
            hints.append(time.perf_counter() - started)
        started = time.perf_counter()
        win_chances(game, seat)
        chances.append(time.perf_counter() - started)
    return hints, chances


def _spread(times: list[float]) -> str:
    ordered = sorted(times) or [0.0]
    return (f"median {1000 * statistics.median(ordered):.2f} ms, 95th percentile "
            f"{1000 * ordered[int(0.95 * (len(ordered) - 1))]:.2f} ms, slowest {1000 * ordered[-1]:.2f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--turns", type=int, default=200)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--deep", action="store_true", help="time analyse --deep too (once)")
    parser.add_argument("--playouts", type=int, default=DEEP_PLAYOUTS)
    parser.add_argument("--rounds", type=int, default=DEEP_ROUNDS)
    args = parser.parse_args()
    seed, record = long_game(args.turns)
    steps = len(record["steps"])
    runs = [timed(record) for _ in range(max(1, args.runs))]
    wall = statistics.median(r[0] for r in runs)
    cpu = statistics.median(r[1] for r in runs)
    result = runs[0][2]
    print(f"game: seed {seed}, {result.turns[-1]} turns, {steps} steps, four ruthless players")
    print(f"monopoly analyse: {wall:.2f} s wall, {cpu:.2f} s CPU (median of {len(runs)}); target about 10 s")
    hints, chances = coach_times(record)
    print(f"hint, {len(hints)} decisions: {_spread(hints)}")
    print(f"win chances, {len(chances)} steps: {_spread(chances)}")
    if args.deep:
        wall, cpu, _ = timed(record, deep=(args.playouts, args.rounds))
        print(f"monopoly analyse --deep ({args.playouts} play-outs of {args.rounds} rounds): "
              f"{wall:.1f} s wall, {cpu:.1f} s CPU")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
