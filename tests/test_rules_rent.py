"""Scenarios: rent on streets, railroads and utilities, and claiming it in time.

Figures are the title deeds' (US board): Mediterranean $2, Baltic $4, Oriental and Vermont $6,
Connecticut $8, Boardwalk $50 / $200 / $600 / $1400 / $1700 / $2000; railroads 25/50/100/200;
utilities 4x or 10x the dice.
"""

from __future__ import annotations

import pytest

from monopoly.engine import (ClaimRent, DecisionKind as K, IllegalActionError, Mortgage, PayJailFine, Roll)
from monopoly.engine import events as E

from scenario import (ANN, BOB, CAT, act, build, cash, give, jail, new_game, of, paid, place, set_cash)

MEDITERRANEAN, BALTIC, READING, ORIENTAL, VERMONT, CONNECTICUT = 1, 3, 5, 6, 8, 9
ELECTRIC, WATER_WORKS, PARK_PLACE, BOARDWALK = 12, 28, 37, 39
RAILROADS = (5, 15, 25, 35)


def _land(game, start, roll, player=ANN):
    """``player`` stands on ``start`` and throws ``roll``; returns the events."""
    place(game, player, start)
    game.dice.add(roll)
    return act(game, Roll(player))


def _due(events):
    return [(e.owner, e.payer, e.square, e.amount) for e in of(events, E.RentDue)]


# ---------------------------------------------------------------- streets
def test_rent_street_base_rent():
    game = new_game()
    give(game, BOB, "Baltic Avenue")
    events = _land(game, 0, (1, 2))
    assert _due(events) == [(BOB, ANN, BALTIC, 4)]
    claim = of(events, E.RentDue)[0].claim
    events = act(game, ClaimRent(BOB, claim))
    assert paid(events) == [(ANN, BOB, 4)]
    assert cash(game) == [1496, 1504]
    assert game.view.claims() == ()


def test_rent_street_doubled_for_a_complete_unimproved_group():
    game = new_game()
    give(game, BOB, "Mediterranean Avenue", "Baltic Avenue")
    assert _due(_land(game, 0, (1, 2))) == [(BOB, ANN, BALTIC, 8)]


def test_rent_street_not_doubled_when_the_group_is_split():
    game = new_game(players=("Ann", "Bob", "Cat"))
    give(game, BOB, "Baltic Avenue")
    give(game, CAT, "Mediterranean Avenue")
    assert _due(_land(game, 0, (1, 2))) == [(BOB, ANN, BALTIC, 4)]


def test_rent_us_doubled_even_when_another_site_of_the_group_is_mortgaged():
    game = new_game()
    give(game, BOB, "Vermont Avenue", "Connecticut Avenue")
    give(game, BOB, "Oriental Avenue", mortgaged=True)
    assert _due(_land(game, 0, (3, 5))) == [(BOB, ANN, VERMONT, 12)]


def test_rent_uk_option_not_doubled_when_a_site_of_the_group_is_mortgaged():
    game = new_game(edition="uk")
    assert game.rules.double_rent_with_mortgage is False
    give(game, BOB, "Euston Road", "Pentonville Road")
    give(game, BOB, "The Angel, Islington", mortgaged=True)
    assert _due(_land(game, 0, (3, 5))) == [(BOB, ANN, VERMONT, 6)]
    game = new_game(edition="uk")
    give(game, BOB, "Euston Road", "Pentonville Road", "The Angel, Islington")  # none mortgaged
    assert _due(_land(game, 0, (3, 5))) == [(BOB, ANN, VERMONT, 12)]


@pytest.mark.parametrize("houses, rent", [(1, 200), (2, 600), (3, 1400), (4, 1700)])
def test_rent_street_with_houses(houses, rent):
    game = new_game()
    give(game, BOB, "Park Place", "Boardwalk")
    build(game, {PARK_PLACE: houses, BOARDWALK: houses})
    set_cash(game, ANN, 5000)
    assert _due(_land(game, 36, (1, 2))) == [(BOB, ANN, BOARDWALK, rent)]


