"""The names of save files: which a player may type, where a name's file is, and what ``--load`` meant."""

from __future__ import annotations

import os
import re
from pathlib import Path

from ..session.safe_text import shown
from .save_format import AUTOSAVE_NAME, AUTOSAVE_PREFIX, SaveError

NAME_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,32}")
NAME_RULE = "1 to 32 letters, digits, '-' or '_'"
# Names Windows keeps for devices, whatever the extension: a save called con.json cannot be made there.
RESERVED_NAMES = frozenset({"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)),
                            *(f"lpt{i}" for i in range(10))})


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
