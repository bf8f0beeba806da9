"""``ruthless``'s buying and bidding: a deed bought when it is worth its price, auctions bid up to
that worth (with the table and one-on-one refinements described in ``__init__.py``)."""

from __future__ import annotations

from ...engine import NOBODY, Action, Bid, Buy, DeclineToBuy, Mortgage, PassBid
from ..endgame import Stake, cheap_auction, decisive, raisable, rival, stake
from ..valuation import board_for, rent_index
from ..view import GameView, Pending
from .base import BID_STEP
from .debts import Debts


class Buying(Debts):
    """Buying: one layer of ``ruthless`` (see the module docstring)."""

    def buy(self, view: GameView, ask: Pending) -> Action:
        opponent = rival(view)
        if opponent is not None:
            return self._duel_buy(view, ask, opponent)
        return self._buy_by_worth(view, ask)

    def _buy_by_worth(self, view: GameView, ask: Pending) -> Action:
        price = ask.amount
        cash = view.cash()
        # Our own gain first: what denying the deed to a rival adds is never negative, so it is
        # worked out only when the own gain does not decide.
        own = self._worth_at(view, ask.square, denial=False)(price)
        if cash >= price:
            covered = (cash - price >= self._reserve(view)
                       or cash - price + self._mortgage_reserve(view) >= self._danger(view))
            if covered and own >= 0:
                return Buy(self.seat)
            worth = self._worth(view, ask.square, price)
            return Buy(self.seat) if worth >= 0 and (covered or worth > price * 0.5) else DeclineToBuy(self.seat)
        # Short of cash: mortgage something worth less to us, if that raises enough.
        if cash + self._mortgage_reserve(view) < price:
            return DeclineToBuy(self.seat)
        worth = own if own > 0 else self._worth(view, ask.square, price)
        if worth > 0:
            m = self._cheapest_mortgage(view, keep=ask.square)
            if m is not None:
                return Mortgage(self.seat, m)
        return DeclineToBuy(self.seat)

    def _bid_limit(self, view: GameView, square: int) -> int:
        # The limit is a function of the square, the seat's bid limit and the whole position the
        # valuation reads: the analysis of the holdings keeps it by the rest (everyone's cash), so
        # a kept answer is never stale and a resumed game (which starts with none) bids the same.
        now = self._now(view)
        high = view.bid_limit()
        key = (square, high, view.bank_houses, view.bank_hotels, view.cash_by_seat(), tuple(view.active_players()))
        found = now.bid_limits.get(key)
        if found is not None:
            return found
        worth = self._worth_at(view, square)
        lo, hi = 0, high
        if worth(0) < 0:
            limit = 0
        else:
            while hi - lo > 5:
                mid = (lo + hi) // 2
                if worth(mid) >= 0:
                    lo = mid
                else:
                    hi = mid
            limit = lo
        now.bid_limits[key] = limit
        return limit

    def bid(self, view: GameView, ask: Pending) -> Action:
        auction = ask.auction
        assert auction is not None
        if auction.item == "square":
            limit = self._bid_limit(view, auction.square)
            opponent = rival(view)
            if opponent is not None:
                limit = self._duel_bid_limit(view, auction.square, opponent, limit)
            else:
                limit = self._table_bid_limit(view, auction.square, limit)
            if not view.in_debt() and view.bid_limit() < auction.high_bid + BID_STEP <= limit:  # worth a mortgage
                m = self._cheapest_mortgage(view, keep=auction.square)
                if m is not None:
                    return Mortgage(self.seat, m)
        else:
            limit = self._building_bid_limit(view)
        # never beyond what the rules let it make good (under the UK rule more would void the auction);
        # a property's limit is searched within that already, a building's may be worth more
        bid = min(limit, auction.high_bid + BID_STEP, view.bid_limit())
        if auction.high_bid >= bid:
            return PassBid(self.seat)
        return Bid(self.seat, bid)

    # ------------------------------------------------------------------ one-on-one (see endgame.py)
    def _duel_buy(self, view: GameView, ask: Pending, opponent: int) -> Action:
        """Two players left: a deed that makes a set, or keeps one from the rival for good, is bought
        whatever it takes in mortgages; any deed goes to auction when the rival cannot bid its price
        (it is then won for less); a deed of a split group is bought only from money to spare, since
        cash builds houses and the deed decides nothing; the rest by worth, as at any table."""
        square = ask.square
        if cheap_auction(view, square, opponent, BID_STEP):
            return DeclineToBuy(self.seat)
        kind = stake(view, square, opponent)
        cash = view.cash()
        if decisive(kind):
            if cash >= ask.amount:
                return Buy(self.seat)
            if cash + raisable(view, keep=square) >= ask.amount:
                m = self._cheapest_mortgage(view, keep=square)
                if m is not None:
                    return Mortgage(self.seat, m)
            return DeclineToBuy(self.seat)
        if kind is Stake.SPLIT:
            spare = cash - ask.amount >= self.duel_spare * self._reserve(view)
            return Buy(self.seat) if spare and self._worth(view, square, ask.amount) >= 0 else DeclineToBuy(self.seat)
        return self._buy_by_worth(view, ask)

    def _duel_bid_limit(self, view: GameView, square: int, opponent: int, limit: int) -> int:
        """Two players left: for a deed that decides a set it bids all it could raise by mortgaging
        lesser deeds, less the dearest rent of its next throw; for any other deed at most
        ``duel_bid_share`` of the price, leaving the rival to pay the full price in cash it would
        otherwise build with."""
        if decisive(stake(view, square, opponent)):
            return max(limit, view.cash() + raisable(view, keep=square) - self._danger(view))
        return min(limit, int(view.edition.squares[square].price * self.duel_bid_share))

    def _table_bid_limit(self, view: GameView, square: int, limit: int) -> int:
        """Three players or more: for a street that completes a set, ours or a rival's, it bids
        what mortgaging lesser deeds could raise too, less the dearest rent of its next throw (the
        set decides more than the rent it earns)."""
        if view.edition.squares[square].kind != "street":
            return limit
        group = view.group_of(square)
        assert group is not None
        others = {view.owner(s) for s in group.squares if s != square}
        if len(others) != 1 or NOBODY in others:
            return limit
        return max(limit, view.cash() + raisable(view, keep=square) - self._danger(view))

    def _building_bid_limit(self, view: GameView) -> int:
        board = board_for(view)
        best = 0.0
        turns = self.weights.horizon * max(self.weights.min_opponents, len(view.opponents()))
        for s in view.owned():
            if view.build_problem(s) is None:
                lv = view.level(s)
                top = self._top(view)
                gain = turns * (board.rate[s][rent_index(lv + 1, top)] - board.rate[s][rent_index(lv, top)])
                best = max(best, gain - board.house_cost[s])
        cost = max((board.house_cost[s] for s in view.owned() if view.build_problem(s) is None), default=0)
        return int(min(view.cash() - self._reserve(view), cost + max(0.0, best))) if cost else 0
