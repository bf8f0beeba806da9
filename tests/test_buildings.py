"""Houses and hotels: the HOUSES, HOTELS, BUILDING SHORTAGE and SELLING PROPERTY paragraphs.

Positions are arranged directly with the scenario kit (deeds handed over, buildings taken from
the bank's stock, cash booked against the bank) so each test starts exactly where its rule
applies; every action then goes through ``Game.apply`` with the invariants checked after it.
"""

from __future__ import annotations

import pytest

from monopoly.engine import (BANK, BOARD_SIZE, Build, Buy, DecisionKind as K, Game, IllegalActionError, LiftMortgage,
                             Mortgage, Roll, SellBuilding, check_invariants)
from monopoly.engine import events as E
from scenario import act, build, clear_deeds, give, jail, new_game, paid, set_cash

# US board squares used below
MEDITERRANEAN, BALTIC = 1, 3
ORIENTAL, VERMONT, CONNECTICUT = 6, 8, 9
ST_JAMES, TENNESSEE, NEW_YORK = 16, 18, 19
KENTUCKY, INDIANA, ILLINOIS = 21, 23, 24
PACIFIC, NORTH_CAROLINA, PENNSYLVANIA_AVE = 31, 32, 34
PARK_PLACE, BOARDWALK = 37, 39
READING = 5


def _refused(game: Game, action, words: str) -> None:
    with pytest.raises(IllegalActionError, match=words):
        game.apply(action)


# ---------------------------------------------------------------------------------- HOUSES
def test_houses_only_on_a_complete_colour_group():
    g = new_game()
    give(g, 0, PARK_PLACE)
    give(g, 1, BOARDWALK)
    _refused(g, Build(0, PARK_PLACE), "whole colour group")
    assert g.view.houses(PARK_PLACE) == 0 and g.view.cash(0) == 1500
    give(g, 0, BOARDWALK)  # now Ann holds the whole dark blue group
    events = act(g, Build(0, PARK_PLACE))
    assert g.view.houses(PARK_PLACE) == 1
    assert g.view.bank_houses == 31
    assert g.view.cash(0) == 1500 - 200
    assert paid(events, "building") == [(0, BANK, 200)]
    assert any(isinstance(e, E.BuildingBought) and e.square == PARK_PLACE and e.houses == 1 for e in events)
    check_invariants(g)


def test_railroads_and_utilities_take_no_houses():
    g = new_game()
    give(g, 0, 5, 15, 25, 35, 12, 28)
    _refused(g, Build(0, READING), "not a street")
    _refused(g, Build(0, 12), "not a street")


def test_no_houses_on_a_group_with_a_mortgaged_site():
    g = new_game()
    give(g, 0, PARK_PLACE, BOARDWALK)
    act(g, Mortgage(0, BOARDWALK))
    _refused(g, Build(0, PARK_PLACE), "mortgaged")
    act(g, LiftMortgage(0, BOARDWALK))  # $200 + 10% = $220
    assert g.view.cash(0) == 1500 + 200 - 220
    act(g, Build(0, PARK_PLACE))
    assert g.view.houses(PARK_PLACE) == 1
    check_invariants(g)


@pytest.mark.parametrize("group, price", [
    ((MEDITERRANEAN, BALTIC), 50),
    ((ORIENTAL, VERMONT, CONNECTICUT), 50),
    ((ST_JAMES, TENNESSEE, NEW_YORK), 100),
    ((KENTUCKY, INDIANA, ILLINOIS), 150),
    ((PACIFIC, NORTH_CAROLINA, PENNSYLVANIA_AVE), 200),
    ((PARK_PLACE, BOARDWALK), 200),
])
def test_house_price_is_the_one_on_the_deed(group, price):
    g = new_game()
    give(g, 0, *group)
    events = act(g, Build(0, group[0]))
    assert g.edition.squares[group[0]].house_cost == price
    assert paid(events, "building") == [(0, BANK, price)]
    assert g.view.cash(0) == 1500 - price


def test_building_must_be_even_across_the_group():
    g = new_game()
    give(g, 0, ST_JAMES, TENNESSEE, NEW_YORK)
    act(g, Build(0, ST_JAMES))
    _refused(g, Build(0, ST_JAMES), "build evenly")  # a second house before the others have one
    act(g, Build(0, TENNESSEE))
    _refused(g, Build(0, TENNESSEE), "build evenly")
    act(g, Build(0, NEW_YORK))
    act(g, Build(0, ST_JAMES))  # the second row may begin
    assert [g.view.houses(s) for s in (ST_JAMES, TENNESSEE, NEW_YORK)] == [2, 1, 1]
    _refused(g, Build(0, ST_JAMES), "build evenly")  # three on one while another has one
    assert g.view.cash(0) == 1500 - 4 * 100
    check_invariants(g)


