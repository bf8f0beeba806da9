"""What Chance and Community Chest cards do: one registry, one entry for each kind of effect.

Each ``Effect`` says, for its ``CardKind``, the parameters a card of that kind needs (the board
files are checked against them, ``edition_reading.py``), how it applies (``apply``, over the few things
a card may do at the table: ``CardTable``), where it sends the token (``destination``) and the
cash it is expected to move for its drawer (``expected_cash``), and the rent a move by it charges (``rent_rates``). The engine plays cards through
``apply`` and ``destination`` (``cards.py``), and the computer players read ``destination`` and
``expected_cash`` from the same entries (``ai/board.py``, ``ai/ruthless.py``), so adding a kind
of effect is one entry here, its ``CardKind`` and its test (``docs/engine.md``, "Adding a card
effect"); nothing else compares effect names.

This module sits at the bottom of the engine beside the codes: it knows nothing of the game, only
the cards, the kinds of squares on the board, and the ``CardTable`` protocol that ``cards.py``
carries out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Protocol, Sequence

from .codes import CardKind as C, PaymentReason as R

BOARD = 40
BANK = -1


@dataclass(frozen=True)
class Card:
    """One card of a deck: its text and its effect (``kind``, with its parameters)."""

    id: str
    deck: str
    text: str
    kind: C
    params: tuple[tuple[str, Any], ...]

    def param(self, name: str, default: Any = None) -> Any:
        for key, value in self.params:  # a card has one to three parameters: no mapping needed
            if key == name:
                return value
        return default

    @property
    def effect(self) -> "Effect":
        """What the card does: its kind's entry in the registry."""
        return EFFECTS[self.kind]

    @property
    def moves(self) -> bool:
        """Whether the card moves the token (``card_destination`` says where to)."""
        return EFFECTS[self.kind].moves


class Place(Protocol):
    """A square as a card sees it: its kind ("railroad", "utility", ...)."""

    @property
    def kind(self) -> str: ...


class CardTable(Protocol):
    """What a card may do to the game (``cards.py`` carries it out over the rules)."""

    def board(self) -> Sequence[Place]: ...
    def position(self, player: int) -> int: ...
    def others(self, player: int) -> list[int]: ...  # the other players still in, in seat order
    def buildings(self, player: int) -> tuple[int, int]: ...  # houses and hotels on their streets
    def forward(self, player: int, steps: int, railroad_multiplier: int = 1, utility_multiplier: int = 0) -> None: ...
    def back(self, player: int, steps: int) -> None: ...
    def to_jail(self, player: int) -> None: ...
    def charge(self, payer: int, payee: int, amount: int, reason: R) -> None: ...  # pay now or owe
    def pay_out(self, player: int, amount: int) -> None: ...  # the bank pays
    def offer_draw(self, player: int, amount: int, deck: str) -> None: ...  # pay, or take a card
    def keep(self, player: int, deck: str) -> None: ...  # a card kept until used or sold


@dataclass(frozen=True)
class CardOdds:
    """What a drawer's expected cash from a card depends on (``Effect.expected_cash``)."""

    opponents: int  # other players still in
    houses: int  # houses and hotels on the drawer's streets
    hotels: int
    jail_fine: int
    landing_bonus: int  # paid for ending a move on GO besides the salary (house rule), else 0


def _stays(card: Card, square: int, board: Sequence[Place]) -> int | None:
    return square


def _none(card: Card, odds: CardOdds) -> float:
    return 0.0


@dataclass(frozen=True)
class Effect:
    """One kind of card effect; see the module docstring."""

    kind: C
    needs: tuple[str, ...]  # parameters every card of the kind has
    apply: Callable[[CardTable, int, Card], None]  # the drawer is ``int``
    destination: Callable[[Card, int, Sequence[Place]], int | None] = _stays  # None: jail
    expected_cash: Callable[[Card, CardOdds], float] = _none
    optional: tuple[str, ...] = ()  # parameters a card of the kind may have
    kept: bool = False  # the card leaves the deck with its drawer (else it goes back under the deck)
    rent_rates: Callable[[Card], tuple[int, int]] | None = None
    """The rent a move by this card charges where it ends: (railroads' multiplier, the dice's
    multiplier for a utility, 0 for the usual rent); None: the usual rent."""

    @property
    def moves(self) -> bool:
        """Whether a card of this kind moves the token."""
        return self.destination is not _stays


# ---------------------------------------------------------------------------------------- moving
def _square(card: Card, square: int, board: Sequence[Place]) -> int | None:
    return int(card.param("square"))


