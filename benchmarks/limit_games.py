"""What the games ``ruthless`` plays against a field look like at the turn limit (issue 28).

Plays the field table's games against ``v3``, ``generous`` and ``hoarder`` (or the field
``--field`` names, e.g. ``basic,basic,basic``; the same seeds and seats as
``bench_ai_strength.py``), looks at every game still going at the turn limit and sorts it:

- ``ruthless out``: it is bankrupt already, so the game is lost whatever follows;
- ``dead``: every deed is sold and no offer either side of any deal would accept can ever be made.
  This follows from the opponents' published behaviour alone: ``hoarder`` never trades, and the
  ``basic`` family (``v3``, ``generous``) accepts only a deal that completes a group of its own
  (the railroads and the utilities count), losing none, so no deal happens unless some group
  without buildings is held by ``ruthless`` alone or by it and one such player; the opponents'
  own cash offers are for such a group too. Without such a group no deed can ever change hands
  but by bankruptcy (``basic`` itself proposes nothing; the sort is meant for fields of the
  ``basic`` family and reads nothing but the owners and buildings);
- ``open``: such a group exists, so some offer could still be accepted (``ruthless``'s lever sale,
  ``Ruthless._lever_sale``, hands such a group over once the game is long).

For each it counts the players in play and whether any colour group is owned whole, and with
``--extend N`` plays the same games on to turn ``N`` to show what the limit cut short. Not a
test, and it times nothing.

    python benchmarks/limit_games.py [--games 1000] [--seed 1] [--extend 4000] [--field v3,v3,v3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # runs from a checkout too

from monopoly.ai.players import ComputerPlayers  # noqa: E402
from monopoly.engine import NOBODY, Game  # noqa: E402
from monopoly.reports.tournament import DEFAULT_MAX_TURNS, game_seed, seating, start_game  # noqa: E402

FIELD = ("ruthless", "v3", "generous", "hoarder")  # the default field, ``ruthless`` first
NEVER_TRADES = ("hoarder",)


def state(game: Game, seats: list[str]) -> str:
    """``ruthless out``, ``unsold`` (a deed is still for sale), ``open`` or ``dead`` (module docstring)."""
    view = game.view
    me = seats.index("ruthless")
    if me not in view.active_players():
        return "ruthless out"
    if any(view.owner(s) == NOBODY for s in view.edition.properties):
        return "unsold"
    traders = {p for p in view.active_players() if p != me and seats[p] not in NEVER_TRADES}
    for group in view.groups:
        holders = {view.owner(s) for s in group.squares}
        if me not in holders or any(view.level(s) for s in group.squares):
            continue
        others = holders - {me}
        if (len(others) == 1 and others <= traders) or (not others and traders):
            return "open"
    return "dead"


def play(index: int, seed: int, limit: int, extend: int,
         field: tuple[str, ...] = FIELD) -> tuple[str | None, dict[str, object] | None, str | None]:
    """Game ``index``: who won by ``limit`` (None: nobody), what it looked like there, who won by ``extend``."""
    seats = seating(field, index)
    gseed = game_seed(seed, index)
    game = start_game(seats, "us", gseed, max(limit, extend))
    players = ComputerPlayers(game, dict(enumerate(seats)), seed=gseed)
    seen: dict[str, object] | None = None
    last_open = 0  # the turn of the last change of holdings after which a deal or a sale could still happen
    version = -1
    while not game.view.over:
        action = players.next_action(game)
        if action is None:
            break
        game.push(action)
        view = game.view
        if view.holdings_version() != version:
            version = view.holdings_version()
            if state(game, seats) != "dead":
                last_open = view.turn
        if seen is None and view.turn >= limit and not view.over:
            seen = {"state": state(game, seats), "players": len(view.active_players()),
                    "sets": any(view.monopolies(p) and any(view.square(g.squares[0]).kind == "street"
                                                           for g in view.monopolies(p))
                                for p in view.active_players()),
                    "dead since": last_open}
    outcome = game.view.outcome
    winner = seats[outcome.winner] if outcome is not None and outcome.winner >= 0 else None
    return (winner if seen is None else None), seen, winner


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--extend", type=int, default=0, help="play the games at the limit on to this turn")
    parser.add_argument("--field", default=",".join(FIELD[1:]), help="the three opponents, comma-separated")
    args = parser.parse_args(argv)
    field = ("ruthless", *[name.strip() for name in args.field.split(",") if name.strip()])
    limit = DEFAULT_MAX_TURNS
    won: Counter[str | None] = Counter()
    kinds: Counter[tuple[str, int, bool]] = Counter()
    later: Counter[tuple[str, str | None]] = Counter()
    since: list[int] = []
    for i in range(args.games):
        winner, seen, final = play(i, args.seed, limit, args.extend, field)
        won[winner] += 1
        if seen is None:
            continue
        kinds[(str(seen["state"]), int(str(seen["players"])), bool(seen["sets"]))] += 1
        if seen["state"] == "dead":
            since.append(int(str(seen["dead since"])))
        if args.extend > limit:
            later[(str(seen["state"]), final)] += 1
    at_limit = sum(kinds.values())
    print(f"{args.games} games, seed {args.seed}, ruthless against {', '.join(field[1:])}, seats rotated")
    print("won by turn", limit, ":", ", ".join(f"{k or 'nobody (turn limit)'} {v}" for k, v in won.most_common()))
    print(f"at the turn limit: {at_limit}")
    for (kind, players, sets), n in sorted(kinds.items()):
        print(f"  {kind:<13} {players} players in play, {'a set on the board' if sets else 'no set on the board'}: {n}")
    if since:
        q = statistics.quantiles(since, n=4) if len(since) > 1 else [since[0]] * 3
        print(f"  dead since turn (the last change that left a deal or a sale possible): median {q[1]:.0f}, "
              f"quartiles {q[0]:.0f}-{q[2]:.0f}")
    if args.extend > limit:
        print(f"played on to turn {args.extend}:")
        for (kind, final), n in sorted(later.items(), key=lambda kv: (kv[0][0], str(kv[0][1]))):
            print(f"  {kind:<13} won by {final or 'nobody yet'}: {n}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
