"""Scenarios: going to jail, just visiting, and the ways out (doubles, the fine, a card, the third throw).

The jail is square 10; from it a throw of 3 reaches States Avenue (13), 6 St. James Place (16),
8 Tennessee Avenue (18), 10 Free Parking (20).
"""

from __future__ import annotations

import pytest

from monopoly.engine import (AcceptTrade, Buy, ClaimRent, DecisionKind as K, IllegalActionError, Mortgage,
                             PayJailFine, ProposeTrade, Roll, UseJailCard, arrange)
from monopoly.engine import events as E

from scenario import (ANN, BOB, act, bottom_card, card_on_top, cash, give, hand_jail_card, jail, new_game, of,
                      paid, place, position, set_cash)


def _jailed(*rolls, tried: int = 0, **options):
    """Ann, in jail with ``tried`` failed throws behind her, is to throw; the dice throw ``rolls``."""
    game = new_game(*rolls, **options)
    jail(game, ANN, tried)
    return game


def _next_turn_for_ann(game):
    """Bob throws 10 from wherever he is (scripted), handing the dice back to Ann."""
    place(game, BOB, 0)
    game.dice.add((4, 6))
    act(game, Roll(BOB))
    assert game.view.pending.kind == K.ROLL and game.view.pending.player == ANN


# ---------------------------------------------------------------- going to jail
def test_jail_by_the_go_to_jail_square():
    game = new_game((4, 6))
    place(game, ANN, 20)
    events = act(game, Roll(ANN))
    assert of(events, E.Landed)[-1].square == 30 and of(events, E.SentToJail) == [E.SentToJail(ANN, "square")]
    assert position(game, ANN) == 10 and game.view.in_jail(ANN) and game.view.jail_turns(ANN) == 0


@pytest.mark.parametrize("deck, card", [("chance", "chance-jail"), ("community_chest", "community_chest-jail")])
def test_jail_by_a_card(deck, card):
    game = new_game((3, 4))
    card_on_top(game, deck, card)
    place(game, ANN, 0 if deck == "chance" else 10)
    act(game, Roll(ANN))
    assert game.view.in_jail(ANN) and position(game, ANN) == 10


def test_jail_by_three_doubles():
    game = new_game((1, 1), (2, 2), (6, 6))
    card_on_top(game, "community_chest", "community_chest-beauty")
    act(game, Roll(ANN))  # 2: Community Chest
    act(game, Roll(ANN))  # 6: Oriental Avenue
    act(game, Buy(ANN))
    events = act(game, Roll(ANN))
    assert of(events, E.SentToJail) == [E.SentToJail(ANN, "doubles")] and of(events, E.Moved) == []
    assert position(game, ANN) == 10 and game.view.in_jail(ANN)


def test_jail_just_visiting_when_landing_there_in_the_ordinary_course():
    game = new_game((3, 4), (4, 6), (1, 2))
    place(game, ANN, 3)
    events = act(game, Roll(ANN))
    assert position(game, ANN) == 10 and not game.view.in_jail(ANN) and of(events, E.SentToJail) == []
    act(game, Roll(BOB))
    act(game, Roll(ANN))  # moves on normally from Just Visiting
    assert of(game.log, E.DiceRolled)[-1].purpose == "move" and position(game, ANN) == 13


# ---------------------------------------------------------------- doubles
def test_jail_doubles_move_out_by_that_throw_with_no_further_throw():
    game = _jailed((3, 3))
    events = act(game, Roll(ANN))
    assert of(events, E.DiceRolled) == [E.DiceRolled(ANN, (3, 3), "jail")]
    assert of(events, E.LeftJail) == [E.LeftJail(ANN, "doubles")]
    assert of(events, E.Moved) == [E.Moved(ANN, 10, 16, 6)]
    assert not game.view.in_jail(ANN) and game.view.jail_turns(ANN) == 0
    assert paid(events) == []
    act(game, Buy(ANN))  # St. James Place
    assert game.view.current_player == BOB  # no throw again for those doubles


def test_jail_doubles_on_the_third_turn_still_free_of_charge():
    game = _jailed((5, 5), tried=2)
    events = act(game, Roll(ANN))
    assert of(events, E.LeftJail) == [E.LeftJail(ANN, "doubles")] and paid(events) == []
    assert position(game, ANN) == 20 and game.view.current_player == BOB


def test_jail_doubles_out_onto_a_utility_charge_rent_on_that_throw():
    game = _jailed((1, 1))
    give(game, BOB, "Electric Company")
    events = act(game, Roll(ANN))
    assert [(e.owner, e.square, e.amount) for e in of(events, E.RentDue)] == [(BOB, 12, 8)]


def test_jail_uk_option_doubles_give_another_throw():
    game = _jailed((5, 5), (1, 2), edition="uk")
    assert game.rules.jail_doubles_roll_again
    act(game, Roll(ANN))
    assert position(game, ANN) == 20 and game.view.pending.kind == K.ROLL and game.view.pending.player == ANN
    act(game, Roll(ANN))
    assert position(game, ANN) == 23


def test_jail_a_failed_throw_stays_in_and_ends_the_turn():
    game = _jailed((1, 2))
    events = act(game, Roll(ANN))
    assert of(events, E.StayedInJail) == [E.StayedInJail(ANN, 1)] and of(events, E.Moved) == []
    assert game.view.in_jail(ANN) and position(game, ANN) == 10 and game.view.current_player == BOB


