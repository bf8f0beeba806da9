"""A game's history: how it began, what was done since, a record that replays to the very same
game, and fair undo.

The engine is deterministic from its beginning (players, board, rules, the dice source's state)
and the inputs it is given (actions, and the clock of the time-limit game). A game that keeps a
log also keeps its ``origin`` and a journal of those inputs, so it can be written out as a
record, stepped through, and continued from any step.

Fair undo lets a person take back their own actions since chance last decided anything (a throw,
a card) and since anybody else last acted: a house built, a mortgage taken, an offer not yet
answered. It can never bring back a throw or a card, so nothing decided by chance can be tried
again, and since a computer's action is another player's, it never shows what a computer would
have done. It costs a copy of the state before each action, so front ends with people switch it
on (``Game.enable_undo``); simulations do not pay for it.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from . import actions as A
from . import events as E

from .state import GameState
from .table import Entry, Table

__all__ = ["Entry", "RECORD_FORMAT", "RECORD_VERSION", "Undo", "UndoProblem", "record_of"]

RECORD_FORMAT = "monopoly-record"
RECORD_VERSION = 1

# Events by which chance decided something: no undo reaches back past them.
_CHANCE = (E.DiceRolled, E.CardDrawn, E.StartingRoll, E.TimeUp, E.GameOver)


@dataclass
class _Snapshot:
    player: int
    action: A.Action
    state: GameState
    log_length: int
    journal_length: int


class UndoProblem(Exception):
    """Why an undo is refused (``IllegalActionError`` carries the same reason to callers)."""


# ---------------------------------------------------------------------------------------- undo
class Undo:
    """The actions one person may still take back, newest last."""

    def __init__(self) -> None:
        self.snapshots: list[_Snapshot] = []

    def before(self, game: Table, action: A.Action) -> None:
        """Remember the game as it is before ``action`` (another player's action ends the window)."""
        if self.snapshots and self.snapshots[-1].player != action.player:
            self.snapshots.clear()
        self.snapshots.append(_Snapshot(action.player, action, copy.deepcopy(game.state), len(game.log),
                                        len(game.journal)))

    def after(self, events: list[E.Event]) -> None:
        """Chance decided something, or the game ended: nothing before this can be taken back."""
        for event in events:
            if isinstance(event, _CHANCE):
                self.snapshots.clear()
                return

    def problem(self, game: Table, player: int) -> str | None:
        if not self.snapshots:
            return ("nothing to take back: only actions since the last throw, card or other player's "
                    "action can be undone")
        last = self.snapshots[-1]
        if last.player != player:
            names = game.state.players
            who = names[player].name if isinstance(player, int) and 0 <= player < len(names) else repr(player)
            return f"the last action was {names[last.player].name}'s, not {who}'s"
        return None

    def take_back(self, game: Table) -> E.ActionUndone:
        last = self.snapshots.pop()
        game.state = last.state
        game.holdings_moved(deeds=True)
        del game.log[last.log_length:]
        del game.journal[last.journal_length:]
        del game.journal_plain[last.journal_length:]
        game.log_cuts += 1
        return E.ActionUndone(last.player, last.action.verb, last.action.to_dict())


# ---------------------------------------------------------------------------------------- records
def record_of(game: Table) -> dict[str, Any]:
    """The game as a record: how it began, and each input with the events it caused (JSON data).

    Replaying the record (``game_from_record``) gives exactly this game; see ``docs/engine.md``.
    """
    if game.origin is None:
        raise ValueError("this game has no record: it was arranged by hand, loaded from a save made before "
                         "records were kept, or plays without a log")
    entries = game.journal
    steps = []
    for i, (action, clock, start) in enumerate(entries):
        end = entries[i + 1].log_start if i + 1 < len(entries) else len(game.log)
        step: dict[str, Any] = {"clock": clock, "events": [e.to_dict() for e in game.log[start:end]]}
        if action is not None:
            step["action"] = action.to_dict()
        steps.append(step)
    first = entries[0].log_start if entries else len(game.log)
    return {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "origin": game.origin,
        "opening": [e.to_dict() for e in game.log[:first]],
        "steps": steps,
        "clock": game.state.clock_seconds,
    }
