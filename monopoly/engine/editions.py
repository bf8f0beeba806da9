"""Board editions: squares, title deeds, card decks and rule presets, loaded from data files.

An edition is immutable data. Everything that differs between boards (names, prices, rents,
taxes, card texts, currency, tokens, its label, the short games it offers, default rule options
and named rule presets) lives in one ``editions/<id>.json`` file; nothing here knows one board from
another. Editions are discovered, not listed: adding a board is adding one file, to the package's
folder or to a folder named in ``EDITION_FOLDERS``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from types import MappingProxyType
from typing import Any, Iterable, Iterator, Mapping, Protocol, runtime_checkable

from .codes import Code
from .errors import EditionError
from .rules import SHORT_GAMES, Rules

EDITION_FORMAT = 2
DECKS = ("chance", "community_chest")
BOARD_SIZE = 40
_ID_PATTERN = re.compile(r"[a-z][a-z0-9_]*")



@runtime_checkable
class Folder(Protocol):
    """A folder of edition files: a ``pathlib.Path``, or what ``importlib.resources.files`` gives.

    The engine does no file handling of its own: it reads through the folder object it is given.
    """

    @property
    def name(self) -> str: ...

    def is_dir(self) -> bool: ...

    def is_file(self) -> bool: ...

    def iterdir(self) -> Iterator["Folder"]: ...

    def read_text(self, encoding: str | None = None) -> str: ...


# Extra folders searched for ``<id>.json`` edition files after the package's own, in order. A front
# end (or a test) appends a folder (a ``pathlib.Path``) here to offer boards of its own;
# ``list_editions``, ``edition_ids`` and ``load_edition`` (hence ``Game.new`` and loading a save)
# then find them by id. The files are read once for each list of folders.
EDITION_FOLDERS: list[Folder] = []


class SquareKind(Code):
    """What a square is; a domain code, so ``square.kind == "street"`` and JSON both see the text."""

    STREET = "street"
    RAILROAD = "railroad"
    UTILITY = "utility"
    GO = "go"
    JAIL = "jail"
    FREE_PARKING = "free_parking"
    GO_TO_JAIL = "go_to_jail"
    CHANCE = "chance"
    COMMUNITY_CHEST = "community_chest"
    TAX = "tax"


PROPERTY_KINDS = (SquareKind.STREET, SquareKind.RAILROAD, SquareKind.UTILITY)
SQUARE_KINDS = tuple(SquareKind)


@dataclass(frozen=True)
class Square:
    index: int
    name: str
    short: str
    kind: SquareKind
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
        for key, value in self.params:  # a card has one to three parameters: no mapping needed
            if key == name:
                return value
        return default


@dataclass(frozen=True)
class RulePreset:
    """A named set of rule options (a book's rules), laid over the edition's default options.

    A preset names only the options it sets, so "uk" can be played with any rent-claim mode.
    """

    id: str
    label: str
    options: tuple[tuple[str, Any], ...]
    description: str = ""

    def as_dict(self) -> dict[str, Any]:
        return dict(self.options)

    def matches(self, rules: Rules) -> bool:
        """Whether these rules already play every option of the preset as it sets it."""
        return all(getattr(rules, name) == value for name, value in self.options)


@dataclass(frozen=True)
class ShortGameOffer:
    """A short game an edition offers: its ``Rules.short_game`` value and the label to show."""

    id: str
    label: str


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
    label: str = ""  # short name for menus ("Classic US")
    presets: tuple[RulePreset, ...] = ()
    short_games: tuple[ShortGameOffer, ...] = ()
    order: int | None = None  # place in edition lists; editions without one come last, by id
    members: tuple[tuple[int, ...], ...] = ()  # for each square, the squares of its group

    def money(self, amount: int) -> str:
        """Format an amount the way this edition prints money ("$200", "£200", "$200M")."""
        sign = "-" if amount < 0 else ""
        return f"{sign}{self.currency_prefix}{abs(amount):,}{self.currency_suffix}"

    def default_rules(self, **changes: Any) -> Rules:
        return Rules.from_dict({**dict(self.default_options), **changes})

    def preset(self, preset_id: str) -> RulePreset:
        """The named preset; ``EditionError`` when this edition has none of that name."""
        for preset in self.presets:
            if preset.id == preset_id:
                return preset
        known = ", ".join(p.id for p in self.presets) or "none"
        raise EditionError(f"edition {self.id} has no rule preset {preset_id!r} (it has: {known})")

    def preset_rules(self, preset_id: str, **changes: Any) -> Rules:
        """The default rules with the preset laid over them, then ``changes`` over that."""
        return self.default_rules(**{**self.preset(preset_id).as_dict(), **changes})

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
            fields_["rent"] = tuple(_require(raw, "rent", list, at))
            if len(fields_["rent"]) != 6:
                raise EditionError(f"{at}: a street has six rents (base, 1-4 houses, hotel)")
        elif kind is SquareKind.RAILROAD:
            fields_["group"] = kind.value
            fields_["rent"] = tuple(_require(raw, "rent", list, at))
        elif kind is SquareKind.UTILITY:
            fields_["group"] = kind.value
            fields_["multipliers"] = tuple(_require(raw, "multipliers", list, at))
        elif kind is SquareKind.TAX:
            fields_["amount"] = _require(raw, "amount", int, at)
            fields_["percent"] = int(raw.get("percent", 0))
        squares.append(Square(**fields_))
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
            effect = dict(_require(raw, "effect", dict, at))
            kind_ = effect.pop("kind", None)
            if not isinstance(kind_, str):
                raise EditionError(f"{at}: a card effect has no kind")
            cards.append(Card(_require(raw, "id", str, at), deck, _require(raw, "text", str, at), kind_,
                              tuple(sorted(effect.items()))))
        decks.append(tuple(cards))
    currency = _require(data, "currency", dict, where)
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


# ---------------------------------------------------------------------------------------- discovery
MAX_EDITION_BYTES = 2**20  # a board of 40 squares and 32 cards is about 20 KB
MAX_EDITION_NUMBER = 2**53  # beyond any price, rent or count a game can hold


def _edition_number(text: str) -> int:
    if len(text) > 20 or abs(int(text)) > MAX_EDITION_NUMBER:
        raise ValueError(f"the number {text[:12]}{'...' if len(text) > 12 else ''} is too large")
    return int(text)


def _read_edition(file: Folder, where: str) -> Edition:
    """The edition in one file, checked; its file must be named after its id."""
    try:
        look = getattr(file, "stat", None)  # a file on disk (a path): its size before reading it
        size = look().st_size if callable(look) else 0
        if size > MAX_EDITION_BYTES:
            raise EditionError(f"{where}: too large for an edition ({size:,} bytes; at most {MAX_EDITION_BYTES:,})")
        data = json.loads(file.read_text("utf-8"), parse_int=_edition_number)
    except (OSError, UnicodeDecodeError) as exc:
        raise EditionError(f"{where}: cannot be read: {exc}") from None
    except json.JSONDecodeError as exc:
        raise EditionError(f"{where}: not valid JSON: {exc}") from None
    except RecursionError:
        raise EditionError(f"{where}: nested too deeply") from None
    except ValueError as exc:  # a number beyond any a board holds
        raise EditionError(f"{where}: {exc}") from None
    if not isinstance(data, dict):
        raise EditionError(f"{where}: an edition file holds one JSON object")
    try:
        edition = edition_from_dict(data)
    except EditionError as exc:
        raise EditionError(f"{where}: {exc}") from None
    if file.name != f"{edition.id}.json":
        raise EditionError(f"{where}: the file of edition {edition.id!r} must be named {edition.id}.json")
    return edition


def _edition_files(folders: tuple[Folder, ...]) -> Iterator[tuple[Folder, str]]:
    """Every ``*.json`` file of the package's edition folder, then of each extra folder, with its name."""
    package = resources.files(__package__).joinpath("editions")
    for folder, where in ((package, "editions"), *((f, str(f)) for f in folders)):
        if not isinstance(folder, Folder):
            raise EditionError(f"edition folder {folder!r}: give a pathlib.Path, not a {type(folder).__name__}")
        if not folder.is_dir():
            raise EditionError(f"edition folder {folder} is not a folder")
        for file in sorted(folder.iterdir(), key=lambda f: f.name):
            if file.name.endswith(".json") and file.is_file():
                yield file, f"{where}/{file.name}"


@lru_cache(maxsize=16)
def _catalogue(folders: tuple[Folder, ...]) -> Mapping[str, Edition]:
    """Every edition found in the package and ``folders``, by id, in list order."""
    found: dict[str, tuple[Edition, str]] = {}
    for file, where in _edition_files(folders):
        edition = _read_edition(file, where)
        if edition.id in found:
            raise EditionError(f"edition {edition.id!r} is defined twice: in {found[edition.id][1]} and in {where}")
        found[edition.id] = (edition, where)
    ordered = sorted((e for e, _ in found.values()), key=lambda e: (e.order is None, e.order or 0, e.id))
    return MappingProxyType({e.id: e for e in ordered})


def _search_path(folders: Iterable[Folder] | None) -> tuple[Folder, ...]:
    return tuple(EDITION_FOLDERS if folders is None else folders)


def list_editions(folders: Iterable[Folder] | None = None) -> tuple[Edition, ...]:
    """Every edition, in the order menus show them (each has ``id`` and ``label``).

    ``folders`` are extra folders searched after the package's own (default: ``EDITION_FOLDERS``).
    A malformed file, or two files with one id, raise ``EditionError``.
    """
    return tuple(_catalogue(_search_path(folders)).values())


def edition_ids(folders: Iterable[Folder] | None = None) -> tuple[str, ...]:
    """The ids of ``list_editions(folders)``, in the same order."""
    return tuple(_catalogue(_search_path(folders)))


def load_edition(edition_id: str = "us", folders: Iterable[Folder] | None = None) -> Edition:
    """The edition with this id from the package or ``folders`` (default: ``EDITION_FOLDERS``)."""
    catalogue = _catalogue(_search_path(folders))
    if not isinstance(edition_id, str) or edition_id not in catalogue:
        raise EditionError(f"unknown edition {edition_id!r}; choose one of {', '.join(catalogue)}")
    return catalogue[edition_id]


# The package's own editions (no extra folders), for callers that want a fixed list such as a
# command line's choices; ``edition_ids()`` also sees ``EDITION_FOLDERS``.
EDITION_IDS = edition_ids(())
