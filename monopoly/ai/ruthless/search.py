"""``ruthless``'s search for trades to offer: the deals that complete groups, priced; follow-ups
after a refusal; the decisive and lever sales of long games; blocking offers."""

from __future__ import annotations

from ...engine import Mortgage, ProposeTrade
from ..valuation import Appraisal, Board, board_for
from ..view import GameView
from .base import BID_STEP, FOLLOW_UPS, SEARCH_PRICES, DEAD_CASH, _Deal, _deal, _owners_after, _offer_key
from .judging import Judging


class Search(Judging):
    """Search: one layer of ``ruthless`` (see the module docstring)."""

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
        hands_back = view.hands_back
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
                if refused(x, give, take) or hands_back(x, give, take):
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
            if view.refused_recently(x, give, take) or not view.may_deal(x) or view.hands_back(x, give, take):
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
                if (not deal.theirs or deal.key in refused or view.refused_recently(x, deal.give, deal.take)
                        or view.hands_back(x, deal.give, deal.take)):
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
                if view.refused_recently(x, give, take) or view.hands_back(x, give, take):
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

    def _block_offer(self, view: GameView, thrower: int | None = None) -> ProposeTrade | Mortgage | None:
        """Cash for the deed that keeps a swap of sets between two rivals possible (four players or more).

        When rival ``a`` holds all of a colour group but one deed, which rival ``b`` holds, and ``b``
        holds all but deeds ``a`` holds of another group, the two can swap and both own a set. It
        offers ``b`` ``block_factor`` times the printed price for that one deed, when what the deed
        adds to its holdings at that price plus ``block_weight`` of the set's worth to ``a`` is a
        gain and the cash leaves its reserve; the set worth most to ``a`` first. Short of that cash,
        when mortgaging lesser deeds would raise it (``_block_fundable``), it answers with the
        mortgage of the deed worth least first and makes the offer once the cash is in hand.

        At the start of a rival's throw (``thrower``) only the groups that rival could complete by a
        deal at that throw count: those it holds the rest of, or the one deed of."""
        active = view.active_players()
        if len(active) < 3:
            return None
        me = self.seat
        board = board_for(view)
        top = self._top(view)
        n_opp = len(active) - 1
        best: tuple[float, ProposeTrade, bool] | None = None
        for g, a, b, deed in self._now(view).blockable:
            if thrower is not None and thrower != a and thrower != b:
                continue
            if view.mortgaged(deed) or not view.may_deal(b) or view.held_lately(deed, me):
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
