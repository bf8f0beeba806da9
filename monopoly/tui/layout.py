"""Where everything goes on the screen: a pure function of the terminal size.

``layout(rows, cols)`` returns a ``Layout`` or ``TooSmall``; nothing here touches curses, so the
geometry is unit-tested directly. The board is the ring of 40 squares, 11 cells a side, GO in the
bottom-right corner and play running clockwise; the option bar is the top line, the prompt line the
bottom one, and the inside of the ring holds the title-deed card, the current player, the squares
ahead and the messages. Extra room makes the cells wider and taller first (full square names once
they fit), then the deed card larger, the list of squares ahead longer (eight), the messages the
tallest free area, kept clear of the squares beside them; a player panel right of the board comes
only once the squares are wide enough for full names. A big window is used, and 80x24 keeps
everything.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

MIN_ROWS, MIN_COLS = 24, 80
SIDE = 11  # cells along each side of the board, corners included
MIN_CELL_W, MAX_CELL_W = 7, 16
DEED_W, DEED_H = 28, 13
MAX_DEED_W = 40
TALL_CELL_ROWS = 1 + SIDE * 4 + 1 + 3  # cells of four lines (a name on two) with three message lines below
SIDE_PANEL_W = 26
FULL_NAME_CELL_W = 15  # cells this wide name every US and UK square in full (two lines of 14)
PLAYERS_H = 9  # the list of players: a heading and up to eight players


@dataclass(frozen=True)
class Rect:
    y: int
    x: int
    h: int
    w: int

    @property
    def bottom(self) -> int:
        return self.y + self.h

    @property
    def right(self) -> int:
        return self.x + self.w

    def contains(self, y: int, x: int) -> bool:
        return self.y <= y < self.bottom and self.x <= x < self.right


@dataclass(frozen=True)
class TooSmall:
    rows: int
    cols: int
    need_rows: int = MIN_ROWS
    need_cols: int = MIN_COLS

    def message(self) -> str:
        return (f"The terminal is {self.cols}x{self.rows}: Monopoly needs at least "
                f"{self.need_cols}x{self.need_rows}. Please make the window larger.")

    def lines(self) -> list[str]:
        """The notice wrapped to fit the window; in a tiny one, just the size needed."""
        need = f"{self.need_cols}x{self.need_rows}"
        width = max(1, self.cols - 2 if self.cols > 20 else self.cols)  # a margin where there is room
        for text in (self.message(), f"Needs {need}", need):
            lines = textwrap.wrap(text, width)
            if len(lines) <= self.rows and any(need in line for line in lines):
                return lines
        return []


@dataclass(frozen=True)
class Layout:
    rows: int
    cols: int
    cell_w: int
    cell_h: int
    bar: Rect  # the option bar
    board: Rect  # the whole ring
    inner: Rect  # the inside of the ring
    deed: Rect  # the large title-deed card (inside the ring, left)
    players: Rect  # the list of players (under the deed card, beside it, or in the side panel)
    status: Rect  # current player, dice, clock (inside the ring, right)
    ahead: Rect  # the squares ahead: a heading and four to eight lines
    log: Rect  # the message lines
    notice: Rect | None  # rent that can be claimed and other standing notices (else the log's top line)
    side: Rect | None  # an extra player panel right of the board, when there is room
    prompt: Rect  # the bottom line: prompts, or the keys that work now
    # where each of the grid's 11 rows begins, and the board's bottom: the side rows take a line
    # more each when the window has lines to spare below a ring of ``cell_h`` (none: all cell_h)
    row_y: tuple[int, ...] = ()

    def cell(self, square: int) -> Rect:
        """The rectangle of one board square."""
        row, col = grid_position(square)
        if self.row_y:
            y, h = self.row_y[row], self.row_y[row + 1] - self.row_y[row]
        else:
            y, h = self.board.y + row * self.cell_h, self.cell_h
        return Rect(y, self.board.x + col * self.cell_w, h, self.cell_w)

    def square_at(self, y: int, x: int) -> int | None:
        """The square under a screen position, if any."""
        for sq in range(40):
            if self.cell(sq).contains(y, x):
                return sq
        return None


def grid_position(square: int) -> tuple[int, int]:
    """(row, column) of a square in the 11x11 grid of the ring."""
    if not 0 <= square < 40:
        raise ValueError(f"there is no square {square}")
    if square <= 10:  # bottom row, GO at the right
        return 10, 10 - square
    if square < 20:  # left column, going up
        return 10 - (square - 10), 0
    if square <= 30:  # top row, left to right
        return 0, square - 20
    return square - 30, 10  # right column, going down


def layout(rows: int, cols: int) -> Layout | TooSmall:
    """The screen layout for a terminal of ``rows`` x ``cols``, or ``TooSmall``."""
    if rows < MIN_ROWS or cols < MIN_COLS:
        return TooSmall(rows, cols)
    cell_h = 4 if rows >= TALL_CELL_ROWS else 3 if rows >= 1 + SIDE * 3 + 1 else 2
    room = cols
    side_w = 0
    # The board's width comes first: a side panel only beside squares wide enough for full names.
    if cols >= SIDE * FULL_NAME_CELL_W + 1 + SIDE_PANEL_W:
        side_w = SIDE_PANEL_W
        room = cols - side_w - 1
    cell_w = max(MIN_CELL_W, min(MAX_CELL_W, room // SIDE))
    # Lines left below a ring of cells ``cell_h`` high (five at 120x40, fourteen at 200x60) were
    # blank: up to one each goes to the nine rows of the sides, which makes the inside taller.
    # Then one each to the top and bottom rows.
    loose = max(0, rows - 2 - SIDE * cell_h)
    extra = min(SIDE - 2, loose)
    ends = min(2, loose - extra)
    heights = ([cell_h + (1 if ends >= 1 else 0)]
               + [cell_h + (1 if (i + 1) * extra // (SIDE - 2) > i * extra // (SIDE - 2) else 0)
                  for i in range(SIDE - 2)]
               + [cell_h + (1 if ends >= 2 else 0)])
    row_y = tuple(1 + sum(heights[:i]) for i in range(SIDE + 1))
    board = Rect(1, 0, sum(heights), SIDE * cell_w)
    inner = Rect(board.y + heights[0], board.x + cell_w, board.h - heights[0] - heights[-1], 9 * cell_w)
    prompt = Rect(rows - 1, 0, 1, cols)
    deed_w = min(max(DEED_W + (4 if inner.w >= 75 else 0), inner.w // 3), MAX_DEED_W, inner.w // 2)
    deed_h = DEED_H + (4 if inner.h >= 30 else 0)  # room to space the card's parts out
    deed = Rect(inner.y, inner.x + 1, min(deed_h, inner.h), deed_w)
    # In a large ring the parts stand a blank line apart, and the text beside the deed card keeps
    # three blank columns from the board's right-hand squares (one at 80 columns, where every column
    # counts): a line of messages must not read on into a square's owner and houses.
    gap = 1 if inner.h >= 27 else 0
    gutter = 3 if inner.w >= 75 else 1
    right_x = deed.right + 2
    right_w = inner.right - right_x - gutter
    status = Rect(inner.y, right_x, 4, right_w)
    # Eight squares ahead where the column under them keeps room for the players (or messages).
    ahead_n = max(4, min(8, inner.h - status.h - 1 - gap - PLAYERS_H))
    ahead = Rect(status.bottom, right_x, 1 + ahead_n, right_w)
    column = Rect(ahead.bottom + gap, right_x, max(1, inner.bottom - ahead.bottom - gap), right_w)
    under_deed = Rect(deed.bottom + gap, deed.x, max(0, inner.bottom - deed.bottom - gap), deed.w)
    below = rows - 1 - board.bottom  # spare lines between the board and the prompt line
    below_board = Rect(board.bottom, 0, below, board.w)
    side = Rect(1, board.right + 1, rows - 2, cols - board.right - 1) if side_w else None
    notice: Rect | None
    if side is not None:
        # The side panel lists the players; the messages take the larger free area, notices another.
        spare = [r for r in dict.fromkeys((under_deed, column, below_board)) if r.h >= 3]
        spare.sort(key=lambda r: r.h * r.w, reverse=True)
        log = spare[0]
        notice = next((r for r in spare[1:] if r.w >= 20), None)
        players = side
    elif under_deed.h >= PLAYERS_H + 1 + 3 and column.h > below:
        # A tall ring: the players and under them the notices below the deed card, the messages
        # beside it in the column taller than the lines below the board.
        players = Rect(under_deed.y, under_deed.x, PLAYERS_H, under_deed.w)
        notice = Rect(players.bottom + 1, under_deed.x, under_deed.bottom - players.bottom - 1, under_deed.w)
        log = column
    elif below >= 3:
        # Messages below the board; the players go beside the squares ahead, notices under the deed.
        log, players, notice = below_board, column, under_deed
    else:
        log, players, notice = column, under_deed, None
    return Layout(rows, cols, cell_w, cell_h, Rect(0, 0, 1, cols), board, inner, deed, players, status, ahead,
                  log, notice, side, prompt, row_y)


def neighbour(current: int, candidates: list[int] | tuple[int, ...], direction: str) -> int:
    """Move a board cursor from ``current`` towards ``direction`` among ``candidates``.

    ``direction`` is "left", "right", "up" or "down" on the screen, or "next" / "prev" in board
    order. The nearest candidate that lies that way wins (distance across counts double); with
    none that way the cursor wraps round the ring in board order.
    """
    pool = sorted(set(candidates))
    if not pool:
        return current
    if current not in range(40):
        return pool[0]
    if direction in ("next", "prev"):
        step = 1 if direction == "next" else -1
        for k in range(1, 41):
            sq = (current + step * k) % 40
            if sq in pool:
                return sq
        return current
    r0, c0 = grid_position(current)
    best: tuple[int, int] | None = None
    choice = current
    for sq in pool:
        if sq == current:
            continue
        r, c = grid_position(sq)
        dr, dc = r - r0, c - c0
        along, across = {"left": (-dc, dr), "right": (dc, dr), "up": (-dr, dc), "down": (dr, dc)}[direction]
        if along <= 0:
            continue
        score = (along + 2 * abs(across), sq)
        if best is None or score < best:
            best, choice = score, sq
    if best is None:
        # Nothing further that way: along an edge the cursor turns the corner, going on round the
        # ring the way the key runs along that edge (Left on the bottom row goes on up the left
        # side); a key pointing off the board from a side (Left on the left side) leaves it where
        # it is, never moving it the other way.
        turn = _ring_step(current, direction)
        if turn is None:
            return current
        for k in range(1, 40):  # the first one on round the ring that is not the other way
            ahead = (current + turn * k) % 40
            if ahead in pool:
                r, c = grid_position(ahead)
                if {"left": c0 - c, "right": c - c0, "up": r0 - r, "down": r - r0}[direction] >= 0:
                    return ahead
        return current
    return choice


# the four edges of the ring: their squares (both corners), and the key that runs along each in
# board order (clockwise) and against it
_EDGES = ((range(0, 11), "left", "right"), (range(10, 21), "up", "down"), (range(20, 31), "right", "left"),
          (range(30, 41), "down", "up"))


def _ring_step(square: int, direction: str) -> int | None:
    """+1 where ``direction`` runs along an edge of ``square`` in board order, -1 against it, None
    where it runs along none of its edges (it points off the board or into its middle)."""
    for squares, forward, back in _EDGES:
        if square in squares or (square == 0 and 40 in squares):
            if direction == forward:
                return 1
            if direction == back:
                return -1
    return None
