"""A curses window stand-in that keeps what is drawn as text, for in-process screen pictures.

``Screen`` draws through ``addstr`` and reads its size from ``getmaxyx``; this records both, so a
test can render the real drawing code at 80x24 or 160x50 and read the picture without a terminal.
"""

from __future__ import annotations

import curses
from typing import Any


class TextWindow:
    def __init__(self, rows: int, cols: int) -> None:
        self.rows, self.cols = rows, cols
        self.cells = [[" "] * cols for _ in range(rows)]

    def getmaxyx(self) -> tuple[int, int]:
        return self.rows, self.cols

    def keypad(self, on: bool) -> None:
        pass

    def erase(self) -> None:
        self.cells = [[" "] * self.cols for _ in range(self.rows)]

    clear = erase

    def refresh(self) -> None:
        pass

    def timeout(self, ms: int) -> None:
        pass

    def get_wch(self) -> Any:
        raise curses.error("no input")

    def addstr(self, y: int, x: int, text: str, attr: int = 0) -> None:
        if not (0 <= y < self.rows and 0 <= x < self.cols):
            raise curses.error("outside")
        for k, ch in enumerate(text):
            if x + k >= self.cols:
                raise curses.error("past the edge")
            self.cells[y][x + k] = ch

    def text(self) -> str:
        return "\n".join("".join(row).rstrip() for row in self.cells)

    def line(self, y: int) -> str:
        return "".join(self.cells[y]).rstrip()


class PlainTheme:
    """No colours: every role is attribute 0 (curses is not started in these tests)."""

    def __call__(self, role: str) -> int:
        return 0

    def group(self, colour: str) -> int:
        return 0
