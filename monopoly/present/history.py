"""The game's history, as plain text: every event with its turn, filtered to one player or to
money, and wrapped for the history window.

The words of an event are the session's (``session.words.format_event``), shared with the message
log; here they are gathered into the whole story and its filters, which only the screens show.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

from ..engine import Game
from ..engine import events as E
from ..session.words import format_event, label


# Event fields that name a player, and those that hold an amount of money (engine events are
# dataclasses: the filters read their fields instead of listing every event class).
_PLAYER_FIELDS = ("player", "payer", "payee", "owner", "giver", "receiver", "proposer", "recipient", "debtor",
                  "creditor")
_MONEY_FIELDS = ("amount", "price", "salary", "cost", "refund", "cash")
HISTORY_MONEY = "money"  # the history filter that keeps only events where money moved


def event_concerns(event: E.Event, player: int) -> bool:
    """Whether ``event`` names ``player`` (as the one who acts, pays, receives, trades ...)."""
    return any(getattr(event, f, None) == player for f in _PLAYER_FIELDS)


def event_moves_money(event: E.Event) -> bool:
    if isinstance(event, E.BidMade):  # a bid moves no money (the auction's winner pays: AuctionWon)
        return False
    return any(isinstance(getattr(event, f, None), int) and getattr(event, f) != 0 for f in _MONEY_FIELDS)


@dataclass(frozen=True)
class HistoryLine:
    turn: int  # 0: before the first turn (the throws for the start)
    text: str
    role: str


def history(game: Game, only: int | str | None = None) -> list[HistoryLine]:
    """Every event of the game as text, oldest first, each with its turn number; ``only`` a player's
    seat keeps the events naming that player, ``HISTORY_MONEY`` those where money moved."""
    out: list[HistoryLine] = []
    turn = 0
    for event in game.log:
        if isinstance(event, E.TurnStarted):
            turn = event.turn
        if only == HISTORY_MONEY and not event_moves_money(event):
            continue
        if isinstance(only, int) and not event_concerns(event, only):
            continue
        shown = format_event(game, event)
        if shown is not None:
            out.append(HistoryLine(turn, shown[0], shown[1]))
    return out


def history_rows(lines: list[HistoryLine], width: int) -> list[tuple[str, str]]:
    """The history wrapped to ``width``: the turn number at the left of each event's first row."""
    rows: list[tuple[str, str]] = []
    for line in lines:
        head = f"{line.turn:>5} " if line.turn else "start "
        parts = textwrap.wrap(line.text, max(10, width - len(head)), break_on_hyphens=False) or [""]
        rows.append((head + parts[0], line.role))
        rows += [(" " * len(head) + part, line.role) for part in parts[1:]]
    return rows


def history_title(game: Game, only: int | str | None) -> str:
    if only == HISTORY_MONEY:
        return "History: money"
    if isinstance(only, int):
        return f"History: {label(game, only)}"
    return "History"
