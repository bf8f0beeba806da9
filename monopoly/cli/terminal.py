"""Whether the curses screen can be drawn on this terminal, asked before any screen opens.

curses starts on almost any terminal, even one it cannot draw on: with ``TERM=dumb`` it shows the
prompt line and never the board. So the terminal's description is asked for cursor addressing
(the ``cup`` capability) first; without it the program says so in one line and names the line by
line way to play, instead of a screen that stays blank.
"""

from __future__ import annotations

import os
import sys

from ..session.safe_text import shown


def terminal_problem(instead: str = "monopoly text") -> str | None:
    """Why the curses screen cannot be drawn here, naming ``instead`` (what plays line by line), or None."""
    term = os.environ.get("TERM", "")
    shown_term = f"TERM={shown(term)}" if term else "TERM is not set"
    try:
        import curses
    except ImportError:
        return f"curses is not available in this Python (play line by line: {instead})"
    try:
        curses.setupterm(term or None, sys.stdout.fileno())
    except (curses.error, OSError, ValueError):
        return (f"the curses screen cannot drive this terminal ({shown_term}); set TERM (e.g. TERM=xterm-256color) "
                f"or play line by line: {instead}")
    try:
        can_move = curses.tigetstr("cup") is not None
    except curses.error:
        can_move = False
    if not can_move:
        return (f"this terminal ({shown_term}) cannot move the cursor, so the board cannot be drawn; "
                f"play line by line: {instead}")
    return None


__all__ = ["terminal_problem"]
