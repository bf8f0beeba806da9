"""One game's saves (``GameRecord``): its identity, its autosave with the event log kept apart, the
steps file a game server appends to, and what this session saw in each file, so that no save of
another game or session is written over silently.
"""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path
from typing import Any, Callable

from ..engine import Game
from . import files
from .save_format import (AUTOSAVE_PREFIX, LOG_SUFFIX, SAVE_FORMAT, SAVE_VERSION, STEPS_SUFFIX, Holder, LoadedGame,
                          LogTail, SaveConflict, SaveError, Snapshot)
from .save_lock import LockBusy, folder_lock
from .save_names import _key, save_path
from .save_reading import peek
from .save_writing import _ENCODE, _remove, _utf8, _why, make_document, new_identity, write_document


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