def test_rent_street_with_a_hotel():
    game = new_game()
    give(game, BOB, "Park Place", "Boardwalk")
    build(game, {PARK_PLACE: 4, BOARDWALK: "hotel"})
    assert _due(_land(game, 36, (1, 2))) == [(BOB, ANN, BOARDWALK, 2000)]


def test_rent_nothing_on_a_mortgaged_property():
    game = new_game()
    give(game, BOB, "Mediterranean Avenue")
    give(game, BOB, "Baltic Avenue", mortgaged=True)
    events = _land(game, 0, (1, 2))
    assert of(events, E.NoRent) == [E.NoRent(BALTIC, BOB, "mortgaged")]
    assert _due(events) == [] and game.view.claims() == ()


def test_rent_nothing_on_your_own_property():
    game = new_game()
    give(game, ANN, "Baltic Avenue")
    events = _land(game, 0, (1, 2))
    assert _due(events) == [] and paid(events) == [] and game.view.pending.kind == K.ROLL


# ---------------------------------------------------------------- railroads
@pytest.mark.parametrize("owned, rent", [(1, 25), (2, 50), (3, 100), (4, 200)])
def test_rent_railroads_by_the_number_owned(owned, rent):
    game = new_game()
    give(game, BOB, *RAILROADS[:owned])
    assert _due(_land(game, 0, (2, 3))) == [(BOB, ANN, READING, rent)]


@pytest.mark.parametrize("edition", ["us", "uk"])
def test_rent_railroads_four_with_one_mortgaged_collect_as_three(edition):
    game = new_game(edition=edition)
    give(game, BOB, 5, 15, 25)
    give(game, BOB, 35, mortgaged=True)
    assert _due(_land(game, 0, (2, 3))) == [(BOB, ANN, READING, 100)]


# ---------------------------------------------------------------- utilities
def test_rent_utility_four_times_the_dice_when_one_is_owned():
    game = new_game()
    give(game, BOB, "Electric Company")
    assert _due(_land(game, 5, (3, 4))) == [(BOB, ANN, ELECTRIC, 28)]


def test_rent_utility_ten_times_the_dice_when_both_are_owned():
    game = new_game()
    give(game, BOB, "Electric Company", "Water Works")
    assert _due(_land(game, 5, (3, 4))) == [(BOB, ANN, ELECTRIC, 70)]


def test_rent_utility_other_one_mortgaged_counts_as_one_owned():
    game = new_game()
    give(game, BOB, "Electric Company")
    give(game, BOB, "Water Works", mortgaged=True)
    assert _due(_land(game, 5, (3, 4))) == [(BOB, ANN, ELECTRIC, 28)]


# ---------------------------------------------------------------- claiming
def test_rent_claim_lapses_when_the_next_player_rolls():
    game = new_game()
    give(game, BOB, "Baltic Avenue")
    events = _land(game, 0, (1, 2))
    claim = of(events, E.RentDue)[0].claim
    assert game.view.claims(BOB)[0].amount == 4
    assert ClaimRent(BOB, claim) in game.legal_actions(BOB)
    game.dice.add((4, 6))
    events = act(game, Roll(BOB))
    assert of(events, E.RentLapsed) == [E.RentLapsed(claim, BOB, ANN, 4)]
    assert game.view.claims() == () and cash(game) == [1500, 1500]
    with pytest.raises(IllegalActionError, match="no such rent"):
        game.apply(ClaimRent(BOB, claim))


def test_rent_claim_may_wait_while_the_payer_throws_again_after_doubles():
    game = new_game()
    give(game, BOB, "Oriental Avenue")
    claim = of(_land(game, 0, (3, 3)), E.RentDue)[0].claim  # doubles: Ann throws again
    game.dice.add((2, 3))
    act(game, Roll(ANN))
    events = act(game, ClaimRent(BOB, claim))
    assert paid(events) == [(ANN, BOB, 6)]


