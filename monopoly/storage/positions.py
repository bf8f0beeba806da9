"""Position files (``docs/positions.md``): a chosen position read from JSON and checked by setting a
game up in it."""

from __future__ import annotations

from pathlib import Path

from ..engine import Position, PositionError, build_game
from ..session.safe_text import shown
from . import files

MAX_POSITION_BYTES = 2**20  # a position of eight players holding every deed is a few kilobytes


def read_position(path: str | Path) -> Position:
    """The position in a JSON file, checked by setting a game up in it.

    Read by the guarded reader (an ordinary file, at most ``MAX_POSITION_BYTES``, every number at
    most ``files.GAME_NUMBER_LIMIT`` so that the game can be saved and loaded again). Raises
    ``PositionError`` whose message names the file and what is wrong with it.
    """
    where = f"position file {shown(str(path))!r}"

    prefix = files.where(path) + ": "

    def refused(message: str) -> PositionError:  # the reader names the file; the message, the position file
        return PositionError(f"{where}: {message[len(prefix):] if message.startswith(prefix) else message}")

    if not Path(path).exists() and not Path(path).is_symlink():
        raise PositionError(f"{where}: no such file")
    data = files.read_json(path, refused, "a position", max_bytes=MAX_POSITION_BYTES)
    try:
        position = Position.from_dict(data)
        build_game(position, seed=0)  # refuses an impossible position
    except PositionError as exc:
        raise PositionError(f"{where}: {shown(str(exc))}") from None
    except (TypeError, ValueError, KeyError, AttributeError, RecursionError) as exc:  # never a traceback
        raise PositionError(f"{where}: {shown(str(exc))}") from None
    return position
