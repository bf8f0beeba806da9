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

Then the field table (issue 28): each strategy's share of four-player games won against each field
of three opponents (three ``basic``; three ``v3``; ``v3``, ``generous`` and ``hoarder``), seats
rotated, and its worst field: which opponents sit at the table matters more than which player is
better, so the worst field is the honest measure. Parity is 25%.

Seeded games (seats rotated), each share with its 95% Wilson interval; a game stopped by the
turn limit counts as not won.

    python benchmarks/bench_ai_strength.py [--games 1000] [--jobs 1] [--seed 1] [--only two|four|probes|fields]
                                           [--rate ruthless,basic,...]

The ``expert`` level against ``ruthless`` (``expert_strength.py``): only with ``--only expert``, which
plays ``--games`` heads-up games and ``--four`` four-player games (``--seconds``: its decision times).
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
from monopoly.ai.registry import strategy_names  # noqa: E402
from monopoly.reports.tournament import run_games, wilson  # noqa: E402

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

# The fields of the table: three opponents each, the strategy rated in the fourth seat.
FIELDS = [
    ("3 basic", ("basic", "basic", "basic")),
    ("3 v3", ("v3", "v3", "v3")),
    ("v3+generous+hoarder", ("v3", "generous", "hoarder")),
]


def field_share(strategy: str, field: tuple[str, ...], games: int, seed: int, jobs: int,
                edition: str) -> tuple[int, int, int]:
    """(games ``strategy`` won, games played, games unfinished) in four-player games against ``field``.

    ``strategy`` is the first of the seats listed; game ``i`` rotates the list ``i`` places (seat ``s``
    plays ``seats[(s + i) % 4]``), so it sits in seat ``-i mod 4`` and every seat equally often. Its
    wins are told by seat, not by name, so a field of its own kind counts its own seat only.
    """
    seats = (strategy, *field)
    results = run_games(games, seats, edition=edition, seed=seed, jobs=jobs)
    won = sum(1 for r in results if r.winner is not None and r.winner_seat == (-r.index) % len(seats))
    unfinished = sum(1 for r in results if r.winner is None)
    return won, len(results), unfinished


def share_text(won: int, games: int) -> str:
    low, high = wilson(won, games)
    return f"{100 * won / max(1, games):5.1f}% ({100 * low:.1f}-{100 * high:.1f})"


def fields_table(rated: list[str], games: int, seed: int, jobs: int, edition: str) -> None:
    """Print each rated strategy's share against each field, and its worst field."""
    print(f"four-player win share against each field ({games} games each, seed {seed}, seats rotated, "
          f"95% Wilson interval; parity 25%; a game at the turn limit is not won):")
    width = 24
    print(f"  {'strategy':<10}" + "".join(f"{name:>{width}}" for name, _ in FIELDS) + f"  {'worst field':<{width}}")
    for strategy in rated:
        cells: list[str] = []
        worst: tuple[float, str, str] | None = None
        unfinished = 0
        for name, field in FIELDS:
            won, played, stalled = field_share(strategy, field, games, seed, jobs, edition)
            unfinished += stalled
            text = share_text(won, played)
            cells.append(f"{text:>{width}}")
            if worst is None or won / played < worst[0]:
                worst = (won / played, name, text.strip())
        assert worst is not None
        print(f"  {strategy:<10}" + "".join(cells) + f"  {worst[1]}: {worst[2]}"
              f"  [{unfinished} of {games * len(FIELDS)} at the turn limit]", flush=True)


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


def expert_table(two: int, four: int, seed: int, jobs: int, edition: str, seconds: bool) -> int:
    """Print the expert level's share of games won against ruthless, heads-up and at four."""
    from expert_strength import measure, report
    for players, games in ((2, two), (4, four)):
        if games > 0:
            control = measure(players, games, seed, jobs, edition, budget=0.0)
            print(report(players, measure(players, games, seed, jobs, edition), control, seconds), flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--edition", default="us")
    parser.add_argument("--only", choices=("two", "four", "probes", "fields", "expert"))
    parser.add_argument("--four", type=int, default=40, help="--only expert: four-player games (default 40)")
    parser.add_argument("--seconds", action="store_true", help="--only expert: its decision times too")
    parser.add_argument("--rate", default=",".join(name for name in strategy_names() if name != "expert"),
                        help="the strategies the field table rates, comma-separated (default: every one but "
                             "expert, which thinks up to 0.5 s a decision: --only expert measures it)")
    args = parser.parse_args(argv)
    if args.only == "expert":
        return expert_table(args.games, args.four, args.seed, args.jobs, args.edition, args.seconds)
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
    if args.only in (None, "fields"):
        rated = [name.strip() for name in args.rate.split(",") if name.strip()]
        unknown = [name for name in rated if name not in strategy_names()]
        if unknown:
            parser.error(f"--rate: unknown strategy {unknown[0]!r}; choose from {', '.join(strategy_names())}")
        fields_table(rated, args.games, args.seed, args.jobs, args.edition)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
