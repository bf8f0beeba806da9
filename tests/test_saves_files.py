"""Files no save should be: each is refused with the usual message naming it, and never crashes the
program, the resume list or a later autosave (issue 16, F1-F4 and the stricter checks)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Callable

import pytest

from monopoly.storage import saves
from monopoly.engine import Game, Roll

UI = {"tokens": ["Car", "Dog"], "fastmove": False, "show_cash": True, "elapsed": 12.5}


def good_document(tmp_path: Path, computers: bool = False) -> dict[str, Any]:
    game = Game.new(["Ann", "Bob"], "us", seed=4, first_player=0)
    game.apply(Roll(0))
    cp = None
    if computers:
        ai = pytest.importorskip("monopoly.ai")
        cp = ai.ComputerPlayers(game, {1: "basic"}, seed=5)
    document = json.loads(saves.to_text(saves.make_document(game, cp, UI)))
    good = tmp_path / "good.json"
    if not good.exists():
        good.write_text(json.dumps(document), "utf-8")
    return document


def refused(path: Path, expected: str) -> None:
    """The file is refused with the usual message (the file named, the reason), nothing else."""
    with pytest.raises(saves.SaveError) as caught:
        saves.read_save(path)
    assert str(path) in str(caught.value) and expected in str(caught.value), str(caught.value)


def edited(tmp_path: Path, name: str, change: Callable[[dict[str, Any]], None], computers: bool = False) -> Path:
    document = good_document(tmp_path, computers)
    change(document)
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(document), "utf-8")
    return path


def raw_edit(tmp_path: Path, name: str, old: str, new: str) -> Path:
    """Edit the JSON text itself (what ``json.dumps`` cannot write: huge numbers, Infinity, twins)."""
    text = json.dumps(good_document(tmp_path))
    assert old in text
    path = tmp_path / f"{name}.json"
    path.write_text(text.replace(old, new, 1), "utf-8")
    return path


# ---------------------------------------------------------------------------------------- F1 to F4
def test_f1_a_number_too_long_for_python_is_refused(tmp_path: Path) -> None:
    path = raw_edit(tmp_path, "f1", '"cash": 1500', '"cash": ' + "9" * 5000)
    refused(path, "too many digits")


def test_f2_a_clock_beyond_any_float_is_refused(tmp_path: Path) -> None:
    path = raw_edit(tmp_path, "f2", '"clock_seconds": 0', '"clock_seconds": 1' + "0" * 400)
    refused(path, "too large")
    path = edited(tmp_path, "f2b", lambda d: d["game"]["state"].update(clock_seconds=10**12))
    refused(path, "clock_seconds")


def test_f3_a_lone_surrogate_in_a_name_is_refused(tmp_path: Path) -> None:
    path = raw_edit(tmp_path, "f3", '"name": "Ann"', '"name": "A\\ud800"')
    refused(path, "not valid Unicode")


def test_f3_a_game_holding_such_text_gets_the_usual_message_when_saved(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="letters"):  # the engine takes no such name in the first place
        Game.new(["A\ud800", "Bob"], "us", seed=1)
    game = Game.new(["Ann", "Bob"], "us", seed=1)
    odd = {**UI, "tokens": ["Car\ud800", "Dog"]}  # what a loaded file could once bring in
    with pytest.raises(saves.SaveError, match="not valid Unicode"):
        saves.GameRecord(tmp_path).autosave(game, None, odd)
    with pytest.raises(saves.SaveError, match="not valid Unicode"):
        saves.write_save(tmp_path, "named", game, None, odd)


def test_f3_text_anywhere_that_could_never_be_written_again_is_refused(tmp_path: Path) -> None:
    path = raw_edit(tmp_path, "f3b", '"tokens": ["Car"', '"tokens": ["\\udfff"')
    refused(path, "not valid Unicode")


@pytest.mark.parametrize("constant", ["Infinity", "-Infinity", "NaN", "1e400"])
def test_f4_a_turn_number_that_is_not_finite_is_refused_and_the_list_goes_on(tmp_path: Path, constant: str) -> None:
    text = json.dumps(good_document(tmp_path))
    number = '"number": ' + str(json.loads(text)["game"]["state"]["turn"]["number"])
    path = tmp_path / "f4.json"
    path.write_text(text.replace(number, '"number": ' + constant, 1), "utf-8")
    refused(path, "damaged")
    entries = {e.name: e for e in saves.list_saves(tmp_path)}
    assert entries["f4"].problem and entries["good"].problem is None


# ---------------------------------------------------------------------------------------- not a file
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)
    refused(pipe, "not an ordinary file")
    assert saves.peek(pipe) is not None and saves.peek(pipe).problem
    assert [e.name for e in saves.list_saves(tmp_path)] == []


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_link_to_an_endless_device_is_refused_before_reading(tmp_path: Path) -> None:
    link = tmp_path / "zero.json"
    link.symlink_to("/dev/zero")
    refused(link, "not an ordinary file")
    refused(Path("/dev/zero"), "not an ordinary file")


def test_a_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / "dir.json").mkdir()
    refused(tmp_path / "dir.json", "not an ordinary file")


def test_a_file_over_the_size_limit_is_refused_unread(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "big.json"
    with open(path, "wb") as handle:  # a sparse file: large without taking the room
        handle.truncate(saves.MAX_SAVE_BYTES + 1)
    refused(path, "too large")
    entries = saves.list_saves(tmp_path)
    assert entries[0].problem and "too large" in entries[0].problem


# ---------------------------------------------------------------------------------------- stricter
def test_two_players_with_one_name_are_refused(tmp_path: Path) -> None:
    path = edited(tmp_path, "twins", lambda d: d["game"]["state"]["players"][1].update(name="ann"))
    refused(path, "already playing")


@pytest.mark.parametrize("name", ["", "Bartholomew", "A\nB", "漢字", "a\u0301", "\u202eAnn"])
def test_names_the_game_could_not_have_made_are_refused(tmp_path: Path, name: str) -> None:
    path = edited(tmp_path, "named", lambda d: d["game"]["state"]["players"][0].update(name=name))
    refused(path, "players[0].name")


@pytest.mark.parametrize("version", [1.0, True, "2", 2.0])
def test_versions_must_be_whole_numbers(tmp_path: Path, version: Any) -> None:
    refused(edited(tmp_path, "v", lambda d: d.update(version=version)), "version")
    if version is not True:  # the engine's own version: 1.0 equals 1 in Python
        refused(edited(tmp_path, "gv", lambda d: d["game"].update(version=float(d["game"]["version"]))),
                "version")


def test_a_key_given_twice_is_refused(tmp_path: Path) -> None:
    path = raw_edit(tmp_path, "twice", '"cash": 1500', '"cash": 1500, "cash": 99999')
    refused(path, "'cash' appears twice")


def _zero_words(d: dict[str, Any]) -> None:
    state = d["game"]["dice"]["state"]
    state[1] = [0] * 624 + [624]


def _word_too_large(d: dict[str, Any]) -> None:
    d["game"]["dice"]["state"][1][5] = 2**32


def _seed_as_text(d: dict[str, Any]) -> None:
    d["game"]["dice"]["seed"] = str(d["game"]["dice"]["seed"])


@pytest.mark.parametrize("change", [_zero_words, _word_too_large, _seed_as_text])
def test_a_damaged_dice_generator_is_refused(tmp_path: Path, change: Callable[[dict[str, Any]], None]) -> None:
    refused(edited(tmp_path, "dice", change), "dice")


def _computer_rng_missing(d: dict[str, Any]) -> None:
    d["computers"]["rng"] = {}


def _computer_rng_zeros(d: dict[str, Any]) -> None:
    seat = next(iter(d["computers"]["rng"]))
    d["computers"]["rng"][seat][1] = [0] * 625


def _computer_rng_text_version(d: dict[str, Any]) -> None:
    seat = next(iter(d["computers"]["rng"]))
    d["computers"]["rng"][seat][0] = "3"


def _computer_rng_odd_spare(d: dict[str, Any]) -> None:
    seat = next(iter(d["computers"]["rng"]))
    d["computers"]["rng"][seat][2] = "spare"


@pytest.mark.parametrize("change", [_computer_rng_missing, _computer_rng_zeros, _computer_rng_text_version,
                                    _computer_rng_odd_spare])
def test_a_damaged_computer_generator_is_refused(tmp_path: Path, change: Callable[[dict[str, Any]], None]) -> None:
    # each of these used to load, and the computer then played other moves than the seed gives
    refused(edited(tmp_path, "cpu", change, computers=True), "computers")


def test_the_good_files_these_tests_start_from_load(tmp_path: Path) -> None:
    for computers in (False, True):
        path = edited(tmp_path, "plain", lambda d: None, computers)
        assert saves.read_save(path).game.view.name(0) == "Ann"


# ---------------------------------------------------------------------------------------- the list
def test_nothing_in_the_folder_stops_the_resume_list(tmp_path: Path) -> None:
    good_document(tmp_path)
    (tmp_path / "empty.json").write_bytes(b"")
    (tmp_path / "binary.json").write_bytes(b"\x00\xff")
    (tmp_path / "list.json").write_text("[1]", "utf-8")
    (tmp_path / "deep.json").write_text("[" * 100000, "utf-8")
    (tmp_path / "odd.json").write_text(json.dumps({"format": saves.SAVE_FORMAT, "version": 1, "game": {"state": 5},
                                                   "computers": None, "ui": {}}), "utf-8")
    (tmp_path / "folder.json").mkdir()
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "fifo.json")
    entries = {e.name: e for e in saves.list_saves(tmp_path)}
    assert entries["good"].problem is None
    assert all(entries[n].problem for n in ("empty", "binary", "list", "deep", "odd"))
    assert "folder" not in entries and "fifo" not in entries
    for entry in entries.values():
        entry.describe()


def test_resuming_a_save_says_a_newer_recovered_state_exists_and_how_to_play_it(tmp_path, capsys, monkeypatch) -> None:
    """Played by hand: a kill mid-save left the newer state as ``recovered-NAME.json``, but
    ``--load NAME`` (the command the game printed) resumed the older file saying only "Resumed
    from ...": the newer state is named now, with the command that resumes it."""
    import io
    import os
    from monopoly.cli import main
    from monopoly.engine import Game, Roll
    game = Game.new(["Ann", "Bob"], "us", seed=4)
    path = saves.write_save(tmp_path, "mine", game, None, {"tokens": ["Car", "Dog"]})
    game_id = saves.read_save(path).game_id
    game.apply(Roll(game.view.current_player))  # played on; its save was cut short before the move
    newer = saves.make_document(game, None, {"tokens": ["Car", "Dog"]}, game_id)
    tmp = tmp_path / ".mine-q1w2e3.tmp"
    tmp.write_text(saves.to_text(newer), "utf-8")
    later = path.stat().st_mtime + 5
    os.utime(tmp, (later, later))
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    main(["text", "--load", "mine", "--save-dir", str(tmp_path)])
    out = capsys.readouterr().out
    assert "Resumed from" in out
    assert "A newer state of this game" in out and "recovered-mine" in out, out
    assert f"monopoly --text --load recovered-mine --save-dir {tmp_path}" in out
