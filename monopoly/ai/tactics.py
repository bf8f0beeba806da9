"""Small questions about holdings that several strategies ask (pure functions of a view)."""

from __future__ import annotations

from typing import Callable, Iterable, Sequence

from ..engine import NOBODY, CardOdds, Edition, Group, MoveOffline
from .view import GameView, Offer


_GROUPS: dict[int, tuple[Edition, tuple[Group, ...], dict[int, Group]]] = {}


def _groups(edition: Edition) -> tuple[tuple[Group, ...], dict[int, Group]]:
    # Keyed by identity: hashing a whole edition is slow, and editions are loaded once.
    found = _GROUPS.get(id(edition))
    if found is None or found[0] is not edition:
        found = _GROUPS[id(edition)] = (edition, edition.groups, {s: g for g in edition.groups for s in g.squares})
    return found[1], found[2]


def group_at(view: GameView, square: int) -> Group | None:
    return _groups(view.edition)[1].get(square)


def street_groups(view: GameView) -> tuple[Group, ...]:
    return tuple(g for g in view.edition.groups if view.edition.squares[g.squares[0]].kind == "street")


def is_street(view: GameView, square: int) -> bool:
    return view.edition.squares[square].kind == "street"


def completes_group(view: GameView, player: int, square: int) -> bool:
    """True when ``player`` owns every other square of ``square``'s group."""
    g = group_at(view, square)
    if g is None:
        return False
    return all(view.owner(s) == player for s in g.squares if s != square)


def complete_groups(view: GameView, player: int, owners: Sequence[int] | None = None,
                    streets_only: bool = False) -> set[str]:
    """Ids of the groups ``player`` owns whole (in ``owners`` if given, else on the board)."""
    own = owners if owners is not None else view.owners()
    out = set()
    for g in view.edition.groups:
        if streets_only and view.edition.squares[g.squares[0]].kind != "street":
            continue
        if all(own[s] == player for s in g.squares):
            out.add(g.id)
    return out


def owners_after(view: GameView, offer: Offer) -> list[int]:
    """The owner of every square once ``offer`` is carried out."""
    own = list(view.owners())
    for s in offer.give:
        own[s] = offer.recipient
    for s in offer.take:
        own[s] = offer.proposer
    return own


def cash_change(offer: Offer, player: int) -> int:
    """What ``player`` gains (or loses, when negative) in cash from ``offer``."""
    if player == offer.proposer:
        return -offer.cash
    if player == offer.recipient:
        return offer.cash
    return 0


def can_pay_offer(view: GameView, offer: Offer, player: int) -> bool:
    return view.cash(player) + cash_change(offer, player) >= 0


def legal_builds(view: GameView, squares: Iterable[int]) -> list[int]:
    """Squares among ``squares`` where this seat may put its next building now (cash aside)."""
    return [s for s in squares if view.build_problem(s) is None]


def unowned(view: GameView) -> int:
    """How many title deeds the bank still holds."""
    return sum(1 for s in view.edition.properties if view.owner(s) == NOBODY)


def planned_builds(view: GameView, hotels: bool, budget: int,
                   allow: Callable[[int, int], bool] | None = None) -> int:
    """How many houses (or hotels, with ``hotels``) this seat would put up now if the bank had
    them, building evenly on its whole unmortgaged streets, least built and cheapest first, and
    spending at most ``budget`` at printed cost.

    ``allow(level, left)`` may refuse the next building on a site at ``level`` when ``left`` is
    what remains of the budget (a cap on houses per street, say). Houses go up to the last house
    before a hotel; hotels go only on sites whose group already has that many houses everywhere,
    as in a building order (``View.build_capacity``).
    """
    if budget <= 0:
        return 0
    squares = view.edition.squares
    hph = view.rules.houses_per_hotel
    groups = [g.squares for g in view.monopolies() if not any(view.mortgaged(s) for s in g.squares)]
    levels = {s: view.level(s) for g in groups for s in g}
    count = 0
    left = budget
    if hotels:
        ready = [s for g in groups if min(levels[m] for m in g) >= hph for s in g if levels[s] == hph]
        for s in sorted(ready, key=lambda s: (squares[s].house_cost, s)):
            cost = squares[s].house_cost
            if cost <= left and (allow is None or allow(hph, left)):
                left -= cost
                count += 1
        return count
    while True:
        best = None
        for g in groups:
            low = min(levels[s] for s in g)
            if low >= hph:
                continue
            for s in g:
                cost = squares[s].house_cost
                if levels[s] != low or cost > left or (allow is not None and not allow(low, left)):
                    continue
                key = (low, cost, s)
                if best is None or key < best[0]:
                    best = (key, s, cost)
        if best is None:
            return count
        _, s, cost = best
        levels[s] += 1
        left -= cost
        count += 1


def dearest_rival_offline(view: GameView, player: int) -> MoveOffline | None:
    """The Offline token put on the rival deed that earns most (the .com rule), or None when no
    rival deed may take it."""
    theirs = [s for s in view.edition.properties
              if view.owner(s) not in (NOBODY, player) and view.is_legal(MoveOffline(player, s))]
    if not theirs:
        return None
    return MoveOffline(player, max(theirs, key=lambda s: (view.rent(s), -s)))


def card_expectation(view: GameView, deck: str) -> float:
    """The cash a card from ``deck`` brings the seat on average (negative: costs), for choosing
    between a fine and a draw: each kind's expected cash is the engine's card registry's
    (``effects.py``), for the seat's opponents, buildings and the rules."""
    cards = view.edition.deck(deck)
    owned = view.owned()
    odds = CardOdds(len(view.opponents()), sum(view.houses(s) for s in owned), sum(1 for s in owned if view.hotel(s)),
                    view.edition.jail_fine, view.go_salary() if view.rules.go_landing_double else 0)
    total = 0.0
    for card in cards:  # added in order: the same sum on every Python
        total += card.effect.expected_cash(card, odds)
    return total / max(1, len(cards))
