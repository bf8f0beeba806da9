"""The one version of everything saved, and every migration from an older one, in one place.

A save file (``storage/saves.py``), the game inside it (``Game.to_dict``) and the computer
players' record beside it (``ComputerPlayers.to_dict``) all carry the same number,
``SAVE_VERSION``: a maintainer adding a field has one number to bump and one table to extend
(``docs/engine.md``, "Adding a save field"). Before version 3 each part had its own count; the
numbers below are the ones those parts wrote, so an old save reads as it always did.

Each step of ``MIGRATIONS`` says what its version added and turns a part written by the version
before into one of its own version. Loading a part runs the steps from its version up to
``SAVE_VERSION``; nothing else in the program looks at an old version's shape (the checks of a
save file's header ask ``since(...)`` which fields a version has).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, TypeGuard

Part = dict[str, Any]
"""One saved part as JSON data: a game, the computer players' record, or a whole save file."""

SAVE_VERSION = 3
"""The version every part is written with."""


def _no_change(part: Part) -> Part:
    return part


def _game_with_pot(game: Part) -> Part:
    """Version 2 added the Free Parking pot: an older game has none."""
    state = game.get("state")
    if isinstance(state, dict) and "pot" not in state:
        return {**game, "state": {**state, "pot": 0}}
    return game


def _file_without_identity(document: Part) -> Part:
    """A version-1 save file names no game (it takes an identity when resumed) and keeps its log
    inside: version 2's header fields, empty."""
    return {"game_id": None, "revision": None, "log_file": None, **document}


@dataclass(frozen=True)
class Migration:
    """How a part written by version ``to - 1`` becomes one of version ``to``, per part."""

    to: int
    added: str  # what this version added, in words
    game: Callable[[Part], Part] = _no_change
    computers: Callable[[Part], Part] = _no_change
    save_file: Callable[[Part], Part] = _no_change


MIGRATIONS: tuple[Migration, ...] = (
    Migration(2, "the game: the Free Parking pot (state.pot) and players' own boards (edition_file); "
                 "the save file: a game identity and revision (game_id, revision) and the autosave's "
                 "log kept beside it (log_file)", game=_game_with_pot,
              save_file=_file_without_identity),
    Migration(3, "one version for the save file, the game and the computer players (the computer "
                 "players' record was version 1 until now)"),
)
"""Every step from version 1, in order; version ``n`` is ``MIGRATIONS[n - 2].to``."""

READABLE_VERSIONS: tuple[int, ...] = (1, *(m.to for m in MIGRATIONS))
"""The versions this program reads (every part of any of them)."""

FIELDS_SINCE: dict[str, int] = {"game_id": 2, "revision": 2, "log_file": 2}
"""The save file's header fields and the version that added each (``since``)."""


def since(field: str, version: int) -> bool:
    """Whether a save file of ``version`` has the header ``field``."""
    return version >= FIELDS_SINCE[field]


def readable(version: Any) -> TypeGuard[int]:
    """Whether ``version`` (as read: any JSON value) is a version this program reads."""
    return type(version) is int and version in READABLE_VERSIONS


def _upgraded(part: Part, version: int, step: Callable[[Migration], Callable[[Part], Part]]) -> Part:
    for migration in MIGRATIONS:
        if migration.to > version:
            part = step(migration)(part)
    return part


def upgrade_game(game: Part, version: int) -> Part:
    """A saved game of ``version`` (checked readable) as ``SAVE_VERSION`` writes it."""
    return {**_upgraded(game, version, lambda m: m.game), "version": SAVE_VERSION}


def upgrade_computers(computers: Part, version: int) -> Part:
    """The computer players' record of ``version`` as ``SAVE_VERSION`` writes it."""
    return {**_upgraded(computers, version, lambda m: m.computers), "version": SAVE_VERSION}


def upgrade_save_file(document: Part, version: int) -> Part:
    """A save file's own fields of ``version`` as ``SAVE_VERSION`` writes them (the game and the
    computer players inside are upgraded by their own loaders, from their own versions)."""
    return {**_upgraded(document, version, lambda m: m.save_file), "version": SAVE_VERSION}
