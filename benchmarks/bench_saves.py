"""Cost of the autosave late in a long game: the game autosaves after every turn.

    python benchmarks/bench_saves.py [--turns 1000] [--runs 7]

Plays four ``basic`` players to the given turn with the full event log kept, as the screen
does, and autosaves once (which writes the whole log to the autosave's separate log file).
Then, for each run, plays one more turn and times the autosave as it happens in play: the new
events appended to the log, and the save itself (the game without its log, the computer
players' memory) written atomically with its fsync. For comparison it times a save made with
Save, which holds the whole log. Prints medians and the sizes of the files. Target: the
autosave under 20 ms at turn 1,000.
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
from monopoly.storage.saves import LOG_SUFFIX, GameRecord, make_document, to_text  # noqa: E402


def timed_ms(work: Callable[[], Any]) -> float:
    start = time.perf_counter()
    work()
    return 1000 * (time.perf_counter() - start)


def play_one_turn(game: Game, computers: ComputerPlayers) -> None:
    turn = game.view.turn
    while not game.view.over and game.view.turn == turn:
        action = computers.next_action(game)
        assert action is not None
        game.apply(action)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    rules = {"max_turns": args.turns + args.runs + 10}
    game = Game.new(["A", "B", "C", "D"], "us", rules, seed=args.seed, first_player=0)
    computers = ComputerPlayers(game, {seat: "basic" for seat in range(4)}, seed=args.seed)
    while not game.view.over and game.view.turn < args.turns:
        play_one_turn(game, computers)
    with tempfile.TemporaryDirectory() as folder:
        record = GameRecord(folder)
        first = timed_ms(lambda: record.autosave(game, computers, {}))
        autosaves, documents, texts = [], [], []
        for _ in range(args.runs):
            play_one_turn(game, computers)
            autosaves.append(timed_ms(lambda: record.autosave(game, computers, {})))
            documents.append(timed_ms(lambda: make_document(game, computers, {}, log_tail=record._tail)))
            document = make_document(game, computers, {}, log_tail=record._tail)
            texts.append(timed_ms(lambda: to_text(document)))
        full = statistics.median(timed_ms(lambda: record.save("whole", game, computers, {}))
                                 for _ in range(3))
        path = record.autosave_path
        save_kb, log_kb = path.stat().st_size / 1e3, path.with_suffix(LOG_SUFFIX).stat().st_size / 1e3
        whole_kb = (Path(folder) / "whole.json").stat().st_size / 1e3
    print(f"turn {game.view.turn}, {len(game.log)} events in the log")
    print(f"whole autosave {statistics.median(autosaves):.1f} ms (median of {args.runs}; document "
          f"{statistics.median(documents):.1f} ms, text {statistics.median(texts):.1f} ms); "
          f"save {save_kb:.0f} KB, its log {log_kb:.0f} KB")
    print(f"the first autosave of the game (the whole log written once): {first:.1f} ms")
    print(f"a save made with Save (the log inside, {whole_kb:.0f} KB): {full:.1f} ms")


if __name__ == "__main__":
    main()
