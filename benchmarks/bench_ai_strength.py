"""Strength of ``ruthless`` (issue 4 targets), using ``monopoly simulate`` exactly as a user would.

    ruthless vs three basic     (4 players, 2,000 games)  target: at least 40% of games won
    ruthless vs three cautious  (4 players, 2,000 games)  target: at least 60%
    ruthless vs random          (2 players, 2,000 games)  target: over 95%

    python benchmarks/bench_ai_strength.py [--games 2000] [--jobs 2] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

MATCHES = [
    ("ruthless,basic,basic,basic", 0.40, ">="),
    ("ruthless,cautious,cautious,cautious", 0.60, ">="),
    ("ruthless,random", 0.95, ">"),
]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--edition", default="us")
    args = parser.parse_args(argv)
    failed = 0
    for strategies, target, op in MATCHES:
        command = [sys.executable, "-m", "monopoly", "simulate", "--games", str(args.games), "--strategies", strategies,
                   "--seed", str(args.seed), "--jobs", str(args.jobs), "--edition", args.edition, "--json"]
        out = subprocess.run(command, check=True, cwd=ROOT, capture_output=True, text=True).stdout
        report = json.loads(out)
        r = report["results"]["ruthless"]
        ok = r["win_share"] >= target if op == ">=" else r["win_share"] > target
        failed += not ok
        print(f"monopoly simulate --games {args.games} --strategies {strategies} --seed {args.seed} "
              f"--jobs {args.jobs} --edition {args.edition}")
        print(f"  ruthless won {r['wins']}/{report['games']} = {100 * r['win_share']:.1f}% "
              f"(95% CI {100 * r['ci95'][0]:.1f}-{100 * r['ci95'][1]:.1f}%), target {op} {100 * target:.0f}%: "
              f"{'met' if ok else 'NOT MET'}; unfinished {report['unfinished']}, "
              f"turns mean {report['turns']['mean']:.0f}, {report['seconds']:.0f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
