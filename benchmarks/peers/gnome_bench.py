"""Games per second of the USC/ISI GNOME Monopoly simulator (PyPI: monopoly-simulator-test),
four background_agent_v3_1 players, logging off, one process.

Run with the interpreter of a venv where the package is installed:
    python3 -m venv V && V/bin/pip install --no-deps monopoly-simulator-test numpy xlsxwriter
    V/bin/python benchmarks/peers/gnome_bench.py --games 200
Prints one JSON line: games, seconds, games_per_s, player_turns, turns_per_game.
"""
import argparse
import json
import logging
import os
import sys
import time
import types

# gameplay.py imports modules the wheel does not ship; stub them.
for missing in ("monopoly_simulator.rl_agent_background", "monopoly_simulator.rl_agent",
                "novelty_distributions_v3"):
    mod = types.ModuleType(missing)
    mod.decision_agent_methods = {}
    mod.RLAgent = object
    sys.modules[missing] = mod

import numpy as np  # noqa: E402
from monopoly_simulator import gameplay, card_utility_actions  # noqa: E402
from monopoly_simulator import background_agent_v3_1  # noqa: E402
from monopoly_simulator.agent import Agent  # noqa: E402

logging.disable(logging.CRITICAL)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args()

    schema = os.path.join(os.path.dirname(gameplay.__file__), "monopoly_game_schema_v1-2.json")
    turns = [0]
    original = card_utility_actions.check_for_game_termination

    def counting(board, tot_time):
        turns[0] += 1
        return original(board, tot_time)

    card_utility_actions.check_for_game_termination = counting
    gameplay.card_utility_actions.check_for_game_termination = counting
    seeds = np.random.RandomState(args.seed).choice(10**6, args.games, replace=False)
    devnull = open(os.devnull, "w")
    start, cpu_start = time.perf_counter(), time.process_time()
    for s in seeds:
        agents = {f"player_{i}": Agent(**background_agent_v3_1.decision_agent_methods) for i in range(1, 5)}
        ge = gameplay.set_up_board(schema, agents)
        for a in agents.values():
            a.startup(ge)
        old = sys.stdout
        sys.stdout = devnull
        try:
            gameplay.simulate_game_instance(ge, np_seed=int(s))
        finally:
            sys.stdout = old
    secs, cpu = time.perf_counter() - start, time.process_time() - cpu_start
    print(json.dumps({"games": args.games, "seconds": round(secs, 3), "cpu_seconds": round(cpu, 3),
                      "games_per_s": round(args.games / secs, 2), "player_turns": turns[0],
                      "turns_per_game": round(turns[0] / args.games, 1)}))


if __name__ == "__main__":
    main()
