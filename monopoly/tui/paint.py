"""What every part of the screen draws with: the frame glyphs, wrapping, and the key-to-character rule.

Kept apart from ``screen.py`` so the widgets (``widgets/``) can use them without importing the
screen that holds them.
"""

from __future__ import annotations

import locale
from dataclasses import dataclass
from typing import Any

from ..present import model as M
from ..session.questions import one_column


@dataclass(frozen=True)
class Glyphs:
    h: str
    v: str
    tl: str
    tr: str
    bl: str
    br: str
    arrow: str


UNICODE = Glyphs("─", "│", "┌", "┐", "└", "┘", "▶")
ASCII = Glyphs("-", "|", "+", "+", "+", "+", ">")


def key_char(key: int) -> str:
    """The printable character a key code stands for, or "" (curses' own key codes are 256-511).

    A character that does not take one column (wide, combining) is no answer to any question
    and would break the input line, so it counts as no character.
    """
    if 32 <= key < 256 or 511 < key < 0x110000:
        ch = chr(key)
        return ch if one_column(ch) else ""
    return ""


def wrap(text: str, width: int, **options: Any) -> list[str]:
    """``textwrap.wrap`` that never breaks at a hyphen (a save name stays whole), and a path too
    long for the line only between its folders (``model.wrap``)."""
    return M.wrap(text, width, **options)


_ASCII_MONEY = str.maketrans({"£": "L", "€": "E", "¥": "Y"})


def ascii_text(text: str) -> str:
    """Text for a terminal without UTF-8: pounds as "L", other non-ASCII letters as "?"."""
    return text.translate(_ASCII_MONEY).encode("ascii", "replace").decode("ascii")


def pick_glyphs() -> Glyphs:
    encoding = (locale.getpreferredencoding(False) or "").lower().replace("-", "")
    return UNICODE if encoding in ("utf8", "utf_8") else ASCII


@dataclass
class SetupView:
    """What the set-up screens show: a title, lines of answers so far, and an optional list."""

    title: str
    lines: list[tuple[str, str]]
    items: list[str] | None = None
    selected: int = 0
    details: list[list[str]] | None = None  # per item: lines shown wrapped under the list for the chosen one

