"""The save folder's lock: one program at a time checks a save file and writes over it, and none hangs waiting."""

from __future__ import annotations

import os
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

from ..session.safe_text import shown
from ..session.signals import interrupt_pending
from . import files
from .save_format import SaveError

LOCK_NAME = ".monopoly-saves.lock"


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
        raise SaveError(f"{files.where(lock_path)}: cannot write the save ({files.why(lock_path, exc)})") from None
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
