"""The answers a view hands out: frozen records a client cannot change the game through.

``PlayerInfo``, ``Claim``, ``Offer``, ``Auction``, ``Pending`` (the decision waiting, numbered) and
``SaleEstimate``, and ``pending_of``, which copies one of the engine's decisions into a ``Pending``.
The read view (``view.py``) builds them; the computer players and the front ends read them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import actions as A
from .codes import AuctionItem, DecisionKind as K, OfflineCause, PaymentReason
from .state import NOBODY, Decision

_RAISE_FUNDS, _PLACE_BUILDING, _PAY_OR_DRAW, _MOVE_OFFLINE = (
    K.RAISE_FUNDS, K.PLACE_BUILDING, K.PAY_OR_DRAW, K.MOVE_OFFLINE)


@dataclass(frozen=True)
class PlayerInfo:
    """One player as everyone at the table can see them."""

    seat: int
    name: str
    cash: int
    position: int
    in_jail: bool
    jail_turns: int  # throws for doubles made in this stay in jail
    jail_cards: tuple[str, ...]  # the decks of the Get Out of Jail Free cards held
    bankrupt: bool


@dataclass(frozen=True)
class Claim:
    """Rent that an owner may still claim."""

    id: int
    owner: int
    payer: int
    square: int
    amount: int
    turn: int  # the turn in which it fell due


@dataclass(frozen=True)
class Offer:
    """A trade offer: ``give`` (and ``give_cards``) from the proposer for ``take`` (and
    ``take_cards``) from the recipient; ``cash`` from the proposer (negative: to the proposer)."""

    proposer: int
    recipient: int
    give: tuple[int, ...] = ()
    take: tuple[int, ...] = ()
    cash: int = 0
    give_cards: tuple[str, ...] = ()
    take_cards: tuple[str, ...] = ()
    settle_debt: bool = False

    def action(self) -> A.ProposeTrade:
        """The action that makes this offer."""
        return A.ProposeTrade(self.proposer, self.recipient, self.give, self.take, self.cash, self.give_cards,
                              self.take_cards, self.settle_debt)


@dataclass(frozen=True)
class Auction:
    """The auction under way: ``item`` is a title deed (``square``), a house or a hotel."""

    item: AuctionItem
    square: int
    high_bid: int
    high_bidder: int
    bidders: tuple[int, ...]  # still in, in asking order


@dataclass(frozen=True)
class Pending:
    """The decision the game waits for.

    Only the fields its ``kind`` uses are set: ``square`` (the property to buy, the mortgaged
    deed received, the income tax square), ``amount`` (price, debt, fine, flat tax, winning bid),
    ``creditor`` (who a debt is owed to), ``debt_for`` (what a debt is for), ``building`` (the
    house or hotel to place), ``deck`` (the deck a card may be taken from instead of the fine),
    ``offline_cause`` (why the Offline token moves), ``offer`` and ``auction``.

    ``serial`` numbers the decision in its game: the same while the same decision waits, a new
    (higher) number for each new decision and each new throw. A client that asked a question can
    tell whether it still waits by comparing numbers. Two values compare equal when they say the
    same, whatever their numbers.
    """

    kind: K
    player: int
    square: int = NOBODY
    amount: int = 0
    creditor: int = NOBODY
    debt_for: PaymentReason | None = None
    building: AuctionItem | None = None
    deck: str | None = None
    offline_cause: OfflineCause | None = None
    offer: Offer | None = None
    auction: Auction | None = None
    serial: int = field(default=0, compare=False)


@dataclass(frozen=True)
class SaleEstimate:
    """What selling the next building on a street would do (see ``View.building_sale``)."""

    refund: int
    hotels_broken: int  # hotels that go, the one sold included
    spread: tuple[tuple[int, int], ...] | None  # houses on each site after a break-down, else None


def pending_of(decision: Decision) -> Pending:
    """A frozen copy of one of the engine's decisions.

    Filled in directly: a frozen dataclass's ``__init__`` sets each field through
    ``object.__setattr__``, which costs more than all the rest of a computer's answer to a
    purchase; the value is the same as ``Pending(...)`` (no field has a default factory or a check).
    """
    t = decision.trade
    offer = None if t is None else Offer(t.proposer, t.recipient, tuple(t.give), tuple(t.take), t.cash,
                                         tuple(t.give_cards), tuple(t.take_cards), t.settle_debt)
    a = decision.auction
    typed = _typed_reason(decision) if decision.reason else _NO_REASON
    auction: Auction | None = None
    if a is not None:
        auction = _new(Auction)
        auction.__dict__.update(item=a.item, square=a.square, high_bid=a.high_bid, high_bidder=a.high_bidder,
                                bidders=tuple(a.bidders))
    pending = _new(Pending)
    fields = pending.__dict__
    fields.update(kind=decision.kind, player=decision.player, square=decision.square, amount=decision.amount,
                  creditor=decision.creditor, offer=offer, auction=auction, serial=decision.serial)
    if typed:  # the other typed fields keep their defaults (None), read from the class
        fields.update(typed)
    return pending


_new = object.__new__
_NO_REASON: dict[str, Any] = {}


def _typed_reason(decision: Decision) -> dict[str, Any]:
    """The decision's one saved text as the typed field of ``Pending`` its kind gives it."""
    kind = decision.kind
    if kind is _RAISE_FUNDS:
        return {"debt_for": decision.debt_for}
    if kind is _PLACE_BUILDING:
        return {"building": decision.building}
    if kind is _PAY_OR_DRAW:
        return {"deck": decision.deck}
    if kind is _MOVE_OFFLINE:
        return {"offline_cause": decision.offline_cause}
    return _NO_REASON
