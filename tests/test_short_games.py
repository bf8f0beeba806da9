"""Short games: the classic time-limit game (C64 book, RULES FOR A SHORT GAME), the .com short game
(.com book, RULES for a SHORT GAME) and ending a game early with a valuation (the Quit option)."""

from __future__ import annotations

import pytest

from monopoly.engine import (BANK, Build, Buy, DecisionKind as K, DeclareBankruptcy, EndGame, Game,
                             IllegalActionError, PayJailFine, Roll, ScriptedDice, check_invariants)
from monopoly.engine import events as E
from scenario import ANN, BOB, CAT, act, build, cash, clear_deeds, give, jail, new_game, of, paid, place, set_cash

MEDITERRANEAN, BALTIC = 1, 3
READING = 5
ORIENTAL, VERMONT, CONNECTICUT = 6, 8, 9
PENNSYLVANIA_AVE, SHORT_LINE = 34, 35
PARK_PLACE, BOARDWALK = 37, 39


# ------------------------------------------------------------------------ the time-limit game
def _timed(*rolls, players=("Ann", "Bob"), minutes=60) -> Game:
    return Game.new(list(players), "us", rules={"short_game": "time_limit", "time_limit_minutes": minutes},
                    dice=ScriptedDice(list(rolls)), first_player=0)


def test_time_limit_game_deals_two_deeds_each_and_the_players_pay_for_them():
    g = _timed()
    dealt = of(g.log, E.DeedDealt)
    # unshuffled test deeds are dealt from the bottom of the pile, starting with the first player
    assert dealt == [E.DeedDealt(ANN, BOARDWALK, 400), E.DeedDealt(BOB, PARK_PLACE, 350),
                     E.DeedDealt(ANN, SHORT_LINE, 200), E.DeedDealt(BOB, PENNSYLVANIA_AVE, 320)]
    assert paid(g.log, "deed") == [(ANN, BANK, 400), (BOB, BANK, 350), (ANN, BANK, 200), (BOB, BANK, 320)]
    assert g.view.owned(ANN) == [SHORT_LINE, BOARDWALK] and g.view.owned(BOB) == [PENNSYLVANIA_AVE, PARK_PLACE]
    assert cash(g) == [900, 830]
    assert g.view.seconds_left() == 3600
    check_invariants(g)


def test_time_limit_game_dealt_deeds_are_shuffled_with_the_game_dice():
    g = Game.new(["Ann", "Bob", "Cat"], "us", rules={"short_game": "time_limit", "time_limit_minutes": 30}, seed=7)
    owned = [g.view.owned(p) for p in range(3)]
    assert all(len(o) == 2 for o in owned)
    for p in range(3):
        assert cash(g)[p] == 1500 - sum(g.edition.squares[s].price for s in owned[p])


def test_time_limit_game_three_houses_then_a_hotel():
    g = _timed()
    clear_deeds(g)
    give(g, ANN, ORIENTAL, VERMONT, CONNECTICUT)
    for _ in range(3):
        for sq in (ORIENTAL, VERMONT, CONNECTICUT):
            act(g, Build(ANN, sq))
    assert g.view.bank_houses == 32 - 9
    events = act(g, Build(ANN, CONNECTICUT))
    assert of(events, E.BuildingBought)[0].hotel
    assert g.view.hotel(CONNECTICUT) and g.view.bank_houses == 32 - 6 and g.view.bank_hotels == 11
    assert g.view.rent(CONNECTICUT) == 600  # hotel rent as in the regular game
    assert cash(g)[ANN] == 900 - 10 * 50


@pytest.mark.parametrize("edition", ["uk", "dotcom"])
def test_time_limit_game_of_the_uk_and_dotcom_books_keeps_four_houses_to_a_hotel(edition):
    # Only the US books change the hotel rule for the time-limit game; the UK and .com books
    # change only the start (two deeds each) and the end (the valuation at the agreed time).
    g = Game.new(["Ann", "Bob"], edition, rules={"short_game": "time_limit", "time_limit_minutes": 30},
                 dice=ScriptedDice([]), first_player=0)
    assert g.rules.houses_per_hotel == 4
    clear_deeds(g)
    sites = g.edition.groups[1].squares  # the light blue (UK: Angel) group
    give(g, ANN, *sites)
    set_cash(g, ANN, 5000)
    for _ in range(4):
        for sq in sites:
            act(g, Build(ANN, sq))
    assert [g.view.houses(sq) for sq in sites] == [4, 4, 4] and not any(g.view.hotel(sq) for sq in sites)
    assert of(act(g, Build(ANN, sites[0])), E.BuildingBought)[0].hotel
    # the option is a named rule: the US books' three houses can be asked for on any board
    assert Game.new(["Ann", "Bob"], edition, rules={"short_game": "time_limit", "time_limit_minutes": 30,
                                                    "time_limit_three_houses": True}).rules.houses_per_hotel == 3