def test_rent_claim_uk_lapses_at_the_next_throw_even_the_payers_own_after_doubles():
    # The UK book: rent not asked for before the next throw of the dice is lost; the US book
    # waits for the next player's throw (the test above).
    game = new_game(edition="uk")
    assert game.rules.rent_claim == "next_throw"
    give(game, BOB, ORIENTAL)  # The Angel, Islington on the UK board
    claim = of(_land(game, 0, (3, 3)), E.RentDue)[0].claim  # doubles: Ann throws again
    game.dice.add((2, 3))
    events = act(game, Roll(ANN))
    assert of(events, E.RentLapsed) == [E.RentLapsed(claim, BOB, ANN, 6)]
    with pytest.raises(IllegalActionError, match="no such rent"):
        game.apply(ClaimRent(BOB, claim))


def test_rent_claim_uk_may_be_claimed_before_the_next_throw():
    game = new_game(edition="uk")
    give(game, BOB, ORIENTAL)
    claim = of(_land(game, 0, (3, 3)), E.RentDue)[0].claim
    assert paid(act(game, ClaimRent(BOB, claim))) == [(ANN, BOB, 6)]


def test_rent_claim_stays_open_until_the_next_player_actually_throws():
    game = new_game(players=("Ann", "Bob", "Cat"))
    give(game, CAT, "Baltic Avenue")
    claim = of(_land(game, 0, (1, 2)), E.RentDue)[0].claim
    jail(game, BOB)
    act(game, PayJailFine(BOB))  # paying out of jail is not a throw
    assert [c.id for c in game.view.claims(CAT)] == [claim]
    act(game, ClaimRent(CAT, claim))
    assert cash(game) == [1496, 1450, 1504]


def test_rent_claim_before_the_second_player_following_rolls():
    game = new_game(players=("Ann", "Bob", "Cat"), rent_claim="second_roll")
    give(game, CAT, "Baltic Avenue")
    claim = of(_land(game, 0, (1, 2)), E.RentDue)[0].claim
    game.dice.add((4, 6))
    act(game, Roll(BOB))  # the next player throws: still claimable
    assert [c.id for c in game.view.claims()] == [claim]
    game.dice.add((4, 6))
    events = act(game, Roll(CAT))  # the second player following throws: lost
    assert of(events, E.RentLapsed) == [E.RentLapsed(claim, CAT, ANN, 4)]
    assert cash(game) == [1500, 1500, 1500]


def test_rent_claim_second_roll_is_the_dotcom_default_and_can_be_claimed_late():
    game = new_game(edition="dotcom")
    assert game.rules.rent_claim == "second_roll"
    give(game, BOB, 3)
    claim = of(_land(game, 0, (1, 2)), E.RentDue)[0].claim
    game.dice.add((4, 6))
    act(game, Roll(BOB))
    act(game, ClaimRent(BOB, claim))
    assert cash(game) == [1496, 1504]


def test_rent_automatic_option_charges_at_once():
    game = new_game(rent_claim="automatic")
    give(game, BOB, "Baltic Avenue")
    events = _land(game, 0, (1, 2))
    assert of(events, E.RentDue) == [] and game.view.claims() == ()
    assert paid(events, "rent") == [(ANN, BOB, 4)]


def test_rent_only_the_owner_can_claim():
    game = new_game(players=("Ann", "Bob", "Cat"))
    give(game, BOB, "Baltic Avenue")
    claim = of(_land(game, 0, (1, 2)), E.RentDue)[0].claim
    with pytest.raises(IllegalActionError, match="only the owner"):
        game.apply(ClaimRent(CAT, claim))


