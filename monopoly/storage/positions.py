"""Position files (``docs/positions.md``): a chosen position read from JSON and checked by setting a
game up in it."""

from __future__ import annotations

import json
from pathlib import Path

from ..engine import Position, PositionError, build_game


def read_position(path: str | Path) -> Position:
    """The position in a JSON file, checked by setting a game up in it.

    Raises ``PositionError`` whose message names the file and what is wrong with it.
    """
    where = f"position file {str(path)!r}"
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise PositionError(f"{where}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise PositionError(f"{where}: cannot be read ({exc})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise PositionError(f"{where}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    try:
        position = Position.from_dict(data)
        build_game(position, seed=0)  # refuses an impossible position
    except PositionError as exc:
        raise PositionError(f"{where}: {exc}") from None
    return position
