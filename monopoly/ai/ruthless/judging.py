"""``ruthless``'s judgement of a trade: whether to accept an offer, why, its counter-offer, and the
prices a deal that hands over a set must fetch."""

from __future__ import annotations

from math import fsum
from typing import Sequence

from ...engine import AcceptTrade, Action, ProposeTrade, RejectTrade
from ..manners import cannot_afford
from ..valuation import Appraisal, Board, GroupInfo, Position, apply_trade, group_value, liquid_value
from ..view import GameView, Offer, Pending
from .base import BID_STEP, _Deal, _completed
from .building import Building


class Judging(Building):
    """Judging: one layer of ``ruthless`` (see the module docstring)."""

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
        if paid < 0 and (not self._covers_risk(view, board, after) or cannot_afford(view, me, offer)):
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
        their_value = fsum(group_value(board, g, funds_x, n_opp, w, top) for g in theirs)
        return fsum(group_value(board, g, funds_me, n_opp, w, top) for g in mine) < self.match_share * their_value

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
        their_value = fsum(self._group_value(board, g, n_opp, top) for g in theirs_new)
        my_value = fsum(self._group_value(board, g, n_opp, top) for g in mine_new)
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

    def _swap_ratio(self, view: GameView, board: Board, players: int, theirs: Sequence[GroupInfo],
                    mine: Sequence[GroupInfo]) -> float:
        """What the groups a swap completes for the partner are worth as a share of ours."""
        n_opp = max(1, players - 1)
        top = self._top(view)
        return (fsum(self._group_value(board, g, n_opp, top) for g in theirs)
                / max(1.0, fsum(self._group_value(board, g, n_opp, top) for g in mine)))

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
