"""A player's own board: a board file read and checked (messages naming the file and the field),
offered by its id, played in ``simulate``, saved and loaded (a save remembers the file and refuses
to load when it is gone or changed), replayed from its record, and the per-user editions folder."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import monopoly.engine
from monopoly.storage.boards import edition_arguments, load_user_boards, user_editions_dir
from monopoly.cli import main
from monopoly.engine import (EditionError, Game, SaveFormatError, add_edition_file, edition_ids,
                             forget_edition_files, game_from_record, load_edition, read_edition_file)

US = json.loads((Path(monopoly.engine.__file__).parent / "editions" / "us.json").read_text("utf-8"))


@pytest.fixture(autouse=True)
def _no_boards_left_over(monkeypatch: pytest.MonkeyPatch):
    """Each test starts and ends with no player's boards added (the list is the process's)."""
    forget_edition_files()
    monkeypatch.setenv("MONOPOLY_EDITIONS_DIR", "/nonexistent/editions")
    yield
    forget_edition_files()


def board(tmp_path: Path, filename: str = "mytown.json", **changes) -> Path:
    data = json.loads(json.dumps(US))
    data.update({"id": "mytown", "name": "My Town", "label": "My Town", "order": 9, **changes})
    path = tmp_path / filename
    path.write_text(json.dumps(data), "utf-8")
    return path


def test_a_board_file_is_read_by_its_id_and_played(tmp_path: Path) -> None:
    path = board(tmp_path, "any-name.json")
    edition = add_edition_file(path)
    assert edition.id == "mytown" and edition.source == str(path) and len(edition.digest) == 64
    assert "mytown" in edition_ids() and load_edition("mytown") is edition
    game = Game.new(["Ann", "Bob"], "mytown", seed=3, rules={"max_turns": 20})
    while not game.view.over:
        game.apply(game.view.safe_action(game.view.pending.player))
    assert game.edition.name == "My Town"


@pytest.mark.parametrize("change, said", [
    ({"starting_cash": 10**12}, "edition mytown.starting_cash must be from 0 to 100,000, not 1,000,000,000,000"),
    ({"tokens": ["Car"]}, "edition mytown.tokens: 8 to 16 token names"),
    ({"default_options": {"mortgage_interest": 999_999_999_999}},
     "default_options: rule option mortgage_interest must be a whole number from 0 to 100"),
    ({"name": "x" * 500}, "edition mytown.name is longer than 200 characters"),
])
def test_a_bad_board_file_is_refused_naming_the_file_and_the_field(tmp_path: Path, change, said) -> None:
    path = board(tmp_path, **change)
    with pytest.raises(EditionError) as caught:
        read_edition_file(path)
    assert str(caught.value).startswith(f"board file {path}: ") and said in str(caught.value)


def test_bad_squares_and_cards_are_named(tmp_path: Path) -> None:
    data = json.loads(json.dumps(US))
    data["squares"][1]["price"] = -5
    data["decks"]["chance"]["cards"][0]["effect"] = {"kind": "teleport"}
    path = board(tmp_path, squares=data["squares"])
    with pytest.raises(EditionError, match=r"squares\[1\]\.price must be from 0 to 100,000, not -5"):
        read_edition_file(path)
    path = board(tmp_path, decks=data["decks"])
    with pytest.raises(EditionError, match=r"decks\.chance\.cards\[0\]\.effect\.kind: unknown card effect 'teleport'"):
        read_edition_file(path)


def test_a_file_that_is_not_a_board_is_refused(tmp_path: Path) -> None:
    (tmp_path / "big.json").write_text("[" + "0," * 200_000 + "0]", "utf-8")
    with pytest.raises(EditionError, match=r"too large for a board file \(more than 256 KB\)"):
        read_edition_file(tmp_path / "big.json")
    (tmp_path / "bad.json").write_text("{nope", "utf-8")
    with pytest.raises(EditionError, match=r"bad.json: not valid JSON \(line 1"):
        read_edition_file(tmp_path / "bad.json")
    with pytest.raises(EditionError, match="no such file"):
        read_edition_file(tmp_path / "gone.json")


def test_a_board_file_may_not_take_the_id_of_a_board_of_the_game(tmp_path: Path) -> None:
    with pytest.raises(EditionError, match="its id 'us' is already a board of the game's"):
        add_edition_file(board(tmp_path, id="us"))


def test_a_save_remembers_the_file_and_is_refused_when_it_is_gone_or_changed(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    path = board(tmp_path)
    add_edition_file(path)
    game = Game.new(["Ann", "Bob"], "mytown", seed=1)
    saved = json.loads(json.dumps(game.to_dict()))
    assert saved["edition_file"]["path"] == str(path)
    assert Game.from_dict(saved).edition.name == "My Town"
    forget_edition_files()  # a new run of the program: the file is read again
    assert Game.from_dict(saved).edition.name == "My Town"
    forget_edition_files()
    path.write_text(path.read_text("utf-8").replace("My Town", "Other Town"), "utf-8")
    with pytest.raises(SaveFormatError, match="has changed since this game was saved"):
        Game.from_dict(saved)
    path.unlink()
    with pytest.raises(SaveFormatError, match=f"played on the board file {path}, which is gone: put the file back"):
        Game.from_dict(saved)


def test_a_record_of_a_game_on_a_board_file_replays(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    add_edition_file(board(tmp_path))
    game = Game.new(["Ann", "Bob"], "mytown", seed=2, rules={"max_turns": 10})
    while not game.view.over:
        game.apply(game.view.safe_action(game.view.pending.player))
    record = json.loads(json.dumps(game.record()))
    forget_edition_files()
    assert game_from_record(record).to_dict() == game.to_dict()


def test_the_per_user_folder_is_beside_the_saves_and_a_bad_file_there_is_skipped(tmp_path: Path) -> None:
    assert user_editions_dir({}, "linux", Path("/home/ann")) == Path("/home/ann/.local/share/monopoly/editions")
    assert user_editions_dir({"MONOPOLY_EDITIONS_DIR": "/x"}) == Path("/x")
    board(tmp_path)
    (tmp_path / "broken.json").write_text("{}", "utf-8")
    said: list[str] = []
    assert [e.id for e in load_user_boards(tmp_path, said.append)] == ["mytown"]
    assert len(said) == 1 and "broken.json" in said[0]


def test_edition_file_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = board(tmp_path)
    assert edition_arguments(["--edition", str(path), "--seed", "1"]) == ["--edition", "mytown", "--seed", "1"]
    assert main(["simulate", "--games", "1", "--strategies", "basic,basic", "--max-turns", "30",
                 "--edition", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["edition"] == "mytown"
    assert main(["simulate", "--edition", str(tmp_path / "gone.json")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_the_text_mode_plays_a_board_file_and_resumes_its_save(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys
    repo = Path(monopoly.engine.__file__).parent.parent.parent
    (tmp_path / "boards").mkdir()
    path = board(tmp_path / "boards")
    env = {**os.environ, "PYTHONPATH": str(repo), "MONOPOLY_EDITIONS_DIR": str(tmp_path / "none")}

    def run(*args: str, typed: str) -> subprocess.CompletedProcess[str]:
        command = [sys.executable, "-m", "monopoly", "--text", *args, "--save-dir", str(tmp_path / "saves")]
        return subprocess.run(command, input=typed, capture_output=True, text=True, timeout=120, cwd=repo, env=env)

    first = run("--edition", str(path), "--players", "Ann,Bob", "--seed", "5", "--preset", "house",
                typed="board\nsave town\nquit\nyes\n")
    assert first.returncode == 0, first.stderr
    assert "Free Parking" in first.stdout and "jackpot $0" in first.stdout and "Traceback" not in first.stderr
    again = run("--load", "town", typed="quit\nyes\n")
    assert again.returncode == 0, again.stderr
    path.unlink()
    gone = run("--load", "town", typed="")
    assert gone.returncode == 1 and "which is gone: put the file back" in gone.stderr
