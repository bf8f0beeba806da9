"""The computer players' trade offers as the controller follows them (``OfferMemory``): the reason kept with each
answer, a counter-offer to a person, the limits that hold an offer back, and the memory of
refusals (an offer refused is not made again to the same player for ``REFUSAL_ROUNDS`` rounds).

A part of ``ComputerPlayers`` (``players.py``), kept apart because it is the one part that
follows a deal from its proposal to its answer; the attributes it reads are that class's."""

from __future__ import annotations

import logging
from typing import Any

from ..engine import Action, ProposeTrade, View
from .manners import Manners
from .points import Point
from .strategy import Strategy, TradeReply
from .view import GameView, Offer, Pending, RefusalKey

log = logging.getLogger("monopoly.ai")

REFUSAL_ROUNDS = 3
"""A refused offer is not made again to the same player for this many rounds of turns."""


class OfferMemory:
    """The trade offers' side of ``ComputerPlayers`` (see the module docstring)."""

    strategies: dict[int, Strategy]
    manners: Manners
    last_reply: TradeReply | None
    _views: dict[int, GameView]
    _mannered: set[int]
    _table: View
    _offer: tuple[int, ProposeTrade] | None
    _counter: ProposeTrade | None
    _refused: dict[int, dict[RefusalKey, int]]
    _onlookers: list[int]

    def _reply(self, seat: int, d: Pending, accepted: bool) -> None:
        """Keep the reason for ``seat``'s answer to the offer of ``d``, and its counter-offer to a person."""
        offer = d.offer
        if offer is None:
            return
        strategy = self.strategies[seat]
        view = self._views[seat]
        counter = None
        try:
            reason = str(strategy.trade_reason(view, offer, accepted))
            if not accepted and offer.proposer not in self.strategies and not offer.settle_debt:
                counter = strategy.counter_offer(view, offer)
        except Exception:  # a strategy's bug must not stop the game
            log.exception("strategy %s (seat %d) failed explaining a trade answer", strategy.name, seat)
            reason = "it accepts" if accepted else "it refuses"
        if not isinstance(counter, ProposeTrade) or counter.player != seat or counter.recipient != offer.proposer:
            counter = None
        self.last_reply = TradeReply(offer.proposer, seat, accepted, reason, counter)
        self._counter = counter

    def _make_counter(self, table: View) -> ProposeTrade | None:
        """The counter-offer kept by ``_reply``, if the rules and the controller's limits allow it now."""
        counter, self._counter = self._counter, None
        assert counter is not None
        seat = counter.player
        if self._offer is not None or self._views[seat].refused_recently(counter.recipient, counter.give,
                                                                          counter.take):
            return None
        if seat in self._mannered and self.manners.problem(table, counter, True, reply=True) is not None:
            return None
        if self._problem(table, seat, counter) is not None:
            return None
        if seat in self._mannered:
            self.manners.offered(table, counter)
        self._offer = (seat, counter)
        return counter

    def _held_back(self, seat: int, action: Any, point: Point) -> str | None:
        """Why a legal-looking trade offer is not made now (the controller's limits), or None."""
        if isinstance(action, ProposeTrade):
            if seat in point.traded:
                return "one offer per decision"
            if self._offer is not None:
                return "an earlier offer is still unanswered"
            try:
                if self._views[seat].refused_recently(action.recipient, action.give, action.take):
                    return "that offer was refused recently"
                if seat in self._mannered:
                    return self.manners.problem(self._table, action, action.recipient not in self.strategies)
            except (TypeError, IndexError, AttributeError):
                return None  # malformed: the legality check says why
        return None

    def _problem(self, table: View, seat: int, action: Any) -> str | None:
        """Why the controller will not play ``action`` for ``seat``, or None."""
        if not isinstance(action, Action):
            return "not an action"
        if action.player != seat:
            return "it is another player's action"
        try:
            return table.problem(action)
        except Exception as exc:  # a malformed action the checks trip over
            return str(exc) or type(exc).__name__

    # ------------------------------------------------------------------ trade memory
    def _note_offer(self, seat: int, action: ProposeTrade, point: Point) -> None:
        point.traded = point.traded | {seat}
        self._offer = (seat, action)
        if seat in self._mannered:
            self.manners.offered(self._table, action)

    def _follow_offer(self, table: View) -> None:
        """Once the last computer offer is answered, remember a refusal and tell the proposer."""
        assert self._offer is not None
        seat, offer = self._offer
        if table.offer_waiting(seat):
            return  # not answered yet
        self._offer = None
        accepted = (all(table.owner(sq) == offer.recipient for sq in offer.give)
                    and all(table.owner(sq) == seat for sq in offer.take)
                    and bool(offer.give or offer.take))
        self.note_answer(Offer(seat, offer.recipient, tuple(offer.give), tuple(offer.take), offer.cash,
                               tuple(offer.give_cards), tuple(offer.take_cards), offer.settle_debt), accepted)

    def offer_made(self, offer: ProposeTrade) -> None:
        """Computer ``offer.player`` made ``offer`` outside ``next_action`` (a play-out carries out the
        offer it weighs): its answer is followed as that of any offer the controller made."""
        self._offer = (offer.player, offer)

    def note_answer(self, offer: Offer, accepted: bool) -> None:
        """Computer ``offer.proposer``'s offer was answered: remember a refusal (the offer is held
        back for ``REFUSAL_ROUNDS`` rounds), tell the proposer and every other computer that wants
        to hear it. Called once the answer is in (a play-out calls it for an answer it imagines)."""
        seat, table = offer.proposer, self._table
        if seat in self._mannered:
            self.manners.answered(table, offer, accepted)
        if not accepted:
            rounds = REFUSAL_ROUNDS * max(2, len(table.active_players()))
            self._refused[seat][(offer.recipient, tuple(sorted(offer.give)), tuple(sorted(offer.take)))] = (
                table.turn + rounds)
            if len(self._refused[seat]) > 64:
                now = table.turn
                self._refused[seat] = {k: v for k, v in self._refused[seat].items() if v > now}
                self._views[seat]._refused = self._refused[seat]
        strategy = self.strategies[seat]
        try:
            strategy.trade_answered(self._views[seat], offer, accepted)
        except Exception:
            log.exception("strategy %s (seat %d) failed hearing a trade answer", strategy.name, seat)
        for other in self._onlookers:
            if other != seat:
                onlooker = self.strategies[other]
                try:
                    onlooker.trade_seen(self._views[other], offer, accepted)
                except Exception:
                    log.exception("strategy %s (seat %d) failed hearing a trade answer", onlooker.name, other)
