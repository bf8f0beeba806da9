"""Issue 26 on the curses screen: names from a file drawn with their control characters escaped,
and the Windows path (PDCurses delivers no reliable KEY_RESIZE and needs ``resize_term(0, 0)``)
shown with a stand-in curses module: the input loop polls the size and redraws."""

from __future__ import annotations

import curses
import sys
import types
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from text_window import PlainTheme, TextWindow  # noqa: E402

from monopoly.engine import Game  # noqa: E402
from monopoly.present import model as M  # noqa: E402
from monopoly.tui import screen as screen_module  # noqa: E402
from monopoly.tui.layout import TooSmall  # noqa: E402
from monopoly.tui.screen import Screen  # noqa: E402


def drawn(win: TextWindow, rows: int, cols: int) -> Screen:
    screen = Screen(win, PlainTheme())  # type: ignore[arg-type]
    game = Game.new(["Ann", "Bob"], "us", None, seed=3)
    screen.game = game
    screen.ui = M.UIState(tokens=M.default_tokens(game, 2))
    screen.people = [0, 1]
    screen.render()
    return screen


def test_the_drawing_helper_never_sends_a_control_character() -> None:
    win = TextWindow(24, 80)
    screen = drawn(win, 24, 80)
    screen.put(0, 0, "x\x1b]0;pwned\x07\x00\x1b[2J")
    assert "\x1b" not in win.line(0) and "\x00" not in win.line(0) and win.line(0).startswith("x\\x1b]0;pwned")


class PDCursesWindow(TextWindow):
    """A PDCurses window: its size changes only when ``resize_term(0, 0)`` is called."""

    def __init__(self, rows: int, cols: int) -> None:
        super().__init__(rows, cols)
        self.terminal = (rows, cols)  # what the console window is now
        self.keys = 0

    def get_wch(self) -> Any:
        self.keys += 1
        if self.keys > 3:
            return "q"
        raise curses.error("no input")  # no KEY_RESIZE ever comes


def stand_in_curses(win: PDCursesWindow, calls: list[str]) -> types.SimpleNamespace:
    def is_term_resized(rows: int, cols: int) -> bool:
        return (rows, cols) != win.terminal

    def resize_term(rows: int, cols: int) -> None:
        calls.append(f"resize_term({rows}, {cols})")
        win.rows, win.cols = win.terminal
        win.erase()

    return types.SimpleNamespace(error=curses.error, KEY_RESIZE=curses.KEY_RESIZE, is_term_resized=is_term_resized,
                                 resize_term=resize_term, update_lines_cols=lambda: None, flushinp=lambda: None)


def test_windows_without_key_resize_the_input_loop_polls_the_size_and_redraws(monkeypatch: pytest.MonkeyPatch) -> None:
    win = PDCursesWindow(24, 80)
    screen = drawn(win, 24, 80)
    calls: list[str] = []
    monkeypatch.setattr(screen_module, "curses", stand_in_curses(win, calls))
    monkeypatch.setattr(screen_module.sys, "platform", "win32")
    ticks = iter(float(t) for t in range(0, 1000))
    monkeypatch.setattr(screen_module.time, "monotonic", lambda: next(ticks))
    win.terminal = (50, 160)  # the console window is made larger; PDCurses says nothing
    assert screen.read_key() == ord("q")
    assert calls == ["resize_term(0, 0)"]
    assert win.getmaxyx() == (50, 160) and not isinstance(screen.lay, TooSmall)
    assert len(win.line(0)) > 80 or any(len(win.line(y)) > 80 for y in range(50))  # drawn at the new size


def test_windows_a_window_made_too_small_is_noticed_without_key_resize(monkeypatch: pytest.MonkeyPatch) -> None:
    win = PDCursesWindow(24, 80)
    screen = drawn(win, 24, 80)
    calls: list[str] = []
    monkeypatch.setattr(screen_module, "curses", stand_in_curses(win, calls))
    monkeypatch.setattr(screen_module.sys, "platform", "win32")
    win.terminal = (10, 30)
    assert screen.poll_size()
    assert calls == ["resize_term(0, 0)"] and isinstance(screen.lay, TooSmall)
    assert not screen.poll_size()  # nothing changed since


def test_the_curses_game_says_a_long_wait_for_the_lock_on_its_message_line(tmp_path: Path) -> None:
    from monopoly.storage.starts import Started
    from monopoly.tui.app import start_controller
    win = TextWindow(24, 80)
    screen = Screen(win, PlainTheme())  # type: ignore[arg-type]
    game = Game.new(["Ann", "Bob"], "us", None, seed=3)
    ui = M.UIState(tokens=M.default_tokens(game, 2))
    controller = start_controller(screen, Started(game, None, ui), tmp_path)
    assert controller.record.waiting is not None
    controller.record.waiting(tmp_path)
    words = " ".join(win.text().split())  # the message may wrap in the side panel
    assert "Another game" in words and "waiting..." in words


def test_windows_curses_without_set_escdelay_starts_with_a_short_esc_delay(monkeypatch: pytest.MonkeyPatch) -> None:
    # windows-curses (PDCurses) has no set_escdelay and no terminfo: the session must start all the
    # same, with ESC read after a short delay through the ESCDELAY variable ncurses also reads.
    from monopoly.tui import app as app_module
    calls: list[str] = []

    class Window:
        def keypad(self, on: bool) -> None:
            calls.append(f"keypad({on})")

    stand_in = types.SimpleNamespace(
        error=curses.error, initscr=lambda: Window(), noecho=lambda: None, cbreak=lambda: None,
        nocbreak=lambda: None, echo=lambda: None, curs_set=lambda n: None, endwin=lambda: calls.append("endwin"))
    monkeypatch.setattr(app_module, "curses", stand_in)
    monkeypatch.delenv("ESCDELAY", raising=False)
    with app_module.curses_session() as win:
        assert isinstance(win, Window)
        assert app_module.os.environ["ESCDELAY"] == "25"
    assert calls == ["keypad(True)", "keypad(False)", "endwin"]


def test_the_key_tables_load_with_a_curses_that_lacks_the_back_tab_key(monkeypatch: pytest.MonkeyPatch) -> None:
    """PDCurses builds differ in the key names they define; Shift-TAB (``KEY_BTAB``) is the one the
    tables need that some lack. The tables must still load, with the key's usual code, and every
    binding must be a plain key code, the same on every platform."""
    import importlib

    from monopoly.tui import keys

    monkeypatch.delattr(curses, "KEY_BTAB", raising=False)
    try:
        reloaded = importlib.reload(keys)
        assert reloaded.BINDINGS["cursor"]["prev"][0] == 353
        for context in reloaded.BINDINGS.values():
            for codes in context.values():
                assert codes and all(isinstance(code, int) and code >= 0 for code in codes)
    finally:
        monkeypatch.undo()
        importlib.reload(keys)
