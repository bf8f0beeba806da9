"""Positions set up through the engine's API: built, read back, arranged in place, refused when
impossible; and the position files of ``monopoly --position`` and ``monopoly simulate --position``."""

from __future__ import annotations

import dataclasses
import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from monopoly.reports.tournament import run_games
from monopoly.cli.simulate import main as simulate_main
from monopoly.storage.positions import read_position
from monopoly.storage.starts import start_from_position
from monopoly.engine import (Bid, Build, DecisionKind as K, Debt, DeckSetup, Game, Mortgage, OrderBuildings,
                             PlayerSetup, Position, PositionError, Roll, ScriptedDice, arrange, build_game,
                             check_invariants, position_of, rearrange)
from scenario import deck_order

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "docs" / "examples" / "position.json"
PARK_PLACE, BOARDWALK = 37, 39
BROWNS = (1, 3)


def two(**changes) -> Position:
    """Ann and Bob at the start, changed as asked."""
    return Position(**{"players": (PlayerSetup("Ann"), PlayerSetup("Bob")), **changes})


def example_dict() -> dict:
    return json.loads(EXAMPLE.read_text(encoding="utf-8"))


# ------------------------------------------------------------------------------------------ building
def test_the_example_file_sets_up_its_board_with_the_bank_balanced():
    game = build_game(read_position(EXAMPLE))
    check_invariants(game)
    v = game.view
    assert [p.name for p in v.players()] == ["Ann", "Bob", "Cy"]
    assert [p.cash for p in v.players()] == [340, 95, 1210]
    assert v.bank_books() == (0, 3 * 1500 - (340 + 95 + 1210))  # (paid out, paid in)
    assert v.bank_houses == 32 - (3 + 4 + 2 + 2 + 1 + 4 + 4) and v.bank_hotels == 12 - 1
    assert v.hotel(18) and v.houses(PARK_PLACE) == 3 and v.houses(BOARDWALK) == 4
    assert v.owner(12) == 0 and v.mortgaged(12) and v.owner(3) == 2 and v.mortgaged(3)
    bob = v.player(1)
    assert (bob.in_jail, bob.jail_turns, bob.position, bob.jail_cards) == (True, 1, 10, ("community_chest",))
    assert v.position(0) == 24 and v.position(2) == 33
    chance = deck_order(game, "chance")
    assert chance[:2] == ("chance-boardwalk", "chance-repairs") and len(chance) == 16
    chest = deck_order(game, "community_chest")
    assert "community_chest-jail-free" not in chest and len(chest) == 15
    assert (game.view.pending.kind, game.view.pending.player, v.turn) == (K.ROLL, 2, 57)
    assert game.rules.rent_claim == "automatic"


def test_the_seed_decides_the_unordered_decks_and_the_dice():
    position = read_position(EXAMPLE)
    a, b = build_game(position), build_game(position)
    assert _decks(a) == _decks(b) and a.dice.roll() == b.dice.roll()
    c = build_game(position, seed=1)
    assert _decks(c)[1] != _decks(a)[1]
    scripted = build_game(position, dice=ScriptedDice([(2, 3)]))
    printed = [card.id for card in scripted.edition.deck("community_chest")]
    chest = _decks(scripted)[1]
    assert list(chest) == [card for card in printed if card in chest]  # scripted dice leave printed order


def _decks(game: Game) -> list[tuple[str, ...]]:
    return [deck_order(game, "chance"), deck_order(game, "community_chest")]


def test_defaults_make_a_fresh_game_at_a_chosen_turn():
    game = build_game(two(current_player="bob", turn=12), seed=3)
    v = game.view
    assert [p.cash for p in v.players()] == [1500, 1500] and [p.position for p in v.players()] == [0, 0]
    assert v.bank_books() == (0, 0) and v.bank_houses == 32
    assert (v.current_player, v.turn) == (1, 12)
    assert all(o == -1 for o in v.owners())


def test_squares_by_index_text_index_or_name_in_any_case():
    position = two(players=(PlayerSetup("Ann", owns=(1, "3", "BOARDWALK"), square="park place"),
                            PlayerSetup("Bob")))
    v = build_game(position).view
    assert [sq for sq in range(40) if v.owner(sq) == 0] == [1, 3, BOARDWALK]
    assert v.position(0) == PARK_PLACE


