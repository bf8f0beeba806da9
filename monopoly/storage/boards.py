"""Players' own boards: ``--edition FILE.json`` on any command, and a per-user folder of board files
beside the saves, offered at the set-up with the package's boards (``docs/boards.md``).

The engine reads and checks a board file (``add_edition_file``: a message naming the file and the
field); this module only finds the files and turns ``--edition FILE.json`` into the board's id, so
every front end, ``simulate``, the saves and the records then know the board by that id. A save
remembers the file (and its digest) and is refused with a clear message when the file is gone or
has changed.

The per-user folder is, first found: the environment variable ``MONOPOLY_EDITIONS_DIR``, else
``editions`` beside the per-user save folder (``~/.local/share/monopoly/editions`` on Linux, see
``places.user_save_dir``).
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path
from typing import Any, Callable, Mapping

from ..engine import Edition, EditionError, add_edition_file, set_board_file_opener
from .places import NoSaveFolder, user_save_dir

EDITIONS_DIR_ENV = "MONOPOLY_EDITIONS_DIR"
set_board_file_opener(Path)  # a save of a game on a player's board names its file: open it as a path


def user_editions_dir(environ: Mapping[str, str] | None = None, platform: str | None = None,
                      home: Path | None = None) -> Path:
    """The per-user folder of board files (see the module's docstring)."""
    env = os.environ if environ is None else environ
    chosen = env.get(EDITIONS_DIR_ENV, "").strip()
    if chosen:
        return Path(chosen).expanduser()
    return user_save_dir(env, platform, home).parent / "editions"


def is_board_file(value: str) -> bool:
    """Whether an ``--edition`` value names a file rather than an edition id."""
    return value.lower().endswith(".json") or os.sep in value or "/" in value


def load_user_boards(folder: Path | None = None, warn: Callable[[str], None] | None = None) -> list[Edition]:
    """Offer every good board file of the per-user folder; a bad one is skipped with a warning that
    names the file and the field (one bad file must not stop the game)."""
    say = warn or (lambda text: print(f"monopoly: {text}", file=sys.stderr))
    found: list[Edition] = []
    try:
        where = user_editions_dir() if folder is None else folder
        if not where.is_dir():
            return found
    except (NoSaveFolder, OSError):
        # No home folder (HOME unset, the user missing from the password file) or a name the
        # system refuses: no boards of one's own, and every command still runs; a game that
        # needs the per-user save folder says so itself (issue 26).
        return found
    for file in sorted(where.glob("*.json")):
        try:
            found.append(add_edition_file(file))
        except EditionError as exc:
            say(f"skipped: {exc}")
    return found


def edition_arguments(args: list[str]) -> list[str]:
    """``args`` with every ``--edition FILE.json`` read (``EditionError`` when the file is no good)
    and replaced by the board's id."""
    out = list(args)
    for i, arg in enumerate(out):
        if arg == "--edition" and i + 1 < len(out) and is_board_file(out[i + 1]):
            out[i + 1] = add_edition_file(Path(out[i + 1]).expanduser()).id
        elif arg.startswith("--edition=") and is_board_file(arg.split("=", 1)[1]):
            out[i] = "--edition=" + add_edition_file(Path(arg.split("=", 1)[1]).expanduser()).id
    return out


def board_document(edition: Edition) -> dict[str, Any] | None:
    """The board file a player's own board was read from, as its JSON object, for the players of a
    game served over the network (their program does not have the file); None for a board of the
    package, which every copy of the game has. ``EditionError`` when the file is gone or has
    changed since it was read: what is sent must be the board the game is played on."""
    if not edition.source:
        return None
    try:
        text = Path(edition.source).read_text("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise EditionError(f"board file {edition.source}: cannot be read again: {exc}") from None
    if hashlib.sha256(text.encode("utf-8")).hexdigest() != edition.digest:
        raise EditionError(f"board file {edition.source}: changed since the game began")
    data = json.loads(text)
    if not isinstance(data, dict):
        raise EditionError(f"board file {edition.source}: an edition file holds one JSON object")
    return data
