"""Scenarios: who starts, moving by the dice, doubles, GO salary, Free Parking, the turn limit.

Squares on the US board used here: 0 GO, 2 Community Chest, 3 Baltic Avenue, 5 Reading Railroad,
10 Jail / Just Visiting, 20 Free Parking, 30 Go To Jail, 36 Chance.
"""

from __future__ import annotations

import pytest

from monopoly.engine import (NOBODY, Buy, DecisionKind as K, EndGame, IllegalActionError, PayJailFine, Roll,
                             UseJailCard)
from monopoly.engine import events as E

from scenario import ANN, BOB, CAT, act, card_on_top, cash, new_game, of, paid, place, position


# ---------------------------------------------------------------- who starts
def test_who_starts_highest_starting_throw_starts():
    game = new_game((2, 3), (6, 5), (1, 1), players=("Ann", "Bob", "Cat"), first=None)
    throws = of(game.log, E.StartingRoll)
    assert [(t.player, t.dice) for t in throws] == [(ANN, (2, 3)), (BOB, (6, 5)), (CAT, (1, 1))]
    assert of(game.log, E.FirstPlayer) == [E.FirstPlayer(BOB)]
    assert game.view.current_player == BOB
    assert game.view.pending.kind == K.ROLL and game.view.pending.player == BOB


def test_who_starts_ties_throw_again_among_the_tied_only():
    game = new_game((4, 4), (5, 3), (1, 2), (2, 2), (6, 3), players=("Ann", "Bob", "Cat"), first=None)
    throws = [(t.player, sum(t.dice)) for t in of(game.log, E.StartingRoll)]
    assert throws == [(ANN, 8), (BOB, 8), (CAT, 3), (ANN, 4), (BOB, 9)]
    assert game.view.current_player == BOB


def test_who_starts_then_play_follows_seat_order():
    game = new_game((1, 2), (6, 6), (2, 3), (6, 4), (4, 6), (5, 5), (4, 6),
                    players=("Ann", "Bob", "Cat"), first=None)
    assert game.view.current_player == BOB
    seen = []
    for _ in range(3):
        seen.append(game.view.current_player)
        act(game, Roll(game.view.current_player))  # every throw here totals 10: Just Visiting, Free Parking...
        while game.view.pending.kind == K.ROLL and game.view.current_player == seen[-1]:
            act(game, Roll(game.view.current_player))
    assert seen == [BOB, CAT, ANN]
    assert [t.player for t in of(game.log, E.TurnStarted)] == [BOB, CAT, ANN, BOB]


# ---------------------------------------------------------------- dice
def test_dice_move_the_sum():
    game = new_game((4, 6))
    events = act(game, Roll(ANN))
    assert of(events, E.DiceRolled) == [E.DiceRolled(ANN, (4, 6), "move")]
    assert of(events, E.Moved) == [E.Moved(ANN, 0, 10, 10)]
    assert position(game, ANN) == 10
    assert not game.view.in_jail(ANN)  # Just Visiting
    assert game.view.current_player == BOB


def test_dice_doubles_throw_again():
    game = new_game((5, 5), (4, 6))
    act(game, Roll(ANN))
    assert position(game, ANN) == 10
    assert game.view.current_player == ANN and game.view.pending.kind == K.ROLL and game.view.pending.player == ANN
    act(game, Roll(ANN))
    assert position(game, ANN) == 20
    assert game.view.current_player == BOB


def test_dice_doubles_throw_again_after_the_landing_is_settled():
    game = new_game((3, 3), (4, 6))
    act(game, Roll(ANN))
    assert game.view.pending.kind == K.BUY and game.view.pending.player == ANN  # Oriental Avenue
    act(game, Buy(ANN))
    assert game.view.pending.kind == K.ROLL and game.view.pending.player == ANN


def test_dice_third_doubles_in_a_turn_go_straight_to_jail_without_moving():
    game = new_game((5, 5), (5, 5), (3, 3))
    act(game, Roll(ANN))
    act(game, Roll(ANN))
    assert position(game, ANN) == 20
    before = cash(game)
    events = act(game, Roll(ANN))
    assert of(events, E.Moved) == []
    assert of(events, E.SentToJail) == [E.SentToJail(ANN, "doubles")]
    assert position(game, ANN) == 10 and game.view.in_jail(ANN)
    assert cash(game) == before
    assert game.view.current_player == BOB  # the turn ends


def test_dice_doubles_are_counted_per_turn():
    game = new_game((5, 5), (5, 5), (1, 4), (4, 6), (5, 5), (5, 5))
    act(game, Roll(ANN))  # doubles: Just Visiting
    act(game, Roll(ANN))  # doubles: Free Parking
    act(game, Roll(ANN))  # B. & O. Railroad
    act(game, Buy(ANN))
    act(game, Roll(BOB))
    act(game, Roll(ANN))  # doubles: Short Line
    act(game, Buy(ANN))
    act(game, Roll(ANN))  # doubles again, the fourth in two turns but the second in this one
    assert not game.view.in_jail(ANN) and position(game, ANN) == 5
    assert game.view.current_player == ANN and game.view.pending.kind == K.BUY


