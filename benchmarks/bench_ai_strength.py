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
of three opponents (three ``basic``; three ``v3``; ``v3``, ``generous`` and ``hoarder``; three
``lookahead``, our strongest other design), seats rotated, and its worst field: which opponents sit
at the table matters more than which player is better, so the worst field is the honest measure.
Parity is 25%. One-on-one matches against ``lookahead`` and ``value`` (parity 50%) follow; they are
not fields. Issue 28's targets (65% against three ``v3``, 40% against three ``lookahead``, 70%
one-on-one against it) are checked beside issue 37's below.

Seeded games (seats rotated), each share with its 95% Wilson interval; a game stopped by the
turn limit counts as not won.

    python benchmarks/bench_ai_strength.py [--games 1000] [--jobs 1] [--seed 1]
                                           [--only two|four|probes|fields|expert|manners]
                                           [--rate ruthless,basic,...] [--fields "3 v3,1v1 lookahead"]

The fields also include three ``value`` agents and ``1v1 value``: our reconstruction of the Arizona
State value agent (issue 37, ``monopoly/ai/value_agent.py``). Each strategy's fields are printed
worst field first (the four-player fields by share, then the one-on-one matches), and the hard
level's strategy (``ruthless`` today) is checked against issue 37's targets: at least 40% against
three ``value``, 70% one-on-one against ``value``, 75% against ``v3``, ``generous`` and ``hoarder``,
90% against three ``basic``, under 2% of its games at the turn limit (issue 28's for the others).

``--only manners`` prints issue 37's manners table: for each level (easy, normal, hard, expert), on
the US and UK boards, three computers of that level and one seat that never trades, with offers to
that seat per 100 of its turns, repeats of refused offers, asks over twice the printed value and
sales undone within 10 turns (``monopoly/reports/manners.py``; ``--manners-games``, default 40, and
``--expert-games``, default 4, since expert thinks up to 0.5 s a decision; ``--boards us,uk``).

The ``expert`` level against ``ruthless`` (``expert_strength.py``): only with ``--only expert``, which
plays ``--games`` heads-up games and ``--four`` four-player games (``--seconds``: its decision times).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # runs from a checkout too

from monopoly.ai.levels import LEVELS  # noqa: E402
from monopoly.ai.probes import LOPSIDED, PROBES, PROPOSAL_POSITIONS, lopsided_proposals, run_probe  # noqa: E402
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

# The fields of the table: three opponents each, the strategy rated in the fourth seat; a field of one
# is a one-on-one match, not a field (parity 50%, not counted for the worst field). ``value`` is our
# reconstruction of the Arizona State value agent (issue 37, ``monopoly/ai/value_agent.py``).
FIELDS = [
    ("3 basic", ("basic", "basic", "basic")),
    ("3 v3", ("v3", "v3", "v3")),
    ("v3+generous+hoarder", ("v3", "generous", "hoarder")),
    ("3 lookahead", ("lookahead", "lookahead", "lookahead")),
    ("3 value", ("value", "value", "value")),
    ("1v1 lookahead", ("lookahead",)),
    ("1v1 value", ("value",)),
]
HARD = next(level.strategy for level in LEVELS if level.name == "hard")
"""The strategy the targets are for: whatever the hard level plays (``ruthless`` today)."""
# The targets for the hard level: the least win share against each field (issue 37 where it names
# the field, issue 28 for the others), and the most games at the turn limit, as a share of all it
# played in the table.
TARGETS = {"3 value": 0.40, "1v1 value": 0.70, "v3+generous+hoarder": 0.75, "3 basic": 0.90,
           "3 v3": 0.65, "3 lookahead": 0.40, "1v1 lookahead": 0.70}
TARGET_SOURCE = {"3 value": 37, "1v1 value": 37, "v3+generous+hoarder": 37, "3 basic": 37,
                 "3 v3": 28, "3 lookahead": 28, "1v1 lookahead": 28}
TURN_LIMIT_TARGET = 0.02


def field_share(strategy: str, field: tuple[str, ...], games: int, seed: int, jobs: int,
                edition: str) -> tuple[int, int, int]:
    """(games ``strategy`` won, games played, games unfinished) in games against ``field``.

    ``strategy`` is the first of the seats listed; game ``i`` rotates the list ``i`` places (seat ``s``
    plays ``seats[(s + i) % n]`` of ``n``), so it sits in seat ``-i mod n`` and every seat equally often. Its
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


def fields_table(rated: list[str], games: int, seed: int, jobs: int, edition: str,
                 fields: list[tuple[str, tuple[str, ...]]]) -> int:
    """Print, for each rated strategy, its share against each field, worst field first (the
    four-player fields by share, then the one-on-one matches by share), with the hard level's
    targets; the number of the hard level's targets missed."""
    print(f"win share against each field ({games} games each, seed {seed}, seats rotated, 95% Wilson "
          f"interval; parity 25%, one-on-one 50%; a game at the turn limit is not won; [n] games at the limit; "
          f"worst field first):")
    missed = 0
    for strategy in rated:
        rows: list[tuple[bool, float, str, str, int]] = []
        unfinished = played_all = 0
        for name, field in fields:
            won, played, stalled = field_share(strategy, field, games, seed, jobs, edition)
            unfinished += stalled
            played_all += played
            rows.append((len(field) == 1, won / max(1, played), name, share_text(won, played), stalled))
        rows.sort(key=lambda row: (row[0], row[1], row[2]))
        print(f"  {strategy}:")
        notes: list[str] = []
        for heads_up, share, name, text, stalled in rows:
            target = ""
            if strategy == HARD and name in TARGETS:
                ok = share >= TARGETS[name]
                target = (f"  target >= {100 * TARGETS[name]:.0f}% (issue {TARGET_SOURCE[name]}): "
                          f"{'met' if ok else 'NOT MET'}")
                if not ok:
                    missed += 1
                    notes.append(f"{name} under {100 * TARGETS[name]:.0f}%")
            print(f"    {name:<22}{text:>22} [{stalled}]{target}")
        limit = unfinished / max(1, played_all)
        print(f"    {unfinished} of {played_all} games at the turn limit, {100 * limit:.1f}%"
              + (f"  target under {100 * TURN_LIMIT_TARGET:.0f}%: "
                 f"{'met' if limit < TURN_LIMIT_TARGET else 'NOT MET'}" if strategy == HARD else ""), flush=True)
        if strategy == HARD:
            if limit >= TURN_LIMIT_TARGET:
                missed += 1
                notes.append(f"turn limit {100 * limit:.1f}% not under {100 * TURN_LIMIT_TARGET:.0f}%")
            print(f"  {strategy} (hard) targets: {'met' if not notes else 'NOT MET: ' + '; '.join(notes)}",
                  flush=True)
    return missed


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
    print("lopsided offers every level must refuse, and lopsided proposals it must not make (issue 37):")
    for level in LEVELS:
        taken = [probe.name for probe in LOPSIDED if run_probe(probe, level.strategy).accepted]
        asked = [name for name, players in PROPOSAL_POSITIONS if lopsided_proposals(level.strategy, players)]
        failed += len(taken) + len(asked)
        print(f"  {'ok ' if not taken and not asked else 'BAD'} {level.name} ({level.strategy}): "
              f"accepts {', '.join(taken) or 'none'}; proposes too much in {', '.join(asked) or 'none'}")
    return failed


def expert_table(two: int, four: int, seed: int, jobs: int, edition: str, seconds: bool, playouts: int = 0) -> int:
    """Print the expert level's share of games won against ruthless, heads-up and at four."""
    from expert_strength import measure, report
    for players, games in ((2, two), (4, four)):
        if games > 0:
            control = measure(players, games, seed, jobs, edition, budget=0.0)
            results = measure(players, games, seed, jobs, edition, playouts=playouts)
            print(report(players, results, control, seconds), flush=True)
    return 0


def manners_table(games: int, expert_games: int, seed: int, editions: list[str], max_turns: int,
                  expert_budget: float) -> int:
    """Print the manners of each level towards a seat that never trades (``monopoly/reports/manners.py``),
    one row a level and board, with the issue's targets; the number of rows that miss one.

    ``expert_budget`` is the time each expert decision may take: its own half second makes a game of
    three experts last many minutes, so the table gives it less (and says so)."""
    from monopoly.ai.expert import Expert
    from monopoly.reports.manners import MANNERS_HEADER, TARGETS, manners_line, measure
    Expert.budget = expert_budget
    print(f"manners (issue 37): three computers of each level and one seat that never trades (hoarder), "
          f"seats rotated, seed {seed}; targets: offers to that seat at most {TARGETS['offers_per_100']:g} per 100 of "
          f"its turns, repeats of a refused offer at most {100 * TARGETS['repeat_share']:g}%, asks over twice the "
          f"printed value at most {100 * TARGETS['lopsided_share']:g}%, sales undone within 10 turns in at most "
          f"{100 * TARGETS['undone_games_share']:g}% of games; ! marks a miss; turns are the seat's; "
          f"expert's play-outs limited to {expert_budget:g} s a decision")
    missed = 0
    for edition in editions:
        print(f"  board {edition}:")
        print("    " + MANNERS_HEADER + "  seconds")
        for level in LEVELS:
            n = expert_games if level.strategy == "expert" else games
            if n <= 0:
                continue
            start = time.perf_counter()
            count = measure(level.strategy, n, edition, seed, max_turns)
            missed += bool(count.missed())
            print(f"    {manners_line(level.name, count)}  {time.perf_counter() - start:7.1f}", flush=True)
    return missed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--edition", default="us")
    parser.add_argument("--only", choices=("two", "four", "probes", "fields", "expert", "manners"))
    parser.add_argument("--manners-games", type=int, default=40,
                        help="--only manners: games a level and board (default 40)")
    parser.add_argument("--expert-games", type=int, default=4,
                        help="--only manners: games of the expert level a board, which thinks up to 0.5 s a "
                             "decision (default 4; 0 leaves it out)")
    parser.add_argument("--boards", default="us,uk", help="--only manners: the boards (default us,uk)")
    parser.add_argument("--expert-budget", type=float, default=0.05,
                        help="--only manners: seconds each expert decision may take (default 0.05; its own is 0.5)")
    parser.add_argument("--four", type=int, default=40, help="--only expert: four-player games (default 40)")
    parser.add_argument("--seconds", action="store_true", help="--only expert: its decision times too")
    parser.add_argument("--playouts", type=int, default=0,
                        help="--only expert: a fixed number of play-outs a candidate and no time limit, so the "
                             "games replay exactly whatever the machine's load (default: the 0.5 s budget)")
    parser.add_argument("--rate", default=",".join(name for name in strategy_names() if name != "expert"),
                        help="the strategies the field table rates, comma-separated (default: every one but "
                             "expert, which thinks up to 0.5 s a decision: --only expert measures it)")
    parser.add_argument("--fields", default=",".join(name for name, _ in FIELDS),
                        help="the fields of the table, comma-separated (default: every one)")
    args = parser.parse_args(argv)
    if args.only == "manners":
        boards = [b.strip() for b in args.boards.split(",") if b.strip()]
        return 1 if manners_table(args.manners_games, args.expert_games, args.seed, boards, 1000,
                                  args.expert_budget) else 0
    if args.only == "expert":
        return expert_table(args.games, args.four, args.seed, args.jobs, args.edition, args.seconds, args.playouts)
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
        chosen = [name.strip() for name in args.fields.split(",") if name.strip()]
        known = dict(FIELDS)
        if any(name not in known for name in chosen):
            parser.error(f"--fields: choose from {', '.join(known)}")
        failed += fields_table(rated, args.games, args.seed, args.jobs, args.edition,
                               [(name, known[name]) for name in chosen])
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