def _nearest(card: Card, square: int, board: Sequence[Place]) -> int | None:
    target = card.param("target")
    steps = next(k for k in range(1, BOARD + 1) if board[(square + k) % BOARD].kind == target)
    return (square + steps) % BOARD


def _relative(card: Card, square: int, board: Sequence[Place]) -> int | None:
    return (square + int(card.param("spaces"))) % BOARD


def _jail(card: Card, square: int, board: Sequence[Place]) -> int | None:
    return None


def _advance_to(t: CardTable, p: int, card: Card) -> None:
    t.forward(p, (card.param("square") - t.position(p)) % BOARD)


def _nearest_rates(card: Card) -> tuple[int, int]:
    return card.param("rent_multiplier", 1), card.param("dice_multiplier", 0)


def _advance_to_nearest(t: CardTable, p: int, card: Card) -> None:
    at = t.position(p)
    steps = (_nearest(card, at, t.board()) or 0) - at
    t.forward(p, steps % BOARD or BOARD, *_nearest_rates(card))


def _move_relative(t: CardTable, p: int, card: Card) -> None:
    spaces = card.param("spaces")
    if spaces < 0:
        t.back(p, -spaces)
    else:
        t.forward(p, spaces)


def _move_back_to(t: CardTable, p: int, card: Card) -> None:
    t.back(p, (t.position(p) - card.param("square")) % BOARD)


def _landing_bonus(card: Card, odds: CardOdds) -> float:
    return odds.landing_bonus if card.param("square") == 0 else 0  # the house rule's second salary on GO


# ---------------------------------------------------------------------------------------- money
def _pay(t: CardTable, p: int, card: Card) -> None:
    t.charge(p, BANK, card.param("amount"), R.CARD)


def _collect(t: CardTable, p: int, card: Card) -> None:
    t.pay_out(p, card.param("amount"))


def _pay_each(t: CardTable, p: int, card: Card) -> None:
    for o in t.others(p):
        t.charge(p, o, card.param("amount"), R.CARD)


def _collect_from_each(t: CardTable, p: int, card: Card) -> None:
    for o in t.others(p):
        t.charge(o, p, card.param("amount"), R.CARD)


def _repairs(t: CardTable, p: int, card: Card) -> None:
    houses, hotels = t.buildings(p)
    t.charge(p, BANK, houses * card.param("per_house") + hotels * card.param("per_hotel"), R.REPAIRS)


EFFECTS: dict[C, Effect] = {e.kind: e for e in (
    Effect(C.ADVANCE_TO, ("square",), _advance_to, _square, _landing_bonus),
    Effect(C.ADVANCE_TO_NEAREST, ("target",), _advance_to_nearest, _nearest,
           optional=("rent_multiplier", "dice_multiplier"), rent_rates=_nearest_rates),
    Effect(C.MOVE_RELATIVE, ("spaces",), _move_relative, _relative),
    Effect(C.MOVE_BACK_TO, ("square",), _move_back_to, _square),
    Effect(C.GO_TO_JAIL, (), lambda t, p, card: t.to_jail(p), _jail, lambda card, odds: -odds.jail_fine),
    Effect(C.PAY, ("amount",), _pay, expected_cash=lambda card, odds: -card.param("amount")),
    Effect(C.COLLECT, ("amount",), _collect, expected_cash=lambda card, odds: card.param("amount")),
    Effect(C.PAY_EACH_PLAYER, ("amount",), _pay_each,
           expected_cash=lambda card, odds: -(card.param("amount") * odds.opponents)),
    Effect(C.COLLECT_FROM_EACH_PLAYER, ("amount",), _collect_from_each,
           expected_cash=lambda card, odds: card.param("amount") * odds.opponents),
    Effect(C.REPAIRS, ("per_house", "per_hotel"), _repairs,
           expected_cash=lambda card, odds: -(odds.houses * card.param("per_house")
                                              + odds.hotels * card.param("per_hotel"))),
    Effect(C.PAY_OR_DRAW, ("amount", "deck"), lambda t, p, card: t.offer_draw(p, card.param("amount"), card.param("deck"))),
    # Kept until used or sold: worth about half the fine it saves (a valuation, not a rule).
    Effect(C.GET_OUT_OF_JAIL_FREE, (), lambda t, p, card: t.keep(p, card.deck),
           expected_cash=lambda card, odds: odds.jail_fine / 2, kept=True),
)}
"""Every kind of card effect, by its code (``tests/test_card_effects.py`` checks one per ``CardKind``)."""


def destination(card: Card, square: int, board: Sequence[Place]) -> int | None:
    """Where ``card``, drawn by a token on ``square``, sends it: a square, None for jail, or
    ``square`` itself for a card that does not move the token."""
    return EFFECTS[card.kind].destination(card, square, board)
