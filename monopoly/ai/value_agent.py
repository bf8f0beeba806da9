"""``value``: a benchmark opponent after the Arizona State value agent (arXiv 2107.04303).

Issue 37 measures the hard level against a table it was never tuned on: three copies of an
independent reconstruction of the agent that did best in DARPA SAIL-ON's independent evaluation
of Monopoly agents. This is ours, written from the paper's description as the issue gives it:
every decision is a one-step lookahead on one value of the position (``value_model.py``: assets,
short- and long-term expected rent from landing probabilities, the worth of complete sets),
guarded by a cash safety check. It is not the paper's code (which we have not seen), not tuned
against any of our strategies, and it shares no code with ``ruthless`` or ``lookahead``.

How each decision is made (``score`` is the seat's value less its opponents' mean, half of it one-on-one):

- *Buy*: buy when the cash left covers the likely worst rent of its next turn (``Model.reserve``,
  the rent exceeded with probability ``RISK`` at most) and owning the deed is worth more than
  letting the opponent who gains most from it buy it at the price.
- *Bid*: the most it bids is the difference between owning the deed at no cost and the high
  bidder (or, with no bid yet, the opponent who gains most) owning it, capped so the safety
  check holds; it raises by ``BID_STEP`` or to that limit.
- *Build, lift a mortgage*: each legal build or lift is applied to a copy of the position, and
  the best that raises the value and passes the safety check is played.
- *Raise funds*: the sale or mortgage losing least value per unit of money raised.
- *Jail*: it leaves (card first, then the fine) when a throw from jail is worth more than the
  fine: landings on unowned deeds count what buying them would add, on rivals' deeds the rent.
- *Trades*: it accepts an offer that raises its value by ``ACCEPT_MARGIN`` and leaves the cash
  the safety check wants. At the start of its own turn it may propose one deal: cash (or a deed
  that completes a group of the partner's, with cash) for the deeds that complete a group of its
  own, priced at the least cash its model says leaves the partner ``PARTNER_MARGIN`` better off
  by the partner's own value;
  made when it gains ``PROPOSE_MARGIN`` by its own measure and was not refused lately.

It uses no random numbers, so its games replay exactly.
"""

from __future__ import annotations

import math
import random

from ..engine import (NOBODY, AcceptTrade, Action, Bid, Build, Buy, DeclareBankruptcy, DeclineToBuy, DecisionKind as K,
                      LiftMortgage, Mortgage, PassBid, PayIncomeTax, PayJailFine, ProposeTrade, RejectTrade, Roll,
                      SellBuilding, SettleMortgagedTransfer, UseJailCard)
from .registry import register_strategy
from .strategy import Strategy, safe_answer
from .tactics import dearest_rival_offline, planned_builds
from .value_model import HORIZON, SET_SHARE, Model, Pos, rival_weight
from .view import GameView, Offer, Pending

RISK = 0.1
"""The chance of a dearer rent next turn that the cash safety check accepts."""
BID_STEP = 10
ACCEPT_MARGIN = 20
PROPOSE_MARGIN = 50
PARTNER_MARGIN = 10
JAIL_CARD_WORTH = 50


def apply_offer(pos: Pos, offer: Offer, interest: dict[int, int]) -> Pos:
    """The position after ``offer`` is carried out (mortgaged deeds kept mortgaged, interest paid)."""
    after = pos.copy()
    for s in offer.give:
        after.owner[s] = offer.recipient
    for s in offer.take:
        after.owner[s] = offer.proposer
    after.cash[offer.proposer] -= offer.cash
    after.cash[offer.recipient] += offer.cash
    for seat, amount in interest.items():
        after.cash[seat] -= amount
    return after


