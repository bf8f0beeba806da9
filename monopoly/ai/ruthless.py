"""``ruthless``, the default: the strongest computer player we have.

Everything it does is priced by ``valuation.strength``, which values a position from the rent
it should bring (landing frequencies computed in ``board.py``), so it prefers the groups that
pay best on this board and spends money where it returns most.

- Buying and bidding: it buys when the property is worth its price to it (its own gain, plus
  what it denies the rival who would gain most), and bids up to that worth, mortgaging lesser
  properties when a property is worth it and cash is short. At a table of three or more, a street
  that completes a set (its own or a rival's) is bid for with what mortgaging lesser deeds would
  raise as well, less the dearest rent of its next throw (``_table_bid_limit``).
- Building: it builds towards three houses on every group it owns as fast as its cash allows,
  best return first, mortgaging properties outside its groups to pay; it keeps enough cash to
  pay the dearest rent it could land on next (less what mortgages would raise) and $50 more
  ($150 one-on-one). At a table of three or more, a lone deed's mortgage is lifted only with
  ``lift_spare`` more in hand: that cash pays for blocks and bids. While the bank
  is short of houses and a rival could build, it keeps its four-house streets rather than
  trading the houses in for hotels, so the houses stay out of the rivals' hands.
- Scarce buildings: when buildings are ordered for auction it orders every house its build
  plan would pay for (mortgaging lesser property included); while the bank is short of houses
  and a rival could build, it orders at least all the houses the bank has left (as far as its
  streets take them and it can pay for one), to corner them, and orders no hotels.
- One-on-one (``endgame.py``): a deed that completes a set or blocks the rival's is bought and bid
  for with every mortgage of lesser deeds it takes; a deed goes to auction when the rival cannot
  bid its price; other deeds get at most ``duel_bid_share`` of the price in auctions, a split
  group's deed is bought only from money to spare, and a mortgaged set is freed before anything else.
- Jail: early, while deeds are for sale and the board is cheap, it leaves at once (card first);
  once landing costs more per turn than it gains, it stays and throws for doubles.
- Income tax: whichever is cheaper. Pay-or-draw: whichever costs less on average.
- Debts: it raises money with the least loss of value per unit raised (an unimproved lone
  street before a railroad, a mortgage before a house), and goes bankrupt at once when even
  selling everything would not pay.
- Rent: it claims every rent at once.
- Trading, as the computer editions did: it proposes a trade only if it would accept it if
  offered (its gain, less ``rival_weight`` of the partner's, beats ``propose_margin``); the
  partner must gain too by the same measure of worth, and every refusal makes it leave the
  partner more of the gain next time. A refused offer is not repeated to that player for a
  few rounds (``ComputerPlayers`` enforces this); it looks for other trades meanwhile. It
  never completes a group for a rival unless it completes one at least nearly as good in the
  same deal or is paid the group's worth in cash (``_sets_price``; halved while the partner could
  not pay it, at most ``short_halvings`` times: ``_least_cash``). A partner who refused a deal completing a group
  for it is offered such deals for ``WARY_ROUNDS`` rounds only at the price its own rule would ask
  in the partner's place (evidence of answers only: it never looks at the partner's kind). Its answers to offers are predictable: it
  accepts exactly when its gain, measured the same way, is at least ``accept_margin``. At a table of
  three or more it refuses a swap of sets in which the partner's set, built with the cash the
  partner holds after the deal, would be worth more than ours built with ours (``_outbuilt``).
- Handing a set over (for cash, or in a swap that completes one of ours too): its first offer asks
  all the partner's cash but ``sale_keep`` houses a site of the set handed (``_first_sale_price``),
  so the partner cannot build it up at once; refused, the deal is priced as usual, and a partner
  that refused such a first price is offered every later deal at the usual price (``_asks_first``).
- A long game (``decisive_rounds`` rounds and more), which the turn limit would leave won by
  nobody: a set is offered at that first price whatever the partner gains by our measure, when
  the deal pays us (``_decisive_sale``), once a deal, even to a partner that refused a first
  price before; the partner's answer decides. Before that, after ``lever_rounds`` rounds, a group
  of any kind it can complete for a partner (railroads and utilities too; never a set of its own
  streets) is offered for all the partner's deeds outside its whole groups and its cash
  (``_lever_sale``): those deeds turn groups split three ways into groups the next deals can
  complete. A partner that refused one is not asked again.
- Keeping sets from forming between rivals (three players or more): when one rival holds all of a
  colour group but the one deed another rival holds, it offers that rival ``block_factor`` times
  the price for it, when the deed plus half the set's worth to the first rival repays that; at
  the start of anyone's throw, since a rival proposes its deal at the start of its own. Short of
  the cash, it first mortgages lesser deeds when they would pay for it (``_block_fundable``).
"""

from __future__ import annotations

import random
from typing import Any, Callable, Generic, NamedTuple, Sequence, TypeVar

from ..engine import (NOBODY, AcceptTrade, CardOdds, Action, Bid, Build, Buy, DecisionKind as K, DeclareBankruptcy, DeclineToBuy,
                      LiftMortgage, Mortgage, MoveOffline, PassBid, PayIncomeTax, PayJailFine, PayOrDraw,
                      ProposeTrade, RejectTrade, Roll, SellBuilding, SettleMortgagedTransfer, UseJailCard)
from .endgame import Stake, build_return, cheap_auction, decisive, raisable, rival, stake
from .registry import register_strategy
from .strategy import Strategy, safe_answer
from .tactics import planned_builds
from .valuation import (Appraisal, Board, GroupInfo, Parts, Position, Weights, apply_trade, board_for, group_value,
                        liquid_value, rent_index)
from .view import GameView, Offer, Pending

BID_STEP = 10
SEARCH_ROUNDS = 8  # rounds after which it searches for trades again whatever happened
FOLLOW_UPS = 2  # deals of the last search priced afresh a turn while no new search is due
SEARCH_PRICES = 8  # deals a search prices at most (besides the one it proposes); the others wait for the next
NEVER = 1 << 62  # cash it never has
ANYWHERE = -1  # ``_idle``'s square when where it stands does not matter
WARY_ROUNDS = 30
"""Rounds for which a partner who refused a deal completing a group for us is offered such deals only
at the price our own rule would ask (``_wary_price``)."""
DEAD_CASH = 500
"""A trade priced lately is priced again only once either side's cash moved this much, the groups either
side owns whole changed, a deed in the deal was mortgaged or lifted, or the partner refused it: the
search is incremental, pricing only what may have changed (and the deal it proposes)."""


