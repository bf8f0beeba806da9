"""A board's data read into an ``Edition`` (``edition_from_dict``), every field checked: an
``EditionError`` names the field and what is wrong with it.
"""

from __future__ import annotations

import re
from typing import Any, Iterator, Mapping

from .codes import CardKind
from .effects import EFFECTS, Card
from .errors import EditionError
from .rules import SHORT_GAMES, Rules
from .edition_values import (BOARD_SIZE, DECKS, PROPERTY_KINDS, Edition, Group, RulePreset, ShortGameOffer, Square,
                             SquareKind)

EDITION_FORMAT = 2
_ID_PATTERN = re.compile(r"[a-z][a-z0-9_]*")
MAX_AMOUNT = 100_000  # the most any price, rent, fee or count on a board may be
MAX_TEXT = 200  # the longest name or card text
CARD_EFFECTS: dict[str, tuple[str, ...]] = {kind.value: e.needs for kind, e in EFFECTS.items()}
"""Each card effect's name and the parameters it needs: the registry's (``effects.py``)."""
_PARAM_RANGES = {"square": (0, BOARD_SIZE - 1), "spaces": (-(BOARD_SIZE - 1), BOARD_SIZE - 1),
                 "rent_multiplier": (1, 10), "dice_multiplier": (1, 100)}


