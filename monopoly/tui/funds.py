"""Raising funds on screen: a player who owes more than their cash chooses how to raise the rest
(mortgage, sell buildings, trade, settle in property, or declare bankruptcy) until the debt is paid."""

from __future__ import annotations

from ..engine import Pending
from ..engine import actions as A
from ..present import debt
from ..present import model as M
from ..session.questions import CHOICE, Choice, Question
from .play import Controller, decision_marker


class FundsDialogs(Controller):
    """Debts: a part of ``play.GameController``."""

    # ------------------------------------------------------------------ raising funds
    def raise_funds(self, d: Pending) -> None:
        game = self.game
        p = d.player
        who = M.name(game, p)
        # The debt itself was announced with the event; this says once how to meet it (phrased
        # once for every front end: ``present``), and the question below shows what is still missing.
        told = False
        while game.view.pending.serial == d.serial and not game.view.over:
            cash = game.view.cash(p)
            owing = debt(game, p)
            if not told and owing is not None:
                self.say(owing.line(), "bad")
                told = True
            choices = []
            if self.legal_squares(p, A.Mortgage):
                choices.append(Choice("m", "mortgage", "mortgage"))
            if self.legal_squares(p, A.SellBuilding):
                choices.append(Choice("s", "sell houses", "sell"))
            choices.append(Choice("t", "trade", "trade"))
            if game.view.may_settle_in_property(p):  # rent only, and only where the rules allow it (UK)
                choices.append(Choice("p", "offer property to the creditor", "settle"))
            choices.append(Choice("o", "owners", "owners"))
            if game.view.can_declare_bankruptcy(p):
                choices.append(Choice("b", "declare bankruptcy", "bankrupt"))
            default = choices[0].value
            with self.keys_confirmed():  # M and S open a cursor: the RETURN after them must not act there
                answer = self.ask(Question(f"{who} must raise {game.view.money(d.amount - cash)} more:", CHOICE,
                                           default, tuple(choices)))
            if answer is None:
                return self._defer(decision_marker(game))
            if answer == "mortgage":
                self.mortgage_dialog(p, d)
            elif answer == "sell":
                self.sell_dialog(p, d)
            elif answer == "trade":
                self.trade_dialog(p)
                return  # the other side answers first; the loop comes back here afterwards
            elif answer == "settle":
                self.trade_dialog(p, settle=True)
                return
            elif answer == "owners":
                self.option_owners()
            elif answer == "bankrupt":
                sure = self.yes_no(f"{who}: really declare bankruptcy?", False)
                if sure:
                    self.apply(A.DeclareBankruptcy(p))
                    return
            self.refresh()
