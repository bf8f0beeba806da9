"""Run the real ``monopoly`` program in a pseudo-terminal and read its screen with pyte.

Tests wait for expected text until a deadline (never a fixed sleep), send keys, resize the
terminal (TIOCSWINSZ + SIGWINCH) and, when something is not found in time, fail with the whole
screen printed. POSIX only (os.forkpty); the screen code itself is portable.
"""

from __future__ import annotations

import json
import os
import re
import select
import signal
import struct
import sys
import time
from pathlib import Path
from typing import Pattern

import pytest

pyte = pytest.importorskip("pyte")
fcntl = pytest.importorskip("fcntl")
termios = pytest.importorskip("termios")

REPO = Path(__file__).resolve().parent.parent
DEADLINE = float(os.environ.get("MONOPOLY_TUI_DEADLINE", "25"))  # generous: CI machines can be slow

KEYS = {
    "enter": b"\r",
    "esc": b"\x1b",
    "space": b" ",
    "backspace": b"\x7f",
    "tab": b"\t",
    "ctrl-c": b"\x03",
    # keypad mode (application cursor keys), as curses asks the terminal for
    "left": b"\x1bOD",
    "right": b"\x1bOC",
    "up": b"\x1bOA",
    "down": b"\x1bOB",
}


class ScreenTimeout(AssertionError):
    pass


class _Screen(pyte.Screen):
    """pyte's screen plus three xterm controls ncurses uses and pyte 0.8 lacks: REP, SU and SD."""

    _last = " "

    def draw(self, data: str) -> None:
        if data:
            self._last = data[-1]
        super().draw(data)

    def repeat_last(self, count: int = 1, *args: object, **kwargs: object) -> None:
        super().draw(self._last * max(1, count))

    def _scroll(self, count: int, up: bool) -> None:
        top, bottom = self.margins or pyte.screens.Margins(0, self.lines - 1)
        x, y = self.cursor.x, self.cursor.y
        for _ in range(max(1, count)):
            if up:
                self.cursor.y = bottom
                self.index()
            else:
                self.cursor.y = top
                self.reverse_index()
        self.cursor.x, self.cursor.y = x, y

    def scroll_up(self, count: int = 1, *args: object, **kwargs: object) -> None:
        self._scroll(count, True)

    def scroll_down(self, count: int = 1, *args: object, **kwargs: object) -> None:
        self._scroll(count, False)


class _Stream(pyte.ByteStream):
    csi = {**pyte.ByteStream.csi, "b": "repeat_last", "S": "scroll_up", "T": "scroll_down"}


