"""A long game's save loads faster (issue 26), and still with every guard of the one reader.

The loading of a large save was made faster (each type's reader made once, the collector paused
while building, the file parsed once for ``record``/``stats``/``replay``, the second encoding
skipped where no surrogate is escaped). These tests check that nothing was given up for it: a
damage deep inside a large file is still refused with the file and the field named, the size
cap, the nesting and number bounds still hold, and the game loaded is the game saved.
"""

from __future__ import annotations

import gc
import json
from pathlib import Path
from typing import Any, Callable

import pytest

from monopoly.ai import ComputerPlayers
from monopoly.engine import Game, game_from_record
from monopoly.reports.stats import StatsCount, game_stats
from monopoly.storage import files, saves
from monopoly.storage.records import RecordError, read_source

TURNS = 5_000  # about 3 MB: large enough that a damage is deep inside, quick to load


def long_game(turns: int) -> tuple[Game, ComputerPlayers]:
    """Four ``basic`` computers kept solvent by the house rules, played past ``turns`` to seat 0's throw
    (``benchmarks/big_save.py`` makes the 30 MB one the same way)."""
    rules = {"max_turns": 100_000, "go_salary": 20_000, "starting_cash": 100_000}
    game = Game.new(["Ann", "Bob", "Cy", "Di"], "us", rules, seed=7, first_player=0)
    players = ComputerPlayers(game, {seat: "basic" for seat in range(4)}, seed=7)
    while game.view.turn <= turns or game.view.pending_player != 0 or game.view.current_player != 0:
        action = players.next_action(game)
        assert action is not None
        game.apply(action)
    return game, ComputerPlayers(game, {seat: "basic" for seat in range(1, 4)}, seed=7)


@pytest.fixture(scope="module")
def large(tmp_path_factory: pytest.TempPathFactory) -> tuple[Game, ComputerPlayers, Path]:
    folder = tmp_path_factory.mktemp("large")
    game, computers = long_game(TURNS)
    path = saves.write_save(folder, "large", game, computers, {"tokens": ["Car", "Dog", "Hat", "Iron"]})
    assert path.stat().st_size > 2_000_000
    return game, computers, path


def damaged(large: tuple[Game, ComputerPlayers, Path], tmp_path: Path, change: Callable[[Any], Any]) -> Path:
    """The large save with one change made to its document, written as a save is."""
    document = json.loads(large[2].read_text("utf-8"))
    change(document)
    path = tmp_path / "damaged.json"
    saves.write_document(path, document)
    return path


def refused(path: Path, *expected: str) -> str:
    with pytest.raises(saves.SaveError) as caught:
        saves.read_save(path)
    message = str(caught.value)
    assert str(path) in message and all(e in message for e in expected), message
    assert gc.isenabled()  # the collector, paused while building, is back after a refusal too
    return message


# ---------------------------------------------------------------------------------------- unchanged
def test_the_large_save_loads_as_the_game_saved(large: tuple[Game, ComputerPlayers, Path]) -> None:
    game, computers, path = large
    loaded = saves.read_save(path)
    assert gc.isenabled()
    assert loaded.game.to_dict() == game.to_dict()
    assert loaded.game.record() == game.record()
    assert loaded.computers.to_dict() == computers.to_dict()
    assert loaded.ui["tokens"] == ["Car", "Dog", "Hat", "Iron"]
    assert len(loaded.game.log) == len(game.log) > 30_000


def test_the_large_save_gives_the_record_and_its_final_game(large: tuple[Game, ComputerPlayers, Path]) -> None:
    game, _, path = large
    source = read_source(str(path), path.parent)
    assert source.record == json.loads(json.dumps(game.record()))
    assert source.final_game().to_dict() == game.to_dict()
    assert source.loaded is not None and source.loaded.game.to_dict() == game.to_dict()


def test_the_game_loaded_plays_on_as_the_game_saved(large: tuple[Game, ComputerPlayers, Path]) -> None:
    game, _, path = large
    loaded = saves.read_save(path)
    person = ComputerPlayers(loaded.game, {0: "basic"}, seed=1)
    for _ in range(200):
        action = loaded.computers.next_action(loaded.game) or person.next_action(loaded.game)
        assert action is not None
        loaded.game.apply(action)
    assert loaded.game.view.turn > game.view.turn
    assert game_from_record(loaded.game.record()).to_dict() == loaded.game.to_dict()


def test_stats_counted_in_the_checking_replay_are_those_of_a_replay_of_their_own(
        large: tuple[Game, ComputerPlayers, Path]) -> None:
    path = large[2]
    count = StatsCount()
    source = read_source(str(path), path.parent, count.step)
    assert count.result().to_json() == game_stats(source.record).to_json()


