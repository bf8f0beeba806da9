"""The coach on the curses screen, driven in-process: W shows each player's win chance in the players
list (kept with the screen's settings), I shows the hint at the option bar and at a one-key
question, and the trade panel shows how the offer moves both sides' chances."""

from __future__ import annotations

from pathlib import Path

from monopoly.engine import Game, Offer, ScriptedDice, arrange
from monopoly.present import model as M
from monopoly.session.coaching import chance_text, win_chances
from monopoly.tui import play
from monopoly.tui.widgets.panel import Players
from test_tui_controller import QUIT, FakeScreen, keys, make, messages

TENNESSEE, NEW_YORK, ST_JAMES = 18, 19, 16


def test_w_toggles_the_win_chances_and_the_save_keeps_the_switch(tmp_path: Path) -> None:
    screen = FakeScreen(keys("w") + QUIT)
    game, controller = make(tmp_path, [], screen)
    assert controller.ui.show_chances is False and controller.ui.chances == ()
    shown: list[tuple[float, ...]] = []
    real = screen.render

    def spy() -> None:
        real()
        shown.append(controller.ui.chances)
    screen.render = spy  # type: ignore[method-assign]
    controller.run()
    assert controller.ui.show_chances
    assert any(c == win_chances(game, 0) for c in shown if c)
    assert any("Win chances now shown" in m for m in messages(controller))
    assert controller.ui.settings()["show_chances"] is True
    again = M.UIState.from_settings(controller.ui.settings(), game)
    assert again.show_chances
    assert "show_chances" not in M.UIState(tokens=[]).settings()  # off by default, and not written then


def test_the_players_list_shows_a_figure_only_when_on() -> None:
    game = Game.new(["Ann", "Bob"], "us", dice=ScriptedDice([]), first_player=0)
    ui = M.UIState(tokens=M.default_tokens(game, 2))
    assert Players.chance(game, ui, 0) == ""
    ui.show_chances, ui.chances = True, (0.62, 0.38)
    assert Players.chance(game, ui, 0) == "62%" and Players.chance(game, ui, 1) == "38%"


def test_i_at_the_buy_question_shows_the_hint_quickly_and_asks_again(tmp_path: Path) -> None:
    screen = FakeScreen(keys("d", "i", "x", "y") + QUIT)
    game, controller = make(tmp_path, [(3, 4)], screen, players=("Ann", "Bob", "Cy"))
    arrange(game, owners={ST_JAMES: 0, TENNESSEE: 0}, squares={0: 12})
    seen = popup_lines(screen)
    controller.run()
    assert any("the hard computer would buy" in line for line in seen), seen
    assert "Hint (estimates, not certainties)" in screen.popups
    assert game.view.owner(NEW_YORK) == 0, "the question was asked again after the hint, and Y bought"
    asked = [p for p in screen.transcript if p.startswith("Ann: buy New York Avenue")]
    assert len(asked) >= 1
    assert controller.hint_seconds < 0.5, controller.hint_seconds


def popup_lines(screen: FakeScreen) -> list[str]:
    """Every line of every pop-up drawn from now on."""
    seen: list[str] = []
    real = screen.render

    def render() -> None:
        real()
        if screen.ui is not None and screen.ui.popup is not None:
            seen.extend(text for text, _ in screen.ui.popup.lines)
    screen.render = render  # type: ignore[method-assign]
    return seen


def test_i_at_the_option_bar_with_nothing_to_hint_says_so(tmp_path: Path) -> None:
    screen = FakeScreen(keys("i", "x") + QUIT)
    game, controller = make(tmp_path, [], screen)
    seen = popup_lines(screen)
    controller.run()
    assert any(line.startswith("No hint now") for line in seen), seen


def test_the_trade_panel_says_how_the_offer_moves_both_chances(tmp_path: Path) -> None:
    """Ann marks St. James Place for Bob, who holds the rest of its group: the panel's figure has
    Bob's chance rising and Ann's falling, by the session's own estimate of that offer."""
    screen = FakeScreen(keys("t", "1", "enter", "enter", "d", "d", "x", "enter", "n", "enter") + QUIT)
    game, controller = make(tmp_path, [], screen)
    arrange(game, owners={ST_JAMES: 0, TENNESSEE: 1, NEW_YORK: 1})
    before, after = controller.session.offer_chances(0, Offer(0, 1, (ST_JAMES,)))
    assert after[1] > before[1] + 0.05 and after[0] < before[0]
    seen = popup_lines(screen)
    controller.run()
    want = f"If accepted: Ann {chance_text(before[0])} -> {chance_text(after[0])}, Bob {chance_text(before[1])}"
    assert any(line.startswith(want) for line in seen), seen
    assert game.view.owner(ST_JAMES) == 0, "the offer was not made"


def test_a_in_the_replay_lists_the_turning_points_and_a_number_goes_to_one(tmp_path: Path) -> None:
    from monopoly.storage.records import Source
    from monopoly.tui.replay import ReplayController
    from test_analysis import blunder_game

    record = blunder_game().record()
    screen = FakeScreen(keys("a", "1", "q"))
    seen = popup_lines(screen)
    controller = ReplayController(screen, Source(tmp_path / "game.json", record), tmp_path)  # type: ignore[arg-type]
    controller.run()
    assert "Turning points" in screen.popups
    first = controller._analysis.points[0]
    assert any(line.startswith("1  turn 1: Bob accepts the offer from Ann") for line in seen), seen
    assert controller.replayer.steps == first.step
