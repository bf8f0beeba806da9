"""Issue 26's rough edges of a first game on the curses screen, each in a pseudo-terminal at 80x24
and one large size (the real program, read with pyte; waits have deadlines, no fixed sleeps)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

if sys.platform.startswith("win"):
    pytest.skip("the pseudo-terminal harness is POSIX only", allow_module_level=True)

from tui_harness import TuiSession  # noqa: E402

from monopoly.tui.layout import Layout, layout  # noqa: E402

SIZES = [(24, 80), (50, 160)]

# Ann owes Bob $200 with $10 in hand; her light purples carry two houses each, both tokens on the
# board's bottom row.
DEBT = {
    "edition": "us", "seed": 5,
    "players": [
        {"name": "Ann", "cash": 10, "square": "Baltic Avenue",
         "owns": ["Mediterranean Avenue", "Baltic Avenue", "Oriental Avenue"]},
        {"name": "Bob", "cash": 1500, "square": "Vermont Avenue", "owns": ["Reading Railroad"]},
    ],
    "buildings": {"Mediterranean Avenue": 2, "Baltic Avenue": 2},
    "debt": {"player": "Ann", "amount": 200, "creditor": "Bob"},
    "current_player": "Ann",
}


def position(tmp_path: Path, data: dict[str, object], name: str = "position.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data), "utf-8")
    return str(path)


def play(tmp_path: Path, data: dict[str, object], rows: int, cols: int, *more: str) -> TuiSession:
    saves = tmp_path / "saves"
    return TuiSession(["--position", position(tmp_path, data), "--save-dir", str(saves), *more], rows=rows, cols=cols)


def board_bottom_row(s: TuiSession) -> str:
    """The marks of the board's bottom row (owners and houses, tokens: one or two lines)."""
    lay = layout(s.rows, s.cols)
    assert isinstance(lay, Layout)
    return s.line(lay.board.bottom - 2) + "\n" + s.line(lay.board.bottom - 1) if lay.cell_h >= 3 \
        else s.line(lay.board.bottom - 1)


@pytest.mark.parametrize("rows,cols", SIZES)
def test_a_two_line_question_leaves_the_boards_bottom_row_in_view(tmp_path: Path, rows: int, cols: int) -> None:
    with play(tmp_path, DEBT, rows, cols) as s:
        s.wait_for("[M] _")
        s.settle()
        bottom = board_bottom_row(s)
        assert "1 hh" in bottom and "2" in bottom, s.dump()  # owner, houses and Bob's token
        assert "owners) [M] _" in s.line(rows - 1), s.dump()
        assert "Ann must raise $190 more" in s.text(), "the whole question is on the screen\n" + s.dump()
        s.send("x")  # a wrong key: its explanation does not cover the row either
        s.wait_for("press one of the keys shown")
        s.settle()
        assert "1 hh" in board_bottom_row(s), s.dump()


def new_game(tmp_path: Path, rows: int, cols: int, players: str = "Ann,cpu", seed: int = 5) -> TuiSession:
    return TuiSession(["--players", players, "--seed", str(seed), "--save-dir", str(tmp_path / "saves")],
                      rows=rows, cols=cols)


@pytest.mark.parametrize("rows,cols", [(24, 80), (40, 120)])
def test_help_and_the_game_in_numbers_scroll_to_their_last_line(tmp_path: Path, rows: int, cols: int) -> None:
    with new_game(tmp_path, rows, cols) as s:
        s.wait_for("Ann: D to throw the dice")
        s.settle()
        s.send("f")
        s.send("d")
        s.wait_for("Ann keeps the Get Out of Jail")  # seed 5: doubles onto Community Chest
        s.settle()
        s.send("?")
        s.wait_for("Keys (1/2)")
        s.send("x")
        s.wait_for("Keys (2/2)")
        s.send("G")  # End: the last line of the keys
        s.wait_for("this list of keys")
        s.send("x")
        s.wait_gone("Keys (2/2)")
        s.send("n")
        s.wait_for("The game in numbers")
        s.wait_for("Net worth at the end of each turn")
        s.settle()
        if "landed on" not in s.text():  # (a window that holds it all needs no page down)
            s.send(" ")  # a page down
            s.wait_gone("Net worth at the end of each turn")
        s.send("G")
        s.wait_for("landed on")
        s.wait_for(re.compile(r"Community Chest +\$0 +1"))
        s.send("x")
        s.wait_gone("The game in numbers")


