"""``monopoly join HOST[:PORT] CODE`` without ``--text``: a curses screen for one seat of a hosted game.

Not yet the local game's screen (that one draws from a whole ``Game``, which a client never has): a
small screen of its own drawn from the public view only. The players (cash, square, jail, who is
away or a computer) at the top, the game's events in the local front ends' words below, and at the
bottom what this seat may do now, numbered, above a command line. The commands are the text
client's (``TextClient.typed``): a listed command or its number, ``bid N``, ``rent``, ``go``,
``trade ...``, ``help``, ``quit``. The terminal is restored on every way out.
"""

from __future__ import annotations

import asyncio
import curses
import os
import ssl
import textwrap
from typing import Any

from .client import EXIT_USAGE, TextClient, client_tls, parse_address, run_client

MIN_ROWS, MIN_COLS = 16, 60
LOG_KEPT = 500


class _Sink:
    """Where ``TextClient`` writes: nowhere (the screen keeps the lines itself)."""

    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass


class ScreenClient(TextClient):
    """The text client's state and commands, shown on a curses screen."""

    def __init__(self, window: Any) -> None:
        super().__init__(_Sink(), say_prompt=False)  # type: ignore[arg-type]
        self.window = window
        self.log: list[str] = []
        self.typing = ""

    def say(self, text: str) -> None:
        self.log.append(text)
        del self.log[:-LOG_KEPT]
        self.draw()

    def update(self, data: dict[str, Any]) -> None:
        super().update(data)
        self.draw()

    # ------------------------------------------------------------------ drawing
    def put(self, y: int, x: int, text: str, attr: int = 0) -> None:
        """Write clipped to the window; the bottom-right corner's curses.error is swallowed."""
        rows, cols = self.window.getmaxyx()
        if not (0 <= y < rows and 0 <= x < cols):
            return
        try:
            self.window.addnstr(y, x, text, cols - x, attr)
        except curses.error:
            pass

    def draw(self) -> None:
        w = self.window
        rows, cols = w.getmaxyx()
        w.erase()
        if rows < MIN_ROWS or cols < MIN_COLS:
            self.put(0, 0, f"The terminal is too small: {MIN_COLS}x{MIN_ROWS} at least (now {cols}x{rows}).")
            w.refresh()
            return
        who = f"You play {self.name}" if self.seat is not None else "Spectator"
        turn = self.game.get("turn", "")
        self.put(0, 0, f" Monopoly over the network - {who} - turn {turn} ".ljust(cols), curses.A_REVERSE)
        y = 1
        squares = self.game.get("squares", [])
        for p in self.game.get("players", []):
            where = squares[p["position"]]["name"] if squares and 0 <= p.get("position", -1) < len(squares) else "?"
            flags = [f for f, on in (("bankrupt", p.get("bankrupt")), ("in jail", p.get("in_jail")),
                                     ("computer", p.get("computer")), ("away", p.get("away"))) if on]
            mark = ">" if self.game.get("current") == p.get("seat") else " "
            line = f"{mark} {p.get('name', '?'):<8} {p.get('money', p.get('cash', '?')):>8}  {where}"
            self.put(y, 0, line + (f"  ({', '.join(flags)})" if flags else ""),
                     curses.A_BOLD if p.get("seat") == self.seat else 0)
            y += 1
        y += 1
        prompt_rows = 3
        room = rows - y - prompt_rows - 1
        lines: list[str] = []
        for text in self.log[-room * 2:]:
            lines += textwrap.wrap(text, cols - 1, subsequent_indent="  ") or [""]
        for i, text in enumerate(lines[-room:] if room > 0 else []):
            self.put(y + i, 0, text)
        p = self.prompt
        status = ""
        if p is not None:
            asked = p.get("waiting_for")
            if isinstance(asked, int) and asked != self.seat:
                status = f"Waiting for {self.player_name(asked)}" + (" (away)" if asked in p.get("away", []) else "")
            elif p.get("question"):
                status = str(p["question"])
        self.put(rows - 4, 0, "-" * (cols - 1))
        self.put(rows - 3, 0, status, curses.A_BOLD)
        listed = ", ".join(f"{i + 1} {c}" for i, c in enumerate(self.commands()))
        self.put(rows - 2, 0, listed or "(nothing to do now; help lists the commands)")
        self.put(rows - 1, 0, "> " + self.typing[-(cols - 4):])
        try:
            w.move(rows - 1, min(cols - 1, 2 + len(self.typing[-(cols - 4):])))
        except curses.error:
            pass
        w.refresh()


async def _keys(client: ScreenClient, lines: "asyncio.Queue[str | None]") -> None:
    """Read keys without blocking the loop; a line goes to ``lines`` at RETURN."""
    w = client.window
    w.nodelay(True)
    while True:
        try:
            key = w.get_wch()
        except curses.error:
            await asyncio.sleep(0.02)
            continue
        if key == curses.KEY_RESIZE:
            client.draw()
        elif key in ("\n", "\r", curses.KEY_ENTER):
            line, client.typing = client.typing, ""
            client.log.append(f"> {line}")
            lines.put_nowait(line)
            client.draw()
        elif key in (curses.KEY_BACKSPACE, "\x7f", "\b"):
            client.typing = client.typing[:-1]
            client.draw()
        elif key == "\x04" and not client.typing:  # Ctrl-D on an empty line: leave
            lines.put_nowait(None)
        elif isinstance(key, str) and key.isprintable():
            client.typing += key
            client.draw()


def join_screen(address: str, code: str, tls: bool = False, ca: str | None = None) -> int:
    """Play the seat of ``code`` on a curses screen; the exit code."""
    try:
        host, port = parse_address(address)
    except ValueError as exc:
        print(f"monopoly join: {exc}")
        return EXIT_USAGE
    context: ssl.SSLContext | None = client_tls(ca) if tls or ca else None
    os.environ.setdefault("ESCDELAY", "25")
    last: list[str] = []

    def play(window: Any) -> int:
        client = ScreenClient(window)
        client.draw()

        async def main() -> int:
            lines: asyncio.Queue[str | None] = asyncio.Queue()
            keys = asyncio.ensure_future(_keys(client, lines))
            try:
                return await run_client(host, port, code.strip(), _Sink(), lines, context,  # type: ignore[arg-type]
                                        client=client)
            finally:
                keys.cancel()
                last.extend(client.log[-3:])

        return asyncio.run(main())

    try:
        code_out = curses.wrapper(play)
    except KeyboardInterrupt:
        print("Interrupted: your seat is kept; join again with the same command.")
        return 130
    for text in last:  # why the screen closed, on the restored terminal
        print(text)
    return int(code_out)
