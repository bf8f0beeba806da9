"""``ruthless``'s building: houses towards three on every whole group, mortgages lifted, the
buildings it orders when the bank is short, where a won building goes."""

from __future__ import annotations


from ...engine import Action, Build, LiftMortgage, Mortgage
from ..endgame import build_return, rival
from ..strategy import Quiet, safe_answer
from ..tactics import planned_builds
from ..valuation import board_for, rent_index
from ..view import GameView, Pending
from .base import NEVER, ANYWHERE, _Analysis
from .buying import Buying


class Building(Buying):
    """Building: one layer of ``ruthless`` (see the module docstring)."""

    def _develop(self, view: GameView, at_start: bool = True) -> Action | None:
        """Build the best next house, mortgaging lesser property to pay for it; else lift a mortgage.

        Nothing while scarce buildings are being auctioned: no house can be built directly until
        the auction ends, so mortgaging to pay for one would only cost interest, and the cash may
        be wanted for the bids. What to build and what to lift are worked out once per change of
        holdings (``_Analysis``); only the cash is read afresh, and not at all while nothing it acts
        on improved (``_idle``; ``at_start``: at the start of one of its throws). It promises no
        ``quiet`` at the throws of rivals whose set it could block (``_quiet``): a refusal forgotten
        or cash earned may let it offer a block there with the holdings unchanged.
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
            self.quiet = self._quiet(view, now, idle[0])
            return None  # it would not act before its cash reaches idle[0] (see ``_idle``)
        action, need = self._next_development(view, cash)
        if action is None:
            # with no whole group and no mortgage, nothing but its own deeds can give it work: where it
            # stands (the rents ahead) and what the others do cannot
            anywhere = need == NEVER and not now.mine  # (``_next_development`` worked it out)
            self._idle = (need, ANYWHERE if anywhere else here, mine)
            self.quiet = self._quiet(view, now, need)
        else:
            self._idle = self.quiet = None
        return action

    def _quiet(self, view: GameView, now: _Analysis, cash: int) -> Quiet | None:
        """Its ``quiet`` promise while nothing can be built or lifted below ``cash``: none while a
        mortgaged set waits to be freed. Where a rival's set could be blocked (``_block_offer``) it
        is woken at the throws of the two rivals who could complete it, unless the deed to buy is
        mortgaged (that takes new holdings) or one it sold lately (the table's manners hold it back
        until a later turn, when the promise ends)."""
        if now.mortgaged_sets:
            return None
        kept = self.quiet
        if kept is not None and kept.version == now.version and kept.cash == cash and view.turn < kept.until:
            return kept  # (what wakes it changes only with the holdings, or at ``until``)
        wake: set[int] = set()
        until = NEVER
        me = self.seat
        for _, a, b, deed in now.blockable:
            if now.mortgaged[deed]:
                continue
            held = view.held_until(deed, me)
            if held > view.turn:
                until = min(until, held)
            else:
                wake.update((a, b))
        return Quiet(now.version, cash, frozenset(wake), until)

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