def test_jail_up_to_three_turns_trying_for_doubles():
    game = _jailed((1, 2))
    act(game, Roll(ANN))
    _next_turn_for_ann(game)
    game.dice.add((2, 3))
    act(game, Roll(ANN))
    assert game.view.in_jail(ANN) and game.view.jail_turns(ANN) == 2
    _next_turn_for_ann(game)
    game.dice.add((2, 4))
    events = act(game, Roll(ANN))  # the third failed throw: pay and move by it
    assert of(events, E.LeftJail) == [E.LeftJail(ANN, "forced_fine")]
    assert paid(events) == [(ANN, -1, 50)]
    assert of(events, E.Moved) == [E.Moved(ANN, 10, 16, 6)]
    assert not game.view.in_jail(ANN) and cash(game)[ANN] == 1450
    assert game.view.pending.kind == K.BUY and game.view.pending.square == 16


def test_jail_after_the_third_failed_throw_short_of_the_fine_raise_it_then_move():
    game = _jailed((1, 2), tried=2)
    set_cash(game, ANN, 20)
    give(game, ANN, "Reading Railroad")
    events = act(game, Roll(ANN))
    assert of(events, E.DebtRaised) == [E.DebtRaised(ANN, -1, 50, "jail fine")]
    assert of(events, E.Moved) == [] and game.view.pending.kind == K.RAISE_FUNDS
    events = act(game, Mortgage(ANN, 5))
    assert paid(events) == [(-1, ANN, 100), (ANN, -1, 50)]
    assert of(events, E.Moved) == [E.Moved(ANN, 10, 13, 3)]
    assert cash(game)[ANN] == 70 and game.view.pending.kind == K.BUY and game.view.pending.square == 13


# ---------------------------------------------------------------- the fine
@pytest.mark.parametrize("tried", [0, 1])
def test_jail_paying_the_fine_before_rolling_on_the_first_or_second_turn(tried):
    game = _jailed((1, 2), tried=tried)
    events = act(game, PayJailFine(ANN))
    assert paid(events) == [(ANN, -1, 50)] and of(events, E.LeftJail) == [E.LeftJail(ANN, "fine")]
    assert not game.view.in_jail(ANN)
    assert game.view.pending.kind == K.ROLL and game.view.pending.player == ANN
    events = act(game, Roll(ANN))
    assert of(events, E.DiceRolled)[0].purpose == "move" and position(game, ANN) == 13


def test_jail_paying_the_fine_then_doubles_throw_again():
    game = _jailed((2, 2), (1, 2))
    act(game, PayJailFine(ANN))
    act(game, Roll(ANN))  # 14: Virginia Avenue
    act(game, Buy(ANN))
    assert game.view.pending.kind == K.ROLL and game.view.pending.player == ANN


def test_jail_the_fine_is_not_offered_on_the_third_turn():
    game = _jailed(tried=2)
    with pytest.raises(IllegalActionError, match="throw now"):
        game.apply(PayJailFine(ANN))
    assert PayJailFine(ANN) not in game.legal_actions(ANN) and Roll(ANN) in game.legal_actions(ANN)


def test_jail_the_fine_needs_the_cash():
    game = _jailed()
    set_cash(game, ANN, 49)
    with pytest.raises(IllegalActionError, match=r"fine is \$50"):
        game.apply(PayJailFine(ANN))


# ---------------------------------------------------------------- the card
def test_jail_using_a_get_out_of_jail_free_card():
    game = _jailed((1, 2))
    hand_jail_card(game, ANN, "community_chest")
    assert UseJailCard(ANN) in game.legal_actions(ANN)
    events = act(game, UseJailCard(ANN))
    assert of(events, E.LeftJail) == [E.LeftJail(ANN, "card")] and paid(events) == []
    assert bottom_card(game, "community_chest") == "community_chest-jail-free"
    act(game, Roll(ANN))
    assert position(game, ANN) == 13


def test_jail_a_card_may_still_be_used_on_the_third_turn_when_the_fine_may_not():
    game = _jailed((1, 2), tried=2)
    hand_jail_card(game, ANN)
    legal = game.legal_actions(ANN)
    assert UseJailCard(ANN) in legal and PayJailFine(ANN) not in legal
    assert of(act(game, UseJailCard(ANN)), E.LeftJail) == [E.LeftJail(ANN, "card")]
    act(game, Roll(ANN))
    assert position(game, ANN) == 13 and cash(game)[ANN] == 1500


def test_jail_no_card_no_use():
    game = _jailed()
    with pytest.raises(IllegalActionError, match="no Get Out of Jail Free card"):
        game.apply(UseJailCard(ANN))


def test_jail_buying_a_get_out_of_jail_free_card_from_another_player_and_using_it():
    game = _jailed((1, 2))
    hand_jail_card(game, BOB, "chance")
    act(game, ProposeTrade(ANN, recipient=BOB, take_cards=("chance",), cash=30))
    assert game.view.pending.kind == K.TRADE_RESPONSE and game.view.pending.player == BOB
    events = act(game, AcceptTrade(BOB))
    assert paid(events) == [(ANN, BOB, 30)]
    assert game.view.jail_cards(ANN) == ("chance",) and game.view.jail_cards(BOB) == ()
    act(game, UseJailCard(ANN))
    assert not game.view.in_jail(ANN) and bottom_card(game, "chance") == "chance-jail-free"


# ---------------------------------------------------------------- while in jail
def test_jail_a_jailed_player_still_collects_rent():
    game = new_game((1, 2))
    give(game, ANN, "Baltic Avenue")
    arrange(game, current_player=BOB)
    jail(game, ANN)
    events = act(game, Roll(BOB))
    claim = of(events, E.RentDue)[0]
    assert (claim.owner, claim.amount) == (ANN, 4)
    act(game, ClaimRent(ANN, claim.claim))
    assert cash(game) == [1504, 1496]