def test_selling_must_be_even_across_the_group():
    g = new_game()
    give(g, 0, ST_JAMES, TENNESSEE, NEW_YORK)
    build(g, {ST_JAMES: 2, TENNESSEE: 2, NEW_YORK: 1})
    check_invariants(g)
    _refused(g, SellBuilding(0, NEW_YORK), "sell evenly")
    events = act(g, SellBuilding(0, ST_JAMES))
    assert paid(events, "building sold") == [(BANK, 0, 50)]
    _refused(g, SellBuilding(0, NEW_YORK), "sell evenly")  # Tennessee still has two
    act(g, SellBuilding(0, TENNESSEE))
    act(g, SellBuilding(0, NEW_YORK))
    assert [g.view.houses(s) for s in (ST_JAMES, TENNESSEE, NEW_YORK)] == [1, 1, 0]
    assert g.view.cash(0) == 1500 + 3 * 50
    check_invariants(g)


def test_at_most_four_houses_then_a_hotel_for_the_houses_plus_the_hotel_price():
    g = new_game()
    give(g, 0, PARK_PLACE, BOARDWALK)
    build(g, {PARK_PLACE: 3, BOARDWALK: 3})
    act(g, Build(0, PARK_PLACE))
    # Park Place has four houses, Boardwalk three: no hotel until every site has four
    _refused(g, Build(0, PARK_PLACE), "build evenly")
    act(g, Build(0, BOARDWALK))
    assert g.view.houses(PARK_PLACE) == g.view.houses(BOARDWALK) == 4
    assert g.view.bank_houses == 32 - 8 and g.view.cash(0) == 1500 - 2 * 200
    events = act(g, Build(0, BOARDWALK))
    bought = [e for e in events if isinstance(e, E.BuildingBought)][0]
    assert bought.hotel and bought.cost == 200
    assert g.view.hotel(BOARDWALK) and g.view.houses(BOARDWALK) == 0
    assert g.view.bank_houses == 32 - 4  # Boardwalk's four houses went back to the bank
    assert g.view.bank_hotels == 11
    assert g.view.cash(0) == 1500 - 3 * 200
    _refused(g, Build(0, BOARDWALK), "already has a hotel")
    act(g, Build(0, PARK_PLACE))
    assert g.view.hotel(PARK_PLACE) and g.view.bank_houses == 32 and g.view.bank_hotels == 10
    assert g.view.cash(0) == 1500 - 4 * 200
    assert g.view.rent(BOARDWALK) == 2000 and g.view.rent(PARK_PLACE) == 1500
    check_invariants(g)


def test_building_needs_the_cash():
    g = new_game()
    give(g, 0, PARK_PLACE, BOARDWALK)
    set_cash(g, 0, 150)
    _refused(g, Build(0, BOARDWALK), "costs")
    assert g.view.houses(BOARDWALK) == 0 and g.view.cash(0) == 150
    check_invariants(g)


# ---------------------------------------------------------------- any time, out of turn, in jail
def test_buildings_bought_and_sold_out_of_turn_and_while_jailed():
    g = new_game((1, 2))
    give(g, 1, MEDITERRANEAN, BALTIC)
    jail(g, 1)
    assert g.view.pending.kind == K.ROLL and g.view.pending.player == 0  # Ann's turn
    act(g, Build(1, MEDITERRANEAN))  # Bob builds in Ann's turn, from jail
    act(g, Build(1, BALTIC))
    assert g.view.houses(MEDITERRANEAN) == g.view.houses(BALTIC) == 1
    assert g.view.cash(1) == 1500 - 100 and g.view.in_jail(1)
    events = act(g, SellBuilding(1, BALTIC))
    assert paid(events, "building sold") == [(BANK, 1, 25)]
    assert g.view.cash(1) == 1500 - 100 + 25 and g.view.in_jail(1)
    assert g.view.pending.kind == K.ROLL and g.view.pending.player == 0  # still Ann to throw
    check_invariants(g)


def test_building_while_another_decision_is_pending():
    g = new_game((2, 3))
    give(g, 1, PARK_PLACE, BOARDWALK)
    act(g, Roll(0))  # Ann lands on Reading Railroad, unowned
    assert g.view.pending.kind == K.BUY and g.view.pending.player == 0
    assert Build(1, PARK_PLACE) in g.legal_actions(1)
    act(g, Build(1, PARK_PLACE))
    assert g.view.pending.kind == K.BUY  # Ann's decision still waits
    act(g, Buy(0))
    assert g.view.owner(READING) == 0 and g.view.houses(PARK_PLACE) == 1
    check_invariants(g)


# --------------------------------------------------------------------------------- SELLING BACK
def test_houses_sold_back_at_half_price():
    g = new_game()
    give(g, 0, PACIFIC, NORTH_CAROLINA, PENNSYLVANIA_AVE)
    build(g, {PACIFIC: 2, NORTH_CAROLINA: 2, PENNSYLVANIA_AVE: 2})
    events = act(g, SellBuilding(0, PENNSYLVANIA_AVE))
    sold = [e for e in events if isinstance(e, E.BuildingSold)][0]
    assert sold.refund == 100 and sold.houses == 1 and not sold.hotel  # half of $200
    assert g.view.cash(0) == 1600 and g.view.bank_houses == 32 - 5
    check_invariants(g)


