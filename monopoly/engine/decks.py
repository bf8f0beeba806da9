"""The decks' own bookkeeping: a Get Out of Jail Free card going back under its deck.

Below both the throw (a prisoner uses the card: ``turn``) and bankruptcy (the bank takes the cards
back: ``bankruptcy``), which would otherwise both reach up to ``cards``.
"""

from __future__ import annotations

from .editions import DECKS
from .effects import EFFECTS
from .table import Table


def return_jail_card(g: Table, deck: str) -> None:
    """Put a used (or surrendered) Get Out of Jail Free card back under its deck."""
    order = g.state.decks[DECKS.index(deck)]
    for i, card in enumerate(g.edition.deck(deck)):
        if EFFECTS[card.kind].kept and i not in order:
            order.append(i)
            return
