"""Writing a save: the document made from a game, its JSON laid out for reading, and the atomic write."""

from __future__ import annotations

import json
import os
import secrets
from datetime import datetime
from pathlib import Path
from typing import Any

from ..engine import Game
from . import files
from .save_format import SAVE_FORMAT, SAVE_VERSION, LogTail, SaveError


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


def _remove(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass
