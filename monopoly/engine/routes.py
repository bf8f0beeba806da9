"""The routing tables: for each kind of action, the one function that says why it is not
allowed now (``problem``) and the one that carries it out (``effect``); and for each kind of square
the rules leave to another topic, what landing there does (``LANDINGS``).

``Game.check`` and ``Game.legal_actions`` ask the problem; ``Game.apply`` asks it, then runs
the effect. Each legality rule is stated once, in its topic's module. Each route is typed by its
action (``_route`` checks that the problem and the effect take that action), and the table is
looked up by the action's type.

``LANDINGS`` is how a move reaches the decks without ``turn`` importing ``cards`` (a card moves
the token, and a landing draws a card): the table hands it to the game (``Table.landings``), and
``turn.land`` looks the square's kind up there.
"""

from __future__ import annotations

from typing import Any, Callable, Generic, Mapping, TypeVar

from . import actions as A
from . import auctions, bankruptcy, buildings, cards, clock, mortgages, trades, turn
from .editions import SquareKind
from .table import Landing, Table

Act = TypeVar("Act", bound=A.Action)


class Route(Generic[Act]):
    """The problem and the effect of one action type."""

    __slots__ = ("problem", "effect")

    def __init__(self, problem: Callable[[Table, Act], str | None], effect: Callable[[Table, Act], None]) -> None:
        self.problem = problem
        self.effect = effect


def _route(kind: type[Act], problem: Callable[[Table, Act], str | None],
           effect: Callable[[Table, Act], None]) -> tuple[type[A.Action], Route[Any]]:
    return kind, Route(problem, effect)


ROUTES: dict[type[A.Action], Route[Any]] = dict((
    _route(A.Roll, turn.roll_problem, turn.roll),
    _route(A.PayJailFine, turn.pay_jail_fine_problem, turn.pay_jail_fine),
    _route(A.UseJailCard, turn.use_jail_card_problem, turn.use_jail_card),
    _route(A.PayIncomeTax, turn.income_tax_problem, turn.income_tax),
    _route(A.ClaimRent, turn.claim_rent_problem, turn.claim_rent),
    _route(A.MoveOffline, turn.move_offline_problem, turn.move_offline),
    _route(A.PayOrDraw, cards.pay_or_draw_problem, cards.pay_or_draw),
    _route(A.Buy, auctions.buy_problem, auctions.buy),
    _route(A.DeclineToBuy, auctions.decline_problem, auctions.decline),
    _route(A.Bid, auctions.bid_problem, auctions.bid),
    _route(A.PassBid, auctions.pass_problem, auctions.pass_bid),
    _route(A.Build, buildings.build_problem, buildings.build),
    _route(A.SellBuilding, buildings.sell_building_problem, buildings.sell_building),
    _route(A.OrderBuildings, buildings.order_buildings_problem, buildings.order_buildings),
    _route(A.Mortgage, mortgages.mortgage_problem, mortgages.mortgage),
    _route(A.LiftMortgage, mortgages.lift_mortgage_problem, mortgages.lift_mortgage),
    _route(A.SettleMortgagedTransfer, mortgages.settle_mortgage_problem, mortgages.settle_mortgage),
    _route(A.ProposeTrade, trades.propose_trade_problem, trades.propose_trade),
    _route(A.AcceptTrade, trades.accept_trade_problem, trades.accept_trade),
    _route(A.RejectTrade, trades.reject_trade_problem, trades.reject_trade),
    _route(A.DeclareBankruptcy, bankruptcy.bankrupt_problem, bankruptcy.bankrupt),
    _route(A.EndGame, clock.end_game_problem, clock.end_game),
))

missing = set(A.ACTION_TYPES.values()) - set(ROUTES)
assert not missing, f"actions without a route: {missing}"

LANDINGS: Mapping[str, Landing] = {
    SquareKind.CHANCE: cards.land_on_deck,
    SquareKind.COMMUNITY_CHEST: cards.land_on_deck,
}
"""What landing on a square of each kind does, for the kinds whose rules live above ``turn``."""