def test_hotel_sold_back_becomes_four_houses_when_the_bank_has_them():
    g = new_game()
    give(g, 0, PARK_PLACE, BOARDWALK)
    build(g, {PARK_PLACE: "hotel", BOARDWALK: "hotel"})
    assert g.view.bank_houses == 32
    events = act(g, SellBuilding(0, BOARDWALK))
    sold = [e for e in events if isinstance(e, E.BuildingSold)][0]
    assert sold.hotel and sold.houses == 4 and sold.refund == 100  # half the hotel's $200
    assert g.view.houses(BOARDWALK) == 4 and not g.view.hotel(BOARDWALK)
    assert g.view.bank_houses == 28 and g.view.bank_hotels == 11
    assert g.view.cash(0) == 1600
    _refused(g, SellBuilding(0, BOARDWALK), "sell evenly")  # Park Place's hotel goes first
    act(g, SellBuilding(0, PARK_PLACE))
    for _ in range(4):  # then the houses, evenly, one at a time at $100 each
        act(g, SellBuilding(0, BOARDWALK))
        act(g, SellBuilding(0, PARK_PLACE))
    assert g.view.bank_houses == 32 and g.view.bank_hotels == 12
    assert g.view.cash(0) == 1500 + 2 * 100 + 8 * 100  # hotel + four houses each, at half
    check_invariants(g)


def test_no_houses_left_in_the_bank_means_nobody_can_build():
    g = new_game()
    give(g, 0, MEDITERRANEAN, BALTIC)
    give(g, 1, KENTUCKY, INDIANA, ILLINOIS, PACIFIC, NORTH_CAROLINA, PENNSYLVANIA_AVE, PARK_PLACE, BOARDWALK)
    build(g, {sq: 4 for sq in (KENTUCKY, INDIANA, ILLINOIS, PACIFIC, NORTH_CAROLINA, PENNSYLVANIA_AVE, PARK_PLACE,
                               BOARDWALK)})
    assert g.view.bank_houses == 0
    _refused(g, Build(0, MEDITERRANEAN), "no houses left")
    assert not [a for a in g.legal_actions(0) if isinstance(a, Build)]
    # A hotel needs no house from the bank: Bob may still turn four houses into a hotel ...
    act(g, Build(1, BOARDWALK))
    assert g.view.hotel(BOARDWALK) and g.view.bank_houses == 4
    # ... which returns four houses, so Ann can build again.
    act(g, Build(0, MEDITERRANEAN))
    assert g.view.houses(MEDITERRANEAN) == 1 and g.view.bank_houses == 3
    check_invariants(g)


def test_no_hotels_left_means_no_hotel():
    g = new_game()
    give(g, 0, PARK_PLACE, BOARDWALK)
    build(g, {PARK_PLACE: 4, BOARDWALK: 4})
    # the twelve hotels all stand on Bob's streets
    bob_streets = (KENTUCKY, INDIANA, ILLINOIS, PACIFIC, NORTH_CAROLINA, PENNSYLVANIA_AVE,
                   ST_JAMES, TENNESSEE, NEW_YORK, 26, 27, 29)
    give(g, 1, *bob_streets)
    build(g, {sq: "hotel" for sq in bob_streets})
    assert g.view.bank_hotels == 0
    check_invariants(g)
    _refused(g, Build(0, BOARDWALK), "no hotels left")


# ------------------------------------------------------------------------------- short games
@pytest.mark.parametrize("short_game, minutes", [("time_limit", 60), ("dotcom", 0)])
def test_short_games_need_three_houses_for_a_hotel(short_game, minutes):
    edition = "dotcom" if short_game == "dotcom" else "us"
    g = new_game(edition=edition, short_game=short_game, time_limit_minutes=minutes)
    clear_deeds(g)  # forget the dealt deeds: a clean board for this test
    give(g, 0, MEDITERRANEAN, BALTIC)
    cash = g.view.cash(0)
    for _ in range(3):
        act(g, Build(0, MEDITERRANEAN))
        act(g, Build(0, BALTIC))
    assert g.view.houses(MEDITERRANEAN) == g.view.houses(BALTIC) == 3
    events = act(g, Build(0, BALTIC))  # the fourth building on a site is the hotel
    assert g.view.hotel(BALTIC) and g.view.bank_houses == 32 - 3
    assert [e for e in events if isinstance(e, E.BuildingBought)][0].cost == 50
    assert g.view.cash(0) == cash - 7 * 50
    assert g.view.rent(BALTIC) == 450  # hotel rent is unchanged
    # turned in at half of what it cost: the hotel plus the three houses given for it
    events = act(g, SellBuilding(0, BALTIC))
    assert paid(events) == [(BANK, 0, 25)]
    assert g.view.houses(BALTIC) == 3
    check_invariants(g)


@pytest.mark.parametrize("edition", ["us", "uk", "dotcom"])
def test_the_bank_starts_with_32_houses_and_12_hotels(edition):
    g = new_game(edition=edition)
    assert (g.view.bank_houses, g.view.bank_hotels) == (32, 12)
    squares = range(BOARD_SIZE)
    assert sum(g.view.houses(s) for s in squares) == 0 and not any(g.view.hotel(s) for s in squares)
