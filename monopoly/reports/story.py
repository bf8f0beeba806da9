"""A game turn by turn in words (``monopoly record``): the record replayed, each event told with the
sentences the game's screens use."""

from __future__ import annotations

import textwrap
from typing import Any, Iterator, Sequence

from ..engine import Game, game_from_record
from ..engine import events as E


def heading(game: Game, record: dict[str, Any]) -> list[str]:
    """What a record's text opens with: edition, players, dice seed and rule options."""
    origin = record["origin"]
    view = game.view
    names = ", ".join(view.name(p) for p in range(view.player_count))
    seed = origin.get("dice", {}).get("seed") if isinstance(origin.get("dice"), dict) else None
    lines = [f"Game record: {game.edition.name}; players {names}"
             + (f"; dice seed {seed}" if seed is not None else "")]
    rules = origin.get("rules") or (origin.get("position") or {}).get("rules") or {}
    if isinstance(rules, dict) and rules:
        lines += textwrap.wrap("Rules: " + ", ".join(f"{k} {_value(v)}" for k, v in rules.items()), 100,
                               subsequent_indent="  ")
    if "position" in origin:
        lines.append("Started from a position.")
    return lines


def _value(value: Any) -> str:
    """A rule option's value as ``monopoly rules`` and ``--rule`` write it (true, not Python's True)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def sentences(game: Game, events: Sequence[E.Event]) -> Iterator[tuple[str, str]]:
    """The screen's messages for ``events``: (text, theme role); silent events say nothing."""
    from ..session.words import format_event  # here, so simulations writing records never load the wording
    for event in events:
        said = format_event(game, event)
        if said is not None:
            yield said


def record_text(record: dict[str, Any], final: Game | None = None) -> list[str]:
    """The game turn by turn: each turn's title, then what happened in it, indented.

    ``final``: the game after the record's last step, when the caller has replayed it already
    (the check of a file read replays it; a long game's replay takes seconds)."""
    if final is None:
        final = game_from_record(record)
    lines = heading(final, record) + ["", "Before the first turn:"]
    for event in final.log:
        said = next(sentences(final, [event]), None)
        if said is None:
            continue
        text = said[0]
        if isinstance(event, E.TurnStarted):
            lines += ["", text]
        else:
            lines.append("  " + text)
    if not final.view.over:
        lines += ["", f"(The game goes on: turn {final.view.turn}, {len(record['steps'])} steps recorded.)"]
    return lines
