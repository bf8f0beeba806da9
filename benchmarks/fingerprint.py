"""Seeded fingerprints, one table per strategy, perft-style: a change says which game of which
strategy it altered.

The **engine** table holds games of `random` and `basic` only: the rules engine and the two
simplest players, whom nobody re-tunes. Each other registered strategy has a table of its own,
games of that strategy against `basic` and `random` (and itself), so a change to one strategy
re-pins that strategy's table alone, and a change that moves the engine table is a change of the
rules (or of `basic` / `random`). Each table is a file, ``tests/fingerprints/NAME.json``, one
seeded game a line: edition, seats, seed, actions taken, events caused, turns played, winner and
a hash of every action, event and the outcome (``tests/test_fingerprint.py`` plays them all again).

    python benchmarks/fingerprint.py                  # check every table, say which games differ
    python benchmarks/fingerprint.py --write ruthless # re-pin one strategy's table (or "engine")
    python benchmarks/fingerprint.py --write-all      # every table (after a change of the rules)
    python benchmarks/fingerprint.py --mixed          # the old single hash over mixed tables

Re-pinning says why in its commit; the diff of the table file shows which games changed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import sys
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
TABLE_DIR = ROOT / "tests" / "fingerprints"

from monopoly.ai import ComputerPlayers, strategy_names  # noqa: E402
from monopoly.ai.expert import Expert  # noqa: E402
from monopoly.engine import Game  # noqa: E402
from monopoly.reports.tournament import game_seed, seating  # noqa: E402

ENGINE = "engine"
"""The table of the rules engine: games of ``random`` and ``basic`` only."""


@dataclass(frozen=True)
class Table:
    """The seeded games of one table: each line-up (edition, strategies) played ``games`` times,
    seats rotated, at most ``max_turns`` turns a game."""

    lineups: tuple[tuple[str, tuple[str, ...]], ...]
    games: int = 10
    max_turns: int = 300
    playouts: int = 0
    """For ``expert``: play-outs a candidate, with no time limit, so that its games replay from the
    seed (at the screen it plays out as many as half a second allows)."""


ENGINE_TABLE = Table((
    ("us", ("basic", "random", "basic", "random")),
    ("uk", ("basic", "basic", "random")),
    ("dotcom", ("random", "basic", "basic", "basic")),
    ("us", ("basic", "basic")),
), games=15)


def strategy_table(name: str) -> Table:
    """The table of strategy ``name``: against ``basic`` and ``random``, and against itself.
    The slow searchers play fewer and shorter games."""
    lineups = (
        ("us", (name, "basic", name, "random")),
        ("uk", (name, "random", "basic")),
        ("dotcom", ("basic", name, "random", name)),
        ("us", (name, name)),
    )
    if name == "lookahead":  # about 4 ms a turn
        return Table(lineups, games=3, max_turns=150)
    if name == "expert":  # four play-outs a candidate, no clock: its games replay exactly
        return Table(lineups, games=2, max_turns=80, playouts=4)
    return Table(lineups)


def table_of(name: str) -> Table:
    return ENGINE_TABLE if name == ENGINE else strategy_table(name)


UNREPRODUCIBLE: dict[str, str] = {}
"""Strategies whose games do not replay from the seed alone, so no table can pin them (``expert``
replays once its play-outs are counted rather than timed: ``Table.playouts``)."""


def table_names() -> list[str]:
    """The engine's table, then one for every registered strategy but ``random`` and ``basic``
    (and those that do not replay from their seed: ``UNREPRODUCIBLE``)."""
    return [ENGINE] + [n for n in strategy_names() if n not in ("random", "basic") and n not in UNREPRODUCIBLE]


def played(edition: str, seats: list[str], seed: int, first: int, max_turns: int,
           digest: Any) -> tuple[Game, int, int]:
    """A seeded game played to its end, each action and event fed to ``digest``: the game, and how
    many actions and events it took."""
    actions = events = 0
    game = Game.new([f"P{s + 1}" for s in range(len(seats))], edition, {"max_turns": max_turns},
                    seed=seed, first_player=first, keep_log=False)
    players = ComputerPlayers(game, dict(enumerate(seats)), seed=seed)
    while not game.view.over:
        action = players.next_action(game)
        assert action is not None
        digest.update(json.dumps(action.to_dict(), sort_keys=True).encode())
        actions += 1
        for event in game.apply(action):
            digest.update(json.dumps(event.to_dict(), sort_keys=True).encode())
            events += 1
    return game, actions, events


def play(edition: str, seats: list[str], seed: int, first: int, max_turns: int) -> dict[str, Any]:
    """One seeded game played out: its line of the table."""
    digest = hashlib.md5()
    game, actions, events = played(edition, seats, seed, first, max_turns, digest)
    outcome = game.view.outcome
    assert outcome is not None
    digest.update(json.dumps(game.to_dict(include_log=False)["state"]["outcome"], sort_keys=True).encode())
    return {"edition": edition, "seats": seats, "seed": seed, "actions": actions, "events": events,
            "turns": game.view.turn, "winner": outcome.winner, "hash": digest.hexdigest()}


def games_of(name: str) -> list[dict[str, Any]]:
    """Every game of table ``name``, played now."""
    table = table_of(name)
    out = []
    with counted_playouts(table.playouts):
        for edition, strategies in table.lineups:
            for i in range(table.games):
                seats = seating(strategies, i)
                out.append(play(edition, seats, game_seed(7, i), i % len(seats), table.max_turns))
    return out


@contextmanager
def counted_playouts(playouts: int) -> Iterator[None]:
    """With ``playouts`` above 0, ``expert`` plays that many play-outs a candidate and no clock
    limits it (as ``expert_strength.py --playouts`` does); as before afterwards."""
    if playouts <= 0:
        yield
        return
    saved = Expert.budget, Expert.rollouts, Expert.least_rollouts
    Expert.budget, Expert.rollouts, Expert.least_rollouts = math.inf, playouts, playouts
    try:
        yield
    finally:
        Expert.budget, Expert.rollouts, Expert.least_rollouts = saved


def path_of(name: str) -> Path:
    return TABLE_DIR / f"{name}.json"


def write(name: str) -> Path:
    """Re-pin table ``name``: one game a line, so a diff shows which games changed."""
    lines = ",\n".join("  " + json.dumps(g, sort_keys=True) for g in games_of(name))
    path = path_of(name)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f'{{"table": {json.dumps(name)}, "games": [\n{lines}\n]}}\n', encoding="utf-8")
    return path


def pinned(name: str) -> list[dict[str, Any]]:
    games: list[dict[str, Any]] = json.loads(path_of(name).read_text(encoding="utf-8"))["games"]
    return games


def differences(name: str) -> list[str]:
    """What differs between table ``name`` as pinned and as played now, one line per game."""
    if not path_of(name).exists():
        return [f"{name}: no table (python benchmarks/fingerprint.py --write {name})"]
    old, new = pinned(name), games_of(name)
    found = [f"{name}: {len(old)} games pinned, {len(new)} played"] if len(old) != len(new) else []
    for i, (was, now) in enumerate(zip(old, new)):
        if was != now:
            changed = ", ".join(f"{k} {was.get(k)} -> {now.get(k)}" for k in now if was.get(k) != now[k])
            found.append(f"{name} game {i} ({now['edition']}, {'/'.join(now['seats'])}, seed {now['seed']}): {changed}")
    return found


# The single hash this project pinned before the tables (issue 40): mixed line-ups in one digest.
MIXED = (
    ("us", ("ruthless", "basic", "cautious", "random")),
    ("uk", ("basic", "ruthless", "cautious")),
    ("dotcom", ("cautious", "random", "ruthless", "basic")),
    ("us", ("ruthless", "ruthless")),
)


def fingerprint(games: int, max_turns: int = 300) -> dict[str, object]:
    """One hash over the mixed tables (``--mixed``): a quick check that nothing at all changed."""
    digest = hashlib.md5()
    actions = events = 0
    for edition, strategies in MIXED:
        for i in range(games):
            seats = seating(strategies, i)
            game, acted, caused = played(edition, seats, game_seed(7, i), i % len(seats), max_turns, digest)
            actions += acted
            events += caused
            outcome = game.to_dict()["state"]["outcome"]
            digest.update(json.dumps(outcome, sort_keys=True).encode())
    return {"hash": digest.hexdigest(), "games": games * len(MIXED), "actions": actions, "events": events}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--write", metavar="NAME", action="append", default=[],
                        help=f"re-pin the table of one strategy ({ENGINE!r} for the engine's); may be repeated")
    parser.add_argument("--write-all", action="store_true", help="re-pin every table")
    parser.add_argument("--check", metavar="NAME", action="append", default=[], help="check these tables only")
    parser.add_argument("--mixed", action="store_true", help="print the old single hash (30 games a table)")
    args = parser.parse_args()
    if args.mixed:
        print(json.dumps(fingerprint(30)))
        return
    names = table_names()
    unknown = [n for n in args.write + args.check if n not in names]
    if unknown:
        parser.error(f"no table {', '.join(unknown)}; tables: {', '.join(names)}")
    if args.write or args.write_all:
        for name in names if args.write_all else args.write:
            print(f"wrote {write(name).relative_to(ROOT)}")
        return
    problems = [line for name in (args.check or names) for line in differences(name)]
    print("\n".join(problems) if problems else "every table plays as pinned")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
