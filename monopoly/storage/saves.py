"""Saved games on disk: each game with its own identity and autosave, written without losing another's.

A save file is one JSON object::

    {"format": "monopoly-terminal-save", "version": 3, "saved_at": "2024-05-01T20:15:00",
     "game_id": "3f9a...", "revision": "a81c...", "log_file": null or {"events": N, "bytes": B, "sha256": H},
     "game": <Game.to_dict()>, "computers": <ComputerPlayers.to_dict()> or null,
     "ui": {"tokens": [...], "fastmove": false, "show_cash": true, "elapsed": 1234.5}}

Identity. A game gets a ``game_id`` when it is created; every save of it keeps it, and every write
gets a fresh ``revision``. A ``GameRecord`` is one playing session's view of its game: it knows the
revision it last read or wrote in each file, and before writing over a file (under a lock on the
save folder, so two programs never interleave) it checks what the file holds now. A file holding
another game, or a state of this game the session has not seen (another session's progress), is
never replaced silently: an explicit save raises ``SaveConflict`` for the screen to ask, and an
autosave moves to a new identity (the game goes on under a new autosave, and both are kept).

The autosave. Each game autosaves to ``autosave-<first 12 digits of its id>.json`` after every
turn, so games never share one. Its event log, which grows all game long, is kept apart in
``<same name>.events``, one event a line, and only new events are appended; the save holds the
log's length and checksum, so a write costs the same at turn 1,000 as at turn 1. A save made
with Save holds the log inside it: one file to keep or copy.

The steps file. A game server saves after every action without writing the whole game each time:
``GameRecord.append_steps`` adds each new input (an action or a clock reading, as a record's step,
``docs/records.md``) as one line to ``<autosave name>.steps``, and the whole autosave is written
now and then (``autosave_snapshot`` then ``write_snapshot``, which a writer thread may do). The
engine is deterministic, so loading the autosave replays the steps past it (``read_save``): the
game comes back as it was at its last step. A line cut short or that does not replay ends the
steps there. Every whole autosave written by a session that does not append steps removes the
file, so steps never outlive the game they continue.

Writing goes through a temporary file beside the target, moved into place with ``os.replace``:
a crash never leaves half a save. A temporary file a crash left behind is removed by ``tidy``,
or kept as ``recovered-NAME.json`` when it holds a complete save newer than its target.

Reading never writes, and never trusts the file: only an ordinary file of at most
``MAX_SAVE_BYTES`` is read; JSON with duplicate keys, non-finite or absurdly large numbers, text
that is not valid Unicode, non-integer versions, duplicate player names or damaged random
generator states is refused with a ``SaveError`` naming the file and what is wrong.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import re
import secrets
import time
import typing
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Callable, Iterator, TypeGuard

from ..engine import (MAX_CLOCK_SECONDS, RECORD_FORMAT, RECORD_VERSION, Game, SaveFormatError, game_from_record,
                      generator_state_ok)
from ..engine import IllegalActionError, versions
from ..engine import actions as A
from ..engine import events as E
from ..session.session import SaveFailed
from ..session.safe_text import is_safe, shown
from ..session.signals import interrupt_pending
from . import files

SAVE_FORMAT = "monopoly-terminal-save"
SAVE_VERSION = versions.SAVE_VERSION  # one version for the file, its game and its computers (engine/versions.py)
READABLE_VERSIONS = versions.READABLE_VERSIONS  # 1: no identity, the log always inside
AUTOSAVE_NAME = "autosave"  # the one shared autosave of version 1; now the prefix of each game's own
AUTOSAVE_PREFIX = AUTOSAVE_NAME + "-"
LOG_SUFFIX = ".events"
STEPS_SUFFIX = ".steps"
MAX_STEPS = 100_000  # steps replayed past an autosave at most (a long game has a few thousand)
LOCK_NAME = ".monopoly-saves.lock"
RECOVERED_PREFIX = "recovered-"
DEFAULT_SAVE_DIR = "saves"
NAME_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,32}")
NAME_RULE = "1 to 32 letters, digits, '-' or '_'"
# Names Windows keeps for devices, whatever the extension: a save called con.json cannot be made there.
RESERVED_NAMES = frozenset({"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)),
                            *(f"lpt{i}" for i in range(10))})
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


# ---------------------------------------------------------------------------------------- names
def validate_name(name: str) -> str:
    """Return ``name`` stripped if it is a valid save name, else raise ``SaveError``."""
    cleaned = _stem(name)
    problem = name_problem(cleaned)
    if problem is not None:
        raise SaveError(f"{name!r} is not a save name: {problem}")
    return cleaned


def _stem(name: str) -> str:
    cleaned = str(name).strip()
    return cleaned[:-5] if cleaned.lower().endswith(".json") else cleaned


def name_problem(name: str) -> str | None:
    """Why ``name`` (stripped, ``.json`` allowed) cannot name a save file, or None when it can."""
    cleaned = _stem(name)
    if len(cleaned) > 32:
        return f"at most 32 characters (this one has {len(cleaned)})"
    if not NAME_PATTERN.fullmatch(cleaned):
        return f"use {NAME_RULE} (no folders)"
    if cleaned.lower() in RESERVED_NAMES:
        return f"Windows keeps {cleaned.upper()} for a device"
    return None


def is_autosave_name(name: str) -> bool:
    """Autosaves are named by the program; a save typed under such a name would be written over."""
    low = name.lower()
    return low == AUTOSAVE_NAME or low.startswith(AUTOSAVE_PREFIX)


class NameRefused(SaveError, ValueError):
    """A name typed for a new save that cannot be used (a prompt re-asks: it is a ``ValueError``)."""


def chosen_name(text: str, save_dir: str | Path | None = None) -> str:
    """The one check of a save name a player types: the name as typed (stripped), or
    ``NameRefused`` saying why not. The automatic saves' names are refused (they are written over
    after every turn); with ``save_dir``, so is the name of a save that exists there (a game
    continued from a replay never overwrites one)."""
    problem = name_problem(text)
    if problem is not None:
        raise NameRefused(problem)
    name = validate_name(text)
    if is_autosave_name(name):
        raise NameRefused(f"names beginning with {AUTOSAVE_NAME} are kept for the automatic saves; choose another")
    if save_dir is not None and save_path(save_dir, name).exists():
        raise NameRefused("a save of that name exists: choose another")
    return name


def save_path(save_dir: str | os.PathLike[str], name: str) -> Path:
    return Path(save_dir) / f"{validate_name(name)}.json"


def resolve(name_or_path: str, save_dir: str | os.PathLike[str]) -> Path:
    """Find the file meant by ``--load``: a save name in ``save_dir``, or a path to a file."""
    text = str(name_or_path)
    candidates = []
    stem = text[:-5] if text.lower().endswith(".json") else text
    if NAME_PATTERN.fullmatch(stem):
        candidates.append(Path(save_dir) / f"{stem}.json")
    candidates.append(Path(text))
    for candidate in candidates:
        try:
            if candidate.is_file():
                return candidate
        except OSError:  # a name longer than the system allows: no such file
            continue
    raise SaveError(f"{shown(text)}: no such save (looked in {shown(str(save_dir))} and for a file of that name)")


def _key(path: Path) -> str:
    """One spelling per file, for remembering what this session saw in it."""
    return os.path.abspath(path)


# ---------------------------------------------------------------------------------------- the document
def make_document(game: Game, computers: Any = None, ui: dict[str, Any] | None = None,
                  game_id: str | None = None, revision: str | None = None,
                  log_tail: LogTail | None = None) -> dict[str, Any]:
    """The save of ``game``; with ``log_tail`` its log is the separate file that tail describes."""
    if log_tail is None:
        game_data = game.to_dict()
    else:  # the log is the separate file
        game_data = game.to_dict(include_log=False)
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "saved_at": datetime.now().isoformat(timespec="seconds"),
        "game_id": game_id or new_identity(),
        "revision": revision or new_identity(),
        "log_file": log_tail.record() if log_tail is not None else None,
        "game": game_data,
        "computers": computers.to_dict() if computers is not None else None,
        "ui": dict(ui or {}),
    }


def new_identity() -> str:
    return secrets.token_hex(16)


def to_text(document: Any) -> str:
    """The save as JSON laid out for reading: objects opened three levels deep, lists of records
    (the game's log, the players, the decks) one record per line.

    ``json.dumps`` with ``indent`` would run its slow pure-Python encoder over the whole file;
    here each line is encoded at C speed.
    """
    return _layout(document, 0, "")


_ENCODE = json.JSONEncoder(ensure_ascii=False).encode  # one encoder: ``json.dumps`` makes one a call


def _layout(value: Any, depth: int, pad: str) -> str:
    inner = pad + " "
    if isinstance(value, dict) and value and depth < 3:
        entries = [f"{inner}{_ENCODE(str(k))}: {_layout(v, depth + 1, inner)}" for k, v in value.items()]
        return "{\n" + ",\n".join(entries) + "\n" + pad + "}"
    if isinstance(value, list) and depth < 4 and any(isinstance(v, (dict, list)) for v in value):
        return "[\n" + ",\n".join(inner + _ENCODE(v) for v in value) + "\n" + pad + "]"
    return _ENCODE(value)


def _utf8(path: Path, text: str) -> bytes:
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: refused on loading, so only a bug can bring one here
        raise SaveError(f"{path}: cannot write the save (it holds text that is not valid Unicode)") from None


def _temporary_name(target: Path) -> str:
    return f".{target.stem}-"


def write_document(path: str | os.PathLike[str], document: dict[str, Any]) -> Path:
    """Write JSON atomically: a temporary file in the same folder, then ``os.replace``; a target
    that is a symbolic link is refused (``files.write_bytes``)."""
    target = Path(path)
    data = _utf8(target, to_text(document) + "\n")
    return files.write_bytes(target, data, SaveError, "the save", _temporary_name(target))


def _why(target: Path, exc: OSError) -> str:
    return files.why(target, exc)


class LockBusy(SaveError):
    """Another program held the save folder's lock past the wait (a game stopped with Ctrl-Z), or a
    stop signal came while waiting for it."""


LOCK_NOTICE_SECONDS = 0.5  # a wait longer than this is said ("another game ... is saving; waiting...")
LOCK_WAIT_SECONDS = 10.0  # ... and one longer than this gives up: the caller falls back
_LOCK_POLL_SECONDS = 0.05


def _say_waiting(folder: Path) -> None:
    """The default notice of a long wait for the lock: one line on standard error."""
    import sys
    try:
        print(f"monopoly: another game in this folder ({files.where(folder)}) is saving; waiting...",
              file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass


@contextmanager
def folder_lock(folder: Path, wait: float | None = None,
                waiting: "Callable[[Path], None] | None" = None) -> Iterator[None]:
    """Hold the save folder's lock: one program at a time checks a file and writes over it.

    The lock file is opened without following a link. The lock is asked for without blocking,
    again and again: after ``LOCK_NOTICE_SECONDS`` ``waiting`` is told once (by default a line on
    standard error), and after ``wait`` seconds (``LOCK_WAIT_SECONDS``), or as soon as a stop
    signal comes (Ctrl-C, held back while saving), ``LockBusy`` is raised: nothing hangs.
    """
    limit = LOCK_WAIT_SECONDS if wait is None else wait
    lock_path = folder / LOCK_NAME
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SaveError(f"{files.where(lock_path)}: cannot write the save ({_why(lock_path, exc)})") from None
    fd = files.open_nofollow(lock_path, os.O_RDWR | os.O_CREAT, SaveError)
    try:
        started = time.monotonic()
        told = False
        while True:
            try:
                if _try_lock(fd):
                    break
            except OSError as exc:
                raise SaveError(f"{files.where(lock_path)}: cannot lock the save folder "
                                f"({shown(exc.strerror or str(exc))})") from None
            waited = time.monotonic() - started
            if interrupt_pending():
                raise LockBusy(f"{files.where(folder)}: another game in this folder is saving (stopped waiting)")
            if waited >= limit:
                raise LockBusy(f"{files.where(folder)}: another game in this folder is saving and has not "
                               f"finished in {limit:g} s")
            if not told and waited >= LOCK_NOTICE_SECONDS:
                told = True
                (waiting or _say_waiting)(folder)
            time.sleep(_LOCK_POLL_SECONDS)
    except BaseException:
        os.close(fd)
        raise
    try:
        yield
    finally:
        try:
            _unlock(fd)
        except OSError:
            pass
        finally:
            os.close(fd)


try:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)
except ImportError:  # Windows
    import msvcrt

    def _try_lock(fd: int) -> bool:
        os.lseek(fd, 0, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)  # type: ignore[attr-defined]


# ---------------------------------------------------------------------------------------- one game's saves
class GameRecord:
    """One session's view of its game's files: the identity, the autosave, and what it saw where.

    ``seen`` maps each file this session read or wrote to the revision it left there; a file
    whose revision is different now was written by someone else since.
    """

    def __init__(self, save_dir: str | os.PathLike[str], game_id: str | None = None) -> None:
        """A new game's record (a new identity), or with ``game_id`` one more session of a game."""
        self.save_dir = Path(save_dir)
        self.game_id = game_id or new_identity()
        self.seen: dict[str, str | None] = {}
        self._tail: LogTail | None = None  # the autosave's log as this session left it (or read it)
        self._tail_path: str | None = None  # ... and the autosave it belongs to
        self.forked_from: str | None = None  # set when another session's autosave made this one move
        self._current: str | None = None  # the autosave's revision when it holds this session's game as read
        self.lock_refused: str | None = None  # why the folder's lock could not be had (the autosave moved)
        self.waiting: Callable[[Path], None] | None = None  # told of a long wait for the lock
        self._steps: tuple[str, int] | None = None  # (steps file, the game's inputs in it) once appended
        self._steps_fd: tuple[str, int] | None = None  # (steps file, its descriptor, kept open for appending)
        self._snapshot_journal = 0  # the game's inputs in the autosave last written
        self._steps_where: tuple[str, Path, Path, str] | None = None  # (identity, folder, steps file, its key)

    @classmethod
    def resumed(cls, save_dir: str | os.PathLike[str], loaded: LoadedGame) -> "GameRecord":
        """The record of a game read from a save; a version-1 save gets its identity now."""
        record = cls(save_dir, loaded.game_id)
        record.seen[_key(loaded.path)] = loaded.revision
        if _key(loaded.path) == _key(record.autosave_path):
            record._current = loaded.revision
        if loaded.log_tail is not None and _key(loaded.path) == _key(record.autosave_path):
            record._tail, record._tail_path = loaded.log_tail, _key(record.autosave_path)
        elif loaded.game_id is not None:
            # A named save resumed: the game's own autosave, left by the session that played it
            # before, is no other session's progress "meanwhile" when it holds no event the save
            # does not (issue 26: every resume of a named save took a new identity). Seen now, it
            # is written over; a later change to it is another session's and still forks.
            found = peek(record.autosave_path)
            if found is not None and found.problem is None and found.game_id == loaded.game_id \
                    and found.events is not None and found.events <= len(loaded.game.log):
                record.seen[_key(record.autosave_path)] = found.revision
        return record

    @classmethod
    def opened(cls, save_dir: str | os.PathLike[str], loaded: "LoadedGame | None" = None) -> "GameRecord":
        """The record of a game being played: resumed from ``loaded``, or a new one."""
        return cls.resumed(save_dir, loaded) if loaded is not None else cls(save_dir)

    def free_name(self) -> str:
        """The first of game1, game2 ... not taken in the save folder."""
        number = 1
        while save_path(self.save_dir, f"game{number}").exists():
            number += 1
        return f"game{number}"

    @property
    def autosave_name(self) -> str:
        return AUTOSAVE_PREFIX + self.game_id[:12]

    @property
    def autosave_path(self) -> Path:
        return self.save_dir / f"{self.autosave_name}.json"

    def _in_the_way(self, path: Path, agreed: Holder | None = None) -> Holder | None:
        """What ``path`` holds, when it is neither missing nor what this session left there."""
        found = peek(path)
        if found is None:
            return None
        if _key(path) in self.seen and self.seen[_key(path)] == found.revision and found.problem is None:
            return None
        if found == agreed:  # what the player said to replace, still as it was
            return None
        return found

    def save(self, name: str, game: Game, computers: Any = None, ui: dict[str, Any] | None = None,
             agreed: Holder | None = None) -> Path:
        """Save as ``save_dir/NAME.json`` (the log inside). ``SaveConflict`` when the file holds
        something else than this session left there, unless it still holds what ``agreed`` (the
        conflict the player said to replace) found."""
        path = save_path(self.save_dir, name)
        with folder_lock(self.save_dir):
            found = self._in_the_way(path, agreed)
            if found is not None:
                raise SaveConflict(path, found, found.game_id == self.game_id)
            revision = new_identity()
            write_document(path, make_document(game, computers, ui, self.game_id, revision))
            self.seen[_key(path)] = revision
        return path

    def autosave(self, game: Game, computers: Any = None, ui: dict[str, Any] | None = None) -> Path:
        """Write this game's autosave, appending new events to its log.

        If another session wrote this game's autosave since (two programs resumed one save), the
        game takes a new identity and autosaves beside it: each session keeps its own progress.
        """
        snapshot = self.autosave_snapshot(game, computers, ui)
        path = self.write_snapshot(snapshot)
        self.snapshot_written(snapshot)
        return path

    def _autosave_locked(self, snapshot: Snapshot) -> Path:
        if self._in_the_way(self.autosave_path) is not None:
            self.forked_from, self.game_id = self.game_id, new_identity()
        return self._write_autosave(snapshot)

    def _write_autosave(self, snapshot: Snapshot) -> Path:
        path = self.autosave_path
        tail = self._append_log(path, snapshot)
        revision = new_identity()
        document = {"format": SAVE_FORMAT, "version": SAVE_VERSION,
                    "saved_at": datetime.now().isoformat(timespec="seconds"), "game_id": self.game_id,
                    "revision": revision, "log_file": tail.record(), "game": snapshot.game_data,
                    "computers": snapshot.computers, "ui": dict(snapshot.ui)}
        write_document(path, document)
        self.seen[_key(path)] = revision
        self._tail, self._tail_path = tail, _key(path)
        self._current = revision
        return path

    def autosave_snapshot(self, game: Game, computers: Any = None, ui: dict[str, Any] | None = None) -> Snapshot:
        """The autosave as the game is now, to write with ``write_snapshot`` (in another thread if
        need be). Snapshots of one record are written one at a time, in the order taken."""
        return Snapshot(game.to_dict(include_log=False), computers.to_dict() if computers is not None else None,
                        dict(ui or {}), list(game.log), game.log_cuts, len(game.journal))

    def write_snapshot(self, snapshot: Snapshot) -> Path:
        """``autosave`` for a snapshot taken before: the folder's lock, the checks, the writes.
        Touches nothing of the game, so a writer thread may do it while the game goes on."""
        if self.lock_refused:  # the folder's lock was not to be had: try once, else write on alone
            try:
                with folder_lock(self.save_dir, wait=0, waiting=lambda folder: None):
                    return self._autosave_locked(snapshot)
            except LockBusy:
                return self._write_autosave(snapshot)
        try:
            with folder_lock(self.save_dir, waiting=self.waiting):
                return self._autosave_locked(snapshot)
        except LockBusy as exc:
            # Another program holds the lock (stopped with Ctrl-Z?), or a stop signal came while
            # waiting: the game takes a new identity, whose autosave no other program knows of,
            # and writes it without the lock. Nothing is lost, nothing of another game touched.
            self.lock_refused = str(exc)
            self.forked_from, self.game_id = self.game_id, new_identity()
            return self._write_autosave(snapshot)

    # ------------------------------------------------------------------ the steps file
    @property
    def steps_path(self) -> Path:
        return self.autosave_path.with_suffix(STEPS_SUFFIX)

    def append_steps(self, game: Game) -> None:
        """Add the game's inputs since the last written to the steps file: one plain write of a few
        hundred bytes, no lock and no wait for the disk. Once it returns, the inputs are the
        system's: a crash of this program loses none of them (a crash of the system may lose what
        it had not yet put on disk; ``sync_steps``)."""
        path, key = self._steps_file()
        done = self._steps[1] if self._steps is not None and self._steps[0] == key else self._snapshot_journal
        done = min(done, len(game.journal))
        if self._steps is not None and self._steps[0] == key and done == len(game.journal):
            return
        lines = []
        for at, (action, clock, _) in enumerate(game.journal[done:], done):
            step: dict[str, Any] = {"at": at, "clock": clock}
            if action is not None:
                step["action"] = action.to_dict()
            lines.append(_ENCODE(step) + "\n")
        if self._steps_fd is None or self._steps_fd[0] != key:
            self.close_steps()
            self._steps_fd = (key, files.open_nofollow(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, SaveError))
        try:
            os.write(self._steps_fd[1], _utf8(path, "".join(lines)))
        except OSError as exc:
            raise SaveError(f"{files.where(path)}: cannot write the save ({_why(path, exc)})") from None
        self._steps = (key, len(game.journal))

    def _steps_file(self) -> tuple[Path, str]:
        """The steps file and its ``_key``, worked out again only when the game's identity changes
        (a game server appends to it after every action)."""
        where = self._steps_where
        if where is None or where[0] != self.game_id or where[1] is not self.save_dir:
            path = self.steps_path
            where = self._steps_where = (self.game_id, self.save_dir, path, _key(path))
        return where[2], where[3]

    def close_steps(self) -> None:
        """Close the steps file kept open for appending (it is opened again at the next step)."""
        if self._steps_fd is not None:
            os.close(self._steps_fd[1])
            self._steps_fd = None

    def sync_steps(self) -> None:
        """Put the steps file on disk (``fsync``), so a crash of the system keeps them too."""
        try:
            fd = os.open(self.steps_path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        except OSError:
            return
        try:
            os.fsync(fd)
        except OSError:
            pass
        finally:
            os.close(fd)

    def snapshot_written(self, snapshot: Snapshot, tidy: bool = True) -> None:
        """After ``write_snapshot``, in the thread that appends steps: the steps file is removed
        when this session appends none (any found is left from before, and the autosave now holds
        the game), and with ``tidy`` also when the autosave holds every step in it. A game server
        leaves that to when it stops (a removal waits for the disk); meanwhile the steps the
        autosave holds are skipped when it is loaded."""
        self._snapshot_journal = snapshot.journal
        path = self.steps_path
        mine = self._steps is not None and self._steps[0] == _key(path)
        if not mine or (tidy and self._steps is not None and self._steps[1] == snapshot.journal):
            self.close_steps()
            _remove(path)
            self._steps = None

    def up_to_date(self) -> bool:
        """True when the autosave still holds the game as this session read or last wrote it
        (a session that changed nothing then leaves the file, and its "last played" time, alone)."""
        if self._current is None:
            return False
        found = peek(self.autosave_path)
        return found is not None and found.problem is None and found.revision == self._current

    def _append_log(self, path: Path, snapshot: Snapshot) -> LogTail:
        """Bring the autosave's event log up to the snapshot's, writing only the new events.

        Bytes past the recorded end (a write a crash cut off) are cut first; a log that is not
        this session's is written afresh.
        """
        log_path = path.with_suffix(LOG_SUFFIX)
        old = self._tail if self._tail_path == _key(path) else None
        if old is None or old.events > len(snapshot.log) or old.cuts != snapshot.log_cuts:
            old = LogTail()
        # Never through a link: a link planted as the log would have its target written over.
        fd = files.open_nofollow(log_path, os.O_WRONLY | os.O_CREAT, SaveError)
        try:
            with os.fdopen(fd, "wb") as handle:
                if os.fstat(handle.fileno()).st_size < old.size:  # cut by someone else: write it afresh
                    old = LogTail()
                tail = LogTail(old.events, old.size, old.digest.copy(), snapshot.log_cuts)
                data = _utf8(path, "".join(_ENCODE(event.to_dict()) + "\n" for event in snapshot.log[old.events:]))
                handle.truncate(old.size)
                handle.seek(old.size)
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
        except OSError as exc:
            raise SaveError(f"{files.where(log_path)}: cannot write the save ({_why(log_path, exc)})") from None
        tail.events, tail.size = len(snapshot.log), old.size + len(data)
        tail.digest.update(data)
        return tail


def write_save(save_dir: str | os.PathLike[str], name: str, game: Game, computers: Any = None,
               ui: dict[str, Any] | None = None) -> Path:
    """Save a game that has no record yet (a tool, a test) as ``save_dir/NAME.json``."""
    return GameRecord(save_dir).save(name, game, computers, ui)


# ---------------------------------------------------------------------------------------- reading files
def _read_bytes(path: Path, limit: int = MAX_SAVE_BYTES) -> bytes:
    """The bytes of an ordinary file of at most ``limit`` bytes (``files.read_bytes``)."""
    return files.read_bytes(path, SaveError, limit)


def parse_json(path: Path, text: str) -> Any:
    """JSON as a save may hold it; anything else is a ``SaveError`` naming ``path``."""
    return files.parse_json(path, text, SaveError, MAX_WHOLE_NUMBER)


def _decode(path: Path, raw: bytes) -> str:
    return files.decode(path, raw, SaveError)


def _read_document(path: Path) -> dict[str, Any]:
    """A save file read and its envelope checked (the game itself is the engine's to check)."""
    return _check_header(path, _parse_file(path))


def _parse_file(path: Path) -> Any:
    """A save file's JSON, read with every guard (``files``)."""
    text = _decode(path, _read_bytes(path))
    if not text.strip():
        raise SaveError(f"{path}: the file is empty")
    return parse_json(path, text)


def _whole(value: Any) -> TypeGuard[int]:
    return type(value) is int  # noqa: E721 (not bool, not 1.0)


def _check_header(path: Path, data: Any) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise SaveError(f"{path}: not a saved game (expected a JSON object)")
    if data.get("format") != SAVE_FORMAT:
        raise SaveError(f"{path}: not a saved game of this program (format {data.get('format')!r})")
    version = data.get("version")
    if not _whole(version) or version not in READABLE_VERSIONS:
        raise SaveError(f"{path}: saved with format version {version!r}; this program reads version {SAVE_VERSION}")
    for key in ("game", "computers", "ui"):
        if key not in data:
            raise SaveError(f"{path}: damaged ({key} is missing)")
    if versions.since("game_id", version):
        for key in ("game_id", "revision"):
            if not isinstance(data.get(key), str) or not _ID.fullmatch(data[key]):
                raise SaveError(f"{path}: damaged ({key}: expected 32 hexadecimal digits)")
        if data.get("log_file") is not None:
            _check_log_record(path, data["log_file"])
    elif "log_file" in data:
        raise SaveError(f"{path}: damaged (log_file in a version-1 save)")
    game = data["game"]
    if isinstance(game, dict) and "version" in game and not _whole(game["version"]):
        raise SaveError(f"{path}: damaged (game.version: expected a whole number)")
    return versions.upgrade_save_file(data, version)


def _check_log_record(path: Path, record: Any) -> None:
    ok = (isinstance(record, dict) and set(record) == {"events", "bytes", "sha256"}
          and _whole(record["events"]) and _whole(record["bytes"]) and 0 <= record["events"] <= record["bytes"]
          and isinstance(record["sha256"], str) and _SHA256.fullmatch(record["sha256"]))
    if not ok:
        raise SaveError(f"{path}: damaged (log_file: expected events, bytes and sha256)")


# ---------------------------------------------------------------------------------------- checks the engine lacks
def _check_before_engine(path: Path, data: dict[str, Any]) -> None:
    """What ``ComputerPlayers.from_dict`` lets through, checked here: the computer players' seed,
    version and one sound random generator per seat (the engine checks its own dice and state)."""
    computers = data["computers"]
    if isinstance(computers, dict):
        seats, states = computers.get("seats"), computers.get("rng")
        if not _whole(computers.get("seed")) or not _whole(computers.get("version")):
            raise SaveError(f"{path}: damaged (computers: seed and version must be whole numbers)")
        if not isinstance(seats, dict) or not isinstance(states, dict) or set(states) != set(seats):
            raise SaveError(f"{path}: damaged (computers.rng: expected one generator for each computer player)")
        for seat, generator in states.items():
            if not generator_state_ok(generator):
                raise SaveError(f"{path}: damaged (the random generator computers.rng.{seat} is not a valid state)")


def check_ui(path: Path, ui: Any, players: int) -> dict[str, Any]:
    """The screen settings of a save, checked; unknown keys are kept for newer versions."""
    if not isinstance(ui, dict):
        raise SaveError(f"{path}: damaged (ui: expected an object)")
    tokens = ui.get("tokens", [])
    if (not isinstance(tokens, list) or not all(isinstance(t, str) and 0 < len(t) <= 32 and is_safe(t) for t in tokens)
            or len(tokens) not in (0, players)):
        raise SaveError(f"{path}: damaged (ui.tokens: expected one token name per player)")
    for key in ("fastmove", "show_cash", "show_chances"):
        if key in ui and not isinstance(ui[key], bool):
            raise SaveError(f"{path}: damaged (ui.{key}: expected true or false)")
    elapsed = ui.get("elapsed", 0)
    if isinstance(elapsed, bool) or not isinstance(elapsed, (int, float)) or not 0 <= elapsed < MAX_CLOCK_SECONDS:
        raise SaveError(f"{path}: damaged (ui.elapsed: expected a number of seconds)")
    return dict(ui)


# ---------------------------------------------------------------------------------------- loading
def _read_log(path: Path, record: dict[str, Any]) -> tuple[list[Any], LogTail]:
    """The events of an autosave's separate log, as far as the save says, checksum checked."""
    log_path = path.with_suffix(LOG_SUFFIX)
    raw = _read_bytes(log_path)
    if len(raw) < record["bytes"]:
        raise SaveError(f"{path}: damaged (its event log {log_path.name} is shorter than the save says)")
    raw = raw[:record["bytes"]]  # beyond: a write a crash cut short, not part of this save
    digest = hashlib.sha256(raw)
    if digest.hexdigest() != record["sha256"]:
        raise SaveError(f"{path}: damaged (its event log {log_path.name} does not match the save)")
    lines = _decode(log_path, raw).splitlines()
    if len(lines) != record["events"]:
        raise SaveError(f"{path}: damaged (its event log {log_path.name} has {len(lines)} events, not "
                        f"{record['events']})")
    return [parse_json(log_path, line) for line in lines], LogTail(record["events"], record["bytes"], digest)


_FIELD_KINDS: dict[str, dict[str, str]] = {}  # event kind -> field -> what its value must be


def _event_fields(kind: str) -> dict[str, str] | None:
    """What each field of an event of ``kind`` holds (``int``, ``str``, ``bool``, ``ints``, ``pair``,
    ``strs``, ``pairs``, ``object``, ``code``), from the event's own declaration."""
    if kind in _FIELD_KINDS:
        return _FIELD_KINDS[kind]
    cls = E.EVENT_TYPES.get(kind)
    if cls is None:
        return None
    hints = typing.get_type_hints(cls)
    kinds = {}
    for item in dataclasses.fields(cls):
        hint = hints[item.name]
        kinds[item.name] = {int: "int", str: "str", bool: "bool", tuple[int, ...]: "ints", tuple[int, int]: "pair",
                            tuple[str, ...]: "strs", tuple[tuple[int, int], ...]: "pairs",
                            dict[str, Any]: "object"}.get(hint, "code")
    _FIELD_KINDS[kind] = kinds
    return kinds


def _small(value: Any) -> bool:
    return _whole(value) and abs(value) <= files.GAME_NUMBER_LIMIT


def _holds(kind: str, value: Any) -> bool:
    if kind == "int":
        return _small(value)
    if kind == "str":
        return isinstance(value, str)
    if kind == "bool":
        return isinstance(value, bool)
    if kind == "ints":
        return isinstance(value, list) and all(_small(v) for v in value)
    if kind == "pair":
        return isinstance(value, list) and len(value) == 2 and all(_small(v) for v in value)
    if kind == "strs":
        return isinstance(value, list) and all(isinstance(v, str) for v in value)
    if kind == "pairs":
        return isinstance(value, list) and all(_holds("pair", v) for v in value)
    if kind == "object":
        return isinstance(value, dict)
    return isinstance(value, str)  # a code: its values are the engine's to check


def check_events(path: Path, events: Any, where_: str = "game.log") -> None:
    """Every event of a log an object of a known kind whose fields hold values of their types (the
    engine takes them as they are, and a screen showing one later would fail)."""
    if not isinstance(events, list):
        return  # the engine refuses it, naming the field
    for i, event in enumerate(events):
        kind = event.get("event") if isinstance(event, dict) else None
        kinds = _event_fields(kind) if isinstance(kind, str) else None
        if kinds is None:
            raise SaveError(f"{files.where(path)}: damaged ({where_}[{i}]: not an event)")
        for name, kind in kinds.items():
            if name in event and not _holds(kind, event[name]):
                raise SaveError(f"{files.where(path)}: damaged ({where_}[{i}].{shown(name)}: not what a "
                                f"{shown(event['event'])} event holds)")


def _check_origin(path: Path, game: Game) -> None:
    """The origin a save's record starts from sets a game up (``record``, ``stats``, ``replay`` and
    the statistics view start from it)."""
    if game.origin is None:
        return
    try:
        game_from_record({"format": RECORD_FORMAT, "version": RECORD_VERSION, "origin": game.origin,
                          "steps": []}, 0)
    except Exception as exc:  # whatever a damaged origin trips over: refused at load, not later
        raise SaveError(f"{files.where(path)}: damaged or edited by hand (game.origin: "
                        f"{shown(str(exc)) or type(exc).__name__})") from None


def read_save(path: str | os.PathLike[str], log_of: str | os.PathLike[str] | None = None) -> LoadedGame:
    """Load and validate a save; raise ``SaveError`` naming the file when anything is wrong.

    ``log_of``: the save whose separate event log to use (a temporary file being recovered uses
    its target's).
    """
    where = Path(path)
    with files.building():
        return load_document(where, _parse_file(where), log_of)


def load_document(path: Path, document: Any, log_of: str | os.PathLike[str] | None = None) -> LoadedGame:
    """``read_save`` for a file already read and parsed (``parse_json``): the caller that had to
    look inside it first (``monopoly record``) does not read and parse 30 MB twice. Every check
    of ``read_save`` is made here."""
    data = _check_header(path, document)
    _check_before_engine(path, data)
    game_data = data["game"]
    tail = None
    if data.get("log_file") is not None:
        if not isinstance(game_data, dict) or game_data.get("log") != []:
            raise SaveError(f"{path}: damaged (an event log both inside and apart)")
        events, tail = _read_log(Path(log_of) if log_of is not None else path, data["log_file"])
        check_events(path, events, "event log")
        game_data = dict(game_data, log=events)
    elif isinstance(game_data, dict):
        check_events(path, game_data.get("log"))
    try:
        game = Game.from_dict(game_data)
    except SaveFormatError as exc:
        raise SaveError(f"{path}: damaged or edited by hand (game.{exc})") from None
    except Exception as exc:  # a hand-edited value the engine's checks did not foresee: never a traceback
        raise SaveError(f"{path}: damaged or edited by hand (game: {exc})") from None
    _check_origin(path, game)
    steps = _replay_steps(Path(log_of) if log_of is not None else path, game) if tail is not None else 0
    ui = check_ui(path, data["ui"], game.view.player_count)
    computers = None
    if data["computers"] is not None:
        if not isinstance(data["computers"], dict):
            raise SaveError(f"{path}: damaged (computers: expected an object)")
        try:
            from ..ai import ComputerPlayers
        except ImportError:
            raise SaveError(f"{path}: has computer players, and they are not available in this installation") from None
        try:
            computers = ComputerPlayers.from_dict(game, data["computers"])
        except Exception as exc:  # the AI package's own validation: any failure means a bad file
            raise SaveError(f"{path}: damaged or edited by hand (computers: {exc})") from None
        _check_open_offer(path, game, computers.to_dict()["offer"])  # as read: every field filled in
    return LoadedGame(path, game, computers, ui, data.get("game_id"), data.get("revision"), tail, steps)


def _check_open_offer(path: Path, game: Game, offer: Any) -> None:
    """A computer's offer still open when the game was saved was made through the engine, so it
    named deeds and another player. ``ComputerPlayers.from_dict`` checks only that its fields have
    their types and its squares are on the board: a Chance square among them was loaded and then
    crashed the computer's bookkeeping once the offer was answered (issue 26)."""
    if not isinstance(offer, dict):
        return  # none open
    view = game.view
    squares = [*offer["give"], *offer["take"]]
    if (not 0 <= offer["recipient"] < view.player_count or offer["recipient"] == offer["player"]
            or not all(view.square(square).is_property for square in squares)):
        raise SaveError(f"{path}: damaged or edited by hand (computers.offer: not an offer the game could have made)")


def _replay_steps(path: Path, game: Game) -> int:
    """Carry the game on by the steps file's inputs past it (``GameRecord.append_steps``): how
    many. The steps end at the first line that is cut short, damaged, out of order or refused by
    the rules: what a crash left half written, or a file that is not this game's, is not played."""
    steps_path = path.with_suffix(STEPS_SUFFIX)
    if not os.path.lexists(steps_path):
        return 0
    try:
        raw = _read_bytes(steps_path)
    except SaveError:
        return 0
    done = 0
    for line in raw.split(b"\n")[:-1][:MAX_STEPS]:  # the last piece has no newline: cut short, or empty
        try:
            step = files.parse_json(steps_path, line.decode("utf-8"), SaveError)
            at, clock = step["at"], step["clock"]
            if not (_whole(at) and _whole(clock)) or clock > MAX_CLOCK_SECONDS:
                break
            if at < len(game.journal):  # already in the autosave
                continue
            if at > len(game.journal):
                break
            action = A.action_from_dict(step["action"]) if "action" in step else None
            if action is not None and A.malformed(action) is not None:
                break
            game.set_clock(clock)
            if action is not None:
                game.apply(action)
            done += 1
        except (SaveError, ValueError, TypeError, KeyError, AttributeError, IllegalActionError):
            break
    return done


def peek(path: Path) -> Holder | None:
    """What a file holds (None: there is no file): enough to ask before writing over it.

    Read before every autosave, so it reads fast: plain JSON, and only the fields it needs,
    each checked (the whole file is checked when it is loaded).
    """
    if not os.path.lexists(path):
        return None
    try:
        data = json.loads(_decode(path, _read_bytes(path)))
        identity, revision = data.get("game_id"), data.get("revision")
        if data.get("format") != SAVE_FORMAT or not _whole(data.get("version")):
            raise SaveError(f"{path}: not a saved game of this program")
        state = data["game"]["state"]
        players = tuple(p["name"] if _shown_safely(p["name"]) else "?" for p in state["players"])
        turn = state["turn"]["number"]
        log_file, log = data.get("log_file"), data["game"].get("log")
        events = log_file.get("events") if isinstance(log_file, dict) else len(log) if isinstance(log, list) else None
        return Holder(identity if isinstance(identity, str) and _ID.fullmatch(identity) else None,
                      revision if isinstance(revision, str) and _ID.fullmatch(revision) else None,
                      players, turn if _whole(turn) else None, events=events if _whole(events) else None)
    except SaveError as exc:
        return Holder(None, None, problem=str(exc).split(": ", 1)[-1])
    except (ValueError, RecursionError, KeyError, TypeError, AttributeError):
        return Holder(None, None, problem="damaged")


def _shown_safely(name: Any) -> bool:
    """A name that can be put in a question on the screen as it is."""
    return isinstance(name, str) and 0 < len(name) <= 32 and name.isprintable() and not any(
        0xD800 <= ord(ch) <= 0xDFFF for ch in name)


# ---------------------------------------------------------------------------------------- the folder
def _summary(path: Path) -> SaveInfo:
    try:
        modified = datetime.fromtimestamp(path.stat().st_mtime)
    except (OSError, OverflowError, ValueError):
        modified = datetime.fromtimestamp(0)
    name = path.stem
    try:
        data = _read_document(path)
        state = data["game"]["state"]
        players = tuple(str(p["name"]) for p in state["players"])
        turn = state["turn"]["number"]
        if not _whole(turn):
            raise ValueError("turn")
        return SaveInfo(name, path, modified, players, turn, str(data["game"].get("edition", "")),
                        state.get("outcome") is not None)
    except SaveError as exc:
        return SaveInfo(name, path, modified, problem=str(exc).split(": ", 1)[-1])
    except Exception:  # whatever the file holds, the list goes on
        return SaveInfo(name, path, modified, problem="damaged")


def list_saves(save_dir: str | os.PathLike[str]) -> list[SaveInfo]:
    """Every ``*.json`` in the save folder with a valid name, newest first, with a summary.

    Entries that are not ordinary files are left out; a file that cannot be read is listed with
    the reason; nothing in the folder stops the list.
    """
    folder = Path(save_dir)
    try:
        paths = [p for p in folder.glob("*.json") if NAME_PATTERN.fullmatch(p.stem) and p.is_file()]
    except OSError:
        return []
    entries = [_summary(p) for p in paths]
    entries.sort(key=lambda e: (e.modified, e.name), reverse=True)
    return entries


def tidy(save_dir: str | os.PathLike[str]) -> list[Path]:
    """Clear what interrupted saves left in the folder; return the saves recovered from it.

    A temporary file that holds a complete, valid save newer than the save it was meant to
    replace (the program stopped just before moving it into place) is kept as
    ``recovered-NAME.json``; other temporary files, and event logs of autosaves that were never
    written, are removed. Done under the folder's lock, so no file another program is writing
    right now is touched.
    """
    folder = Path(save_dir)
    try:
        if not folder.is_dir():
            return []
    except OSError:
        return []
    recovered: list[Path] = []
    try:
        with folder_lock(folder, wait=1.0, waiting=lambda folder: None):
            _tidy_locked(folder, recovered)
    except SaveError:  # another game is saving (or the folder cannot be locked): tidy next time
        pass
    return recovered


def _tidy_locked(folder: Path, recovered: list[Path]) -> None:
    for tmp in sorted(folder.glob(".*-*.tmp")):
        stem = tmp.name[1:].rsplit("-", 1)[0]
        if not NAME_PATTERN.fullmatch(stem):
            continue
        keep = _recover(tmp, folder / f"{stem}.json")
        if keep is not None:
            recovered.append(keep)
        _remove(tmp)
    for log in (*folder.glob(f"*{LOG_SUFFIX}"), *folder.glob(f"*{STEPS_SUFFIX}")):
        if not log.with_suffix(".json").exists():
            _remove(log)


def _recover(tmp: Path, target: Path) -> Path | None:
    try:
        if target.exists() and tmp.stat().st_mtime <= target.stat().st_mtime:
            return None
        loaded = read_save(tmp, log_of=target)
    except (SaveError, OSError):
        return None
    base = RECOVERED_PREFIX + target.stem[:32 - len(RECOVERED_PREFIX) - 3]
    name = next(n for n in (base, *(f"{base}-{i}" for i in range(2, 100)))
                if not (target.parent / f"{n}.json").exists())
    try:
        return write_document(save_path(target.parent, name),
                              make_document(loaded.game, loaded.computers, loaded.ui, loaded.game_id))
    except SaveError:
        return None


def _remove(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass
