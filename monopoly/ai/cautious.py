"""``cautious``: an easier opponent for new players. It keeps a large reserve and trades rarely.

- Keeps a reserve of a third of the starting money ($500 on the classic boards).
- Buys when its cash after paying stays above the reserve, or above half of it for a property
  that completes a group; bids up to 80% of the printed price (the price, to complete a group)
  as long as the reserve is kept.
- Leaves jail early in the game (card first) only with cash to spare; otherwise throws.
- Pays whichever income tax is cheaper, and always pays a fine rather than draw a card.
- Builds evenly up to three houses a street while the reserve is kept; more houses and hotels
  only when its cash is twice the reserve. Lifts mortgages with money to spare. When the bank
  is short, it orders what that rule would build now and bids for a scarce house or hotel up to
  its printed cost, never below its reserve.
- Raises funds like ``basic``: mortgages outside its groups (cheapest first), then sells buildings.
- Trades rarely: at most one offer every ten of its turns, and only an even swap in which both
  players complete a group and its own group is worth at least as much (by printed prices).
  It accepts an offer only when it completes a group, loses none, keeps its reserve, and, by
  printed prices, the group it completes plus any cash it receives is worth at least the group
  the other player completes (if any) plus any cash it pays.
"""

from __future__ import annotations

import random
from typing import Any

from ..engine import (AcceptTrade, Action, Bid, Build, Buy, DecisionKind as K, DeclineToBuy, LiftMortgage, PassBid,
                      PayIncomeTax, PayJailFine, PayOrDraw, ProposeTrade, RejectTrade, Roll, SettleMortgagedTransfer,
                      UseJailCard)
from .basic import BID_STEP, Basic
from .registry import register_strategy
from .tactics import can_pay_offer, complete_groups, completes_group, owners_after, planned_builds, unowned
from .view import GameView, Pending

TRADE_EVERY = 10  # of its own turns, at most one offer


