"""A game's history: records that replay to exactly the same game, and fair undo.

Undo may take back a person's own actions since chance last decided anything and since anybody
else last acted; it never brings back a throw or a card. Each case where it must be refused is
here with its reason.
"""

from __future__ import annotations

import json

import pytest

from monopoly.ai import ComputerPlayers
from monopoly.engine import (AcceptTrade, Build, DeclineToBuy, Game, IllegalActionError, Mortgage, PassBid,
                             ProposeTrade, Roll, SaveFormatError, build_game, events as E, game_from_record)

from records_games import played
from scenario import ANN, BOB, act, card_on_top, give, new_game

BROWNS = (1, 3)


def computer_game(edition: str, seed: int, turns: int = 60, **rules) -> Game:
    return played(edition, seed, turns, **rules)[0]


def same_game(a: Game, b: Game) -> bool:
    return json.dumps(a.to_dict(), sort_keys=True) == json.dumps(b.to_dict(), sort_keys=True)


# ---------------------------------------------------------------------------------------- records
@pytest.mark.parametrize("edition, seed", [("us", 1), ("uk", 2), ("dotcom", 3)])
def test_a_record_replays_to_exactly_the_same_game(edition: str, seed: int) -> None:
    game = computer_game(edition, seed)
    record = json.loads(json.dumps(game.record()))  # through JSON, as a file would carry it
    again = game_from_record(record)
    assert same_game(again, game)
    assert sum(len(step["events"]) for step in record["steps"]) + len(record["opening"]) == len(game.log)


def test_each_step_of_a_record_is_the_game_after_that_many_inputs() -> None:
    game = Game.new(["Ann", "Bob"], seed=5)
    players = ComputerPlayers(game, {0: "basic", 1: "basic"}, seed=5)
    snapshots = [json.dumps(game.to_dict(), sort_keys=True)]
    for _ in range(40):
        game.apply(players.next_action(game))
        snapshots.append(json.dumps(game.to_dict(), sort_keys=True))
    record = game.record()
    for n in (0, 1, 17, 40):
        assert json.dumps(game_from_record(record, n).to_dict(), sort_keys=True) == snapshots[n]


def test_the_clock_of_a_time_limit_game_is_part_of_its_record() -> None:
    game = Game.new(["Ann", "Bob"], rules={"short_game": "time_limit", "time_limit_minutes": 1}, seed=4)
    players = ComputerPlayers(game, {0: "basic", 1: "basic"}, seed=4)
    clock = 0
    while not game.view.over:
        clock += 1
        game.set_clock(clock)
        if not game.view.over:
            game.apply(players.next_action(game))
    assert game.view.outcome.termination == "time_up"
    assert same_game(game_from_record(game.record()), game)


def test_a_game_started_from_a_position_has_a_record_and_one_arranged_by_hand_has_none() -> None:
    from monopoly.engine import Position, PlayerSetup
    game = build_game(Position((PlayerSetup("Ann", 900, owns=("Boardwalk",)), PlayerSetup("Bob"))), seed=8)
    for _ in range(6):
        game.apply(game.view.safe_action())
    assert same_game(game_from_record(game.record()), game)
    arranged = new_game((3, 4))
    give(arranged, ANN, "Boardwalk")
    with pytest.raises(ValueError, match="arranged by hand"):
        arranged.record()


def test_a_saved_game_keeps_its_record() -> None:
    game = computer_game("us", 6, turns=20)
    loaded = Game.from_dict(json.loads(json.dumps(game.to_dict())))
    assert loaded.record() == game.record()


@pytest.mark.parametrize("spoil, why", [
    (lambda r: r.update(format="x"), "not a game record"),
    (lambda r: r.update(version=2.0), "record version"),
    (lambda r: r["steps"][3].update(action={"action": "fly", "player": 0}), "step 4"),
    (lambda r: r["steps"][0].update(clock="soon"), "step 1"),
    (lambda r: r["origin"].update(edition="moon"), "origin"),
])
def test_a_damaged_record_is_refused_with_its_reason(spoil, why: str) -> None:
    record = computer_game("us", 7, turns=10).record()
    spoil(record)
    with pytest.raises(SaveFormatError, match=why):
        game_from_record(record)


# ---------------------------------------------------------------------------------------- fair undo
def undo_game(*rolls: tuple[int, int]) -> Game:
    game = new_game(*rolls)
    game.enable_undo()
    return game


def test_a_house_built_is_taken_back_and_the_game_is_as_it_was() -> None:
    game = undo_game()
    give(game, ANN, *BROWNS)
    before = json.dumps(game.to_dict(), sort_keys=True)
    act(game, Build(ANN, 1))
    events = game.undo(ANN)
    assert events == [E.ActionUndone(ANN, "build", {"action": "build", "player": ANN, "square": 1})]
    assert json.dumps(game.to_dict(), sort_keys=True) == before
    assert not isinstance(game.log[-1], E.ActionUndone), "the log holds what stands"


