"""Play running on between decisions: the loop every action ends with (``settle``).

It pays the debts covered, closes the auctions decided, refunds a building with nowhere to go,
moves a throw along and passes the turn on, until someone has a decision to take. Above the rules
whose steps it takes (``turn``, ``auctions``, ``buildings``), so none of them needs the others.
"""

from __future__ import annotations

from . import auctions, buildings
from . import events as E
from . import holdings as H
from .clock import finish as clock_finish
from .codes import DecisionKind as K, PaymentReason as R, Phase, Termination
from .state import Decision
from .table import Table
from .turn import move_by, next_turn

BANK = E.BANK
# Looked up once: the loop below runs after every action.
_RAISE_FUNDS, _AUCTION, _PLACE_BUILDING, _MORTGAGED_TRANSFER = (
    K.RAISE_FUNDS, K.AUCTION, K.PLACE_BUILDING, K.MORTGAGED_TRANSFER)
_AWAIT_ROLL, _MOVE_PENDING, _RESOLVING = Phase.AWAIT_ROLL, Phase.MOVE_PENDING, Phase.RESOLVING


def settle(g: Table) -> None:
    """Play on by itself until someone has a decision to take (or the game ends)."""
    s = g.state
    new = g.queued  # the decisions queued by the last step: one list for the game's life
    while s.outcome is None:
        if new:
            g.flush_queue()
        stack = s.stack
        if stack:
            top = stack[-1]
            kind = top.kind
            if kind == _RAISE_FUNDS and s.players[top.player].cash >= top.amount:
                s.stack.pop()
                g.transfer(top.player, top.creditor, top.amount, R(top.reason))
                g.emit(E.DebtPaid, top.player, top.creditor, top.amount, R(top.reason))
                continue
            if kind == _AUCTION and top.auction is not None and top.auction.decided:
                s.stack.pop()
                auctions.close_auction(g, top.auction)
                continue
            if kind == _PLACE_BUILDING and _nowhere_to_place(g, top):
                s.stack.pop()  # nowhere left to put it: the bank takes it back and refunds the bid
                g.transfer(BANK, top.player, top.amount, R.BUILDING_REFUND)
                buildings.continue_building_auctions(g)
                continue
            if kind == _MORTGAGED_TRANSFER and (not s.mortgaged[top.square] or s.owner[top.square] != top.player):
                s.stack.pop()  # already lifted (at once, so no more interest) or passed on
                continue
            return
        t = s.turn
        phase = t.phase
        if phase == _AWAIT_ROLL:
            if s.time_up:
                clock_finish(g, Termination.TIME_UP)
            return
        player = s.players[t.player]
        if phase == _MOVE_PENDING:
            t.phase = _RESOLVING
            if not player.bankrupt:
                steps, t.steps = t.steps, 0
                move_by(g, t.player, steps)
            continue
        if t.offline_moves > 0 and g.rules.offline_rule and not player.bankrupt:
            t.offline_moves -= 1
            g.queue(Decision(K.MOVE_OFFLINE, t.player, reason="doubles"))
            continue
        if s.time_up:
            clock_finish(g, Termination.TIME_UP)
            return
        if t.again and not player.bankrupt and not player.in_jail:
            t.again = False
            t.phase = _AWAIT_ROLL
            return
        next_turn(g)
        return  # the next player's throw is due, and time was not up (both checked above)


def _nowhere_to_place(g: Table, d: Decision) -> bool:
    """Whether no street of ``d.player`` can take the house or hotel they won at auction. (A
    function of its own: the test's closure would cost ``settle`` cells at every call.)"""
    s = g.state
    hotel = d.reason == "hotel"
    return not any(H.build_problem(g.edition, g.rules, s, d.player, sq, hotel) is None for sq in H.owned(s, d.player))