def test_rent_can_be_claimed_while_another_decision_waits():
    game = new_game()
    give(game, BOB, "Oriental Avenue")
    claim = of(_land(game, 0, (3, 3)), E.RentDue)[0].claim
    game.dice.add((1, 1))  # doubles again, onto Vermont Avenue: Ann's purchase waits
    act(game, Roll(ANN))
    assert game.view.pending.kind == K.BUY and game.view.pending.player == ANN
    act(game, ClaimRent(BOB, claim))
    assert game.view.pending.kind == K.BUY and cash(game) == [1494, 1506]


def test_rent_a_jailed_owner_still_collects():
    game = new_game()
    give(game, BOB, "Baltic Avenue")
    jail(game, BOB)
    claim = of(_land(game, 0, (1, 2)), E.RentDue)[0].claim
    act(game, ClaimRent(BOB, claim))
    assert cash(game) == [1496, 1504]


def test_rent_the_amount_is_fixed_when_it_falls_due():
    game = new_game()
    give(game, BOB, "Baltic Avenue")
    claim = of(_land(game, 0, (1, 2)), E.RentDue)[0].claim
    give(game, BOB, "Mediterranean Avenue")  # the group completes before the claim
    act(game, ClaimRent(BOB, claim))
    assert cash(game) == [1496, 1504]


# ---------------------------------------------------------------- paying what you cannot
def test_rent_the_payer_short_of_cash_must_raise_it_before_play_goes_on():
    game = new_game()
    give(game, BOB, "Park Place", "Boardwalk")
    build(game, {PARK_PLACE: 1, BOARDWALK: 1})
    give(game, ANN, "Reading Railroad")
    set_cash(game, ANN, 150)
    claim = of(_land(game, 36, (1, 2)), E.RentDue)[0].claim
    events = act(game, ClaimRent(BOB, claim))
    assert of(events, E.DebtRaised) == [E.DebtRaised(ANN, BOB, 200, "rent")]
    assert paid(events) == [] and cash(game) == [150, 1500]
    d = game.view.pending
    assert d.kind == K.RAISE_FUNDS and d.player == ANN and d.amount == 200 and d.creditor == BOB
    with pytest.raises(IllegalActionError, match="raise"):
        game.apply(Roll(BOB))
    events = act(game, Mortgage(ANN, READING))
    assert paid(events) == [(-1, ANN, 100), (ANN, BOB, 200)]
    assert cash(game) == [50, 1700] and game.view.pending.kind == K.ROLL and game.view.current_player == BOB



def test_a_debtor_may_raise_money_but_not_spend_it_until_the_debt_is_paid():
    """The computer editions keep a debtor in the raising menu until the debt is cleared."""
    from monopoly.engine import IllegalActionError, LiftMortgage, Mortgage, ProposeTrade
    game = new_game((1, 3), rent_claim="automatic")
    give(game, BOB, "Park Place", "Boardwalk")
    give(game, ANN, "Baltic Avenue", "Oriental Avenue")
    give(game, ANN, "Mediterranean Avenue", mortgaged=True)
    set_cash(game, ANN, 60)
    place(game, ANN, "Short Line")
    act(game, Roll(ANN))  # lands on Boardwalk: double rent $100, Ann holds $60
    assert game.view.pending.kind == "raise_funds" and game.view.pending.amount == 100
    assert game.view.in_debt(ANN)
    with pytest.raises(IllegalActionError, match="pay the debt before spending"):
        game.apply(LiftMortgage(ANN, 1))
    with pytest.raises(IllegalActionError, match="pay the debt before spending"):
        game.apply(ProposeTrade(ANN, BOB, take=(37,), cash=50))
    assert LiftMortgage(ANN, 1) not in game.legal_actions(ANN)
    act(game, Mortgage(ANN, 3))
    events = act(game, Mortgage(ANN, 6))
    assert (ANN, BOB, 100) in paid(events, "rent")
    assert not game.view.in_debt(ANN) and game.view.cash(ANN) == 40
    assert LiftMortgage(ANN, 1) in game.legal_actions(ANN)
