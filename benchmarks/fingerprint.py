"""The seeded simulation fingerprint: one hash over a fixed set of seeded computer games.

Every game of three editions is played with a mix of strategies from a fixed seed; the hash
covers each action taken and each event it caused, and each game's outcome. A change that is
meant to leave behaviour alone (a refactor, a speed-up) must leave the hash unchanged:

    python benchmarks/fingerprint.py [--games 30]

prints one JSON line with the hash and how many games, actions and events went into it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from monopoly.ai import ComputerPlayers  # noqa: E402
from monopoly.reports.tournament import game_seed, seating  # noqa: E402
from monopoly.engine import Game  # noqa: E402

TABLES = (
    ("us", ("ruthless", "basic", "cautious", "random")),
    ("uk", ("basic", "ruthless", "cautious")),
    ("dotcom", ("cautious", "random", "ruthless", "basic")),
    ("us", ("ruthless", "ruthless")),
)


def fingerprint(games: int, max_turns: int = 300) -> dict[str, object]:
    digest = hashlib.md5()
    actions = events = 0
    for edition, strategies in TABLES:
        for i in range(games):
            seats = seating(strategies, i)
            seed = game_seed(7, i)
            game = Game.new([f"P{s + 1}" for s in range(len(seats))], edition, {"max_turns": max_turns},
                            seed=seed, first_player=i % len(seats), keep_log=False)
            players = ComputerPlayers(game, dict(enumerate(seats)), seed=seed)
            while not game.view.over:
                action = players.next_action(game)
                assert action is not None
                digest.update(json.dumps(action.to_dict(), sort_keys=True).encode())
                actions += 1
                for event in game.apply(action):
                    digest.update(json.dumps(event.to_dict(), sort_keys=True).encode())
                    events += 1
            outcome = game.to_dict()["state"]["outcome"]
            digest.update(json.dumps(outcome, sort_keys=True).encode())
    return {"hash": digest.hexdigest(), "games": games * len(TABLES), "actions": actions, "events": events}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=30, help="games per table (default 30)")
    args = parser.parse_args()
    print(json.dumps(fingerprint(args.games)))


if __name__ == "__main__":
    main()
