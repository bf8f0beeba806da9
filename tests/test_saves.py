"""Save files: atomic writing, names, listing, and refusing damaged files without touching them."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from monopoly.storage import saves
from monopoly.engine import Game, Roll

UI = {"tokens": ["Car", "Dog"], "fastmove": False, "show_cash": True, "elapsed": 12.5}


def new_game(seed: int = 4) -> Game:
    return Game.new(["Ann", "Bob"], "us", seed=seed, first_player=0)


def saved(tmp_path: Path, name: str = "game1") -> Path:
    game = new_game()
    game.apply(Roll(0))
    return saves.write_save(tmp_path, name, game, None, UI)


# ---------------------------------------------------------------------------------------- names
@pytest.mark.parametrize("name", ["game1", "A", "my-game_2", "x" * 32, "Game1.json"])
def test_good_names(name: str) -> None:
    assert saves.validate_name(name) == name.removesuffix(".json")


@pytest.mark.parametrize("name", ["", " ", "../evil", "a/b", "a\\b", "x" * 33, "two words", "C:game", ".hidden",
                                  "naïve", "a.b", "con", "NUL", "aux.json", "Com1", "lpt9", "prn"])
def test_bad_names_are_refused(name: str) -> None:
    with pytest.raises(saves.SaveError, match="not a save name"):
        saves.validate_name(name)


def test_save_path_stays_in_the_folder(tmp_path: Path) -> None:
    assert saves.save_path(tmp_path, "g") == tmp_path / "g.json"
    with pytest.raises(saves.SaveError):
        saves.save_path(tmp_path, "../outside")


# ---------------------------------------------------------------------------------------- round trip
def test_the_file_is_laid_out_one_record_a_line(tmp_path: Path) -> None:
    game = new_game()
    for _ in range(6):
        for action in game.legal_actions(game.view.pending.player)[:1]:
            game.apply(action)
    text = saves.write_save(tmp_path, "lines", game, None, UI).read_text("utf-8")
    document = saves.make_document(game, None, UI)
    for key in ("saved_at", "game_id", "revision"):
        document[key] = json.loads(text)[key]
    assert json.loads(text) == document
    lines = text.splitlines()
    assert '  "edition": "us",' in lines
    events = [line for line in lines if line.lstrip().startswith('{"event": ')]
    assert len(events) == len(game.log) > 5, "each event of the log on a line of its own"
    assert any(line.lstrip().startswith('{"name": "Ann"') for line in lines), "each player on a line"


def test_write_and_read_back_the_same_game(tmp_path: Path) -> None:
    game = new_game()
    game.apply(Roll(0))
    path = saves.write_save(tmp_path, "round", game, None, UI)
    assert path == tmp_path / "round.json"
    data = json.loads(path.read_text("utf-8"))
    assert data["format"] == saves.SAVE_FORMAT and data["version"] == saves.SAVE_VERSION
    assert data["ui"] == UI and data["computers"] is None
    loaded = saves.read_save(path)
    assert loaded.game.to_dict() == game.to_dict()
    assert loaded.ui == UI
    assert loaded.computers is None


def test_a_loaded_game_throws_the_same_dice(tmp_path: Path) -> None:
    game = new_game(seed=99)
    path = saves.write_save(tmp_path, "dice", game)
    again = saves.read_save(path).game
    assert game.apply(Roll(0)) == again.apply(Roll(0))


def test_computer_players_are_saved_and_restored(tmp_path: Path) -> None:
    ai = pytest.importorskip("monopoly.ai")
    game = new_game()
    computers = ai.ComputerPlayers(game, {1: ai.DEFAULT_STRATEGY}, seed=5)
    path = saves.write_save(tmp_path, "cpu", game, computers, UI)
    loaded = saves.read_save(path)
    assert loaded.computers is not None
    assert loaded.computers.is_computer(1) and not loaded.computers.is_computer(0)


def test_the_save_folder_is_created(tmp_path: Path) -> None:
    folder = tmp_path / "deep" / "saves"
    record = saves.GameRecord(folder)
    path = record.autosave(new_game(), None, UI)
    assert path == folder / f"autosave-{record.game_id[:12]}.json" and path.is_file()


# ---------------------------------------------------------------------------------------- atomic writing
def test_a_failed_write_leaves_the_old_file_and_no_temporary_file(tmp_path: Path, monkeypatch) -> None:
    path = saved(tmp_path, "keep")
    before = path.read_bytes()

    def broken_replace(src, dst):  # the disk fills up, the machine stops ... at the last moment
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(saves.SaveError, match="keep.json"):
        saves.write_save(tmp_path, "keep", new_game(seed=8), None, UI)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [saves.LOCK_NAME, "keep.json"]


def test_writing_goes_through_a_temporary_file_and_os_replace(tmp_path: Path, monkeypatch) -> None:
    calls = []
    real = os.replace

    def spy(src, dst):
        calls.append((Path(src), Path(dst)))
        assert Path(src).parent == Path(dst).parent and Path(src) != Path(dst)
        assert json.loads(Path(src).read_text("utf-8"))["format"] == saves.SAVE_FORMAT
        real(src, dst)

    monkeypatch.setattr(os, "replace", spy)
    path = saves.write_save(tmp_path, "atomic", new_game(), None, UI)
    assert calls and calls[0][1] == path


# ---------------------------------------------------------------------------------------- damaged files
def _damage_variants(good: dict) -> dict[str, bytes]:
    text = json.dumps(good)
    edited = json.loads(text)
    edited["game"]["state"]["players"][0]["cash"] = -5
    owner = json.loads(text)
    owner["game"]["state"]["owner"][1] = 7  # a player that does not exist
    version = json.loads(text)
    version["version"] = 99
    engine_version = json.loads(text)
    engine_version["game"]["version"] = 42
    wrong_ui = json.loads(text)
    wrong_ui["ui"]["tokens"] = ["Car"]
    missing = json.loads(text)
    del missing["game"]["state"]["turn"]
    return {
        "truncated": text[: len(text) // 2].encode(),
        "empty": b"",
        "binary": b"\x00\xff\xfe garbage",
        "not an object": b"[1, 2, 3]",
        "other program": json.dumps({"format": "something-else", "version": 1}).encode(),
        "unknown version": json.dumps(version).encode(),
        "unknown engine version": json.dumps(engine_version).encode(),
        "negative cash": json.dumps(edited).encode(),
        "owner out of range": json.dumps(owner).encode(),
        "bad ui": json.dumps(wrong_ui).encode(),
        "missing field": json.dumps(missing).encode(),
    }


def test_every_kind_of_damage_is_refused_with_the_file_named_and_left_untouched(tmp_path: Path) -> None:
    good = json.loads(saved(tmp_path, "good").read_text("utf-8"))
    for label, content in _damage_variants(good).items():
        path = tmp_path / f"bad-{label.replace(' ', '-')}.json"
        path.write_bytes(content)
        with pytest.raises(saves.SaveError) as caught:
            saves.read_save(path)
        message = str(caught.value)
        assert str(path) in message, label
        assert "Traceback" not in message
        assert path.read_bytes() == content, f"{label}: the file was changed"


def test_a_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(saves.SaveError, match="no such save"):
        saves.resolve("nothing", tmp_path)
    with pytest.raises(saves.SaveError, match="cannot be read"):
        saves.read_save(tmp_path / "absent.json")


def test_resolve_finds_names_and_paths(tmp_path: Path) -> None:
    path = saved(tmp_path, "mine")
    assert saves.resolve("mine", tmp_path) == path
    assert saves.resolve("mine.json", tmp_path) == path
    assert saves.resolve(str(path), tmp_path / "elsewhere") == path


# ---------------------------------------------------------------------------------------- the list
def test_list_saves_with_date_players_and_turn(tmp_path: Path) -> None:
    saved(tmp_path, "first")
    (tmp_path / "broken.json").write_text("{ not json", "utf-8")
    (tmp_path / "notes.txt").write_text("not a save", "utf-8")
    (tmp_path / "bad name.json").write_text("{}", "utf-8")
    os.utime(tmp_path / "broken.json", (1, 1))
    entries = saves.list_saves(tmp_path)
    assert [e.name for e in entries] == ["first", "broken"]
    first, broken = entries
    assert first.players == ("Ann", "Bob") and first.turn is not None and first.problem is None
    assert "Ann, Bob" in first.describe() and "turn" in first.describe()
    assert broken.problem and "cannot be read" in broken.describe()
    assert saves.list_saves(tmp_path / "missing") == []


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
def test_a_save_gets_the_permissions_of_any_new_file(tmp_path):
    # the temporary file it is written through is private; the save itself follows the umask
    game = Game.new(["Ann", "Bob"], seed=1)
    old = os.umask(0o022)
    try:
        path = saves.write_save(tmp_path, "shared", game)
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == 0o644


def test_the_resume_list_lines_up_under_a_long_save_name(tmp_path):
    saved(tmp_path, "short")
    saved(tmp_path, "a" * 32)
    entries = saves.list_saves(tmp_path)
    width = max(len(e.name) for e in entries)
    lines = [e.describe(width) for e in entries]
    dates = [line.index(e.modified.strftime("%Y-%m-%d")) for line, e in zip(lines, entries)]
    assert dates[0] == dates[1] == 33
