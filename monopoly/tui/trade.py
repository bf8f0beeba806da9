"""The Trade dialog: who trades with whom, the deeds and cards each side gives marked with the
board cursor, the cash, and the offer shown whole before it is made."""

from __future__ import annotations

from typing import Callable

from ..engine import NOBODY, Offer
from ..present import model as M
from ..session.questions import NUMBER, TEXT, Question
from .play import Controller
from .coach import offer_figures


class TradeDialogs(Controller):
    """Trade: an offer built step by step: a part of ``play.GameController``."""

    # ------------------------------------------------------------------ Trade
    def option_trade(self) -> None:
        candidates = [p for p in self.session.people]
        p = self.choose_player("Who offers a trade?", candidates)
        if p is None:
            return
        self.trade_dialog(p)

    def _tradable(self, owner: int) -> list[int]:
        view = self.game.view
        return [s for s in view.owned(owner) if not view.group_has_buildings(s)]

    def pick_squares(self, title: str, candidates: list[int],
                     on_change: Callable[[set[int]], None] | None = None) -> list[int] | None:
        """Mark squares with the board cursor; None when cancelled. ``on_change`` hears each change
        of the marks (the trade's panel of what each side gives)."""
        ui = self.ui
        ui.marked = set()
        try:
            if not candidates:
                self.say(f"{title}: no property that can be traded", "dim")
                return []
            start = candidates[0]
            while True:
                if on_change is not None:
                    on_change(ui.marked)
                how, sq = self.screen.board_cursor(
                    f"{title}: arrows move, RETURN marks or unmarks, D done, ESC cancels", candidates, start)
                if how == "cancel":
                    return None
                if how == "done":
                    return sorted(ui.marked, key=lambda s: s)
                assert sq is not None
                start = sq
                ui.marked ^= {sq}
        finally:
            ui.marked = set()

    def trade_dialog(self, p: int, settle: bool = False) -> None:
        """Build an offer step by step; a panel beside the board lists what each side gives so far."""
        try:
            self._build_offer(p, settle)
        finally:
            self.ui.popup = None

    def _show_offer(self, p: int, r: int, give: list[int], take: list[int], give_cards: tuple[str, ...] = (),
                    take_cards: tuple[str, ...] = (), cash: int = 0) -> None:
        lines = M.offer_so_far(self.game, p, r, give, take, give_cards, take_cards, cash)
        lines += offer_figures(self, Offer(p, r, tuple(give), tuple(take), cash, give_cards, take_cards))
        self.ui.popup = M.Popup("Offer so far", lines, footer="", where="side")

    def _build_offer(self, p: int, settle: bool) -> None:
        game = self.game
        others = [q for q in game.view.active_players() if q != p]
        if settle:
            r: int | None = game.view.pending.creditor
        else:
            r = self.choose_player(f"{M.name(game, p)} trades with which player?", others)
        if r is None:
            return
        give = self.pick_squares(f"{M.name(game, p)} gives", self._tradable(p),
                                 lambda marked: self._show_offer(p, r, sorted(marked), []))
        if give is None:
            return
        self._show_offer(p, r, give, [])
        give_cards = self._pick_cards(p, "give", None if settle else r)
        if give_cards is None:
            return
        take: list[int] = []
        take_cards: tuple[str, ...] = ()
        if not settle:
            self.ui.marked = set()
            picked = self.pick_squares(f"{M.name(game, p)} asks {M.name(game, r)} for", self._tradable(r),
                                       lambda marked: self._show_offer(p, r, give, sorted(marked), give_cards))
            if picked is None:
                return
            take = picked
            self._show_offer(p, r, give, take, give_cards)
            cards = self._pick_cards(r, "take", p)
            if cards is None:
                return
            take_cards = cards
        self._show_offer(p, r, give, take, give_cards, take_cards)
        if not (give or take or give_cards or take_cards):
            # Refused now, not after the cash questions, when the engine refuses any cash-only trade.
            problem = game.view.problem(Offer(p, r, (), (), 1, (), (), settle).action())
            if problem is not None:
                self.say(f"That trade is not possible: {problem}", "bad")
                return
        cash = self._trade_cash(p, r, settle)
        if cash is None:
            return
        offer = Offer(p, r, tuple(give), tuple(take), cash, give_cards, take_cards, settle)
        action = offer.action()
        problem = game.view.problem(action)
        if problem is not None:
            self.say(f"That trade is not possible: {problem}", "bad")
            return
        self.ui.popup = M.Popup("Your offer", M.trade_lines(game, offer) + offer_figures(self, offer), footer="")
        try:
            ok = self.yes_no("Make this offer?", True)
        finally:
            self.ui.popup = None
        if ok:
            self.apply(action)

    def _trade_cash(self, p: int, r: int, settle: bool) -> int | None:
        """The cash in a trade (positive: ``p`` pays ``r``), or None when cancelled.

        Who pays is asked first, so the amount question knows its limit (the payer's cash) and a
        refusal never throws away the properties and cards marked so far.
        """
        game = self.game
        payer: int | None = p
        if not settle:
            payer = self.choose_player("Cash in this trade: who pays? (X: no cash)", [p, r], default=NOBODY,
                                       allow_none=True)
            if payer is None:
                return None
            if payer == NOBODY:
                return 0
        assert payer is not None
        most = game.view.cash(payer)
        if most <= 0:
            self.say(f"{M.name(game, payer)} has no cash to put in the trade", "dim")
            return 0
        amount = self.ask(Question(f"{M.name(game, payer)} pays how much? (RETURN: none)", NUMBER, 0, low=0,
                                   high=most, money=game.view.money))
        if amount is None:
            return None
        return int(amount) if payer == p else -int(amount)

    def _pick_cards(self, holder: int, side: str, other: int | None = None) -> tuple[str, ...] | None:
        """The jail cards of ``holder`` in the trade. When only the other side holds any, this side's
        step is said rather than skipped (RETURN goes on): the RETURN typed for "0 cards" would
        otherwise mark the first deed of the next cursor."""
        cards = list(self.game.view.jail_cards(holder))
        who = M.name(self.game, holder)
        if not cards:
            if other is None or not self.game.view.jail_cards(other):
                return ()
            went_on = self.ask(Question(f"{who} has no Get Out of Jail Free card to "
                                        f"{'give' if side == 'give' else 'be asked for'}: RETURN goes on",
                                        TEXT, "", max_len=0, default_label="RETURN"))
            return None if went_on is None else ()
        text = (f"How many of {who}'s Get Out of Jail Free cards go in the trade?" if side == "give"
                else f"How many of {who}'s Get Out of Jail Free cards do you ask for?")
        count = self.ask(Question(text, NUMBER, 0, low=0, high=len(cards)))
        if count is None:
            return None
        return tuple(cards[:count])
