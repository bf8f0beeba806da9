"""Scenarios: the two-player text game's book read beside the classic one, one test per difference.

The text game's book leaves out the auction of a declined deed, the second throw after doubles, jail
for three doubles and the bank's auction of a bankrupt's deeds, and is written for two players; its
flat income tax, mortgages without interest and long window for claiming rent were in the preset
before. Each difference is a rule option of its own (tested alone here) and the ``text_game``
preset sets them all.
"""

from __future__ import annotations

import pytest

from monopoly.engine import (NOBODY, Buy, ClaimRent, DecisionKind as K, DeclareBankruptcy, DeclineToBuy, Game,
                             LiftMortgage, Mortgage, PassBid, Roll, Termination, load_edition)
from monopoly.engine import events as E

from scenario import ANN, BOB, act, card_on_top, cash, give, new_game, of, paid, set_cash

MEDITERRANEAN, COMMUNITY_CHEST, BALTIC, INCOME_TAX, ORIENTAL = 1, 2, 3, 4, 6
ELECTRIC = 12
TEXT_GAME = load_edition("us").preset("text_game").as_dict()


def _text_game(*rolls, **options):
    return new_game(*rolls, **{**TEXT_GAME, **options})


# ---------------------------------------------------------------- the preset as a whole
def test_the_text_game_preset_sets_every_difference_of_its_book():
    assert TEXT_GAME == {"rent_claim": "second_roll", "income_tax": "flat", "mortgage_interest": 0,
                         "auctions": False, "bankrupt_deeds_auctioned": False, "doubles_roll_again": False,
                         "three_doubles_jail": False, "max_players": 2}
    for edition in ("us", "uk", "dotcom"):
        assert load_edition(edition).preset("text_game").as_dict() == TEXT_GAME


# ---------------------------------------------------------------- no auction of a declined deed
def test_text_game_a_declined_deed_stays_with_the_bank_and_the_next_to_land_may_buy_it():
    game = _text_game((1, 2), (1, 2))
    act(game, Roll(ANN))
    events = act(game, DeclineToBuy(ANN))
    assert of(events, E.AuctionStarted) == [] and of(events, E.Declined) == [E.Declined(ANN, BALTIC)]
    assert game.view.owner(BALTIC) == NOBODY and cash(game) == [1500, 1500]
    assert game.view.pending.kind == K.ROLL and game.view.pending.player == BOB
    act(game, Roll(BOB))
    assert game.view.pending.kind == K.BUY and game.view.pending.player == BOB and game.view.pending.square == BALTIC
    act(game, Buy(BOB))
    assert game.view.owner(BALTIC) == BOB


def test_auctions_option_alone_and_the_classic_rule_beside_it():
    game = new_game((1, 2), auctions=False)
    act(game, Roll(ANN))
    assert of(act(game, DeclineToBuy(ANN)), E.AuctionStarted) == []
    classic = new_game((1, 2))
    act(classic, Roll(ANN))
    assert of(act(classic, DeclineToBuy(ANN)), E.AuctionStarted) == [E.AuctionStarted("square", BALTIC, (ANN, BOB))]


# ---------------------------------------------------------------- doubles
def test_text_game_doubles_give_no_second_throw():
    game = _text_game((2, 2))
    card_on_top(game, "community_chest", "community_chest-beauty")
    events = act(game, Roll(ANN))  # 4: Income Tax, a flat 200 in the text game
    assert paid(events, "tax") == [(ANN, -1, 200)]
    assert game.view.pending.kind == K.ROLL and game.view.pending.player == BOB


def test_doubles_roll_again_is_the_classic_rule():
    game = new_game((2, 2), income_tax="flat")
    act(game, Roll(ANN))
    assert game.view.pending.kind == K.ROLL and game.view.pending.player == ANN


def test_without_jail_for_three_doubles_the_third_doubles_moves_and_throws_again():
    game = new_game((1, 1), (2, 2), (3, 3), three_doubles_jail=False)
    card_on_top(game, "community_chest", "community_chest-beauty")
    act(game, Roll(ANN))  # 2: Community Chest
    act(game, Roll(ANN))  # 6: Oriental Avenue
    act(game, Buy(ANN))
    events = act(game, Roll(ANN))  # 12: Electric Company
    assert of(events, E.SentToJail) == [] and game.view.position(ANN) == ELECTRIC
    assert not game.view.in_jail(ANN)
    act(game, DeclineToBuy(ANN))
    while game.view.pending.kind == K.AUCTION:
        act(game, PassBid(game.view.pending.player))
    assert game.view.pending.kind == K.ROLL and game.view.pending.player == ANN  # doubles still throw again