def test_a_full_deck_order_is_kept():
    ids = [c.id for c in reversed(build_game(two()).edition.deck("chance"))]
    game = build_game(two(decks={"chance": DeckSetup(order=tuple(ids))}))
    assert list(deck_order(game, "chance")) == ids


def test_a_debt_is_the_first_decision_and_the_turn_runs_on_once_it_is_paid():
    players = (PlayerSetup("Ann", cash=10, owns=("Reading Railroad",)), PlayerSetup("Bob"))
    game = build_game(Position(players=players, debt=Debt("Ann", 100, "Bob", "rent")), dice=ScriptedDice([]))
    check_invariants(game)
    d = game.view.pending
    assert (d.kind, d.player, d.amount, d.creditor, d.debt_for) == (K.RAISE_FUNDS, 0, 100, 1, "rent")
    game.apply(Mortgage(0, 5))  # $100 raised: the debt is paid and Bob's turn begins
    assert [p.cash for p in game.view.players()] == [10, 1600]
    assert (game.view.pending.kind, game.view.pending.player) == (K.ROLL, 1)

    after_doubles = build_game(Position(players=players, debt=Debt("Ann", 100), doubles=1), dice=ScriptedDice([]))
    after_doubles.apply(Mortgage(0, 5))
    assert (after_doubles.view.pending.kind, after_doubles.view.pending.player) == (K.ROLL, 0), "Ann throws again"


# --------------------------------------------------------------------------------------- round trips
def test_the_example_round_trips_through_dict_and_json():
    position = Position.from_dict(example_dict())
    assert Position.from_dict(position.to_dict()) == position
    assert Position.from_dict(json.loads(json.dumps(position.to_dict()))) == position


def test_a_games_own_position_sets_up_the_same_board():
    game = build_game(read_position(EXAMPLE))
    again = position_of(game)
    rebuilt = build_game(again)
    assert position_of(rebuilt) == again
    for name in ("players", "owner", "mortgaged", "houses", "hotel", "bank_houses", "bank_hotels", "decks", "turn",
                 "bank_paid_in", "bank_paid_out"):
        assert _state(rebuilt)[name] == _state(game)[name], name
    assert rebuilt.rules == game.rules and rebuilt.dice.seed == game.dice.seed


def _state(game: Game) -> dict:
    """The whole state of a game, as it is saved."""
    state: dict = game.to_dict()["state"]
    return state


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 400), edition=st.sampled_from(["us", "uk", "dotcom"]))
def test_any_position_reached_in_play_is_read_back_and_set_up_again(seed, steps, edition):
    """Random legal play, stopped at a throw or a debt: the position read from the game builds a
    game with the same board, and reading that game gives the same position."""
    rng = random.Random(seed)
    game = Game.new(["Ann", "Bob", "Cy"], edition, seed=seed)
    for _ in range(steps):
        if game.view.over:
            break
        game.apply(rng.choice(game.legal_actions()))
    while not game.view.over and not _readable(game):
        game.apply(rng.choice(game.legal_actions()))
    if game.view.over:
        with pytest.raises(PositionError, match="over"):
            position_of(game)
        return
    position = position_of(game)
    rebuilt = build_game(Position.from_dict(json.loads(json.dumps(position.to_dict()))))
    check_invariants(rebuilt)
    assert position_of(rebuilt) == position
    for name in ("players", "owner", "mortgaged", "houses", "hotel", "bank_houses", "bank_hotels", "decks",
                 "offline_square"):
        assert _state(rebuilt)[name] == _state(game)[name], name
    assert rebuilt.view.pending == game.view.pending


def _readable(game: Game) -> bool:
    s = _state(game)
    stack, turn = s["stack"], s["turn"]
    if not stack:
        return turn["phase"] == "await_roll"
    return (len(stack) == 1 and stack[0]["kind"] == K.RAISE_FUNDS and not turn["steps"]
            and not turn["offline_moves"] and turn["again"] == (turn["doubles"] > 0))


def test_position_of_refuses_a_game_waiting_for_other_decisions():
    game = build_game(two(), dice=ScriptedDice([(1, 2)]))
    game.apply(Roll(0))  # Ann lands on Baltic Avenue: buy it or not
    with pytest.raises(PositionError, match="not while waiting for buy"):
        position_of(game)


# ------------------------------------------------------------------------------------------ refusals
def _player(name: str, **fields) -> dict:
    return {"name": name, **fields}


