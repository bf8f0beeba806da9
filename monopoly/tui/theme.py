"""Colours bound to roles, in one place, with a monochrome fallback.

Drawing code asks for a role ("owner", "mortgaged", "group:red", "cursor" ...) and gets a curses
attribute. With 256 colours the colour groups get their real hues; with 8 colours the nearest ones;
without colours (or with NO_COLOR set) every role falls back to bold, reverse, underline or dim.
"""

from __future__ import annotations

import curses
import os

# role: (foreground, background, extra attributes with colour, attributes without colour)
# Colours are names resolved below; -1 is the terminal's default.
_ROLES: dict[str, tuple[str, str, int, int]] = {
    "message": ("default", "default", 0, 0),
    "dim": ("grey", "default", 0, curses.A_DIM),
    "title": ("yellow", "default", curses.A_BOLD, curses.A_BOLD),
    "good": ("green", "default", 0, 0),
    "bad": ("red", "default", curses.A_BOLD, curses.A_BOLD),
    "rent": ("cyan", "default", curses.A_BOLD, curses.A_UNDERLINE),
    "bar": ("black", "cyan", 0, curses.A_REVERSE),
    "bar_selected": ("white", "blue", curses.A_BOLD, curses.A_BOLD),
    "bar_dim": ("grey_on_cyan", "cyan", 0, curses.A_REVERSE | curses.A_DIM),
    "bar_flag": ("blue", "cyan", curses.A_BOLD, curses.A_REVERSE | curses.A_BOLD),
    "prompt": ("white", "default", curses.A_BOLD, curses.A_BOLD),
    "error": ("red", "default", curses.A_BOLD, curses.A_BOLD | curses.A_UNDERLINE),
    "square": ("default", "default", 0, 0),
    "corner": ("white", "default", curses.A_BOLD, curses.A_BOLD),
    "owner": ("cyan", "default", curses.A_BOLD, curses.A_BOLD),
    "mortgaged": ("white", "red", curses.A_BOLD, curses.A_REVERSE),
    "house": ("green", "default", curses.A_BOLD, curses.A_BOLD),
    "hotel": ("red", "default", curses.A_BOLD, curses.A_BOLD),
    "token": ("yellow", "default", curses.A_BOLD, curses.A_BOLD),
    "token_current": ("black", "yellow", curses.A_BOLD, curses.A_REVERSE | curses.A_BOLD),
    "jailed": ("white", "red", curses.A_BOLD, curses.A_REVERSE),
    "cursor": ("black", "white", curses.A_BOLD, curses.A_REVERSE | curses.A_BOLD),
    "marked": ("black", "green", curses.A_BOLD, curses.A_REVERSE | curses.A_UNDERLINE),
    "candidate": ("default", "default", curses.A_BOLD, curses.A_BOLD),
    "frame": ("grey", "default", 0, 0),
    "deed": ("default", "default", 0, 0),
    "deed_highlight": ("black", "white", curses.A_BOLD, curses.A_REVERSE),
    "popup": ("default", "default", 0, 0),
    "current": ("black", "yellow", 0, curses.A_REVERSE),
    "clock": ("magenta", "default", curses.A_BOLD, curses.A_BOLD),
    "dice": ("black", "white", curses.A_BOLD, curses.A_REVERSE),
}

# Colour-group hues: (256-colour index, 8-colour fallback, text colour on it)
_GROUPS: dict[str, tuple[int, str, str]] = {
    "brown": (130, "red", "white"),
    "light_blue": (117, "cyan", "black"),
    "pink": (205, "magenta", "black"),
    "purple": (205, "magenta", "black"),
    "orange": (208, "yellow", "black"),
    "red": (160, "red", "white"),
    "yellow": (226, "yellow", "black"),
    "green": (28, "green", "white"),
    "dark_blue": (19, "blue", "white"),
}

_BASIC = {
    "default": -1, "black": curses.COLOR_BLACK, "red": curses.COLOR_RED, "green": curses.COLOR_GREEN,
    "yellow": curses.COLOR_YELLOW, "blue": curses.COLOR_BLUE, "magenta": curses.COLOR_MAGENTA,
    "cyan": curses.COLOR_CYAN, "white": curses.COLOR_WHITE,
}


def colour_wanted() -> bool:
    """Colours unless the user asked for none (the NO_COLOR convention)."""
    return not os.environ.get("NO_COLOR")


class Theme:
    """Maps roles to curses attributes. Create after ``curses.initscr``."""

    def __init__(self, use_colour: bool | None = None) -> None:
        self._attrs: dict[str, int] = {}
        self.colour = False
        wanted = colour_wanted() if use_colour is None else use_colour
        try:
            if wanted and curses.has_colors():
                curses.start_color()
                try:
                    curses.use_default_colors()
                    self._default_bg = -1
                except curses.error:
                    self._default_bg = curses.COLOR_BLACK
                self.colour = True
        except curses.error:
            self.colour = False
        if self.colour:
            self._setup_colours()
        else:
            self._setup_mono()

    # ------------------------------------------------------------------ set-up
    def _resolve(self, colour: str) -> int:
        many = getattr(curses, "COLORS", 8) >= 256
        if colour == "default":
            return self._default_bg
        if colour == "grey":
            return 244 if many else curses.COLOR_WHITE
        if colour == "grey_on_cyan":
            return 242 if many else curses.COLOR_BLUE
        return _BASIC[colour]

    def _setup_colours(self) -> None:
        pairs = getattr(curses, "COLOR_PAIRS", 64)
        next_pair = 1

        def pair(fg: int, bg: int) -> int:
            nonlocal next_pair
            if next_pair >= min(pairs, 256):
                return 0
            try:
                curses.init_pair(next_pair, fg, bg)
            except curses.error:
                return 0
            number = next_pair
            next_pair += 1
            return curses.color_pair(number)

        few = getattr(curses, "COLORS", 8) < 256
        for role, (fg, bg, extra, mono) in _ROLES.items():
            try:
                p = pair(self._resolve(fg), self._resolve(bg))
            except (curses.error, KeyError):
                p = 0
            if few and "grey" in fg:
                extra |= curses.A_DIM  # no grey among eight colours: dim instead
            self._attrs[role] = (p | extra) if p else mono
        many = getattr(curses, "COLORS", 8) >= 256
        for group, (index, basic, text) in _GROUPS.items():
            ground = index if many else _BASIC[basic]
            p = pair(_BASIC[text], ground)
            bold = curses.A_BOLD if text == "white" and not many else 0
            self._attrs[f"group:{group}"] = (p | bold) if p else curses.A_BOLD
            q = pair(ground, self._default_bg)
            self._attrs[f"groupfg:{group}"] = (q | curses.A_BOLD) if q else curses.A_BOLD

    def _setup_mono(self) -> None:
        for role, (_fg, _bg, _extra, mono) in _ROLES.items():
            self._attrs[role] = mono
        for group in _GROUPS:
            self._attrs[f"group:{group}"] = curses.A_BOLD | curses.A_UNDERLINE
            self._attrs[f"groupfg:{group}"] = curses.A_BOLD

    # ------------------------------------------------------------------ use
    def __call__(self, role: str) -> int:
        return self._attrs.get(role, 0)

    def group(self, colour: str) -> int:
        """The attribute of a colour group's strip ("" gives the plain square role)."""
        if not colour:
            return self("square")
        return self._attrs.get(f"group:{colour}", curses.A_BOLD)

    def group_text(self, colour: str) -> int:
        """A colour group's hue used as text colour (for names in lists)."""
        return self._attrs.get(f"groupfg:{colour}", 0) if colour else 0
