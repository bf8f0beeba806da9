"""Chance and Community Chest: drawing a card, what each kind of card does, and the cards
that leave the deck (Get Out of Jail Free) and come back to it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import actions as A
from . import turn
from . import events as E
from . import holdings as H
from .codes import CardKind as C, DecisionKind as K, PaymentReason as R
from .decisions import BOARD, pending_problem
from .editions import DECKS, Card, Edition
from .errors import EditionError
from .state import Decision

if TYPE_CHECKING:
    from .game import Game

BANK = E.BANK
_CARD = R.CARD  # bound once: reading a member off an Enum class is slow


def draw(g: "Game", p: int, deck: str) -> None:
    s = g.state
    di = DECKS.index(deck)
    index = s.decks[di].pop(0)
    card = g.edition.deck(deck)[index]
    g._emit(E.CardDrawn(p, deck, card.id, card.text))
    if card.kind is C.GET_OUT_OF_JAIL_FREE:
        s.players[p].jail_cards.append(deck)
        g._emit(E.JailCardGained(p, deck))
        return
    s.decks[di].append(index)
    card_effect(g, p, card)


def card_destination(edition: Edition, card: Card, square: int) -> int | None:
    """Where ``card``, drawn by a token on ``square``, sends it: a square, None for jail, or
    ``square`` itself for a card that does not move the token. A card moving back passes no GO;
    one moving forward past GO collects the salary (``CardKind.moves`` says which cards move)."""
    kind = card.kind
    if kind is C.ADVANCE_TO or kind is C.MOVE_BACK_TO:
        return int(card.param("square"))
    if kind is C.ADVANCE_TO_NEAREST:
        target = card.param("target")
        squares = edition.squares
        steps = next(k for k in range(1, BOARD + 1) if squares[(square + k) % BOARD].kind == target)
        return (square + steps) % BOARD
    if kind is C.MOVE_RELATIVE:
        return (square + int(card.param("spaces"))) % BOARD
    if kind is C.GO_TO_JAIL:
        return None
    return square


def card_effect(g: "Game", p: int, card: Card) -> None:
    s = g.state
    player = s.players[p]
    kind, param = card.kind, card.param
    if kind == "advance_to":
        turn.move_by(g, p, (param("square") - player.position) % BOARD)
    elif kind == "advance_to_nearest":
        steps = (card_destination(g.edition, card, player.position) or 0) - player.position
        turn.move_by(g, p, steps % BOARD or BOARD, railroad_multiplier=param("rent_multiplier", 1),
                     utility_multiplier=param("dice_multiplier", 0))
    elif kind == "move_relative":
        spaces = param("spaces")
        if spaces < 0:
            turn.move_back(g, p, -spaces)
        else:
            turn.move_by(g, p, spaces)
    elif kind == "move_back_to":
        turn.move_back(g, p, (player.position - param("square")) % BOARD)
    elif kind == "go_to_jail":
        turn.send_to_jail(g, p, "card")
    elif kind == "pay":
        g._charge(p, BANK, param("amount"), _CARD)
    elif kind == "collect":
        g._transfer(BANK, p, param("amount"), _CARD)
    elif kind == "pay_each_player":
        for o in H.active_players(g.state):
            if o != p:
                g._charge(p, o, param("amount"), _CARD)
    elif kind == "collect_from_each_player":
        for o in H.active_players(g.state):
            if o != p:
                g._charge(o, p, param("amount"), _CARD)
    elif kind == "repairs":
        houses = sum(s.houses[i] for i in H.owned(s, p))
        hotels = sum(1 for i in H.owned(s, p) if s.hotel[i])
        g._charge(p, BANK, houses * param("per_house") + hotels * param("per_hotel"), R.REPAIRS)
    elif kind == "pay_or_draw":
        g._push(Decision(K.PAY_OR_DRAW, p, amount=param("amount"), reason=param("deck")))
    else:
        raise EditionError(f"unknown card effect {kind!r}")


def return_jail_card(g: "Game", deck: str) -> None:
    """Put a used (or surrendered) Get Out of Jail Free card back under its deck."""
    order = g.state.decks[DECKS.index(deck)]
    for i, card in enumerate(g.edition.deck(deck)):
        if card.kind is C.GET_OUT_OF_JAIL_FREE and i not in order:
            order.append(i)
            return


def pay_or_draw_problem(g: "Game", a: A.PayOrDraw) -> str | None:
    return pending_problem(g, K.PAY_OR_DRAW, a.player)


def pay_or_draw(g: "Game", a: A.PayOrDraw) -> None:
    d = g.state.stack.pop()
    if a.draw:
        draw(g, a.player, d.reason)
    else:
        g._charge(a.player, BANK, d.amount, _CARD)
