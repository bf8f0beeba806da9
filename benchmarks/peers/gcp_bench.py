"""Games and player-turns per second of gamescomputersplay/monopoly (v2, commit 7c4df31), four standard
players, game log off, one process. Run from a checkout of that repository:
    cd benchmarks/peers/gcp && python3 ../gcp_bench.py --games 1000
Prints one JSON line: games, seconds, games_per_s, player_turns (a player's turn counted once,
with its throws after doubles), turns_per_game.
Its rules lack auctions; a game ends at one survivor, at "all rich" (everyone over $5,000) or at
1,000 rounds."""
import argparse
import json
import os
import random
import sys
import time

sys.path.insert(0, os.getcwd())
from monopoly.core import game as gcp_game  # noqa: E402
from monopoly.core.player import Player  # noqa: E402
from monopoly.log_settings import LogSettings  # noqa: E402
from monopoly import log as gcp_log  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    LogSettings.KEEP_GAME_LOG = False
    gcp_log.Log.save = lambda self: None          # no files written
    turns = [0]
    depth = [0]
    original = Player.make_a_move

    def counting(self, *a, **k):
        # make_a_move calls itself for the throw after doubles: count a player's turn once,
        # as the other simulators do, not once per throw
        if depth[0] == 0:
            turns[0] += 1
        depth[0] += 1
        try:
            return original(self, *a, **k)
        finally:
            depth[0] -= 1

    Player.make_a_move = counting
    rng = random.Random(args.seed)
    pairs = [(i + 1, rng.getrandbits(32)) for i in range(args.games)]
    start, cpu_start = time.perf_counter(), time.process_time()
    for pair in pairs:
        gcp_game.monopoly_game(pair)
    secs, cpu = time.perf_counter() - start, time.process_time() - cpu_start
    print(json.dumps({"games": args.games, "seconds": round(secs, 3), "cpu_seconds": round(cpu, 3), "games_per_s": round(args.games / secs, 2),
                      "player_turns": turns[0], "turns_per_game": round(turns[0] / args.games, 1)}))


if __name__ == "__main__":
    main()
