"""Scenarios: the house rules, each a rule option of its own, and the ``house`` preset.

Squares used: GO 0, Mediterranean 1, Community Chest 2, Baltic 3, Income Tax 4, Chance 7, Jail 10,
Free Parking 20, Luxury Tax 38.
"""

from __future__ import annotations

import json

import pytest

from monopoly.engine import (BANK, Build, Buy, DecisionKind as K, Game, PayJailFine, PositionError, Roll, Rules,
                             SellBuilding, Termination, arrange, check_invariants, load_edition)
from monopoly.engine import events as E, versions

from scenario import ANN, BOB, act, card_on_top, cash, give, jail, new_game, of, paid, place

MEDITERRANEAN, BALTIC, INCOME_TAX, FREE_PARKING, LUXURY_TAX = 1, 3, 4, 20, 38
POT = {"free_parking_pot": True, "income_tax": "flat"}


# ---------------------------------------------------------------- the Free Parking jackpot
def test_taxes_go_to_the_pot_and_the_next_to_land_on_free_parking_takes_it():
    game = new_game((1, 3), (4, 6), **POT)
    place(game, BOB, 10)
    events = act(game, Roll(ANN))  # Income Tax 200
    assert paid(events, "tax") == [(ANN, BANK, 200)] and of(events, E.IntoPot) == [E.IntoPot(ANN, 200, 200)]
    assert game.view.pot() == 200 and game.view.bank_books() == (0, 0)
    events = act(game, Roll(BOB))  # 10 from jail (visiting): Free Parking
    assert paid(events, "jackpot") == [(BANK, BOB, 200)]
    assert game.view.pot() == 0 and cash(game) == [1300, 1700]


def test_without_the_jackpot_taxes_go_to_the_bank_and_free_parking_pays_nothing():
    game = new_game((1, 3), (4, 6), income_tax="flat")
    place(game, BOB, 10)
    act(game, Roll(ANN))
    events = act(game, Roll(BOB))
    assert paid(events) == [] and game.view.pot() == 0 and game.view.bank_books() == (0, 200)


def test_the_jail_fine_goes_to_the_pot():
    game = new_game((1, 2), **POT)
    jail(game, ANN)
    act(game, PayJailFine(ANN))
    assert game.view.pot() == 50


def test_card_payments_go_to_the_pot_only_with_that_option():
    for with_cards, pot in ((False, 0), (True, 15)):
        game = new_game((3, 4), **POT, pot_card_payments=with_cards)
        card_on_top(game, "chance", "chance-poor-tax")
        act(game, Roll(ANN))  # 7: Chance, pay 15
        assert game.view.pot() == pot


def test_the_stake_is_in_the_pot_from_the_start_and_goes_back_in_after_each_win():
    game = new_game((4, 6), (1, 3), **POT, pot_stake=500)
    assert game.view.pot() == 500 and game.view.bank_books() == (500, 0)
    place(game, ANN, 10)
    events = act(game, Roll(ANN))
    assert paid(events, "jackpot") == [(BANK, ANN, 500)]
    assert of(events, E.IntoPot) == [E.IntoPot(BANK, 500, 500)] and game.view.pot() == 500
    assert cash(game) == [2000, 1500]


def test_the_pot_is_saved_and_loaded_and_an_old_save_loads_with_an_empty_pot():
    game = new_game((1, 3), **POT)
    act(game, Roll(ANN))
    saved = json.loads(json.dumps(game.to_dict()))
    assert saved["version"] == versions.SAVE_VERSION and saved["state"]["pot"] == 200
    assert Game.from_dict(saved).view.pot() == 200
    old = new_game((1, 2)).to_dict()
    old["version"] = 1
    del old["state"]["pot"]
    assert Game.from_dict(old).view.pot() == 0


def test_a_pot_that_breaks_the_books_is_refused_on_loading():
    game = new_game((1, 3), **POT)
    act(game, Roll(ANN))
    saved = game.to_dict()
    saved["state"]["pot"] = 300
    with pytest.raises(Exception, match="money is not conserved"):
        Game.from_dict(saved)


def test_arrange_sets_the_pot_only_under_the_jackpot():
    game = new_game((1, 2), **POT)
    arrange(game, pot=120)
    assert game.view.pot() == 120
    check_invariants(game)
    with pytest.raises(PositionError, match="pot"):
        arrange(new_game((1, 2)), pot=10)


# ---------------------------------------------------------------- GO
def test_landing_exactly_on_go_pays_double_salary():
    game = new_game((1, 3), (1, 4), go_landing_double=True)
    place(game, ANN, 36)
    place(game, BOB, 36)
    assert paid(act(game, Roll(ANN)), "salary") == [(BANK, ANN, 400)]
    assert paid(act(game, Roll(BOB)), "salary") == [(BANK, BOB, 200)]  # passing only: the usual salary


def test_landing_on_go_pays_the_usual_salary_by_default():
    game = new_game((1, 3))
    place(game, ANN, 36)
    assert paid(act(game, Roll(ANN)), "salary") == [(BANK, ANN, 200)]


