"""Houses and hotels: building evenly, selling back at half price (with the hotel break-down
when the bank is short of houses), and the auction of buildings the bank is short of.
"""

from __future__ import annotations



from . import actions as A
from . import events as E
from . import holdings as H
from .codes import AuctionItem, DecisionKind as K, PaymentReason as R
from .auctions import start_auction
from .debts import deal_problem, spend_problem
from .decisions import square_problem
from .state import NOBODY
from .table import Table


BANK = E.BANK


def _placing(g: Table, player: int) -> bool:
    """Whether ``player`` is placing a building won at auction (a deal already made)."""
    d = g.waiting()
    return d.kind == K.PLACE_BUILDING and d.player == player


def build_problem(g: Table, a: A.Build) -> str | None:
    d = g.waiting()
    placing = d.kind == K.PLACE_BUILDING and d.player == a.player
    if not placing:
        problem = deal_problem(g, a.player)
        if problem:
            return problem
    problem = square_problem(a.square) or H.build_problem(
        g.edition, g.rules, g.state, a.player, a.square, (d.reason == "hotel") if placing else None)
    if problem or placing:
        return problem
    problem = spend_problem(g, a.player)
    if problem:
        return problem
    if g.state.building_orders:
        return "houses the bank is short of are being auctioned: wait for the auction to end"
    cost = H.build_cost(g.edition, a.square)
    cash = g.state.players[a.player].cash
    if cash < cost:
        return f"a building on {g.edition.squares[a.square].name} costs {g.edition.money(cost)}; you have {g.edition.money(cash)}"
    return None


def build(g: Table, a: A.Build) -> None:
    s = g.state
    placing = _placing(g, a.player)
    cost = H.build_cost(g.edition, a.square)
    if placing:
        s.stack.pop()
        cost = 0
    if s.houses[a.square] == g.rules.houses_per_hotel:
        g.set_buildings(a.square, 0, True)
    else:
        g.set_buildings(a.square, s.houses[a.square] + 1)
    g.transfer(a.player, BANK, cost, R.BUILDING)
    g.emit(E.BuildingBought, a.player, a.square, s.houses[a.square], s.hotel[a.square], cost)
    if placing:
        continue_building_auctions(g)


def sell_building_problem(g: Table, a: A.SellBuilding) -> str | None:
    return (deal_problem(g, a.player) or square_problem(a.square)
            or H.sell_problem(g.edition, g.rules, g.state, a.player, a.square))


def sell_building(g: Table, a: A.SellBuilding) -> None:
    s = g.state
    sale = H.building_sale(g.edition, g.rules, s, a.square)
    for square, left, hotel, refund in sale.steps:
        g.set_buildings(square, left)
        g.transfer(BANK, a.player, refund, R.BUILDING_SOLD)
        g.emit(E.BuildingSold, a.player, square, left, hotel, refund)
    if sale.spread is not None:
        for square, houses in sale.spread:  # the group's houses shared out again: the bank's stock stays
            g.set_buildings(square, houses)
        g.emit(E.HotelBreakdown, a.player, g.edition.squares[a.square].group, sale.spread)


def order_buildings_problem(g: Table, a: A.OrderBuildings) -> str | None:
    problem = deal_problem(g, a.player)
    if problem:
        return problem
    s = g.state
    if s.building_orders:
        return "a building auction is already under way"
    orders = [tuple(o) for o in a.orders]
    players = [o[0] for o in orders]
    if len(set(players)) != len(players) or len(players) < 2:
        return "an order for scarce buildings needs two or more different players"
    supply = s.bank_hotels if a.hotels else s.bank_houses
    what = "hotels" if a.hotels else "houses"
    for p, count in orders:
        if not 0 <= p < len(s.players) or s.players[p].bankrupt:
            return f"there is no player {p!r} in the game"
        problem = deal_problem(g, p)  # once time is up, only the player in play may still buy
        if problem:
            return problem
        if count < 1:
            return "each order is for at least one building"
        if count > H.build_capacity(g.edition, g.rules, s, p, a.hotels):
            return f"{s.players[p].name} has no room for {count} {what}"
    if supply < 1:
        return f"the bank has no {what} left"
    if sum(c for _, c in orders) <= supply:
        return f"the bank has enough {what} ({supply}): no auction is needed, build directly"
    return None


def order_buildings(g: Table, a: A.OrderBuildings) -> None:
    s = g.state
    s.building_orders = [[p, c] for p, c in a.orders]
    s.building_order_hotels = a.hotels
    supply = s.bank_hotels if a.hotels else s.bank_houses
    g.emit(E.BuildingsOrdered, tuple((p, c) for p, c in a.orders), a.hotels, supply)
    continue_building_auctions(g)


def continue_building_auctions(g: Table) -> None:
    """Auction the next scarce building while two or more orders still want more than the bank has."""
    s = g.state
    supply = s.bank_hotels if s.building_order_hotels else s.bank_houses
    if len(s.building_orders) >= 2 and supply > 0 and sum(o[1] for o in s.building_orders) > supply:
        bidders = [o[0] for o in s.building_orders]
        item = AuctionItem.HOTEL if s.building_order_hotels else AuctionItem.HOUSE
        start_auction(g, item, NOBODY, bidders[0], bidders)
    else:
        s.building_orders.clear()
