"""Baseline opponents that keep ``ruthless`` honest (issue 12): written from published descriptions.

- ``hoarder``: ``basic`` that never trades at all (it proposes nothing and refuses every offer),
  the player who buys everything and sits on it.
- ``generous``: ``basic`` that also offers cash, 1.25 to 1.75 times the printed price, for the
  last deed of a colour group it holds the rest of: the exploit of a valuation that undersells
  the last deed of a set.
- ``v3``: our reading of the published description of GNOME's ``background_agent_v3_1``: buys
  when $200 stays in hand or the deed completes a group, bids up to halfway beyond the price,
  pays to leave jail with $200 or more, and offers cash (the price and half again) for the deed
  that completes a group. It never sells a deed that completes a group for someone else.
"""

from __future__ import annotations

from ..engine import NOBODY, Action, Bid, PassBid, ProposeTrade, RejectTrade
from .basic import Basic
from .registry import register_strategy
from .tactics import completes_group, street_groups
from .view import GameView, Offer, Pending


def completing_offer(view: GameView, seat: int, factor: float, keep: int) -> ProposeTrade | None:
    """Cash for the one deed an opponent holds of a street group ``seat`` holds the rest of.

    ``factor`` times the printed price, paid only while ``keep`` stays in hand; an offer refused
    recently is not made again (``GameView.refused_recently``).
    """
    squares = view.edition.squares
    for g in street_groups(view):
        missing = [s for s in g.squares if view.owner(s) != seat]
        if len(missing) != 1:
            continue
        s = missing[0]
        holder = view.owner(s)
        if holder == NOBODY or view.group_has_buildings(s) or view.mortgaged(s):
            continue
        cash = int(round(squares[s].price * factor / 10.0)) * 10
        if view.cash() - cash < keep or view.refused_recently(holder, (), (s,)):
            continue
        return ProposeTrade(seat, holder, (), (s,), cash)
    return None


@register_strategy
class Hoarder(Basic):
    name = "hoarder"
    description = "basic that never trades: buys, builds and keeps everything (a benchmark opponent)"

    def answer_trade(self, view: GameView, ask: Pending) -> Action:
        return RejectTrade(self.seat)

    def trade_reason(self, view: GameView, offer: Offer, accepted: bool) -> str:
        return "it never trades"


@register_strategy
class Generous(Basic):
    name = "generous"
    mannered = False  # plays its recipe as written
    description = "basic that offers 1.25-1.75x the price for a deed completing its set (a benchmark opponent)"
    acts_on_others_turns = True

    def act_anytime(self, view: GameView) -> Action | None:
        if view.in_debt():
            return None
        if view.pending_player == self.seat:
            offer = completing_offer(view, self.seat, self.rng.uniform(1.25, 1.75), 0)
            if offer is not None:
                return offer
        return super().act_anytime(view)


@register_strategy
class V3(Basic):
    name = "v3"
    mannered = False  # plays its recipe as written
    description = "after GNOME's background_agent_v3_1: buys with $200 kept, trades for sets (a benchmark opponent)"
    acts_on_others_turns = True

    def bid(self, view: GameView, ask: Pending) -> Action:
        auction = ask.auction
        assert auction is not None
        if auction.item != "square":
            return super().bid(view, ask)
        price = view.edition.squares[auction.square].price
        limit = price * 3 // 2 if completes_group(view, self.seat, auction.square) else price
        limit = min(limit, view.cash() - self.reserve if view.cash() > self.reserve else 0, view.bid_limit())
        if auction.high_bid >= limit:
            return PassBid(self.seat)
        return Bid(self.seat, min(limit, auction.high_bid + 10))

    def act_anytime(self, view: GameView) -> Action | None:
        if view.in_debt():
            return None
        if view.pending_player == self.seat:
            offer = completing_offer(view, self.seat, 1.5, self.reserve)
            if offer is not None:
                return offer
        return super().act_anytime(view)
