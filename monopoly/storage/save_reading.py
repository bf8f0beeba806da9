"""Reading a save: the file read with every guard, its separate event log and steps file, the game
loaded and validated (``read_save``), and the quick look before writing over one (``peek``).

Reading never writes, and never trusts the file.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from ..engine import MAX_CLOCK_SECONDS, Game, IllegalActionError, SaveFormatError
from ..engine import actions as A
from . import files
from .save_checks import (_check_before_engine, _check_header, _check_open_offer, _check_origin, _whole, check_events,
                          check_ui)
from .save_format import (_ID, LOG_SUFFIX, MAX_SAVE_BYTES, MAX_STEPS, MAX_WHOLE_NUMBER, SAVE_FORMAT, STEPS_SUFFIX,
                          Holder, LoadedGame, LogTail, SaveError)


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
