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
from ..engine import Game

SaveError = saves.SaveError
LoadedGame = saves.LoadedGame
DEFAULT_SAVE_DIR = saves.DEFAULT_SAVE_DIR


class SaveConflict(SaveError):
    """The save named holds something this session did not write there; ``found`` is what."""

    def __init__(self, path: Path, found: object) -> None:
        super().__init__(f"{path} holds another save")
        self.path = path
        self.found = found


class GameFiles:
    """One session's saves of its game (new, or resumed from ``loaded``)."""

    def __init__(self, save_dir: Path, loaded: LoadedGame | None = None) -> None:
        self.save_dir = Path(save_dir)
        self.written: set[str] = set()  # the saves this session wrote (or resumed from): its own to replace
        if loaded is not None:
            self.written.add(loaded.path.stem)

    @property
    def autosave_name(self) -> str:
        return saves.AUTOSAVE_NAME

    def autosave(self, game: Game, computers: Any, ui: dict[str, Any]) -> Path:
        return saves.autosave(self.save_dir, game, computers, ui)

    def save(self, name: str, game: Game, computers: Any, ui: dict[str, Any], agreed: object = None) -> Path:
        """Save as ``name``; ``SaveConflict`` when another save is there and ``agreed`` is not what it found."""
        path = saves.save_path(self.save_dir, name)
        if path.exists() and name not in self.written and agreed is None:
            raise SaveConflict(path, True)
        path = saves.write_save(self.save_dir, name, game, computers, ui)
        self.written.add(name)
        return path

    def free_name(self) -> str:
        """The first of game1, game2 ... not taken in the save folder."""
        number = 1
        while saves.save_path(self.save_dir, f"game{number}").exists():
            number += 1
        return f"game{number}"


def checked_name(text: str) -> str:
    """A save name as typed, checked (``SaveError``); the autosave's name is kept for the autosave."""
    name = saves.validate_name(text)
    if name.lower().startswith(saves.AUTOSAVE_NAME.lower()):
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
    if Path(save_dir) != Path(DEFAULT_SAVE_DIR):
        command += f" --save-dir {shlex.quote(str(save_dir))}"
    return command
