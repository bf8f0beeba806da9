"""Buying the square landed on, and auctions: of a deed nobody bought, of a bankrupt's deeds
taken by the bank, and of the houses and hotels the bank is short of.
"""

from __future__ import annotations



from . import actions as A
from . import events as E
from . import holdings as H
from .codes import AuctionItem, AuctionLimit, DecisionKind as K, PaymentReason as R
from .decisions import pending_problem
from .state import NOBODY, AuctionState, Decision
from .debts import in_debt
from .table import Table


BANK = E.BANK
# The codes asked at every purchase and bid, bound once: reading a member off an Enum class costs
# several times as much as reading a global.
_BUY, _AUCTION, _ASSETS, _SQUARE = K.BUY, K.AUCTION, AuctionLimit.ASSETS, AuctionItem.SQUARE
_PURCHASE, _PAID_AT_AUCTION = R.PURCHASE, R.AUCTION


def buy_problem(g: Table, a: A.Buy) -> str | None:
    problem = pending_problem(g, _BUY, a.player)
    if problem:
        return problem
    d = g.waiting()
    cash = g.state.players[a.player].cash
    if cash < d.amount:
        return (f"{g.edition.squares[d.square].name} costs {g.edition.money(d.amount)} and you have {g.edition.money(cash)}: "
                "mortgage or sell first, or let it go to auction")
    return None


def buy(g: Table, a: A.Buy) -> None:
    d = g.state.stack.pop()
    g.transfer(a.player, BANK, d.amount, _PURCHASE)
    g.give_deed(d.square, a.player)
    g.emit(E.Bought, a.player, d.square, d.amount)


def decline_problem(g: Table, a: A.DeclineToBuy) -> str | None:
    return pending_problem(g, _BUY, a.player)


def decline(g: Table, a: A.DeclineToBuy) -> None:
    d = g.state.stack.pop()
    if not g.rules.auctions:  # the deed stays with the bank, for sale to the next to land there
        g.emit(E.Declined, a.player, d.square)
        return
    start_auction(g, _SQUARE, d.square, a.player, H.active_players(g.state))


def start_auction(g: Table, item: AuctionItem, square: int, first: int, bidders: list[int]) -> None:
    n = len(g.state.players)
    ordered = sorted(bidders, key=lambda b: (b - first) % n)
    auction = AuctionState(item=item, square=square, bidders=ordered)
    g.emit(E.AuctionStarted, item, square, tuple(ordered))
    g.queue(Decision(_AUCTION, ordered[0] if ordered else NOBODY, square=square, auction=auction))


def ask_next(g: Table, decision: Decision, after: int) -> None:
    """Point the auction at the next bidder after ``after`` who is not the high bidder."""
    auction = decision.auction
    assert auction is not None
    n = len(g.state.players)
    high = auction.high_bidder
    nearest, asking = n, -1  # how far round the table the next one sits, and its place among the bidders
    for i, b in enumerate(auction.bidders):  # a plain loop: every bid and pass asks this
        if b != high and (b - after - 1) % n < nearest:
            nearest, asking = (b - after - 1) % n, i
    if asking >= 0:
        decision.player = auction.bidders[asking]
        auction.asking = asking


def bid_limit(g: Table, player: int) -> int:
    """The highest bid ``player`` can make good now: nothing while they have a debt to raise (a
    debtor may raise cash, not spend it), so a front end or a computer asked to bid sees at once
    that it can only pass. A higher bid is refused, or under the UK rule (``auction_limit``
    "assets") accepted and voids the auction."""
    if in_debt(g, player):
        return 0
    if g.rules.auction_limit == _ASSETS:
        return H.liquid_value(g.edition, g.rules, g.state, player)
    return g.state.players[player].cash


def bid_voids(g: Table, player: int, amount: int) -> bool:
    """Whether a bid of ``amount`` by ``player`` would void the auction (the UK rule: a bid
    beyond the bidder's assets is allowed and voids it); under the US rule such a bid is refused."""
    return g.rules.auction_limit == _ASSETS and amount > bid_limit(g, player)


def _auction_problem(g: Table, player: int, verb: str, as_high_bidder: str) -> str | None:
    """Why ``player`` may not ``verb`` in the auction under way (``as_high_bidder``: why its high
    bidder may not), or None."""
    d = g.waiting()
    if d.kind != _AUCTION or d.auction is None:
        return f"there is no auction to {verb} in"
    if player not in d.auction.bidders:
        return f"{g.state.players[player].name} is not bidding in this auction"
    return as_high_bidder if player == d.auction.high_bidder else None


def bid_problem(g: Table, a: A.Bid) -> str | None:
    problem = _auction_problem(g, a.player, "bid", "you already hold the highest bid")
    if problem:
        return problem
    auction = g.waiting().auction
    assert auction is not None
    if a.amount <= auction.high_bid or a.amount < 1:
        return f"a bid must be more than {g.edition.money(auction.high_bid)}"
    if in_debt(g, a.player):
        return f"{g.state.players[a.player].name} must pay the debt before spending money"
    limit = bid_limit(g, a.player)
    if a.amount > limit and g.rules.auction_limit != _ASSETS:
        return f"a bid of {g.edition.money(a.amount)} is more than your cash ({g.edition.money(limit)})"
    return None


def bid(g: Table, a: A.Bid) -> None:
    s = g.state
    d = s.stack[-1]
    assert d.auction is not None
    if bid_voids(g, a.player, a.amount):
        s.stack.pop()
        g.emit(E.AuctionVoided, a.player, a.amount, d.auction.item, d.auction.square)
        if d.auction.item != _SQUARE:
            s.building_orders.clear()  # the scarce buildings stay with the bank
        return
    d.auction.high_bid = a.amount
    d.auction.high_bidder = a.player
    g.emit(E.BidMade, a.player, a.amount)
    ask_next(g, d, a.player)


def pass_problem(g: Table, a: A.PassBid) -> str | None:
    return _auction_problem(g, a.player, "pass", "the highest bidder cannot pass")


def pass_bid(g: Table, a: A.PassBid) -> None:
    d = g.state.stack[-1]
    assert d.auction is not None
    d.auction.bidders.remove(a.player)
    g.emit(E.BidderPassed, a.player)
    ask_next(g, d, a.player)


def close_auction(g: Table, auction: AuctionState) -> None:
    s = g.state
    winner = auction.high_bidder
    if winner == NOBODY:
        g.emit(E.AuctionUnsold, auction.item, auction.square)
        if auction.item != _SQUARE:
            s.building_orders.clear()
        return
    g.emit(E.AuctionWon, winner, auction.item, auction.square, auction.high_bid)
    if auction.item == _SQUARE:
        g.give_deed(auction.square, winner)
        g.emit(E.PropertyTransferred, auction.square, BANK, winner)
        g.charge(winner, BANK, auction.high_bid, _PAID_AT_AUCTION)
        return
    for order in s.building_orders:
        if order[0] == winner:
            order[1] -= 1
    s.building_orders = [o for o in s.building_orders if o[1] > 0]
    g.queue(Decision(K.PLACE_BUILDING, winner, amount=auction.high_bid, reason=str(auction.item)))
    g.charge(winner, BANK, auction.high_bid, _PAID_AT_AUCTION)