def test_starting_cash_and_go_salary_options():
    game = new_game((1, 3), starting_cash=2500, go_salary=300)
    assert cash(game) == [2500, 2500] and game.view.starting_cash() == 2500 and game.view.go_salary() == 300
    place(game, ANN, 37)
    assert paid(act(game, Roll(ANN)), "salary") == [(BANK, ANN, 300)]  # passing GO to Mediterranean


@pytest.mark.parametrize("option, value", [("starting_cash", 100_001), ("go_salary", -1),
                                           ("mortgage_interest", 999_999_999_999), ("pot_stake", 10**6),
                                           ("turn_limit", 10**6), ("time_limit_minutes", 10**7)])
def test_numbers_beyond_what_a_game_can_use_are_refused(option, value):
    with pytest.raises(ValueError, match=f"rule option {option} must be a whole number from"):
        Rules(**{option: value})


# ---------------------------------------------------------------- rent from jail
def test_a_player_in_jail_collects_no_rent_under_that_house_rule():
    game = new_game((1, 2), jail_no_rent=True, rent_claim="automatic")
    give(game, BOB, BALTIC)
    jail(game, BOB)
    events = act(game, Roll(ANN))
    assert of(events, E.NoRent) == [E.NoRent(BALTIC, BOB, "jail")] and paid(events, "rent") == []


def test_a_player_in_jail_collects_rent_by_the_books():
    game = new_game((1, 2), rent_claim="automatic")
    give(game, BOB, BALTIC)
    jail(game, BOB)
    assert paid(act(game, Roll(ANN)), "rent") == [(ANN, BOB, 4)]


# ---------------------------------------------------------------- building evenly
def test_without_even_building_houses_go_anywhere_on_a_complete_group():
    game = new_game((1, 2), even_building=False)
    give(game, ANN, MEDITERRANEAN, BALTIC)
    for _ in range(4):
        act(game, Build(ANN, BALTIC))
    act(game, Build(ANN, BALTIC))  # a hotel on four houses, Mediterranean still bare
    assert game.view.hotel(BALTIC) and game.view.houses(MEDITERRANEAN) == 0
    act(game, SellBuilding(ANN, BALTIC))
    assert game.view.houses(BALTIC) == 4


def test_even_building_is_the_rule_by_default():
    game = new_game((1, 2))
    give(game, ANN, MEDITERRANEAN, BALTIC)
    act(game, Build(ANN, BALTIC))
    assert game.view.build_problem(BALTIC, ANN).startswith("build evenly")


# ---------------------------------------------------------------- ending the game
def test_a_turn_limit_ends_the_game_and_the_richest_wins():
    game = new_game((1, 2), (2, 3), turn_limit=2)
    act(game, Roll(ANN))
    act(game, Buy(ANN))  # Baltic: Ann is worth her 1440 and the 60 printed price
    events = act(game, Roll(BOB))  # Bob lands on Reading Railroad
    assert not game.view.over and game.view.pending.kind == K.BUY
    act(game, Buy(BOB))
    assert game.view.over and game.view.outcome.termination == Termination.TURNS_PLAYED
    assert game.view.outcome.winner == ANN and game.view.outcome.values == [1500, 1500]  # a tie: the earlier seat


def test_a_net_worth_target_ends_the_game_at_the_end_of_the_turn_it_is_reached():
    game = new_game((1, 3), net_worth_target=1600)
    place(game, ANN, 36)
    act(game, Roll(ANN))  # GO: 1700
    assert game.view.over and game.view.outcome.termination == Termination.TARGET_REACHED
    assert game.view.outcome.winner == ANN and game.view.outcome.values == [1700, 1500]


# ---------------------------------------------------------------- the preset
def test_the_house_preset_sets_the_common_house_rules():
    for edition in ("us", "uk", "dotcom"):
        assert load_edition(edition).preset("house").as_dict() == {
            "free_parking_pot": True, "pot_card_payments": True, "go_landing_double": True, "auctions": False}


def test_random_games_under_the_house_preset_keep_every_invariant():
    import random
    rules = load_edition("us").preset_rules("house", max_turns=150)
    for seed in range(3):
        game = Game.new(["Ann", "Bob", "Cat"], "us", rules, seed=seed)
        rng = random.Random(seed)
        while not game.view.over:
            game.apply(rng.choice(game.legal_actions()))
            check_invariants(game)


def test_deeds_dealt_in_a_short_game_beyond_a_small_starting_cash_are_owed():
    from monopoly.engine import ScriptedDice
    game = Game.new(["Ann", "Bob"], "us", {"short_game": "time_limit", "time_limit_minutes": 60,
                                           "starting_cash": 300}, dice=ScriptedDice([]), first_player=0)
    check_invariants(game)
    assert of(game.log, E.DebtRaised)[0] == E.DebtRaised(ANN, BANK, 400, "deed")  # Boardwalk, dealt first
    assert game.view.pending.kind == K.RAISE_FUNDS and min(cash(game)) >= 0
