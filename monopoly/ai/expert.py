"""``expert``: ``ruthless``, but the decisions that matter are first tried in play-outs.

Most of a game's decisions are routine (throw, claim rent, pay the flat tax) and ``ruthless``'s
rules of thumb answer them well; a few decide games: trades, the purchase or auction of a deed,
how far to bid for one, and how hard to build. For those, ``expert`` plays each candidate out
(``rollouts.py``: ``ruthless`` at every seat, ``rounds`` rounds ahead, chance drawn afresh from what
the seat can know, each player remembering what it has learnt from the answers seen at the table)
and takes the candidate with the best share of the players' worth at the end.

- Trade offers made to it: accept or refuse.
- Trades it would propose (``ruthless``'s search finds them): propose, or not.
- Buying a deed that costs ``big_price`` or more: buy, or let it go to auction.
- Auctions of such a deed: where ``ruthless`` would stop, one bid more; where ``ruthless`` bids
  ``bid_share`` of the price or more, stopping.
- Building plans, at the start of each of its turns while it holds a colour group with room to
  build: the cash it keeps back (``floors``; ``ruthless``'s own is the first).
- Deals ``ruthless`` would not make, at the start of each of its turns: buying the deeds that
  complete one of its colour groups, alone or in a swap that completes one of the partner's,
  priced at the least the partner (were it ``ruthless``) accepts (``set_deals.py``); the cheapest
  ``deal_candidates`` against making none. Between ``ruthless`` players groups often stay split
  for want of an agreed price, and heads-up such games reach the turn limit; these deals end them.

``ruthless``'s answer is the first candidate and stands unless another beats it by ``confidence``
standard errors of the difference, play-out by play-out with the same dice and cards for every
candidate (common random numbers: the difference is the candidates', not luck's), over at least
``least_rollouts`` play-outs each. A decision takes at most ``budget`` seconds: the play-outs stop
when the next batch would pass it, and with too few done ``ruthless``'s answer stands. What it
plays out before one any-time action (building plan, deals, ruthless's own offer) shares one
budget, since a person waits for all of it. Play-outs
are fast because ``ruthless`` is; fewer than about 30 per candidate mislead more than they help,
so the budget is spent on few candidates, not many. (Its play depends on the time taken: a slow
machine makes fewer play-outs, so its games do not replay exactly from the seed.)
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, Sequence

from ..engine import (AcceptTrade, Action, Bid, Buy, DecisionKind as K, DeclineToBuy, PassBid, ProposeTrade,
                      RejectTrade)
from .offers import REFUSAL_ROUNDS
from .registry import register_strategy
from .rollouts import Memories, Plan, Trial, play_out
from .set_deals import group_deals
from .ruthless import BID_STEP, Ruthless
from .view import GameView, Offer, Pending, RefusalKey


@register_strategy
class Expert(Ruthless):
    name = "expert"
    description = "ruthless, trying trades, big purchases and bids, building plans in ruthless play-outs first"

    rollouts = 32  # play-outs per candidate at most
    least_rollouts = 12  # with fewer per candidate done in the budget, ruthless's answer stands
    rounds = 6  # rounds each play-out runs
    budget = 0.5  # seconds a decision may take at most
    confidence = 2.5  # standard errors by which another candidate must beat ruthless's answer
    big_price = 100  # deeds cheaper than this are bought and bid for as ruthless would
    bid_share = 0.5  # a bid of at least this share of the price is worth weighing against stopping
    floors = (Ruthless.cash_floor, 400)  # cash floors tried for building plans; ruthless's first
    deal_candidates = 3  # deals completing a group of its own tried at its throw, cheapest first
    deal_rounds = 6  # rounds the play-outs of those deals run
    deal_from_turn = 0  # the first turn it looks for them

    def __init__(self, seat: int, rng: random.Random) -> None:
        super().__init__(seat, rng)
        self._floor_turn = -1  # the turn of its last choice of cash floor
        self.thought: list[tuple[float, int]] | None = None
        """When a list, each decision it played out adds (the seconds it took, the least play-outs a
        candidate got) to it: what ``benchmarks/expert_strength.py`` reports."""
        self._withheld: dict[tuple[int, tuple[int, ...], tuple[int, ...]], int] = {}  # offer -> until turn
        self._deadline = math.inf  # when what it plays out for the action being chosen must stop
        # What each other seat, were it ``ruthless``, would remember of the offers it made: kept from
        # the answers seen (``trade_seen``), for the play-outs to start from (``_memories``).
        self._shadows: dict[int, Ruthless] = {}
        self._shadow_refused: dict[int, dict[RefusalKey, int]] = {}

    # ------------------------------------------------------------------ choosing by play-outs
    def _choose(self, view: GameView, plans: Sequence[Plan], rounds: int | None = None) -> Plan:
        """The plan to follow: ``plans[0]`` (ruthless's) unless another beats it clearly in play-outs
        of ``rounds`` rounds (``self.rounds`` when None)."""
        if len(plans) < 2:
            return plans[0]
        start = time.perf_counter()
        limit = min(start + self.budget, self._deadline)
        trials = [Trial(plan) for plan in plans]
        memories = self._memories(view)
        base = self.rng.randrange(1 << 30)
        last = 0.0  # seconds the last play-out took
        for i in range(self.rollouts):
            for trial in trials:
                now = time.perf_counter()
                if now + 1.5 * last > limit:
                    break
                trial.scores.append(play_out(view, trial.plan, base + i, self.rounds if rounds is None else rounds,
                                             memories))
                last = time.perf_counter() - now
            else:
                continue
            break
        if self.thought is not None:
            self.thought.append((time.perf_counter() - start, min(len(trial.scores) for trial in trials)))
        first = trials[0]
        if min(len(trial.scores) for trial in trials) < self.least_rollouts:
            return first.plan
        best, best_gain = first.plan, 0.0
        for trial in trials[1:]:
            gain, error = trial.paired(first)
            if gain > self.confidence * error and gain > best_gain:
                best, best_gain = trial.plan, gain
        return best

    def _weigh(self, view: GameView, usual: Action, other: Action) -> Action:
        """``usual`` (ruthless's answer) or ``other``, whichever plays out better (``_choose``)."""
        if not view.is_legal(other):
            return usual
        chosen = self._choose(view, (Plan(usual), Plan(other))).action
        return chosen if chosen is not None else usual

    # ------------------------------------------------------------------ decisions
    def answer_trade(self, view: GameView, ask: Pending) -> Action:
        usual = super().answer_trade(view, ask)
        other: Action = RejectTrade(self.seat) if isinstance(usual, AcceptTrade) else AcceptTrade(self.seat)
        chosen = self._weigh(view, usual, other)
        if chosen != usual:
            self._reason = "its play-outs of the deal favour it" if isinstance(chosen, AcceptTrade) else \
                "its play-outs of the deal say no"
        return chosen

    def trade_reason(self, view: GameView, offer: Offer, accepted: bool) -> str:
        return self._reason

    def buy(self, view: GameView, ask: Pending) -> Action:
        usual = super().buy(view, ask)
        if ask.amount < self.big_price or view.cash() < ask.amount:
            return usual
        if isinstance(usual, Buy):
            return self._weigh(view, usual, DeclineToBuy(self.seat))
        if isinstance(usual, DeclineToBuy):
            return self._weigh(view, usual, Buy(self.seat))
        return usual  # a mortgage first: ruthless's plan to raise the price

    def bid(self, view: GameView, ask: Pending) -> Action:
        usual = super().bid(view, ask)
        auction = ask.auction
        if auction is None or auction.item != "square":
            return usual
        price = view.square(auction.square).price
        if price < self.big_price:
            return usual
        if isinstance(usual, PassBid):
            more = auction.high_bid + BID_STEP
            if more > view.cash():
                return usual  # no mortgaging for a bid ruthless would not make
            return self._weigh(view, usual, Bid(self.seat, more))
        if isinstance(usual, Bid) and usual.amount >= self.bid_share * price:
            return self._weigh(view, usual, PassBid(self.seat))
        return usual

    def act_anytime(self, view: GameView) -> Action | None:
        # one budget for everything it plays out before this one action: a person waits for all of it
        self._deadline = time.perf_counter() + self.budget
        try:
            return self._act_anytime(view)
        finally:
            self._deadline = math.inf

    def _act_anytime(self, view: GameView) -> Action | None:
        own_throw = view.pending_kind == K.ROLL and view.pending_player == self.seat
        if own_throw and view.turn != self._floor_turn and not view.in_debt():
            self._floor_turn = view.turn
            if self._room_to_build(view):
                self._choose_floor(view)
            deal = self._group_deal(view)
            if deal is not None:
                self._reason = "its play-outs favour completing the group"
                return deal
        action = super().act_anytime(view)
        if isinstance(action, ProposeTrade) and not action.settle_debt:
            key = (action.recipient, tuple(sorted(action.give)), tuple(sorted(action.take)))
            turn = view.turn
            until = self._withheld.get(key)
            if until is None or turn >= until:
                until = turn + 2 * view.player_count
                chosen = self._choose(view, (Plan(action), Plan(None, withheld=key)))
                if chosen.action is not None:
                    return action
                if len(self._withheld) > 64:
                    self._withheld = {k: t for k, t in self._withheld.items() if t > turn}
                self._withheld[key] = until
            return self._develop(view, own_throw)
        return action

    # ------------------------------------------------------------------ what the play-outs start from
    def trade_seen(self, view: GameView, offer: Offer, accepted: bool) -> None:
        """Keep what the proposer, were it ``ruthless``, now remembers of its offer: a refusal raises
        the partner's share next time, a refused first price is not asked again (``_asks_first``),
        and the offer is held back for a few rounds. Only answers seen at the table are used."""
        x = offer.proposer
        if x == self.seat or offer.settle_debt:
            return
        shadow = self._shadows.get(x)
        if shadow is None:
            shadow = self._shadows[x] = Ruthless(x, random.Random(0))
        shadow.trade_answered(view.partner_view(x), offer, accepted)
        if not accepted:
            refused = self._shadow_refused.setdefault(x, {})
            if len(refused) > 64:
                refused = self._shadow_refused[x] = {k: t for k, t in refused.items() if t > view.turn}
            refused[(offer.recipient, tuple(sorted(offer.give)), tuple(sorted(offer.take)))] = (
                view.turn + REFUSAL_ROUNDS * max(2, len(view.active_players())))

    def _memories(self, view: GameView) -> Memories:
        """What each seat of a play-out starts remembering: this seat all it remembers as ``ruthless``
        and the offers refused to it; each other seat what its answers seen imply (``trade_seen``).
        Fresh players would ask again a price just refused, and open every set's sale at the first
        price, which after the first refusals a ``ruthless`` player no longer does: the play-outs
        would put the rivals' deals later than they come."""
        memories: Memories = {self.seat: (Ruthless.memory(self), view.refused_offers())}
        now = view.turn
        for x, shadow in self._shadows.items():
            refused = {k: t for k, t in self._shadow_refused.get(x, {}).items() if t > now}
            memories[x] = (shadow.memory(), refused)
        return memories

    # ------------------------------------------------------------------ deals ruthless does not make
    def _group_deal(self, view: GameView) -> ProposeTrade | None:
        """A deal completing one of its groups (``set_deals.py``) that plays out clearly better than
        making none, if one does; the cheapest ``deal_candidates`` are tried."""
        if view.turn < self.deal_from_turn or self.budget <= 0:
            return None
        deals = group_deals(view, view.determinized(self.rng.randrange(1 << 30)), self.deal_candidates)
        if not deals:
            return None
        chosen = self._choose(view, [Plan(None), *(Plan(d) for d in deals)], self.deal_rounds).action
        return chosen if isinstance(chosen, ProposeTrade) else None

    # ------------------------------------------------------------------ building plans
    def _room_to_build(self, view: GameView) -> bool:
        """Whether it holds a colour group with a house still to build or a mortgage to lift."""
        top = view.rules.houses_per_hotel + 1
        return any(view.level(s) < top or view.mortgaged(s) for g in view.monopolies() for s in g.squares)

    def _choose_floor(self, view: GameView) -> None:
        """Set the cash it keeps back for this turn's building to the floor that plays out best."""
        chosen = self._choose(view, [Plan(None, cash_floor=f) for f in self.floors]).cash_floor
        floor = self.floors[0] if chosen is None else chosen
        if floor != self.cash_floor:
            self.cash_floor = floor
            self._analysis = None  # what it worked out read the old floor
            self._idle = self.quiet = None

    # ------------------------------------------------------------------ saving
    def memory(self) -> dict[str, Any]:
        return {**super().memory(), "cash_floor": self.cash_floor, "floor_turn": self._floor_turn,
                "withheld": [[x, list(give), list(take), until] for (x, give, take), until in self._withheld.items()],
                "shadows": {str(x): {"memory": shadow.memory(),
                                     "refused": [[r, list(give), list(take), until] for (r, give, take), until
                                                 in self._shadow_refused.get(x, {}).items()]}
                            for x, shadow in self._shadows.items()}}

    def restore(self, memory: dict[str, Any]) -> None:
        super().restore(memory)
        self.cash_floor = int(memory.get("cash_floor", self.floors[0]))
        self._floor_turn = int(memory.get("floor_turn", -1))
        self._withheld = {(int(x), tuple(int(s) for s in give), tuple(int(s) for s in take)): int(until)
                          for x, give, take, until in list(memory.get("withheld", []))}
        self._shadows, self._shadow_refused = {}, {}
        for key, kept in dict(memory.get("shadows", {})).items():
            x = int(key)
            shadow = self._shadows[x] = Ruthless(x, random.Random(0))
            shadow.restore(dict(kept["memory"]))
            self._shadow_refused[x] = {(int(r), tuple(int(s) for s in give), tuple(int(s) for s in take)): int(until)
                                       for r, give, take, until in list(kept["refused"])}
