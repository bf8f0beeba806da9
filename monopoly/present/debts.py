"""A debt the player cannot pay from cash (a ``raise_funds`` decision), phrased once.

It is not answered with one choice, so it is no ``Prompt``: the player mortgages, sells and
trades, each front end its own way (the curses screen's dialogs, the text mode's and the network
client's commands). What is said of it is the same everywhere: what is owed, what the player has,
and the ways to raise the rest that the rules allow here (settling in property only for rent
where the edition allows it; bankruptcy only once nothing is left to raise).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import DecisionKind as K, Game
from ..session.words import name


@dataclass(frozen=True)
class Debt:
    """The debt waiting for ``player``: ``owed`` in all, ``cash`` in hand, and whether they may
    settle in property (``settle``) and declare bankruptcy (``bankrupt``)."""

    player: int
    owed: int
    cash: int
    settle: bool
    bankrupt: bool
    who: str
    money_owed: str
    money_cash: str

    def line(self) -> str:
        """"Ann has $100 of the $450: raise the rest with mortgage, sell or trade, or bankrupt"."""
        extra = ", settle (offer property to the creditor)" if self.settle else ""
        extra += ", or bankrupt" if self.bankrupt else ""
        return (f"{self.who} has {self.money_cash} of the {self.money_owed}: raise the rest with mortgage, "
                f"sell or trade{extra}")


def debt(game: Game, player: int) -> Debt | None:
    """The debt waiting for ``player``, when the decision waiting is theirs to raise funds."""
    view = game.view
    d = view.pending
    if d.kind != K.RAISE_FUNDS or d.player != player or view.over:
        return None
    cash = view.cash(player)
    return Debt(player, d.amount, cash, view.may_settle_in_property(player), view.can_declare_bankruptcy(player),
                name(game, player), view.money(d.amount), view.money(cash))
