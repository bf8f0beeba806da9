"""MORTGAGES: unimproved property only, the deed's mortgage value, lifting at the mortgage plus 10%
(or without interest, as the two-player text version plays it)."""

from __future__ import annotations

import pytest

from monopoly.engine import (BANK, Build, DecisionKind as K, IllegalActionError, LiftMortgage, Mortgage, Roll,
                             SellBuilding)
from monopoly.engine import events as E
from scenario import ANN, BOB, act, cash, give, new_game, of, paid, set_cash

MEDITERRANEAN, BALTIC = 1, 3
READING = 5
ELECTRIC = 12
ST_CHARLES, STATES, VIRGINIA = 11, 13, 14
PARK_PLACE, BOARDWALK = 37, 39


def _refused(game, action, words):
    with pytest.raises(IllegalActionError, match=words):
        game.apply(action)


@pytest.mark.parametrize("square, value", [
    (MEDITERRANEAN, 30), (READING, 100), (ELECTRIC, 75), (VIRGINIA, 80), (PARK_PLACE, 175), (BOARDWALK, 200),
])
def test_mortgage_pays_the_value_printed_on_the_deed(square, value):
    g = new_game()
    give(g, ANN, square)
    events = act(g, Mortgage(ANN, square))
    assert g.edition.squares[square].mortgage == value
    assert paid(events, "mortgage") == [(BANK, ANN, value)]
    assert of(events, E.Mortgaged) == [E.Mortgaged(ANN, square, value)]
    assert g.view.mortgaged(square) and g.view.owner(square) == ANN  # the owner keeps it
    assert cash(g) == [1500 + value, 1500]
    _refused(g, Mortgage(ANN, square), "already mortgaged")


@pytest.mark.parametrize("square, cost", [
    (MEDITERRANEAN, 33), (READING, 110), (ELECTRIC, 83), (VIRGINIA, 88), (PARK_PLACE, 193), (BOARDWALK, 220),
])
def test_lifting_costs_the_mortgage_plus_ten_percent_rounded_up(square, cost):
    g = new_game()
    give(g, ANN, square, mortgaged=True)
    assert g.view.lift_cost(square) == cost
    events = act(g, LiftMortgage(ANN, square))
    assert paid(events, "mortgage lifted") == [(ANN, BANK, cost)]
    assert of(events, E.MortgageLifted) == [E.MortgageLifted(ANN, square, cost)]
    assert not g.view.mortgaged(square) and cash(g) == [1500 - cost, 1500]


def test_no_interest_option_lifts_for_the_mortgage_alone():
    g = new_game(mortgage_interest=0)
    give(g, ANN, ELECTRIC, BOARDWALK)
    act(g, Mortgage(ANN, ELECTRIC))
    act(g, Mortgage(ANN, BOARDWALK))
    assert g.view.lift_cost(ELECTRIC) == 75 and g.view.lift_cost(BOARDWALK) == 200
    events = act(g, LiftMortgage(ANN, ELECTRIC)) + act(g, LiftMortgage(ANN, BOARDWALK))
    assert paid(events) == [(ANN, BANK, 75), (ANN, BANK, 200)]
    assert cash(g) == [1500, 1500]  # mortgaging and lifting again cost nothing


def test_only_unimproved_property_is_mortgaged_sell_the_groups_buildings_first():
    g = new_game()
    give(g, ANN, ST_CHARLES, STATES, VIRGINIA)
    act(g, Build(ANN, ST_CHARLES))
    act(g, Build(ANN, STATES))
    # Virginia itself has no house, but its group has: none of the three can be mortgaged
    for sq in (ST_CHARLES, STATES, VIRGINIA):
        _refused(g, Mortgage(ANN, sq), "sell the buildings")
    act(g, SellBuilding(ANN, ST_CHARLES))
    _refused(g, Mortgage(ANN, VIRGINIA), "sell the buildings")
    act(g, SellBuilding(ANN, STATES))  # two houses back at $50 each
    events = act(g, Mortgage(ANN, VIRGINIA))
    assert paid(events) == [(BANK, ANN, 80)]
    assert cash(g) == [1500 - 200 + 100 + 80, 1500]
    # and no house goes back on the group while Virginia is mortgaged
    _refused(g, Build(ANN, ST_CHARLES), "mortgaged")


def test_lifting_needs_the_cash():
    g = new_game()
    give(g, ANN, BOARDWALK, mortgaged=True)
    set_cash(g, ANN, 219)
    _refused(g, LiftMortgage(ANN, BOARDWALK), "costs \\$220")
    set_cash(g, ANN, 220)
    act(g, LiftMortgage(ANN, BOARDWALK))
    assert cash(g)[ANN] == 0


def test_only_the_owner_mortgages_or_lifts():
    g = new_game()
    give(g, ANN, BOARDWALK)
    _refused(g, Mortgage(BOB, BOARDWALK), "does not own")
    act(g, Mortgage(ANN, BOARDWALK))
    _refused(g, LiftMortgage(BOB, BOARDWALK), "does not own")
    _refused(g, Mortgage(ANN, 4), "not a property")  # Income Tax


def test_mortgage_at_any_time_out_of_turn():
    g = new_game((2, 3))
    give(g, BOB, BOARDWALK)
    act(g, Roll(ANN))  # Ann lands on Reading Railroad and must decide whether to buy
    assert g.view.pending.kind == K.BUY
    act(g, Mortgage(BOB, BOARDWALK))
    act(g, LiftMortgage(BOB, BOARDWALK))
    assert g.view.pending.kind == K.BUY and cash(g)[BOB] == 1500 + 200 - 220


def test_no_rent_on_a_mortgaged_property():
    g = new_game((1, 2), rent_claim="automatic")
    give(g, BOB, MEDITERRANEAN, BALTIC)
    act(g, Mortgage(BOB, BALTIC))
    events = act(g, Roll(ANN))  # Ann lands on Baltic
    assert E.NoRent(BALTIC, BOB, "mortgaged") in events
    assert cash(g) == [1500, 1530]
