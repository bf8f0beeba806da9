"""A read-only window on a game for one computer player.

A strategy sees the game through a ``GameView``: every question it may ask (cash, owners,
buildings, rent, what is legal), and no way to change anything. Values come back as numbers,
tuples and frozen copies, never as the engine's own lists, so a strategy cannot alter the game
by accident. The view always shows the game as it is now; it is cheap to keep.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..engine import holdings as H
from ..engine.actions import Action
from ..engine.state import NOBODY, Decision, DecisionKind as K

if TYPE_CHECKING:
    from ..engine.editions import Edition, Group
    from ..engine.game import Game
    from ..engine.rules import Rules
    from .board import BoardFacts


@dataclass(frozen=True)
class Claim:
    """Rent that an owner may claim (a frozen copy of the engine's record)."""
    id: int
    owner: int
    payer: int
    square: int
    amount: int
    turn: int


@dataclass(frozen=True)
class Offer:
    """A trade offer as the recipient sees it (a frozen copy of the engine's record)."""
    proposer: int
    recipient: int
    give: tuple[int, ...]
    take: tuple[int, ...]
    cash: int
    give_cards: tuple[str, ...]
    take_cards: tuple[str, ...]
    settle_debt: bool


@dataclass(frozen=True)
class Auction:
    """The auction under way (a frozen copy): ``item`` is "square", "house" or "hotel"."""
    item: str
    square: int
    high_bid: int
    high_bidder: int
    bidders: tuple[int, ...]


@dataclass(frozen=True)
class Pending:
    """The decision a strategy is asked to take (a frozen copy of the engine's ``Decision``).

    ``kind`` is a ``DecisionKind`` name; only the fields that kind uses are set: ``square`` (the
    property to buy, the mortgaged property received), ``amount`` (price, debt, fine, flat tax,
    winning bid), ``creditor`` (who a debt is owed to), ``reason`` ("house"/"hotel" to place, the
    deck to draw from), ``offer`` and ``auction``.
    """
    kind: str
    player: int
    square: int = NOBODY
    amount: int = 0
    creditor: int = NOBODY
    reason: str = ""
    offer: Offer | None = None
    auction: Auction | None = None


def pending_of(decision: Decision) -> Pending:
    return Pending(decision.kind, decision.player, decision.square, decision.amount, decision.creditor,
                   decision.reason, offer_of(decision), auction_of(decision))


class GameView:
    """What ``seat`` may know about ``game``; see the module docstring.

    ``refused`` is the seat's record of refused trade offers, kept by ``ComputerPlayers``.
    """

    __slots__ = ("_game", "seat", "_refused", "_monopolies")

    def __init__(self, game: "Game", seat: int, refused: "dict | None" = None) -> None:
        self._game = game
        self.seat = seat
        self._refused = refused if refused is not None else {}
        self._monopolies: dict[int, tuple] = {}  # player -> (owners when computed, groups)

    # ---------------------------------------------------------------- the board and rules
    @property
    def edition(self) -> "Edition":
        """The board, deeds and cards (immutable)."""
        return self._game.edition

    @property
    def rules(self) -> "Rules":
        """The rule options of this game (immutable)."""
        return self._game.rules

    @property
    def facts(self) -> "BoardFacts":
        """Landing frequencies and rent per opponent turn for this board (see ``board.py``)."""
        from .board import board_facts
        return board_facts(self._game.edition, self._game.rules.jail_doubles_roll_again)

    @property
    def groups(self) -> "tuple[Group, ...]":
        return self._game.edition.groups

    def group_of(self, square: int) -> "Group | None":
        return self._game.edition.group_of(square)

    # ---------------------------------------------------------------- players
    @property
    def players(self) -> int:
        """How many seats the game has (bankrupt players included)."""
        return len(self._game.state.players)

    def name(self, player: int) -> str:
        return self._game.state.players[player].name

    def cash(self, player: int | None = None) -> int:
        return self._game.state.players[self.seat if player is None else player].cash

    def position(self, player: int | None = None) -> int:
        return self._game.state.players[self.seat if player is None else player].position

    def in_jail(self, player: int | None = None) -> bool:
        return self._game.state.players[self.seat if player is None else player].in_jail

    def jail_turns(self, player: int | None = None) -> int:
        return self._game.state.players[self.seat if player is None else player].jail_turns

    def jail_cards(self, player: int | None = None) -> tuple[str, ...]:
        return tuple(self._game.state.players[self.seat if player is None else player].jail_cards)

    def bankrupt(self, player: int) -> bool:
        return self._game.state.players[player].bankrupt

    def active_players(self) -> list[int]:
        return [i for i, p in enumerate(self._game.state.players) if not p.bankrupt]

    def opponents(self) -> list[int]:
        return [i for i, p in enumerate(self._game.state.players) if not p.bankrupt and i != self.seat]

    # ---------------------------------------------------------------- property
    def owner(self, square: int) -> int:
        """The owner of ``square``, or ``NOBODY`` (-1)."""
        return self._game.state.owner[square]

    def owners(self) -> tuple[int, ...]:
        return tuple(self._game.state.owner)

    def mortgaged(self, square: int) -> bool:
        return self._game.state.mortgaged[square]

    def houses(self, square: int) -> int:
        return self._game.state.houses[square]

    def hotel(self, square: int) -> bool:
        return self._game.state.hotel[square]

    def level(self, square: int) -> int:
        """Houses on a street, or houses-per-hotel + 1 for a hotel."""
        return H.level(self._game.rules, self._game.state, square)

    def owned(self, player: int | None = None) -> list[int]:
        return H.owned(self._game.state, self.seat if player is None else player)

    def owns_group(self, square: int, player: int | None = None) -> bool:
        return H.owns_group(self._game.edition, self._game.state, self.seat if player is None else player, square)

    def monopolies(self, player: int | None = None) -> list["Group"]:
        """The colour groups (streets only) that ``player`` owns whole, in board order."""
        p = self.seat if player is None else player
        own = self._game.state.owner
        key = tuple(own)
        cached = self._monopolies.get(p)
        if cached is not None and cached[0] == key:
            return list(cached[1])
        found = []
        for g in _street_groups(self._game.edition):
            for s in g.squares:
                if own[s] != p:
                    break
            else:
                found.append(g)
        self._monopolies[p] = (key, tuple(found))
        return found

    def group_owner(self, group: "Group") -> int:
        """The player owning every square of ``group``, or ``NOBODY``."""
        own = self._game.state.owner
        first = own[group.squares[0]]
        return first if all(own[s] == first for s in group.squares) else NOBODY

    def group_has_buildings(self, square: int) -> bool:
        return H.group_has_buildings(self._game.edition, self._game.state, square)

    @property
    def bank_houses(self) -> int:
        return self._game.state.bank_houses

    @property
    def bank_hotels(self) -> int:
        return self._game.state.bank_hotels

    @property
    def buildings_on_order(self) -> bool:
        """Whether houses or hotels the bank is short of are being auctioned: until that ends nobody
        builds directly (``build_problem`` does not say so, as the auction's winner places its
        building while the orders still stand)."""
        return bool(self._game.state.building_orders)

    def build_problem(self, square: int, player: int | None = None) -> str | None:
        """Why the next building may not go on ``square`` now (cash aside), or None."""
        return H.build_problem(self._game.edition, self._game.rules, self._game.state,
                               self.seat if player is None else player, square)

    def build_capacity(self, hotels: bool = False, player: int | None = None) -> int:
        """How many more houses (or hotels, with ``hotels``) ``player``'s whole unmortgaged groups
        could take now, the bank's supply aside (a hotel only on a site whose group has four houses)."""
        g = self._game
        return H.build_capacity(g.edition, g.rules, g.state, self.seat if player is None else player, hotels)

    def sell_problem(self, square: int, player: int | None = None) -> str | None:
        return H.sell_problem(self._game.edition, self._game.rules, self._game.state,
                              self.seat if player is None else player, square)

    def rent(self, square: int, dice_total: int = 7) -> int:
        """Rent due on ``square`` as things stand."""
        return self._game.rent_of(square, dice_total)

    def liquid_value(self, player: int | None = None) -> int:
        """Cash plus everything the bank would pay now (the most that can be raised without trading)."""
        return self._game.liquid_value(self.seat if player is None else player)

    def face_value(self, player: int | None = None) -> int:
        return self._game.face_value(self.seat if player is None else player)

    def income_tax_worth(self, player: int | None = None) -> int:
        """The worth the percentage income tax is taken from."""
        g = self._game
        return H.income_tax_worth(g.edition, g.rules, g.state, self.seat if player is None else player)

    def lift_cost(self, square: int) -> int:
        return self._game.lift_cost(square)

    def bid_limit(self, player: int | None = None) -> int:
        return self._game.bid_limit(self.seat if player is None else player)

    def building_sale_value(self, square: int) -> int:
        g = self._game
        return H.building_sale_value(g.edition, g.rules, g.state, square)

    # ---------------------------------------------------------------- the turn and decisions
    @property
    def turn(self) -> int:
        """The number of the turn in play (every player's turn counts one)."""
        return self._game.state.turn.number

    @property
    def current_player(self) -> int:
        return self._game.state.turn.player

    @property
    def pending_kind(self) -> str:
        return self._game.pending.kind

    @property
    def pending_player(self) -> int:
        return self._game.pending.player

    def claims(self, owner: int | None = None) -> tuple[Claim, ...]:
        """Rent that can still be claimed (by ``owner``, or by anyone)."""
        return tuple(Claim(c.id, c.owner, c.payer, c.square, c.amount, c.turn)
                     for c in self._game.state.claims if owner is None or c.owner == owner)

    def in_debt(self, player: int | None = None) -> bool:
        """Whether ``player`` owes a debt still to be raised (and so may raise cash but not spend it)."""
        p = self.seat if player is None else player
        return any(d.kind == K.RAISE_FUNDS and d.player == p for d in self._game.state.stack)

    def can_declare_bankruptcy(self) -> bool:
        return self._game.can_declare_bankruptcy(self.seat)

    def is_legal(self, action: Action) -> bool:
        return self._game.is_legal(action)

    def legal_actions(self) -> list[Action]:
        """Every concrete legal action of this seat now (slow: prefer ``is_legal``)."""
        return self._game.legal_actions(self.seat)

    def refused_recently(self, recipient: int, give: tuple[int, ...], take: tuple[int, ...]) -> bool:
        """True when this seat offered ``recipient`` these properties recently and was refused."""
        until = self._refused.get((recipient, tuple(sorted(give)), tuple(sorted(take))))
        return until is not None and self._game.state.turn.number < until

    def money(self, amount: int) -> str:
        return self._game.money(amount)


_STREET_GROUPS: dict[int, tuple] = {}


def _street_groups(edition: "Edition") -> "tuple[Group, ...]":
    # Keyed by identity: hashing a whole edition is slow, and editions are loaded once.
    found = _STREET_GROUPS.get(id(edition))
    if found is None or found[0] is not edition:
        found = _STREET_GROUPS[id(edition)] = (
            edition, tuple(g for g in edition.groups if edition.squares[g.squares[0]].kind == "street"))
    return found[1]


def offer_of(decision: Decision) -> Offer | None:
    t = decision.trade
    if t is None:
        return None
    return Offer(t.proposer, t.recipient, tuple(t.give), tuple(t.take), t.cash, tuple(t.give_cards),
                 tuple(t.take_cards), t.settle_debt)


def auction_of(decision: Decision) -> Auction | None:
    a = decision.auction
    if a is None:
        return None
    return Auction(a.item, a.square, a.high_bid, a.high_bidder, tuple(a.bidders))


__all__ = ["Auction", "Claim", "GameView", "NOBODY", "Offer", "Pending", "K", "auction_of", "offer_of", "pending_of"]