@pytest.mark.parametrize("rows,cols", SIZES)
def test_the_set_ups_question_mark_shows_help_and_esc_goes_back_a_question(tmp_path: Path, rows: int,
                                                                          cols: int) -> None:
    with TuiSession(["--save-dir", str(tmp_path / "saves")], rows=rows, cols=cols) as s:
        s.wait_for("Edition: (")
        s.send("?")
        s.wait_for("To answer: press the key of an answer, then RETURN.")
        s.send("x")  # any key goes back to the question, and answers nothing
        s.wait_gone("To answer")
        s.send("2", "enter")
        s.answer("Rules: (", "enter")
        s.answer("Change the rule options one by one?", "enter")
        s.answer("How many players?", "3", "enter")
        s.wait_for("Player 1, choose a token")
        s.send("esc")  # back to the number of players, the answer given offered again
        s.wait_for(re.compile(r"How many players\? \(2-\d\) \[3\] _"))
        s.settle()
        assert "Edition: UK (London)" in s.text() and "How many players? 3" not in s.text(), s.dump()
        s.send("esc")
        s.wait_for("Change the rule options one by one? (Y/N) [N] _")
        s.send("esc")
        s.wait_for("Rules: (")
        s.send("esc")
        s.wait_for("3 .com Edition) [2] _")
        s.send("esc")  # at the first question: offered to leave
        s.answer("Leave Monopoly?", "y", "enter")
        assert s.wait_exit() == 0


def test_the_resume_list_chooses_a_game_that_goes_on_and_opening_it_leaves_its_time(tmp_path: Path) -> None:
    import os

    from monopoly.engine import EndGame, Game, Roll
    from monopoly.storage import saves

    folder = tmp_path / "saves"
    folder.mkdir()
    going = Game.new(["Ann", "Bob"], "us", None, seed=3)
    going.apply(Roll(going.view.current_player))
    autosave = saves.GameRecord(folder).autosave(going)
    os.utime(autosave, (1_700_000_000, 1_700_000_000))  # played long ago
    over = Game.new(["Cy", "Dee"], "us", None, seed=4)
    over.apply(EndGame(over.view.current_player))
    saves.write_save(folder, "done", over)  # the newest file, a finished game
    with TuiSession(["--save-dir", str(folder)]) as s:
        s.answer("Resume a saved game?", "y", "enter")
        s.wait_for("Choose a game")
        s.settle()
        chosen = next(line for line in s.text().splitlines() if "▶" in line)
        assert autosave.stem in chosen and "Ann, Bob" in chosen, s.dump()
        s.send("enter")
        s.wait_for("Resumed from")
        s.settle()
        s.send("ctrl-c")
        s.wait_exit()
    assert autosave.stat().st_mtime == 1_700_000_000, "opening the game and leaving did not touch it"
    assert sorted(p.name for p in folder.glob("*.json")) == sorted(["done.json", autosave.name])


# Cy owns St. Charles Place and stands on it; Ann stands on Bob's Reading Railroad with Bob; Dee is in jail.
MARKS = {
    "edition": "us", "seed": 5,
    "players": [
        {"name": "Ann", "cash": 900, "square": "Reading Railroad", "owns": ["Oriental Avenue"]},
        {"name": "Bob", "cash": 900, "square": "Reading Railroad", "owns": ["Reading Railroad"]},
        {"name": "Cy", "cash": 900, "square": "St. Charles Place", "owns": ["St. Charles Place"]},
        {"name": "Dee", "cash": 900, "square": "Jail / Just Visiting", "in_jail": True},
    ],
    "current_player": "Ann",
}


def cell_text(s: TuiSession, square: int) -> list[str]:
    """The lines of one board square as the screen shows them."""
    lay = layout(s.rows, s.cols)
    assert isinstance(lay, Layout)
    r = lay.cell(square)
    return [s.screen.display[y][r.x:r.right].rstrip() for y in range(r.y, r.bottom)]


@pytest.mark.parametrize("rows,cols", SIZES)
def test_an_owner_and_a_token_on_the_board_read_differently_without_colour(tmp_path: Path, rows: int,
                                                                           cols: int) -> None:
    with play(tmp_path, MARKS, rows, cols) as s:
        s.wait_for("Ann: D to throw the dice")
        s.settle()
        charles = cell_text(s, 11)
        marks = " ".join(charles[1:])
        assert re.search(r"(^| )3( |$)", marks) and "@3" in marks, s.dump()  # owner 3, token 3: told apart
        railroad = " ".join(cell_text(s, 5)[1:])
        assert re.search(r"(^| )2( |$)", railroad) and "@12" in railroad, s.dump()
        jail = " ".join(cell_text(s, 10)[1:])
        assert "#4" in jail, s.dump()
        for square in range(40):
            for line in cell_text(s, square)[1:]:
                assert not re.search(r"\d{2}", line.replace("@12", "")), (square, s.dump())
        s.send("?")
        s.wait_for("Keys (1/2)")
        s.send("x")
        s.wait_for("Keys (2/2)")
        s.send("G")
        s.wait_for("The marks on the board squares:")
        s.wait_for("after @: the tokens there")
        s.wait_for("after #: in jail")


