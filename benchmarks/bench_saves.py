"""Cost of the autosave late in a long game (no target; the game autosaves after every turn).

    python benchmarks/bench_saves.py [--turns 700] [--runs 5]

Plays four ``basic`` players to the given turn with the full event log kept, as the screen
does, then times the parts of one autosave: building the document (``Game.to_dict`` and the
computer players' memory), laying it out as text, and the whole atomic write with its fsync.
Prints the median of the runs and the file size.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # runs from a checkout too

from monopoly.ai import ComputerPlayers  # noqa: E402
from monopoly.engine import Game  # noqa: E402
from monopoly.saves import autosave, make_document, to_text  # noqa: E402


def median_ms(runs: int, work: Callable[[], Any]) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=700)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    game = Game.new(["A", "B", "C", "D"], "us", {"max_turns": args.turns}, seed=args.seed, first_player=0)
    computers = ComputerPlayers(game, {seat: "basic" for seat in range(4)}, seed=args.seed)
    while not game.over:
        action = computers.next_action(game)
        assert action is not None
        game.apply(action)
    document = make_document(game, computers, {})
    build = median_ms(args.runs, lambda: make_document(game, computers, {}))
    layout = median_ms(args.runs, lambda: to_text(document))
    with tempfile.TemporaryDirectory() as folder:
        write = median_ms(args.runs, lambda: autosave(folder, game, computers, {}))
        size = (Path(folder) / "autosave.json").stat().st_size
    print(f"turn {game.state.turn.number}, {len(game.log)} events in the log, file {size / 1e6:.2f} MB")
    print(f"median of {args.runs}: document {build:.1f} ms, text {layout:.1f} ms, whole autosave {write:.1f} ms")


if __name__ == "__main__":
    main()
