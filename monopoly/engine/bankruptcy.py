"""Bankruptcy: a player leaving the game with everything going to the creditor, or to the bank
(and its auctions).

Above the questions of ``debts`` (who owes what) and the modules whose acts a bankruptcy uses:
deeds handed over (``trades``), jail cards back under their decks (``decks``) and what the bank
takes auctioned (``auctions``).
"""

from __future__ import annotations

from . import actions as A
from . import auctions, trades
from . import events as E
from . import holdings as H
from .clock import finish as clock_finish
from .codes import AuctionItem, DecisionKind as K, PaymentReason as R, Phase, Termination
from .decks import return_jail_card
from .decisions import pending_problem
from .state import NOBODY
from .table import Table

BANK = E.BANK


def bankrupt_problem(g: Table, a: A.DeclareBankruptcy) -> str | None:
    problem = pending_problem(g, K.RAISE_FUNDS, a.player)
    if problem:
        return problem
    d = g.waiting()
    if H.liquid_value(g.edition, g.rules, g.state, a.player) >= d.amount:
        return f"selling buildings and mortgaging can still raise {g.edition.money(d.amount)}: raise the money instead"
    return None


def bankrupt(g: Table, a: A.DeclareBankruptcy) -> None:
    s = g.state
    d = s.stack.pop()
    p, creditor = a.player, d.creditor
    player = s.players[p]
    for sq in H.owned(s, p):
        refund = H.building_sale_value(g.edition, g.rules, s, sq)
        g.set_buildings(sq, 0)
        g.transfer(BANK, p, refund, R.BUILDING_SOLD)
    g.transfer(p, creditor, player.cash, R.BANKRUPTCY)
    to_auction = []
    for sq in H.owned(s, p):
        if creditor == BANK:
            g.give_deed(sq, NOBODY)
            g.set_mortgage(sq, False)
            g.emit(E.PropertyTransferred, sq, p, BANK)
            if g.rules.bankrupt_deeds_auctioned:  # otherwise the bank keeps them, for sale as any unowned deed
                to_auction.append(sq)
        else:
            trades.hand_over(g, sq, p, creditor)
    for deck in list(player.jail_cards):
        if creditor == BANK:
            return_jail_card(g, deck)
        else:
            s.players[creditor].jail_cards.append(deck)
        g.emit(E.JailCardPassed, p, creditor, deck)
    player.jail_cards.clear()
    g.retire(p)
    player.in_jail = False
    g.emit(E.Bankrupt, p, creditor)
    forget_player(g, p)
    if s.turn.player == p:
        s.turn.again = False
        s.turn.phase = Phase.RESOLVING
        s.turn.steps = 0
        s.turn.offline_moves = 0
    active = H.active_players(g.state)
    if len(active) <= 1:
        g.queued.clear()
        clock_finish(g, Termination.LAST_PLAYER)
        return
    if g.rules.ends_at_first_bankruptcy:
        g.queued.clear()
        clock_finish(g, Termination.FIRST_BANKRUPTCY)
        return
    # An auction this bankruptcy decided (the bankrupt was the last rival) is closed now, before
    # the bank auctions the deeds: its winner must not bid there with the money already promised.
    for decided, auction in [(x, x.auction) for x in s.stack if x.auction is not None and x.auction.decided]:
        s.stack.remove(decided)
        auctions.close_auction(g, auction)
    for sq in to_auction:
        auctions.start_auction(g, AuctionItem.SQUARE, sq, s.turn.player if s.turn.player != p else active[0], active)


def forget_player(g: Table, p: int) -> None:
    """Drop a bankrupt player's claims, offers and pending decisions."""
    s = g.state
    s.claims = [c for c in s.claims if c.owner != p and c.payer != p]
    s.building_orders = [o for o in s.building_orders if o[0] != p]
    keep = []
    for d in s.stack:
        if d.kind == K.AUCTION and d.auction is not None:
            if p in d.auction.bidders:
                d.auction.bidders.remove(p)
            if d.auction.high_bidder == p:
                d.auction.high_bidder, d.auction.high_bid = NOBODY, 0
            if d.player == p:
                auctions.ask_next(g, d, p)
            keep.append(d)
        elif d.kind == K.TRADE_RESPONSE and d.trade is not None and p in (d.trade.proposer, d.trade.recipient):
            continue
        elif d.player == p:
            continue
        else:
            if d.kind == K.RAISE_FUNDS and d.creditor == p:
                d.creditor = BANK  # a debt to a player who has left the game is owed to the bank
            keep.append(d)
    s.stack = keep
