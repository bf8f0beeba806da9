"""A valid save of a very long game, made the same way every time, for the loading benchmarks.

    python benchmarks/big_save.py [--megabytes 30] [--save-dir DIR] [--name big]

Four ``basic`` computers play a seeded game under house rules that keep everyone solvent (a large
starting cash and salary, no turn limit short of the engine's), so the game runs on for tens of
thousands of turns and its event log and journal grow as a real long game's do. The game stops
where the first seat is to throw, and is saved with Save (the log inside, one file) with seats 2-4
as computers: the first seat is a person's, so the text mode stops at its prompt on resuming.
About 1,660 turns make a megabyte; the save stays under the reader's cap (``MAX_SAVE_BYTES``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # runs from a checkout too

from monopoly.ai import ComputerPlayers  # noqa: E402
from monopoly.engine import Game  # noqa: E402
from monopoly.storage.saves import save_path, write_save  # noqa: E402

TURNS_PER_MEGABYTE = 1660  # measured: 50,000 turns of this game save as about 30 MB
SOLVENT_RULES = {"max_turns": 100_000,  # the most the rules allow
                  "go_salary": 20_000, "starting_cash": 100_000}


def long_game(turns: int, seed: int = 7) -> tuple[Game, ComputerPlayers]:
    """The seeded game played past ``turns`` to the first seat's throw, with its computers (seats 2-4)."""
    game = Game.new(["Ann", "Bob", "Cy", "Di"], "us", SOLVENT_RULES, seed=seed, first_player=0)
    players = ComputerPlayers(game, {seat: "basic" for seat in range(4)}, seed=seed)
    view = game.view
    while view.turn <= turns or view.current_player != 0 or view.pending_player != 0:
        if view.over:
            raise RuntimeError(f"the long game ended at turn {view.turn}; choose another seed")
        action = players.next_action(game)
        assert action is not None
        game.apply(action)
    return game, ComputerPlayers(game, {seat: "basic" for seat in range(1, 4)}, seed=seed)


def make_big_save(save_dir: str | Path, megabytes: float = 30, name: str = "big", seed: int = 7) -> Path:
    """Write the long game of about ``megabytes`` as ``save_dir/NAME.json`` (replacing one there)."""
    game, computers = long_game(max(1, round(megabytes * TURNS_PER_MEGABYTE)), seed)
    target = save_path(save_dir, name)
    target.unlink(missing_ok=True)
    return write_save(save_dir, name, game, computers, {})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--megabytes", type=float, default=30)
    parser.add_argument("--save-dir", default="saves")
    parser.add_argument("--name", default="big")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    path = make_big_save(args.save_dir, args.megabytes, args.name, args.seed)
    print(f"{path}: {path.stat().st_size / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
