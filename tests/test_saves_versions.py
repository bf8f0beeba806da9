"""One save version (``monopoly/engine/versions.py``): the save file, its game and its computer
players are written with the same number, and a save written by version 1 or 2 (when each part
counted on its own: a file of version 1 or 2, a game of version 1 or 2, computer players of
version 1) still loads, to the same game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from monopoly.ai import ComputerPlayers
from monopoly.engine import Game, SaveFormatError, versions
from monopoly.storage import saves

UI = {"tokens": ["Car", "Dog"], "fastmove": False, "show_cash": True, "elapsed": 1.0}


def played(seed: int = 6) -> tuple[Game, ComputerPlayers]:
    game = Game.new(["Ann", "Bob"], "us", seed=seed, first_player=0)
    computers = ComputerPlayers(game, {0: "basic", 1: "ruthless"}, seed=seed)
    for _ in range(60):
        action = computers.next_action(game)
        assert action is not None
        game.apply(action)
    return game, computers


def old_save(game: Game, computers: ComputerPlayers, version: int) -> dict[str, Any]:
    """The save file version ``version`` of the program wrote for this game."""
    inner = game.to_dict()
    inner["version"] = version
    if version == 1:
        del inner["state"]["pot"]
    document: dict[str, Any] = {"format": saves.SAVE_FORMAT, "version": version, "saved_at": "2026-01-01T00:00:00",
                                "game": inner, "computers": {**computers.to_dict(), "version": 1}, "ui": UI}
    if version == 2:
        document.update(game_id="0" * 32, revision="1" * 32, log_file=None)
    return document


def test_every_part_is_written_with_the_one_version(tmp_path: Path) -> None:
    game, computers = played()
    assert game.to_dict()["version"] == computers.to_dict()["version"] == versions.SAVE_VERSION
    path = saves.GameRecord(tmp_path).save("one", game, computers, UI)
    data = json.loads(path.read_text("utf-8"))
    assert data["version"] == data["game"]["version"] == data["computers"]["version"] == versions.SAVE_VERSION
    assert versions.READABLE_VERSIONS == tuple(range(1, versions.SAVE_VERSION + 1))


@pytest.mark.parametrize("version", [1, 2])
def test_a_save_of_an_older_version_loads_to_the_same_game(tmp_path: Path, version: int) -> None:
    game, computers = played()
    path = tmp_path / f"v{version}.json"
    path.write_text(json.dumps(old_save(game, computers, version)), "utf-8")
    loaded = saves.read_save(path)
    assert loaded.game.to_dict() == game.to_dict()
    assert loaded.computers is not None and loaded.computers.to_dict() == computers.to_dict()
    assert loaded.game_id == (None if version == 1 else "0" * 32)
    # and it plays on exactly as the game that was never saved
    for _ in range(40):
        a, b = computers.next_action(game), loaded.computers.next_action(loaded.game)
        assert a == b and a is not None
        assert game.apply(a) == loaded.game.apply(a)


def test_a_version_this_program_does_not_know_is_refused() -> None:
    game, computers = played()
    data = game.to_dict()
    for bad in (0, versions.SAVE_VERSION + 1, "3", 3.0, True):
        with pytest.raises(SaveFormatError, match="version"):
            Game.from_dict({**data, "version": bad})
        with pytest.raises(SaveFormatError, match="version"):
            ComputerPlayers.from_dict(game, {**computers.to_dict(), "version": bad})


def test_each_migration_names_what_its_version_added() -> None:
    assert [m.to for m in versions.MIGRATIONS] == list(range(2, versions.SAVE_VERSION + 1))
    assert all(m.added for m in versions.MIGRATIONS)
    old = {"state": {"players": []}, "version": 1}
    assert versions.upgrade_game(old, 1) == {"state": {"players": [], "pot": 0}, "version": versions.SAVE_VERSION}
    assert old == {"state": {"players": []}, "version": 1}  # the part read is not changed
