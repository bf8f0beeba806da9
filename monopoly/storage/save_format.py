"""What a save file is: its format's constants, its errors, and the values read from and written to it.

The other save modules (``saves.py`` lists them) share these; this one imports none of them.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from ..engine import Game
from ..engine import versions
from ..engine import events as E
from ..session.session import SaveFailed

SAVE_FORMAT = "monopoly-terminal-save"
SAVE_VERSION = versions.SAVE_VERSION  # one version for the file, its game and its computers (engine/versions.py)
READABLE_VERSIONS = versions.READABLE_VERSIONS  # 1: no identity, the log always inside
AUTOSAVE_NAME = "autosave"  # the one shared autosave of version 1; now the prefix of each game's own
AUTOSAVE_PREFIX = AUTOSAVE_NAME + "-"
LOG_SUFFIX = ".events"
STEPS_SUFFIX = ".steps"
MAX_STEPS = 100_000  # steps replayed past an autosave at most (a long game has a few thousand)
RECOVERED_PREFIX = "recovered-"
DEFAULT_SAVE_DIR = "saves"
MAX_SAVE_BYTES = 32 * 2**20  # a 1,000-turn game is about 0.5 MB; a file 60 times that is no save
MAX_WHOLE_NUMBER = 2**64  # beyond any amount, turn or generator word; larger is damage
_ID = re.compile(r"[0-9a-f]{32}")
_SHA256 = re.compile(r"[0-9a-f]{64}")


class SaveError(SaveFailed):
    """A save that cannot be written or read; the message names the file and says why."""


@dataclass(frozen=True)
class Holder:
    """What a save file holds, as far as writing over it is concerned."""

    game_id: str | None
    revision: str | None
    players: tuple[str, ...] = ()
    turn: int | None = None
    problem: str | None = None  # the file cannot be read
    events: int | None = None  # how many events of the game it holds (None: not known)

    def describe(self, same_game: bool) -> str:
        if self.problem is not None:
            return f"a file that cannot be read ({self.problem})"
        what = "this game as another session left it" if same_game else "another game"
        players = ", ".join(self.players)
        return f"{what} ({players}, turn {self.turn})" if players else what


class SaveConflict(SaveError):
    """The target holds another game, or a state of this game this session has not seen."""

    def __init__(self, path: Path, found: Holder, same_game: bool) -> None:
        super().__init__(f"{path} holds {found.describe(same_game)}")
        self.path = path
        self.found = found
        self.same_game = same_game


@dataclass
class LogTail:
    """Where an autosave's event log stands: events and bytes written, and their running checksum."""

    events: int = 0
    size: int = 0
    digest: Any = field(default_factory=hashlib.sha256)
    cuts: int = 0  # the game's ``log_cuts`` when written: an undo since then rewrites the log

    def record(self) -> dict[str, Any]:
        return {"events": self.events, "bytes": self.size, "sha256": self.digest.hexdigest()}


@dataclass
class Snapshot:
    """An autosave as taken from the game at one moment (``GameRecord.autosave_snapshot``): plain
    data that no later action changes, so another thread can write it while the game goes on."""

    game_data: dict[str, Any]  # ``Game.to_dict`` without the log
    computers: dict[str, Any] | None
    ui: dict[str, Any]
    log: list[E.Event]  # the game's log when taken (a copy of the list: events never change)
    log_cuts: int
    journal: int  # the game's inputs so far: the steps file's lines before this one are in it


@dataclass
class LoadedGame:
    """A validated save: the game, its computer players (or None), the screen settings, and whose it is."""

    path: Path
    game: Game
    computers: Any = None
    ui: dict[str, Any] = field(default_factory=dict)
    game_id: str | None = None  # None: a version-1 save, made before games had an identity
    revision: str | None = None
    log_tail: LogTail | None = None  # the event log kept apart (autosaves), as read
    steps: int = 0  # steps replayed from the steps file past the autosave


@dataclass(frozen=True)
class SaveInfo:
    """One line of the resume list."""

    name: str
    path: Path
    modified: datetime
    players: tuple[str, ...] = ()
    turn: int | None = None
    edition: str = ""
    over: bool = False
    problem: str | None = None  # why the file cannot be read, when it plainly cannot

    def describe(self, name_width: int = 16) -> str:
        """One line of the list; ``name_width`` is the widest name shown, so the columns line up."""
        when = self.modified.strftime("%Y-%m-%d %H:%M")
        if self.problem:
            return f"{self.name:<{name_width}} {when}  (cannot be read: {self.problem})"
        status = "game over" if self.over else f"turn {self.turn}"
        players = ", ".join(self.players)
        return f"{self.name:<{name_width}} {when}  {status:<9}  {players}"
