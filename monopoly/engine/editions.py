"""Board editions: squares, title deeds, card decks and rule presets, loaded from data files.

An edition is immutable data. Everything that differs between boards (names, prices, rents,
taxes, card texts, currency, tokens, its label, the short games it offers, default rule options
and named rule presets) lives in one ``editions/<id>.json`` file; nothing here knows one board from
another. Editions are discovered, not listed: adding a board is adding one file, to the package's
folder or to a folder named in ``EDITION_FOLDERS``.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, replace
from functools import lru_cache
from importlib import resources
from types import MappingProxyType
from typing import Any, Callable, Iterable, Iterator, Mapping, Protocol, runtime_checkable

from .codes import CardKind, Code
from .effects import EFFECTS, Card as Card  # a card is its effect with a text (effects.py)
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
    source: str = ""  # the file a player's own board was read from ("" for the package's boards)
    digest: str = ""  # that file's SHA-256, so a save can tell the file changed under it

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


MAX_AMOUNT = 100_000  # the most any price, rent, fee or count on a board may be
MAX_TEXT = 200  # the longest name or card text
MAX_EDITION_BYTES = 256 * 1024  # a board file is about 20 KB; a larger one is not a board
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


# ---------------------------------------------------------------------------------------- discovery
MAX_EDITION_NUMBER = 2**53  # beyond any price, rent or count a game can hold


def _edition_number(text: str) -> int:
    if len(text) > 20 or abs(int(text)) > MAX_EDITION_NUMBER:
        raise ValueError(f"the number {text[:12]}{'...' if len(text) > 12 else ''} is too large")
    return int(text)


def _read_edition(file: Folder, where: str, named: bool = True, own: bool = False) -> Edition:
    """The edition in one file, checked (``named``: the file must be named after its id). A
    player's ``own`` board remembers its file and the file's digest, for the saves."""
    try:
        look = getattr(file, "stat", None)  # a file on disk (a path): its size before reading it
        size = look().st_size if callable(look) else 0
        if size > MAX_EDITION_BYTES:
            raise EditionError(f"{where}: too large for a board file (more than {MAX_EDITION_BYTES // 1024} KB)")
        text = file.read_text("utf-8")
        if len(text) > MAX_EDITION_BYTES:
            raise EditionError(f"{where}: too large for a board file (more than {MAX_EDITION_BYTES // 1024} KB)")
        data = json.loads(text, parse_int=_edition_number)
    except FileNotFoundError:
        raise EditionError(f"{where}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise EditionError(f"{where}: cannot be read: {exc}") from None
    except json.JSONDecodeError as exc:
        raise EditionError(f"{where}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
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
    if named and file.name != f"{edition.id}.json":
        raise EditionError(f"{where}: the file of edition {edition.id!r} must be named {edition.id}.json")
    if own:
        edition = replace(edition, source=str(file), digest=hashlib.sha256(text.encode("utf-8")).hexdigest())
    return edition


def _edition_files(folders: tuple[Folder, ...]) -> Iterator[tuple[Folder, str, bool]]:
    """Every ``*.json`` file of the package's edition folder, then of each extra folder, with its
    name and whether it is a player's own (not the package's)."""
    package = resources.files(__package__).joinpath("editions")
    for folder, where, own in ((package, "editions", False), *((f, str(f), True) for f in folders)):
        if not isinstance(folder, Folder):
            raise EditionError(f"edition folder {folder!r}: give a pathlib.Path, not a {type(folder).__name__}")
        if not folder.is_dir():
            raise EditionError(f"edition folder {folder} is not a folder")
        for file in sorted(folder.iterdir(), key=lambda f: f.name):
            if file.name.endswith(".json") and file.is_file():
                yield file, f"{where}/{file.name}", own


@lru_cache(maxsize=16)
def _catalogue(folders: tuple[Folder, ...]) -> Mapping[str, Edition]:
    """Every edition found in the package and ``folders``, by id, in list order."""
    found: dict[str, tuple[Edition, str]] = {}
    for file, where, own in _edition_files(folders):
        edition = _read_edition(file, where, own=own)
        if edition.id in found:
            raise EditionError(f"edition {edition.id!r} is defined twice: in {found[edition.id][1]} and in {where}")
        found[edition.id] = (edition, where)
    ordered = sorted((e for e, _ in found.values()), key=lambda e: (e.order is None, e.order or 0, e.id))
    return MappingProxyType({e.id: e for e in ordered})


def _search_path(folders: Iterable[Folder] | None) -> tuple[Folder, ...]:
    return tuple(EDITION_FOLDERS if folders is None else folders)


# Boards read from players' own files (``add_edition_file``), by id, in the order added; listed
# after the folders' editions wherever no folders are named.
_FILES: dict[str, Edition] = {}
# How the file a save names is opened again (the engine does no file handling of its own): a front
# end that offers board files gives it (``set_board_file_opener(pathlib.Path)``).
_OPENER: Callable[[str], Folder] | None = None


def set_board_file_opener(opener: Callable[[str], Folder] | None) -> None:
    """How ``saved_edition`` opens the board file a save or record names (``pathlib.Path`` will do)."""
    global _OPENER
    _OPENER = opener


def forget_edition_files() -> None:
    """Take back every board added by ``add_edition_file`` (tests; a front end reading its folder again)."""
    _FILES.clear()


def _everything(folders: Iterable[Folder] | None) -> Mapping[str, Edition]:
    catalogue = _catalogue(_search_path(folders))
    if folders is not None or not _FILES:
        return catalogue
    return {**catalogue, **{k: e for k, e in _FILES.items() if k not in catalogue}}


def list_editions(folders: Iterable[Folder] | None = None) -> tuple[Edition, ...]:
    """Every edition, in the order menus show them (each has ``id`` and ``label``).

    ``folders`` are extra folders searched after the package's own (default: ``EDITION_FOLDERS``,
    and then the board files added by ``add_edition_file``). A malformed file, or two files with
    one id, raise ``EditionError``.
    """
    return tuple(_everything(folders).values())


def edition_ids(folders: Iterable[Folder] | None = None) -> tuple[str, ...]:
    """The ids of ``list_editions(folders)``, in the same order."""
    return tuple(_everything(folders))


def load_edition(edition_id: str = "us", folders: Iterable[Folder] | None = None) -> Edition:
    """The edition with this id from the package or ``folders`` (default: ``EDITION_FOLDERS`` and
    the board files added by ``add_edition_file``)."""
    catalogue = _everything(folders)
    if not isinstance(edition_id, str) or edition_id not in catalogue:
        raise EditionError(f"unknown edition {edition_id!r}; choose one of {', '.join(catalogue)}")
    return catalogue[edition_id]


def read_edition_file(file: Folder) -> Edition:
    """A player's own board file (any name), checked: ``EditionError`` names the file and the field.
    The edition remembers the file and its digest (``source``, ``digest``) for the saves."""
    return _read_edition(file, f"board file {file}", named=False, own=True)


def add_edition_file(file: Folder) -> Edition:
    """Read a player's board file and offer it by its id wherever editions are listed or loaded
    (``list_editions()``, ``load_edition(id)``, ``Game.new(..., edition=id)``). A file whose id is
    another board's is refused; adding the same file again reads it afresh."""
    edition = read_edition_file(file)
    other = _catalogue(_search_path(None)).get(edition.id) or _FILES.get(edition.id)
    if other is not None and other.source != edition.source:
        where = f"the board file {other.source}" if other.source else "a board of the game"
        raise EditionError(f"board file {file}: its id {edition.id!r} is already {where}'s; give it another id")
    _FILES[edition.id] = edition
    return edition


