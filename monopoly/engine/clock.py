"""How a game ends: the clock of the time-limit game, the players stopping it (the computer
editions' Quit), and the final valuation that names the winner.
"""

from __future__ import annotations



from . import actions as A
from . import events as E
from . import holdings as H
from .codes import PaymentReason as R, ShortGame, Termination
from .state import NOBODY, Outcome
from .table import Table



def set_clock(g: Table, seconds: int) -> None:
    """Record the time played; once the agreed time is reached the move in play is finished."""
    s = g.state
    s.clock_seconds = max(int(seconds), s.clock_seconds)
    if (g.rules.short_game == ShortGame.TIME_LIMIT and not s.time_up and s.outcome is None
            and s.clock_seconds >= g.rules.time_limit_minutes * 60):
        s.time_up = True
        g.emit(E.TimeUp)
        # Rent still claimable is part of the moves being finished: it is paid now.
        claims, s.claims = s.claims, []
        for c in claims:
            g.charge(c.payer, c.owner, c.amount, R.RENT)


def seconds_left(g: Table) -> int | None:
    """Seconds left in the time-limit game, or None in a game without a clock."""
    if g.rules.short_game != ShortGame.TIME_LIMIT:
        return None
    return max(0, g.rules.time_limit_minutes * 60 - g.state.clock_seconds)


def end_game_problem(g: Table, a: A.EndGame) -> str | None:
    return None  # the players may stop whenever they like


def end_game(g: Table, a: A.EndGame) -> None:
    g.queued.clear()
    finish(g, Termination.ENDED)


def finish(g: Table, termination: Termination) -> None:
    """End the game: everyone is valued; the richest player still in wins (nobody at the turn limit)."""
    s = g.state
    values = [H.face_value(g.edition, g.rules, g.state, p) for p in range(len(s.players))]
    active = H.active_players(g.state)
    if termination == Termination.TURN_LIMIT or not active:
        winner = NOBODY
    else:
        winner = max(active, key=lambda p: (values[p], -p))
    s.outcome = Outcome(termination, winner, values)
    s.stack.clear()
    s.claims.clear()
    g.emit(E.GameOver, termination, winner, tuple(values))
