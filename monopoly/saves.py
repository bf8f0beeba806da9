"""Saved games on disk: readable JSON files written atomically, listed and validated on loading.

A save file is one JSON object::

    {"format": "monopoly-terminal-save", "version": 1, "saved_at": "2024-05-01T20:15:00",
     "game": <Game.to_dict()>, "computers": <ComputerPlayers.to_dict()> or null,
     "ui": {"tokens": [...], "fastmove": false, "show_cash": true, "elapsed": 1234.5}}

Files are written to a temporary file beside the target and moved into place with
``os.replace``, so a crash never leaves half a save. Loading never writes: a damaged, truncated,
unknown-version or hand-edited save is refused with a ``SaveError`` whose message names the file,
and the file stays as it was.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from .engine import Game, SaveFormatError

SAVE_FORMAT = "monopoly-terminal-save"
SAVE_VERSION = 1
AUTOSAVE_NAME = "autosave"
DEFAULT_SAVE_DIR = "saves"
NAME_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,32}")
NAME_RULE = "1 to 32 letters, digits, '-' or '_'"


class SaveError(Exception):
    """A save that cannot be written or read; the message names the file and says why."""


@dataclass
class LoadedGame:
    """A validated save: the game, its computer players (or None) and the screen settings."""

    path: Path
    game: Game
    computers: Any = None
    ui: dict[str, Any] = field(default_factory=dict)


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
    cleaned = str(name).strip()
    if cleaned.lower().endswith(".json"):
        cleaned = cleaned[:-5]
    if not NAME_PATTERN.fullmatch(cleaned):
        raise SaveError(f"{name!r} is not a save name: use {NAME_RULE} (no folders)")
    return cleaned


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
        if candidate.is_file():
            return candidate
    raise SaveError(f"{text}: no such save (looked in {Path(save_dir)} and for a file of that name)")


# ---------------------------------------------------------------------------------------- writing
def make_document(game: Game, computers: Any = None, ui: dict[str, Any] | None = None) -> dict[str, Any]:
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "saved_at": datetime.now().isoformat(timespec="seconds"),
        "game": game.to_dict(),
        "computers": computers.to_dict() if computers is not None else None,
        "ui": dict(ui or {}),
    }


def to_text(document: Any) -> str:
    """The save as JSON laid out for reading: objects opened three levels deep, lists of records
    (the game's log, the players, the decks) one record per line.

    ``json.dumps`` with ``indent`` would run its slow pure-Python encoder over the whole file;
    here each line is encoded at C speed, which matters because the log grows every turn and the
    game is autosaved after every turn.
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


def _ordinary_file_mode() -> int:
    """The permissions a new file gets from ``open``: read-write for all, less the umask."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


def write_document(path: str | os.PathLike[str], document: dict[str, Any]) -> Path:
    """Write JSON atomically: a temporary file in the same folder, then ``os.replace``."""
    target = Path(path)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        text = to_text(document)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.stem}-", suffix=".tmp", dir=target.parent)
        try:
            # mkstemp makes the file private to its owner; a save is an ordinary file, created as
            # any other would be under the user's umask (a shared save folder stays readable).
            os.chmod(tmp, _ordinary_file_mode())
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(text)
                handle.write("\n")
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, target)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
    except OSError as exc:
        raise SaveError(f"{target}: cannot write the save ({exc.strerror or exc})") from None
    return target


def write_save(save_dir: str | os.PathLike[str], name: str, game: Game, computers: Any = None,
               ui: dict[str, Any] | None = None) -> Path:
    """Save a game as ``save_dir/NAME.json``; the name is validated first."""
    return write_document(save_path(save_dir, name), make_document(game, computers, ui))


def autosave(save_dir: str | os.PathLike[str], game: Game, computers: Any = None,
             ui: dict[str, Any] | None = None) -> Path:
    return write_save(save_dir, AUTOSAVE_NAME, game, computers, ui)


# ---------------------------------------------------------------------------------------- reading
def _read_json(path: Path) -> Any:
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise SaveError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(f"{path}: not a saved game (the file is not text)") from None
    if not text.strip():
        raise SaveError(f"{path}: the file is empty")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(f"{path}: damaged or truncated (bad JSON at line {exc.lineno}, column {exc.colno})") from None
    except RecursionError:
        raise SaveError(f"{path}: damaged (nested too deeply)") from None


def _check_header(path: Path, data: Any) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise SaveError(f"{path}: not a saved game (expected a JSON object)")
    if data.get("format") != SAVE_FORMAT:
        raise SaveError(f"{path}: not a saved game of this program (format {data.get('format')!r})")
    version = data.get("version")
    if version != SAVE_VERSION:
        raise SaveError(f"{path}: saved with format version {version!r}; this program reads version {SAVE_VERSION}")
    for key in ("game", "computers", "ui"):
        if key not in data:
            raise SaveError(f"{path}: damaged ({key} is missing)")
    return data


def check_ui(path: Path, ui: Any, players: int) -> dict[str, Any]:
    """The screen settings of a save, checked; unknown keys are kept for newer versions."""
    if not isinstance(ui, dict):
        raise SaveError(f"{path}: damaged (ui: expected an object)")
    tokens = ui.get("tokens", [])
    if not isinstance(tokens, list) or not all(isinstance(t, str) for t in tokens) or len(tokens) not in (0, players):
        raise SaveError(f"{path}: damaged (ui.tokens: expected one token name per player)")
    for key in ("fastmove", "show_cash"):
        if key in ui and not isinstance(ui[key], bool):
            raise SaveError(f"{path}: damaged (ui.{key}: expected true or false)")
    elapsed = ui.get("elapsed", 0)
    if isinstance(elapsed, bool) or not isinstance(elapsed, (int, float)) or not 0 <= elapsed < 10**9:
        raise SaveError(f"{path}: damaged (ui.elapsed: expected a number of seconds)")
    return dict(ui)


def read_save(path: str | os.PathLike[str]) -> LoadedGame:
    """Load and validate a save; raise ``SaveError`` naming the file when anything is wrong."""
    where = Path(path)
    data = _check_header(where, _read_json(where))
    try:
        game = Game.from_dict(data["game"])
    except SaveFormatError as exc:
        raise SaveError(f"{where}: damaged or edited by hand (game.{exc})") from None
    except Exception as exc:  # a hand-edited value the engine's checks did not foresee: never a traceback
        raise SaveError(f"{where}: damaged or edited by hand (game: {exc})") from None
    ui = check_ui(where, data["ui"], len(game.state.players))
    computers = None
    if data["computers"] is not None:
        if not isinstance(data["computers"], dict):
            raise SaveError(f"{where}: damaged (computers: expected an object)")
        try:
            from .ai import ComputerPlayers
        except ImportError:
            raise SaveError(f"{where}: has computer players, and they are not available in this installation") from None
        try:
            computers = ComputerPlayers.from_dict(game, data["computers"])
        except Exception as exc:  # the AI package's own validation: any failure means a bad file
            raise SaveError(f"{where}: damaged or edited by hand (computers: {exc})") from None
    return LoadedGame(where, game, computers, ui)


def _summary(path: Path) -> SaveInfo:
    try:
        modified = datetime.fromtimestamp(path.stat().st_mtime)
    except OSError:
        modified = datetime.fromtimestamp(0)
    name = path.stem
    try:
        data = _check_header(path, _read_json(path))
        state = data["game"]["state"]
        players = tuple(str(p["name"]) for p in state["players"])
        turn = int(state["turn"]["number"])
        return SaveInfo(name, path, modified, players, turn, str(data["game"].get("edition", "")),
                        state.get("outcome") is not None)
    except SaveError as exc:
        reason = str(exc).split(": ", 1)[-1]
        return SaveInfo(name, path, modified, problem=reason)
    except (KeyError, TypeError, ValueError, AttributeError):
        return SaveInfo(name, path, modified, problem="damaged")


def list_saves(save_dir: str | os.PathLike[str]) -> list[SaveInfo]:
    """Every ``*.json`` in the save folder with a valid name, newest first, with a summary."""
    folder = Path(save_dir)
    if not folder.is_dir():
        return []
    entries = [_summary(p) for p in folder.glob("*.json") if p.is_file() and NAME_PATTERN.fullmatch(p.stem)]
    entries.sort(key=lambda e: (e.modified, e.name), reverse=True)
    return entries
