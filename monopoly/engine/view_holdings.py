"""The holdings' side of the engine's read view: who owns what, buildings and the bank's stock,
rent and rent claims, mortgages and what a player is worth (``HoldingsReads``, which ``ReadView``
in ``view.py`` extends with the players, the turn, legality and the clock).

The whole-board answers that depend on the holdings alone are kept here too (``_Kept``): worked
out once per holdings version and shared by every view of a game, since the computer players ask
them several times a turn.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence, cast

from . import actions as A
from . import holdings as H
from .answers import Claim, Offer, SaleEstimate
from .codes import AuctionItem
from .editions import Edition, Group
from .mortgages import lift_cost
from .rules import Rules
from .state import NOBODY
from .table import Table
from .turn import lapses_at_throw


class _Kept:
    """The whole-board answers kept for every view of one game (``View._cache``): each worked out
    once per holdings version (or, for the whole groups, per count of deeds moved) and handed out
    again until the game's numbers move (``Table.holdings_moved``)."""

    __slots__ = ("stamp", "answers", "monopolies")

    def __init__(self) -> None:
        self.stamp = 0  # the holdings version the answers are for (versions start at 1)
        self.answers: dict[Any, Any] = {}
        self.monopolies: tuple[int, dict[int, tuple[Group, ...]]] = (-1, {})


def _kept(g: Table, kept: _Kept, answer: Callable[[Table], Sequence[Any]]) -> Any:
    """``answer(g)`` for an answer that depends on the holdings alone: worked out once per holdings
    version and kept for every view of the game, and handed out as ``[:]`` of what is kept (a
    tuple as it is, a list as a new copy). The view's owners, mortgages, levels and players are
    all made here, so that asking one costs a single call: the computer players ask them several
    times a turn."""
    answers = kept.answers
    if kept.stamp == g.holdings_stamp:
        found = answers.get(answer)
        if found is not None:
            return found[:]
    else:
        kept.stamp = g.holdings_stamp
        answers = kept.answers = {}
    made = answer(g)
    answers[answer] = made
    return made[:]


# The whole-board answers kept by ``_kept`` (module functions: the key of each is the function;
# the view's methods of the same names say what each is).
def _owners_of(g: Table) -> tuple[int, ...]:
    return tuple(g.state.owner)


def _mortgages_of(g: Table) -> tuple[bool, ...]:
    return tuple(g.state.mortgaged)


def _levels_of(g: Table) -> tuple[int, ...]:
    return H.levels(g.rules, g.state)


def _active_players_of(g: Table) -> list[int]:
    return [i for i, p in enumerate(g.state.players) if not p.bankrupt]