def test_dice_doubles_then_go_to_jail_square_ends_the_turn():
    game = new_game((3, 3))
    place(game, ANN, 24)
    events = act(game, Roll(ANN))
    assert of(events, E.SentToJail) == [E.SentToJail(ANN, "square")]
    assert game.view.in_jail(ANN) and position(game, ANN) == 10
    assert game.view.current_player == BOB  # no throw again for the doubles


# ---------------------------------------------------------------- GO
def test_go_salary_when_passing_go():
    game = new_game((2, 3))
    place(game, ANN, 38)
    events = act(game, Roll(ANN))
    assert of(events, E.PassedGo) == [E.PassedGo(ANN, 200)]
    assert paid(events, "salary") == [(-1, ANN, 200)]
    assert position(game, ANN) == 3 and game.view.cash(ANN) == 1700


def test_go_salary_when_landing_on_go():
    game = new_game((2, 3))
    place(game, ANN, 35)
    act(game, Roll(ANN))
    assert position(game, ANN) == 0 and game.view.cash(ANN) == 1700


@pytest.mark.parametrize("deck, at, throw", [("community_chest", 2, (3, 4)), ("chance", 7, (5, 6))])
def test_go_salary_by_card_and_twice_when_a_card_sends_you_to_go_after_passing_it(deck, at, throw):
    game = new_game(throw)
    place(game, ANN, at + 40 - sum(throw))  # one throw short of the card square, behind GO
    card_on_top(game, deck, f"{deck}-go")
    events = act(game, Roll(ANN))  # passes GO onto the card square, then the card sends her to GO
    assert [e.square for e in of(events, E.Landed)] == [at, 0]
    assert paid(events, "salary") == [(-1, ANN, 200), (-1, ANN, 200)]
    assert game.view.cash(ANN) == 1900


def test_go_no_salary_when_sent_to_jail_by_the_square():
    game = new_game((2, 3))
    place(game, ANN, 25)
    events = act(game, Roll(ANN))
    assert of(events, E.PassedGo) == [] and game.view.cash(ANN) == 1500
    assert game.view.in_jail(ANN) and position(game, ANN) == 10


def test_go_no_salary_when_sent_to_jail_by_a_card_from_beyond_jail():
    game = new_game((1, 2))
    place(game, ANN, 33)  # Chance at 36; jail lies "ahead" past GO
    card_on_top(game, "chance", "chance-jail")
    events = act(game, Roll(ANN))
    assert of(events, E.SentToJail) == [E.SentToJail(ANN, "card")]
    assert of(events, E.PassedGo) == [] and game.view.cash(ANN) == 1500


# ---------------------------------------------------------------- Free Parking
def test_free_parking_nothing_happens():
    game = new_game((2, 3))
    place(game, ANN, 15)
    events = act(game, Roll(ANN))
    assert position(game, ANN) == 20
    assert paid(events) == [] and cash(game) == [1500, 1500]
    assert game.view.current_player == BOB and game.view.pending.kind == K.ROLL


# ---------------------------------------------------------------- outside the dice
def test_turn_only_the_player_to_throw_may_roll():
    game = new_game((4, 6))
    with pytest.raises(IllegalActionError, match="Ann's decision"):
        game.apply(Roll(BOB))
    with pytest.raises(IllegalActionError, match="not in jail"):
        game.apply(PayJailFine(ANN))
    with pytest.raises(IllegalActionError, match="not in jail"):
        game.apply(UseJailCard(ANN))


def test_turn_limit_ends_the_game_with_no_winner():
    game = new_game((4, 6), (4, 6), max_turns=2)
    act(game, Roll(ANN))
    events = act(game, Roll(BOB))
    assert game.view.over and game.view.outcome.termination == "turn_limit" and game.view.outcome.winner == NOBODY
    assert of(events, E.GameOver)[0].values == (1500, 1500)
    assert game.legal_actions() == []
    with pytest.raises(IllegalActionError, match="over"):
        game.apply(Roll(ANN))


def test_end_game_values_everyone_and_names_the_richest():
    game = new_game((1, 2))
    act(game, Roll(ANN))
    act(game, Buy(ANN))  # Baltic for $60: Ann is worth the same, Bob as much
    events = act(game, EndGame(BOB))
    over = of(events, E.GameOver)[0]
    assert over.termination == "ended" and over.values == (1500, 1500)
    assert over.winner == ANN  # a tie goes to the lower seat
