"""The values of a board edition: its squares, colour groups, rule presets, short games and the
``Edition`` itself, immutable data that nothing changes once a board is read.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .codes import Code
from .effects import Card
from .errors import EditionError
from .rules import Rules

DECKS = ("chance", "community_chest")
BOARD_SIZE = 40


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
