"""Drawing with curses, and reading keys.

Everything on screen is drawn from the game plus the small ``UIState``: on a resize (or Ctrl-L) the
whole screen is drawn again from those. All text goes through ``Screen.put``, which clips to the
window and swallows the error curses raises for the bottom-right corner. ``read_key`` is the one
place keys are read: it redraws on ``KEY_RESIZE``, waits (with a message) while the terminal is too
small, ticks about once a second for the clock, and turns Ctrl-C into ``KeyboardInterrupt``.

Only portable curses calls are used, so the screen also runs with ``windows-curses``.
"""

from __future__ import annotations

import curses
import locale
import sys
import textwrap
import time
from dataclasses import dataclass, replace
from typing import Any, Callable

from ..engine import BOARD_SIZE, NOBODY, Game
from . import keys as KEYS
from ..session import model as M
from ..session.options import Option
from ..session.safe_text import is_safe, shown
from .layout import Layout, Rect, TooSmall, layout, neighbour
from ..session.questions import CHOICE, NUMBER, YESNO, Question, one_column
from .theme import Theme


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


def question_help(question: Question, in_setup: bool) -> M.Popup:
    """What ``?`` shows inside a question: how to answer this one, then the keys of the game."""
    lines: list[tuple[str, str]] = [(question.render().strip(), "title"), ("", "message")]
    if question.kind in (CHOICE, YESNO):
        how = "press the key of an answer" + (", then RETURN" if in_setup else "")
    elif question.kind == NUMBER:
        how = "type a number (money signs and commas are fine), then RETURN"
    else:
        how = f"type the answer (at most {question.max_len} characters), then RETURN"
    lines.append((f"To answer: {how}.", "message"))
    if question.default is not None:
        lines.append((f"RETURN alone takes the answer in brackets [{question.shown_default()}].", "message"))
    lines.append(("ESC: " + ("go back (or leave)" if in_setup else
                             "put the question off; D on the option bar comes back to it") + ".", "message"))
    if not in_setup:
        lines.append(("R: claim rent that is owed to you, even while this question is open.", "message"))
        lines.append(("", "message"))
        width = max(len(k) for k, _ in KEYS.HELP_TEXT)
        lines += [(f"{k:<{width}} {v}", "dim") for k, v in KEYS.HELP_TEXT]
    return M.Popup("Help", lines, footer="any key: back to the question", indent=2)


