"""A trade being built, as plain text: what each side gives so far, by name (not by colour alone).

The curses trade dialog shows these lines while a person picks what to give and take; the offer
itself is sent to the engine only when it is complete.
"""

from __future__ import annotations

from ..engine import Game
from ..session.words import name


def offer_so_far(game: Game, proposer: int, other: int, give: list[int], take: list[int],
                 give_cards: tuple[str, ...] = (), take_cards: tuple[str, ...] = (),
                 cash: int = 0) -> list[tuple[str, str]]:
    """What each side gives in a trade under construction, by name (not by colour alone)."""
    lines: list[tuple[str, str]] = []
    for who, squares, cards, pays in ((proposer, give, give_cards, cash), (other, take, take_cards, -cash)):
        lines.append((f"{name(game, who)} gives:", "title"))
        items = [(game.edition.squares[s].name + (" (mortgaged)" if game.view.mortgaged(s) else ""), "message")
                 for s in squares]
        if cards:
            items.append((f"{len(cards)} Get Out of Jail Free card{'s' if len(cards) > 1 else ''}", "message"))
        if pays > 0:
            items.append((game.view.money(pays), "message"))
        lines += [("  " + text, role) for text, role in items] or [("  nothing yet", "dim")]
    return lines
