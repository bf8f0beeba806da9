"""The names a person gives in a position: squares by index or name, players by seat or name, the
decks and their cards, and a street's buildings; each looked up or refused with a ``PositionError``.
"""

from __future__ import annotations

from typing import Any

from .editions import BOARD_SIZE as BOARD, DECKS, Edition
from .events import BANK
from .position_values import HOTEL, PositionError, SquareRef, _is_int


# ------------------------------------------------------------------------------------------- names
class _Names:
    """Squares, players and cards of one game looked up by the names a person would use."""

    def __init__(self, edition: Edition, players: list[str]) -> None:
        self.edition = edition
        self.players = players

    def square(self, ref: Any, where: str) -> int:
        if isinstance(ref, str) and ref.strip().isdigit():
            ref = int(ref.strip())
        if _is_int(ref):
            if not 0 <= ref < BOARD:
                raise PositionError(f"{where}: square {ref} is off the board (0 to {BOARD - 1})")
            return int(ref)
        if not isinstance(ref, str):
            raise PositionError(f"{where}: expected a square's index or name, not {ref!r}")
        matches = [s.index for s in self.edition.squares if s.name.lower() == ref.strip().lower()]
        if not matches:
            raise PositionError(f"{where}: no square is called {ref!r} on the {self.edition.name} board")
        if len(matches) > 1:
            raise PositionError(f"{where}: {len(matches)} squares are called {ref!r}: name one by index "
                                f"({', '.join(map(str, matches))})")
        return matches[0]

    def player(self, ref: Any, where: str, bank: bool = False) -> int:
        if bank and isinstance(ref, str) and ref.strip().lower() == "bank":
            return BANK
        if _is_int(ref):
            if not 0 <= ref < len(self.players):
                raise PositionError(f"{where}: there is no seat {ref} (seats 0 to {len(self.players) - 1})")
            return int(ref)
        if isinstance(ref, str):
            for i, name in enumerate(self.players):
                if name.lower() == ref.strip().lower():
                    return i
        raise PositionError(f"{where}: no player is called {ref!r} (players: {', '.join(self.players)}"
                            f"{', or bank' if bank else ''})")

    def deck(self, ref: Any, where: str) -> str:
        if ref not in DECKS:
            raise PositionError(f"{where}: no deck is called {ref!r} (decks: {', '.join(DECKS)})")
        return str(ref)

    def card(self, deck: str, card_id: Any, where: str) -> int:
        for i, card in enumerate(self.edition.deck(deck)):
            if card.id == card_id:
                return i
        raise PositionError(f"{where}: the {deck} deck has no card {card_id!r}")

    def square_name(self, index: int) -> SquareRef:
        """A square's name when it names one square, else its index (there are three Chance squares)."""
        name = self.edition.squares[index].name
        unique = sum(1 for s in self.edition.squares if s.name.lower() == name.lower()) == 1
        return name if unique else index


def _level_value(value: Any, where: str) -> tuple[int, bool]:
    """(houses, hotel) from a buildings entry: a number of houses or "hotel"."""
    if isinstance(value, str) and value.strip().lower() == HOTEL:
        return 0, True
    if not _is_int(value):
        raise PositionError(f"{where}: expected a number of houses or \"hotel\", not {value!r}")
    return value, False
