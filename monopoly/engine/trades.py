"""Trades between players: offers of deeds, cash and Get Out of Jail Free cards, their answer,
the hand-over of deeds (mortgaged ones owe interest), and rent settled in property (UK).
"""

from __future__ import annotations



from . import actions as A
from . import events as E
from . import holdings as H
from .codes import DecisionKind as K, PaymentReason as R
from .debts import deal_problem, debt_between, may_settle_in_property, spend_problem
from .decisions import pending_problem
from .mortgages import property_problem
from .state import Decision, TradeOffer
from .table import Table


# Decisions during which no new trade may be offered (one offer is answered at a time).
_NO_NEW_TRADES = (K.TRADE_RESPONSE, K.GAME_OVER)
_MORTGAGED_TRANSFER = K.MORTGAGED_TRANSFER  # read in every check of an offer: an Enum member off its class costs more


def offer_of(a: A.ProposeTrade) -> TradeOffer:
    return TradeOffer(a.player, a.recipient, list(a.give), list(a.take), a.cash, list(a.give_cards),
                      list(a.take_cards), a.settle_debt)


def propose_trade_problem(g: Table, a: A.ProposeTrade) -> str | None:
    problem = deal_problem(g, a.player)
    if problem:
        return problem
    return trades_problem(g) or terms_problem(g, a.player, a)


def trades_problem(g: Table) -> str | None:
    """Why nobody may offer a trade now, or None: one offer is answered at a time."""
    kind = g.waiting().kind
    if kind in _NO_NEW_TRADES:
        return "another offer is waiting for an answer" if kind is not K.GAME_OVER else "the game is over"
    return None


def terms_problem(g: Table, proposer: int, t: A.ProposeTrade | TradeOffer) -> str | None:
    """Why the terms of an offer by ``proposer`` cannot be carried out now, or None. (The terms are
    read from the offer as made or as kept while it waits: both name the same fields.)"""
    s = g.state
    if not 0 <= t.recipient < len(s.players) or s.players[t.recipient].bankrupt:
        return f"there is no player {t.recipient!r} to trade with"
    if t.recipient == proposer:
        return "a player cannot trade with themselves"
    if len(set(t.give)) != len(t.give) or len(set(t.take)) != len(t.take):
        return "a property is named twice in the trade"
    # the deeds whose mortgage interest is still to be settled, found once (a deed's checks below
    # come in the same order as ever: owned, no buildings in its group, no interest due)
    interest_due = [d.square for d in s.stack if d.kind == _MORTGAGED_TRANSFER]
    for side, squares in ((proposer, t.give), (t.recipient, t.take)):
        for sq in squares:
            problem = property_problem(g, side, sq)
            if problem:
                return problem
            if H.group_has_buildings(g.edition, s, sq):
                return f"{g.edition.squares[sq].name}'s group has buildings: sell them before trading"
            if sq in interest_due:
                return (f"the interest on {g.edition.squares[sq].name}'s mortgage is due first: "
                        "pay it or lift the mortgage before passing the deed on")
    for side, cards in ((proposer, t.give_cards), (t.recipient, t.take_cards)):
        if not cards:
            continue  # most offers name no card
        held = list(s.players[side].jail_cards)
        for c in cards:
            if c not in held:
                return f"{s.players[side].name} does not hold that Get Out of Jail Free card"
            held.remove(c)
    payer, amount = (proposer, t.cash) if t.cash >= 0 else (t.recipient, -t.cash)
    if s.players[payer].cash < amount:
        return f"{s.players[payer].name} has only {g.edition.money(s.players[payer].cash)} in cash"
    if amount and not t.settle_debt:
        problem = spend_problem(g, payer)
        if problem:
            return problem
    if t.settle_debt:
        if not may_settle_in_property(g, proposer, t.recipient):
            return "there is no rent owed to this player that may be settled in property"
        if t.take or t.take_cards or t.cash < 0:
            return "a settlement gives property and cash to the creditor, and takes nothing"
    elif not (t.give or t.take or t.give_cards or t.take_cards):
        return "a trade must include at least one property or card"
    return None


def propose_trade(g: Table, a: A.ProposeTrade) -> None:
    g.emit(E.TradeProposed, a.player, a.recipient, a.give, a.take, a.cash, a.give_cards, a.take_cards,
                            a.settle_debt)
    g.queue(Decision(K.TRADE_RESPONSE, a.recipient, trade=offer_of(a)))


def accept_trade_problem(g: Table, a: A.AcceptTrade) -> str | None:
    problem = pending_problem(g, K.TRADE_RESPONSE, a.player)
    if problem:
        return problem
    trade = g.waiting().trade
    assert trade is not None
    problem = terms_problem(g, trade.proposer, trade)
    if problem:
        return f"the offer no longer stands ({problem}); refuse it"
    return None


def accept_trade(g: Table, a: A.AcceptTrade) -> None:
    s = g.state
    d = s.stack.pop()
    t = d.trade
    assert t is not None
    g.emit(E.TradeAnswered, t.proposer, t.recipient, True)
    if t.settle_debt:
        debt = debt_between(g, t.proposer, t.recipient)
        if debt is not None:
            s.stack.remove(debt)
    if t.cash > 0:
        g.transfer(t.proposer, t.recipient, t.cash, R.TRADE)
    elif t.cash < 0:
        g.transfer(t.recipient, t.proposer, -t.cash, R.TRADE)
    for giver, receiver, squares, cards in ((t.proposer, t.recipient, t.give, t.give_cards),
                                            (t.recipient, t.proposer, t.take, t.take_cards)):
        for sq in squares:
            hand_over(g, sq, giver, receiver)
        for c in cards:
            s.players[giver].jail_cards.remove(c)
            s.players[receiver].jail_cards.append(c)
            g.emit(E.JailCardPassed, giver, receiver, c)


def hand_over(g: Table, square: int, giver: int, receiver: int) -> None:
    """A deed changes hands; a mortgaged one asks the receiver to lift it or pay the interest."""
    g.give_deed(square, receiver)
    g.emit(E.PropertyTransferred, square, giver, receiver)
    if g.state.mortgaged[square] and g.rules.mortgage_interest:
        g.queue(Decision(K.MORTGAGED_TRANSFER, receiver, square=square))


def reject_trade_problem(g: Table, a: A.RejectTrade) -> str | None:
    return pending_problem(g, K.TRADE_RESPONSE, a.player)


def reject_trade(g: Table, a: A.RejectTrade) -> None:
    d = g.state.stack.pop()
    assert d.trade is not None
    g.emit(E.TradeAnswered, d.trade.proposer, d.trade.recipient, False)