class Screen:
    # One-key answers wait for RETURN (as in the set-up) while True: set in the dialogs whose
    # questions lead to a board cursor, where the RETURN typed after a key would mark a square.
    confirm_keys = False

    def __init__(self, win: "curses.window", theme: Theme | None = None) -> None:
        self.win = win
        self.theme = theme or Theme()
        self.glyphs = pick_glyphs()
        self.game: Game | None = None
        self.ui: M.UIState | None = None
        self.people: list[int] = []
        # The seats computers play, where the players not at this keyboard are not all computers
        # (a game played elsewhere: the others sit at screens of their own); None: all of them are.
        self.computers: set[int] | None = None
        self.enabled: dict[str, bool] = {}
        # The option bar drawn: the local game's, or the host's own seat's (S: the host's commands)
        self.options: tuple[Option, ...] = KEYS.OPTIONS
        self.bar_active = False
        self.setup: SetupView | None = None
        self.on_tick: Callable[[], None] | None = None
        # R at a one-key question that has no R: claim rent now (True: the decision asked changed,
        # so the question is given up as if ESC were pressed). Set by the game's controller.
        self.on_claim_key: Callable[[], bool] | None = None
        # Asked about every tenth of a second while a key is awaited, where a game is played
        # elsewhere (``monopoly join``): True ends the wait without a key, because the game changed
        # (the caller looks at it again). Set by the controller of a remote game.
        self.on_wait: Callable[[], bool] | None = None
        self.lay: Layout | TooSmall = layout(*self.win.getmaxyx())
        try:
            self.win.keypad(True)
        except curses.error:
            pass

    # ------------------------------------------------------------------ the drawing helper
    def put(self, y: int, x: int, text: str, attr: int = 0, width: int | None = None) -> int:
        """Draw ``text`` clipped to the window (and to ``width``); return the columns used."""
        rows, cols = self.win.getmaxyx()
        if y < 0 or y >= rows or x >= cols or not text:
            return 0
        if not is_safe(text):  # a name from a file or from input: its control characters shown, not obeyed
            text = shown(text)
        if x < 0:
            text, x = text[-x:], 0
        limit = cols - x if width is None else min(width, cols - x)
        if limit <= 0:
            return 0
        text = text[:limit]
        if self.glyphs is ASCII and not text.isascii():
            text = ascii_text(text)
        try:
            self.win.addstr(y, x, text, attr)
        except curses.error:
            pass  # writing the bottom-right cell moves the cursor off the screen: harmless
        except UnicodeEncodeError:  # a terminal that cannot show "£" or "é": show "?" instead
            try:
                self.win.addstr(y, x, text.encode("ascii", "replace").decode("ascii"), attr)
            except curses.error:
                pass
        return len(text)

    def fill(self, rect: Rect, attr: int = 0) -> None:
        for y in range(rect.y, rect.bottom):
            self.put(y, rect.x, " " * rect.w, attr)

    def box(self, rect: Rect, attr: int = 0, title: str = "", title_attr: int | None = None) -> None:
        g = self.glyphs
        if rect.h < 2 or rect.w < 2:
            return
        self.put(rect.y, rect.x, g.tl + g.h * (rect.w - 2) + g.tr, attr)
        for y in range(rect.y + 1, rect.bottom - 1):
            self.put(y, rect.x, g.v, attr)
            self.put(y, rect.x + 1, " " * (rect.w - 2))
            self.put(y, rect.right - 1, g.v, attr)
        self.put(rect.bottom - 1, rect.x, g.bl + g.h * (rect.w - 2) + g.br, attr)
        if title:
            t = f" {title} "[: rect.w - 4]
            self.put(rect.y, rect.x + 2, t, attr if title_attr is None else title_attr)

    # ------------------------------------------------------------------ reading keys
    def resize(self) -> None:
        if sys.platform.startswith("win"):
            try:
                curses.resize_term(0, 0)  # PDCurses (windows-curses) needs this to see the new size
            except (AttributeError, curses.error):
                pass
        try:
            curses.update_lines_cols()
        except (AttributeError, curses.error):
            pass
        self.lay = layout(*self.win.getmaxyx())

    def poll_size(self) -> bool:
        """Look for a resize that no ``KEY_RESIZE`` reported (PDCurses on Windows does not reliably
        deliver one, and its window keeps the old size until ``resize_term(0, 0)``); redraw at the
        new size. Called once a second from the input loop; True when the size changed."""
        rows, cols = self.win.getmaxyx()
        try:
            resized = bool(curses.is_term_resized(rows, cols))
        except (AttributeError, curses.error, TypeError):
            resized = False
        if resized:
            self.resize()  # resize_term(0, 0) on Windows, then the new layout
        else:
            size = layout(rows, cols)
            if size == self.lay:
                return False
            self.lay = size
        self.render()
        return True

    def _raw_key(self, ms: int) -> int | None:
        self.win.timeout(ms)
        try:
            ch = self.win.get_wch()
        except curses.error:
            return None
        if isinstance(ch, str):
            return ord(ch) if len(ch) == 1 else None
        return ch

    def read_key(self, timeout: float | None = None) -> int | None:
        """Wait for a key for up to ``timeout`` seconds (None: for ever); None when time ran out.

        Resizes are handled here and never returned; while the terminal is too small nothing else
        happens (the time does not run out) until it is made larger again.
        """
        deadline = None if timeout is None else time.monotonic() + timeout
        last_tick = time.monotonic()
        while True:
            if isinstance(self.lay, TooSmall):
                left = None if deadline is None else max(0.0, deadline - time.monotonic())
                self.render()
                while isinstance(self.lay, TooSmall):
                    key = self._raw_key(1000)
                    if key == KEYS.CTRL_C:
                        raise KeyboardInterrupt
                    if key == curses.KEY_RESIZE or key is None:
                        self.resize()
                        self.render()
                if left is not None:
                    deadline = time.monotonic() + left
                continue
            now = time.monotonic()
            if deadline is not None and now >= deadline:
                return None
            wait = 1.0 if deadline is None else min(1.0, deadline - now)
            if self.on_wait is not None:
                if self.on_wait():
                    return None
                wait = min(wait, 0.1)
            key = self._raw_key(max(1, int(wait * 1000)))
            if key is None:
                if time.monotonic() - last_tick >= 0.9:
                    last_tick = time.monotonic()
                    if self.on_tick is not None:
                        self.on_tick()
                    self.poll_size()
                continue
            if key == curses.KEY_RESIZE:
                self.resize()
                self.render()
                continue
            if key == KEYS.CTRL_C:
                raise KeyboardInterrupt
            if KEYS.command("bar", key) == "redraw":  # Ctrl-L: draw everything again
                self.win.clear()
                self.render()
                continue
            return key

    def flush_keys(self) -> None:
        """Forget keys typed ahead.

        Called when a dialog closes by itself (the debt is paid, the last building is placed): a
        repeated RETURN meant for it must not reach the option bar and throw the next player's dice.
        """
        try:
            curses.flushinp()
        except curses.error:
            pass

    # ------------------------------------------------------------------ drawing everything
    def render(self) -> None:
        self.win.erase()
        lay = self.lay
        if isinstance(lay, TooSmall):
            self._draw_too_small(lay)
        elif self.setup is not None or self.game is None:
            self._draw_setup(lay)
        else:
            self._draw_game(lay)
        self.win.refresh()

    def _draw_too_small(self, lay: TooSmall) -> None:
        rows, cols = self.win.getmaxyx()
        lines = lay.lines()
        top = max(0, rows // 2 - len(lines) // 2)
        for i, line in enumerate(lines):
            self.put(top + i, max(0, (cols - len(line)) // 2), line, self.theme("title"))

    def _prompt_block(self, lay: Layout) -> list[tuple[str, str]]:
        """The lines of a question (or hint) too long for the rows below the board, shown instead
        at the bottom of the ring's inside; [] when it fits where it is drawn.

        A question wraps upwards from the bottom line, but never over the board's bottom row (its
        tokens, houses and mortgage marks are what a debt or a rent question is about): where there
        is no spare line below the board (80x24), the whole question is shown inside the ring, the
        message area giving up its last lines, and the bottom line keeps its end and the answer.
        """
        ui = self.ui
        if ui is None or self.setup is not None or self.game is None:
            return []
        spare = max(0, lay.prompt.y - lay.board.bottom)
        width = self._block_width(lay)
        if ui.prompt is not None:
            lines = wrap(ui.prompt, self._question_width(lay)) or [""]
            extra = len(lines[-3:]) - 1
            if ui.prompt_error:
                x = len(lines[-1]) + 1 + len(ui.prompt_input) + 2
                if x + len(ui.prompt_error) + 2 >= lay.cols:
                    extra += 1
            if extra <= spare:
                return []
            block = [(line, "prompt") for line in wrap(ui.prompt, width)]
            if ui.prompt_error:
                block += [(line, "error") for line in wrap(f"({ui.prompt_error})", width)]
            return block[-max(1, lay.inner.h // (2 if width < lay.inner.w - 2 else 3)):]
        if ui.hint:
            lines = wrap(ui.hint, max(20, lay.cols - 1)) or [""]
            if len(lines[-3:]) - 1 <= spare:
                return []
            return [(line, "dim") for line in wrap(ui.hint, width)][-max(1, lay.inner.h // 3):]
        return []

    def _question_width(self, lay: Layout) -> int:
        """The columns of the bottom line a question may take: what the answer typed so far needs
        is kept free after it (a number or a key needs few), so a question that fits with its answer
        is shown whole there."""
        typed = len(self.ui.prompt_input) if self.ui is not None else 0
        return max(20, lay.cols - 1 - max(5, typed + 3))

    def _block_width(self, lay: Layout) -> int:
        """The width of a question shown inside the ring: left of a panel beside the board (the
        offer so far, in a trade), which would otherwise cover the question's second half."""
        ui = self.ui
        if ui is not None and ui.popup is not None and ui.popup.where == "side":
            return max(12, lay.status.x - 1 - lay.inner.x - 2)
        return max(20, lay.inner.w - 2)

    @staticmethod
    def _tail(text: str, width: int) -> str:
        """The end of ``text`` in ``width`` columns, from a word's start, "..." before it when cut."""
        if len(text) <= width:
            return text
        cut = text[-(width - 3):]
        space = cut.find(" ")
        if 0 <= space < len(cut) // 2:
            cut = cut[space + 1:]
        return "..." + cut

    def _draw_prompt_block(self, lay: Layout, block: list[tuple[str, str]]) -> None:
        t = self.theme
        x, w = lay.inner.x + 1, self._block_width(lay)
        top = lay.inner.bottom - len(block)
        self.fill(Rect(top - 1, lay.inner.x, len(block) + 1, w + 2))  # a blank line above it
        for i, (text, role) in enumerate(block):
            self.put(top + i, x, text.ljust(w), t(role), w)

    def _draw_prompt_line(self, lay: Layout, block: list[tuple[str, str]] | None = None) -> None:
        ui = self.ui
        y = lay.prompt.y
        t = self.theme
        if ui is None:
            return
        prompt = ui.prompt
        if prompt is not None and block:
            # The whole question is in the ring (``_prompt_block``): here its end and the answer.
            width = self._question_width(lay)
            tail = self._tail(" ".join(prompt.split()), width)
            x = self.put(y, 0, tail + " ", t("prompt"))
            x += self.put(y, x, ui.prompt_input, t("message"))
            self.put(y, x, "_", t("cursor"))
            if ui.prompt_error and x + 2 + len(ui.prompt_error) + 2 < lay.cols:
                self.put(y, x + 2, f"({ui.prompt_error})", t("error"))
        elif prompt is not None:
            # A question wider than the screen wraps upwards, so its end (the default) stays in view.
            lines = wrap(prompt, self._question_width(lay)) or [""]
            lines = lines[-3:]
            for i, line in enumerate(lines[:-1]):
                row = y - (len(lines) - 1) + i
                self.put(row, 0, line.ljust(lay.cols - 1), t("prompt"))
            x = self.put(y, 0, lines[-1] + " ", t("prompt"))
            x += self.put(y, x, ui.prompt_input, t("message"))
            self.put(y, x, "_", t("cursor"))
            if ui.prompt_error:
                error = f"({ui.prompt_error})"
                if x + 2 + len(error) < lay.cols:
                    self.put(y, x + 2, error, t("error"))
                else:  # no room after the answer: on its own line above the question
                    row = max(0, y - len(lines))
                    self.put(row, 0, error.ljust(lay.cols - 1), t("error"))
        elif ui.hint and block:
            self.put(y, 0, self._tail(" ".join(ui.hint.split()), lay.cols - 1).ljust(lay.cols - 1), t("dim"))
        elif ui.hint:
            # A hint wider than the screen wraps upwards too, so none of it is cut off.
            lines = wrap(ui.hint, max(20, lay.cols - 1)) or [""]
            lines = lines[-3:]
            for i, line in enumerate(lines):
                self.put(y - (len(lines) - 1) + i, 0, line.ljust(lay.cols - 1), t("dim"))

    # ------------------------------------------------------------------ set-up screens
    def _draw_setup(self, lay: Layout) -> None:
        t = self.theme
        view = self.setup or SetupView("MONOPOLY", [])
        title = " MONOPOLY " if not view.title else f" MONOPOLY - {view.title} "
        self.put(0, 0, title.ljust(lay.cols), t("bar"))
        top = 2
        room = lay.rows - 4
        lines: list[tuple[str, str]] = []
        for text, role in view.lines:
            parts = wrap(text, max(20, lay.cols - 4), subsequent_indent="  ") if text else [""]
            lines += [(part, role) for part in parts]
        items = view.items
        if items is not None:
            room_lines = max(0, room - min(len(items), room // 2 + 1) - 1)
        else:
            room_lines = room
        shown = lines[-room_lines:] if room_lines else []
        y = top
        for text, role in shown:
            self.put(y, 2, text, t(role), lay.cols - 4)
            y += 1
        if items is not None:
            detail: list[str] = []
            if view.details and 0 <= view.selected < len(view.details):
                for text in view.details[view.selected]:
                    detail += wrap(text, max(20, lay.cols - 6), subsequent_indent="  ")
            y += 1
            space = max(1, lay.rows - 2 - y - (len(detail) + 1 if detail else 0))
            first = max(0, min(view.selected - space // 2, len(items) - space))
            for i in range(first, min(len(items), first + space)):
                attr = t("cursor") if i == view.selected else t("message")
                mark = self.glyphs.arrow if i == view.selected else " "
                self.put(y, 2, f"{mark} {items[i]}".ljust(lay.cols - 4), attr, lay.cols - 4)
                y += 1
            if detail:
                y += 1
                for line in detail[: max(0, lay.rows - 2 - y)]:
                    self.put(y, 4, line, t("dim"), lay.cols - 6)
                    y += 1
        if self.ui is not None and self.ui.popup is not None:  # ? inside a set-up question
            self.fill(Rect(1, 0, lay.rows - 2, lay.cols))
            self._draw_popup(lay, self.ui.popup)
        self._draw_prompt_line(lay)

    # ------------------------------------------------------------------ the game screen
    def _draw_game(self, lay: Layout) -> None:
        game, ui = self.game, self.ui
        assert game is not None and ui is not None
        block = self._prompt_block(lay)
        if block:
            # The message area inside the ring gives up its last lines to the question.
            limit = lay.inner.bottom - len(block) - 1

            def above(r: Rect) -> Rect:
                inside = lay.inner.x <= r.x and r.right <= lay.inner.right and r.y < lay.inner.bottom
                return Rect(r.y, r.x, max(0, min(r.bottom, limit) - r.y), r.w) if inside else r

            lay = replace(lay, log=above(lay.log), players=above(lay.players),
                          notice=None if lay.notice is None else above(lay.notice))
        self._draw_bar(lay)
        self._draw_board(lay, game, ui)
        if ui.card is not None and ui.cursor is None:
            self._draw_card(lay.deed, *ui.card)
        else:
            self._draw_deed(lay.deed, game, M.focus_square(game, ui))
        self._draw_status(lay, game, ui)
        self._draw_ahead(lay, game, ui)
        self._draw_players(lay, game, ui)
        self._draw_log(lay, game, ui)
        if block:
            self._draw_prompt_block(lay, block)
        if ui.popup is not None:  # over the question's block: what is being read stays whole
            self._draw_popup(lay, ui.popup)
        self._draw_prompt_line(lay, block)

    def _draw_bar(self, lay: Layout) -> None:
        t = self.theme
        ui = self.ui
        self.put(0, 0, " " * lay.cols, t("bar"))
        x = 1
        for i, option in enumerate(self.options):
            text = f" {option.label} "
            enabled = self.enabled.get(option.command, True)
            if self.bar_active and ui is not None and i == ui.bar_index:
                attr = t("bar_selected")
            elif not enabled:
                attr = t("bar_dim")
            else:
                attr = t("bar")
            if option.command == "fastmove" and ui is not None and ui.fastmove:
                text = text[:-1] + "*"  # Fastmove is on
            x += self.put(0, x, text, attr)
            x += 0 if lay.cols < 82 else 1
        self.put(0, lay.cols - 3, " ? ", t("bar_flag"))

    def _draw_board(self, lay: Layout, game: Game, ui: M.UIState) -> None:
        t = self.theme
        current = game.view.current_player
        for sq in range(40):
            rect = lay.cell(sq)
            c = M.cell(game, sq, ui.display_pos)
            kind = game.edition.squares[sq].kind
            if ui.cursor == sq:
                name_attr = t("cursor")
            elif sq in ui.marked:
                name_attr = t("marked")
            elif c.group_colour:
                name_attr = t.group(c.group_colour)
            elif kind in ("go", "jail", "free_parking", "go_to_jail"):
                name_attr = t("corner")
            else:
                name_attr = t("square")
            width = rect.w - 1  # one column of space between cells
            arrow = self.glyphs.arrow if ui.cursor == sq else ""
            name_lines = M.cell_name_lines(game, sq, width - len(arrow), max(1, rect.h - 2))
            shared = rect.h < 3  # the marks and the tokens on one line
            if rect.h >= 4:
                # A name one line too long for its two lines ("NORTH / CAROLINA / AVENUE") is written
                # whole on three, the marks then sharing the last line with the tokens.
                longer = M.cell_name_lines(game, sq, width - len(arrow), rect.h - 1)
                if len(longer) > len(name_lines) and len(longer) > rect.h - 2:
                    name_lines, shared = longer, True
            for k, line in enumerate(name_lines):
                self.put(rect.y + k, rect.x, ((arrow if k == 0 else "") + line).ljust(width), name_attr)
            if shared:
                self._draw_status_marks(rect.y + rect.h - 1, rect.x, width, c, current)
            else:
                marks_y = rect.y + max(1, rect.h - 2)
                self._draw_status_marks(marks_y, rect.x, width, M.Cell(
                    c.name, c.group_colour, c.owner, c.mortgaged, c.houses, c.hotel, (), (), c.offline), current)
                self._draw_status_marks(marks_y + 1, rect.x, width, M.Cell(
                    c.name, "", NOBODY, False, 0, False, c.tokens, c.jailed), current)

    def _draw_status_marks(self, y: int, x: int, width: int, c: M.Cell, current: int) -> None:
        """The status line of a cell, each mark in its own colour."""
        t = self.theme
        text = c.status(width)
        self.put(y, x, text, t("square"))
        pos = 0
        if c.owner != NOBODY:
            mark = text[:len(str(c.owner + 1)) + (len(M.MORTGAGE_MARK) if c.mortgaged else 0)]
            self.put(y, x, mark, t("mortgaged") if c.mortgaged else t("owner"))
            pos = len(mark)
        # buildings
        i = text.find("H", pos)
        if c.hotel and i >= 0:
            self.put(y, x + i, "H", t("hotel"))
        elif c.houses:
            i = text.find("h", pos)
            if i >= 0:
                self.put(y, x + i, text[i:i + c.houses], t("house"))
        # tokens, right-aligned after their sign ("@13", a prisoner "#2"): never a bare number
        marks = c.token_marks(width)
        start = x + width - len(marks)
        for k, (ch, p) in enumerate(marks):
            if p is None:
                attr = t("jailed") if ch == M.PRISONER_MARK else t("token")
            elif p in c.jailed:
                attr = t("jailed")
            elif p == current:
                attr = t("token_current")
            else:
                attr = t("token")
            self.put(y, start + k, ch, attr)

    def _draw_deed(self, rect: Rect, game: Game, square: int) -> None:
        t = self.theme
        card = M.deed_card(game, square)
        self.box(rect, t("frame"))
        inner_w = rect.w - 2
        head = card.title.center(inner_w)[:inner_w]
        self.put(rect.y + 1, rect.x + 1, head, t.group(card.group_colour) if card.group_colour else t("title"))
        footer = [part for note in card.footer for part in wrap(note, inner_w - 2)]
        used = 1 + (1 if card.owner_line else 0) + len(card.lines) + len(footer)
        gap = 1 if rect.h - 2 - used >= 3 else 0  # a larger card spaces its parts out
        y = rect.y + 2 + gap
        if card.owner_line:
            role = "mortgaged" if "MORTGAGED" in card.owner_line else ("owner" if "Owner" in card.owner_line else "good")
            self.put(y, rect.x + 2, card.owner_line, t(role), inner_w - 2)
            y += 1 + gap
        for text, amount, applies in card.lines:
            if y >= rect.bottom - 1:
                break
            line = M.deed_line(text, amount, inner_w)
            self.put(y, rect.x + 1, line, t("deed_highlight") if applies else t("deed"), inner_w)
            y += 1
        y += gap
        for part in footer:
            if y >= rect.bottom - 1:
                break
            self.put(y, rect.x + 2, part, t("dim"))
            y += 1

    def _draw_card(self, rect: Rect, deck: str, text: str) -> None:
        t = self.theme
        self.box(rect, t("title"))
        inner_w = rect.w - 2
        self.put(rect.y + 1, rect.x + 1, deck.upper().center(inner_w), t("title"))
        y = rect.y + 3
        for part in wrap(text, inner_w - 2):
            if y >= rect.bottom - 1:
                break
            self.put(y, rect.x + 2, part, t("message"))
            y += 1

    def _draw_status(self, lay: Layout, game: Game, ui: M.UIState) -> None:
        t = self.theme
        r = lay.status
        p = M.panel_player(game, ui)
        pl = game.view.player(p)
        token = ui.tokens[p] if p < len(ui.tokens) else ""
        computer = p in self.computers if self.computers is not None else p not in self.people
        who = " (computer)" if computer else ""
        self.put(r.y, r.x, f"{p + 1} {pl.name}", t("title"), r.w)
        self.put(r.y, r.x + len(pl.name) + 3, f"{token}{who}", t("message"), r.w - len(pl.name) - 3)
        if ui.show_cash:
            self.put(r.y + 1, r.x, f"Cash {game.view.money(pl.cash)}  {M.BANK_VALUE} {game.view.money(game.view.property_value(p))}",
                     t("good"), r.w)
        else:
            self.put(r.y + 1, r.x, "Cash hidden (C shows it)", t("dim"), r.w)
        x = r.x
        if ui.dice is not None:
            a, b = ui.dice
            x += self.put(r.y + 2, x, f" {a} ", t("dice"))
            x += 1
            x += self.put(r.y + 2, x, f" {b} ", t("dice"))
            x += 2
        turn = f"Turn {game.view.turn}"
        if pl.in_jail:
            turn += "  IN JAIL"
        self.put(r.y + 2, x, turn, t("message"), r.right - x)
        clock = M.clock_line(game, ui)
        if clock is not None:
            self.put(r.y + 3, r.x, clock, t("clock"), r.w)

    def _draw_ahead(self, lay: Layout, game: Game, ui: M.UIState) -> None:
        t = self.theme
        r = lay.ahead
        here = M.position_of(game, ui, M.panel_player(game, ui))
        self.put(r.y, r.x, "Ahead:", t("dim"))
        name_w = 8 if r.w < 50 else 22  # full names where there is room
        for k, (sq, status) in enumerate(M.ahead(game, here, min(8, r.h - 1), max(0, r.w - name_w - 1))):
            c = M.cell(game, sq)
            y = r.y + 1 + k
            shown = c.name if name_w == 8 else game.edition.squares[sq].name[:name_w]
            self.put(y, r.x, f"{shown:<{name_w}}", t.group(c.group_colour) if c.group_colour else t("square"))
            self.put(y, r.x + name_w + 1, status, t("message"), r.w - name_w - 1)

    def _draw_players(self, lay: Layout, game: Game, ui: M.UIState) -> None:
        t = self.theme
        r = lay.players
        if r.h <= 0:
            return
        n = game.view.player_count
        # Two lines a player (the token, the bank value) in the side panel, or where a tall screen has room.
        wide = (lay.side is not None and r == lay.side) or (lay.cell_h >= 3 and r.h >= 1 + 2 * n)
        y = r.y
        if wide or r.h > n:
            self.put(y, r.x, "Players", t("dim"))
            y += 1
        if n <= r.h - (y - r.y) or wide:
            for p in range(n):
                if y >= r.bottom:
                    break
                attr = self._player_attr(game, p)
                self.put(y, r.x, M.player_summary(game, ui, p)[: r.w].ljust(min(r.w, 24)), attr, r.w)
                y += 1
                if wide and y < r.bottom:
                    pl = game.view.player(p)
                    if not pl.bankrupt:
                        extra = ui.tokens[p] if p < len(ui.tokens) else ""
                        if ui.show_cash:
                            extra += f"  {M.BANK_VALUE.lower()} {game.view.money(game.view.property_value(p))}"
                        if pl.jail_cards:
                            extra += f"  cards {len(pl.jail_cards)}"
                        self.put(y, r.x + 2, extra, t("dim"), r.w - 2)
                        y += 1
            return
        # two columns of short entries
        half = (r.w - 1) // 2
        rows = r.bottom - y
        for p in range(n):
            col, row = divmod(p, rows)
            entry = M.player_entry(game, ui, p, half)
            self.put(y + row, r.x + col * (half + 1), entry, self._player_attr(game, p))

    def _player_attr(self, game: Game, p: int) -> int:
        t = self.theme
        if game.view.bankrupt(p):
            return t("dim")
        if p == game.view.current_player:
            return t("current")
        return t("message")

    def _draw_log(self, lay: Layout, game: Game, ui: M.UIState) -> None:
        t = self.theme
        r = lay.log
        notices = M.claims_lines(game, self.people)
        if lay.notice is not None:
            n = lay.notice
            y = n.y
            for text in notices:
                for part in wrap(text, n.w):
                    if y < n.bottom:
                        self.put(y, n.x, part, t("rent"), n.w)
                        y += 1
            notices = []
        lines: list[tuple[str, str]] = []
        for text in notices:
            lines += [(part, "rent") for part in wrap(text, r.w)]
        lines += M.log_lines(ui.messages, r.w, r.h - len(lines))
        y = r.y
        for text, role in lines[: r.h]:
            self.put(y, r.x, text, t(role), r.w)
            y += 1

    def _draw_popup(self, lay: Layout, popup: M.Popup) -> None:
        t = self.theme
        if popup.where == "side":
            # over the right-hand part of the ring's inside, leaving the deed card in view (and the
            # blank columns before the squares on the right)
            area = Rect(lay.inner.y, lay.status.x - 1, lay.inner.h, lay.status.right - lay.status.x + 2)
        else:
            area = lay.board if lay.board.h >= 10 else Rect(1, 0, lay.rows - 2, lay.cols)
        max_h = area.h - 2
        width_cap = area.w - 6
        lines: list[tuple[str, str]] = []
        for text, role in popup.lines:
            parts = wrap(text, width_cap, subsequent_indent=" " * popup.indent) if text else [""]
            lines += [(part.rstrip(), role) for part in parts]
        if len(lines) + (3 if popup.footer else 2) > max_h:
            # Short of room (eight bidders on 80x24): blank spacing lines go before any text is cut.
            lines = [line for line in lines if line[0]]
        widest = max([len(s) for s, _ in lines] + [1])
        columns = 1
        if len(lines) + 3 > max_h and 2 * (widest + 3) + 2 <= area.w:
            columns = 2
        per_col = -(-len(lines) // columns) if lines else 1
        w = min(area.w, max(columns * (widest + 3) + 1, len(popup.title) + 6, len(popup.footer) + 4))
        h = min(max_h, per_col + (3 if popup.footer else 2))
        if popup.where == "side":
            w, h = area.w, area.h
        rect = Rect(area.y + (area.h - h) // 2, area.x + (area.w - w) // 2, h, w)
        if popup.where != "side":
            # Clear the inside of the ring first: scraps of the deed frame and of messages beside a
            # narrower box would read as part of it.
            self.fill(lay.inner)
            self.fill(Rect(rect.y, area.x, rect.h, area.w))
        self.box(rect, t("title"), popup.title, t("title"))
        col_w = (w - 2) // columns
        last_row = rect.bottom - (3 if popup.footer else 2)
        for i, (text, role) in enumerate(lines):
            col, row = divmod(i, per_col)
            y = rect.y + 1 + row
            if y > last_row:
                continue
            self.put(y, rect.x + 2 + col * col_w, text, t(role), col_w - 2)
        if popup.footer:
            self.put(rect.bottom - 2, rect.x + 2, popup.footer, t("dim"), w - 4)

    # ------------------------------------------------------------------ interaction helpers
    def _ensure_ui(self) -> M.UIState:
        if self.ui is None:
            self.ui = M.UIState(tokens=[])
        return self.ui

    def ask(self, question: Question) -> Any:
        """The one prompt helper: show ``question``, return its value, or None on ESC.

        RETURN takes the default; a bad answer shows why and asks again. In the set-up screens
        (``self.setup`` shown) and the dialogs of ``confirm_keys`` every answer ends with RETURN,
        one-key answers too: the set-up mixes lists and numbers, and a RETURN typed after a one-key
        answer must not answer the next question (nor mark the first deed of a trade's cursor).
        """
        ui = self._ensure_ui()
        confirm = self.setup is not None or self.confirm_keys
        ui.prompt = question.render()
        ui.prompt_input = ""
        ui.prompt_error = ""
        dropped = ""  # a character typed that the input line cannot show: the answer is not as typed
        spilled = ""  # characters typed past ``max_len``: the answer is not as typed either
        try:
            while True:
                self.render()
                key = self.read_key()
                if key is None:
                    continue
                if key in KEYS.ESCAPE:
                    return None
                if key in KEYS.ENTER:
                    if spilled:  # "Annabelle99" is not taken as "Annabel" without a word
                        ui.prompt_error = (f"{ui.prompt_input + spilled!r} has {len(ui.prompt_input + spilled)} "
                                           f"characters, more than {question.max_len}: type a shorter answer")
                        ui.prompt_input, spilled = "", ""
                        continue
                    if dropped:
                        ui.prompt_error = (f"a character typed (U+{ord(dropped):04X}) is not one column wide and "
                                           "cannot be kept: type the answer again")
                        ui.prompt_input, dropped = "", ""
                        continue
                    try:
                        return question.parse(ui.prompt_input)
                    except ValueError as exc:
                        ui.prompt_error = str(exc)
                        ui.prompt_input = ""
                    continue
                ch = key_char(key)
                if ch == "?":  # no answer contains "?": help for this question, then the question again
                    self.show_popup(question_help(question, in_setup=confirm))
                    ui.prompt = question.render()
                    continue
                if question.single_key:
                    if ch in ("r", "R") and not question.accepts_key(ch) and self.on_claim_key is not None:
                        changed = self.on_claim_key()  # may ask a question of its own
                        ui.prompt, ui.prompt_input, ui.prompt_error = question.render(), "", ""
                        if changed:
                            return None
                        continue
                    if ch and question.accepts_key(ch):
                        if not confirm:
                            return question.parse(ch)
                        ui.prompt_input, ui.prompt_error = ch, ""
                    elif key in KEYS.BACKSPACE and confirm:
                        ui.prompt_input = ""
                    elif ch:
                        ui.prompt_error = ("press one of the keys shown, then RETURN" if confirm
                                           else "press one of the keys shown, or RETURN")
                    continue
                if key in KEYS.BACKSPACE:
                    if spilled:
                        spilled = spilled[:-1]
                    else:
                        ui.prompt_input = ui.prompt_input[:-1]
                    ui.prompt_error = f"at most {question.max_len} characters" if spilled else ""
                    continue
                if ch and len(ui.prompt_input) < question.max_len and not spilled:
                    ui.prompt_input += ch
                    ui.prompt_error = ""
                elif ch:  # refused as it is typed, not after a longer answer is finished
                    spilled += ch
                    ui.prompt_error = f"at most {question.max_len} characters"
                elif not ch and 511 < key < 0x110000 and chr(key).isprintable():  # wide or combining
                    dropped = dropped or chr(key)
        finally:
            ui.prompt = None
            ui.prompt_input = ""
            ui.prompt_error = ""

    def board_cursor(self, instructions: str, candidates: list[int], start: int | None = None) -> tuple[str, int | None]:
        """A cursor over ``candidates`` on the board: ("pick", square), ("done", None) or ("cancel", None).

        It starts on ``start``, or when that square is not a candidate (the Offline token's own
        square) on the next candidate round the board from it.
        """
        ui = self._ensure_ui()
        if not candidates:
            return "done", None
        pool = sorted(set(candidates))
        origin = start if start is not None else 0
        here = min(pool, key=lambda s: (s - origin) % BOARD_SIZE)
        old_hint = ui.hint
        ui.candidates = tuple(pool)
        ui.hint = instructions
        try:
            while True:
                ui.cursor = here
                self.render()
                key = self.read_key()
                if key is None:
                    continue
                cmd = KEYS.command("cursor", key)
                if cmd in ("left", "right", "up", "down", "next", "prev"):
                    here = neighbour(here, pool, cmd)
                elif cmd == "pick":
                    return "pick", here
                elif cmd == "done":
                    return "done", None
                elif cmd == "cancel":
                    return "cancel", None
        finally:
            ui.cursor = None
            ui.candidates = ()
            ui.hint = old_hint

    def choose_from_list(self, view: SetupView) -> int | None:
        """Up/Down and RETURN over ``view.items``; None on ESC."""
        self.setup = view
        while True:
            self.render()
            key = self.read_key()
            if key is None:
                continue
            cmd = KEYS.command("list", key)
            if cmd == "up":
                view.selected = max(0, view.selected - 1)
            elif cmd == "down":
                view.selected = min(len(view.items or []) - 1, view.selected + 1)
            elif cmd == "pick":
                return view.selected
            elif cmd == "cancel":
                return None

    def page(self, popup: M.Popup, wrapped: bool = True) -> int | None:
        """Show a pop-up longer (or wider) than the screen a page at a time: Up/Down, PgUp/PgDn,
        Home/End scroll (Left/Right sideways when ``wrapped`` is off and lines are cut); any other key
        closes it and is returned. Sized from the layout at every key, so a resize re-pages it."""
        top, left = 0, 0
        while True:
            lay = self.lay
            if isinstance(lay, Layout):
                area = lay.board if lay.board.h >= 10 else Rect(1, 0, lay.rows - 2, lay.cols)
            else:
                area = Rect(1, 0, 22, 80)
            room = max(1, area.h - 5)  # the box, the footer and a blank line above it
            width = max(10, area.w - 6)
            lines: list[tuple[str, str]] = []
            for text, role in popup.lines:
                if wrapped and text:
                    lines += [(part.rstrip(), role) for part in
                              wrap(text, width, subsequent_indent=" " * popup.indent)]
                else:
                    lines.append((text.rstrip(), role))
            widest = max([len(text) for text, _ in lines] + [0])
            top = max(0, min(top, len(lines) - room))
            left = max(0, min(left, widest - width))
            shown = [(text[left:left + width], role) for text, role in lines[top:top + room]]
            where = []
            if len(lines) > room:
                where.append(f"{top + 1}-{top + len(shown)} of {len(lines)}, Up/Down PgUp/PgDn scroll")
            if widest > width:
                where.append("Left/Right: sideways")
            footer = "; ".join(where + [popup.footer] if popup.footer else where)
            key = self.show_popup(replace(popup, lines=shown, footer=footer, indent=popup.indent))
            if key is None:
                return None
            cmd = KEYS.command("history", key)
            moves = {"up": -1, "down": 1, "page_up": -(room - 1), "page_down": room - 1}
            if cmd in moves:
                top += moves[cmd]
            elif cmd == "first":
                top = 0
            elif cmd == "last":
                top = len(lines)
            elif key == curses.KEY_LEFT:
                left -= max(1, width // 2)
            elif key == curses.KEY_RIGHT:
                left += max(1, width // 2)
            else:
                return key

    def show_popup(self, popup: M.Popup, timeout: float | None = None) -> int | None:
        """Show a pop-up until a key is pressed (or ``timeout`` runs out); return the key. A wait
        ended by news of a game played elsewhere (``on_wait``) draws it again and waits on."""
        ui = self._ensure_ui()
        deadline = None if timeout is None else time.monotonic() + timeout
        try:
            while True:
                ui.popup = popup
                self.render()
                left = None if deadline is None else max(0.0, deadline - time.monotonic())
                key = self.read_key(left)
                if key is not None or (deadline is not None and time.monotonic() >= deadline):
                    return key
        finally:
            ui.popup = None
