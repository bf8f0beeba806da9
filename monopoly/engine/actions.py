"""What a player can ask the engine to do: one small frozen value per verb.

Every action names the player who takes it, because many decisions are not the current
player's (bids, rent claims, trade answers) and building, mortgaging and trading are allowed
at any time. ``Game.apply`` checks an action against the rules before it changes anything.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from .serial import to_plain


@dataclass(frozen=True)
class Action:
    player: int
    verb: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        return {"action": self.verb, **to_plain(self)}


@dataclass(frozen=True)
class Roll(Action):
    """Throw the dice: a normal move, or an attempt at doubles while in jail."""
    verb: ClassVar[str] = "roll"


@dataclass(frozen=True)
class PayJailFine(Action):
    verb: ClassVar[str] = "pay_jail_fine"


@dataclass(frozen=True)
class UseJailCard(Action):
    verb: ClassVar[str] = "use_jail_card"


@dataclass(frozen=True)
class Buy(Action):
    verb: ClassVar[str] = "buy"


@dataclass(frozen=True)
class DeclineToBuy(Action):
    """Leave the property to the bank, which auctions it at once."""
    verb: ClassVar[str] = "decline"


@dataclass(frozen=True)
class Bid(Action):
    amount: int = 0
    verb: ClassVar[str] = "bid"


@dataclass(frozen=True)
class PassBid(Action):
    """Leave the auction for good."""
    verb: ClassVar[str] = "pass"


@dataclass(frozen=True)
class PayIncomeTax(Action):
    """Choose the flat amount or the percentage of total worth, before the worth is shown."""
    percent: bool = False
    verb: ClassVar[str] = "income_tax"


@dataclass(frozen=True)
class PayOrDraw(Action):
    """Answer a "pay a fine or take a Chance" card."""
    draw: bool = False
    verb: ClassVar[str] = "pay_or_draw"


@dataclass(frozen=True)
class ClaimRent(Action):
    claim: int = 0
    verb: ClassVar[str] = "claim_rent"


@dataclass(frozen=True)
class Build(Action):
    """Put the next house (or the hotel) on a street."""
    square: int = 0
    verb: ClassVar[str] = "build"


@dataclass(frozen=True)
class SellBuilding(Action):
    square: int = 0
    verb: ClassVar[str] = "sell_building"


@dataclass(frozen=True)
class Mortgage(Action):
    square: int = 0
    verb: ClassVar[str] = "mortgage"


@dataclass(frozen=True)
class LiftMortgage(Action):
    square: int = 0
    verb: ClassVar[str] = "lift_mortgage"


@dataclass(frozen=True)
class ProposeTrade(Action):
    """Offer ``give`` (and jail cards ``give_cards``) for ``take`` (and ``take_cards``).

    ``cash`` goes from the proposer to the recipient; a negative amount goes the other way.
    ``settle_debt`` offers the deal to a creditor in settlement of the debt being raised.
    """
    recipient: int = 0
    give: tuple[int, ...] = ()
    take: tuple[int, ...] = ()
    cash: int = 0
    give_cards: tuple[str, ...] = ()
    take_cards: tuple[str, ...] = ()
    settle_debt: bool = False
    verb: ClassVar[str] = "propose_trade"


@dataclass(frozen=True)
class AcceptTrade(Action):
    verb: ClassVar[str] = "accept_trade"


@dataclass(frozen=True)
class RejectTrade(Action):
    verb: ClassVar[str] = "reject_trade"


@dataclass(frozen=True)
class SettleMortgagedTransfer(Action):
    """For a mortgaged property just received: lift now, or pay the interest and keep it."""
    square: int = 0
    lift: bool = False
    verb: ClassVar[str] = "settle_mortgage"


@dataclass(frozen=True)
class OrderBuildings(Action):
    """Several players order houses (or hotels) the bank is short of: they are auctioned."""
    orders: tuple[tuple[int, int], ...] = ()
    hotels: bool = False
    verb: ClassVar[str] = "order_buildings"


@dataclass(frozen=True)
class DeclareBankruptcy(Action):
    verb: ClassVar[str] = "bankrupt"


@dataclass(frozen=True)
class MoveOffline(Action):
    """Place the .com "Offline" token on a title-deed square."""
    square: int = 0
    verb: ClassVar[str] = "move_offline"


@dataclass(frozen=True)
class EndGame(Action):
    """Stop now: every player is valued and the richest wins (the computer editions' Quit)."""
    verb: ClassVar[str] = "end_game"


ACTION_TYPES: dict[str, type[Action]] = {
    cls.verb: cls
    for cls in (Roll, PayJailFine, UseJailCard, Buy, DeclineToBuy, Bid, PassBid, PayIncomeTax, PayOrDraw,
                ClaimRent, Build, SellBuilding, Mortgage, LiftMortgage, ProposeTrade, AcceptTrade, RejectTrade,
                SettleMortgagedTransfer, OrderBuildings, DeclareBankruptcy, MoveOffline, EndGame)
}


def action_from_dict(data: dict[str, Any]) -> Action:
    """Rebuild an action written by ``Action.to_dict``."""
    cls = ACTION_TYPES.get(data.get("action", ""))
    if cls is None:
        raise ValueError(f"unknown action {data.get('action')!r}")
    kwargs = {}
    for f in fields(cls):
        if f.name in data:
            value = data[f.name]
            if f.name == "orders":
                value = tuple(tuple(pair) for pair in value)
            elif isinstance(value, list):
                value = tuple(value)
            kwargs[f.name] = value
    return cls(**kwargs)
