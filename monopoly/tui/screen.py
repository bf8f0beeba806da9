"""Drawing with curses, and reading keys.

Everything on screen is drawn from the game plus the small ``UIState``: on a resize (or Ctrl-L) the
whole screen is drawn again from those. All text goes through ``Screen.put``, which clips to the
window and swallows the error curses raises for the bottom-right corner. ``read_key`` is the one
place keys are read: it redraws on ``KEY_RESIZE``, waits (with a message) while the terminal is too
small, ticks about once a second for the clock, and turns Ctrl-C into ``KeyboardInterrupt``.

The regions of the game screen are widgets (``widgets/``), each drawn by ``draw(lay)`` from the
state held here; this module keeps the window, the drawing helper, the keys and the questions.

Only portable curses calls are used, so the screen also runs with ``windows-curses``.
"""

from __future__ import annotations

import curses
import sys
import time
from dataclasses import replace
from functools import cached_property
from typing import Any, Callable

from ..engine import BOARD_SIZE, Game
from . import keys as KEYS
from ..present import model as M
from ..session.options import Option
from ..session.safe_text import is_safe, shown
from .layout import Layout, Rect, TooSmall, layout, neighbour
from ..session.questions import CHOICE, NUMBER, YESNO, Question
from .paint import ASCII, UNICODE, Glyphs, SetupView, ascii_text, key_char, pick_glyphs, wrap
from .theme import Theme
from .widgets.bar import OptionBar
from .widgets.board import Board
from .widgets.deed import DeedCard
from .widgets.displayable import Displayable
from .widgets.messages import Messages
from .widgets.panel import Ahead, Players, PlayerStatus
from .widgets.popup import PopupBox
from .widgets.prompt import PromptLine
from .widgets.setup_page import SetupPage

ENTER_GRACE = 0.5  # seconds after a one-key answer in which a RETURN is taken as typed with it

# Importable from here as before the widgets moved out
__all__ = ["ASCII", "UNICODE", "Glyphs", "Screen", "SetupView", "key_char", "question_help", "wrap"]


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
    on_view_key: Callable[[str], bool] | None = None  # see ``__init__``

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
        # W or I at a one-key question that has no such answer: the win chances switch or the hint,
        # then the question again (True: it was one of them). Set by the game's controller.
        self.on_view_key: Callable[[str], bool] | None = None
        # Asked about every tenth of a second while a key is awaited, where a game is played
        # elsewhere (``monopoly join``): True ends the wait without a key, because the game changed
        # (the caller looks at it again). Set by the controller of a remote game.
        self.on_wait: Callable[[], bool] | None = None
        self.lay: Layout | TooSmall = layout(*self.win.getmaxyx())
        try:
            self.win.keypad(True)
        except curses.error:
            pass

    # ------------------------------------------------------------------ the regions
    # Each a widget over this screen, made when first drawn (in the order they are drawn: a pop-up
    # over the rest, the question last).
    @cached_property
    def bar(self) -> Displayable:
        """The top line: the option bar (a replay shows its own keys there instead)."""
        return OptionBar(self)

    @cached_property
    def board(self) -> Board:
        return Board(self)

    @cached_property
    def deed(self) -> DeedCard:
        return DeedCard(self)

    @cached_property
    def status(self) -> PlayerStatus:
        return PlayerStatus(self)

    @cached_property
    def ahead(self) -> Ahead:
        return Ahead(self)

    @cached_property
    def players(self) -> Players:
        return Players(self)

    @cached_property
    def messages(self) -> Messages:
        return Messages(self)

    @cached_property
    def popup(self) -> PopupBox:
        return PopupBox(self)

    @cached_property
    def prompt(self) -> PromptLine:
        return PromptLine(self)

    @cached_property
    def setup_page(self) -> SetupPage:
        return SetupPage(self, self.popup, self.prompt)

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
            self.setup_page.draw(lay)
        else:
            self._draw_game(lay)
        self.win.refresh()

    def _draw_too_small(self, lay: TooSmall) -> None:
        rows, cols = self.win.getmaxyx()
        lines = lay.lines()
        top = max(0, rows // 2 - len(lines) // 2)
        for i, line in enumerate(lines):
            self.put(top + i, max(0, (cols - len(line)) // 2), line, self.theme("title"))

    # ------------------------------------------------------------------ the game screen
    def _draw_game(self, lay: Layout) -> None:
        block = self._prompt_block(lay)
        if block:
            # The message area inside the ring gives up its last lines to the question.
            limit = lay.inner.bottom - len(block) - 1

            def above(r: Rect) -> Rect:
                inside = lay.inner.x <= r.x and r.right <= lay.inner.right and r.y < lay.inner.bottom
                return Rect(r.y, r.x, max(0, min(r.bottom, limit) - r.y), r.w) if inside else r

            lay = replace(lay, log=above(lay.log), players=above(lay.players),
                          notice=None if lay.notice is None else above(lay.notice))
        for widget in (self.bar, self.board, self.deed, self.status, self.ahead, self.players, self.messages):
            widget.draw(lay)
        if block:
            self.prompt.draw_block(lay, block)
        self.popup.draw(lay)  # over the question's block: what is being read stays whole
        self.prompt.draw_line(lay, block)

    # The parts that tests and dialogs draw on their own
    def _prompt_block(self, lay: Layout) -> list[tuple[str, str]]:
        return self.prompt.block(lay)

    def _draw_prompt_line(self, lay: Layout, block: list[tuple[str, str]] | None = None) -> None:
        self.prompt.draw_line(lay, block)

    def _draw_popup(self, lay: Layout, popup: M.Popup) -> None:
        self.popup.show(lay, popup)

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
                    if (ch.lower() in KEYS.VIEW_KEYS and not question.accepts_key(ch) and self.on_view_key is not None
                            and self.on_view_key(ch)):
                        ui.prompt, ui.prompt_input, ui.prompt_error = question.render(), "", ""
                        continue
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

    def show_popup(self, popup: M.Popup, timeout: float | None = None, after_key: bool = False) -> int | None:
        """Show a pop-up until a key is pressed (or ``timeout`` runs out); return the key. A wait
        ended by news of a game played elsewhere (``on_wait``) draws it again and waits on.
        ``after_key``: the pop-up answers a one-key question, so a RETURN typed just after that key
        (out of habit, within ``ENTER_GRACE`` seconds) is the answer's, and leaves it open."""
        ui = self._ensure_ui()
        opened = time.monotonic()
        deadline = None if timeout is None else opened + timeout
        try:
            while True:
                ui.popup = popup
                self.render()
                left = None if deadline is None else max(0.0, deadline - time.monotonic())
                key = self.read_key(left)
                if after_key and key in KEYS.ENTER and time.monotonic() - opened < ENTER_GRACE:
                    after_key = False  # one RETURN only
                    continue
                if key is not None or (deadline is not None and time.monotonic() >= deadline):
                    return key
        finally:
            ui.popup = None
