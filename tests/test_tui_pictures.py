"""Screen pictures drawn in-process by the real drawing code (tests/text_window.py) at 80x24 and
160x50: what issue 14 found cut, overlapping or wasted, and the new views."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from monopoly.storage import saves
from monopoly.engine import EndGame, Game, arrange
from monopoly.present import model as M
from monopoly.tui.screen import Screen, SetupView
from text_window import PlainTheme, TextWindow

SIZES = [(24, 80), (50, 160)]


def board_game() -> Game:
    """Three players; CPU1 holds St. Charles Place (mortgaged) and States Avenue, Ann the dark blues."""
    game = Game.new(["Ann", "Bob", "CPU1"], "us", None, seed=3)
    arrange(game, owners={11: 2, 13: 2, 39: 0, 37: 0, 1: 1}, mortgaged={11: True}, squares={2: 9})
    return game


def picture(game: Game | None, rows: int, cols: int, ui: M.UIState | None = None,
            setup: SetupView | None = None) -> tuple[Screen, TextWindow]:
    win = TextWindow(rows, cols)
    screen = Screen(win, PlainTheme())  # type: ignore[arg-type]
    if game is not None:
        screen.game = game
        screen.ui = ui or M.UIState(tokens=M.default_tokens(game, game.view.player_count))
        screen.people = [0, 1]
    else:
        screen.ui = M.UIState(tokens=[])
    screen.setup = setup
    screen.render()
    return screen, win


def test_bug7_the_deed_card_keeps_a_space_before_each_amount_at_80_columns() -> None:
    game = board_game()
    ui = M.UIState(tokens=M.default_tokens(game, 3), cursor=39)
    _, win = picture(game, 24, 80, ui)
    # played by hand: "│Rent with colour set $100 │" touched the card's left border
    assert "│ With colour set     $100 │" in win.text(), win.text()
    for width in range(12, 40):
        line = M.deed_line("Rent with colour set", "$1,000", width)
        assert len(line) == width and " $1,000" in line
        if width >= len(" With colour set $1,000 "):
            assert line.startswith(" "), line


def test_bug7_the_squares_ahead_never_cut_a_word_at_80_columns() -> None:
    _, win = picture(board_game(), 24, 80)
    text = win.text()
    assert "ST.CHAS. CPU1, mortgaged" in text, text
    assert "mortgage " not in text.replace("mortgaged", "")


@pytest.mark.parametrize("rows,cols", SIZES)
def test_bug7_the_final_valuation_leaves_no_scraps_of_the_card_or_the_messages(rows: int, cols: int) -> None:
    game = board_game()
    ui = M.UIState(tokens=M.default_tokens(game, 3))
    for i in range(12):
        ui.say(f"message number {i} with some long text that goes on and on")
    game.apply(EndGame(0))
    ui.popup = M.Popup("Final valuation", M.valuation_rows(game), footer="press any key to leave")
    screen, win = picture(game, rows, cols, ui)
    board = screen.lay.board  # type: ignore[union-attr]
    text = "\n".join(win.line(y)[board.x:board.right] for y in range(board.y, board.bottom))
    assert "Final valuation" in text and "WINNER" in text
    assert "message number" not in text and "Rent with" not in text and "Mortgage value" not in text, text


@pytest.mark.parametrize("rows,cols", SIZES)
def test_bug7_the_resume_list_shows_a_long_error_whole(rows: int, cols: int, tmp_path: Path) -> None:
    problem = "damaged (game.state.players[2].cash: expected a whole number, found a piece of text)"
    when = datetime(2026, 11, 20, 21, 5)
    entries = [saves.SaveInfo("broken-one", tmp_path / "broken-one.json", when, problem=problem),
               saves.SaveInfo("autosave-3f9a1c2b7d40", tmp_path / "autosave-3f9a1c2b7d40.json", when,
                              ("Ann", "Bob", "CPU1"), 42, "uk")]
    view = SetupView("resume a saved game", [("Choose a game", "title")], M.resume_rows(entries, cols - 6),
                     details=[M.resume_detail(e) for e in entries])
    _, win = picture(None, rows, cols, setup=view)
    flat = " ".join(win.text().split())
    assert problem in flat, win.text()
    view.selected = 1
    _, win = picture(None, rows, cols, setup=view)
    flat = " ".join(win.text().split())
    assert "Ann, Bob, CPU1 on the UK (London) board, turn 42, last played 2026-11-20 21:05" in flat, win.text()


def _played(turns: int = 12) -> Game:
    """A two-person game played a few turns by the engine's safe answers (buying where it can)."""
    from monopoly.engine import Buy
    game = Game.new(["Ann", "Bob"], "us", None, seed=11)
    while game.view.turn <= turns and not game.view.over:
        d = game.view.pending
        buy = Buy(d.player)
        action = buy if game.view.is_legal(buy) else game.view.safe_action(d.player)
        assert action is not None
        game.apply(action)
    return game


