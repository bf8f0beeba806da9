"""Instructions per player-turn under callgrind: a speed measure a busy machine does not disturb.

    python benchmarks/bench_instructions.py [--games 8] [--strategies ruthless,ruthless,ruthless,ruthless]

Wall-clock and CPU-time figures move by 10-20% from run to run on a shared machine; the number of
instructions the interpreter executes for the same seeded games does not (it changes only when the
code does). Each measurement runs ``monopoly.reports.tournament.run_games`` in a child interpreter under
``valgrind --tool=callgrind`` twice, with one game and with ``--games`` games, and divides the
difference in instructions by the difference in player-turns, so start-up, imports and the
per-board tables worked out once a process are left out. A change meant to save time should count
fewer instructions (``benchmarks/fingerprint.py`` says whether it left the games alone).

Needs valgrind (Debian: ``apt-get install valgrind``); exits 2 with a message without it. Runs take
about a minute for eight four-``ruthless`` games (callgrind is some fifty times slower than the
games themselves). Prints one line, or one JSON line with ``--json``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Sequence

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # runs from a checkout too

from monopoly.reports.tournament import DEFAULT_SEED  # noqa: E402

CHILD = """
import sys
sys.path.insert(0, {root!r})
from monopoly.reports.tournament import run_games
results = run_games({games}, {strategies!r}, seed={seed})
print("TURNS", sum(r.turns for r in results))
"""


def count(games: int, strategies: Sequence[str], seed: int) -> tuple[int, int]:
    """(player-turns, instructions) of ``games`` seeded games in a child interpreter under callgrind."""
    code = CHILD.format(root=str(ROOT), games=games, strategies=list(strategies), seed=seed)
    with tempfile.TemporaryDirectory() as folder:
        done = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={folder}/out",
                               sys.executable, "-c", code], capture_output=True, text=True, check=False)
    turns = re.search(r"TURNS (\d+)", done.stdout)
    collected = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or turns is None or collected is None:
        raise RuntimeError(f"the run under callgrind failed:\n{done.stderr[-2000:]}")
    return int(turns.group(1)), int(collected.group(1))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=8, help="games counted (default 8)")
    parser.add_argument("--strategies", default="ruthless,ruthless,ruthless,ruthless")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="the games' seed (as monopoly simulate's)")
    parser.add_argument("--json", action="store_true", help="one JSON line")
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (Debian: apt-get install valgrind)", file=sys.stderr)
        return 2
    if args.games < 2:
        parser.error("--games must be at least 2 (one game is the baseline taken off)")
    strategies = [s.strip() for s in args.strategies.split(",") if s.strip()]
    base_turns, base = count(1, strategies, args.seed)
    turns, total = count(args.games, strategies, args.seed)
    per_turn = (total - base) / max(1, turns - base_turns)
    report = {"strategies": strategies, "games": args.games, "player_turns": turns - base_turns,
              "instructions_per_player_turn": round(per_turn)}
    if args.json:
        print(json.dumps(report))
    else:
        print(f"{','.join(strategies)}: {per_turn:,.0f} instructions a player-turn "
              f"(games 2-{args.games}: {turns - base_turns} player-turns; python {sys.version.split()[0]})")
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    raise SystemExit(main())