class TuiSession:
    """One run of ``python -m monopoly ARGS`` in a pseudo-terminal of ``rows`` x ``cols``."""

    def __init__(self, args: list[str], rows: int = 24, cols: int = 80, env: dict[str, str] | None = None,
                 cwd: str | os.PathLike[str] | None = None) -> None:
        self.rows, self.cols = rows, cols
        self.screen = _Screen(cols, rows)
        self.stream = _Stream(self.screen)
        self.exit_status: int | None = None
        self.output = bytearray()
        full_env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST", "COLUMNS", "LINES"))}
        full_env.update({"TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "ESCDELAY": "25",
                         "PYTHONPATH": str(REPO) + os.pathsep + full_env.get("PYTHONPATH", ""),
                         "PYTHONUNBUFFERED": "1"})
        full_env.pop("NO_COLOR", None)
        full_env.update(env or {})
        argv = [sys.executable, "-m", "monopoly", *args]
        pid, fd = os.forkpty()
        if pid == 0:  # the child: size its terminal, then become the program
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
                os.chdir(cwd or REPO)
                os.execve(sys.executable, argv, full_env)
            finally:
                os._exit(127)
        self.pid, self.fd = pid, fd

    # ------------------------------------------------------------------ reading
    def _pump(self, timeout: float) -> bool:
        """Read what the program wrote within ``timeout``; False once it has closed the terminal."""
        if self.fd < 0:
            return False
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return True
        try:
            data = os.read(self.fd, 65536)
        except OSError:
            data = b""
        if not data:
            os.close(self.fd)
            self.fd = -1
            return False
        self.output += data
        self.stream.feed(data)
        return True

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    def line(self, y: int) -> str:
        return self.screen.display[y].rstrip()

    def dump(self) -> str:
        border = "+" + "-" * self.cols + "+"
        body = "\n".join(f"|{line}|" for line in self.screen.display)
        return f"{border}\n{body}\n{border}"

    def wait_for(self, expected: str | Pattern[str], timeout: float = DEADLINE) -> re.Match[str] | str:
        """Wait until ``expected`` (text or a compiled regex) is on the screen."""
        deadline = time.monotonic() + timeout
        while True:
            screen = self.text()
            if isinstance(expected, str):
                if expected in screen:
                    return expected
            else:
                found = expected.search(screen)
                if found:
                    return found
            if time.monotonic() > deadline:
                raise ScreenTimeout(f"did not see {expected!r} within {timeout:.0f}s; the screen:\n{self.dump()}")
            if not self._pump(0.05):
                if time.monotonic() > deadline or self.fd < 0:
                    screen = self.text()
                    if (isinstance(expected, str) and expected in screen) or (
                            not isinstance(expected, str) and expected.search(screen)):
                        continue
                    raise ScreenTimeout(f"the program ended before {expected!r} appeared; the screen:\n"
                                        f"{self.dump()}\noutput tail: {bytes(self.output[-400:])!r}")

    def wait_gone(self, text: str, timeout: float = DEADLINE) -> None:
        deadline = time.monotonic() + timeout
        while text in self.text():
            if time.monotonic() > deadline:
                raise ScreenTimeout(f"{text!r} stayed on the screen; the screen:\n{self.dump()}")
            self._pump(0.05)

    def settle(self, quiet: float = 0.3, timeout: float = DEADLINE) -> None:
        """Read until the program has written nothing for ``quiet`` seconds."""
        deadline = time.monotonic() + timeout
        last = len(self.output)
        quiet_since = time.monotonic()
        while time.monotonic() < deadline:
            if not self._pump(0.05):
                return
            if len(self.output) != last:
                last = len(self.output)
                quiet_since = time.monotonic()
            elif time.monotonic() - quiet_since >= quiet:
                return

    # ------------------------------------------------------------------ writing
    def send(self, *keys: str | bytes) -> None:
        """Send keys: plain text, or names from KEYS ("enter", "esc", "left" ...)."""
        for key in keys:
            data = key if isinstance(key, bytes) else KEYS.get(key, key.encode("utf-8"))
            os.write(self.fd, data)

    def answer(self, prompt: str | Pattern[str], *keys: str | bytes) -> None:
        """Wait for a prompt, then send the keys."""
        self.wait_for(prompt)
        self.send(*keys)

    def resize(self, rows: int, cols: int) -> None:
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self.rows, self.cols = rows, cols
        self.screen.resize(rows, cols)
        try:
            os.kill(self.pid, signal.SIGWINCH)
        except ProcessLookupError:
            pass

    # ------------------------------------------------------------------ ending
    def wait_exit(self, timeout: float = DEADLINE) -> int:
        deadline = time.monotonic() + timeout
        while self.fd >= 0 and time.monotonic() < deadline:
            self._pump(0.1)
        while time.monotonic() < deadline:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.exit_status = os.waitstatus_to_exitcode(status)
                return self.exit_status
            time.sleep(0.02)
        raise ScreenTimeout(f"the program did not end within {timeout:.0f}s; the screen:\n{self.dump()}\n"
                            f"output tail: {bytes(self.output[-400:])!r}")

    def close(self) -> None:
        if self.exit_status is None:
            try:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass
            self.exit_status = -9
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1

    def __enter__(self) -> "TuiSession":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def read_save(path: str | os.PathLike[str]) -> dict:
    return json.loads(Path(path).read_text("utf-8"))