def saved_edition(edition_id: Any, file: Any) -> Edition:
    """The edition a save or record names: by id, or for a player's own board (``file``: the
    ``{"path", "sha256"}`` it was saved with) the same file again. ``EditionError`` when the file is
    gone or was changed since (a changed board could not continue the saved game)."""
    if file is None:
        return load_edition(edition_id)
    if not (isinstance(file, dict) and isinstance(file.get("path"), str) and isinstance(file.get("sha256"), str)):
        raise EditionError("edition_file: expected {\"path\": text, \"sha256\": text}")
    path, digest = file["path"], file["sha256"]
    try:
        known: Edition | None = load_edition(edition_id)
    except EditionError:
        known = None
    if known is not None and known.digest == digest:
        return known
    if _OPENER is None:
        raise EditionError(f"this game was played on the board file {path}, and this program reads no board "
                           "files")
    place = _OPENER(path)
    if not place.is_file():
        raise EditionError(f"this game was played on the board file {path}, which is gone: put the file back "
                           "there to go on with the game")
    edition = read_edition_file(place)
    if edition.digest != digest:
        raise EditionError(f"the board file {path} has changed since this game was saved: the game needs the "
                           "board as it was")
    if edition.id != edition_id:
        raise EditionError(f"the board file {path} holds edition {edition.id!r}, not {edition_id!r}")
    if known is None:
        _FILES[edition.id] = edition
    return edition


# The package's own editions (no extra folders), for callers that want a fixed list such as a
# command line's choices; ``edition_ids()`` also sees ``EDITION_FOLDERS``.
EDITION_IDS = edition_ids(())
