"""The save folder as a whole: the list of saves to resume, and tidying what interrupted saves left in it."""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

from .save_checks import _whole
from .save_format import LOG_SUFFIX, RECOVERED_PREFIX, STEPS_SUFFIX, SaveError, SaveInfo
from .save_lock import folder_lock
from .save_names import NAME_PATTERN, save_path
from .save_reading import _read_document, read_save
from .save_writing import _remove, make_document, write_document


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
