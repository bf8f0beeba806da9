"""The pure screen geometry: layout(rows, cols), the ring of squares, and the board cursor."""

from __future__ import annotations

import pytest

from monopoly.tui.layout import MIN_COLS, MIN_ROWS, Layout, Rect, TooSmall, grid_position, layout, neighbour

SIZES = [(24, 80), (25, 81), (30, 100), (36, 90), (40, 140), (50, 200), (24, 130), (60, 80), (24, 250)]


@pytest.mark.parametrize("rows, cols", [(23, 80), (24, 79), (10, 40), (0, 0), (100, 60)])
def test_too_small(rows: int, cols: int) -> None:
    result = layout(rows, cols)
    assert isinstance(result, TooSmall)
    assert f"{cols}x{rows}" in result.message() and f"{MIN_COLS}x{MIN_ROWS}" in result.message()


@pytest.mark.parametrize("rows, cols", SIZES)
def test_everything_fits_on_the_screen(rows: int, cols: int) -> None:
    lay = layout(rows, cols)
    assert isinstance(lay, Layout)
    screen = Rect(0, 0, rows, cols)
    parts = [lay.bar, lay.board, lay.inner, lay.deed, lay.players, lay.status, lay.ahead, lay.log, lay.prompt]
    parts += [r for r in (lay.notice, lay.side) if r is not None]
    for r in parts:
        assert r.y >= 0 and r.x >= 0 and r.bottom <= screen.bottom and r.right <= screen.right, r
    assert lay.bar.y == 0 and lay.prompt.y == rows - 1
    assert lay.board.y == 1 and lay.board.bottom <= rows - 1
    for r in (lay.deed, lay.status, lay.ahead):
        assert lay.inner.contains(r.y, r.x) and r.bottom <= lay.inner.bottom and r.right <= lay.inner.right
    assert lay.deed.h >= 12 and lay.deed.w >= 26, "the title-deed card needs room for its rents"
    assert lay.log.h >= 3 and lay.log.w >= 20


def _overlap(a: Rect, b: Rect) -> bool:
    return a.x < b.right and b.x < a.right and a.y < b.bottom and b.y < a.bottom


@pytest.mark.parametrize("rows, cols", SIZES)
def test_panels_do_not_overlap(rows: int, cols: int) -> None:
    lay = layout(rows, cols)
    assert isinstance(lay, Layout)
    panels = [lay.deed, lay.status, lay.ahead, lay.log, lay.players] + ([lay.notice] if lay.notice else [])
    for i, a in enumerate(panels):
        for b in panels[i + 1:]:
            if a.h and b.h:
                assert not _overlap(a, b), (a, b)
    for r in panels:
        if r is not lay.log and r is not lay.notice and r is not lay.side:
            for sq in range(40):
                assert not _overlap(r, lay.cell(sq)) or r == lay.side


def test_more_room_gives_larger_cells_and_a_side_panel() -> None:
    small, big, huge = layout(24, 80), layout(40, 140), layout(50, 200)
    assert isinstance(small, Layout) and isinstance(big, Layout) and isinstance(huge, Layout)
    assert big.cell_w > small.cell_w and big.cell_h > small.cell_h
    assert small.side is None and big.side is None, "the squares take the width first"
    assert huge.side is not None and huge.cell_w >= 15, "a side panel beside squares of full names"
    assert big.log.h >= small.log.h


@pytest.mark.parametrize("rows", [35, 40, 49, 50, 60])
@pytest.mark.parametrize("cols", [100, 120, 140, 160, 176, 191, 192, 200, 250])
def test_at_large_sizes_text_inside_the_ring_keeps_clear_of_the_squares(rows: int, cols: int) -> None:
    """Issue 26: at 160x50 messages ran on into the owner marks of the right-hand squares."""
    lay = layout(rows, cols)
    assert isinstance(lay, Layout)
    for part in (lay.status, lay.ahead, lay.log, lay.players, lay.notice):
        if part is None or part == lay.side or not lay.inner.contains(part.y, part.x):
            continue
        assert part.right <= lay.inner.right - 3, (part, lay.inner)  # three blank columns at least
        assert part.x >= lay.inner.x + 1
    assert lay.ahead.h == 9, "eight squares ahead"


