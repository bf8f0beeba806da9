"""``lookahead``: a value function of the position and a one-step lookahead over every decision.

A benchmark opponent of a different design from ``ruthless``, written from the published
descriptions of value-based Monopoly agents (the agent from Arizona State University that won
DARPA's independent evaluation of Monopoly agents is described as scoring each candidate action by
the value of the position it leads to). It is our own code and our own value function.

How it decides: for every decision it lists the legal candidate actions, applies each one to a
copy of the position (owners, mortgages, buildings, cash and where the tokens stand; the dice and
the decks are never looked at), scores the copy with ``value`` and plays the best. Where the
action's outcome depends on others (declining a deed sends it to auction; a bid can be outbid),
the copy is the likeliest outcome: the rival who gains most from the deed gets it.

The value of a position for player ``p`` (``score``), in money:

- cash;
- each deed: its printed price plus the rent it brings over a horizon of ``HORIZON_ROUNDS``
  rounds of the opponents' turns (landing frequencies from ``board.py``), at its level now
  (double rent for a whole group); a mortgaged deed its price less what lifting the mortgage
  costs, and half that rent; houses at what the bank pays back for them;
- a share of what a whole group could earn once built (``BUILD_SHARE``), as far as the funds
  reach (cash above the reserve plus what mortgaging its lone deeds would raise), best-paying
  groups first, and a small option on groups it holds part of;
- less liquidity: a share of the shortfall of cash below the dearest rent it may land on with
  its next throw, and a share of its worth for each chance of landing on a rent it could not
  raise at all.

The position's value to the player is its score less the rivals': the mean of their scores and
the leader's, half each (heads-up: the one opponent's score). Trades are proposed from a few
shapes (cash for the deeds that complete a group, a swap that completes a group each, with cash
balancing) and proposed only when the partner gains by the same value function from its side.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import fsum
from typing import Sequence

from ..engine import (NOBODY, AcceptTrade, Action, Bid, Build, Buy, DeclareBankruptcy, DeclineToBuy, LiftMortgage,
                      Mortgage, PassBid, PayIncomeTax, PayJailFine, PayOrDraw, ProposeTrade,
                      RejectTrade, Roll, SellBuilding, SettleMortgagedTransfer, UseJailCard)
from .registry import register_strategy
from .strategy import Strategy, safe_answer
from .tactics import dearest_rival_offline, planned_builds
from .valuation import Board, board_for, rent_index
from .view import GameView, Offer, Pending

HORIZON_ROUNDS = 16.0  # rounds of opponents' turns the rent of a deed is counted over
MIN_OPPONENTS = 3  # value rent as if there were at least this many opponents
BUILD_SHARE = 0.6  # share of a whole group's build plan credited before the houses stand
OPTION = 0.12  # share of a group's built worth credited per share of its deeds held
SHORT_CASH = 0.4  # value lost per unit of cash short of the dearest rent within a throw
RUIN = 0.6  # share of worth lost per chance of landing on a rent it could not raise
MORTGAGE_CAPACITY = 0.8  # what mortgaging lone deeds is worth as funds for building
ACCEPT_MARGIN = 25  # the least gain for which it accepts an offer
PROPOSE_MARGIN = 40  # the least gain for which it proposes a deal
PARTNER_MARGIN = 15  # the gain its model must leave the partner
BID_STEP = 10
_DICE = tuple((d, (6 - abs(d - 7)) / 36) for d in range(2, 13))


@dataclass
class Pos:
    """A copy of the position a candidate action is applied to (lists, freely changed)."""
    owner: list[int]
    mortgaged: list[bool]
    level: list[int]
    cash: list[int]
    active: list[int]
    where: list[int]

    @classmethod
    def of(cls, view: GameView) -> "Pos":
        n = view.player_count
        return cls(list(view.owners()), list(view.mortgages()), list(view.levels()), list(view.cash_by_seat()),
                   view.active_players(), [view.position(p) for p in range(n)])

    def copy(self) -> "Pos":
        return Pos(list(self.owner), list(self.mortgaged), list(self.level), list(self.cash), list(self.active),
                   list(self.where))


class Model:
    """The value function for one board and rule set."""

    def __init__(self, view: GameView) -> None:
        self.board: Board = board_for(view)
        self.edition = view.edition
        self.top = view.rules.houses_per_hotel + 1
        self.interest = view.rules.mortgage_interest / 100
        self.facts = self.board.facts
        sq = view.edition.squares
        self.squares = sq
        # the groups in the order funds go to them: best return on houses first
        self.order = [self.board.groups[i] for i in self.board.build_order]

    # ------------------------------------------------------------ rent
    def _count(self, pos: Pos, s: int) -> int:
        g = self.board.group_of[s]
        o = pos.owner[s]
        return sum(1 for t in g.squares if pos.owner[t] == o)

    def rate(self, pos: Pos, s: int) -> float:
        """Rent per opponent turn from ``s`` as things stand in ``pos`` (0 when mortgaged or unowned)."""
        o = pos.owner[s]
        if o == NOBODY:
            return 0.0
        g = self.board.group_of[s]
        rr = self.facts.rent_rate[s]
        if g.kind == "street":
            lv = pos.level[s]
            if lv:
                return rr[rent_index(lv, self.top)]
            whole = all(pos.owner[t] == o for t in g.squares)
            return rr[0] * (2 if whole else 1)
        return rr[self._count(pos, s) - 1]

    def rent_due(self, pos: Pos, s: int) -> int:
        """The rent a player landing on ``s`` would owe in ``pos`` (a utility's for a throw of 7)."""
        o = pos.owner[s]
        if o == NOBODY or pos.mortgaged[s]:
            return 0
        sq = self.squares[s]
        g = self.board.group_of[s]
        if g.kind == "street":
            lv = pos.level[s]
            if lv:
                return sq.rent[rent_index(lv, self.top)]
            whole = all(pos.owner[t] == o for t in g.squares)
            return sq.rent[0] * (2 if whole else 1)
        k = self._count(pos, s)
        if g.kind == "railroad":
            return sq.rent[min(k, len(sq.rent)) - 1]
        return sq.multipliers[min(k, len(sq.multipliers)) - 1] * 7

    # ------------------------------------------------------------ value
    def score(self, pos: Pos, p: int) -> float:
        """What player ``p``'s position is worth, in money (see the module docstring)."""
        if p not in pos.active:
            return 0.0
        b = self.board
        opp = max(MIN_OPPONENTS, len(pos.active) - 1)
        turns = HORIZON_ROUNDS * opp
        owner, mort, level = pos.owner, pos.mortgaged, pos.level
        cash = pos.cash[p]
        worth = float(cash)
        lone_mortgage = 0.0  # what mortgaging deeds outside whole groups would raise
        whole: list[tuple[int, ...]] = []
        hc = b.house_cost
        for g in b.groups:
            sqs = g.squares
            mine = [s for s in sqs if owner[s] == p]
            if not mine:
                continue
            complete = len(mine) == len(sqs)
            for s in mine:
                r = self.rate(pos, s) * turns
                if mort[s]:
                    worth += b.mortgaged_value[s] + 0.5 * r
                else:
                    worth += b.price[s] + r
                    if not (complete and g.kind == "street"):
                        lone_mortgage += b.mortgage[s]
                if level[s]:
                    worth += 0.5 * hc[s] * min(level[s], self.top)
            if g.kind != "street":
                continue
            if complete:
                whole.append(sqs)
            elif all(owner[s] in (p, NOBODY) for s in sqs):
                worth += OPTION * (len(mine) / len(sqs)) * (g.rate[3] - g.rate[0]) * turns / 3
        worth += self._build_plan(pos, p, whole, turns, lone_mortgage)
        worth -= self._liquidity(pos, p, worth)
        return worth

    def _build_plan(self, pos: Pos, p: int, whole: list[tuple[int, ...]], turns: float, lone: float) -> float:
        if not whole:
            return 0.0
        b = self.board
        funds = max(0.0, pos.cash[p] - self.reserve(pos, p)) + MORTGAGE_CAPACITY * lone
        rr = self.facts.rent_rate
        out = 0.0
        ranked = sorted(whole, key=lambda sqs: b.build_place[b.group_index[sqs[0]]])
        for sqs in ranked:
            lift = fsum(b.lift_cost[s] for s in sqs if pos.mortgaged[s])
            if lift:
                if funds < lift:
                    break
                funds -= lift
            levels = [pos.level[s] for s in sqs]
            cost = b.house_cost[sqs[0]]
            cum = best = 0.0  # the plan goes to the level where its value so far is greatest
            spent = kept = 0.0
            while funds - spent > 0:
                low = min(levels)
                if low >= self.top:
                    break
                step = [i for i, lv in enumerate(levels) if lv == low]
                price = cost * len(step)
                gain = 0.0
                for i in step:
                    s = sqs[i]
                    before = rr[s][rent_index(low, self.top)] if low else rr[s][0] * 2
                    gain += rr[s][rent_index(low + 1, self.top)] - before
                gain *= turns
                share = min(1.0, (funds - spent) / price)
                cum += (gain - 0.5 * price) * share
                spent += price * share
                if cum > best:
                    best, kept = cum, spent
                for i in step:
                    levels[i] += 1
            out += BUILD_SHARE * best
            funds -= kept
        return out

    def reserve(self, pos: Pos, p: int) -> float:
        """The dearest rent owed to others within one throw of ``p``'s token."""
        at = pos.where[p]
        worst = 0
        owner = pos.owner
        for d, _ in _DICE:
            s = (at + d) % len(owner)
            o = owner[s]
            if o != NOBODY and o != p:
                worst = max(worst, self.rent_due(pos, s))
        return float(worst)

    def liquid(self, pos: Pos, p: int) -> float:
        b = self.board
        total = float(pos.cash[p])
        for s in self.edition.properties:
            if pos.owner[s] == p:
                if not pos.mortgaged[s]:
                    total += b.mortgage[s]
                if pos.level[s]:
                    total += 0.5 * b.house_cost[s] * min(pos.level[s], self.top)
        return total

    def _liquidity(self, pos: Pos, p: int, worth: float) -> float:
        at = pos.where[p]
        owner = pos.owner
        cash = pos.cash[p]
        worst = 0
        ruin = 0.0
        liquid: float | None = None
        for d, chance in _DICE:
            s = (at + d) % len(owner)
            o = owner[s]
            if o == NOBODY or o == p:
                continue
            due = self.rent_due(pos, s)
            worst = max(worst, due)
            if due > cash:
                if liquid is None:
                    liquid = self.liquid(pos, p)
                if due > liquid:
                    ruin += chance
        return SHORT_CASH * max(0, worst - cash) + RUIN * ruin * max(0.0, worth)

    def value(self, pos: Pos, p: int) -> float:
        """The position's value to ``p``: its score less the rivals' (mean and leader, half each)."""
        mine = self.score(pos, p)
        rivals = [self.score(pos, q) for q in pos.active if q != p]
        if not rivals:
            return mine
        if len(rivals) == 1:
            return mine - rivals[0]
        return mine - 0.5 * (fsum(rivals) / len(rivals) + max(rivals))


def apply_offer(pos: Pos, offer: Offer | ProposeTrade, interest: dict[int, int]) -> Pos:
    """A copy of ``pos`` with the trade carried out (mortgaged deeds stay mortgaged, interest paid)."""
    if isinstance(offer, ProposeTrade):
        proposer, recipient = offer.player, offer.recipient
    else:
        proposer, recipient = offer.proposer, offer.recipient
    out = pos.copy()
    for s in offer.give:
        out.owner[s] = recipient
    for s in offer.take:
        out.owner[s] = proposer
    out.cash[proposer] -= offer.cash
    out.cash[recipient] += offer.cash
    for p, due in interest.items():
        out.cash[p] -= due
    return out


_MODELS: dict[tuple[int, int, int], Model] = {}


def model_for(view: GameView) -> Model:
    board = board_for(view)
    key = (id(board), view.rules.houses_per_hotel, view.rules.mortgage_interest)
    found = _MODELS.get(key)
    if found is None or found.board is not board:
        found = _MODELS[key] = Model(view)
    return found


@register_strategy
class Lookahead(Strategy):
    name = "lookahead"
    mannered = False  # a benchmark opponent: its trades stay as designed
    description = "value of the position with a one-step lookahead over every decision (a benchmark opponent)"

    _traded_turn = -1
    _anytime_turn = -1
    _anytime_calls = 0

    # ------------------------------------------------------------ helpers
    def _best(self, view: GameView, model: Model, pos: Pos,
              candidates: Sequence[tuple[Action, Pos]]) -> tuple[Action | None, float]:
        best: Action | None = None
        best_v = float("-inf")
        for action, after in candidates:
            v = model.value(after, self.seat)
            if v > best_v:
                best, best_v = action, v
        return best, best_v

    def _taker(self, model: Model, pos: Pos, s: int, price: int) -> int:
        """The rival who would gain most from owning ``s`` at ``price`` (NOBODY if none can pay)."""
        best, best_gain = NOBODY, 0.0
        for q in pos.active:
            if q == self.seat or pos.cash[q] < price:
                continue
            after = pos.copy()
            after.owner[s] = q
            after.cash[q] -= price
            gain = model.score(after, q) - model.score(pos, q)
            if gain > best_gain:
                best, best_gain = q, gain
        return best

    def _owned_by(self, pos: Pos, s: int, p: int, price: int) -> Pos:
        after = pos.copy()
        after.owner[s] = p
        after.cash[p] -= price
        return after

    def _deed_limit(self, model: Model, pos: Pos, s: int, alternative: Pos, top: int) -> int:
        """The most it would pay for deed ``s`` (at most ``top``) and still be better off than ``alternative``."""
        target = model.value(alternative, self.seat)
        lo, hi = 0, top
        if model.value(self._owned_by(pos, s, self.seat, 0), self.seat) < target:
            return -1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if model.value(self._owned_by(pos, s, self.seat, mid), self.seat) >= target:
                lo = mid
            else:
                hi = mid - 1
        return lo

    # ------------------------------------------------------------ decisions
    def buy(self, view: GameView, ask: Pending) -> Action:
        if view.cash() < ask.amount:
            return DeclineToBuy(self.seat)
        model = model_for(view)
        pos = Pos.of(view)
        s = ask.square
        taker = self._taker(model, pos, s, ask.amount * 8 // 10)
        alt = pos if taker == NOBODY else self._owned_by(pos, s, taker, ask.amount * 8 // 10)
        mine = model.value(self._owned_by(pos, s, self.seat, ask.amount), self.seat)
        if mine >= model.value(alt, self.seat):
            return Buy(self.seat)
        return DeclineToBuy(self.seat)

    def bid(self, view: GameView, ask: Pending) -> Action:
        auction = ask.auction
        assert auction is not None
        span = view.bid_range()
        if span is None:
            return PassBid(self.seat)
        low, high = span
        top = view.cash() if high is None else min(high, view.cash())
        if top < low:
            return PassBid(self.seat)
        model = model_for(view)
        pos = Pos.of(view)
        if auction.item == "square":
            s = auction.square
            winner = auction.high_bidder
            if winner == NOBODY or winner == self.seat:
                winner = self._taker(model, pos, s, auction.high_bid)
            alt = pos if winner == NOBODY else self._owned_by(pos, s, winner, auction.high_bid)
            limit = self._deed_limit(model, pos, s, alt, top)
        else:
            limit = self._building_limit(view, model, pos, top)
        if limit < low:
            return PassBid(self.seat)
        return Bid(self.seat, min(limit, max(low, auction.high_bid + BID_STEP)))

    def _building_limit(self, view: GameView, model: Model, pos: Pos, top: int) -> int:
        spots = [s for s in view.owned() if view.build_problem(s) is None]
        if not spots:
            return -1
        base = model.value(pos, self.seat)

        def placed(s: int, price: int) -> Pos:
            after = pos.copy()
            after.level[s] += 1
            after.cash[self.seat] -= price
            return after

        s = max(spots, key=lambda t: model.value(placed(t, 0), self.seat))
        lo, hi = 0, top
        if model.value(placed(s, 0), self.seat) < base:
            return -1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if model.value(placed(s, mid), self.seat) >= base:
                lo = mid
            else:
                hi = mid - 1
        return lo

    def jail(self, view: GameView, ask: Pending) -> Action:
        model = model_for(view)
        pos = Pos.of(view)
        at = view.position()
        out = 0.0  # what a throw out of jail is worth: deeds to buy less rent to pay
        for d, chance in _DICE:
            s = (at + d) % len(pos.owner)
            o = pos.owner[s]
            if o == NOBODY and model.squares[s].is_property:
                out += chance * 0.3 * model.squares[s].price
            elif o not in (NOBODY, self.seat):
                out -= chance * model.rent_due(pos, s)
        if out > 0:
            if view.jail_cards() and view.is_legal(UseJailCard(self.seat)):
                return UseJailCard(self.seat)
            fine = PayJailFine(self.seat)
            if view.is_legal(fine) and view.cash() - view.edition.jail_fine >= model.reserve(pos, self.seat):
                return fine
        return Roll(self.seat)

    def income_tax(self, view: GameView, ask: Pending) -> Action:
        square = view.edition.squares[ask.square]
        percent = (view.income_tax_worth() * square.percent + 50) // 100
        return PayIncomeTax(self.seat, percent < ask.amount)

    def pay_or_draw(self, view: GameView, ask: Pending) -> Action:
        return PayOrDraw(self.seat, False)

    def raise_funds(self, view: GameView, ask: Pending) -> Action:
        model = model_for(view)
        pos = Pos.of(view)
        candidates: list[tuple[Action, Pos]] = []
        b = model.board
        for s in view.owned():
            if pos.level[s] and view.sell_problem(s) is None:
                after = pos.copy()
                for t, lv in view.sale_levels(s):
                    after.level[t] = lv
                after.cash[self.seat] += view.sale_refund(s)
                candidates.append((SellBuilding(self.seat, s), after))
            elif not pos.mortgaged[s] and view.is_legal(Mortgage(self.seat, s)):
                after = pos.copy()
                after.mortgaged[s] = True
                after.cash[self.seat] += b.mortgage[s]
                candidates.append((Mortgage(self.seat, s), after))
        if candidates:
            # the least value lost per unit of money raised
            now = model.value(pos, self.seat)

            def loss(c: tuple[Action, Pos]) -> float:
                raised = max(1, c[1].cash[self.seat] - pos.cash[self.seat])
                return (now - model.value(c[1], self.seat) + raised) / raised

            return min(candidates, key=loss)[0]
        if view.can_declare_bankruptcy():
            return DeclareBankruptcy(self.seat)
        return safe_answer(view, ask)

    def answer_trade(self, view: GameView, ask: Pending) -> Action:
        offer = ask.offer
        assert offer is not None
        model = model_for(view)
        pos = Pos.of(view)
        after = apply_offer(pos, offer, view.trade_interest(offer))
        if after.cash[self.seat] < 0:
            return RejectTrade(self.seat)
        if model.value(after, self.seat) - model.value(pos, self.seat) >= ACCEPT_MARGIN:
            return AcceptTrade(self.seat)
        return RejectTrade(self.seat)

    def trade_reason(self, view: GameView, offer: Offer, accepted: bool) -> str:
        return "it is worth more to it after the deal" if accepted else "it is worth less to it after the deal"

    def mortgaged_transfer(self, view: GameView, ask: Pending) -> Action:
        lift = SettleMortgagedTransfer(self.seat, ask.square, True)
        if not view.is_legal(lift):
            return SettleMortgagedTransfer(self.seat, ask.square, False)
        model = model_for(view)
        pos = Pos.of(view)
        after = pos.copy()
        after.mortgaged[ask.square] = False
        after.cash[self.seat] -= model.board.mortgage[ask.square]
        if after.cash[self.seat] >= 0 and model.value(after, self.seat) > model.value(pos, self.seat):
            return lift
        return SettleMortgagedTransfer(self.seat, ask.square, False)

    def move_offline(self, view: GameView, ask: Pending) -> Action:
        return dearest_rival_offline(view, self.seat) or safe_answer(view, ask)

    def place_building(self, view: GameView, ask: Pending) -> Action:
        model = model_for(view)
        pos = Pos.of(view)
        candidates: list[tuple[Action, Pos]] = []
        for s in view.owned():
            if view.is_legal(Build(self.seat, s)):
                after = pos.copy()
                after.level[s] += 1
                candidates.append((Build(self.seat, s), after))
        best, _ = self._best(view, model, pos, candidates)
        return best if best is not None else safe_answer(view, ask)

    def building_order(self, view: GameView, hotels: bool) -> int:
        if view.in_debt():
            return 0
        model = model_for(view)
        return planned_builds(view, hotels, view.cash() - int(model.reserve(Pos.of(view), self.seat)))

    # ------------------------------------------------------------ any time
    def act_anytime(self, view: GameView) -> Action | None:
        if view.in_debt() or not view.may_deal():
            return None
        own_turn = view.pending_player == self.seat
        cash = view.cash()
        squares = view.edition.squares
        mine = view.owned()
        builds = [s for s in mine if squares[s].house_cost and squares[s].house_cost <= cash
                  and view.is_legal(Build(self.seat, s))]
        lifts = [s for s in mine if view.mortgaged(s) and view.lift_cost(s) <= cash
                 and view.is_legal(LiftMortgage(self.seat, s))]
        trading = own_turn and self._traded_turn != view.turn and view.may_deal()
        if not builds and not lifts and not trading:
            return None
        model = model_for(view)
        pos = Pos.of(view)
        candidates: list[tuple[Action, Pos]] = []
        candidates += self._build_plans(view, model, pos, builds)
        for s in lifts:
            after = pos.copy()
            after.mortgaged[s] = False
            after.cash[self.seat] -= view.lift_cost(s)
            candidates.append((LiftMortgage(self.seat, s), after))
        now = model.value(pos, self.seat)
        best, best_v = self._best(view, model, pos, candidates)
        if best is not None and best_v > now + 1:
            return best
        if trading:
            self._traded_turn = view.turn
            deal = self._propose(view, model, pos, now)
            if deal is not None:
                return deal
        return None

    def _build_plans(self, view: GameView, model: Model, pos: Pos, builds: list[int]) -> list[tuple[Action, Pos]]:
        """Each group it may build on, built evenly to each level its cash reaches: the position
        after the whole plan, played by its first house (so one house that pays only as part of a
        level is not refused for itself)."""
        out: list[tuple[Action, Pos]] = []
        done: set[str] = set()
        b = model.board
        for s in builds:
            g = b.group_of[s]
            if g.id in done:
                continue
            done.add(g.id)
            sqs = g.squares
            first = min((t for t in sqs if t in builds), key=lambda t: (pos.level[t], t))
            after = pos.copy()
            cash = after.cash[self.seat]
            while True:
                low = min(after.level[t] for t in sqs)
                if low >= model.top:
                    break
                step = [t for t in sqs if after.level[t] == low]
                price = sum(b.house_cost[t] for t in step)
                if price > cash:
                    break
                for t in step:
                    after.level[t] += 1
                cash -= price
                after.cash[self.seat] = cash
                out.append((Build(self.seat, first), after.copy()))
            if not out or out[-1][0] != Build(self.seat, first):
                one = pos.copy()
                one.level[first] += 1
                one.cash[self.seat] -= view.build_cost(first)
                out.append((Build(self.seat, first), one))
        return out

    # ------------------------------------------------------------ trades
    def _propose(self, view: GameView, model: Model, pos: Pos, now: float) -> ProposeTrade | None:
        """The best deal of a few shapes that leaves the partner better off by its own value too."""
        me = self.seat
        owner = pos.owner
        best: tuple[float, ProposeTrade] | None = None
        my_lone = [s for s in view.owned() if not pos.level[s]
                   and not all(owner[t] == me for t in model.board.group_of[s].squares)]
        for g in model.board.streets:
            sqs = g.squares
            missing = [s for s in sqs if owner[s] != me]
            if not missing or len(missing) == len(sqs):
                continue
            holders = {owner[s] for s in missing}
            if len(holders) != 1:
                continue
            h = holders.pop()
            if h == NOBODY or h not in pos.active or any(pos.level[s] for s in sqs):
                continue
            take = tuple(missing)
            gives: list[tuple[int, ...]] = [()]
            gives += [(s,) for s in my_lone if s not in sqs]
            for give in gives:
                if view.refused_recently(h, give, take):
                    continue
                deal = self._priced(view, model, pos, h, give, take)
                if deal is None:
                    continue
                gain, proposal = deal
                if gain >= PROPOSE_MARGIN and (best is None or gain > best[0]):
                    best = (gain, proposal)
        return None if best is None else best[1]

    def _priced(self, view: GameView, model: Model, pos: Pos, h: int, give: tuple[int, ...],
                take: tuple[int, ...]) -> tuple[float, ProposeTrade] | None:
        """The deal ``give`` + cash for ``take`` at the least cash the partner would gain from, and its gain to us."""
        me = self.seat

        def offer(cash: int) -> ProposeTrade:
            return ProposeTrade(me, h, give, take, cash)

        def after(cash: int) -> Pos:
            return apply_offer(pos, offer(cash), view.trade_interest(offer(cash)))

        their_now = model.value(pos, h)
        their0 = model.value(after(0), h) - their_now
        step = 100
        their1 = model.value(after(step), h) - their_now
        slope = (their1 - their0) / step
        if slope <= 0.05:
            return None
        cash = int((PARTNER_MARGIN - their0) / slope)
        cash = ((cash + 9) // 10) * 10
        lowest = -pos.cash[h]
        if cash < lowest:
            cash = lowest
        if cash > pos.cash[me]:
            return None
        deal = offer(cash)
        if not view.is_legal(deal):
            return None
        a = after(cash)
        if model.value(a, h) - their_now < PARTNER_MARGIN * 0.5:
            return None
        gain = model.value(a, me) - model.value(pos, me)
        return gain, deal
