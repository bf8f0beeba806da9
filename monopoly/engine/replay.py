"""Replaying a game's record (``Game.record()``, ``docs/records.md``) to the same game.

Above the facade and the positions, since a record starts from either a new game or a position
set up by hand; the record itself is written by ``history.record_of``.
"""

from __future__ import annotations

import copy
from typing import Any, Callable

from . import actions as A
from . import events as E
from .dice import dice_from_dict
from .editions import saved_edition
from .errors import EditionError, IllegalActionError, SaveFormatError
from .game import Game
from .history import RECORD_FORMAT, RECORD_VERSION
from .position import Position, PositionError, build_game


def game_from_record(record: Any, steps: int | None = None,
                     each_step: Callable[[int, Game, list[E.Event]], None] | None = None) -> Game:
    """The game a record describes, after its first ``steps`` inputs (all of them by default).

    Raises ``SaveFormatError`` for a record that is malformed or does not replay (an action the
    rules refuse at its step). ``each_step`` is told of the game before the first step (with the
    opening's events) and after each step (with that step's events), as the game is replayed: a
    caller that counts something step by step need not replay a long game a second time.
    """
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        raise SaveFormatError("this is not a game record (format)")
    if type(record.get("version")) is not int or record["version"] != RECORD_VERSION:
        raise SaveFormatError(f"record version {record.get('version')!r}: this program reads version {RECORD_VERSION}")
    origin, entries = record.get("origin"), record.get("steps")
    if not isinstance(origin, dict) or not isinstance(entries, list):
        raise SaveFormatError("a record has an origin and a list of steps")
    try:
        dice = dice_from_dict(origin.get("dice"))
        if "position" in origin:
            game = build_game(Position.from_dict(origin["position"]), dice=dice)
            game.origin = copy.deepcopy(origin)
        else:
            edition = saved_edition(origin["edition"], origin.get("edition_file"))
            game = Game.new(origin["players"], edition, origin["rules"], dice=dice,
                            first_player=origin.get("first_player"))
    except (KeyError, TypeError, ValueError, PositionError, EditionError) as exc:
        raise SaveFormatError(f"record origin: {exc}") from None
    count = len(entries) if steps is None else max(0, min(steps, len(entries)))
    if each_step is not None:
        each_step(0, game, list(game.log))
    for i, step in enumerate(entries[:count]):
        try:
            clock = step["clock"]
            if type(clock) is not int:
                raise TypeError("the clock is a whole number of seconds")
            events = game.set_clock(clock)
            if "action" in step:
                events += game.apply(A.action_from_dict(step["action"]))
        except (KeyError, TypeError, ValueError, IllegalActionError) as exc:
            raise SaveFormatError(f"record step {i + 1}: {exc}") from None
        if each_step is not None:
            each_step(i + 1, game, events)
    if steps is None and type(record.get("clock")) is int:
        game.set_clock(record["clock"])
    return game