@register_strategy
class Ruthless(Strategy):
    name = "ruthless"
    description = "values everything by expected rent; trades hard, builds fast (the default)"

    weights = Weights(horizon=16.0, income=400.0, min_opponents=3.0, split_option=0.35)
    rival_weight = 0.3  # how much a trading partner's gain counts against ours (all of it one-on-one)
    accept_margin = 25.0  # least gain (in money) for accepting an offer
    propose_margin = 40.0  # least gain for proposing one (>= accept_margin: we would accept it)
    partner_share = 0.05  # of the joint gain a partner keeps in our first offer; more after each refusal
    block_weight = 0.5  # how much denying a rival a property counts when buying (all of it one-on-one)
    block_factor = 1.5  # times the printed price it offers for a deed that keeps two rivals from swapping sets
    build_target = 3  # houses per street built before anything else
    cash_floor = 50  # cash kept beyond the dearest next rent (less what mortgages would raise)
    duel_cash_floor = 150  # one-on-one: at least this much (see ``_Analysis.reserve``)
    jail_threat = 12.0  # expected rent per turn of moving above which it stays in jail
    shortage_houses = 8  # bank houses at or below which it keeps four houses instead of a hotel
    match_share = 0.8  # a group given must be matched by one of ours worth at least this share of it
    sale_factor = 2.0  # ... or paid for in cash at least this many times its worth
    stall_rounds = 60  # rounds after which a game counts as stalled: a group is then sold for less ...
    stalled_factor = 0.5  # ... this share of its worth (a buyer that reasons alike offers a share of the gain)
    short_halvings = 2  # times that price is halved for a partner short of it (``_least_cash``)
    duel_bid_share = 0.85  # one-on-one: the most it bids for a deed that decides no set, as a share of its price
    sale_keep = 1  # a set's first price leaves the buyer this many houses a site of it in cash (``_first_sale_price``)
    lift_spare = 300  # three players or more: extra cash kept before lifting a lone deed's mortgage
    duel_spare = 2.0  # one-on-one: a deed of a split group is bought only keeping this many times the reserve
    decisive_rounds = 30  # rounds after which a set is offered for the partner's cash, whatever it gains
    lever_rounds = 20  # rounds after which a group is offered for all a partner's loose deeds and cash

    def __init__(self, seat: int, rng: random.Random) -> None:
        super().__init__(seat, rng)
        # What it remembers of the game (kept in a save: ``memory``).
        self._refusals: dict[str, int] = {}  # offer -> how often the partner refused it
        self._wary: dict[int, int] = {}  # partner -> the turn until which it is wary (``_wary_price``)
        self._wary_swaps: dict[int, tuple[float, int]] = {}  # partner -> (the swap share refused, until)
        self._price_refusers: set[int] = set()  # partners who refused a set at its first price (``_asks_first``)
        self._levers: set[str] = set()  # ``_lever_sale`` offers made and not yet answered, by ``_offer_key``
        self._lever_refusers: set[int] = set()  # partners who refused one (``_lever_sale``)
        self._searched_turn = -1  # the turn it last looked for trades
        self._search_key: tuple[int, ...] | None = None  # the ``trade_key`` of the last search
        self._search_due = 0  # the turn by which it searches again anyway
        self._queue: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = []  # deals of the last search, best first
        # trades priced lately -> (our cash, theirs, what else the price read, our gain or None: not worth proposing)
        self._dead: dict[str, tuple[int, int, int, float | None]] = {}
        # When it last found nothing to build or lift: (the least cash at which it would, the square it
        # stood on, or ANYWHERE, its deeds as ``_Analysis.my_deeds``). It does not look again before its
        # cash reaches that, unless its deeds changed or, at the start of one of its throws, it stands
        # elsewhere (the rents ahead changed); what others buy, mortgage or build changes its reserve little.
        self._idle: tuple[int, int, tuple[int, ...]] | None = None
        self._reason = ""  # why it gave its last answer to a trade offer
        # What it works out about the position: one analysis while the holdings stand (``_now``).
        self._analysis: _Analysis | None = None
        self._group_values: dict[tuple[Any, ...], float] = {}  # see ``_group_value``

    # ------------------------------------------------------------------ the position
    def _now(self, view: GameView) -> "_Analysis":
        """The analysis of the position now (``_Analysis``): the one it made while the holdings
        version and the Offline square stand, else a new one."""
        now = self._analysis
        if now is None or now.version != view.holdings_version() or now.offline != view.offline_square:
            now = self._analysis = _Analysis(self, view, now)
        return now

    def _top(self, view: GameView) -> int:
        return view.rules.houses_per_hotel + 1

    def _rivalry(self, pos: Position) -> tuple[float, float]:
        """How much a rival's gain counts against ours, in trades and in buying (``rival_weight``,
        ``block_weight``): one-on-one, whatever the rival gains we lose, so all of it."""
        if len(pos.active) <= 2:
            return 1.0, 1.0
        return self.rival_weight, self.block_weight

    def _appraisal(self, view: GameView) -> Appraisal:
        """An ``Appraisal`` of the position now, everyone's cash included."""
        return self._now(view).appraisal(view)

    def _danger(self, view: GameView) -> int:
        """The dearest rent this seat could owe on its next throw."""
        return self._now(view).danger(view.position())

    def _mortgage_reserve(self, view: GameView) -> int:
        """What mortgaging properties outside its whole groups could raise now."""
        return self._now(view).mortgage_reserve

    def _in_set(self, view: GameView, s: int) -> bool:
        """Whether ``s`` is a street of a colour group this seat owns whole."""
        return view.edition.squares[s].kind == "street" and view.owns_group(s)

    def _reserve(self, view: GameView) -> int:
        """Cash to keep in hand: the worst next rent, less what mortgages would raise, and ``cash_floor``
        more (a rent met by selling houses back at half price loses what they cost)."""
        return self._now(view).reserve(view.position())

    # ------------------------------------------------------------------ buying and auctions
    def _worth(self, view: GameView, square: int, pay: int) -> float:
        """Gain in value from getting ``square`` for ``pay``, plus what denying it to a rival is worth."""
        return self._worth_at(view, square)(pay)

    def _worth_at(self, view: GameView, square: int, denial: bool = True) -> Callable[[int], float]:
        """``_worth`` of ``square`` as a function of the price paid: what the deed adds to our
        holdings and what it would add to the rival's are worked out once (``Appraisal``), so each
        price tried costs one valuation of our build plans. Without ``denial``: our own gain only
        (never more than ``_worth``: what denial adds is never negative)."""
        appraisal = self._appraisal(view)
        board, pos = appraisal.board, appraisal.pos
        me = self.seat
        owner = list(pos.owner)
        owner[square] = me
        mine = appraisal.traded(me, owner, (square,))
        before = appraisal.strength(me)
        cash = pos.cash[me]
        if not denial:
            return lambda pay: appraisal.worth(mine, cash - pay) - before
        price = board.price[square]
        denied = 0.0
        for q in pos.active:
            if q == me:
                continue
            owner[square] = q
            theirs = appraisal.worth(appraisal.traded(q, owner, (square,)), max(0, pos.cash[q] - price))
            denied = max(denied, theirs - appraisal.strength(q))
        block = self._rivalry(pos)[1] * denied

        def worth(pay: int) -> float:
            return appraisal.worth(mine, cash - pay) - before + block

        return worth

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

    # ------------------------------------------------------------------ jail, taxes, cards
    def jail(self, view: GameView, ask: Pending) -> Action:
        if self._stay_in_jail(view):
            return Roll(self.seat)
        if view.jail_cards():
            return UseJailCard(self.seat)
        if view.is_legal(PayJailFine(self.seat)) and view.cash() - view.edition.jail_fine >= self._reserve(view):
            return PayJailFine(self.seat)
        return Roll(self.seat)

    def _stay_in_jail(self, view: GameView) -> bool:
        """Stay when a turn of moving costs more in expected rent than the deeds left to buy are worth."""
        threat, unowned = self._now(view).threat
        pot = view.pot()
        if pot:  # the Free Parking jackpot waits for whoever lands there: moving may win it
            threat -= sum(view.facts.landing[s] for s, sq in enumerate(view.edition.squares)
                          if sq.kind == "free_parking") * pot
        return threat > self.jail_threat and unowned < 6

    def income_tax(self, view: GameView, ask: Pending) -> Action:
        square = view.edition.squares[ask.square]
        percent = (view.income_tax_worth() * square.percent + 50) // 100
        return PayIncomeTax(self.seat, percent < ask.amount)

    def pay_or_draw(self, view: GameView, ask: Pending) -> Action:
        deck = ask.deck
        assert deck is not None  # a pay-or-draw decision names its deck
        cards = view.edition.deck(deck)
        n_opp = len(view.opponents())
        houses = sum(view.houses(s) for s in view.owned())
        hotels = sum(1 for s in view.owned() if view.hotel(s))
        odds = CardOdds(n_opp, houses, hotels, view.edition.jail_fine,
                        view.go_salary() if view.rules.go_landing_double else 0)
        total = 0.0
        for card in cards:  # each kind's expected cash is the engine's registry's (effects.py)
            total += card.effect.expected_cash(card, odds)
        expected = total / max(1, len(cards))
        return PayOrDraw(self.seat, expected > -ask.amount)

    # ------------------------------------------------------------------ debts
    def _cheapest_mortgage(self, view: GameView, keep: int | None = None) -> int | None:
        """The unmortgaged property whose mortgage loses least value per unit raised.

        Streets of whole groups are kept, and so is the group of square ``keep`` (being bought).
        """
        appraisal = self._appraisal(view)
        board, pos = appraisal.board, appraisal.pos
        me = self.seat
        before = appraisal.strength(me)
        best, best_cost = None, None
        kept = board.group_of[keep].squares if keep is not None and keep in board.group_of else ()
        for s in view.owned():
            if view.mortgaged(s) or view.group_has_buildings(s) or self._in_set(view, s) or s in kept:
                continue
            mortgage = board.mortgage[s]
            after = appraisal.worth(appraisal.changed(me, (s,), mortgaged=_with(pos.mortgaged, s, True)),
                                    pos.cash[me] + mortgage)
            cost = (before - after) / max(1, mortgage)
            if best_cost is None or cost < best_cost:
                best, best_cost = s, cost
        return best

    def raise_funds(self, view: GameView, ask: Pending) -> Action:
        if view.can_declare_bankruptcy():
            return DeclareBankruptcy(self.seat)
        appraisal = self._appraisal(view)
        board, pos = appraisal.board, appraisal.pos
        me = self.seat
        before = appraisal.strength(me)
        cash = pos.cash[me]
        need = ask.amount - view.cash()
        best: Action | None = None
        best_key = None
        # (the appraisal's position is the view's: its mortgages and buildings answer what the engine's
        # ``mortgaged``, ``group_has_buildings`` and ``sell_problem`` would)
        mortgaged, level, group_of = pos.mortgaged, pos.level, board.group_of
        # Selling from any of a group's most built-up sites values the same (a group's plan reads its
        # lowest level; the refund and any hotels broken down are the group's), and the first such
        # site wins a tie: the others are not valued.
        sold_from: set[str] = set()
        for s in view.owned():
            options: list[tuple[Action, float, int]] = []  # (action, strength after, cash raised)
            here = level[s]
            group = group_of[s]
            top = max([level[t] for t in group.squares])
            if not mortgaged[s] and not top:
                raised = board.mortgage[s]
                held = appraisal.changed(me, (s,), mortgaged=_with(mortgaged, s, True))
                options.append((Mortgage(me, s), appraisal.worth(held, cash + raised), raised))
            if here and here >= top and group.id not in sold_from:  # (``sell_problem``: evenly, from the most built-up)
                sold_from.add(group.id)
                sold, raised = self._levels_after_sale(view, pos, s)
                held = appraisal.changed(me, group.squares, level=sold)
                options.append((SellBuilding(me, s), appraisal.worth(held, cash + raised), raised))
            for action, after, raised in options:
                loss = before - after
                if isinstance(action, SellBuilding):
                    loss += board.house_cost[s] / 2  # the half lost on selling must be paid again to rebuild
                # Lowest loss per unit raised; among those, prefer covering the debt in one go.
                key = (loss / max(1, raised), 0 if raised >= need else 1)
                if best_key is None or key < best_key:
                    best, best_key = action, key
        return best if best is not None else safe_answer(view, ask)

    def _after_sale(self, view: GameView, pos: Position, square: int) -> tuple[Position, int]:
        """The position after selling the next building on ``square``, and the refund: the
        engine's own plan of the sale (a hotel the bank cannot turn back into houses pays for
        them, and may take the group's other hotels with it)."""
        levels, refund = self._levels_after_sale(view, pos, square)
        after = Position(list(pos.owner), list(pos.mortgaged), levels, list(pos.cash), list(pos.active))
        after.cash[self.seat] += refund
        return after, refund

    @staticmethod
    def _levels_after_sale(view: GameView, pos: Position, square: int) -> tuple[list[int], int]:
        """``_after_sale``'s levels of every square and refund (all ``raise_funds`` reads: no copy of
        the rest of the position)."""
        after = list(pos.level)
        for site, level in view.sale_levels(square):
            after[site] = level
        return after, view.sale_refund(square)

    # ------------------------------------------------------------------ trades
    def answer_trade(self, view: GameView, ask: Pending) -> Action:
        offer = ask.offer
        assert offer is not None
        accepted, self._reason = self._judge(view, offer)
        return AcceptTrade(self.seat) if accepted else RejectTrade(self.seat)

    def trade_reason(self, view: GameView, offer: Offer, accepted: bool) -> str:
        return self._reason

    def _judge(self, view: GameView, offer: Offer) -> tuple[bool, str]:
        """Accept ``offer``? And why, in a few plain words for the person who made it."""
        me = self.seat
        paid = offer.cash if offer.recipient == me else -offer.cash
        if view.cash() + paid < 0:
            return False, "it cannot pay that much"
        appraisal = self._appraisal(view)
        board, pos = appraisal.board, appraisal.pos
        partner = offer.recipient if offer.proposer == me else offer.proposer
        after = apply_trade(pos, offer.proposer, offer.recipient, offer.give, offer.take, offer.cash)
        moved = tuple(offer.give) + tuple(offer.take)
        handed = _completed(board, pos.owner, after.owner, partner, moved)
        if handed:
            need = self._least_cash(self._sets_price(view, board, len(pos.active), handed,
                                                     _completed(board, pos.owner, after.owner, me, moved)),
                                    pos.cash[partner])
            if need > 0 and paid < need:  # (``_fair_to_us``, the groups handed known)
                return False, f"it would hand you the {self._group_name(view, handed[0])} set"
            if self._outbuilt(view, board, pos, after, partner, handed, moved):
                name = self._group_name(view, handed[0])
                return False, f"you could build the {name} set before it could build its own"
        if paid < 0 and not self._covers_risk(view, board, after):
            return False, "it must keep money for the rent ahead"
        gain = self._gain(view, appraisal, after, partner, offer)
        if gain >= self.accept_margin:
            return True, "the deal is worth it"
        given = offer.take if offer.recipient == me else offer.give
        if given:
            names = " and ".join(view.edition.squares[s].name for s in given[:2])
            return False, f"not enough for {names}" if paid >= 0 else f"not worth that much to it for {names}"
        return False, "not worth the price to it"

    def _outbuilt(self, view: GameView, board: Board, pos: Position, after: Position, partner: int,
                  theirs: Sequence[GroupInfo], moved: Sequence[int]) -> bool:
        """Three players or more: whether a swap that completes sets ``theirs`` for ``partner`` and
        some for us leaves ours worth less than ``match_share`` of theirs once each side builds
        with the cash it holds after the deal (and ``weights.income``). ``_sets_price`` compares
        the sets built up without limit of funds, which a dear set (dark blue) wins; but a cheap set
        in the hands of a partner with the cash to build it at once outearns a dear one we cannot
        build yet, and a rival proposes the swap that suits it. (One-on-one the valuation's own
        gain, which counts all the rival's gain, decides.)"""
        if len(pos.active) < 3:
            return False
        mine = _completed(board, pos.owner, after.owner, self.seat, moved)
        if not mine:
            return False
        n_opp, top, w = len(pos.active) - 1, self._top(view), self.weights
        funds_x, funds_me = after.cash[partner] + w.income, after.cash[self.seat] + w.income
        their_value = sum(group_value(board, g, funds_x, n_opp, w, top) for g in theirs)
        return sum(group_value(board, g, funds_me, n_opp, w, top) for g in mine) < self.match_share * their_value

    def counter_offer(self, view: GameView, offer: Offer) -> ProposeTrade | None:
        """The refused deal again with the least extra cash from the proposer that it would accept,
        if the proposer has that cash (deeds only: offers with jail cards get no counter)."""
        me = self.seat
        partner = offer.proposer
        if offer.recipient != me or offer.give_cards or offer.take_cards or not (offer.give or offer.take):
            return None
        top = view.cash(partner)

        def fine(cash: int) -> bool:
            return self._judge(view, Offer(partner, me, offer.give, offer.take, cash))[0]

        low = max(offer.cash, -view.cash()) + BID_STEP
        if low > top or not fine(top):
            return None
        while top - low > BID_STEP:
            mid = (low + top) // 2
            if fine(mid):
                top = mid
            else:
                low = mid
        cash = -(-top // BID_STEP) * BID_STEP  # whole tens, rounded up
        if cash > view.cash(partner) or not fine(cash):
            cash = top
        return ProposeTrade(me, partner, tuple(offer.take), tuple(offer.give), -cash)

    @staticmethod
    def _group_name(view: GameView, g: GroupInfo) -> str:
        return next((grp.name for grp in view.edition.groups if grp.id == g.id), g.id)

    def _covers_risk(self, view: GameView, board: Board, after: Position, danger: int | None = None) -> bool:
        """After paying cash in a deal, could it still meet the dearest rent of its next throw
        (from cash, mortgages and selling houses)? Only asked of deals that cost cash. (``danger``:
        that rent, when the caller knows it.)"""
        if danger is None:
            danger = self._danger(view)
        return danger <= 0 or liquid_value(board, after, self.seat) >= danger

    def trade_gain(self, view: GameView, offer: Offer) -> float | None:
        """This seat's gain from ``offer`` (its own, less ``rival_weight`` of the partner's), or None
        when the offer hands the partner a group for too little."""
        me = self.seat
        partner = offer.recipient if offer.proposer == me else offer.proposer
        appraisal = self._appraisal(view)
        board, pos = appraisal.board, appraisal.pos
        after = apply_trade(pos, offer.proposer, offer.recipient, offer.give, offer.take, offer.cash)
        if not self._fair_to_us(view, board, pos, after, partner, offer):
            return None
        return self._gain(view, appraisal, after, partner, offer)

    def _gain(self, view: GameView, appraisal: Appraisal, after: Position, partner: int, offer: Offer) -> float:
        """``trade_gain`` of a deal found fair: ``after`` is the appraised position with the deal carried out."""
        me = self.seat
        pos = appraisal.pos
        moved = tuple(offer.give) + tuple(offer.take)
        mine = appraisal.worth(appraisal.traded(me, after.owner, moved), after.cash[me]) - appraisal.strength(me)
        theirs = (appraisal.worth(appraisal.traded(partner, after.owner, moved), after.cash[partner])
                  - appraisal.strength(partner))
        cards = len(offer.take_cards) - len(offer.give_cards)
        if offer.recipient == me:
            cards = -cards
        mine += cards * view.edition.jail_fine
        return mine - self._rivalry(pos)[0] * theirs

    def _fair_to_us(self, view: GameView, board: Board, pos: Position, after: Position, partner: int,
                    offer: Offer) -> bool:
        """No gifts that decide the game: a group completed for the partner must be matched."""
        need = self._least_cash(self._sale_price(view, board, pos, after.owner, partner,
                                                 tuple(offer.give) + tuple(offer.take)), pos.cash[partner])
        return need <= 0 or (offer.cash if offer.recipient == self.seat else -offer.cash) >= need

    def _sale_price(self, view: GameView, board: Board, pos: Position, after: Sequence[int], partner: int,
                    moved: Sequence[int]) -> float:
        """The least cash a deal must pay us for the groups it completes for ``partner`` (0 when it
        completes none, or one at least nearly as good for us): ``sale_factor`` times their worth
        to the partner, built up, at any table size (``group_value`` counts at least
        ``min_opponents`` opponents). ``moved``: the deeds the deal moves."""
        theirs_new = _completed(board, pos.owner, after, partner, moved)
        if not theirs_new:
            return 0.0
        return self._sets_price(view, board, len(pos.active), theirs_new,
                                _completed(board, pos.owner, after, self.seat, moved))

    def _sets_price(self, view: GameView, board: Board, players: int, theirs_new: Sequence[GroupInfo],
                    mine_new: Sequence[GroupInfo]) -> float:
        """``_sale_price`` of a deal that completes the groups ``theirs_new`` for the partner and
        ``mine_new`` for us (``players``: how many are in play)."""
        if not theirs_new:
            return 0.0
        n_opp = max(1, players - 1)
        top = self._top(view)
        their_value = sum(self._group_value(board, g, n_opp, top) for g in theirs_new)
        my_value = sum(self._group_value(board, g, n_opp, top) for g in mine_new)
        if my_value >= self.match_share * their_value:
            return 0.0
        # A stalled game (no end in sight after many rounds) is worth ending: a group is then sold at its worth.
        factor = self.sale_factor if view.turn < self.stall_rounds * players else self.stalled_factor
        return factor * their_value

    def _least_cash(self, need: float, cash: int) -> float:
        """The price of a set handed to a partner with ``cash``: ``need`` (``_sets_price``), halved
        while the partner could not pay it, at most ``short_halvings`` times. A partner short of
        the full price then pays what it can of a lower one rather than nothing: refused, a deal
        that completes sets for both sides is not made at all, and the game stalls. Whether the
        deal pays us at that price is the valuation's to say (``_gain``), as for any deal."""
        for _ in range(self.short_halvings):
            if need <= cash:
                break
            need /= 2
        return need

    def _group_value(self, board: Board, g: GroupInfo, n_opp: int, top: int) -> float:
        """``group_value`` built up without limit of funds: fixed for a board and table size, so remembered."""
        key = (board, g.id, n_opp, top)
        found = self._group_values.get(key)
        if found is None:
            found = self._group_values[key] = group_value(board, g, 1e9, n_opp, self.weights, top)
        return found

    def _find_trade(self, view: GameView) -> ProposeTrade | None:
        """The best trade worth proposing now, if any.

        Pricing a deal is the costly part, so a deal priced lately is not priced again while
        nothing it depends on moved much (see ``DEAD_CASH``): one found not worth proposing is
        passed over, one found worth it is ranked by the gain found then. Of the others it prices
        at most ``SEARCH_PRICES`` (deals it never priced first); the rest wait for the next search.
        Only the deal chosen is priced afresh (the offer must carry today's price); if it no longer
        pays, the next one is.
        """
        me = self.seat
        now = self._now(view)
        appraisal = now.appraisal(view)
        board, pos = appraisal.board, appraisal.pos
        dead = self._dead
        cash_me = pos.cash[me]
        mortgaged = pos.mortgaged
        mine = len(now.mine)
        wary = bool(self._wary or self._wary_swaps)
        players = len(pos.active)
        refused, refusals, flag = view.refused_recently, self._refusals, mortgaged.__getitem__
        # (our gain, order found, partner, given, taken, the price if priced now)
        ranked: list[tuple[float, int, int, tuple[int, ...], tuple[int, ...], int | None]] = []
        stale: list[tuple[tuple[int, float], int, int, _Deal, int]] = []
        for x, candidates in now.deals:
            cash_x = pos.cash[x]
            # what the pricing of a trade with x reads besides cash and the deeds traded: the groups the
            # two players own whole (their building plans compete for the same funds), the mortgages
            # in the groups traded, and the refusals so far (the partner's share)
            whole = (mine, len(view.monopolies(x)))
            for deal in candidates:
                give, take, key = deal.give, deal.take, deal.key
                if refused(x, give, take):
                    continue
                holdings = hash((whole, *map(flag, give), *map(flag, take), refusals.get(key, 0),
                                 x in self._price_refusers, wary and self._wary_price(view, board, players, x, deal)))
                found = dead.get(key)
                if (found is not None and found[2] == holdings and abs(found[0] - cash_me) < DEAD_CASH
                        and abs(found[1] - cash_x) < DEAD_CASH):
                    if found[3] is not None:
                        ranked.append((found[3], len(ranked), x, give, take, None))
                    continue
                # to price again: deals never priced first, then those found worth proposing (best
                # first), then the rest
                gain = found[3] if found is not None else None
                order = (0, 0.0) if found is None else (1, -gain) if gain is not None else (2, 0.0)
                stale.append((order, len(stale), x, deal, holdings))
        stale.sort()
        for i, (_, _, x, deal, holdings) in enumerate(stale):
            give, take, key = deal.give, deal.take, deal.key
            if i >= SEARCH_PRICES:  # priced at a later search; meanwhile ranked by the gain found last
                gain = dead[key][3] if key in dead else None
                if gain is not None:
                    ranked.append((gain, len(ranked), x, give, take, None))
                continue
            priced = self._price_offer(view, appraisal, x, deal)
            dead[key] = (cash_me, pos.cash[x], holdings, priced[0] if priced is not None else None)
            if priced is not None:
                ranked.append((priced[0], len(ranked), x, give, take, priced[1]))
        ranked.sort(key=lambda r: (-r[0], r[1]))
        self._queue = [(x, give, take) for _, _, x, give, take, _ in ranked]
        price = ranked[0][5] if ranked else None
        if price is not None:  # the best was priced just now
            del self._queue[0]
            _, _, x, give, take, _ = ranked[0]
            return ProposeTrade(me, x, give, take, price)
        return self._follow_up(view, appraisal)

    def _follow_up(self, view: GameView, appraisal: Appraisal | None = None) -> ProposeTrade | None:
        """The next deal of the last search (``_queue``, best first) still worth proposing, priced
        afresh; deals refused since are skipped, and at most ``FOLLOW_UPS`` are priced."""
        if appraisal is None:
            appraisal = self._appraisal(view)
        queue = self._queue
        priced = 0
        while queue and priced < FOLLOW_UPS:
            x, give, take = queue.pop(0)
            if view.refused_recently(x, give, take) or not view.may_deal(x):
                continue
            priced += 1
            deal = _deal(appraisal.board, appraisal.pos.owner, self.seat, x, give, take)
            offer = self._price_offer(view, appraisal, x, deal)
            if offer is not None:
                return ProposeTrade(self.seat, x, give, take, offer[1])
        return None

    def _price_offer(self, view: GameView, appraisal: Appraisal, x: int, deal: _Deal) -> tuple[float, int] | None:
        """Price a swap of properties: the cash that leaves partner ``x`` its share of the joint gain
        (a deal that costs cash must leave the dearest rent of our next throw covered: ``_danger``, asked
        only then).

        Returns our gain at that price and the price, or None when the deal is not worth proposing.
        """
        me = self.seat
        board, pos = appraisal.board, appraisal.pos
        give, take = deal.give, deal.take
        refusals = self._refusals.get(deal.key, 0)
        share = min(0.9, self.partner_share + 0.25 * refusals)
        cash_x, cash_me = pos.cash[x], pos.cash[me]
        # cash x must pay us for a group handed over (none when we give nothing)
        need = self._least_cash(self._sets_price(view, board, len(pos.active), deal.theirs, deal.mine),
                                cash_x) if give else 0.0
        if need > cash_x:
            return None
        # cash we must pay x for a group x handed over, when x lately refused to hand it for less
        ask = self._wary_price(view, board, len(pos.active), x, deal)
        if ask > cash_me:
            return None
        owner = _owners_after(pos.owner, me, x, give, take)
        moved = give + take
        theirs = appraisal.traded(x, owner, moved, deal.groups)
        mine = appraisal.traded(me, owner, moved, deal.groups)
        base_x, base_me = appraisal.strength(x), appraisal.strength(me)
        g_x = appraisal.worth(theirs, cash_x) - base_x
        g_me = appraisal.worth(mine, cash_me) - base_me
        joint = g_x + g_me
        if joint <= 0:
            return None
        target = max(20.0, share * joint)
        low, high = -cash_x, cash_me if need <= 0 else -int(need)
        if ask > 0:
            low = max(low, -(-int(ask) // 10) * 10)
            if low > high:  # (the ask in whole tens is more than it has)
                return None
        cash = 0
        for _ in range(3):  # money changes what a group can be built to: correct the price twice
            cash = max(low, min(high, cash + int(round((target - g_x) / 10.0)) * 10))
            g_x = appraisal.worth(theirs, cash_x + cash) - base_x
            if abs(g_x - target) < 10:
                break
        if g_x <= 0 or (need > 0 and -cash < need) or (ask > 0 and cash < ask):
            return None
        if deal.theirs and not refusals and self._asks_first(x):
            cash = min(cash, self._first_sale_price(board, deal, cash_x))
        if cash > 0 and (danger := self._danger(view)) > 0:
            # ``_covers_risk`` of the position after the deal (the deeds of a split group have no buildings)
            mortgage, mortgaged = board.mortgage, pos.mortgaged
            moved_value = (sum([mortgage[s] for s in take if not mortgaged[s]])
                           - sum([mortgage[s] for s in give if not mortgaged[s]]))
            if appraisal.liquid(me) + moved_value - cash < danger:
                return None
        gain = appraisal.worth(mine, cash_me - cash) - base_me - self._rivalry(pos)[0] * g_x
        if gain < max(self.propose_margin, self.accept_margin):
            return None
        return gain, cash

    def _first_sale_price(self, board: Board, deal: _Deal, cash_x: int) -> int:
        """The first price asked for a deal that completes a set for the partner (as the deal's cash:
        negative, paid to us): the partner's cash, less ``sale_keep`` houses a site of the groups
        handed, so the set cannot be built up at once from the money it holds now, while ours (in
        a swap) can. Refused, the deal is priced as usual: a partner that weighs the price keeps
        the share of the gain our pricing leaves it, three rounds later."""
        keep = self.sale_keep * sum(g.house_cost * len(g.squares) for g in deal.theirs)
        return -max(0, (cash_x - keep) // BID_STEP * BID_STEP)

    def _asks_first(self, x: int) -> bool:
        """Whether a deal handing partner ``x`` a set opens at the first price (``_first_sale_price``):
        not once ``x`` has refused one. A partner that weighs the price refuses it, and each refusal
        holds the deal back for a few rounds while rivals trade; a partner that takes any deal
        completing a set of its own never refuses it. Decided from ``x``'s own answers, never its kind."""
        return x not in self._price_refusers

    def _note_first_refusal(self, view: GameView, offer: Offer) -> None:
        """Remember a partner that refused our first offer of a deal handing it a set (``_asks_first``):
        every such deal's first offer is at the first price, so a refusal of one not refused before is
        a refusal of that price."""
        if offer.proposer != self.seat or not offer.give or offer.recipient in self._price_refusers:
            return
        if self._refusals.get(_offer_key(offer.recipient, offer.give, offer.take), 0) != 1:
            return
        after = _owners_after(view.owners(), self.seat, offer.recipient, offer.give, offer.take)
        if _completed(board_for(view), view.owners(), after, offer.recipient, tuple(offer.give) + tuple(offer.take)):
            self._price_refusers.add(offer.recipient)

    def trade_answered(self, view: GameView, offer: Offer, accepted: bool) -> None:
        """Remember the answer: a refused deal leaves the partner more of the gain next time, and a
        refused deal that would have completed a group for us makes it wary of that partner and
        group (see ``_wary_price``)."""
        key = _offer_key(offer.recipient, offer.give, offer.take)
        if offer.proposer == self.seat and key in self._levers:
            self._levers.discard(key)
            if not accepted:
                self._lever_refusers.add(offer.recipient)  # (``_lever_sale``)
        if accepted:
            self._refusals.pop(key, None)
            return
        self._refusals[key] = self._refusals.get(key, 0) + 1
        self._note_first_refusal(view, offer)
        if offer.proposer != self.seat or not offer.take:
            return
        owners = view.owners()
        after = _owners_after(owners, self.seat, offer.recipient, offer.give, offer.take)
        moved = tuple(offer.give) + tuple(offer.take)
        board = board_for(view)
        # the evidence kept: it will not hand us a set for cash and lone deeds, or for a set of its
        # own worth this share of ours or less
        mine = _completed(board, owners, after, self.seat, moved)
        if not mine:
            return
        until = view.turn + WARY_ROUNDS * view.player_count
        theirs = _completed(board, owners, after, offer.recipient, moved)
        if not theirs:
            self._wary[offer.recipient] = until
            return
        ratio = self._swap_ratio(view, board, view.player_count, tuple(theirs), tuple(mine))
        last = self._wary_swaps.get(offer.recipient)
        if last is not None and view.turn < last[1]:
            ratio = max(ratio, last[0])
        self._wary_swaps[offer.recipient] = (ratio, until)

    def _swap_ratio(self, view: GameView, board: Board, players: int, theirs: Sequence[GroupInfo],
                    mine: Sequence[GroupInfo]) -> float:
        """What the groups a swap completes for the partner are worth as a share of ours."""
        n_opp = max(1, players - 1)
        top = self._top(view)
        return (sum(self._group_value(board, g, n_opp, top) for g in theirs)
                / max(1.0, sum(self._group_value(board, g, n_opp, top) for g in mine)))

    def _wary_price(self, view: GameView, board: Board, players: int, x: int, deal: _Deal) -> float:
        """The least cash a deal completing a group for us, and none for partner ``x``, must pay ``x``
        when ``x`` lately refused such a deal: what our own rule would ask in its place
        (``_sets_price`` with the sides swapped: a partner who refuses to sell a set most likely
        reasons alike, and asks alike for any set). 0 without such evidence: the partner's mind is
        not read, only its answers. A swap of sets is judged by its own evidence: a partner who
        refused a set of its own worth some share of ours for one of ours is wary-priced only for
        swaps that give it that share or less (one who takes any set for a set never is)."""
        if not deal.mine:
            return 0.0
        if deal.theirs:
            swap = self._wary_swaps.get(x)
            if (swap is None or view.turn >= swap[1]
                    or self._swap_ratio(view, board, players, deal.theirs, deal.mine) > swap[0]):
                return 0.0
        else:
            until = self._wary.get(x)
            if until is None or view.turn >= until:
                return 0.0
        return self._sets_price(view, board, players, deal.mine, deal.theirs)

    def memory(self) -> dict[str, Any]:
        key = self._search_key
        idle = self._idle
        return {"refusals": dict(self._refusals), "searched_turn": self._searched_turn, "search_due": self._search_due,
                "search_key": [list(key), []] if key is not None else None,  # (a second list: mortgages, once)
                "queue": [[x, list(give), list(take)] for x, give, take in self._queue],
                "idle": [idle[0], idle[1], list(idle[2])] if idle is not None else None,
                "dead": {k: list(v) for k, v in self._dead.items()},
                "wary": {str(x): until for x, until in self._wary.items()},
                "wary_swaps": {str(x): list(v) for x, v in self._wary_swaps.items()},
                "price_refusers": sorted(self._price_refusers),
                "levers": sorted(self._levers), "lever_refusers": sorted(self._lever_refusers)}

    def restore(self, memory: dict[str, Any]) -> None:
        self._refusals = {str(k): int(v) for k, v in dict(memory.get("refusals", {})).items()}
        self._wary = {int(x): int(until) for x, until in dict(memory.get("wary", {})).items()}
        self._wary_swaps = {int(x): (float(v[0]), int(v[1])) for x, v in dict(memory.get("wary_swaps", {})).items()}
        self._price_refusers = {int(x) for x in list(memory.get("price_refusers", []))}
        self._levers = {str(k) for k in list(memory.get("levers", []))}
        self._lever_refusers = {int(x) for x in list(memory.get("lever_refusers", []))}
        self._searched_turn = int(memory.get("searched_turn", -1))
        self._search_due = int(memory.get("search_due", 0))
        self._dead = {str(k): (int(v[0]), int(v[1]), int(v[2]), None if len(v) < 4 or v[3] is None else float(v[3]))
                      for k, v in dict(memory.get("dead", {})).items()}
        key = memory.get("search_key")
        # (a key an older version saved has mortgages in its second list: it matches nothing, so it searches afresh)
        self._search_key = tuple(int(x) for x in key[0]) if key and not key[1] else None
        self._queue = [(int(x), tuple(int(s) for s in give), tuple(int(s) for s in take))
                       for x, give, take in list(memory.get("queue", []))]
        idle = memory.get("idle")
        self._idle = (int(idle[0]), int(idle[1]), tuple(int(s) for s in idle[2])) if idle else None
        self.quiet = None

    # ------------------------------------------------------------------ any time
    def act_anytime(self, view: GameView) -> Action | None:
        own_throw = view.pending_kind == K.ROLL and view.pending_player == self.seat
        sleep = self.quiet
        if sleep is not None and not own_throw and view.cash() < sleep[1] and view.holdings_version() == sleep[0]:
            return None  # nothing it waits for happened (``quiet``), and this is not its own throw
        if view.in_debt():
            return None  # raise_funds deals with debts; nothing is spent meanwhile
        if own_throw and (turn := view.turn) != self._searched_turn:
            self._searched_turn = turn
            # Search again when the groups a trade could complete changed hands, and every
            # SEARCH_ROUNDS rounds anyway (cash and mortgages change prices); meanwhile, after a
            # refusal, propose the next deal the last search found.
            key = self._trade_key(view)
            if key != self._search_key or turn >= self._search_due:
                if len(self._dead) > 256:
                    self._dead.clear()
                self._search_key = key
                self._search_due = turn + SEARCH_ROUNDS * view.player_count
                offer = self._find_trade(view)
            else:
                offer = self._follow_up(view) if self._queue else None
            if offer is None:
                offer = self._lever_sale(view)
            if offer is None:
                offer = self._decisive_sale(view)
            if offer is not None:
                return offer
            block = self._block_offer(view)
            if block is not None:
                return block
        elif view.pending_kind == K.ROLL and self._now(view).blockable:
            # At the start of a rival's throw too: a rival proposes its deals at the start of its own
            # throw, so a block made only at ours comes too late for the rival who throws before us.
            block = self._block_offer(view)
            if block is not None:
                return block
        return self._develop(view, own_throw)

    def _decisive_sale(self, view: GameView) -> ProposeTrade | None:
        """A deal that hands a partner a set, offered at the first price whatever the partner gains,
        in a game still going after ``decisive_rounds`` rounds.

        A game at the turn limit is won by nobody, and a long game has mostly stopped moving:
        every deed sold, and the groups split so that the partners trade none of them. Our usual
        pricing (``_price_offer``) proposes a set only at a price at which the partner gains too,
        by our measure; in these positions no price both pays us and leaves the partner a gain (a
        bare set is worth less to it than the cash it pays), so nothing is offered, though a
        partner may well take any deal that completes a set of its own. Here the partner's gain
        is not asked, its answer says whether it wants the deal: the deal must pay us by our
        measure at the first price (``_first_sale_price``: all the partner's cash but a house a
        site), so the set it gets stays bare while we hold the money. The deal that pays us most
        first, and each deal once: refused, it is left to the usual pricing, since a partner
        that weighs the price refuses it again (a partner that takes any set takes it at once,
        and one asked again and again would be asked in vain for most of a game). A set of our
        own is not required: one we lack in a dead position we never get, and a game ended by a
        partner's set is no worse for us than one the limit stops, while the cash keeps us in it
        (the measures are in docs/strategies.md, "fifth round")."""
        if view.turn < self.decisive_rounds * view.player_count:
            return None
        now = self._now(view)
        appraisal = now.appraisal(view)
        board, pos = appraisal.board, appraisal.pos
        me = self.seat
        rivalry = self._rivalry(pos)[0]
        base_me = appraisal.strength(me)
        refused = self._refusals
        best: tuple[float, ProposeTrade] | None = None
        for x, candidates in now.deals:
            if not view.may_deal(x):
                continue
            cash_x = pos.cash[x]
            for deal in candidates:
                if not deal.theirs or deal.key in refused or view.refused_recently(x, deal.give, deal.take):
                    continue  # (a deal refused once, at this price or another, is left to the usual pricing)
                cash = self._first_sale_price(board, deal, cash_x)
                if cash >= 0:
                    continue
                owner = _owners_after(pos.owner, me, x, deal.give, deal.take)
                moved = deal.give + deal.take
                theirs = appraisal.traded(x, owner, moved, deal.groups)
                mine = appraisal.traded(me, owner, moved, deal.groups)
                g_x = appraisal.worth(theirs, cash_x + cash) - appraisal.strength(x)
                gain = appraisal.worth(mine, pos.cash[me] - cash) - base_me - rivalry * g_x
                if gain >= self.propose_margin and (best is None or gain > best[0]):
                    best = (gain, ProposeTrade(me, x, deal.give, deal.take, cash))
        return best[1] if best is not None else None

    def _lever_sale(self, view: GameView) -> ProposeTrade | None:
        """After ``lever_rounds`` rounds: a group completed for a partner (railroads and utilities
        too) for all the partner's deeds outside the groups it owns whole and its cash but a house
        a site of a street group handed (the first price), whatever the partner gains by our
        measure, when that pays us.

        The deeds are sold by then and the street groups split so that most can never be traded:
        our usual deals (``_deals``) move one group a side, and a partner that takes only deals
        completing a group of its own takes none of them for a group split with a third player.
        Such a partner takes this one, and its loose deeds then turn groups split three ways into
        groups split between us and one other player, which the next deals can complete for one
        of us, or into sets of ours. A partner that refuses one is not asked again
        (``_lever_refusers``): its answers say it weighs what it gives. Never a street set of our
        own, nor a group with buildings; the deal that pays us most first. The measures are in
        docs/strategies.md ("sixth round")."""
        if view.turn < self.lever_rounds * view.player_count:
            return None
        now = self._now(view)
        appraisal = now.appraisal(view)
        board, pos = appraisal.board, appraisal.pos
        me = self.seat
        owner, mortgaged = pos.owner, pos.mortgaged
        rivalry = self._rivalry(pos)[0]
        base_me = appraisal.strength(me)
        ours_whole = {g.id for g in now.mine}
        best: tuple[float, ProposeTrade] | None = None
        for x in pos.active:
            if x == me or x in self._lever_refusers or not view.may_deal(x):
                continue
            loose = tuple(s for g in board.groups if not all(owner[q] == x for q in g.squares)
                          for s in g.squares if owner[s] == x)
            for g in board.groups:
                held = {owner[s] for s in g.squares}
                if (me not in held or not held <= {me, x} or g.id in ours_whole
                        or any(pos.level[s] for s in g.squares)):
                    continue
                give = tuple(s for s in g.squares if owner[s] == me)
                take = tuple(s for s in loose if s not in g.squares)
                if view.refused_recently(x, give, take):
                    continue
                deal = _deal(board, owner, me, x, give, take)
                keep = self.sale_keep * sum(t.house_cost * len(t.squares) for t in deal.theirs)
                cash = -max(0, (pos.cash[x] - keep) // BID_STEP * BID_STEP)
                interest = sum(view.mortgage_interest(s) for s in take if mortgaged[s])
                if pos.cash[me] - cash < interest:
                    continue
                after = _owners_after(owner, me, x, give, take)
                moved = give + take
                g_x = (appraisal.worth(appraisal.traded(x, after, moved), pos.cash[x] + cash)
                       - appraisal.strength(x))
                gain = (appraisal.worth(appraisal.traded(me, after, moved), pos.cash[me] - cash - interest)
                        - base_me - rivalry * g_x)
                if gain >= self.propose_margin and (best is None or gain > best[0]):
                    best = (gain, ProposeTrade(me, x, give, take, cash))
        if best is None:
            return None
        offer = best[1]
        self._levers.add(_offer_key(offer.recipient, offer.give, offer.take))
        return offer

    def _block_offer(self, view: GameView) -> ProposeTrade | Mortgage | None:
        """Cash for the deed that keeps a swap of sets between two rivals possible (four players or more).

        When rival ``a`` holds all of a colour group but one deed, which rival ``b`` holds, and ``b``
        holds all but deeds ``a`` holds of another group, the two can swap and both own a set. It
        offers ``b`` ``block_factor`` times the printed price for that one deed, when what the deed
        adds to its holdings at that price plus ``block_weight`` of the set's worth to ``a`` is a
        gain and the cash leaves its reserve; the set worth most to ``a`` first. Short of that cash,
        when mortgaging lesser deeds would raise it (``_block_fundable``), it answers with the
        mortgage of the deed worth least first and makes the offer once the cash is in hand."""
        active = view.active_players()
        if len(active) < 3:
            return None
        me = self.seat
        board = board_for(view)
        top = self._top(view)
        n_opp = len(active) - 1
        best: tuple[float, ProposeTrade, bool] | None = None
        for g, b, deed in self._now(view).blockable:
            if view.mortgaged(deed) or not view.may_deal(b):
                continue
            cash = -(-int(board.price[deed] * self.block_factor) // BID_STEP) * BID_STEP
            if view.refused_recently(b, (), (deed,)):
                continue
            short = view.cash() - cash < self._reserve(view)
            if short and not self._block_fundable(view, cash):
                continue
            denial = self.block_weight * self._group_value(board, g, n_opp, top)
            gain = self._worth_at(view, deed, denial=False)(cash) + denial
            if gain > self.propose_margin and (best is None or gain > best[0]):
                best = (gain, ProposeTrade(me, b, (), (deed,), cash), short)
        if best is None:
            return None
        if best[2]:  # the cash is raised first, by mortgaging the deed worth least
            m = self._cheapest_mortgage(view)
            return Mortgage(me, m) if m is not None else None
        return best[1]

    def _block_fundable(self, view: GameView, cash: int) -> bool:
        """Whether mortgaging its lone deeds would pay ``cash`` for a blocking deed and still meet
        the dearest rent of its next throw with ``cash_floor`` to spare."""
        return view.cash() + self._mortgage_reserve(view) - cash >= self._danger(view) + self.cash_floor

    def _trade_key(self, view: GameView) -> tuple[int, ...]:
        """What the trades it looks for depend on besides cash and mortgages (``_Analysis.trade_key``)."""
        return self._now(view).trade_key

    def _develop(self, view: GameView, at_start: bool = True) -> Action | None:
        """Build the best next house, mortgaging lesser property to pay for it; else lift a mortgage.

        Nothing while scarce buildings are being auctioned: no house can be built directly until
        the auction ends, so mortgaging to pay for one would only cost interest, and the cash may
        be wanted for the bids. What to build and what to lift are worked out once per change of
        holdings (``_Analysis``); only the cash is read afresh, and not at all while nothing it acts
        on improved (``_idle``; ``at_start``: at the start of one of its throws). It promises no
        ``quiet`` while a rival's set could be blocked: a refusal forgotten or cash earned may let
        it offer a block at another's throw with the holdings unchanged.
        """
        if view.buildings_on_order:
            return None
        cash, here = view.cash(), view.position()
        now = self._now(view)
        if now.mortgaged_sets:
            lift = self._lift_set(view)  # one-on-one: a mortgaged set is freed first, whatever ``_idle`` says
            if lift is not None:
                return lift
        mine = now.my_deeds
        idle = self._idle
        if idle is not None and cash < idle[0] and idle[2] == mine and (not at_start or idle[1] in (here, ANYWHERE)):
            self.quiet = (now.version, idle[0]) if not (now.mortgaged_sets or now.blockable) else None
            return None  # it would not act before its cash reaches idle[0] (see ``_idle``)
        action, need = self._next_development(view, cash)
        if action is None:
            # with no whole group and no mortgage, nothing but its own deeds can give it work: where it
            # stands (the rents ahead) and what the others do cannot
            anywhere = need == NEVER and not now.mine  # (``_next_development`` worked it out)
            self._idle = (need, ANYWHERE if anywhere else here, mine)
            self.quiet = (now.version, need) if not (now.mortgaged_sets or now.blockable) else None
        else:
            self._idle = self.quiet = None
        return action

    def _next_development(self, view: GameView, cash: int) -> tuple[Action | None, int]:
        """The development ``_develop`` makes now, if any; else the least cash at which it would
        make one with the holdings and reserve of now (``NEVER`` if none)."""
        now = self._now(view)
        choice = now.best_build
        if choice is not None:
            square, cost = choice
            reserve = now.reserve(view.position())
            if cash - cost >= reserve:
                return Build(self.seat, square), 0
            # short of that, mortgaging lesser property pays for it
            short = cost + reserve - now.mortgage_reserve
            if cash < short:
                return None, short
            m = self._cheapest_mortgage(view)
            if m is not None:
                return Mortgage(self.seat, m), 0
            return None, cost + reserve
        # Nothing to build: lift mortgages, those in our groups first, then the best earners.
        best = now.best_lift
        if best is None:
            return None, NEVER
        need = now.reserve(view.position()) + 100 + max(1, view.lift_cost(best))
        if len(now.active) > 2 and not self._in_set(view, best):
            need += self.lift_spare
        if cash >= need:
            return LiftMortgage(self.seat, best), 0
        return None, need

    def _best_lift(self, view: GameView, mortgaged: Sequence[bool]) -> int | None:
        """The mortgage to lift first: one in a group of ours, then the best earner (``mortgaged``:
        the mortgages as they are)."""
        mine = [s for s in view.owned() if mortgaged[s]]
        if not mine:
            return None
        board = board_for(view)
        return max(mine, key=lambda s: (self._in_set(view, s), board.rate[s][0] if board.rate[s] else 0))

    def _lift_set(self, view: GameView) -> Action | None:
        """Two players left: a whole group with a mortgaged deed is freed first (no house goes up on
        it until it is), paid by mortgaging lesser deeds if need be: sets win one-on-one games."""
        sets = self._now(view).mortgaged_sets
        if not sets or rival(view) is None:
            return None
        board = board_for(view)
        best = max(sets, key=build_return)
        square = max((s for s in best.squares if view.mortgaged(s)), key=lambda s: (board.price[s], s))
        cost = view.lift_cost(square)
        reserve = self._reserve(view)
        if view.cash() - cost >= reserve:
            return LiftMortgage(self.seat, square)
        if view.cash() - cost + self._mortgage_reserve(view) >= reserve:
            m = self._cheapest_mortgage(view)
            if m is not None:
                return Mortgage(self.seat, m)
        return None

    def _best_build(self, view: GameView, board: Board, groups: Sequence[GroupInfo]) -> tuple[int, int] | None:
        """The next house worth building: (square, cost), best return first, three houses first."""
        hpp = view.rules.houses_per_hotel
        top = hpp + 1  # (``_top``)
        turns = self.weights.horizon * max(self.weights.min_opponents, len(view.opponents()))
        best = None
        best_key = None
        level, mortgaged = view.levels(), view.mortgages()
        shortage: bool | None = None  # worked out when first needed
        for info in groups:
            squares = info.squares
            cur = min([level[s] for s in squares])
            if cur >= top:
                continue
            if True in [mortgaged[s] for s in squares]:
                continue
            target = max(cur + 1, self.build_target) if cur < self.build_target else cur + 1
            per_level = info.house_cost * len(info.squares)
            ratio = ((info.rate[rent_index(target, top)] - info.rate[rent_index(cur, top)])
                     / ((target - cur) * per_level))
            # Houses that pay back within the horizon come first; the rest only use idle money.
            key = (0 if ratio * turns >= 1.0 else 1, 0 if cur < self.build_target else 1, -ratio)
            if best_key is not None and key >= best_key:
                continue  # (the rules are asked only about a better group)
            if cur == hpp and shortage is None:
                shortage = view.bank_houses <= self.shortage_houses and self._rival_can_build(view)
            if cur == hpp and shortage:
                continue
            # the first site at the group's lowest level that may take a building now
            square = next((s for s in info.squares if level[s] == cur and view.build_problem(s) is None), None)
            if square is not None:
                best, best_key = (square, info.house_cost), key
        return best

    def building_order(self, view: GameView, hotels: bool) -> int:
        """Its build plan counted out, and in a housing shortage the bank's last houses for itself."""
        if view.in_debt() or not view.monopolies():
            return 0
        short = view.bank_houses <= self.shortage_houses and self._rival_can_build(view)
        if hotels and short:
            return 0  # a hotel hands four houses back to the bank, where rivals can buy them
        budget = view.cash() + self._mortgage_reserve(view) - self._reserve(view)
        wanted = planned_builds(view, hotels, budget)
        if short and wanted > 0:
            wanted = max(wanted, min(view.bank_houses, view.build_capacity(False)))
        return wanted

    def _rival_can_build(self, view: GameView) -> bool:
        for q in view.opponents():
            for g in view.monopolies(q):
                if any(view.level(s) < view.rules.houses_per_hotel for s in g.squares):
                    return True
        return False

    # ------------------------------------------------------------------ other decisions
    def mortgaged_transfer(self, view: GameView, ask: Pending) -> Action:
        lift = SettleMortgagedTransfer(self.seat, ask.square, True)
        if view.cash() - view.lift_cost(ask.square) >= self._reserve(view) + 100 and view.is_legal(lift):
            return lift
        return SettleMortgagedTransfer(self.seat, ask.square, False)

    def move_offline(self, view: GameView, ask: Pending) -> Action:
        facts = view.facts
        options = [s for s in view.edition.properties if view.owner(s) not in (NOBODY, self.seat)
                   and view.is_legal(MoveOffline(self.seat, s))]
        if options:
            return MoveOffline(self.seat, max(options, key=lambda s: (facts.landing[s] * view.rent(s), -s)))
        return safe_answer(view, ask)

    def place_building(self, view: GameView, ask: Pending) -> Action:
        board = board_for(view)
        spots = [s for s in view.owned() if view.is_legal(Build(self.seat, s))]
        if not spots:
            return safe_answer(view, ask)

        def gain(s: int) -> float:
            lv = view.level(s)
            top = self._top(view)
            row = board.rate[s]
            return row[rent_index(lv + 1, top)] - row[rent_index(lv, top)] if lv < top else 0.0

        return Build(self.seat, max(spots, key=lambda s: (gain(s), -s)))


class _Deal(NamedTuple):
    """A swap of deeds ``_find_trade`` prices, with what follows from the owners alone (worked out once
    per change of owners, not at every pricing)."""
    give: tuple[int, ...]  # squares given
    take: tuple[int, ...]  # squares taken
    key: str  # the offer's ``_offer_key``
    theirs: tuple[GroupInfo, ...]  # the street groups it completes for the partner, in board order
    mine: tuple[GroupInfo, ...]  # ... and for us
    groups: tuple[int, ...]  # the indices of the groups of the squares it moves, in order


def _deals(board: Board, owner: Sequence[int], active: Sequence[int],
           me: int) -> tuple[tuple[int, list[_Deal]], ...]:
    """The swaps of deeds worth pricing with each other player ``active``, a function of the owners
    alone: its share of a sold-out group split with ``me``, for cash or our share of another such
    group split between the two of us alone. (A group split between us has no buildings.)"""
    # the sold-out groups we hold part of: (index, group, holders)
    shared: list[tuple[int, GroupInfo, set[int]]] = []
    for i, g in enumerate(board.groups):
        held = [owner[s] for s in g.squares]
        if me in held and NOBODY not in held:
            shared.append((i, g, set(held)))
    out = []
    for x in active:
        if x == me:
            continue
        # (squares, group index, the street group the move completes for the receiver or None, key part)
        wants: list[tuple[tuple[int, ...], int, GroupInfo | None, str]] = []
        gives: list[tuple[tuple[int, ...], int, GroupInfo | None, str]] = []
        for i, g, holders in shared:
            if x not in holders:
                continue
            street = g if g.kind == "street" else None
            two = len(holders) == 2
            t = tuple([s for s in g.squares if owner[s] == x])
            wants.append((t, i, street if two else None, ",".join(map(str, sorted(t)))))
            if two:
                gv = tuple([s for s in g.squares if owner[s] == me])
                gives.append((gv, i, street, ",".join(map(str, sorted(gv)))))
            # else: a group split three ways; taking x's share gathers it towards a set later
        deals = [_Deal((), t, f"{x}::{t_key}", (), (g_t,) if g_t else (), (i_t,)) for t, i_t, g_t, t_key in wants]
        deals += [_Deal(gv, t, f"{x}:{gv_key}:{t_key}", (g_gv,) if g_gv else (), (g_t,) if g_t else (),
                        (i_gv, i_t) if i_gv < i_t else (i_t, i_gv))
                  for t, i_t, g_t, t_key in wants for gv, i_gv, g_gv, gv_key in gives if i_gv != i_t]
        deals += [_Deal(gv, (), f"{x}:{gv_key}:", (g_gv,) if g_gv else (), (), (i_gv,))
                  for gv, i_gv, g_gv, gv_key in gives]
        out.append((x, deals))
    return tuple(out)


def _deal(board: Board, owner: Sequence[int], me: int, x: int, give: tuple[int, ...], take: tuple[int, ...],
          key: str | None = None) -> _Deal:
    """The ``_Deal`` of swapping ``give`` for ``take`` with ``x`` from owners ``owner``."""
    index = board.group_index
    groups = tuple(sorted({index[s] for s in give + take}))
    theirs: list[GroupInfo] = []
    mine: list[GroupInfo] = []
    for i in groups:
        g = board.groups[i]
        if g.kind != "street":
            continue
        after = [x if s in give else me if s in take else owner[s] for s in g.squares]
        first = after[0]
        if ((first == x or first == me) and after.count(first) == len(after)
                and not all(owner[s] == first for s in g.squares)):
            (theirs if first == x else mine).append(g)
    return _Deal(give, take, key if key is not None else _offer_key(x, give, take), tuple(theirs), tuple(mine),
                 groups)


_T = TypeVar("_T")


class _once(Generic[_T]):
    """A property of ``_Analysis`` worked out when first read and kept on the object (what
    ``functools.cached_property`` does, without its lock: an analysis is read by one strategy)."""

    def __init__(self, work: Callable[[Any], _T]) -> None:
        self.work = work
        self.name = work.__name__
        self.__doc__ = work.__doc__

    def __get__(self, analysis: Any, owner: type | None = None) -> _T:
        value = analysis.__dict__[self.name] = self.work(analysis)
        return value


class _Analysis:
    """What ``ruthless`` works out about one position of the holdings, for its decisions to read:
    one holdings version (``View.holdings_version``: owners, mortgages, buildings and players) and
    Offline square. Its decisions ask the same questions again and again while the holdings stand
    (at every throw of the others, every bid, every pricing of a deal), so each answer is worked
    out when first asked and kept until the holdings change (``Ruthless._now`` then makes a new
    analysis). Cash is not part of it: what depends on cash is worked out each time, or kept with
    everyone's cash (the appraisal, the bid limits).

    What depends on the deeds alone (``DEEDS_ONLY``) is taken over from the analysis before when
    the owners, the mortgages and the players are the same (a house built or sold changes nothing
    of it)."""

    DEEDS_ONLY = ("mine", "my_deeds", "mortgaged_sets", "mortgage_reserve", "best_lift", "trade_key",
                  "deals", "blockable")

    def __init__(self, strategy: Ruthless, view: GameView, before: "_Analysis | None" = None) -> None:
        self.version = view.holdings_version()
        self.offline = view.offline_square
        self.strategy = strategy
        self.view = view  # (the seat's view of the game: asked only about the holdings, which stand)
        self.me = strategy.seat
        self.board = board_for(view)
        self.owners = view.owners()
        self.mortgaged = view.mortgages()
        self.active = view.active_players()
        if (before is not None and before.owners == self.owners and before.mortgaged == self.mortgaged
                and before.active == self.active and before.board is self.board):
            kept = before.__dict__
            self.__dict__.update({name: kept[name] for name in self.DEEDS_ONLY if name in kept})
        self.rents: dict[int, int] = {}  # square (40 * throw + square for a rent by the throw) -> its rent
        self.dangers: dict[int, int] = {}  # square -> the dearest rent of a throw from there (``danger``)
        self.parts: dict[int, Parts] = {}  # player -> its holdings in parts (``Appraisal``)
        self.bid_limits: dict[tuple[Any, ...], int] = {}  # see ``Ruthless._bid_limit``
        self._appraised: tuple[tuple[int, ...], Appraisal] | None = None  # (everyone's cash, its appraisal)

    def appraisal(self, view: GameView) -> Appraisal:
        """An ``Appraisal`` of the position with everyone's cash now; all appraisals of these
        holdings share the parts they work out (its ``pos`` is never changed)."""
        cash = view.cash_by_seat()
        last = self._appraised
        if last is not None and last[0] == cash:
            return last[1]
        pos = Position(list(self.owners), list(self.mortgaged), list(view.levels()), list(cash), list(self.active))
        appraisal = Appraisal(self.board, pos, self.strategy.weights, self.strategy._top(view), self.parts)
        self._appraised = (cash, appraisal)
        return appraisal

    @_once
    def mine(self) -> tuple[GroupInfo, ...]:
        """The colour groups this seat owns whole (the view's ``monopolies``)."""
        group_of = self.board.group_of
        return tuple([group_of[g.squares[0]] for g in self.view.monopolies(self.me)])

    @_once
    def my_deeds(self) -> tuple[int, ...]:
        """The squares this seat owns, a mortgaged one as its negative less one."""
        owners, mortgaged, me = self.owners, self.mortgaged, self.me
        return tuple([-s - 1 if mortgaged[s] else s for s in self.board.properties if owners[s] == me])

    @_once
    def mortgaged_sets(self) -> tuple[GroupInfo, ...]:
        """This seat's whole colour groups with a mortgaged deed."""
        mortgaged = self.mortgaged
        return tuple([g for g in self.mine if True in [mortgaged[s] for s in g.squares]])

    @_once
    def mortgage_reserve(self) -> int:
        """What mortgaging properties outside its whole groups could raise (they have no buildings)."""
        kept = {s for g in self.mine for s in g.squares}
        owners, mortgaged, me, mortgage = self.owners, self.mortgaged, self.me, self.board.mortgage
        return sum(mortgage[s] for s in self.board.properties
                   if owners[s] == me and not mortgaged[s] and s not in kept)

    def danger(self, here: int) -> int:
        """The dearest rent this seat could owe on a throw from ``here``."""
        worst = self.dangers.get(here)
        if worst is None:
            worst = 0
            owners, mortgaged, rents, me, view = self.owners, self.mortgaged, self.rents, self.me, self.view
            for steps, sq, key in _throws_from(self.board)[here]:
                o = owners[sq]
                if o == me or o == NOBODY:
                    continue
                rent = rents.get(key)
                if rent is None:
                    rent = rents[key] = 0 if mortgaged[sq] else view.rent(sq, steps)
                if rent > worst:
                    worst = rent
            self.dangers[here] = worst
        return worst

    def reserve(self, here: int) -> int:
        """``Ruthless._reserve`` of a seat standing on ``here``."""
        strategy = self.strategy
        floor = strategy.cash_floor
        if len(self.active) <= 2:
            # One-on-one the duel plan (``endgame.py``) spends on the deeds that decide sets and was
            # measured with this larger floor; at a table of three or more, the smaller floor builds
            # sooner and leaves cash for the blocking offers, which won more games against three
            # ``lookahead`` (docs/strategies.md).
            floor = max(floor, strategy.duel_cash_floor)
        return max(0, self.danger(here) - self.mortgage_reserve) + floor

    @_once
    def best_build(self) -> tuple[int, int] | None:
        """The next house worth building: (square, cost) (``Ruthless._best_build``)."""
        return self.strategy._best_build(self.view, self.board, self.mine) if self.mine else None

    @_once
    def best_lift(self) -> int | None:
        """The mortgage to lift first (``Ruthless._best_lift``)."""
        return self.strategy._best_lift(self.view, self.mortgaged)

    @_once
    def threat(self) -> tuple[float, int]:
        """The rent a turn of moving is expected to cost this seat, and how many deeds are unsold
        (``Ruthless._stay_in_jail``; a utility's rent taken at an average throw, 7)."""
        landing = self.view.facts.landing
        owners, mortgaged, rents, me, board = self.owners, self.mortgaged, self.rents, self.me, self.board
        threat = 0.0
        unowned = 0
        for s in board.properties:
            o = owners[s]
            if o == NOBODY:
                unowned += 1
            elif o != me and not mortgaged[s]:
                key = 40 * 7 + s if board.dice_rent[s] else s
                rent = rents.get(key)
                if rent is None:
                    rent = rents[key] = self.view.rent(s, 7)
                threat += landing[s] * rent
        return threat, unowned

    @_once
    def trade_key(self) -> tuple[int, ...]:
        """What the trades it looks for depend on besides cash and mortgages: the owners of the
        sold-out groups it holds part of (the only groups ``_find_trade`` deals in): their squares in
        board order, then their owners."""
        owners, me = self.owners, self.me
        closed: list[int] = []
        for g in self.board.groups:
            holders = [owners[s] for s in g.squares]
            if me in holders and NOBODY not in holders:
                closed.extend(g.squares)
        return tuple(closed) + tuple([owners[s] for s in closed])

    @_once
    def blockable(self) -> tuple[tuple[GroupInfo, int, int], ...]:
        """The colour groups one rival holds all of but one deed, which another rival holds: (group,
        the holder of that deed, the deed) (``Ruthless._block_offer``; none with fewer than three
        players, where the rival who would buy is the partner itself)."""
        owners, me = self.owners, self.me
        if len(self.active) < 3:
            return ()
        out = []
        for g in self.board.streets:
            holders = [owners[s] for s in g.squares]
            if NOBODY in holders or me in holders or len(set(holders)) != 2:
                continue
            a, b = sorted(set(holders), key=holders.count, reverse=True)
            if holders.count(b) == 1:
                out.append((g, b, g.squares[holders.index(b)]))
        return tuple(out)

    @_once
    def deals(self) -> tuple[tuple[int, list[_Deal]], ...]:
        """The swaps of deeds worth pricing with each other player (``_deals``)."""
        return _deals(self.board, self.owners, self.active, self.me)


_THROWS: dict[int, tuple[Board, list[tuple[tuple[int, int, int], ...]]]] = {}


def _throws_from(board: Board) -> list[tuple[tuple[int, int, int], ...]]:
    """For each square, the squares a throw of 2 to 12 from there reaches: (throw, square, the key of
    its rent in ``_Analysis.rents``: by the throw for a rent that depends on it). Worked out once a
    board, for ``_Analysis.danger``'s loop."""
    found = _THROWS.get(id(board))
    if found is None or found[0] is not board:
        size = len(board.price)
        table = []
        for here in range(size):
            reached = []
            for steps in range(2, 13):
                sq = (here + steps) % size
                reached.append((steps, sq, 40 * steps + sq if board.dice_rent[sq] else sq))
            table.append(tuple(reached))
        found = _THROWS[id(board)] = (board, table)
    return found[1]


def _with(values: Sequence[bool], square: int, value: bool) -> list[bool]:
    """``values`` with the one at ``square`` replaced."""
    out = list(values)
    out[square] = value
    return out


def _owners_after(owner: Sequence[int], me: int, x: int, give: Sequence[int], take: Sequence[int]) -> list[int]:
    """The owners of the squares once a deal between ``me`` and ``x`` is done: ``give`` goes to
    ``x``, ``take`` to ``me``."""
    after = list(owner)
    for s in give:
        after[s] = x
    for s in take:
        after[s] = me
    return after


def _completed(board: Board, before: Sequence[int], after: Sequence[int], p: int,
               moved: Sequence[int]) -> list[GroupInfo]:
    """The street groups ``p`` owns whole with owners ``after`` and did not with ``before``, in board
    order (``moved``: the squares whose owners differ; only their groups can have changed)."""
    out = []
    groups = board.groups
    index = board.group_index
    for i in sorted({index[s] for s in moved}):
        g = groups[i]
        squares = g.squares
        if g.kind == "street" and all(after[s] == p for s in squares) and not all(before[s] == p for s in squares):
            out.append(g)
    return out


def _offer_key(recipient: int, give: Sequence[int], take: Sequence[int]) -> str:
    return f"{recipient}:{','.join(map(str, sorted(give)))}:{','.join(map(str, sorted(take)))}"

