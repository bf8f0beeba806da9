"""``ruthless``'s money decisions: jail, taxes, pay-or-draw, raising money for a debt, mortgaged
deeds received, the .com Offline token."""

from __future__ import annotations

from math import fsum

from ...engine import (NOBODY, Action, DeclareBankruptcy, Mortgage, MoveOffline, PayIncomeTax, PayJailFine, PayOrDraw,
                       Roll, SellBuilding, SettleMortgagedTransfer, UseJailCard)
from ..strategy import safe_answer
from ..tactics import card_expectation
from ..valuation import Position
from ..view import GameView, Pending
from .base import RuthlessBase, _with


class Debts(RuthlessBase):
    """Debts: one layer of ``ruthless`` (see the module docstring)."""

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
            threat -= fsum(view.facts.landing[s] for s, sq in enumerate(view.edition.squares)
                          if sq.kind == "free_parking") * pot
        return threat > self.jail_threat and unowned < 6

    def income_tax(self, view: GameView, ask: Pending) -> Action:
        square = view.edition.squares[ask.square]
        percent = (view.income_tax_worth() * square.percent + 50) // 100
        return PayIncomeTax(self.seat, percent < ask.amount)

    def pay_or_draw(self, view: GameView, ask: Pending) -> Action:
        deck = ask.deck
        assert deck is not None  # a pay-or-draw decision names its deck
        return PayOrDraw(self.seat, card_expectation(view, deck) > -ask.amount)

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