def _whole(value: Any, where: str, low: int = 0, high: int = MAX_AMOUNT) -> int:
    """``value`` as a whole number from ``low`` to ``high``, or ``EditionError`` naming ``where``."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise EditionError(f"{where} must be a whole number")
    if not low <= value <= high:
        raise EditionError(f"{where} must be from {low:,} to {high:,}, not {value:,}")
    return value


def _require(data: Mapping[str, Any], key: str, kind: type, where: str) -> Any:
    if key not in data:
        raise EditionError(f"{where}: missing '{key}'")
    value = data[key]
    if kind is int:
        return _whole(value, f"{where}.{key}")
    if not isinstance(value, kind):
        raise EditionError(f"{where}.{key} must be of type {kind.__name__}")
    if isinstance(value, str) and len(value) > MAX_TEXT:
        raise EditionError(f"{where}.{key} is longer than {MAX_TEXT} characters")
    return value


def _amounts(data: Mapping[str, Any], key: str, where: str, count: int | None = None) -> tuple[int, ...]:
    """A list of whole amounts (rents, multipliers), ``count`` of them when given."""
    values = _require(data, key, list, where)
    if count is not None and len(values) != count:
        raise EditionError(f"{where}.{key} must list {count} amounts, not {len(values)}")
    if not values:
        raise EditionError(f"{where}.{key} is empty")
    return tuple(_whole(v, f"{where}.{key}[{i}]") for i, v in enumerate(values))


def _card_effect(raw: Mapping[str, Any], at: str) -> tuple[str, tuple[tuple[str, Any], ...]]:
    """A card's effect: its kind and parameters, each checked (a kind the engine plays, the
    parameters it needs, numbers in range)."""
    effect = dict(_require(raw, "effect", dict, at))
    kind = effect.pop("kind", None)
    if not isinstance(kind, str):
        raise EditionError(f"{at}: a card effect has no kind")
    if kind not in CARD_EFFECTS:
        raise EditionError(f"{at}.effect.kind: unknown card effect {kind!r}; the engine plays "
                           f"{', '.join(CARD_EFFECTS)}")
    for name in CARD_EFFECTS[kind]:
        if name not in effect:
            raise EditionError(f"{at}.effect: a {kind} card needs '{name}'")
    for name, value in effect.items():
        where = f"{at}.effect.{name}"
        if name == "target":
            if value not in (SquareKind.RAILROAD.value, SquareKind.UTILITY.value):
                raise EditionError(f"{where} must be railroad or utility, not {value!r}")
        elif name == "deck":
            if value not in DECKS:
                raise EditionError(f"{where} must be one of {', '.join(DECKS)}, not {value!r}")
        else:
            _whole(value, where, *_PARAM_RANGES.get(name, (0, MAX_AMOUNT)))
    return kind, tuple(sorted(effect.items()))


def _objects(data: Mapping[str, Any], key: str, where: str) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """Each entry of the list ``data[key]`` with its place (``where.key[i]``); each must be an object."""
    for i, raw in enumerate(_require(data, key, list, where)):
        at = f"{where}.{key}[{i}]"
        if not isinstance(raw, dict):
            raise EditionError(f"{at} must be an object")
        yield at, raw


def _label(data: Mapping[str, Any], where: str) -> str:
    label: str = _require(data, "label", str, where).strip()
    if not label:
        raise EditionError(f"{where}.label is empty")
    return label


def _identifier(data: Mapping[str, Any], where: str) -> str:
    """An id as menus, save files and the command line use it: lower-case letters, digits, '_'."""
    ident: str = _require(data, "id", str, where)
    if not _ID_PATTERN.fullmatch(ident):
        raise EditionError(f"{where}: id {ident!r} must be lower-case letters, digits and '_', "
                           "starting with a letter")
    return ident


def _checked_rules(options: Mapping[str, Any], where: str) -> Rules:
    """The rules these options make; unknown option names and bad values refused as edition errors."""
    try:
        return Rules.from_dict(options)
    except (TypeError, ValueError) as exc:
        raise EditionError(f"{where}: {exc}") from None


def _presets(data: Mapping[str, Any], defaults: Mapping[str, Any], where: str) -> tuple[RulePreset, ...]:
    presets: list[RulePreset] = []
    for at, raw in _objects(data, "presets", where):
        pid = _identifier(raw, at)
        if any(p.id == pid for p in presets):
            raise EditionError(f"{at}: a second preset with id {pid!r}")
        options = _require(raw, "options", dict, at)
        _checked_rules(options, f"{at}.options")
        _checked_rules({**defaults, **options}, f"{at}.options over default_options")
        description = raw.get("description", "")
        if not isinstance(description, str):
            raise EditionError(f"{at}.description must be of type str")
        presets.append(RulePreset(pid, _label(raw, at), tuple(options.items()), description))
    return tuple(presets)


def _short_games(data: Mapping[str, Any], where: str) -> tuple[ShortGameOffer, ...]:
    playable = [g for g in SHORT_GAMES if g != "none"]
    games: list[ShortGameOffer] = []
    for at, raw in _objects(data, "short_games", where):
        gid = _require(raw, "id", str, at)
        if gid not in playable:
            raise EditionError(f"{at}: unknown short game {gid!r}; the rules play {', '.join(playable)}")
        if any(g.id == gid for g in games):
            raise EditionError(f"{at}: short game {gid!r} is offered twice")
        games.append(ShortGameOffer(gid, _label(raw, at)))
    return tuple(games)


def edition_from_dict(data: Mapping[str, Any]) -> Edition:
    """Check an edition's data and build it; raises ``EditionError`` naming the bad field."""
    eid = _identifier(data, "edition")
    where = f"edition {eid}"
    if data.get("format") != EDITION_FORMAT:
        raise EditionError(f"{where}: format {data.get('format')!r}; this program reads edition format "
                           f"{EDITION_FORMAT} (see editions/README.md)")
    raw_squares = _require(data, "squares", list, where)
    if len(raw_squares) != BOARD_SIZE:
        raise EditionError(f"{where}: a board has {BOARD_SIZE} squares, not {len(raw_squares)}")
    squares: list[Square] = []
    for at, raw in _objects(data, "squares", where):
        try:
            kind = SquareKind(_require(raw, "kind", str, at))
        except ValueError:
            raise EditionError(f"{at}: unknown kind {raw['kind']!r}") from None
        fields_: dict[str, Any] = {"index": len(squares), "name": _require(raw, "name", str, at),
                                   "short": _require(raw, "short", str, at)[:8], "kind": kind}
        if kind in PROPERTY_KINDS:
            fields_["price"] = _require(raw, "price", int, at)
            fields_["mortgage"] = _require(raw, "mortgage", int, at)
        if kind is SquareKind.STREET:
            fields_["group"] = _require(raw, "group", str, at)
            fields_["house_cost"] = _require(raw, "house_cost", int, at)
            if "rent" in raw and isinstance(raw["rent"], list) and len(raw["rent"]) != 6:
                raise EditionError(f"{at}: a street has six rents (base, 1-4 houses, hotel)")
            fields_["rent"] = _amounts(raw, "rent", at, 6)
        elif kind is SquareKind.RAILROAD:
            fields_["group"] = kind.value
            fields_["rent"] = _amounts(raw, "rent", at)
        elif kind is SquareKind.UTILITY:
            fields_["group"] = kind.value
            fields_["multipliers"] = _amounts(raw, "multipliers", at)
        elif kind is SquareKind.TAX:
            fields_["amount"] = _require(raw, "amount", int, at)
            fields_["percent"] = _whole(raw.get("percent", 0), f"{at}.percent", 0, 100)
        squares.append(Square(**fields_))
    for index, kind in ((0, SquareKind.GO), (10, SquareKind.JAIL)):
        if squares[index].kind != kind:
            raise EditionError(f"{where}.squares[{index}]: the engine needs {kind.value} on square {index}, "
                               f"not {squares[index].kind.value}")
    railroads = sum(1 for sq in squares if sq.kind is SquareKind.RAILROAD)
    for sq in squares:
        if sq.kind is SquareKind.RAILROAD and len(sq.rent) < railroads:
            raise EditionError(f"{where}.squares[{sq.index}].rent: {railroads} railroads need {railroads} rents")
    groups = []
    for at, raw in _objects(data, "groups", where):
        gid = _require(raw, "id", str, at)
        members = tuple(s.index for s in squares if s.kind is SquareKind.STREET and s.group == gid)
        if not 2 <= len(members) <= 3:
            raise EditionError(f"{where}: group {gid} has {len(members)} streets")
        groups.append(Group(gid, _require(raw, "name", str, at), _require(raw, "color", str, at), members))
    for extra in (SquareKind.RAILROAD.value, SquareKind.UTILITY.value):
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
        for at, raw in _objects(raw_deck, "cards", f"{where}.decks.{deck}"):
            kind_, params = _card_effect(raw, at)
            if kind_ == CardKind.ADVANCE_TO_NEAREST and not any(sq.kind == dict(params)["target"] for sq in squares):
                raise EditionError(f"{at}: the board has no {dict(params)['target']} to advance to")
            cards.append(Card(_require(raw, "id", str, at), deck, _require(raw, "text", str, at), CardKind(kind_),
                              params))
        if not 1 <= len(cards) <= 32:
            raise EditionError(f"{where}.decks.{deck}: a deck has 1 to 32 cards, not {len(cards)}")
        decks.append(tuple(cards))
    tokens = _require(data, "tokens", list, where)
    if not 8 <= len(tokens) <= 16 or not all(isinstance(t, str) and 0 < len(t) <= 20 for t in tokens):
        raise EditionError(f"{where}.tokens: 8 to 16 token names of 1 to 20 characters")
    currency = _require(data, "currency", dict, where)
    for key in ("prefix", "suffix"):
        if not isinstance(currency.get(key, ""), str) or len(currency.get(key, "")) > 3:
            raise EditionError(f"{where}.currency.{key}: text of at most 3 characters")
    options = _require(data, "default_options", dict, where)
    _checked_rules(options, f"{where}.default_options")
    order = data.get("order")
    if order is not None and (not isinstance(order, int) or isinstance(order, bool)):
        raise EditionError(f"{where}.order must be a whole number")
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
        label=_label(data, where),
        presets=_presets(data, options, where),
        short_games=_short_games(data, where),
        order=order,
        members=tuple(next((g.squares for g in groups if g.id == s.group), (s.index,)) if s.group else (s.index,)
                      for s in squares),
    )