def test_text_game_three_doubles_in_a_row_over_three_turns_never_jail():
    game = _text_game((1, 1), (2, 2))
    card_on_top(game, "community_chest", "community_chest-beauty")
    act(game, Roll(ANN))
    assert game.view.pending.player == BOB
    act(game, Roll(BOB))  # 4: Income Tax, flat
    assert not game.view.in_jail(ANN) and not game.view.in_jail(BOB)


# ---------------------------------------------------------------- two players
def test_text_game_takes_two_players_only():
    with pytest.raises(ValueError, match="at most 2 players, not 3"):
        Game.new(["Ann", "Bob", "Cat"], "us", TEXT_GAME, seed=1)
    Game.new(["Ann", "Bob"], "us", TEXT_GAME, seed=1)


def test_max_players_is_checked_against_its_range():
    with pytest.raises(ValueError, match="max_players must be a whole number from 2 to 8"):
        Game.new(["Ann", "Bob"], "us", {"max_players": 9}, seed=1)


# ---------------------------------------------------------------- a debt to the bank
def test_a_player_bankrupt_to_the_bank_hands_the_bank_their_deeds_unsold_without_the_auction():
    game = new_game((1, 3), players=("Ann", "Bob", "Cat"), bankrupt_deeds_auctioned=False, income_tax="flat")
    give(game, ANN, MEDITERRANEAN, ORIENTAL)
    set_cash(game, ANN, 10)
    act(game, Roll(ANN))  # 4: Income Tax, 200 owed to the bank
    events = act(game, DeclareBankruptcy(ANN))
    assert of(events, E.AuctionStarted) == []
    assert {e.square for e in of(events, E.PropertyTransferred)} == {MEDITERRANEAN, ORIENTAL}
    assert game.view.owner(MEDITERRANEAN) == NOBODY and game.view.owner(ORIENTAL) == NOBODY
    assert game.view.pending.kind == K.ROLL and game.view.pending.player == BOB


def test_the_classic_bank_auctions_a_bankrupts_deeds():
    game = new_game((1, 3), players=("Ann", "Bob", "Cat"), income_tax="flat")
    give(game, ANN, MEDITERRANEAN)
    set_cash(game, ANN, 10)
    act(game, Roll(ANN))
    events = act(game, DeclareBankruptcy(ANN))
    assert [e.square for e in of(events, E.AuctionStarted)] == [MEDITERRANEAN]


def test_text_game_bankrupt_to_the_bank_ends_the_two_player_game():
    game = _text_game((1, 3))
    give(game, ANN, MEDITERRANEAN)
    set_cash(game, ANN, 10)
    act(game, Roll(ANN))
    events = act(game, DeclareBankruptcy(ANN))
    assert of(events, E.AuctionStarted) == [] and game.view.over
    assert game.view.outcome.termination == Termination.LAST_PLAYER and game.view.outcome.winner == BOB


# ---------------------------------------------------------------- the differences kept from before
def test_text_game_flat_tax_no_interest_and_rent_claimable_until_the_second_player_following_throws():
    game = _text_game((1, 2), (3, 4), players=("Ann", "Bob"))
    give(game, BOB, BALTIC, MEDITERRANEAN)
    give(game, ANN, ORIENTAL)
    act(game, Mortgage(ANN, ORIENTAL))
    assert game.view.lift_cost(ORIENTAL) == 50  # the mortgage value, no interest
    act(game, Roll(ANN))  # Baltic: Bob's whole group, double rent 8
    claim = game.view.claims(BOB)[0]
    act(game, Roll(BOB))  # the next player throws: in the text game the rent may still be claimed
    assert game.view.claims(BOB) == (claim,)
    events = act(game, ClaimRent(BOB, claim.id))
    assert paid(events, "rent") == [(ANN, BOB, 8)]
    act(game, LiftMortgage(ANN, ORIENTAL))
