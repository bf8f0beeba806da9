"""Bugs 2 and 9 of issue 14: where saves are found, and a new game beside the earlier ones.

The folder rule is a pure function (``places.default_save_dir``), tested for each platform; the
set-up is driven in-process with the fake screen; the real program is started from another folder
in a pseudo-terminal.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from monopoly.storage import saves
from monopoly.engine import Game
from monopoly.present import model as M
from monopoly.storage import places
from monopoly.tui import play
from monopoly.tui.setup import SetupScreens
from test_tui_controller import FakeScreen, keys

REPO = Path(__file__).resolve().parent.parent


def test_bug9_a_checkout_keeps_its_saves_beside_the_program_wherever_it_is_started(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert places.default_save_dir({}, package_dir=REPO / "monopoly") == REPO / "saves"
    assert places.default_save_dir({places.SAVE_DIR_ENV: str(tmp_path / "mine")},
                                   package_dir=REPO / "monopoly") == tmp_path / "mine"


def test_the_program_itself_knows_it_runs_from_this_checkout(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    # places.py lives in monopoly/storage/: the package it measures from is its parent's parent
    monkeypatch.chdir(tmp_path)
    assert places.PACKAGE_DIR == REPO / "monopoly"
    assert places.is_checkout()
    assert places.default_save_dir({}) == REPO / "saves"


def test_bug9_an_installed_game_keeps_its_saves_in_the_users_folder(tmp_path: Path) -> None:
    installed = tmp_path / "site-packages" / "monopoly"
    home = tmp_path / "home"
    assert places.default_save_dir({}, "linux", home, installed) == home / ".local/share/monopoly/saves"
    assert places.default_save_dir({"XDG_DATA_HOME": "/x"}, "linux", home, installed) == Path("/x/monopoly/saves")
    assert places.default_save_dir({}, "darwin", home, installed) == home / "Library/Application Support/monopoly/saves"
    assert places.default_save_dir({"LOCALAPPDATA": "C:/L"}, "win32", home, installed) == Path("C:/L/monopoly/saves")


def _autosaved_game(folder: Path, names: list[str], seed: int) -> Path:
    game = Game.new(names, "uk", None, seed=seed)
    record = saves.GameRecord(folder)
    return record.autosave(game, None, M.UIState(tokens=M.default_tokens(game, len(names))).settings())


def test_bug2_a_new_game_beside_an_interrupted_one_keeps_both_and_says_so(tmp_path: Path) -> None:
    first = _autosaved_game(tmp_path, ["Ann", "Bob"], 3)
    # No to resuming; then a US game (its own rules, not changed) of two people, every answer ended with RETURN
    script = keys("n\n", "\n", "\n", "n\n", "\n") + keys("\n", "\n", "n\n") * 2
    screen = FakeScreen(script)
    setup = SetupScreens(screen, tmp_path, None, 4)
    started = setup.run()
    notes = [text for text, _ in setup.view.lines]
    assert any("1 saved game in" in n and "1 not finished" in n for n in notes), notes
    assert any("Resume a saved game? (Y/N) [Y]" in p for p in screen.transcript), "an unfinished game: Y first"
    assert "A new game: the saved games stay in the resume list." in notes
    screen.setup = None
    controller = play.GameController(screen, started.game, None, started.ui, tmp_path)
    second = controller.session.autosave()
    assert second is not None and second != first and first.is_file()
    # the resume list now shows both games with their boards, turns and players
    entries = saves.list_saves(tmp_path)
    rows = M.resume_rows(entries, 74)
    assert len(rows) == 2 and all(len(r) <= 74 for r in rows)
    assert any("UK (London)" in r and "turn 1" in r for r in rows), rows
    detail = " ".join(M.resume_detail(next(e for e in entries if e.path == first)))
    assert "Ann, Bob on the UK (London) board, turn 1, last played" in detail


@pytest.mark.skipif(sys.platform.startswith("win"), reason="the pseudo-terminal harness is POSIX only")
def test_bug9_started_from_another_folder_the_resume_list_finds_the_games(tmp_path: Path) -> None:
    from tui_harness import TuiSession
    folder = tmp_path / "my saves"
    folder.mkdir()
    _autosaved_game(folder, ["Zoe", "Yan"], 5)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    with TuiSession([], env={places.SAVE_DIR_ENV: str(folder)}, cwd=elsewhere) as s:
        s.answer("Resume a saved game? (Y/N) [Y]", "enter")
        s.wait_for("Zoe, Yan")
        s.wait_for("UK (London)")
        s.wait_for("Saves are in")
        s.send("esc")
        s.answer("Resume a saved game?", "\x03")
        s.wait_exit()
    assert not (elsewhere / "saves").exists()