REFUSED = [
    ({"players": [_player("Ann")]}, "2 to 8 players, not 1"),
    ({"players": [_player("Ann"), _player("ann")]}, "two players have the same name"),
    ({"players": [_player("Ann", cash=-5), _player("Bob")]}, "Ann's cash is negative"),
    ({"players": [_player("Ann", owns=["Go"]), _player("Bob")]}, "Go is not a property: nobody can own it"),
    ({"players": [_player("Ann", owns=["Boardwalk"]), _player("Bob", mortgaged=[39])]},
     "Boardwalk is owned twice"),
    ({"players": [_player("Ann", owns=["Nowhere Lane"]), _player("Bob")]}, "no square is called 'Nowhere Lane'"),
    ({"players": [_player("Ann", owns=["chance"]), _player("Bob")]}, "3 squares are called 'chance'"),
    ({"players": [_player("Ann", owns=[40]), _player("Bob")]}, "square 40 is off the board"),
    ({"current_player": "Zed"}, "no player is called 'Zed'"),
    ({"current_player": 5}, "there is no seat 5"),
    ({"edition": "mars"}, "unknown edition 'mars'"),
    ({"rules": {"rent_claim": "never"}}, "rent_claim must be one of"),
    ({"rules": {"free_parking_jackpot": True}}, "unknown rule option"),
    ({"colour": "red"}, "unknown field 'colour'"),
    ({"players": [_player("Ann", cash="lots"), _player("Bob")]}, r"players\[0\].cash: expected a whole number"),
    ({"turn": 0}, "turn number is a whole number from 1"),
    ({"doubles": 3}, "doubles thrown this turn are 0 to 2"),
    ({"players": [_player("Ann", owns=["Park Place", "Boardwalk"]), _player("Bob")],
      "buildings": {"Park Place": 4, "Boardwalk": 2}}, "uneven building: Park Place has 4 houses and Boardwalk 2"),
    ({"players": [_player("Ann", owns=["Park Place", "Boardwalk"]), _player("Bob")],
      "buildings": {"Park Place": 3, "Boardwalk": "hotel"}},
     "Boardwalk has a hotel, but Park Place has 3 houses: a hotel needs 4 houses"),
    ({"players": [_player("Ann", owns=["Park Place", "Boardwalk"]), _player("Bob")],
      "buildings": {"Park Place": 5, "Boardwalk": 5}}, "Park Place has 5 houses; a street has 0 to 4"),
    ({"players": [_player("Ann", owns=["Park Place"]), _player("Bob", owns=["Boardwalk"])],
      "buildings": {"Park Place": 1}}, "whole group is not owned by one player"),
    ({"players": [_player("Ann", owns=["Park Place"], mortgaged=["Boardwalk"]), _player("Bob")],
      "buildings": {"Park Place": 1}}, "Boardwalk in its group is mortgaged"),
    ({"players": [_player("Ann", owns=["Reading Railroad"]), _player("Bob")], "buildings": {"Reading Railroad": 1}},
     "Reading Railroad is not a street"),
    ({"buildings": {"Park Place": "castle"}}, 'expected a number of houses or "hotel"'),
    ({"players": [_player("Ann", owns=[1, 3, 6, 8, 9, 11, 13, 14, 16, 18, 19]), _player("Bob")],
      "buildings": {str(sq): 3 for sq in (1, 3, 6, 8, 9, 11, 13, 14, 16, 18, 19)}},
     "the board has 33 houses, but the bank has only 32"),
    ({"players": [_player("Ann", owns=[1, 3, 6, 8, 9, 11, 13, 14, 16, 18, 19, 37, 39]), _player("Bob")],
      "buildings": {str(sq): "hotel" for sq in (1, 3, 6, 8, 9, 11, 13, 14, 16, 18, 19, 37, 39)}},
     "the board has 13 hotels, but the bank has only 12"),
    ({"players": [_player("Ann", jail_cards=["chance"]), _player("Bob", jail_cards=["chance"])]},
     "players hold 2 Get Out of Jail Free cards from chance, but the deck has 1"),
    ({"players": [_player("Ann", jail_cards=["bonus"]), _player("Bob")]}, "no deck is called 'bonus'"),
    ({"decks": {"chance": {"top": ["chance-moon"]}}}, "the chance deck has no card 'chance-moon'"),
    ({"decks": {"chance": {"top": ["chance-go", "chance-go"]}}}, "names a card twice"),
    ({"decks": {"chance": {"order": ["chance-go"]}}}, "must list each card still in the deck once"),
    ({"decks": {"chance": {"top": ["chance-go"], "order": ["chance-go"]}}}, "either top or order"),
    ({"players": [_player("Ann", jail_cards=["chance"]), _player("Bob")],
      "decks": {"chance": {"top": ["chance-jail-free"]}}}, "held by a player, not in the deck"),
    ({"decks": {"bonus": {}}}, "no deck is called 'bonus'"),
    ({"players": [_player("Ann", in_jail=True, square="Go"), _player("Bob")]}, "the token belongs on Jail"),
    ({"players": [_player("Ann", in_jail=True, jail_turns=3), _player("Bob")]}, "has tried 3 throws in jail"),
    ({"players": [_player("Ann", jail_turns=1), _player("Bob")]}, "not in jail but has tried 1"),
    ({"players": [_player("Ann"), _player("Bob", bankrupt=True)]}, "Bob is bankrupt, so owns nothing"),
    ({"players": [_player("Ann"), _player("Bob", bankrupt=True, cash=0)]}, "at least two players"),
    ({"players": [_player("Ann"), _player("Bob"), _player("Cy", bankrupt=True, cash=0)], "current_player": "Cy"},
     "it cannot be Cy's turn: Cy is bankrupt"),
    ({"debt": {"player": "Ann", "amount": 100}}, "enough to pay \\$100 at once"),
    ({"debt": {"player": "Ann", "amount": 2000, "creditor": "Ann"}}, "cannot owe money to themselves"),
    ({"debt": {"player": "Ann", "amount": 0}}, "a debt is more than nothing"),
    ({"debt": {"player": "Ann", "amount": 2000, "creditor": "Zed"}}, "no player is called 'Zed'"),
    ({"offline_square": "Income Tax"}, "Offline token stands on Go or a property"),
    ({"rules": {"short_game": "dotcom"}, "edition": "dotcom",
      "players": [_player("Ann", owns=[1, 3]), _player("Bob")], "buildings": {"1": 4, "3": 4}},
     "a street has 0 to 3"),
]


