"""What happened: the engine's report of each action's consequences.

Front ends turn events into messages and animations; tests assert on them; the log of a game
is a list of them. Each event is a small slotted record with a ``kind`` name for saving; treat it
as read-only. (Events are not frozen dataclasses because a simulated game makes thousands of them
and a frozen dataclass takes about four times as long to build.)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from .serial import from_plain, to_plain
from .codes import AuctionItem, PaymentReason, Termination

BANK = -1  # the payer or payee of a money movement that is the bank


@dataclass(slots=True)
class Event:
    kind: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        return {"event": self.kind, **to_plain(self)}


@dataclass(slots=True)
class StartingRoll(Event):
    player: int
    dice: tuple[int, int]
    kind: ClassVar[str] = "starting_roll"


@dataclass(slots=True)
class FirstPlayer(Event):
    player: int
    kind: ClassVar[str] = "first_player"


@dataclass(slots=True)
class DeedDealt(Event):
    player: int
    square: int
    price: int
    kind: ClassVar[str] = "deed_dealt"


@dataclass(slots=True)
class TurnStarted(Event):
    player: int
    turn: int
    kind: ClassVar[str] = "turn_started"


@dataclass(slots=True)
class DiceRolled(Event):
    player: int
    dice: tuple[int, int]
    purpose: str = "move"  # "move", "jail" (trying for doubles) or "utility" (a card's fresh throw)
    kind: ClassVar[str] = "dice_rolled"


@dataclass(slots=True)
class Moved(Event):
    player: int
    start: int
    end: int
    steps: int
    kind: ClassVar[str] = "moved"


@dataclass(slots=True)
class PassedGo(Event):
    player: int
    salary: int
    kind: ClassVar[str] = "passed_go"


@dataclass(slots=True)
class IntoPot(Event):
    """Money went into the Free Parking pot (``payer`` BANK: the bank's stake), which now holds ``pot``."""

    payer: int
    amount: int
    pot: int
    kind: ClassVar[str] = "into_pot"


@dataclass(slots=True)
class Landed(Event):
    player: int
    square: int
    kind: ClassVar[str] = "landed"


@dataclass(slots=True)
class CardDrawn(Event):
    player: int
    deck: str
    card: str
    text: str
    kind: ClassVar[str] = "card_drawn"


@dataclass(slots=True)
class Paid(Event):
    """Money moved; ``payer`` or ``payee`` is ``BANK`` (-1) for the bank."""
    payer: int
    payee: int
    amount: int
    reason: PaymentReason
    kind: ClassVar[str] = "paid"


@dataclass(slots=True)
class RentDue(Event):
    claim: int
    owner: int
    payer: int
    square: int
    amount: int
    kind: ClassVar[str] = "rent_due"


@dataclass(slots=True)
class RentLapsed(Event):
    claim: int
    owner: int
    payer: int
    amount: int
    kind: ClassVar[str] = "rent_lapsed"


@dataclass(slots=True)
class NoRent(Event):
    square: int
    owner: int
    reason: str  # "mortgaged", "offline", "own" or "jail" (the owner is in jail: rule option jail_no_rent)
    kind: ClassVar[str] = "no_rent"


@dataclass(slots=True)
class Bought(Event):
    player: int
    square: int
    price: int
    kind: ClassVar[str] = "bought"


@dataclass(slots=True)
class Declined(Event):
    """A deed was declined and, with auctions off, stays with the bank for the next to land there."""

    player: int
    square: int
    kind: ClassVar[str] = "declined"


@dataclass(slots=True)
class AuctionStarted(Event):
    item: AuctionItem
    square: int
    bidders: tuple[int, ...]
    kind: ClassVar[str] = "auction_started"


@dataclass(slots=True)
class BidMade(Event):
    player: int
    amount: int
    kind: ClassVar[str] = "bid_made"


@dataclass(slots=True)
class BidderPassed(Event):
    player: int
    kind: ClassVar[str] = "bidder_passed"


@dataclass(slots=True)
class AuctionWon(Event):
    player: int
    item: AuctionItem
    square: int
    amount: int
    kind: ClassVar[str] = "auction_won"


@dataclass(slots=True)
class AuctionUnsold(Event):
    item: AuctionItem
    square: int
    kind: ClassVar[str] = "auction_unsold"


@dataclass(slots=True)
class AuctionVoided(Event):
    """A bid beyond the bidder's assets ended the auction with nothing sold (the UK rule)."""
    player: int
    amount: int
    item: AuctionItem
    square: int
    kind: ClassVar[str] = "auction_voided"


@dataclass(slots=True)
class SentToJail(Event):
    player: int
    reason: str  # "square", "card" or "doubles"
    kind: ClassVar[str] = "sent_to_jail"


@dataclass(slots=True)
class LeftJail(Event):
    player: int
    how: str  # "doubles", "fine", "card", "forced_fine"
    kind: ClassVar[str] = "left_jail"


@dataclass(slots=True)
class StayedInJail(Event):
    player: int
    turns: int
    kind: ClassVar[str] = "stayed_in_jail"


@dataclass(slots=True)
class JailCardGained(Event):
    player: int
    deck: str
    kind: ClassVar[str] = "jail_card_gained"


@dataclass(slots=True)
class JailCardPassed(Event):
    """A Get Out of Jail Free card changed hands (a trade, a bankruptcy); receiver BANK: back under its deck."""
    giver: int
    receiver: int
    deck: str
    kind: ClassVar[str] = "jail_card_passed"


@dataclass(slots=True)
class TaxChoiceNeeded(Event):
    player: int
    flat: int
    percent: int
    kind: ClassVar[str] = "tax_choice_needed"


@dataclass(slots=True)
class BuildingBought(Event):
    player: int
    square: int
    houses: int
    hotel: bool
    cost: int
    kind: ClassVar[str] = "building_bought"


@dataclass(slots=True)
class BuildingSold(Event):
    player: int
    square: int
    houses: int
    hotel: bool
    refund: int
    kind: ClassVar[str] = "building_sold"


@dataclass(slots=True)
class HotelBreakdown(Event):
    """A hotel sold when the bank lacks houses to replace it: the group was rearranged."""
    player: int
    group: str
    levels: tuple[tuple[int, int], ...]  # (square, houses) after the rearrangement
    kind: ClassVar[str] = "hotel_breakdown"


@dataclass(slots=True)
class Mortgaged(Event):
    player: int
    square: int
    amount: int
    kind: ClassVar[str] = "mortgaged"


@dataclass(slots=True)
class MortgageLifted(Event):
    player: int
    square: int
    amount: int
    kind: ClassVar[str] = "mortgage_lifted"


@dataclass(slots=True)
class TradeProposed(Event):
    proposer: int
    recipient: int
    give: tuple[int, ...]
    take: tuple[int, ...]
    cash: int
    give_cards: tuple[str, ...]
    take_cards: tuple[str, ...]
    settle_debt: bool
    kind: ClassVar[str] = "trade_proposed"


@dataclass(slots=True)
class TradeAnswered(Event):
    proposer: int
    recipient: int
    accepted: bool
    kind: ClassVar[str] = "trade_answered"


@dataclass(slots=True)
class PropertyTransferred(Event):
    square: int
    giver: int  # BANK for the bank
    receiver: int  # BANK for the bank
    kind: ClassVar[str] = "property_transferred"


@dataclass(slots=True)
class DebtRaised(Event):
    """A player owes more cash than they hold and must raise it before play goes on."""
    debtor: int
    creditor: int
    amount: int
    reason: PaymentReason
    kind: ClassVar[str] = "debt_raised"


@dataclass(slots=True)
class DebtPaid(Event):
    """A debt announced by ``DebtRaised`` is paid in cash, in full (it follows its ``Paid``)."""
    debtor: int
    creditor: int
    amount: int
    reason: PaymentReason
    kind: ClassVar[str] = "debt_paid"


@dataclass(slots=True)
class Bankrupt(Event):
    player: int
    creditor: int
    kind: ClassVar[str] = "bankrupt"


@dataclass(slots=True)
class OfflineMoved(Event):
    player: int
    square: int
    kind: ClassVar[str] = "offline_moved"


@dataclass(slots=True)
class BuildingsOrdered(Event):
    orders: tuple[tuple[int, int], ...]
    hotels: bool
    available: int
    kind: ClassVar[str] = "buildings_ordered"


@dataclass(slots=True)
class TimeUp(Event):
    kind: ClassVar[str] = "time_up"


@dataclass(slots=True)
class GameOver(Event):
    termination: Termination
    winner: int  # -1 when nobody wins (a game stopped by the turn limit)
    values: tuple[int, ...]
    kind: ClassVar[str] = "game_over"


@dataclass(slots=True)
class ActionUndone(Event):
    """A person took back their last action (``Game.undo``): the game is as it was before it.

    Only returned by ``undo``, never kept in the log, which holds what stands."""
    player: int
    verb: str
    action: dict[str, Any]
    kind: ClassVar[str] = "action_undone"


EVENT_TYPES: dict[str, type[Event]] = {
    cls.kind: cls for cls in (
        StartingRoll, FirstPlayer, DeedDealt, TurnStarted, DiceRolled, Moved, PassedGo, Landed, CardDrawn, Paid,
        IntoPot, Declined,
        RentDue, RentLapsed, NoRent, Bought, AuctionStarted, BidMade, BidderPassed, AuctionWon, AuctionUnsold,
        AuctionVoided, SentToJail, LeftJail, StayedInJail, JailCardGained, JailCardPassed, TaxChoiceNeeded,
        BuildingBought, BuildingSold, HotelBreakdown, Mortgaged, MortgageLifted, TradeProposed, TradeAnswered, PropertyTransferred, DebtRaised,
        DebtPaid, Bankrupt, OfflineMoved, BuildingsOrdered, TimeUp, GameOver, ActionUndone)
}


def event_from_dict(data: dict[str, Any]) -> Event:
    """Rebuild an event written by ``Event.to_dict`` (``serial.from_plain``: each field checked
    against its type; a ``ValueError`` names what is wrong)."""
    if not isinstance(data, dict):
        raise ValueError("an event must be an object")
    cls = EVENT_TYPES.get(data.get("event", ""))
    if cls is None:
        raise ValueError(f"unknown event {data.get('event')!r}")
    fields_only = {k: v for k, v in data.items() if k != "event"}
    event: Event = from_plain(cls, fields_only, f"event {cls.kind}")
    return event
