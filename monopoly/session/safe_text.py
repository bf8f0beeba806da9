"""Text from a file or from input, made safe to print: control characters shown escaped.

A name in a damaged save, an unknown rule option in a hand-edited file or a line typed at the
prompt may hold terminal escape sequences (``ESC ] 0 ; ... BEL`` retitles the window, ``ESC [ 2 J``
clears it). Every message that repeats such text passes it through ``shown`` first, in both front
ends and on standard error, so the terminal shows the characters and never obeys them.
"""

from __future__ import annotations

import re

# C0 controls (but for the newline a message may hold), DEL, C1 controls, lone surrogates, and the
# characters that reorder text on the screen (bidirectional overrides and isolates).
_UNSAFE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\ud800-\udfff\u202a-\u202e\u2066-\u2069]")
_UNSAFE_LINE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\u202a-\u202e\u2066-\u2069]")


def _escaped(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def shown(text: object, newlines: bool = False) -> str:
    """``text`` with every control character escaped (``ESC`` as ``\\x1b``); with ``newlines`` a
    newline is kept (a message of several lines)."""
    value = str(text)
    return (_UNSAFE if newlines else _UNSAFE_LINE).sub(_escaped, value)


def is_safe(text: str) -> bool:
    """Whether ``text`` prints as it is (no character ``shown`` would escape)."""
    return _UNSAFE_LINE.search(text) is None
