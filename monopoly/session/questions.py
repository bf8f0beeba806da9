"""Questions and the parsing of answers: the one prompt helper's pure half.

A ``Question`` knows its default (RETURN takes it), how to show itself and how to turn what was
typed into a value; a bad answer raises ``ValueError`` with a message, and the screen asks again.
Single-key questions (yes/no, a choice of letters) answer on one key press; numbers and text are
typed and ended with RETURN.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable

from ..engine import NAME_MAX, one_column, player_name

__all__ = ["NAME_MAX", "one_column", "parse_player_name"]  # the name rules live in the engine

YESNO, CHOICE, NUMBER, TEXT = "yesno", "choice", "number", "text"


@dataclass(frozen=True)
class Choice:
    key: str  # one character
    label: str
    value: Any


@dataclass(frozen=True)
class Question:
    text: str
    kind: str = TEXT
    default: Any = None  # None: no default, an answer must be given
    choices: tuple[Choice, ...] = ()
    low: int | None = None
    high: int | None = None
    max_len: int = 32
    check: Callable[[str], Any] | None = field(default=None, compare=False)  # text: value or ValueError
    default_label: str | None = None  # how the default is shown, when not simply the value
    money: Callable[[int], str] | None = field(default=None, compare=False)  # NUMBER in money: its format

    @property
    def single_key(self) -> bool:
        return self.kind in (YESNO, CHOICE)

    def shown_default(self) -> str:
        if self.default is None:
            return ""
        if self.default_label is not None:
            return self.default_label
        if self.kind == YESNO:
            return "Y" if self.default else "N"
        if self.kind == CHOICE:
            for c in self.choices:
                if c.value == self.default:
                    return c.key.upper()
        if self.kind == NUMBER and isinstance(self.default, int):
            return _number_text(self.default, self.money)
        return str(self.default)

    def render(self) -> str:
        """The question as shown on the prompt line, with its choices and its default."""
        parts = [self.text]
        if self.kind == YESNO:
            parts.append("(Y/N)")
        elif self.kind == CHOICE:
            parts.append("(" + ", ".join(f"{c.key.upper()} {c.label}" for c in self.choices) + ")")
        elif self.kind == NUMBER and self.low is not None and self.high is not None:
            parts.append(f"({_number_text(self.low, self.money)}-{_number_text(self.high, self.money)})")
        if self.default is not None:
            parts.append(f"[{self.shown_default()}]")
        return " ".join(parts) + " "

    # ------------------------------------------------------------------ parsing
    def parse(self, answer: str) -> Any:
        """The value of a typed answer ("" takes the default); ``ValueError`` says what is wrong."""
        text = answer.strip()
        if not text:
            if self.default is None:
                raise ValueError("an answer is needed (ESC to go back)")
            return self.default
        if self.kind == YESNO:
            return parse_yes_no(text)
        if self.kind == CHOICE:
            return parse_choice(text, self.choices)
        if self.kind == NUMBER:
            return parse_number(text, self.low, self.high, self.money)
        if self.check is not None:
            return self.check(text)
        if len(text) > self.max_len:
            raise ValueError(f"at most {self.max_len} characters")
        return text

    def accepts_key(self, ch: str) -> bool:
        """Whether a single-key question takes this character as an answer."""
        if self.kind == YESNO:
            return ch.lower() in ("y", "n")
        if self.kind == CHOICE:
            return any(c.key.lower() == ch.lower() for c in self.choices)
        return False


def parse_yes_no(text: str) -> bool:
    t = text.strip().lower()
    if t in ("y", "yes"):
        return True
    if t in ("n", "no"):
        return False
    raise ValueError("answer Y or N")


def parse_choice(text: str, choices: tuple[Choice, ...]) -> Any:
    t = text.strip().lower()
    for c in choices:
        if t == c.key.lower() or t == c.label.lower():
            return c.value
    raise ValueError("choose one of " + ", ".join(c.key.upper() for c in choices))


_NUMBER = re.compile(r"[-+]?[0-9]+")  # ASCII digits: "²" and "①" are digits to Python but not to int()
_DIGITS = re.compile(r"[0-9]+")
MAX_NUMBER_DIGITS = 12  # more than any amount, count or turn a game holds; int() of 5,000 digits fails


def whole_number(text: str, what: str = "a number") -> int | None:
    """The one reading of a whole number typed in ASCII digits: its value, or None when ``text`` is
    not one (a name, "²", "-3"); ``ValueError`` saying so when it has more than
    ``MAX_NUMBER_DIGITS`` digits."""
    t = text.strip()
    if not _DIGITS.fullmatch(t):
        return None
    if len(t) > MAX_NUMBER_DIGITS:
        raise ValueError(f"{what} has at most {MAX_NUMBER_DIGITS} digits")
    return int(t)


def parse_number(text: str, low: int | None = None, high: int | None = None,
                 money: Callable[[int], str] | None = None) -> int:
    """A whole number; money signs, spaces and thousands separators are allowed ("$1,200").

    With ``money`` (the board's money format) the number is an amount, and a refusal says the
    range in money.
    """
    cleaned = re.sub(r"[\s,$£€_]", "", text.strip())
    if cleaned.upper().endswith("M"):  # .com money is in millions
        cleaned = cleaned[:-1]
    if not _NUMBER.fullmatch(cleaned) or len(cleaned.lstrip("+-")) > MAX_NUMBER_DIGITS:
        raise ValueError(_range_message(low, high, money))
    value = int(cleaned)
    if (low is not None and value < low) or (high is not None and value > high):
        raise ValueError(_range_message(low, high, money))
    return value


def _number_text(value: int, money: Callable[[int], str] | None) -> str:
    return money(value) if money is not None else f"{value:,}"


def _range_message(low: int | None, high: int | None, money: Callable[[int], str] | None = None) -> str:
    what = "an amount" if money is not None else "a whole number"
    if low is not None and high is not None:
        return f"type {what} from {_number_text(low, money)} to {_number_text(high, money)}"
    if low is not None:
        return f"type {what} of at least {_number_text(low, money)}"
    if high is not None:
        return f"type {what} up to {_number_text(high, money)}"
    return f"type {what}"


def parse_hours_minutes(text: str) -> int:
    """Minutes from "1 30", "1:30", "1h30", "0 45" or "2" (hours only); at least one minute."""
    t = text.strip().lower().replace("h", " ").replace(":", " ").replace("m", " ")
    parts = t.split()
    if not 1 <= len(parts) <= 2 or not all(_DIGITS.fullmatch(p) and len(p) <= 4 for p in parts):
        raise ValueError("type hours and minutes, such as 1 30")
    hours = int(parts[0])
    minutes = int(parts[1]) if len(parts) == 2 else 0
    if minutes >= 60:
        raise ValueError("minutes go from 0 to 59")
    total = hours * 60 + minutes
    if not 1 <= total <= 24 * 60:
        raise ValueError("a short game lasts from 1 minute to 24 hours")
    return total


def format_hours_minutes(minutes: int) -> str:
    return f"{minutes // 60} {minutes % 60:02d}"


def parse_player_name(text: str, taken: tuple[str, ...] = ()) -> str:
    """A player's name as the engine takes it (``monopoly.engine.player_name``): 1 to 7 letters,
    digits or spaces, one column each, not already taken (any case)."""
    return player_name(text, taken)


def clock_text(seconds: int) -> str:
    """A clock reading such as 1:05:09."""
    seconds = max(0, int(seconds))
    return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"
