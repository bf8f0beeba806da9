"""What a player can ask the engine to do: one small frozen value per verb.

Every action names the player who takes it, because many decisions are not the current
player's (bids, rent claims, trade answers) and building, mortgaging and trading are allowed
at any time. ``Game.apply`` checks an action against the rules before it changes anything.
"""

from __future__ import annotations

import typing
from dataclasses import dataclass, fields
from operator import attrgetter
from typing import Any, Callable, ClassVar

from .serial import from_plain, to_plain


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
    """Put the next building on a street: a house while it has fewer than ``houses_per_hotel``
    houses, else the hotel (``View.next_building`` says which; there is no way to ask for "a house"
    and get a hotel by mistake: check it first)."""
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
    """Several players order houses (or hotels) the bank is short of: they are auctioned.

    ``player`` places the order (any player who may deal now); ``orders`` is ``((seat, count),
    ...)``, two or more different seats still in the game, each wanting 1 to as many buildings as
    its whole groups can take (``View.build_capacity``); ``hotels`` says whether hotels or houses
    are wanted. It is legal only when together they want more than the bank has. The buildings are
    then auctioned one at a time among the seats whose orders are still open, asked in seat order
    from the first order's seat round the table; each winner places the building at once (a
    ``place_building`` decision) and the auctions go on while two or more orders remain and still
    want more than the bank has."""
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


_FIELD_TYPES: dict[type, tuple[tuple[str, Any], ...]] = {}


def _field_types(cls: type[Action]) -> tuple[tuple[str, Any], ...]:
    """(name, type hint) of each field of an action class, worked out once per class."""
    found = _FIELD_TYPES.get(cls)
    if found is None:
        hints = typing.get_type_hints(cls)
        found = _FIELD_TYPES[cls] = tuple((f.name, hints[f.name]) for f in fields(cls))
    return found


def _fits(value: Any, hint: Any) -> bool:
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:  # a bool is an int to Python, never a player, square or amount here
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is str:
        return isinstance(value, str)
    if typing.get_origin(hint) is tuple:
        args = typing.get_args(hint)
        if not isinstance(value, (tuple, list)):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_fits(v, args[0]) for v in value)
        return len(value) == len(args) and all(_fits(v, a) for v, a in zip(value, args))
    return True


def _describe(hint: Any, plural: bool = False) -> str:
    """A type hint in words: "a whole number", "a list of pairs of whole numbers", ..."""
    if typing.get_origin(hint) is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return ("lists" if plural else "a list") + " of " + _describe(args[0], True)
        return ("pairs" if plural else "a pair") + " of " + _describe(args[0], True) if len(args) == 2 else str(hint)
    words = {int: ("a whole number", "whole numbers"), bool: ("true or false", "true or false"), str: ("text", "texts")}
    return words[hint][plural] if hint in words else str(hint)


def _problem_of_field(action: Action) -> str | None:
    """The general walk: each field against its declared type."""
    for name, hint in _field_types(type(action)):
        value = getattr(action, name)
        if not _fits(value, hint):
            return f"{type(action).__name__}.{name} must be {_describe(hint)}, not {value!r}"
    return None


def _is_int(value: Any) -> bool:
    return type(value) is int


def _is_bool(value: Any) -> bool:
    return type(value) is bool


def _is_str(value: Any) -> bool:
    return type(value) is str


def _quick(hint: Any) -> Callable[[Any], bool]:
    """A test of a field of type ``hint``, made once, that passes the values actions are made of
    (exact ints, bools and strings; tuples of them) in a type test or two. It may fail a value
    that fits (a list for a tuple, a subclass of str), never pass one that does not: a value it
    fails is judged again by ``_fits``, which says why."""
    if hint is int:
        return _is_int
    if hint is bool:
        return _is_bool
    if hint is str:
        return _is_str
    if typing.get_origin(hint) is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            item = _quick(args[0])
            return lambda value: type(value) is tuple and all(map(item, value))
    return lambda value: _fits(value, hint)


def _checker(cls: type[Action]) -> Callable[[Action], str | None]:
    """The field check of one action class, made once: every action is checked (by the engine,
    and often first by its caller), so a well-formed one costs a quick test per field, and only
    one that fails a test is walked field by field (``_problem_of_field``) for the reason."""
    types = _field_types(cls)
    if all(hint is int for _, hint in types) and len(types) <= 2:  # the commonest verbs, at a type test each
        if len(types) == 1:
            one = attrgetter(types[0][0])
            return lambda action: None if type(one(action)) is int else _problem_of_field(action)
        first, second = attrgetter(types[0][0]), attrgetter(types[1][0])
        return lambda action: (None if type(first(action)) is int and type(second(action)) is int
                               else _problem_of_field(action))
    tests = tuple((attrgetter(name), _quick(hint)) for name, hint in types)

    def check(action: Action) -> str | None:
        for value_of, fits in tests:
            if not fits(value_of(action)):
                return _problem_of_field(action)
        return None

    return check


_CHECKERS: dict[type, Callable[[Action], str | None]] = {}


def malformed(action: Action) -> str | None:
    """Why a field of ``action`` is not of the type its class declares (a bool is no whole number,
    a list of squares must be a list), or None: ``Game.check`` refuses such actions as illegal
    before any rule looks at them, so they can neither crash a check nor reach the saved state."""
    cls = type(action)
    checker = _CHECKERS.get(cls)
    if checker is None:
        checker = _CHECKERS[cls] = _checker(cls)
    return checker(action)


def claim_action(owner: int, claim: int) -> ClaimRent:
    """``ClaimRent(owner, claim)``, filled in directly: a frozen dataclass's ``__init__`` sets each
    field through ``object.__setattr__``, which makes the claim cost about as much as the rest of
    the controller's work for it, and computer players claim rent in about half of all turns. The
    value is the same as the constructor's (no field has a default factory or a check)."""
    action = _new(ClaimRent)
    fields = action.__dict__
    fields["player"] = owner
    fields["claim"] = claim
    return action


_new = object.__new__


def action_from_dict(data: dict[str, Any]) -> Action:
    """Rebuild an action written by ``Action.to_dict`` (``serial.from_plain``: each field checked
    against its type; a ``ValueError`` names what is wrong)."""
    if not isinstance(data, dict):
        raise ValueError("an action must be an object")
    cls = ACTION_TYPES.get(data.get("action", ""))
    if cls is None:
        raise ValueError(f"unknown action {data.get('action')!r}")
    fields_only = {k: v for k, v in data.items() if k != "action"}
    action: Action = from_plain(cls, fields_only, f"action {cls.verb}", defaults=True)
    return action
