"""Checks of a save's contents that the engine does not make: its envelope, the screen settings,
the computer players' generators, the events of its log, its origin and a computer's open offer.

Each refuses what is wrong with a ``SaveError`` naming the file and the field.
"""

from __future__ import annotations

import dataclasses
import typing
from pathlib import Path
from typing import Any, TypeGuard

from ..engine import MAX_CLOCK_SECONDS, RECORD_FORMAT, RECORD_VERSION, Game, game_from_record, generator_state_ok
from ..engine import versions
from ..engine import events as E
from ..session.safe_text import is_safe, shown
from . import files
from .save_format import _ID, _SHA256, READABLE_VERSIONS, SAVE_FORMAT, SAVE_VERSION, SaveError


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