def test_the_ring_has_forty_distinct_cells_with_go_bottom_right() -> None:
    positions = [grid_position(i) for i in range(40)]
    assert len(set(positions)) == 40
    assert positions[0] == (10, 10) and positions[10] == (10, 0)
    assert positions[20] == (0, 0) and positions[30] == (0, 10)
    for row, col in positions:
        assert row in (0, 10) or col in (0, 10), "every square is on the edge"
    for a, b in zip(range(40), list(range(1, 40)) + [0]):
        (r1, c1), (r2, c2) = positions[a], positions[b]
        assert abs(r1 - r2) + abs(c1 - c2) == 1, "neighbouring squares touch"
    with pytest.raises(ValueError):
        grid_position(40)


def test_cells_tile_the_board_edge_and_square_at_finds_them() -> None:
    lay = layout(24, 80)
    assert isinstance(lay, Layout)
    for sq in range(40):
        r = lay.cell(sq)
        assert r.w == lay.cell_w and r.h == lay.cell_h
        assert lay.square_at(r.y, r.x) == sq
        assert lay.board.contains(r.y, r.x)
    assert lay.square_at(lay.inner.y + 2, lay.inner.x + 2) is None


def test_cursor_moves_by_screen_direction() -> None:
    bottom = list(range(0, 11))
    assert neighbour(5, bottom, "left") == 6  # the bottom row runs right to left
    assert neighbour(5, bottom, "right") == 4
    left_side = list(range(10, 21))
    assert neighbour(12, left_side, "up") == 13
    assert neighbour(12, left_side, "down") == 11
    # only some squares are allowed: the cursor jumps to the nearest one that way
    assert neighbour(1, [1, 3, 39], "left") == 3
    assert neighbour(1, [1, 3, 39], "right") == 39  # GO's corner, then up the right side


def test_cursor_wraps_and_steps_in_board_order() -> None:
    owned = [1, 3, 37, 39]
    assert neighbour(39, owned, "next") == 1
    assert neighbour(1, owned, "prev") == 39
    assert neighbour(3, owned, "next") == 37
    assert neighbour(20, [], "next") == 20
    assert neighbour(-1, owned, "left") == 1
    for direction in ("left", "right", "up", "down", "next", "prev"):
        for start in owned:
            assert neighbour(start, owned, direction) in owned



def _prompt_recorder():
    """A screen without curses whose ``put`` records the text drawn on each row."""
    from monopoly.session.model import UIState
    from monopoly.tui.screen import Screen
    from monopoly.tui.theme import Theme

    class Recorder(Screen):
        def __init__(self):
            self.ui = UIState(tokens=[])
            self.theme = Theme()
            self.drawn = {}

        def put(self, y, x, text, attr=0, width=None):
            self.drawn[y] = self.drawn.get(y, "")[:x].ljust(x) + text
            return len(text)

    return Recorder()


def test_a_question_wider_than_the_screen_wraps_and_keeps_its_default_in_view():
    screen = _prompt_recorder()
    screen.ui.prompt = ("Claiming rent: (1 until the next player throws, 2 until the second player after "
                        "throws, 3 paid at once, no claiming) [1]")
    lay = layout(24, 80)
    screen._draw_prompt_line(lay)
    bottom = screen.drawn[lay.prompt.y]
    above = screen.drawn[lay.prompt.y - 1]
    assert bottom.rstrip().endswith("[1] _") and len(bottom) <= 80
    assert above.startswith("Claiming rent:")


def test_a_prompt_error_with_no_room_after_the_question_goes_on_its_own_line():
    screen = _prompt_recorder()
    screen.ui.prompt = "Edition: (1 Classic US, 2 UK (London), 3 .com Edition) [1] "
    screen.ui.prompt_error = "press one of the keys shown, or RETURN"
    lay = layout(30, 100)
    screen._draw_prompt_line(lay)
    bottom = screen.drawn[lay.prompt.y]
    assert bottom.rstrip().endswith("[1] _") and len(bottom) <= 100
    assert screen.drawn[lay.prompt.y - 1].rstrip() == "(press one of the keys shown, or RETURN)"
    screen.drawn = {}
    screen.ui.prompt = "How many players? (2-8) [2] "
    screen._draw_prompt_line(lay)
    assert screen.drawn[lay.prompt.y].endswith("[2] _ (press one of the keys shown, or RETURN)")


def test_a_hint_wider_than_the_screen_wraps_instead_of_being_cut_off():
    screen = _prompt_recorder()
    screen.ui.hint = "Ann: D to answer (Ann to buy Coventry Street or let it go to auction), or choose an option."
    lay = layout(24, 80)
    screen._draw_prompt_line(lay)
    shown = " ".join(screen.drawn[y].strip() for y in sorted(screen.drawn))
    assert shown == screen.ui.hint
    assert all(len(line) <= 80 for line in screen.drawn.values())
    assert screen.drawn[lay.prompt.y].strip().endswith("choose an option.")


def test_a_popup_short_of_room_drops_its_blank_lines_before_any_text():
    # The auction panel with eight bidders on 80x24: its last line (P: who drops out) must show.
    from monopoly.session.model import Popup
    from monopoly.tui.screen import ASCII

    screen = _prompt_recorder()
    screen.glyphs = ASCII
    bidders = [(f"  {p} P{p}", "message") for p in range(1, 9)]
    lines = [("Reading Railroad", "title"), ("Printed price $200", "dim"), ("No bid yet", "message"),
             ("Bidding:", "dim"), *bidders, ("", "message"), ("P1: 9 s to bid", "rent"),
             ("1, 2, 3, 4, 5, 6, 7, 8: bid as that player", "dim"), ("P: P1 drops out", "dim")]
    screen._draw_popup(layout(24, 80), Popup("Auction", lines, footer="", where="side"))
    shown = "\n".join(screen.drawn[y] for y in sorted(screen.drawn))
    assert "P: P1 drops out" in shown and "8 P8" in shown


@pytest.mark.parametrize("rows, cols", [(3, 5), (1, 1), (2, 12), (10, 40), (20, 60), (23, 200)])
def test_the_too_small_notice_fits_even_a_tiny_window(rows: int, cols: int) -> None:
    # At 5x3 the notice used to show "The / termi / is 5x": cut off, it said nothing useful.
    small = layout(rows, cols)
    assert isinstance(small, TooSmall)
    lines = small.lines()
    assert len(lines) <= rows and all(len(line) <= cols for line in lines)
    if cols >= 5:
        assert any(f"{MIN_COLS}x{MIN_ROWS}" in line for line in lines)
    if rows >= 4 and cols >= 40:
        assert " ".join(lines) == small.message()


def test_a_big_window_is_used_and_80x24_keeps_its_cells() -> None:
    small, big = layout(24, 80), layout(50, 160)
    assert isinstance(small, Layout) and isinstance(big, Layout)
    assert (small.cell_w, small.cell_h) == (7, 2)
    assert big.cell_h == 4 and big.cell_w >= 12, "taller and wider cells: full names on two lines"
    assert big.board.w >= 130, "the board grows past the old 110 columns"
    assert big.deed.w > small.deed.w and big.deed.h > small.deed.h, "the deed card grows too"
    assert big.ahead.h > small.ahead.h, "more squares ahead"


@pytest.mark.parametrize("rows,cols,blank", [(40, 120, 0), (60, 200, 3), (24, 80, 0), (35, 100, 0)])
def test_a_large_window_leaves_no_band_of_blank_rows_under_the_board(rows: int, cols: int, blank: int) -> None:
    """Played by hand: at 120x40 five blank rows under the board; at 200x60 about thirteen, and the
    messages under the board while its middle stood empty. The spare lines now make the sides'
    squares taller (and the inside of the ring with them)."""
    lay = layout(rows, cols)
    assert isinstance(lay, Layout)
    assert lay.prompt.y - lay.board.bottom <= blank
    assert lay.inner.contains(lay.log.y, lay.log.x), "the messages are inside the ring"
    cells = [lay.cell(sq) for sq in range(40)]
    assert min(c.y for c in cells) == lay.board.y and max(c.bottom for c in cells) == lay.board.bottom
    for sq in range(40):  # the ring's squares tile it: each side's squares meet edge to edge
        a = lay.cell(sq)
        b = lay.cell((sq + 1) % 40)
        assert a.bottom == b.y or b.bottom == a.y or a.y == b.y or a.right == b.x or b.right == a.x