# ---------------------------------------------------------------------------------------- every guard, deep inside
def test_a_wrong_field_deep_in_the_log_is_refused_naming_it(large: tuple[Game, ComputerPlayers, Path],
                                                           tmp_path: Path) -> None:
    deep = len(large[0].log) - 7

    def change(document: Any) -> None:
        document["game"]["log"][deep]["player"] = "Ann"
    refused(damaged(large, tmp_path, change), f"game.log[{deep}].player")


def test_a_number_too_large_deep_in_the_log_is_refused_naming_it(large: tuple[Game, ComputerPlayers, Path],
                                                                tmp_path: Path) -> None:
    deep = next(i for i in range(len(large[0].log) - 1, 0, -1) if large[0].log[i].to_dict().get("amount"))

    def change(document: Any) -> None:
        document["game"]["log"][deep]["amount"] = 2**60
    refused(damaged(large, tmp_path, change), f"game.log[{deep}].amount")


def test_a_wrong_field_deep_in_the_state_or_journal_is_refused_naming_it(
        large: tuple[Game, ComputerPlayers, Path], tmp_path: Path) -> None:
    refused(damaged(large, tmp_path, lambda d: d["game"]["state"]["players"][3].__setitem__("cash", "lots")),
            "game.state.players[3].cash: expected a whole number")
    deep = len(large[0].journal) - 3

    def journal(document: Any) -> None:
        document["game"]["journal"][deep][0] = {"action": "roll", "player": 1, "dice": 7}
    refused(damaged(large, tmp_path, journal), f"journal[{deep}]")


def test_a_journal_that_does_not_replay_late_is_refused_by_the_record_reader(
        large: tuple[Game, ComputerPlayers, Path], tmp_path: Path) -> None:
    deep = len(large[0].journal) - 3

    def change(document: Any) -> None:
        entry = document["game"]["journal"][deep]
        entry[0] = {"action": "buy", "player": (entry[0] or {"player": 0})["player"]}
    path = damaged(large, tmp_path, change)
    with pytest.raises(RecordError) as caught:
        read_source(str(path), tmp_path)
    assert str(path) in str(caught.value) and "does not replay" in str(caught.value)


def test_the_parser_guards_hold_in_a_large_file(large: tuple[Game, ComputerPlayers, Path], tmp_path: Path) -> None:
    text = large[2].read_text("utf-8")
    last = text.rindex('"player": ')
    cases = {
        "too large": text[:last] + '"player": 123456789012345678901234, "x' + text[last + 1:],
        "appears twice": text[:last] + '"player": 1, ' + text[last:],
        "not valid Unicode": text[:last] + '"odd": "\\udc80", ' + text[last:],
        "nested too deeply": text[:last] + '"odd": ' + "[" * 100_000 + "]" * 100_000 + ", " + text[last:],
        "bad JSON": text[:-200],
    }
    for expected, edited in cases.items():
        path = tmp_path / "edited.json"
        path.write_text(edited, "utf-8")
        refused(path, expected)


def test_a_surrogate_pair_escaped_is_read_and_a_lone_one_refused(tmp_path: Path) -> None:
    game = Game.new(["Ann", "Bob"], "us", seed=3)
    path = saves.write_save(tmp_path, "pair", game, ui={"note": "x"})
    text = path.read_text("utf-8")
    path.write_text(text.replace('"note": "x"', '"note": "\\ud83c\\udfa9"'), "utf-8")
    assert saves.read_save(path).ui["note"] == "\U0001f3a9"
    path.write_text(text.replace('"note": "x"', '"note": "\\ud83c"'), "utf-8")
    refused(path, "not valid Unicode")


def test_a_save_beyond_the_size_cap_is_refused_unread(large: tuple[Game, ComputerPlayers, Path],
                                                      tmp_path: Path) -> None:
    path = tmp_path / "padded.json"
    text = large[2].read_text("utf-8")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text[:-2] + " " * (saves.MAX_SAVE_BYTES - len(text) + 10) + text[-2:])
    refused(path, "too large for a save")


def test_the_collector_is_paused_while_building_and_back_after() -> None:
    assert gc.isenabled()
    with files.building():
        assert not gc.isenabled()
        with files.building():
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with files.building():
            pass
        assert not gc.isenabled()  # off before, off after
    finally:
        gc.enable()


# ---------------------------------------------------------------------------------------- the reader's cap
@pytest.mark.slow
def test_a_save_near_the_cap_loads_whole_and_a_damage_near_its_end_is_refused(tmp_path: Path) -> None:
    game, computers = long_game(50_000)
    path = saves.write_save(tmp_path, "big", game, computers, {})
    assert 25_000_000 < path.stat().st_size < saves.MAX_SAVE_BYTES
    loaded = saves.read_save(path)
    assert loaded.game.to_dict() == game.to_dict()
    document = json.loads(path.read_text("utf-8"))
    deep = len(game.log) - 2
    document["game"]["log"][deep]["event"] = "no such event"
    saves.write_document(path, document)
    refused(path, f"game.log[{deep}]: not an event")