@pytest.mark.parametrize("rows,cols", SIZES)
def test_messages_keep_clear_of_the_squares_and_names_are_whole_where_they_fit(tmp_path: Path, rows: int,
                                                                              cols: int) -> None:
    with new_game(tmp_path, rows, cols, players="Ann,cpu,cpu,cpu") as s:
        s.wait_for("Ann: D to throw the dice")
        s.send("f", "d")
        s.wait_for("Turn 6", timeout=60)  # seed 5: Ann's turn again, long lines on each computer's turn
        s.settle()
        lay = layout(rows, cols)
        assert isinstance(lay, Layout)
        right = s.line(1).index("GO TO")  # where the right-hand column of squares begins
        clear = 1 if cols < 100 else 3  # blank columns before it; at 80 columns every column counts
        inside = [s.screen.display[y] for y in range(lay.inner.y, lay.inner.bottom)]
        for row in inside:
            assert not row[right - clear:right].strip(), f"text runs on into the squares\n{s.dump()}"
        reach = max(len(row[:right - clear].rstrip()) for row in inside)
        assert reach >= right - clear - 8, "a message line comes up to the edge: the edge is tested"
        if cols >= 160:
            board = s.text()
            for name in ("MEDITERRANEAN", "PENNSYLVANIA", "CONNECTICUT", "NORTH", "CAROLINA"):
                assert name in board, f"{name} in full\n{s.dump()}"
            assert "N.CAROL." not in board and "MEDIT." not in board, s.dump()


@pytest.mark.parametrize("rows,cols,count", [(24, 80, 4), (40, 120, 8), (50, 160, 8)])
def test_the_squares_ahead_are_eight_where_there_is_room(tmp_path: Path, rows: int, cols: int, count: int) -> None:
    ahead = ["Mediterranean Avenue", "Community Chest", "Baltic Avenue", "Income Tax", "Reading Railroad",
             "Oriental Avenue", "Chance", "Vermont Avenue", "Connecticut Avenue"]
    with new_game(tmp_path, rows, cols) as s:
        s.wait_for("Ann: D to throw the dice")  # Ann on GO
        s.settle()
        y = next(i for i in range(rows) if "Ahead:" in s.line(i))
        x = s.line(y).index("Ahead:")
        shown = []
        for line in s.screen.display[y + 1:]:
            entry = line[x:x + 22].rstrip()
            if not entry or entry.startswith(("A new game", " ")):
                break
            shown.append(entry)
        assert len(shown) == count, f"{shown}\n{s.dump()}"
        if cols >= 120:
            assert shown == ahead[:count], s.dump()  # by full name


@pytest.mark.parametrize("rows,cols", SIZES)
def test_a_question_put_off_never_covers_the_last_lines_of_help(rows: int, cols: int) -> None:
    # The two-line hint of a question put off with ESC, drawn inside the ring at 80x24 so the
    # board's bottom row stays in view, was drawn over the help page's last lines.
    from text_window import PlainTheme, TextWindow

    from monopoly.engine import Game
    from monopoly.present import model as M
    from monopoly.tui.screen import Screen
    win = TextWindow(rows, cols)
    screen = Screen(win, PlainTheme())  # type: ignore[arg-type]
    game = Game.new(["Ann", "Bob"], "us", None, seed=3)
    screen.game, screen.people = game, [0, 1]
    screen.ui = ui = M.UIState(tokens=M.default_tokens(game, 2))
    ui.hint = "Bob: D to answer (Bob to buy St. Charles Place or let it go to auction), or choose an option."
    ui.popup = M.Popup("Keys", [(f"key {i}: what it does", "message") for i in range(30)], footer="more below")
    screen.render()
    inside = [win.line(y) for y in range(rows) if "│" in win.line(y)]
    assert not any("D to answer" in line or "or choose an option" in line for line in inside), win.text()
    assert any("more below" in line for line in inside), win.text()
