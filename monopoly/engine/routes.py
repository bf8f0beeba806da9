"""The routing table: for each kind of action, the one function that says why it is not
allowed now (``problem``) and the one that carries it out (``effect``).

``Game.check`` and ``Game.legal_actions`` ask the problem; ``Game.apply`` asks it, then runs
the effect. Each legality rule is stated once, in its topic's module.
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple

from . import actions as A
from . import auctions, buildings, cards, clock, debts, mortgages, trades, turn
from .table import Table


class Route(NamedTuple):
    problem: Callable[[Any, Any], str | None]
    effect: Callable[[Any, Any], None]


ROUTES: dict[type[A.Action], Route] = {
    A.Roll: Route(turn.roll_problem, turn.roll),
    A.PayJailFine: Route(turn.pay_jail_fine_problem, turn.pay_jail_fine),
    A.UseJailCard: Route(turn.use_jail_card_problem, turn.use_jail_card),
    A.PayIncomeTax: Route(turn.income_tax_problem, turn.income_tax),
    A.ClaimRent: Route(turn.claim_rent_problem, turn.claim_rent),
    A.MoveOffline: Route(turn.move_offline_problem, turn.move_offline),
    A.PayOrDraw: Route(cards.pay_or_draw_problem, cards.pay_or_draw),
    A.Buy: Route(auctions.buy_problem, auctions.buy),
    A.DeclineToBuy: Route(auctions.decline_problem, auctions.decline),
    A.Bid: Route(auctions.bid_problem, auctions.bid),
    A.PassBid: Route(auctions.pass_problem, auctions.pass_bid),
    A.Build: Route(buildings.build_problem, buildings.build),
    A.SellBuilding: Route(buildings.sell_building_problem, buildings.sell_building),
    A.OrderBuildings: Route(buildings.order_buildings_problem, buildings.order_buildings),
    A.Mortgage: Route(mortgages.mortgage_problem, mortgages.mortgage),
    A.LiftMortgage: Route(mortgages.lift_mortgage_problem, mortgages.lift_mortgage),
    A.SettleMortgagedTransfer: Route(mortgages.settle_mortgage_problem, mortgages.settle_mortgage),
    A.ProposeTrade: Route(trades.propose_trade_problem, trades.propose_trade),
    A.AcceptTrade: Route(trades.accept_trade_problem, trades.accept_trade),
    A.RejectTrade: Route(trades.reject_trade_problem, trades.reject_trade),
    A.DeclareBankruptcy: Route(debts.bankrupt_problem, debts.bankrupt),
    A.EndGame: Route(clock.end_game_problem, clock.end_game),
}

missing = set(A.ACTION_TYPES.values()) - set(ROUTES)
assert not missing, f"actions without a route: {missing}"
