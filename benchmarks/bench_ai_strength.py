"""Strength of ``ruthless`` (issues 4 and 12), using ``monopoly simulate`` exactly as a user would,
and its answers to the fixed trade probes (``monopoly/ai/probes.py``).

    four players:  ruthless vs three basic       target: at least 60% of games won (issue 12)
                   ruthless vs three cautious    target: at least 60%
    two players:   ruthless vs random            target: over 95%
                   ruthless vs basic             target: at least 65%
                   ruthless vs cautious          target: at least 65%
                   ruthless vs hoarder           target: at least 65% (basic that never trades)
                   ruthless vs v3                target: at least 65% (after GNOME's background_agent_v3_1)
                   ruthless vs generous          target: at least 60% (offers 1.25-1.75x for set-completing deeds)

Seeded games (seats rotated), each share with its 95% Wilson interval; a game stopped by the
turn limit counts as not won.

    python benchmarks/bench_ai_strength.py [--games 1000] [--jobs 1] [--seed 1] [--only two|four|probes]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # runs from a checkout too

from monopoly.ai.probes import PROBES, run_probe  # noqa: E402

MATCHES = [
    ("four", "ruthless,basic,basic,basic", 0.60, ">="),
    ("four", "ruthless,cautious,cautious,cautious", 0.60, ">="),
    ("two", "ruthless,random", 0.95, ">"),
    ("two", "ruthless,basic", 0.65, ">="),
    ("two", "ruthless,cautious", 0.65, ">="),
    ("two", "ruthless,hoarder", 0.65, ">="),
    ("two", "ruthless,v3", 0.65, ">="),
    ("two", "ruthless,generous", 0.60, ">="),
]


def probes() -> int:
    """Print the probe table; the number that failed."""
    failed = 0
    print("trade probes (Ann offers, ruthless answers):")
    for probe in PROBES:
        result = run_probe(probe)
        failed += not result.passed
        answer = "accepts" if result.accepted else "refuses"
        counter = ""
        if result.counter is not None:
            pays = "Ann pays" if result.counter.cash < 0 else "it pays"
            counter = f"; counter-offer: the same deeds, {pays} ${abs(result.counter.cash)}"
        print(f"  {'ok ' if result.passed else 'BAD'} {probe.name}: {answer} ({result.reason}){counter}")
    return failed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--edition", default="us")
    parser.add_argument("--only", choices=("two", "four", "probes"))
    args = parser.parse_args(argv)
    failed = 0
    if args.only in (None, "probes"):
        failed += probes()
    for size, strategies, target, op in MATCHES:
        if args.only not in (None, size):
            continue
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
              f"turns mean {report['turns']['mean']:.0f}, {report['seconds']:.0f} s", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
