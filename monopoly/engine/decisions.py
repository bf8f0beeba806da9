"""Who is asked what: the checks every rule module shares about the pending decision.

A verb answering a decision (a throw, a purchase, a trade answer ...) is refused unless that
decision is pending and asked of the player taking it; the reason says what the game waits for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .codes import DecisionKind as K
from .state import Decision

if TYPE_CHECKING:
    from .game import Game

BOARD = 40


def pending_problem(g: "Game", kind: K, player: int) -> str | None:
    """Why ``player`` may not answer a ``kind`` decision now, or None when it is theirs to take."""
    d = g.pending
    if d.kind != kind:
        return f"that is not possible now: the game is waiting for {describe_decision(g, d)}"
    if d.player != player:
        players = g.state.players
        return f"it is {players[d.player].name}'s decision, not {players[player].name}'s"
    return None


def square_problem(square: object) -> str | None:
    """Why ``square`` names no square of the board, or None."""
    if not isinstance(square, int) or isinstance(square, bool) or not 0 <= square < BOARD:
        return f"there is no square {square!r}"
    return None


def describe_decision(game: "Game", d: Decision) -> str:
    """A short description of a pending decision, for messages."""
    players = game.state.players
    name = players[d.player].name if 0 <= d.player < len(players) else "nobody"
    sq = game.edition.squares[d.square].name if 0 <= d.square < BOARD else ""
    return {
        K.ROLL: f"{name} to throw the dice",
        K.BUY: f"{name} to buy {sq} or let it go to auction",
        K.AUCTION: "the bids in an auction",
        K.INCOME_TAX: f"{name} to choose how to pay income tax",
        K.PAY_OR_DRAW: f"{name} to pay the fine or take a card",
        K.RAISE_FUNDS: f"{name} to raise {game.money(d.amount)}",
        K.TRADE_RESPONSE: f"{name} to answer a trade offer",
        K.MORTGAGED_TRANSFER: f"{name} to lift or keep the mortgage on {sq}",
        K.MOVE_OFFLINE: f"{name} to move the Offline token",
        K.PLACE_BUILDING: f"{name} to place a {d.reason}",
        K.GAME_OVER: "nothing: the game is over",
    }.get(d.kind, str(d.kind))
