"""What the valuation reads about a board, worked out once per edition and rule set.

Prices, mortgages, house costs, the groups, and from ``board.py``'s landing frequencies the rent
each square brings per opponent turn at each level of development. Money is kept in the edition's
own units; ``scale`` turns it into "classic dollars" (the US board's $1,500 start), so one set of
fitted weights serves every board.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ...engine import Edition, load_edition
from ..board import board_facts

BOARD = 40
JAIL_SQUARE = 10
STREET, RAILROAD, UTILITY = 0, 1, 2


@dataclass(frozen=True)
class GroupTable:
    """One group: its squares, kind (``STREET``, ``RAILROAD``, ``UTILITY``) and, for streets, the cost of
    a house and the group's rent per opponent turn at each level 0 (the doubled site rent) to 5."""

    index: int
    kind: int
    squares: tuple[int, ...]
    house_cost: int
    rate: tuple[float, ...]


@dataclass(frozen=True)
class Tables:
    """Per-square and per-group numbers; square lists are indexed by square (0 for non-properties)."""

    edition: str
    scale: float
    properties: tuple[int, ...]
    price: tuple[int, ...]
    mortgage: tuple[int, ...]
    house_cost: tuple[int, ...]
    kind: tuple[int, ...]            # STREET, RAILROAD, UTILITY, or -1
    group: tuple[int, ...]           # the group index of each property, -1 elsewhere
    groups: tuple[GroupTable, ...]
    landing: tuple[float, ...]       # landings per turn of one token
    rate: tuple[tuple[float, ...], ...]  # rent per opponent turn by level (streets) or count - 1
    rent: tuple[tuple[int, ...], ...]    # printed rent by level (streets, railroads)
    multipliers: tuple[tuple[int, ...], ...]  # utilities
    go_to_jail: int
    bank_houses: int
    bank_hotels: int


def tables_for(edition: Edition, doubles_again_from_jail: bool = False, doubles_again: bool = True,
               three_doubles_jail: bool = True) -> Tables:
    """The cached ``Tables`` of an edition under the rules that change where tokens land."""
    if edition.source:  # a player's own board: not cached by id, its squares may differ
        return _build(edition, doubles_again_from_jail, doubles_again, three_doubles_jail)
    return _cached(edition.id, doubles_again_from_jail, doubles_again, three_doubles_jail)


@lru_cache(maxsize=None)
def _cached(edition_id: str, doubles_again_from_jail: bool, doubles_again: bool, three_doubles_jail: bool) -> Tables:
    return _build(load_edition(edition_id), doubles_again_from_jail, doubles_again, three_doubles_jail)


def _build(edition: Edition, doubles_again_from_jail: bool, doubles_again: bool, three_doubles_jail: bool) -> Tables:
    facts = board_facts(edition, doubles_again_from_jail, doubles_again, three_doubles_jail)
    squares = edition.squares
    kinds = {"street": STREET, "railroad": RAILROAD, "utility": UTILITY}
    kind = tuple(kinds.get(str(s.kind), -1) for s in squares)
    group = [-1] * len(squares)
    groups: list[GroupTable] = []
    for g in edition.groups:
        if not g.squares or kind[g.squares[0]] < 0:
            continue
        i = len(groups)
        for s in g.squares:
            group[s] = i
        k = kind[g.squares[0]]
        if k == STREET:
            rate = tuple(facts.group_rate(g.squares, level) for level in range(6))
            groups.append(GroupTable(i, k, g.squares, squares[g.squares[0]].house_cost, rate))
        else:
            groups.append(GroupTable(i, k, g.squares, 0, ()))
    jail_squares = [s.index for s in squares if str(s.kind) == "go_to_jail"]
    return Tables(
        edition=edition.id, scale=1500 / max(1, edition.starting_cash),
        properties=tuple(s.index for s in squares if kind[s.index] >= 0),
        price=tuple(s.price for s in squares), mortgage=tuple(s.mortgage for s in squares),
        house_cost=tuple(s.house_cost for s in squares), kind=kind, group=tuple(group), groups=tuple(groups),
        landing=facts.landing, rate=facts.rent_rate, rent=tuple(s.rent for s in squares),
        multipliers=tuple(s.multipliers for s in squares),
        go_to_jail=jail_squares[0] if jail_squares else -1,
        bank_houses=edition.bank_houses, bank_hotels=edition.bank_hotels)


THROWS: tuple[tuple[int, float], ...] = tuple((total, (6 - abs(total - 7)) / 36) for total in range(2, 13))
"""The totals of two dice and their chances: where a token may stop on its next throw."""