@register_strategy
class Cautious(Basic):
    name = "cautious"
    description = "keeps a large reserve and trades rarely (an easier opponent)"

    def __init__(self, seat: int, rng: random.Random) -> None:
        super().__init__(seat, rng)
        self._next_offer_turn = 0

    def _reserve(self, view: GameView) -> int:
        return view.starting_cash() // 3  # the starting cash the rules give (a house rule may change it)

    def buy(self, view: GameView, ask: Pending) -> Action:
        spare = view.cash() - ask.amount
        reserve = self._reserve(view)
        if spare >= 0 and (spare >= reserve or (completes_group(view, self.seat, ask.square) and spare >= reserve // 2)):
            return Buy(self.seat)
        return DeclineToBuy(self.seat)

    def bid(self, view: GameView, ask: Pending) -> Action:
        auction = ask.auction
        assert auction is not None
        if auction.item != "square":
            return self._building_bid(view, auction.high_bid)
        price = view.edition.squares[auction.square].price
        limit = price if completes_group(view, self.seat, auction.square) else price * 8 // 10
        limit = min(limit, view.cash() - self._reserve(view) // 2, view.bid_limit())
        if auction.high_bid >= limit:
            return PassBid(self.seat)
        return Bid(self.seat, min(limit, auction.high_bid + BID_STEP))

    def _building_bid(self, view: GameView, high_bid: int) -> Action:
        """A scarce house or hotel: up to its printed cost (its dearest buildable site), reserve kept."""
        costs = [view.edition.squares[s].house_cost for s in view.owned() if view.build_problem(s) is None]
        limit = min(max(costs, default=0), view.cash() - self._reserve(view), view.bid_limit())
        if high_bid >= limit:
            return PassBid(self.seat)
        return Bid(self.seat, min(limit, high_bid + BID_STEP))

    def jail(self, view: GameView, ask: Pending) -> Action:
        if unowned(view) >= 10:
            if view.jail_cards():
                return UseJailCard(self.seat)
            if view.cash() - view.edition.jail_fine >= self._reserve(view) and view.is_legal(PayJailFine(self.seat)):
                return PayJailFine(self.seat)
        return Roll(self.seat)

    def income_tax(self, view: GameView, ask: Pending) -> Action:
        percent = (view.income_tax_worth() * view.edition.squares[ask.square].percent + 50) // 100
        return PayIncomeTax(self.seat, percent < ask.amount)

    def pay_or_draw(self, view: GameView, ask: Pending) -> Action:
        return PayOrDraw(self.seat, view.cash() < ask.amount)

    def mortgaged_transfer(self, view: GameView, ask: Pending) -> Action:
        lift = SettleMortgagedTransfer(self.seat, ask.square, True)
        if view.cash() - view.lift_cost(ask.square) >= self._reserve(view) and view.is_legal(lift):
            return lift  # not while it has a debt to pay, when lifting is not allowed
        return SettleMortgagedTransfer(self.seat, ask.square, False)

    # ------------------------------------------------------------------ trades
    def _group_price(self, view: GameView, group_id: str) -> int:
        return sum(view.edition.squares[s].price for g in view.groups if g.id == group_id for s in g.squares)

    def answer_trade(self, view: GameView, ask: Pending) -> Action:
        offer = ask.offer
        assert offer is not None
        me = self.seat
        other = offer.proposer if offer.recipient == me else offer.recipient
        if not can_pay_offer(view, offer, me):
            return RejectTrade(me)
        cash_after = view.cash() + (offer.cash if offer.recipient == me else -offer.cash)
        if cash_after < min(view.cash(), self._reserve(view)):
            return RejectTrade(me)
        after = owners_after(view, offer)
        mine_before, mine_after = complete_groups(view, me), complete_groups(view, me, after)
        gained, lost = mine_after - mine_before, mine_before - mine_after
        if not gained or lost:
            return RejectTrade(me)
        # Fair by printed prices, cash included: the group it completes and the cash it receives
        # must be worth at least the group the other player completes and the cash it pays.
        theirs = complete_groups(view, other, after) - complete_groups(view, other)
        received = cash_after - view.cash()
        if sum(self._group_price(view, g) for g in gained) + received < sum(self._group_price(view, g) for g in theirs):
            return RejectTrade(me)
        return AcceptTrade(me)

    def _offer(self, view: GameView) -> Action | None:
        """An even swap completing a group for both sides, ours worth at least theirs; or None."""
        me = self.seat
        owners = view.owners()
        for other in view.opponents():
            wants, gives = [], []
            for g in view.groups:
                holders = {owners[s] for s in g.squares}
                if holders != {me, other} or view.group_has_buildings(g.squares[0]):
                    continue
                wants.append((g.id, tuple(s for s in g.squares if owners[s] == other)))
                gives.append((g.id, tuple(s for s in g.squares if owners[s] == me)))
            for want_id, take in wants:
                for give_id, give in gives:
                    if want_id == give_id:
                        continue
                    if self._group_price(view, want_id) < self._group_price(view, give_id):
                        continue
                    if view.refused_recently(other, give, take):
                        continue
                    action = ProposeTrade(me, other, give, take, 0)
                    if view.is_legal(action):
                        return action
        return None

    # ------------------------------------------------------------------ any time
    def act_anytime(self, view: GameView) -> Action | None:
        if view.in_debt():
            return None
        if view.pending_player == self.seat and view.pending_kind == K.ROLL and view.turn >= self._next_offer_turn:
            self._next_offer_turn = view.turn + TRADE_EVERY * view.player_count
            offer = self._offer(view)
            if offer is not None:
                return offer
        return self.build(view) or self._lift(view)

    def building_order(self, view: GameView, hotels: bool) -> int:
        """Its build rule counted out: the reserve kept, a fourth house or a hotel only while its
        cash stays at twice the reserve."""
        if view.in_debt():
            return 0
        reserve = self._reserve(view)
        # ``left`` is the cash above the reserve still unspent: twice the reserve in cash is
        # ``left >= reserve``.
        return planned_builds(view, hotels, view.cash() - reserve,
                              allow=lambda level, left: level < 3 or left >= reserve)

    def build(self, view: GameView) -> Action | None:
        groups = view.monopolies()
        if not groups:
            return None
        reserve = self._reserve(view)
        spare = view.cash() - reserve
        hotels_ok = view.cash() >= 2 * reserve
        squares = view.edition.squares
        best, best_level = None, 99
        for g in groups:
            if squares[g.squares[0]].house_cost > spare:
                continue
            for s in g.squares:
                level = view.level(s)
                if level >= 3 and not hotels_ok:
                    continue
                if level < best_level and view.build_problem(s) is None:
                    best, best_level = s, level
        if best is None or not view.is_legal(Build(self.seat, best)):
            return None
        return Build(self.seat, best)

    def _lift(self, view: GameView) -> Action | None:
        spare = view.cash() - self._reserve(view) - 200
        if spare <= 0:
            return None
        for s in view.owned():
            if view.mortgaged(s) and view.lift_cost(s) <= spare:
                return LiftMortgage(self.seat, s)
        return None

    def memory(self) -> dict[str, Any]:
        return {"next_offer_turn": self._next_offer_turn}

    def restore(self, memory: dict[str, Any]) -> None:
        self._next_offer_turn = int(memory.get("next_offer_turn", 0))