@pytest.mark.parametrize("rows,cols", SIZES)
def test_the_history_view_shows_every_event_with_its_turn_newest_last(rows: int, cols: int, tmp_path: Path) -> None:
    from monopoly.tui import play
    from test_tui_controller import FakeScreen
    game = _played()
    screen, win = picture(game, rows, cols)
    controller = play.GameController(screen, game, None, screen.ui, tmp_path)
    popup, first = controller.history_popup()
    everything = M.history(game)
    assert popup.lines[-1][0].strip().endswith(everything[-1].text[-20:].strip()), "newest last"
    assert first > 0 and f"of {len(M.history_rows(everything, screen.lay.board.w - 8))})" in popup.title
    screen.ui.popup = popup
    screen.render()
    text = win.text()
    assert "History (" in text and f"{game.view.turn - 1:>5} " in text, text
    # one player's events only, and money only: exactly the events that name Bob / move money
    shown = [e for e in game.log if M.format_event(game, e) is not None]
    assert len(M.history(game, 1)) == sum(M.event_concerns(e, 1) for e in shown) < len(everything)
    assert len(M.history(game, M.HISTORY_MONEY)) == sum(M.event_moves_money(e) for e in shown) < len(everything)
    # the keys, in the controller: g goes to the first event, 2 keeps Bob's, M money, A all again
    keys_screen = FakeScreen(["g", "2", "m", "a", "esc"])
    keys_screen.lay = screen.lay
    c2 = play.GameController(keys_screen, game, None, M.UIState(tokens=M.default_tokens(game, 2)), tmp_path)
    c2.show_history()
    total = len(M.history_rows(everything, screen.lay.board.w - 8))
    page = len(popup.lines)
    titles = keys_screen.popups
    assert titles[0] == titles[4] == f"History ({total - page + 1}-{total} of {total})"
    assert titles[1] == f"History (1-{page} of {total})"
    assert titles[2].startswith("History: 2 Bob (") and titles[3].startswith("History: money (")


def test_the_big_window_shows_full_square_names_and_80x24_keeps_the_short_ones() -> None:
    game = board_game()
    _, big = picture(game, 50, 160)
    text = big.text()
    for name in ("KENTUCKY", "PARKING", "ST. CHARLES", "CONNECTICUT", "WATER WORKS", "BOARDWALK"):
        assert name in text, text
    assert "St. Charles Place      sold to CPU1, mortgaged" in text, "the squares ahead by full name"
    assert "Pennsylvania Railroad" in text, "eight squares ahead"
    _, small = picture(game, 24, 80)
    text = small.text()
    assert "KENTUC" in text and "KENTUCKY" not in text and "ST.CHAS." in text
    assert "Rent with colour set $16" in text and "Houses cost $50 each" in text, "80x24 keeps the whole card"


@pytest.mark.parametrize("rows,cols", SIZES)
def test_the_claim_window_countdown_is_on_the_bottom_line(rows: int, cols: int) -> None:
    from monopoly.engine import Roll, ScriptedDice
    game = Game.new(["Ann", "Bob", "CPU1"], "us", None, dice=ScriptedDice([(1, 1)]), first_player=2)
    arrange(game, owners={3: 0}, squares={2: 1})
    game.apply(Roll(2))  # CPU1 throws doubles onto Ann's Baltic Avenue and will throw again
    ui = M.UIState(tokens=M.default_tokens(game, 3), hint=M.claim_window_hint(game, [0, 1], 2, 7.2))
    _, win = picture(game, rows, cols, ui)
    assert win.line(rows - 1) == "Ann: R claims rent before CPU1 throws - 8 s  (SPACE: CPU1 throws now)", win.text()
    assert "Ann may claim $4 from CPU1 -" in win.text() and "press R" in win.text()


def question_on_screen(win: TextWindow, rows: int, cols: int) -> str:
    """The words a player can read of a question: the bottom line, or the lines inside the ring
    left of a panel beside the board (where a long question is shown whole), in order."""
    from monopoly.tui.layout import layout
    lay = layout(rows, cols)
    bottom = win.line(rows - 1)
    inside = [win.line(y)[lay.inner.x + 1:lay.status.x - 1].strip() for y in range(lay.inner.y, lay.inner.bottom)]
    return " ".join(bottom.split()) + " | " + " ".join(" ".join(inside).split())


TRADE_QUESTIONS = [
    "How many of Annabel's Get Out of Jail Free cards go in the trade? (0-2) [0]",
    "How many of Annabel's Get Out of Jail Free cards do you ask for? (0-2) [0]",
    "Cash in this trade: who pays? (X: no cash) (1 Annabel, 2 Bob, X nobody) [X]",
    "Annabel pays how much? (RETURN: none) ($0-$1,500) [$0]",
]


@pytest.mark.parametrize("question", TRADE_QUESTIONS)
def test_a_trade_question_beside_the_offer_is_whole_at_80x24(question: str) -> None:
    """Played by hand: the question box beside the board cut the question in half ("How many of
    Ann's Get Out of |", "(0-1) [0]") under the offer panel, and the bottom line began with "...",
    so the whole question was never in view."""
    game = board_game()
    ui = M.UIState(tokens=M.default_tokens(game, 3))
    ui.popup = M.Popup("Offer so far", M.offer_so_far(game, 0, 1, [39], [], (), (), 0), footer="", where="side")
    ui.prompt = question
    _, win = picture(game, 24, 80, ui)
    assert question in question_on_screen(win, 24, 80), win.text()