@pytest.mark.parametrize("changes, reason", REFUSED, ids=[r for _, r in REFUSED])
def test_an_impossible_position_is_refused_with_its_reason(changes, reason):
    data = {"players": [_player("Ann"), _player("Bob")], **changes}
    with pytest.raises(PositionError, match=reason):
        build_game(Position.from_dict(data))


@pytest.mark.parametrize("data, reason", [
    ([], "position: expected an object"),
    ({}, "position.players: missing"),
    ({"players": "Ann"}, "position.players: expected a list"),
    ({"players": [{"cash": 5}]}, r"position.players\[0\].name: missing"),
    ({"players": [{"name": "Ann", "in_jail": "yes"}]}, "expected true or false"),
    ({"players": [{"name": "A"}], "buildings": ["Boardwalk"]}, "position.buildings: expected an object"),
])
def test_malformed_data_is_refused_naming_the_field(data, reason):
    with pytest.raises(PositionError, match=reason):
        Position.from_dict(data)


def test_a_position_error_is_a_value_error():
    assert issubclass(PositionError, ValueError)


# ------------------------------------------------------------------------------------------ in place
def _game(*rolls) -> Game:
    return Game.new(["Ann", "Bob", "Cy"], dice=ScriptedDice(list(rolls)), first_player=0)


def test_arrange_changes_the_board_and_keeps_the_books():
    game = _game()
    arrange(game, owners={"Park Place": "Ann", 39: 0}, buildings={37: 2, "boardwalk": 2}, cash={"Bob": 20},
            squares={"Cy": "Short Line"}, jail={1: 2}, jail_cards={2: ["chance", "community_chest"]},
            top_cards={"community_chest": ["community_chest-go"]})
    check_invariants(game)
    v = game.view
    assert v.houses(PARK_PLACE) == v.houses(BOARDWALK) == 2 and v.bank_houses == 28
    assert v.cash(1) == 20 and v.bank_books()[1] == 1480
    assert (v.in_jail(1), v.jail_turns(1), v.position(1)) == (True, 2, 10)
    assert v.position(2) == 35 and v.jail_cards(2) == ("chance", "community_chest")
    assert len(deck_order(game, "chance")) == len(deck_order(game, "community_chest")) == 15
    assert deck_order(game, "community_chest")[0] == "community_chest-go"
    arrange(game, jail_cards={2: []}, jail={1: None}, owners={37: None, 39: None}, buildings={37: 0, 39: 0})
    check_invariants(game)
    assert len(deck_order(game, "chance")) == len(deck_order(game, "community_chest")) == 16
    assert not v.in_jail(1) and v.bank_houses == 32