class HoldingsReads:
    """The questions about the holdings (see the module docstring); ``ReadView`` holds the
    attributes read here."""

    __slots__ = ()

    _game: Table
    seat: int | None
    edition: Edition
    rules: Rules
    _cache: _Kept

    def _p(self, player: int | None) -> int:
        if player is not None:
            return player
        if self.seat is None:
            raise ValueError("name a player: this view is not one seat's")
        return self.seat

    # ---------------------------------------------------------------- property and buildings
    def owner(self, square: int) -> int:
        """The owner of ``square``, or ``NOBODY`` (-1)."""
        return self._game.state.owner[square]

    def owners(self) -> tuple[int, ...]:
        """The owner of every square, in board order: kept per holdings version (see
        ``holdings_version``)."""
        return cast("tuple[int, ...]", _kept(self._game, self._cache, _owners_of))

    def mortgaged(self, square: int) -> bool:
        return self._game.state.mortgaged[square]

    def houses(self, square: int) -> int:
        return self._game.state.houses[square]

    def hotel(self, square: int) -> bool:
        return self._game.state.hotel[square]

    def level(self, square: int) -> int:
        """Buildings on a street as one number: houses, or houses-per-hotel + 1 for a hotel."""
        return H.level(self._game.rules, self._game.state, square)

    def owned(self, player: int | None = None) -> list[int]:
        """The squares ``player`` owns, in board order."""
        p: int | None = self.seat if player is None else player
        return H.owned(self._game.state, self._p(p) if p is None else p)

    def holdings_by_group(self, player: int | None = None) -> dict[str, tuple[int, ...]]:
        """The squares ``player`` owns, by group id (colour groups, railroads, utilities), in board order."""
        out: dict[str, tuple[int, ...]] = {}
        squares = self._game.edition.squares
        for s in self.owned(player):
            group = squares[s].group or squares[s].kind
            out[group] = out.get(group, ()) + (s,)
        return out

    def owns_group(self, square: int, player: int | None = None) -> bool:
        p: int | None = self.seat if player is None else player
        return H.owns_group(self.edition, self._game.state, self._p(p) if p is None else p, square)

    def monopolies(self, player: int | None = None) -> list[Group]:
        """The colour groups (streets only) that ``player`` owns whole, in board order."""
        g = self._game
        moved, whole = self._cache.monopolies
        if moved != g.deeds_moved:  # worked out for everyone at once, until a deed changes hands
            own = g.state.owner
            found: dict[int, tuple[Group, ...]] = {}  # NOBODY's are the groups nobody owns any of
            for group in _street_groups(g.edition):
                squares = group.squares
                first = own[squares[0]]
                for s in squares:
                    if own[s] != first:
                        break
                else:
                    found[first] = found.get(first, ()) + (group,)
            whole = found
            self._cache.monopolies = (g.deeds_moved, whole)
        p: int | None = self.seat if player is None else player
        return list(whole.get(self._p(p) if p is None else p, ()))

    def has_monopoly(self, player: int | None = None) -> bool:
        """Whether ``player`` owns any colour group whole (``monopolies()`` is not empty), without
        copying the groups: a computer player that builds asks it at every decision."""
        moved, whole = self._cache.monopolies
        if moved != self._game.deeds_moved:
            return bool(self.monopolies(player))
        p: int | None = self.seat if player is None else player
        return (self._p(p) if p is None else p) in whole

    def group_owner(self, group: Group) -> int:
        """The player owning every square of ``group``, or ``NOBODY``."""
        own = self._game.state.owner
        first = own[group.squares[0]]
        return first if all(own[s] == first for s in group.squares) else NOBODY

    def group_has_buildings(self, square: int) -> bool:
        """Whether any site of ``square``'s group has a building (it can then be neither mortgaged
        nor traded)."""
        return H.group_has_buildings(self._game.edition, self._game.state, square)

    @property
    def bank_houses(self) -> int:
        return self._game.state.bank_houses

    @property
    def bank_hotels(self) -> int:
        return self._game.state.bank_hotels

    @property
    def buildings_on_order(self) -> bool:
        """Whether houses or hotels the bank is short of are being auctioned: until that ends
        nobody builds directly."""
        return bool(self._game.state.building_orders)

    @property
    def offline_square(self) -> int | None:
        """Where the .com Offline token stands, or None when the game is played without it."""
        return self._game.state.offline_square if self._game.rules.offline_rule else None

    # --- house rules (rule options that change money): what the screens and players read
    def pot(self) -> int:
        """The money in the Free Parking pot (0 when the game is played without the jackpot)."""
        return self._game.state.pot

    def go_salary(self) -> int:
        """The salary for passing GO under these rules (double it for landing there under
        ``go_landing_double``)."""
        return H.go_salary(self.edition, self.rules)

    def starting_cash(self) -> int:
        """Each player's cash at the start under these rules."""
        return H.starting_cash(self.edition, self.rules)

    def build_problem(self, square: int, player: int | None = None) -> str | None:
        """Why the next building may not go on ``square`` now (cash aside), or None."""
        g = self._game
        p: int | None = self.seat if player is None else player
        return H.build_problem(g.edition, g.rules, g.state, self._p(p) if p is None else p, square)

    def sell_problem(self, square: int, player: int | None = None) -> str | None:
        """Why the next building on ``square`` may not be sold now, or None."""
        g = self._game
        return H.sell_problem(g.edition, g.rules, g.state, self._p(player), square)

    def build_capacity(self, hotels: bool = False, player: int | None = None) -> int:
        """How many more houses (or hotels) ``player``'s whole unmortgaged groups could take now,
        the bank's supply aside."""
        g = self._game
        return H.build_capacity(g.edition, g.rules, g.state, self._p(player), hotels)

    def next_building(self, square: int) -> AuctionItem | None:
        """What ``Build(square)`` would put on a street now, legal or not: a house while it has
        fewer than ``rules.houses_per_hotel`` houses, then the hotel; None once it has the hotel
        (or for a square that takes no buildings)."""
        g = self._game
        if g.edition.squares[square].kind != "street" or g.state.hotel[square]:
            return None
        return AuctionItem.HOTEL if g.state.houses[square] >= g.rules.houses_per_hotel else AuctionItem.HOUSE

    def build_cost(self, square: int) -> int:
        """The price of the next house or hotel on a street."""
        return H.build_cost(self._game.edition, square)

    def building_sale_value(self, square: int) -> int:
        """What the bank would pay for every building on ``square``: half what they cost."""
        g = self._game
        return H.building_sale_value(g.edition, g.rules, g.state, square)

    def building_sale(self, square: int) -> SaleEstimate:
        """What selling the next building on ``square`` would pay now, and whether the bank's
        shortage of houses would break the group's hotels down (the engine's own plan of the sale)."""
        g = self._game
        sale = H.building_sale(g.edition, g.rules, g.state, square)
        return SaleEstimate(sale.refund, sum(1 for step in sale.steps if step[2]), sale.spread)

    # ---------------------------------------------------------------- rent
    def rent(self, square: int, dice_total: int = 7) -> int:
        """Rent due on ``square`` as things stand (a utility's for a throw of ``dice_total``)."""
        return H.rent(self.edition, self.rules, self._game.state, square, dice_total)  # ``Game.rent_of``'s question

    def rent_row(self, square: int) -> int | None:
        """Which rent line of the title deed applies now, or None when no rent is due here.

        Streets: 0 the plain rent, 1 the doubled rent of a whole group, 1 + n with n houses,
        2 + houses-per-hotel with a hotel. Railroads and utilities: the number that count, less one.
        """
        g = self._game
        return H.rent_row(g.edition, g.rules, g.state, square)

    def rent_table(self, square: int) -> tuple[int, ...]:
        """The lines of the title deed, indexed as ``rent_row`` numbers them: streets the plain
        rent, the doubled rent of a whole group, with 1 to ``rules.houses_per_hotel`` houses, with
        a hotel; railroads the rent with 1 to 4 owned; utilities the multiple of the dice total
        with 1 or 2 owned; empty for other squares. What a deed card shows."""
        return H.rent_table(self.edition, self.rules, square)

    def claims(self, owner: int | None = None) -> tuple[Claim, ...]:
        """Rent that can still be claimed (by ``owner``, or by anyone)."""
        return tuple(Claim(c.id, c.owner, c.payer, c.square, c.amount, c.turn)
                     for c in self._game.state.claims if owner is None or c.owner == owner)

    def claims_lapsing_at_throw(self) -> tuple[Claim, ...]:
        """The rent claims that are lost if the player asked to throw throws now (by the rule
        option ``rent_claim``): what a front end asks the owners to claim first."""
        g = self._game
        return tuple(Claim(c.id, c.owner, c.payer, c.square, c.amount, c.turn)
                     for c in g.state.claims if lapses_at_throw(g, c))

    # ---------------------------------------------------------------- mortgages and worth
    def lift_cost(self, square: int) -> int:
        """The mortgage plus interest: what lifting the mortgage on ``square`` costs."""
        return lift_cost(self._game, square)

    def mortgage_interest(self, square: int) -> int:
        """The interest on ``square``'s mortgage: paid on lifting it, or by whoever receives the
        deed mortgaged."""
        return H.ceil_percent(self._game.edition.squares[square].mortgage, self._game.rules.mortgage_interest)

    def trade_interest(self, offer: Offer | A.ProposeTrade) -> dict[int, int]:
        """The mortgage interest each side of a trade would owe on the mortgaged deeds it receives
        (due at once, whether the mortgage is then lifted or kept): a dict from seat to amount, the
        recipient's seat for the deeds given, the proposer's for the deeds taken; sides owing none
        are left out (an empty dict: nobody owes any)."""
        g = self._game
        if isinstance(offer, A.ProposeTrade):
            proposer, recipient, give, take = offer.player, offer.recipient, offer.give, offer.take
        else:
            proposer, recipient, give, take = offer.proposer, offer.recipient, offer.give, offer.take
        out: dict[int, int] = {}
        if not g.rules.mortgage_interest:
            return out
        for receiver, squares in ((recipient, give), (proposer, take)):
            due = sum(self.mortgage_interest(s) for s in squares if g.state.mortgaged[s])
            if due:
                out[receiver] = out.get(receiver, 0) + due
        return out

    def liquid_value(self, player: int | None = None) -> int:
        """Cash plus everything the bank would pay now (the most that can be raised without trading)."""
        g = self._game
        return H.liquid_value(g.edition, g.rules, g.state, self._p(player))

    def property_value(self, player: int | None = None) -> int:
        """What the bank would pay now for everything ``player`` holds, without the cash."""
        g = self._game
        p = self._p(player)
        return H.liquid_value(g.edition, g.rules, g.state, p) - g.state.players[p].cash

    def face_value(self, player: int | None = None) -> int:
        """The end-of-game valuation: cash, printed prices (mortgaged deeds at the mortgage), buildings at cost."""
        g = self._game
        return H.face_value(g.edition, g.rules, g.state, self._p(player))

    def income_tax_worth(self, player: int | None = None) -> int:
        """The worth the percentage income tax is taken from."""
        g = self._game
        return H.income_tax_worth(g.edition, g.rules, g.state, self._p(player))


_STREET_GROUPS: dict[int, tuple[Edition, tuple[Group, ...]]] = {}


def _street_groups(edition: Edition) -> tuple[Group, ...]:
    # Keyed by identity: hashing a whole edition is slow, and editions are loaded once.
    found = _STREET_GROUPS.get(id(edition))
    if found is None or found[0] is not edition:
        found = _STREET_GROUPS[id(edition)] = (
            edition, tuple(g for g in edition.groups if edition.squares[g.squares[0]].kind == "street"))
    return found[1]
