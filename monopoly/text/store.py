"""Saving and loading for the text mode: the one place it calls ``monopoly.saves``.

The files are the curses game's own (same folder, same format, same autosave), so a game begun
in one front end is resumed in the other. Only the save module's top-level functions are used.
"""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Any

from .. import saves
from ..engine import Game

SaveError = saves.SaveError
AUTOSAVE_NAME = saves.AUTOSAVE_NAME
DEFAULT_SAVE_DIR = saves.DEFAULT_SAVE_DIR
NAME_RULE = saves.NAME_RULE


def autosave(save_dir: Path, game: Game, computers: Any, ui: dict[str, Any]) -> Path:
    return saves.autosave(save_dir, game, computers, ui)


def save_as(save_dir: Path, name: str, game: Game, computers: Any, ui: dict[str, Any]) -> Path:
    return saves.write_save(save_dir, name, game, computers, ui)


def checked_name(text: str) -> str:
    """A save name as typed, checked (``SaveError``); the autosave's name is kept for the autosave."""
    name = saves.validate_name(text)
    if name.lower() == AUTOSAVE_NAME.lower():
        raise SaveError(f"{AUTOSAVE_NAME} is kept for the automatic save; choose another name")
    return name


def exists(save_dir: Path, name: str) -> bool:
    return saves.save_path(save_dir, name).exists()


def free_name(save_dir: Path) -> str:
    """The first of game1, game2 ... not taken in the save folder."""
    number = 1
    while exists(save_dir, f"game{number}"):
        number += 1
    return f"game{number}"


def load(name_or_path: str, save_dir: Path) -> saves.LoadedGame:
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
