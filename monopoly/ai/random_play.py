"""``random``: uniformly random legal actions, a fuzzer for tests.

Every decision is answered by a legal answer picked uniformly at random (a bid is a random
raise of 1 to 50 within its limit). At any time it acts now and then: with a small chance it
builds, sells, mortgages or lifts at random, or offers a random trade. It claims rent half the
time. Asked for a building order when the bank is short, it orders 0 to 3 at random (as far
as its streets take them). It is deliberately weak, and useful for finding rules the other
strategies never reach.
"""

from __future__ import annotations

from ..engine import (AcceptTrade, Action, Bid, Build, Buy, ClaimRent, DeclareBankruptcy, DeclineToBuy, LiftMortgage,
                      Mortgage, MoveOffline, PassBid, PayIncomeTax, PayJailFine, PayOrDraw, ProposeTrade, RejectTrade,
                      Roll, SellBuilding, SettleMortgagedTransfer, UseJailCard)
from .registry import register_strategy
from .strategy import Strategy, safe_answer
from .view import Claim, GameView, Pending

ACT_CHANCE = 0.1  # how often it acts when offered an any-time move
TRADE_CHANCE = 0.02  # how often it offers a trade when offered an any-time move


@register_strategy
class RandomPlay(Strategy):
    name = "random"
    mannered = False  # plays its recipe as written
    description = "picks uniformly among legal moves (a fuzzer)"

    def _pick(self, view: GameView, ask: Pending, options: list[Action]) -> Action:
        legal = [a for a in options if view.is_legal(a)]
        return self.rng.choice(legal) if legal else safe_answer(view, ask)

    def jail(self, view: GameView, ask: Pending) -> Action:
        return self._pick(view, ask, [Roll(self.seat), PayJailFine(self.seat), UseJailCard(self.seat)])

    def buy(self, view: GameView, ask: Pending) -> Action:
        return self._pick(view, ask, [Buy(self.seat), DeclineToBuy(self.seat)])

    def bid(self, view: GameView, ask: Pending) -> Action:
        auction = ask.auction
        assert auction is not None
        limit = view.bid_limit()
        if auction.high_bid >= limit or self.rng.random() < 0.5:
            return PassBid(self.seat)
        return Bid(self.seat, min(limit, auction.high_bid + self.rng.randint(1, 50)))

    def income_tax(self, view: GameView, ask: Pending) -> Action:
        return PayIncomeTax(self.seat, self.rng.random() < 0.5)

    def pay_or_draw(self, view: GameView, ask: Pending) -> Action:
        return PayOrDraw(self.seat, self.rng.random() < 0.5)

    def raise_funds(self, view: GameView, ask: Pending) -> Action:
        owned = view.owned()
        options: list[Action] = [SellBuilding(self.seat, s) for s in owned]
        options += [Mortgage(self.seat, s) for s in owned]
        options.append(DeclareBankruptcy(self.seat))
        return self._pick(view, ask, options)

    def answer_trade(self, view: GameView, ask: Pending) -> Action:
        return self._pick(view, ask, [AcceptTrade(self.seat), RejectTrade(self.seat)])

    def mortgaged_transfer(self, view: GameView, ask: Pending) -> Action:
        return self._pick(view, ask, [SettleMortgagedTransfer(self.seat, ask.square, True),
                                      SettleMortgagedTransfer(self.seat, ask.square, False)])

    def move_offline(self, view: GameView, ask: Pending) -> Action:
        return self._pick(view, ask, [MoveOffline(self.seat, s) for s in view.edition.properties])

    def place_building(self, view: GameView, ask: Pending) -> Action:
        return self._pick(view, ask, [Build(self.seat, s) for s in view.owned()])

    def building_order(self, view: GameView, hotels: bool) -> int:
        room = view.build_capacity(hotels)
        return self.rng.randint(0, min(room, 3)) if room else 0

    def claim_rent(self, view: GameView, claim: Claim) -> bool:
        return self.rng.random() < 0.5

    def act_anytime(self, view: GameView) -> Action | None:
        roll = self.rng.random()
        if roll < TRADE_CHANCE:
            return self._random_trade(view)
        if roll >= ACT_CHANCE:
            return None
        owned = view.owned()
        options: list[Action] = []
        for s in owned:
            options += [Build(self.seat, s), SellBuilding(self.seat, s), Mortgage(self.seat, s),
                        LiftMortgage(self.seat, s)]
        legal = [a for a in options if view.is_legal(a) and not isinstance(a, ClaimRent)]
        return self.rng.choice(legal) if legal else None

    def _random_trade(self, view: GameView) -> Action | None:
        others = view.opponents()
        if not others:
            return None
        other = self.rng.choice(others)
        mine = [s for s in view.owned() if not view.group_has_buildings(s)]
        theirs = [s for s in view.owned(other) if not view.group_has_buildings(s)]
        give = tuple(self.rng.sample(mine, min(len(mine), self.rng.randint(0, 2))))
        take = tuple(self.rng.sample(theirs, min(len(theirs), self.rng.randint(0, 2))))
        cash = self.rng.randint(-view.cash(other) // 4, view.cash() // 4)
        offer = ProposeTrade(self.seat, other, give, take, cash)
        return offer if view.is_legal(offer) else None
