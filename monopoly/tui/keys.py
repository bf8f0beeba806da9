"""Every key the game understands, in one table.

The option bar is a table of (key, label, command); the other bindings map keys to named
commands per context. The help screen (``?``) and docs/playing.md are written from these tables,
so they cannot drift apart from what the program does.
"""

from __future__ import annotations

import curses

from ..session.options import OPTIONS as OPTIONS  # the bar's options, read here as KEYS.OPTIONS


ENTER = (10, 13, curses.KEY_ENTER)
ESCAPE = (27,)
BACKSPACE = (8, 127, curses.KEY_BACKSPACE)
CTRL_C = 3
# The keys that only show something, taken at a one-key question that has no answer of that letter
# too (``Screen.on_view_key``): the win chances switch and the hint.
VIEW_KEYS = {"w": "chances", "i": "hint"}

# context -> command -> keys
BINDINGS: dict[str, dict[str, tuple[int, ...]]] = {
    "bar": {
        "left": (curses.KEY_LEFT,),
        "right": (curses.KEY_RIGHT,),
        "select": ENTER,
        "help": (ord("?"),),
        "history": (ord("l"), ord("L")),  # the log of the game: outside the option bar
        "undo": (ord("u"), ord("U")),  # take back one's own last action: outside the option bar
        "stats": (ord("n"), ord("N")),  # the story of the game in numbers: outside the option bar
        "chances": (ord("w"), ord("W")),  # everyone's estimated chance of winning in the players list
        "hint": (ord("i"), ord("I")),  # the coach's hint for the decision waiting
        "redraw": (12,),  # Ctrl-L
    },
    "history": {
        "up": (curses.KEY_UP, ord("k")),
        "down": (curses.KEY_DOWN, ord("j")),
        "page_up": (curses.KEY_PPAGE, ord("b")),
        "page_down": (curses.KEY_NPAGE, ord(" ")),
        "first": (curses.KEY_HOME, ord("g")),
        "last": (curses.KEY_END, ord("G")),
        "all": (ord("a"), ord("A")),
        "money": (ord("m"), ord("M")),
        "close": ESCAPE + (ord("q"), ord("Q"), ord("l"), ord("L")) + ENTER,
    },
    "cursor": {
        "left": (curses.KEY_LEFT,),
        "right": (curses.KEY_RIGHT,),
        "up": (curses.KEY_UP,),
        "down": (curses.KEY_DOWN,),
        "next": (9, ord("n"), ord("N")),
        "prev": (getattr(curses, "KEY_BTAB", 353), ord("p"), ord("P")),
        "pick": ENTER + (ord(" "),),
        "done": (ord("q"), ord("Q"), ord("d"), ord("D")),
        "cancel": ESCAPE,
    },
    "list": {
        "up": (curses.KEY_UP, ord("k")),
        "down": (curses.KEY_DOWN, ord("j")),
        "pick": ENTER,
        "cancel": ESCAPE + (ord("q"), ord("Q")),
    },
    "auction": {
        "pass": (ord("p"), ord("P"), ord("x"), ord("X")),
        "bid": (ord("b"), ord("B")),
    },
    "message": {
        "skip": (ord(" "),),
    },
}

HELP_TEXT: tuple[tuple[str, str], ...] = (
    ("Left / Right", "move along the option bar"),
    ("RETURN", "select the highlighted option; at a prompt, take the default shown in [brackets]"),
    ("D R T M H O C F S Q", "select an option by its first letter"),
    ("SPACE", "skip a message, a move or a wait; a key typed then only skips (an option's letter opens it "
              "afterwards, but never D: it would answer the next question)"),
    ("ESC", "leave a prompt or a board cursor and go back to the option bar"),
    ("Arrows, TAB", "move a board cursor (TAB / n: next square in board order, p: previous)"),
    ("RETURN / SPACE", "pick the square under a board cursor; Q or D when done"),
    ("B, 1-8 then amount", "bid in an auction (B: the player asked; a number: as that player); P: the player "
                           "asked drops out"),
    ("L", "the history: every event with its turn; arrows/PgUp/PgDn scroll, 1-8 one player, M money, A all"),
    ("U", "undo: take back your own last action (never a throw or a card, nor past another player's action)"),
    ("N", "the game in numbers: net worth over the turns, rent, money by reason, each property's earnings"),
    ("W", "win chances on or off: each player's estimated chance of winning, in the players list (an estimate "
          "from what everyone can see, not a certainty)"),
    ("I", "a hint for your decision now: each choice with your estimated chance of winning after it, and what "
          "the hard computer would do (also at a one-key question)"),
    ("Ctrl-C", "leave at once (the game is autosaved)"),
    ("?", "this list of keys (the whole guide, outside the game: monopoly help playing)"),
)


def command(context: str, key: int) -> str | None:
    """The command bound to ``key`` in ``context``, or None."""
    for name, keys in BINDINGS.get(context, {}).items():
        if key in keys:
            return name
    return None


def option_for_key(key: int) -> int | None:
    """The index of the option whose first letter is ``key``, or None."""
    if 0 <= key < 256:
        letter = chr(key).lower()
        for i, option in enumerate(OPTIONS):
            if option.key == letter:
                return i
    return None


def option_index(command_name: str) -> int:
    return next(i for i, o in enumerate(OPTIONS) if o.command == command_name)
