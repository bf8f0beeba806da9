"""Players' names: the one rule every way into a game follows (the set-up, the command line,
position files, saved games).

A name is 1 to 7 characters, as in the computer editions: letters, digits, spaces and the marks
people's names use, each one column wide on a terminal (the board and the lists count one column
a character), and no two players share a name in any mix of capitals.
"""

from __future__ import annotations

import unicodedata
from typing import Iterable

NAME_MAX = 7


def one_column(ch: str) -> bool:
    """Whether ``ch`` takes exactly one column on a terminal (no wide, combining or control
    character, which would push everything after it out of line)."""
    return ch.isprintable() and not unicodedata.combining(ch) and unicodedata.east_asian_width(ch) not in ("W", "F")


def player_name(text: str, taken: Iterable[str] = ()) -> str:
    """``text`` as a player's name (spaces folded, accents composed), or ``ValueError`` saying why not."""
    if not isinstance(text, str):
        raise ValueError("a player's name is text")
    # composed form: an accent typed as a separate mark becomes part of its letter
    name = unicodedata.normalize("NFC", " ".join(text.split()))
    if not name:
        raise ValueError("a player needs a name")
    if len(name) > NAME_MAX:
        raise ValueError(f"names have at most {NAME_MAX} characters")
    if not all(ch.isalnum() or ch in " -'." for ch in name):
        raise ValueError("use letters and digits in names")
    if not all(one_column(ch) for ch in name):
        raise ValueError("use letters one column wide in names (no wide or accent-only characters)")
    if name.lower() in (t.lower() for t in taken):
        raise ValueError(f"{name} is already playing: choose another name")
    return name


def names_problem(names: Iterable[str]) -> str | None:
    """Why these cannot be the names of a game's players (each as ``player_name`` writes it), or None."""
    taken: list[str] = []
    for i, name in enumerate(names):
        try:
            if player_name(name, taken) != name:
                return f"players[{i}].name: {name!r} is not written as the game writes names"
        except ValueError as exc:
            return f"players[{i}].name: {exc}"
        taken.append(name)
    return None
