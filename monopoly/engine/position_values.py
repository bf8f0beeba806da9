"""The values of a position (``Position``, ``PlayerSetup``, ``DeckSetup``, ``Debt``): plain frozen data,
read from JSON with each field checked against its type and written back without its defaults.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from dataclasses import dataclass, field
from typing import Any, Mapping, Union

from .errors import MonopolyError

SquareRef = Union[int, str]  # an index 0-39 (also as text, "39") or a square's name, any case
PlayerRef = Union[int, str]  # a seat from 0, or a player's name, any case
HOTEL = "hotel"
JAIL = 10  # the Jail square on every edition's board
MIN_PLAYERS, MAX_PLAYERS = 2, 8


class PositionError(MonopolyError):
    """A position that cannot be set up; the message says what is wrong, for a person to read."""


# ---------------------------------------------------------------------------------------------- values
@dataclass(frozen=True)
class PlayerSetup:
    """One seat of a position. ``owns`` are unmortgaged deeds and ``mortgaged`` mortgaged ones.

    ``cash`` defaults to the edition's starting cash; ``square`` to Go, or Jail for a player in jail.
    ``jail_turns`` counts the throws already tried for doubles in jail. ``jail_cards`` names the deck
    of each Get Out of Jail Free card held ("chance" or "community_chest"); held cards are out of
    their deck. A ``bankrupt`` player has left the game: nothing owned, no cash, no cards.
    """

    name: str
    cash: int | None = None
    square: SquareRef | None = None
    owns: tuple[SquareRef, ...] = ()
    mortgaged: tuple[SquareRef, ...] = ()
    in_jail: bool = False
    jail_turns: int = 0
    jail_cards: tuple[str, ...] = ()
    bankrupt: bool = False

    def __post_init__(self) -> None:
        for name in ("owns", "mortgaged", "jail_cards"):
            _freeze(self, name, tuple)


@dataclass(frozen=True)
class DeckSetup:
    """The order of one deck, by card id: ``top`` cards first (the rest shuffled by the game's dice
    source), or the ``order`` of every card still in the deck, top first."""

    top: tuple[str, ...] = ()
    order: tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        _freeze(self, "top", tuple)
        if self.order is not None:
            _freeze(self, "order", tuple)


@dataclass(frozen=True)
class Debt:
    """A debt falling due in the current turn: ``player`` owes ``amount`` to ``creditor`` (a player or
    ``"bank"``) for ``reason`` (one of the engine's payment reasons) and has too little cash, so the game starts with their raise-funds decision. Once it
    is settled the turn goes on: the current player throws again after doubles, else the next turn
    starts."""

    player: PlayerRef
    amount: int
    creditor: PlayerRef = "bank"
    reason: str = "rent"


@dataclass(frozen=True)
class Position:
    """A whole game position. Mappings given to ``rules``, ``buildings`` and ``decks`` are kept as
    tuples of pairs (so a position is hashable); ``rule_options``, ``building_map`` and ``deck_map``
    give them back as dicts.

    ``rules`` changes the edition's default rule options; ``buildings`` maps a street to its number
    of houses or ``"hotel"``; ``decks`` maps "chance" / "community_chest" to a ``DeckSetup``.
    ``current_player`` is whose turn it is, ``turn`` the engine's turn number, ``doubles`` the doubles
    thrown so far this turn (the player throws again). ``seed`` seeds the dice when ``build_game`` is
    given no dice source.
    """

    players: tuple[PlayerSetup, ...]
    edition: str = "us"
    rules: tuple[tuple[str, Any], ...] = field(default=(), metadata={"mapping": True})
    buildings: tuple[tuple[SquareRef, Union[int, str]], ...] = field(default=(), metadata={"mapping": True})
    decks: tuple[tuple[str, DeckSetup], ...] = field(default=(), metadata={"mapping": True})
    current_player: PlayerRef = 0
    turn: int = 1
    doubles: int = 0
    debt: Debt | None = None
    offline_square: SquareRef = 0
    seed: int | None = None

    def __post_init__(self) -> None:
        _freeze(self, "players", tuple)
        for name in ("rules", "buildings", "decks"):
            _freeze(self, name, _pairs)

    @property
    def rule_options(self) -> dict[str, Any]:
        return dict(self.rules)

    @property
    def building_map(self) -> dict[SquareRef, Union[int, str]]:
        return dict(self.buildings)

    @property
    def deck_map(self) -> dict[str, DeckSetup]:
        return dict(self.decks)

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible data; fields left at their defaults are left out."""
        data: dict[str, Any] = _plain(self)
        return data

    @classmethod
    def from_dict(cls, data: Any) -> "Position":
        """Read a position from JSON data; raises ``PositionError`` naming the field that is wrong."""
        position: Position = _read(cls, data, "position")
        return position


def _freeze(value: Any, name: str, convert: Any) -> None:
    """Store a field given as any sequence or mapping in its hashable form (a text is not a list)."""
    given = getattr(value, name)
    if isinstance(given, str):
        raise PositionError(f"{name}: expected a list or mapping, not the text {given!r}")
    object.__setattr__(value, name, convert(given))


def _pairs(value: Any) -> tuple[tuple[Any, Any], ...]:
    items = value.items() if isinstance(value, Mapping) else value
    return tuple((k, v) for k, v in items)


# ------------------------------------------------------------------------------------------------ JSON
def _plain(value: Any) -> Any:
    if dataclasses.is_dataclass(value):
        out = {}
        for f in dataclasses.fields(value):
            v = getattr(value, f.name)
            if f.default is not dataclasses.MISSING and v == f.default:
                continue
            out[f.name] = {str(k): _plain(x) for k, x in v} if f.metadata.get("mapping") else _plain(v)
        return out
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


_CHECKS: dict[Any, tuple[Any, str]] = {
    int: (_is_int, "a whole number"),
    bool: (lambda v: isinstance(v, bool), "true or false"),
    str: (lambda v: isinstance(v, str), "text"),
    Union[int, str]: (lambda v: _is_int(v) or isinstance(v, str), "a number or a name"),
}


def _read(cls: Any, data: Any, where: str) -> Any:
    """Build a position value from JSON data, checking each field's type against its hint."""
    if not isinstance(data, dict):
        raise PositionError(f"{where}: expected an object")
    fields = {f.name: f for f in dataclasses.fields(cls)}
    unknown = sorted(set(data) - set(fields))
    if unknown:
        raise PositionError(f"{where}: unknown field {unknown[0]!r}; known: {', '.join(fields)}")
    hints = typing.get_type_hints(cls)
    kwargs = {}
    for name, f in fields.items():
        if name not in data:
            if f.default is dataclasses.MISSING:
                raise PositionError(f"{where}.{name}: missing")
            continue
        kwargs[name] = _value(hints[name], data[name], f"{where}.{name}", bool(f.metadata.get("mapping")))
    return cls(**kwargs)


def _value(hint: Any, data: Any, where: str, mapping: bool = False) -> Any:
    if isinstance(hint, types.UnionType):  # ``int | None`` as the hints give it: one spelling of unions
        hint = Union[typing.get_args(hint)]
    if mapping:
        if not isinstance(data, dict):
            raise PositionError(f"{where}: expected an object")
        _, value_hint = typing.get_args(typing.get_args(hint)[0])  # tuple[tuple[key, value], ...]
        if value_hint is Any:
            return tuple(data.items())
        return tuple((k, _value(value_hint, v, f"{where}.{k}")) for k, v in data.items())
    if hint in _CHECKS:
        check, what = _CHECKS[hint]
        if not check(data):
            raise PositionError(f"{where}: expected {what}, not {data!r}")
        return data
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is Union and type(None) in args:
        if data is None:
            return None
        inner = [a for a in args if a is not type(None)]
        return _value(inner[0] if len(inner) == 1 else Union[tuple(inner)], data, where)
    if origin is tuple:
        if not isinstance(data, list):
            raise PositionError(f"{where}: expected a list")
        return tuple(_value(args[0], v, f"{where}[{i}]") for i, v in enumerate(data))
    if dataclasses.is_dataclass(hint):
        return _read(hint, data, where)
    raise PositionError(f"{where}: cannot read a value of type {hint!r}")  # pragma: no cover (a bug)