def test_a_refused_arrangement_changes_nothing():
    game = _game()
    arrange(game, owners=dict.fromkeys(BROWNS, 0))
    before = game.to_dict()
    with pytest.raises(PositionError, match="uneven building"):
        arrange(game, cash={0: 5}, buildings={1: 2})
    assert game.to_dict() == before


def test_arrange_keeps_the_states_objects():
    game = _game()
    state, ann = game.state, game.state.players[0]
    arrange(game, cash={0: 700})
    assert game.state is state and game.state.players[0] is ann and ann.cash == 700


def test_arrange_is_refused_on_a_finished_game():
    game = build_game(two(rules={"max_turns": 1}), dice=ScriptedDice([(1, 2)]))
    game.apply(Roll(0))
    game.apply(game.legal_actions(0)[0])
    assert game.view.over
    with pytest.raises(PositionError, match="the game is over"):
        arrange(game, cash={0: 5})


def test_arrange_may_change_cash_in_an_auction_but_not_the_property_for_sale():
    game = _game((1, 2))
    game.apply(Roll(0))
    game.apply(game.legal_actions(0)[-1])  # Ann declines Baltic Avenue: it goes to auction
    assert game.view.pending.kind == K.AUCTION
    arrange(game, cash={1: 30})
    with pytest.raises(PositionError, match="engine refuses the position"):
        arrange(game, owners={3: 1})
    game.apply(Bid(1, 30))
    assert game.view.pending.auction.high_bid == 30


def test_arrange_leaves_buildings_alone_while_scarce_houses_are_auctioned():
    game = _game()
    arrange(game, owners={**dict.fromkeys(BROWNS, 0), **dict.fromkeys((6, 8, 9), 1),
                          **dict.fromkeys((21, 23, 24, 26, 27, 29, 31, 32, 34), 2)},
            buildings=dict.fromkeys((21, 23, 24, 26, 27, 29, 31, 32, 34), 3))
    assert game.view.bank_houses == 5
    game.apply(OrderBuildings(0, ((0, 4), (1, 3))))
    assert game.view.pending.kind == K.AUCTION
    with pytest.raises(PositionError, match="scarce houses or hotels"):
        arrange(game, buildings={21: 2, 23: 2, 24: 2})
    arrange(game, cash={2: 100})  # anything else may change


def test_whose_turn_changes_only_at_a_throw():
    game = _game((1, 2))
    arrange(game, current_player="Cy")
    assert game.view.pending.player == 2
    game.apply(Roll(2))  # Cy to Baltic Avenue: buy it or not
    with pytest.raises(PositionError, match="only at a throw"):
        arrange(game, current_player=0)


def test_arrange_adds_a_debt_beneath_the_pending_decisions():
    game = _game()
    arrange(game, owners={5: 0}, cash={0: 10}, debt=Debt(0, 60, "Bob", "rent"))
    assert (game.view.pending.kind, game.view.pending.amount) == (K.RAISE_FUNDS, 60)
    with pytest.raises(PositionError, match="already raising funds"):
        arrange(game, debt=Debt(0, 70))
    game.apply(Mortgage(0, 5))
    assert [p.cash for p in game.view.players()] == [50, 1560, 1500] and game.view.pending.kind == K.ROLL


def test_arrange_makes_a_player_bankrupt_only_with_nothing_left():
    game = _game()
    arrange(game, owners={1: 2})
    with pytest.raises(PositionError, match="Cy is bankrupt, so owns nothing"):
        arrange(game, bankrupt=["Cy"])
    arrange(game, owners={1: None}, bankrupt=["Cy"])
    check_invariants(game)
    assert game.view.active_players() == [0, 1] and game.view.cash(2) == 0


def test_rearrange_puts_a_game_in_a_position_of_its_own_edition_and_rules():
    game = _game((1, 2))
    game.apply(Roll(0))  # a decision pending, which the position replaces
    position = Position(players=(PlayerSetup("Ann", owns=BROWNS), PlayerSetup("Bob"), PlayerSetup("Cy", cash=9)),
                        buildings={1: 1, 3: 1}, current_player=1)
    rearrange(game, position)
    check_invariants(game)
    assert (game.view.pending.kind, game.view.pending.player) == (K.ROLL, 1) and game.view.houses(1) == 1
    with pytest.raises(PositionError, match="keeps its edition and rules"):
        rearrange(game, dataclasses.replace(position, edition="uk"))
    with pytest.raises(PositionError, match="keeps its edition and rules"):
        rearrange(game, dataclasses.replace(position, rules={"rent_claim": "automatic"}))


