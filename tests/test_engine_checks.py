"""The engine's own checks of what comes in: players' names, saved games' versions, the clock,
the dice generator's state, and queries given the wrong type."""

from __future__ import annotations

import copy

import pytest

from monopoly.engine import Game, SaveFormatError, player_name


@pytest.mark.parametrize("names, why", [
    (["Bartholomew", "Bob"], "at most 7"),
    (["Ann", "ann"], "already playing"),
    (["Ann", "  "], "needs a name"),
    (["Ann", "a/b"], "letters and digits"),
    (["Ann", "\u6f22\u5b57"], "one column"),
])
def test_a_new_game_takes_only_names_a_player_could_type(names: list[str], why: str) -> None:
    with pytest.raises(ValueError, match=why):
        Game.new(names, seed=1)


def test_names_are_written_one_way() -> None:
    assert player_name("  Mary   Jo ") == "Mary Jo"
    assert player_name("Zoe\u0301") == "Zo\u00e9"
    assert Game.new(["  Ann ", "Bob"], seed=1, first_player=0).view.name(0) == "Ann"


def _saved() -> dict:
    return Game.new(["Ann", "Bob"], seed=3, first_player=0).to_dict()


@pytest.mark.parametrize("edit, why", [
    (lambda d: d.__setitem__("version", 1.0), "version"),
    (lambda d: d.__setitem__("version", True), "version"),
    (lambda d: d["state"]["players"][0].__setitem__("name", "Bartholomew"), "players\\[0\\].name"),
    (lambda d: d["state"]["players"][1].__setitem__("name", "ANN"), "already playing"),
    (lambda d: d["state"].__setitem__("clock_seconds", 10**400), "clock_seconds"),
    (lambda d: d["dice"].__setitem__("seed", "7"), "dice"),
    (lambda d: d["dice"]["state"][1].__setitem__(slice(0, 624), [0] * 624), "dice"),
    (lambda d: d["dice"]["state"].__setitem__(2, "spare"), "dice"),
])
def test_a_saved_game_is_refused_when_its_values_could_not_have_been_written(edit, why: str) -> None:
    data = copy.deepcopy(_saved())
    edit(data)
    with pytest.raises(SaveFormatError, match=why):
        Game.from_dict(data)


def test_a_game_saved_without_its_log_loads_with_an_empty_one() -> None:
    game = Game.new(["Ann", "Bob"], seed=3, first_player=0)
    data = game.to_dict(include_log=False)
    assert data["log"] == [] and game.log
    assert Game.from_dict(data).view.players() == game.view.players()


@pytest.mark.parametrize("player", ["0", 1.0, True, None, -1, 9])
def test_queries_given_the_wrong_type_answer_like_any_illegal_input(player: object) -> None:
    game = Game.new(["Ann", "Bob"], seed=3, first_player=0)
    if player is None:
        assert game.legal_actions(None)  # None means everyone
    else:
        assert game.legal_actions(player) == []  # type: ignore[arg-type]