def test_time_up_ends_the_game_when_the_current_move_is_finished():
    g = _timed((3, 3), (1, 2))
    act(g, Roll(ANN))  # doubles to Oriental Avenue
    assert g.view.pending.kind == K.BUY
    assert g.set_clock(59 * 60) == [] and g.view.seconds_left() == 60
    events = g.set_clock(3600)
    assert events == [E.TimeUp()] and not g.view.over  # Ann is still in play
    assert g.view.pending.kind == K.BUY
    events = act(g, Buy(ANN))  # she finishes the move (her doubles give no further throw)
    assert g.view.over and g.view.outcome.termination == "time_up"
    # Ann: $800 + Boardwalk 400 + Short Line 200 + Oriental 100; Bob: $830 + 350 + 320
    assert g.view.outcome.values == [1500, 1500]
    assert of(events, E.GameOver)[0].termination == "time_up"
    with pytest.raises(IllegalActionError, match="over"):
        g.apply(Roll(BOB))


def test_time_up_between_moves_ends_the_game_at_once():
    g = _timed((1, 2))
    act(g, Roll(ANN))  # to Baltic Avenue: Ann buys it
    act(g, Buy(ANN))
    assert g.view.pending.kind == K.ROLL and g.view.pending.player == BOB
    events = g.set_clock(3600)
    assert E.TimeUp() in events and g.view.over
    assert g.view.outcome.values == [840 + 400 + 200 + 60, 830 + 350 + 320]
    assert g.view.outcome.winner == ANN


def test_time_limit_and_clock_are_saved_with_the_game():
    g = _timed((1, 2))
    g.set_clock(1000)
    again = Game.from_dict(g.to_dict())
    assert again.rules.time_limit_minutes == 60 and again.view.seconds_left() == 2600
    again.set_clock(500)  # the clock never runs backwards
    assert again.view.seconds_left() == 2600
    again.set_clock(3600)
    assert again.view.over and again.view.outcome.termination == "time_up"


def test_time_limit_valuation_follows_the_book():
    g = _timed()
    clear_deeds(g)
    give(g, ANN, PARK_PLACE, BOARDWALK)
    build(g, {PARK_PLACE: 3, BOARDWALK: "hotel"})
    give(g, ANN, READING, mortgaged=True)
    give(g, BOB, ORIENTAL, VERMONT, CONNECTICUT)
    build(g, {ORIENTAL: 2, VERMONT: 1, CONNECTICUT: 1})
    check_invariants(g)
    # Ann: cash 900 + printed prices 350 + 400 + Reading at its mortgage value 100
    #      + three houses at cost 600 + a hotel at the cost of five houses 1000
    assert g.view.face_value(ANN) == 900 + 350 + 400 + 100 + 3 * 200 + 5 * 200
    # Bob: cash 830 + 100 + 100 + 120 + four houses at 50
    assert g.view.face_value(BOB) == 830 + 320 + 200
    g.set_clock(3600)
    assert g.view.outcome.values == [3350, 1350] and g.view.outcome.winner == ANN


# --------------------------------------------------------------------- the .com short game
def _dotcom(*rolls, players=("Ann", "Bob", "Cat"), **options) -> Game:
    return new_game(*rolls, players=players, edition="dotcom", short_game="dotcom", **options)


def test_dotcom_short_game_deals_three_free_deeds_each():
    g = _dotcom()
    dealt = of(g.log, E.DeedDealt)
    assert len(dealt) == 9 and all(d.price == 0 for d in dealt)
    assert [len(g.view.owned(p)) for p in range(3)] == [3, 3, 3]
    assert paid(g.log) == [] and cash(g) == [1500, 1500, 1500]
    assert [d.player for d in dealt] == [ANN, BOB, CAT] * 3


def test_dotcom_short_game_three_houses_then_a_hotel():
    g = _dotcom()
    clear_deeds(g)
    give(g, ANN, MEDITERRANEAN, BALTIC)
    build(g, {MEDITERRANEAN: 3, BALTIC: 2})
    with pytest.raises(IllegalActionError, match="build evenly"):
        g.apply(Build(ANN, MEDITERRANEAN))
    act(g, Build(ANN, BALTIC))
    events = act(g, Build(ANN, BALTIC))
    assert g.view.hotel(BALTIC) and of(events, E.BuildingBought)[0].cost == 50


def test_dotcom_jail_must_be_left_on_the_next_turn_fine_after_a_failed_throw():
    g = _dotcom((1, 2))
    clear_deeds(g)
    jail(g, ANN)
    events = act(g, Roll(ANN))  # no doubles: pay the fine at once and move by this throw
    assert E.LeftJail(ANN, "forced_fine") in events
    assert paid(events, "jail fine") == [(ANN, BANK, 50)]
    assert g.view.position(ANN) == 13 and not g.view.in_jail(ANN)
    assert g.view.pending.kind == K.BUY and g.view.pending.square == 13