def test_several_own_actions_are_taken_back_newest_first() -> None:
    game = undo_game()
    give(game, ANN, *BROWNS, 5)
    act(game, Mortgage(ANN, 5))
    act(game, Build(ANN, 1))
    game.undo(ANN)
    assert game.view.houses(1) == 0 and game.view.mortgaged(5)
    game.undo(ANN)
    assert not game.view.mortgaged(5)
    assert "nothing to take back" in game.undo_problem(ANN)


def test_a_throw_can_never_be_taken_back() -> None:
    game = undo_game((3, 4))
    act(game, Roll(ANN))
    assert "nothing to take back" in game.undo_problem(ANN)
    with pytest.raises(IllegalActionError, match="nothing to take back"):
        game.undo(ANN)


def test_nothing_before_a_card_drawn_can_be_taken_back() -> None:
    game = undo_game((3, 4), (1, 1))
    give(game, ANN, *BROWNS)
    act(game, Build(ANN, 1))
    card_on_top(game, "chance", "chance-go")
    act(game, Roll(ANN))  # lands on Chance: the card decided something
    assert "nothing to take back" in game.undo_problem(ANN)


def test_another_players_action_closes_the_window() -> None:
    game = undo_game((1, 2))
    give(game, BOB, *BROWNS)
    give(game, ANN, 6)
    act(game, Mortgage(ANN, 6))
    act(game, Build(BOB, 1))
    assert game.undo_problem(ANN) == "the last action was Bob's, not Ann's"
    game.undo(BOB)
    assert "nothing to take back" in game.undo_problem(ANN), "Bob acted after Ann: her mortgage stands"


def test_an_offer_not_yet_answered_is_taken_back_and_an_answered_one_is_not() -> None:
    game = undo_game()
    give(game, ANN, 6)
    act(game, ProposeTrade(ANN, BOB, give=(6,), cash=-50))
    assert game.view.pending_kind == "trade_response"
    game.undo(ANN)
    assert game.view.pending_kind == "roll" and game.view.owner(6) == ANN
    act(game, ProposeTrade(ANN, BOB, give=(6,), cash=-50))
    act(game, AcceptTrade(BOB))
    assert game.undo_problem(ANN) == "the last action was Bob's, not Ann's"


def test_declining_a_purchase_is_taken_back_before_anyone_bids() -> None:
    game = undo_game((1, 2))
    act(game, Roll(ANN))  # Baltic Avenue (3), for sale; the throw itself stays
    act(game, DeclineToBuy(ANN))
    assert game.view.pending_kind == "auction"
    game.undo(ANN)
    assert game.view.pending_kind == "buy" and game.view.position(ANN) == 3
    assert "nothing to take back" in game.undo_problem(ANN)
    act(game, DeclineToBuy(ANN))
    act(game, PassBid(ANN))
    assert game.undo_problem(ANN) is None, "Ann's own pass, nobody else has acted"


def test_undo_is_refused_where_it_is_not_switched_on() -> None:
    game = new_game()
    give(game, ANN, *BROWNS)
    act(game, Build(ANN, 1))
    assert game.undo_problem(ANN) == "undo is not on in this game"


def dealt_game(seed: int) -> Game:
    """A .com short game (three deeds dealt to each) with undo on, after its first throw."""
    game = Game.new(["Ann", "Bob"], "dotcom", {"short_game": "dotcom"}, seed=seed, first_player=0)
    game.enable_undo()
    game.apply(Roll(ANN))
    while game.view.pending_kind != "roll":
        game.apply(game.view.safe_action())
    return game


def test_an_undone_action_leaves_no_trace_in_the_record() -> None:
    game = dealt_game(11)
    p = game.view.pending_player
    before, journal = json.dumps(game.to_dict(), sort_keys=True), len(game.journal)
    game.apply(Mortgage(p, game.view.owned(p)[0]))
    game.undo(p)
    assert json.dumps(game.to_dict(), sort_keys=True) == before and len(game.journal) == journal
    assert same_game(game_from_record(game.record()), game)


def test_the_autosave_rewrites_the_log_after_an_undo(tmp_path) -> None:
    from monopoly.storage import saves
    ui = {"tokens": ["Car", "Dog"], "fastmove": False, "show_cash": True, "elapsed": 0}
    game = dealt_game(12)
    p = game.view.pending_player
    record = saves.GameRecord(tmp_path)
    record.autosave(game, None, ui)
    game.apply(Mortgage(p, game.view.owned(p)[0]))
    record.autosave(game, None, ui)  # the mortgage's events are written out...
    game.undo(p)
    game.apply(Mortgage(p, game.view.owned(p)[1]))  # ...and others take their places in the log
    path = record.autosave(game, None, ui)
    assert same_game(saves.read_save(path).game, game)
