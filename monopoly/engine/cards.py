"""Chance and Community Chest: drawing a card, what each kind of card does, and the cards
that leave the deck (Get Out of Jail Free) and come back to it.
"""

from __future__ import annotations

from typing import Sequence

from . import actions as A
from . import turn
from . import events as E
from . import holdings as H
from .codes import DecisionKind as K, PaymentReason as R
from .decisions import pending_problem
from .editions import DECKS, Card, Edition
from .effects import EFFECTS, Place, destination
from .state import Decision
from .table import Table


BANK = E.BANK
_CARD = R.CARD  # bound once: reading a member off an Enum class is slow


def draw(g: Table, p: int, deck: str) -> None:
    s = g.state
    di = DECKS.index(deck)
    index = s.decks[di].pop(0)
    card = g.edition.deck(deck)[index]
    g.emit(E.CardDrawn, p, deck, card.id, card.text)
    effect = EFFECTS[card.kind]
    if not effect.kept:
        s.decks[di].append(index)  # under the deck before the card is played: a move may draw again
    effect.apply(_Table(g), p, card)


def land_on_deck(g: Table, p: int, square: int) -> None:
    """A token landed on a Chance or Community Chest square: draw from its deck (``routes.LANDINGS``)."""
    draw(g, p, g.edition.squares[square].kind)


def card_destination(edition: Edition, card: Card, square: int) -> int | None:
    """Where ``card``, drawn by a token on ``square``, sends it: a square, None for jail, or
    ``square`` itself for a card that does not move the token. A card moving back passes no GO;
    one moving forward past GO collects the salary (``Card.moves`` says which cards move).
    The registry's answer (``effects.EFFECTS``)."""
    return destination(card, square, edition.squares)


class _Table:
    """What a card may do (``effects.CardTable``), carried out over the rules of ``g``."""

    __slots__ = ("g",)

    def __init__(self, g: Table) -> None:
        self.g = g

    def board(self) -> Sequence[Place]:
        return self.g.edition.squares

    def position(self, player: int) -> int:
        return self.g.state.players[player].position

    def others(self, player: int) -> list[int]:
        return [o for o in H.active_players(self.g.state) if o != player]

    def buildings(self, player: int) -> tuple[int, int]:
        s = self.g.state
        owned = H.owned(s, player)
        return sum(s.houses[i] for i in owned), sum(1 for i in owned if s.hotel[i])

    def forward(self, player: int, steps: int, railroad_multiplier: int = 1, utility_multiplier: int = 0) -> None:
        turn.move_by(self.g, player, steps, railroad_multiplier=railroad_multiplier,
                     utility_multiplier=utility_multiplier)

    def back(self, player: int, steps: int) -> None:
        turn.move_back(self.g, player, steps)

    def to_jail(self, player: int) -> None:
        turn.send_to_jail(self.g, player, "card")

    def charge(self, payer: int, payee: int, amount: int, reason: R) -> None:
        self.g.charge(payer, payee, amount, reason)

    def pay_out(self, player: int, amount: int) -> None:
        self.g.transfer(BANK, player, amount, _CARD)

    def offer_draw(self, player: int, amount: int, deck: str) -> None:
        self.g.queue(Decision(K.PAY_OR_DRAW, player, amount=amount, reason=deck))

    def keep(self, player: int, deck: str) -> None:
        self.g.state.players[player].jail_cards.append(deck)
        self.g.emit(E.JailCardGained, player, deck)


def pay_or_draw_problem(g: Table, a: A.PayOrDraw) -> str | None:
    return pending_problem(g, K.PAY_OR_DRAW, a.player)


def pay_or_draw(g: Table, a: A.PayOrDraw) -> None:
    d = g.state.stack.pop()
    if a.draw:
        draw(g, a.player, d.reason)
    else:
        g.charge(a.player, BANK, d.amount, _CARD)
