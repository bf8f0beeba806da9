"""Saving and loading for the text mode: the one place it calls ``monopoly.saves``.

The files are the curses game's own (same folder, same format, same autosave), so a game begun
in one front end is resumed in the other. ``GameFiles`` is one playing session's saves of its
game: its autosave, and the saves made by name, where a file this session did not write is
replaced only when the player agrees (``SaveConflict``).
"""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Any

from .. import saves
from ..places import default_save_dir, same_folder
from ..engine import Game

SaveError = saves.SaveError
LoadedGame = saves.LoadedGame


SaveConflict = saves.SaveConflict


class GameFiles:
    """One session's saves of its game (new, or resumed from ``loaded``): the saves' ``GameRecord``."""

    def __init__(self, save_dir: Path, loaded: LoadedGame | None = None) -> None:
        self.save_dir = Path(save_dir)
        self.record = saves.GameRecord.resumed(save_dir, loaded) if loaded is not None else saves.GameRecord(save_dir)

    @property
    def autosave_name(self) -> str:
        return self.record.autosave_name

    def autosave(self, game: Game, computers: Any, ui: dict[str, Any]) -> Path:
        return self.record.autosave(game, computers, ui)

    def save(self, name: str, game: Game, computers: Any, ui: dict[str, Any], agreed: Any = None) -> Path:
        """Save as ``name``; ``SaveConflict`` when the file holds what this session did not leave there
        and ``agreed`` (the ``found`` of an earlier conflict) is not what it holds."""
        return self.record.save(name, game, computers, ui, agreed)

    def free_name(self) -> str:
        """The first of game1, game2 ... not taken in the save folder."""
        number = 1
        while saves.save_path(self.save_dir, f"game{number}").exists():
            number += 1
        return f"game{number}"


def checked_name(text: str) -> str:
    """A save name as typed, checked (``SaveError``); the autosaves' names are kept for them."""
    name = saves.validate_name(text)
    if saves.is_autosave_name(name):
        raise SaveError(f"{saves.AUTOSAVE_NAME} names are kept for the automatic saves; choose another name")
    return name


def load(name_or_path: str, save_dir: Path) -> LoadedGame:
    """A save by name (in ``save_dir``) or path; ``SaveError`` says why it cannot be played."""
    return saves.read_save(saves.resolve(name_or_path, save_dir))


def listed(save_dir: Path) -> list[saves.SaveInfo]:
    return saves.list_saves(save_dir)


def resume_command(save_dir: Path, name: str) -> str:
    """The command that resumes the save ``name`` in the text mode."""
    command = f"monopoly --text --load {name}"
    if not same_folder(save_dir, default_save_dir()):
        command += f" --save-dir {shlex.quote(str(save_dir))}"
    return command
