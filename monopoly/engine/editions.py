"""Board editions: squares, title deeds and card decks, loaded from the package's data files.

An edition is immutable data. Everything that differs between boards (names, prices, rents,
taxes, card texts, currency, tokens, default rule options) lives in ``editions/*.json``;
nothing here knows one board from another.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, Mapping

from .errors import EditionError
from .rules import Rules

EDITION_IDS = ("us", "uk", "dotcom")
PROPERTY_KINDS = ("street", "railroad", "utility")
SQUARE_KINDS = PROPERTY_KINDS + ("go", "jail", "free_parking", "go_to_jail", "chance", "community_chest", "tax")
DECKS = ("chance", "community_chest")
BOARD_SIZE = 40


@dataclass(frozen=True)
class Square:
    index: int
    name: str
    short: str
    kind: str
    group: str = ""
    price: int = 0
    mortgage: int = 0
    house_cost: int = 0
    rent: tuple[int, ...] = ()
    multipliers: tuple[int, ...] = ()
    amount: int = 0
    percent: int = 0

    @property
    def is_property(self) -> bool:
        return self.kind in PROPERTY_KINDS


@dataclass(frozen=True)
class Group:
    id: str
    name: str
    color: str
    squares: tuple[int, ...]


@dataclass(frozen=True)
class Card:
    id: str
    deck: str
    text: str
    kind: str
    params: tuple[tuple[str, Any], ...]

    def param(self, name: str, default: Any = None) -> Any:
        return dict(self.params).get(name, default)


@dataclass(frozen=True)
class Edition:
    id: str
    name: str
    currency_prefix: str
    currency_suffix: str
    starting_cash: int
    go_salary: int
    jail_fine: int
    bank_houses: int
    bank_hotels: int
    tokens: tuple[str, ...]
    squares: tuple[Square, ...]
    groups: tuple[Group, ...]
    deck_names: tuple[tuple[str, str], ...]
    cards: tuple[tuple[Card, ...], tuple[Card, ...]]
    default_options: tuple[tuple[str, Any], ...]
    members: tuple[tuple[int, ...], ...] = ()  # for each square, the squares of its group

    def money(self, amount: int) -> str:
        """Format an amount the way this edition prints money ("$200", "£200", "$200M")."""
        sign = "-" if amount < 0 else ""
        return f"{sign}{self.currency_prefix}{abs(amount):,}{self.currency_suffix}"

    def default_rules(self, **changes: Any) -> Rules:
        return Rules.from_dict({**dict(self.default_options), **changes})

    def deck(self, name: str) -> tuple[Card, ...]:
        return self.cards[DECKS.index(name)]

    def deck_name(self, name: str) -> str:
        return dict(self.deck_names)[name]

    def group_of(self, square: int) -> Group | None:
        group_id = self.squares[square].group
        for g in self.groups:
            if g.id == group_id:
                return g
        return None

    @property
    def properties(self) -> tuple[int, ...]:
        return tuple(s.index for s in self.squares if s.is_property)


def _require(data: Mapping[str, Any], key: str, kind: type, where: str) -> Any:
    if key not in data:
        raise EditionError(f"{where}: missing '{key}'")
    value = data[key]
    if kind is int and (not isinstance(value, int) or isinstance(value, bool)):
        raise EditionError(f"{where}.{key} must be a whole number")
    if kind is not int and not isinstance(value, kind):
        raise EditionError(f"{where}.{key} must be of type {kind.__name__}")
    return value


def edition_from_dict(data: Mapping[str, Any]) -> Edition:
    """Check an edition's data and build it; raises ``EditionError`` naming the bad field."""
    eid = _require(data, "id", str, "edition")
    where = f"edition {eid}"
    raw_squares = _require(data, "squares", list, where)
    if len(raw_squares) != BOARD_SIZE:
        raise EditionError(f"{where}: a board has {BOARD_SIZE} squares, not {len(raw_squares)}")
    squares = []
    for i, raw in enumerate(raw_squares):
        at = f"{where}.squares[{i}]"
        kind = _require(raw, "kind", str, at)
        if kind not in SQUARE_KINDS:
            raise EditionError(f"{at}: unknown kind {kind!r}")
        fields_: dict[str, Any] = {"index": i, "name": _require(raw, "name", str, at),
                                   "short": _require(raw, "short", str, at)[:8], "kind": kind}
        if kind in PROPERTY_KINDS:
            fields_["price"] = _require(raw, "price", int, at)
            fields_["mortgage"] = _require(raw, "mortgage", int, at)
        if kind == "street":
            fields_["group"] = _require(raw, "group", str, at)
            fields_["house_cost"] = _require(raw, "house_cost", int, at)
            fields_["rent"] = tuple(_require(raw, "rent", list, at))
            if len(fields_["rent"]) != 6:
                raise EditionError(f"{at}: a street has six rents (base, 1-4 houses, hotel)")
        elif kind == "railroad":
            fields_["group"] = "railroad"
            fields_["rent"] = tuple(_require(raw, "rent", list, at))
        elif kind == "utility":
            fields_["group"] = "utility"
            fields_["multipliers"] = tuple(_require(raw, "multipliers", list, at))
        elif kind == "tax":
            fields_["amount"] = _require(raw, "amount", int, at)
            fields_["percent"] = int(raw.get("percent", 0))
        squares.append(Square(**fields_))
    groups = []
    for raw in _require(data, "groups", list, where):
        gid = _require(raw, "id", str, f"{where}.groups")
        members = tuple(s.index for s in squares if s.kind == "street" and s.group == gid)
        if not 2 <= len(members) <= 3:
            raise EditionError(f"{where}: group {gid} has {len(members)} streets")
        groups.append(Group(gid, _require(raw, "name", str, f"{where}.groups"),
                            _require(raw, "color", str, f"{where}.groups"), members))
    for extra in ("railroad", "utility"):
        members = tuple(s.index for s in squares if s.kind == extra)
        groups.append(Group(extra, extra.title(), extra, members))
    known = {g.id for g in groups}
    for s in squares:
        if s.group and s.group not in known:
            raise EditionError(f"{where}: square {s.name} names unknown group {s.group}")
    decks_raw = _require(data, "decks", dict, where)
    decks: list[tuple[Card, ...]] = []
    names: list[tuple[str, str]] = []
    for deck in DECKS:
        raw_deck = _require(decks_raw, deck, dict, f"{where}.decks")
        names.append((deck, _require(raw_deck, "name", str, f"{where}.decks.{deck}")))
        cards = []
        for raw in _require(raw_deck, "cards", list, f"{where}.decks.{deck}"):
            effect = dict(_require(raw, "effect", dict, f"{where}.decks.{deck}"))
            kind = effect.pop("kind", None)
            if not isinstance(kind, str):
                raise EditionError(f"{where}.decks.{deck}: a card effect has no kind")
            cards.append(Card(_require(raw, "id", str, f"{where}.decks.{deck}"), deck,
                              _require(raw, "text", str, f"{where}.decks.{deck}"), kind,
                              tuple(sorted(effect.items()))))
        decks.append(tuple(cards))
    currency = _require(data, "currency", dict, where)
    options = _require(data, "default_options", dict, where)
    try:
        Rules.from_dict(options)
    except ValueError as exc:
        raise EditionError(f"{where}.default_options: {exc}") from None
    return Edition(
        id=eid,
        name=_require(data, "name", str, where),
        currency_prefix=str(currency.get("prefix", "")),
        currency_suffix=str(currency.get("suffix", "")),
        starting_cash=_require(data, "starting_cash", int, where),
        go_salary=_require(data, "go_salary", int, where),
        jail_fine=_require(data, "jail_fine", int, where),
        bank_houses=_require(data, "bank_houses", int, where),
        bank_hotels=_require(data, "bank_hotels", int, where),
        tokens=tuple(_require(data, "tokens", list, where)),
        squares=tuple(squares),
        groups=tuple(groups),
        deck_names=tuple(names),
        cards=(decks[0], decks[1]),
        default_options=tuple(options.items()),
        members=tuple(next((g.squares for g in groups if g.id == s.group), (s.index,)) if s.group else (s.index,)
                      for s in squares),
    )


@lru_cache(maxsize=None)
def load_edition(edition_id: str = "us") -> Edition:
    """The edition with this id, read once from the package data."""
    if edition_id not in EDITION_IDS:
        raise EditionError(f"unknown edition {edition_id!r}; choose one of {', '.join(EDITION_IDS)}")
    try:
        text = resources.files("monopoly.engine").joinpath("editions").joinpath(f"{edition_id}.json").read_text("utf-8")
    except OSError as exc:
        raise EditionError(f"edition {edition_id} data is missing: {exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise EditionError(f"edition {edition_id} data is not valid JSON: {exc}") from None
    return edition_from_dict(data)
