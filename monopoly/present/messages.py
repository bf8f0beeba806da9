"""The message log as the screen shows it: messages wrapped to the width, the newest that fit.

A wrapped line never breaks a save's name at a hyphen, and a path too long for the line breaks only
between its folders; these are the screen's concerns, not the session's, which only keeps the
messages (``session.model.UIState.messages``).
"""

from __future__ import annotations

import re
import textwrap
from typing import Any

from ..session.model import Message


class _PathWrapper(textwrap.TextWrapper):
    """A wrapper that breaks a word longer than the line (a save's path) after a ``/`` or ``\\``,
    never inside a name: "annbob1.jso" / "n" read as two words."""

    def _split(self, text: str) -> list[str]:
        out: list[str] = []
        room = self.width - max(len(self.initial_indent), len(self.subsequent_indent))
        for chunk in super()._split(text):
            if len(chunk) > room and ("/" in chunk or "\\" in chunk):
                out += [piece for piece in re.split(r"(?<=[/\\])", chunk) if piece]
            else:
                out.append(chunk)
        return out


def wrap(text: str, width: int, **options: Any) -> list[str]:
    """``textwrap.wrap`` that never breaks at a hyphen (a save name stays whole) and breaks a path
    too long for the line only between its folders."""
    return _PathWrapper(width, break_on_hyphens=False, **options).wrap(text)


def log_lines(messages: list[Message], width: int, room: int) -> list[tuple[str, str]]:
    """The newest messages that fit in ``room`` lines of ``width``, wrapped: (text, theme role).

    Only whole messages are shown: the tail of a wrapped message at the top would read as a
    message of its own. When the newest message alone is too long, its beginning is shown.
    Older plain messages are dimmed, so the newest stands out.
    """
    if room <= 0 or width <= 0:
        return []
    out: list[tuple[str, str]] = []
    for age, msg in enumerate(reversed(messages)):
        parts = wrap(msg.text, width, subsequent_indent="  ") or [""]
        role = "dim" if age and msg.role == "message" else msg.role
        if len(out) + len(parts) > room:
            if not out:
                out = [(part, role) for part in parts[:room]]
            break
        out = [(part, role) for part in parts] + out
    return out
