"""``basic``: the published baseline bot, played exactly as described.

- Buys when its cash after paying is at least $200, or when the property completes a group.
- Bids up to the printed price; for a property that completes a group, up to its cash
  minus $200. (Bids rise in steps of $10 or to the limit, whichever is smaller.)
- In jail, leaves when its cash is at least $200 (with a Get Out of Jail Free card when it has
  one, else paying the fine); otherwise throws for doubles.
- Builds evenly on complete groups while its cash after building stays at least $200; when
  the bank is short and buildings are ordered for auction, it orders as many as that rule would
  build now.
- Raises funds by mortgaging properties outside complete groups first (cheapest first), then
  selling buildings, then mortgaging what is left; declares bankruptcy only when nothing is left.
- Never proposes trades; accepts a trade only if it gains a complete group and loses none.
- Always claims rent.

What the baseline does not say, it does plainly: builds at its own decisions (before it
throws, when it buys, ...), pays the flat income tax and a "pay or draw"
fine, keeps a mortgaged property it receives mortgaged (paying the interest), never lifts a
mortgage, puts the .com Offline token on the opponent property with the highest rent and an
auctioned building on its least built street. "$200" means 200 of the edition's money.
"""

from __future__ import annotations

from ..engine import (AcceptTrade, Action, Bid, Build, Buy, DeclareBankruptcy, DeclineToBuy, Mortgage,
                      PassBid, PayJailFine, RejectTrade, Roll, SellBuilding, UseJailCard)
from .registry import register_strategy
from .strategy import Strategy, safe_answer
from .tactics import (can_pay_offer, complete_groups, completes_group, dearest_rival_offline, owners_after,
                      planned_builds)
from .view import GameView, Offer, Pending

RESERVE = 200
BID_STEP = 10


@register_strategy
class Basic(Strategy):
    name = "basic"
    description = "the published baseline: keeps $200, builds evenly, never proposes trades"
    acts_on_others_turns = False  # it builds at its own decisions

    reserve = RESERVE

    def buy(self, view: GameView, ask: Pending) -> Action:
        cash = view.cash()
        if cash >= ask.amount and (cash - ask.amount >= self.reserve or completes_group(view, self.seat, ask.square)):
            return Buy(self.seat)
        return DeclineToBuy(self.seat)

    def bid(self, view: GameView, ask: Pending) -> Action:
        auction = ask.auction
        assert auction is not None
        if auction.item == "square":
            if completes_group(view, self.seat, auction.square):
                limit = view.cash() - self.reserve
            else:
                limit = view.edition.squares[auction.square].price
        else:  # a house or hotel the bank is short of: worth its printed cost on our dearest group
            costs = [view.edition.squares[s].house_cost for s in view.owned() if view.build_problem(s) is None]
            limit = max(costs, default=0)
        limit = min(limit, view.bid_limit())
        if auction.high_bid >= limit:
            return PassBid(self.seat)
        return Bid(self.seat, min(limit, auction.high_bid + BID_STEP))

    def jail(self, view: GameView, ask: Pending) -> Action:
        if view.cash() >= self.reserve:
            if view.jail_cards():
                return UseJailCard(self.seat)
            if view.is_legal(PayJailFine(self.seat)):
                return PayJailFine(self.seat)
        return Roll(self.seat)

    def raise_funds(self, view: GameView, ask: Pending) -> Action:
        owned = view.owned()
        groups = complete_groups(view, self.seat)
        price = view.edition.squares

        def in_group(s: int) -> bool:
            return price[s].group in groups

        outside = [s for s in owned if not view.mortgaged(s) and not in_group(s)]
        if outside:
            return Mortgage(self.seat, min(outside, key=lambda s: (price[s].price, s)))
        for s in owned:
            if view.level(s) and view.sell_problem(s) is None:
                return SellBuilding(self.seat, s)
        rest = [s for s in owned if not view.mortgaged(s) and not view.group_has_buildings(s)]
        if rest:
            return Mortgage(self.seat, min(rest, key=lambda s: (price[s].price, s)))
        if view.can_declare_bankruptcy():
            return DeclareBankruptcy(self.seat)
        return safe_answer(view, ask)

    def answer_trade(self, view: GameView, ask: Pending) -> Action:
        offer = ask.offer
        assert offer is not None
        if not can_pay_offer(view, offer, self.seat):
            return RejectTrade(self.seat)
        before = complete_groups(view, self.seat)
        after = complete_groups(view, self.seat, owners_after(view, offer))
        if after - before and not before - after:
            return AcceptTrade(self.seat)
        return RejectTrade(self.seat)

    def trade_reason(self, view: GameView, offer: Offer, accepted: bool) -> str:
        return "it completes a set of its own" if accepted else "it trades only to complete a set, losing none"

    def move_offline(self, view: GameView, ask: Pending) -> Action:
        return dearest_rival_offline(view, self.seat) or safe_answer(view, ask)

    def place_building(self, view: GameView, ask: Pending) -> Action:
        spots = [s for s in view.owned() if view.is_legal(Build(self.seat, s))]
        if spots:
            return Build(self.seat, min(spots, key=lambda s: (view.level(s), s)))
        return safe_answer(view, ask)

    def act_anytime(self, view: GameView) -> Action | None:
        if not view.has_monopoly() or view.in_debt():
            return None  # nothing to build on (all it does at any time), or a debt to pay first
        return self.build(view)

    def building_order(self, view: GameView, hotels: bool) -> int:
        """Its build rule counted out: evenly, while its cash after building stays at least $200."""
        if view.in_debt():
            return 0
        return planned_builds(view, hotels, view.cash() - self.reserve)

    def build(self, view: GameView) -> Action | None:
        """The next house (evenly, least built first) that leaves at least the reserve in cash.

        Evenly: only the least built site of each group (the first of them) is a candidate, and
        the engine is asked whether it may take a building; the least built candidate wins, the
        first group on the board on a tie.
        """
        groups = view.monopolies()
        if not groups:
            return None
        spare = view.cash() - self.reserve
        squares = view.edition.squares
        best = None
        best_level = 99
        for g in groups:
            if squares[g.squares[0]].house_cost > spare:
                continue
            least, level = -1, 99
            for s in g.squares:
                here = view.level(s)
                if here < level:
                    least, level = s, here
            if level < best_level and view.build_problem(least) is None:
                best, best_level = least, level
        if best is None or not view.is_legal(Build(self.seat, best)):
            return None
        return Build(self.seat, best)