def test_the_scenario_kit_builds_a_group_at_once_and_refuses_uneven_steps():
    from scenario import build, give, new_game
    game = new_game()
    give(game, 0, PARK_PLACE, BOARDWALK)
    with pytest.raises(PositionError, match="uneven"):
        build(game, {PARK_PLACE: 4})
    build(game, {PARK_PLACE: 4, BOARDWALK: "hotel"})
    assert game.view.rent(BOARDWALK) == 2000
    game.apply(Build(0, PARK_PLACE))
    assert game.view.hotel(PARK_PLACE)


# -------------------------------------------------------------------------------- files and commands
def _monopoly(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "monopoly", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=60)


@pytest.mark.parametrize("content, problem", [
    (None, "no such file"),
    ('{"players": [', "bad JSON at line 1, column 14"),
    ('{"players": [{"name": "Ann"}, {"name": "Bob", "cash": -3}]}', "Bob's cash is negative"),
    ('{"players": [{"name": "Ann"}, {"nam": "Bob"}]}', "unknown field 'nam'"),
])
@pytest.mark.parametrize("command", [[], ["simulate"]])
def test_a_bad_position_file_exits_1_naming_the_file_and_the_problem(tmp_path, command, content, problem):
    path = tmp_path / "mine.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    result = _monopoly(*command, "--position", str(path))
    assert result.returncode == 1
    assert str(path) in result.stderr and problem in result.stderr
    assert "Traceback" not in result.stderr


def test_monopoly_position_needs_a_terminal_once_the_file_is_good():
    result = subprocess.run([sys.executable, "-m", "monopoly", "--position", str(EXAMPLE)], capture_output=True,
                            text=True, cwd=ROOT, timeout=60, stdin=subprocess.DEVNULL)
    assert result.returncode == 2 and "interactive terminal" in result.stderr


def test_the_game_of_monopoly_position_is_set_up_from_the_file():
    started = start_from_position(EXAMPLE, seed=4)
    game = started.game
    assert position_of(game).players == position_of(build_game(read_position(EXAMPLE))).players
    assert game.dice.seed == 4 and started.computers is None
    assert len(started.ui.tokens) == 3 and started.resumed_from is None
    with_computers = start_from_position(EXAMPLE, computers="bob:ruthless, Cy")
    assert with_computers.computers is not None
    assert with_computers.computers.next_action(with_computers.game) is not None  # Cy, a computer, throws
    with pytest.raises(ValueError, match="no player 'Zed'"):
        start_from_position(EXAMPLE, computers="Zed")
    with pytest.raises(ValueError, match="unknown strategy 'genius'"):
        start_from_position(EXAMPLE, computers="Bob:genius")


def test_simulate_plays_every_game_from_the_position_with_its_own_seed(capsys):
    position = read_position(EXAMPLE)
    results = run_games(4, ["ruthless", "basic", "cautious"], seed=5, max_turns=30, position=position)
    assert len(results) == 4 and all(1 <= r.turns <= 30 for r in results)
    assert results == run_games(4, ["ruthless", "basic", "cautious"], seed=5, max_turns=30, position=position)
    assert len({r.landings for r in results}) > 1, "each game has its own dice"
    code = simulate_main(["--position", str(EXAMPLE), "--games", "3", "--max-turns", "20", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0 and report["games"] == 3 and report["edition"] == "us"
    assert report["strategies"] == ["ruthless", "basic", "basic"]  # the default, cut to three seats
    assert simulate_main(["--position", str(EXAMPLE), "--strategies", "basic,basic"]) == 2
    assert "the position has 3 players" in capsys.readouterr().err


def test_the_documentation_example_runs():
    text = (ROOT / "docs" / "positions.md").read_text(encoding="utf-8")
    example = re.findall(r"```python\n(.*?)```", text, re.S)[0]
    exec(compile(example, "docs/positions.md", "exec"), {})
    shown = re.findall(r"```json\n(.*?)```", text, re.S)[0]
    assert json.loads(shown) == example_dict(), "the page shows the example file as it is"