@register_strategy
class ValueAgent(Strategy):
    name = "value"
    mannered = False  # a benchmark opponent: it plays its recipe as written
    description = "after the Arizona State value agent: one-step lookahead on assets and rent (a benchmark opponent)"
    acts_on_others_turns = False  # it builds, lifts and proposes at its own decisions
    horizon = HORIZON
    set_share = SET_SHARE
    risk = RISK

    def __init__(self, seat: int, rng: random.Random) -> None:
        super().__init__(seat, rng)
        self._idle: tuple[int, int, int] | None = None  # (holdings version, cash, turn) found idle
        self._proposed_turn = -1
        self._no_deal: tuple[int, int] | None = None  # (holdings version, cash // 500) with no deal

    # ------------------------------------------------------------ helpers
    def _score(self, model: Model, pos: Pos, player: int, values: list[float] | None = None) -> float:
        return model.score(pos, player, values, self.horizon, self.set_share)

    def _safe(self, model: Model, pos: Pos) -> bool:
        return pos.cash[self.seat] >= model.reserve(pos, self.seat, self.risk)

    def _best_taker(self, model: Model, pos: Pos, square: int, price: int) -> Pos | None:
        """The position where the opponent who gains most from ``square`` owns it at ``price``."""
        best: tuple[float, Pos] | None = None
        for q in pos.active:
            if q == self.seat or pos.cash[q] < price:
                continue
            trial = pos.copy()
            trial.owner[square] = q
            trial.cash[q] -= price
            gain = self._score(model, trial, q)
            if best is None or gain > best[0]:
                best = (gain, trial)
        return best[1] if best is not None else None

    # ------------------------------------------------------------ buying and bidding
    def buy(self, view: GameView, ask: Pending) -> Action:
        model, pos = Model.for_view(view), Pos.of(view)
        mine = pos.copy()
        mine.owner[ask.square] = self.seat
        mine.cash[self.seat] -= ask.amount
        if mine.cash[self.seat] < 0 or not self._safe(model, mine):
            return DeclineToBuy(self.seat)
        other = self._best_taker(model, pos, ask.square, ask.amount) or pos
        if self._score(model, mine, self.seat) >= self._score(model, other, self.seat):
            return Buy(self.seat)
        return DeclineToBuy(self.seat)

    def bid(self, view: GameView, ask: Pending) -> Action:
        auction = ask.auction
        assert auction is not None
        if auction.item != "square":
            return self._building_bid(view, auction.high_bid)
        model, pos = Model.for_view(view), Pos.of(view)
        s = auction.square
        mine = pos.copy()
        mine.owner[s] = self.seat
        if auction.high_bidder != NOBODY and auction.high_bidder != self.seat:
            other = pos.copy()
            other.owner[s] = auction.high_bidder
            other.cash[auction.high_bidder] -= auction.high_bid
        else:
            other = self._best_taker(model, pos, s, auction.high_bid) or pos
        limit = int(self._score(model, mine, self.seat) - self._score(model, other, self.seat))
        # the safety check: what is left after paying must cover the likely worst rent
        limit = min(limit, pos.cash[self.seat] - model.reserve(mine, self.seat, self.risk), view.bid_limit())
        if limit <= auction.high_bid:
            return PassBid(self.seat)
        return Bid(self.seat, min(limit, auction.high_bid + BID_STEP))

    def _building_bid(self, view: GameView, high: int) -> Action:
        """A scarce house or hotel: worth its printed cost on the dearest site it could go on."""
        costs = [view.edition.squares[s].house_cost for s in view.owned() if view.build_problem(s) is None]
        limit = min(max(costs, default=0), view.bid_limit())
        if limit <= high:
            return PassBid(self.seat)
        return Bid(self.seat, min(limit, high + BID_STEP))

    # ------------------------------------------------------------ building, lifting, trading
    def act_anytime(self, view: GameView) -> Action | None:
        if view.in_debt() or not view.may_deal(self.seat):
            return None
        key = (view.holdings_version(), view.cash(), view.turn)
        if self._idle == key:
            return None
        action = self._improve(view)
        if action is None and view.pending_kind == K.ROLL and view.pending_player == self.seat \
                and self._proposed_turn != view.turn:
            self._proposed_turn = view.turn
            action = self._proposal(view)
        if action is None:
            self._idle = key
        return action

    def _improve(self, view: GameView) -> Action | None:
        """The build or mortgage lift that adds most value and passes the safety check, if any.

        The likely worst rent ahead does not depend on our own buildings or mortgages, so it is
        worked out once, and a candidate that would spend below it is never valued."""
        builds = [s for g in view.monopolies() for s in g.squares if view.build_problem(s) is None]
        lifts = [s for s in view.owned() if view.mortgaged(s)]
        if not builds and not lifts:
            return None
        model, pos = Model.for_view(view), Pos.of(view)
        spare = pos.cash[self.seat] - model.reserve(pos, self.seat, self.risk)
        candidates: list[tuple[Action, Pos]] = []
        for s in builds:
            cost = view.build_cost(s)
            if cost <= spare:
                after = pos.copy()
                after.level[s] += 1
                after.cash[self.seat] -= cost
                candidates.append((Build(self.seat, s), after))
        for s in lifts:
            cost = view.lift_cost(s)
            if cost <= spare and view.is_legal(LiftMortgage(self.seat, s)):
                after = pos.copy()
                after.mortgaged[s] = False
                after.cash[self.seat] -= cost
                candidates.append((LiftMortgage(self.seat, s), after))
        if not candidates:
            return None
        base = self._score(model, pos, self.seat)
        best: tuple[float, Action] | None = None
        for action, after in candidates:
            gain = self._score(model, after, self.seat) - base
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, action)
        if best is None or not view.is_legal(best[1]):
            return None
        return best[1]

    def building_order(self, view: GameView, hotels: bool) -> int:
        if view.in_debt():
            return 0
        model, pos = Model.for_view(view), Pos.of(view)
        return planned_builds(view, hotels, view.cash() - model.reserve(pos, self.seat, self.risk))

    def place_building(self, view: GameView, ask: Pending) -> Action:
        spots = [s for s in view.owned() if view.is_legal(Build(self.seat, s))]
        if not spots:
            return safe_answer(view, ask)
        model, pos = Model.for_view(view), Pos.of(view)

        def worth(s: int) -> float:
            after = pos.copy()
            after.level[s] += 1
            return self._score(model, after, self.seat)
        return Build(self.seat, max(spots, key=lambda s: (worth(s), -s)))

    def _proposal(self, view: GameView) -> ProposeTrade | None:
        """One deal for the deeds that complete a group of ours, or None (see the module docstring)."""
        if view.offer_problem() is not None:
            return None
        key = (view.holdings_version(), view.cash() // 500)
        if key == self._no_deal:
            return None  # nothing that counts changed since the last search found nothing
        model, pos = Model.for_view(view), Pos.of(view)
        squares = view.edition.squares
        base = model.values(pos, self.horizon, self.set_share)
        mine = self._score(model, pos, self.seat, base)
        best: tuple[float, ProposeTrade] | None = None
        for g in view.groups:
            if any(squares[s].kind != "street" for s in g.squares):
                continue
            missing = [s for s in g.squares if pos.owner[s] != self.seat]
            if not missing or len(missing) == len(g.squares):
                continue
            holder = pos.owner[missing[0]]
            if holder in (NOBODY, self.seat) or any(pos.owner[s] != holder for s in missing) \
                    or view.group_has_buildings(g.squares[0]) or any(view.mortgaged(s) for s in missing):
                continue
            take = tuple(missing)
            for give in self._swaps(view, pos, holder):
                if view.refused_recently(holder, give, take):
                    continue
                priced = self._priced(model, pos, base, holder, give, take)
                if priced is None:
                    continue
                cash, gain = priced[0], priced[1] - mine
                after = apply_offer(pos, Offer(self.seat, holder, give, take, cash), {})
                if gain >= PROPOSE_MARGIN and self._safe(model, after):
                    action = ProposeTrade(self.seat, holder, give, take, cash)
                    if (best is None or gain > best[0]) and view.is_legal(action):
                        best = (gain, action)
        if best is None:
            self._no_deal = key
            return None
        return best[1]

    def _swaps(self, view: GameView, pos: Pos, holder: int) -> list[tuple[int, ...]]:
        """What we might give: nothing (cash only), or the deeds that complete one of ``holder``'s groups."""
        out: list[tuple[int, ...]] = [()]
        squares = view.edition.squares
        for g in view.groups:
            if any(squares[s].kind != "street" for s in g.squares):
                continue
            missing = [s for s in g.squares if pos.owner[s] != holder]
            if missing and len(missing) < len(g.squares) and all(pos.owner[s] == self.seat for s in missing) \
                    and not view.group_has_buildings(g.squares[0]) and not any(view.mortgaged(s) for s in missing):
                out.append(tuple(missing))
        return out

    def _priced(self, model: Model, pos: Pos, base: list[float], holder: int, give: tuple[int, ...],
                take: tuple[int, ...]) -> tuple[int, float] | None:
        """The least cash from us (negative: to us), to the next ten, that our model says leaves
        ``holder``'s score ``PARTNER_MARGIN`` higher, and our score after the deal at that price;
        None when we could not pay it. A partner short of the cash asked is asked all it has.

        Cash enters every value one for one, so both scores are linear in it: a unit paid raises
        the partner's score by 1 + w/k (w the rival weight, k the partner's opponents, among them
        us, who lose the unit) and lowers ours by as much. One valuation prices the deal."""
        deal = apply_offer(pos, Offer(self.seat, holder, give, take, 0), {})
        after = model.values(deal, self.horizon, self.set_share)
        k = len(pos.active) - 1
        slope = 1.0 + rival_weight(pos) / k
        gain = self._score(model, pos, holder, after) - self._score(model, pos, holder, base)
        cash = max(math.ceil((PARTNER_MARGIN - gain) / slope / 10.0) * 10, -pos.cash[holder])
        if cash > pos.cash[self.seat]:
            return None
        return cash, self._score(model, pos, self.seat, after) - slope * cash

    # ------------------------------------------------------------ answering offers
    def answer_trade(self, view: GameView, ask: Pending) -> Action:
        offer = ask.offer
        assert offer is not None
        return AcceptTrade(self.seat) if self._accepts(view, offer) else RejectTrade(self.seat)

    def _accepts(self, view: GameView, offer: Offer) -> bool:
        if offer.settle_debt:
            return False
        model, pos = Model.for_view(view), Pos.of(view)
        after = apply_offer(pos, offer, view.trade_interest(offer))
        card_worth = JAIL_CARD_WORTH * (len(offer.give_cards) - len(offer.take_cards))
        if after.cash[self.seat] < 0 or (after.cash[self.seat] < pos.cash[self.seat] and not self._safe(model, after)):
            return False
        return self._score(model, after, self.seat) + card_worth - self._score(model, pos, self.seat) >= ACCEPT_MARGIN

    def trade_reason(self, view: GameView, offer: Offer, accepted: bool) -> str:
        return "it adds to its value" if accepted else "it does not add enough to its value"

    # ------------------------------------------------------------ money and jail
    def raise_funds(self, view: GameView, ask: Pending) -> Action:
        model, pos = Model.for_view(view), Pos.of(view)
        base = self._score(model, pos, self.seat)
        best: tuple[float, Action] | None = None
        for s in view.owned():
            options: list[tuple[Action, Pos, int]] = []
            if view.level(s) and view.sell_problem(s) is None:
                after = pos.copy()
                for site, lv in view.sale_levels(s):
                    after.level[site] = lv
                raised = view.sale_refund(s)
                after.cash[self.seat] += raised
                options.append((SellBuilding(self.seat, s), after, raised))
            elif not view.mortgaged(s) and view.is_legal(Mortgage(self.seat, s)):
                after = pos.copy()
                after.mortgaged[s] = True
                raised = view.edition.squares[s].mortgage
                after.cash[self.seat] += raised
                options.append((Mortgage(self.seat, s), after, raised))
            for action, after, raised in options:
                if raised <= 0:
                    continue
                loss = (base - self._score(model, after, self.seat) + raised) / raised
                if best is None or loss < best[0]:
                    best = (loss, action)
        if best is not None and view.is_legal(best[1]):
            return best[1]
        if view.can_declare_bankruptcy():
            return DeclareBankruptcy(self.seat)
        return safe_answer(view, ask)

    def jail(self, view: GameView, ask: Pending) -> Action:
        model, pos = Model.for_view(view), Pos.of(view)
        squares = view.edition.squares
        due, _, _ = model.rents(pos)
        base = self._score(model, pos, self.seat)
        throw = 0.0
        for s, prob in model.dists[view.position()]:
            o = pos.owner[s]
            if o == NOBODY:
                mine = pos.copy()
                mine.owner[s] = self.seat
                mine.cash[self.seat] -= squares[s].price
                throw += prob * max(0.0, self._score(model, mine, self.seat) - base)
            elif o != self.seat:
                throw -= prob * due[s]
        fine = view.edition.jail_fine
        if throw > 0 and view.jail_cards() and view.is_legal(UseJailCard(self.seat)):
            return UseJailCard(self.seat)
        if throw > fine and pos.cash[self.seat] - fine >= model.reserve(pos, self.seat, self.risk) \
                and view.is_legal(PayJailFine(self.seat)):
            return PayJailFine(self.seat)
        return Roll(self.seat)

    def income_tax(self, view: GameView, ask: Pending) -> Action:
        percent = (view.income_tax_worth() * view.edition.squares[ask.square].percent + 50) // 100
        return PayIncomeTax(self.seat, percent < ask.amount)

    def mortgaged_transfer(self, view: GameView, ask: Pending) -> Action:
        model, pos = Model.for_view(view), Pos.of(view)
        lifted = pos.copy()
        lifted.mortgaged[ask.square] = False
        lifted.cash[self.seat] -= view.lift_cost(ask.square) - view.mortgage_interest(ask.square)
        lift = SettleMortgagedTransfer(self.seat, ask.square, True)
        if lifted.cash[self.seat] >= 0 and self._safe(model, lifted) and view.is_legal(lift) \
                and self._score(model, lifted, self.seat) > self._score(model, pos, self.seat):
            return lift
        return SettleMortgagedTransfer(self.seat, ask.square, False)

    def move_offline(self, view: GameView, ask: Pending) -> Action:
        return dearest_rival_offline(view, self.seat) or safe_answer(view, ask)