def test_dotcom_jail_may_be_left_by_paying_before_the_throw():
    g = _dotcom((1, 2))
    clear_deeds(g)
    jail(g, ANN)
    act(g, PayJailFine(ANN))
    events = act(g, Roll(ANN))
    assert of(events, E.DiceRolled)[0].purpose == "move"
    assert g.view.position(ANN) == 13 and cash(g)[ANN] == 1450


def test_dotcom_jail_left_with_doubles():
    g = _dotcom((2, 2))
    clear_deeds(g)
    jail(g, ANN)
    events = act(g, Roll(ANN))
    assert E.LeftJail(ANN, "doubles") in events and paid(events) == []
    assert g.view.position(ANN) == 14


def test_dotcom_short_game_income_tax_is_a_flat_200():
    g = _dotcom((1, 3))  # the edition's own default offers the choice; the short game does not
    clear_deeds(g)
    events = act(g, Roll(ANN))
    assert not of(events, E.TaxChoiceNeeded)
    assert paid(events, "tax") == [(ANN, BANK, 200)]
    assert g.view.pending.kind == K.ROLL and g.view.pending.player == BOB


def test_dotcom_short_game_ends_at_the_first_bankruptcy_with_the_dotcom_valuation():
    g = _dotcom((1, 3), rent_claim="automatic")
    clear_deeds(g)
    give(g, BOB, PARK_PLACE, BOARDWALK)
    build(g, {PARK_PLACE: 3, BOARDWALK: "hotel"})
    give(g, CAT, ORIENTAL, VERMONT, CONNECTICUT)
    build(g, {CONNECTICUT: 1})
    give(g, CAT, READING, mortgaged=True)
    set_cash(g, ANN, 100)
    place(g, ANN, SHORT_LINE)
    act(g, Roll(ANN))  # Yahoo! with an office: $2,000M
    assert g.view.pending.kind == K.RAISE_FUNDS
    events = act(g, DeclareBankruptcy(ANN))
    assert g.view.over and g.view.outcome.termination == "first_bankruptcy"
    # Bob: cash 1500 + 100 from Ann + lots 350 + 400 + three houses at cost + the hotel at its
    # price plus the three houses turned in for it (four house prices)
    bob = 1600 + 350 + 400 + 3 * 200 + 4 * 200
    # Cat: cash + 100 + 100 + 120 + one house + the mortgaged AT&T at half its printed price
    cat = 1500 + 320 + 50 + 100
    assert g.view.outcome.values == [0, bob, cat]
    assert g.view.outcome.winner == BOB
    assert of(events, E.GameOver)[0].values == (0, bob, cat)


def test_dotcom_rules_are_saved_with_the_game():
    g = _dotcom()
    assert g.to_dict()["rules"]["short_game"] == "dotcom"
    assert Game.from_dict(g.to_dict()).rules.houses_per_hotel == 3


# ------------------------------------------------------------------------------- ending early
def test_end_game_values_every_player_and_names_the_winner():
    g = new_game(players=("Ann", "Bob", "Cat"))
    give(g, ANN, READING)
    give(g, BOB, PARK_PLACE, BOARDWALK)
    build(g, {BOARDWALK: 1})
    give(g, CAT, SHORT_LINE, mortgaged=True)
    events = act(g, EndGame(CAT))
    assert g.view.over and g.view.outcome.termination == "ended"
    assert g.view.outcome.values == [1700, 1500 + 350 + 400 + 200, 1600]
    assert g.view.outcome.winner == BOB
    assert E.GameOver("ended", BOB, (1700, 2450, 1600)) in events
    assert g.legal_actions() == []


def test_once_time_is_up_only_the_player_in_play_may_still_deal():
    """When the finish is announced only the player in play completes the move and its dealings."""
    from monopoly.engine import IllegalActionError, Mortgage
    game = Game.new(["Ann", "Bob"], rules={"short_game": "time_limit", "time_limit_minutes": 60},
                    dice=ScriptedDice([(1, 2)], shuffle_with=1), first_player=0)
    bob_deed = game.view.owned(1)[0]
    ann_deed = game.view.owned(0)[0]
    game.apply(Roll(0))  # Ann lands on Baltic Avenue (or wherever) and is still in play
    if game.view.pending.kind == "roll":
        pytest.skip("the scripted throw finished Ann's move")
    game.set_clock(60 * 60)
    assert game.view.time_up and not game.view.over
    with pytest.raises(IllegalActionError, match="time is up"):
        game.apply(Mortgage(1, bob_deed))
    assert not any(a.player == 1 for a in game.legal_actions() if isinstance(a, Mortgage))
    assert game.view.is_legal(Mortgage(0, ann_deed)) or game.view.mortgaged(ann_deed)
