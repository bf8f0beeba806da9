"""The list of games to resume, as plain text: a line per save in columns that fit, and the whole
story of the one chosen (nothing is cut there).

The saves themselves are read by ``storage``; this says what a ``SaveInfo`` holds, so it takes the
entries as they come and imports nothing from the layer beside it.
"""

from __future__ import annotations

from typing import Any

from ..engine import list_editions


def board_label(edition_id: str) -> str:
    """The board's menu label ("Classic US") for an edition id as a save names it."""
    for edition in list_editions():
        if edition.id == edition_id:
            return edition.label
    return edition_id or "?"


def _last_played(entry: Any) -> str:
    return str(entry.modified.strftime("%Y-%m-%d %H:%M"))


def resume_rows(entries: list[Any], width: int) -> list[str]:
    """One line per resumable game (``saves.SaveInfo``): name, board, turn, last played, players,
    in columns that fit ``width``; what does not fit is in ``resume_detail`` of the chosen one."""
    if not entries:
        return []
    name_w = min(21, max(len(e.name) for e in entries))
    rows = []
    for e in entries:
        if e.problem:
            text = f"{e.name:<{name_w}}  {_last_played(e)}  cannot be read: {e.problem}"
        else:
            status = "game over" if e.over else f"turn {e.turn}"
            text = (f"{e.name:<{name_w}}  {board_label(e.edition):<12} {status:<9}  {_last_played(e)}  "
                    f"{', '.join(e.players)}")
        rows.append(text if len(text) <= width else text[: max(1, width - 3)] + "...")
    return rows


def resume_detail(entry: Any) -> list[str]:
    """Everything about one game in the resume list, to be wrapped under it (nothing is cut)."""
    if entry.problem:
        return [f"{entry.name} cannot be resumed: {entry.problem}", f"File: {entry.path}"]
    status = "the game is over" if entry.over else f"turn {entry.turn}"
    kind = " (its autosave)" if entry.name.startswith("autosave") else ""
    return [f"{entry.name}{kind}: {', '.join(entry.players)} on the {board_label(entry.edition)} board, "
            f"{status}, last played {_last_played(entry)}", f"File: {entry.path}"]
