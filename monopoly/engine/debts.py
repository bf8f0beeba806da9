"""Debts: who owes what, who may spend and deal, settling rent in property. (Going bankrupt
is ``bankruptcy.py``, above the rules whose acts it uses.)
"""

from __future__ import annotations

from . import events as E
from . import holdings as H
from .codes import DecisionKind as K, PaymentReason as R
from .state import Decision
from .table import Table


BANK = E.BANK
_RAISE_FUNDS = K.RAISE_FUNDS


def in_debt(g: Table, player: int) -> bool:
    """Whether ``player`` has a debt to raise: until it is paid they may raise cash, not spend it."""
    for d in g.state.stack:
        if d.kind == _RAISE_FUNDS and d.player == player:
            return True
    return False


def spend_problem(g: Table, player: int) -> str | None:
    """Why ``player`` may not spend money now (a debt comes first), or None."""
    if in_debt(g, player):
        return f"{g.state.players[player].name} must pay the debt before spending money"
    return None


def deal_problem(g: Table, player: int) -> str | None:
    """Why ``player`` may not build, sell, mortgage, lift or offer a trade now, or None.

    Once the time-limit game's clock has run out only the player in play finishes the move
    (and a debtor still raises what the move made them owe); nobody else deals any more.
    """
    s = g.state
    if s.outcome is not None:
        return "the game is over"
    if s.players[player].bankrupt:
        return f"{s.players[player].name} is bankrupt and out of the game"
    if s.time_up and player != s.turn.player and not in_debt(g, player):
        return "time is up: only the player in play may finish the move"
    return None


def debt_between(g: Table, debtor: int, creditor: int) -> Decision | None:
    for d in g.state.stack:
        if d.kind == K.RAISE_FUNDS and d.player == debtor and d.creditor == creditor:
            return d
    return None


def may_settle_in_property(g: Table, debtor: int, creditor: int | None = None) -> bool:
    """Whether ``debtor`` may offer property (with any cash) to settle the rent they owe
    (``creditor``, or the creditor of their debt): the UK book allows it for rent alone."""
    if not g.rules.settle_in_property:
        return False
    for d in g.state.stack:
        if (d.kind == K.RAISE_FUNDS and d.player == debtor and d.reason == R.RENT and d.creditor >= 0
                and (creditor is None or d.creditor == creditor)):
            return True
    return False


def can_declare_bankruptcy(g: Table, player: int) -> bool:
    """Whether ``player`` must give up: selling and mortgaging everything cannot cover the debt."""
    d = g.waiting()
    return d.kind == K.RAISE_FUNDS and d.player == player and H.liquid_value(g.edition, g.rules, g.state, player) < d.amount
