"""Issue 14's bugs, each with a test that failed before its fix (the controller driven in-process
with the fake screen of test_tui_controller; the set-up and the save folder in a pseudo-terminal
where only the real program shows the fault)."""

from __future__ import annotations

import time

from pathlib import Path
from typing import Any

import pytest

from monopoly.engine import ProposeTrade, arrange
from monopoly.present import model as M
from monopoly.tui import play
from test_tui_controller import AHEAD, QUIT, WAIT, FakeScreen, StubComputers, keys, make, messages


class HintScreen(FakeScreen):
    """A fake screen that also records the bottom line whenever the program waits with a timeout."""

    def __init__(self, keys: list[Any] | None = None) -> None:
        super().__init__(keys)
        self.waiting_hints: list[str] = []

    def read_key(self, timeout: float | None = None) -> int | None:
        if timeout is not None and self.ui is not None:
            self.waiting_hints.append(self.ui.hint)
        return super().read_key(timeout)


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(play, "AUCTION_WAIT", 0.01)
    monkeypatch.setattr(play, "CLAIM_WINDOW", 0.01)


def test_bug1_a_key_pressed_while_a_token_moves_does_not_throw_the_next_players_dice(tmp_path: Path) -> None:
    # Bob (a person) throws 2+3 with Fastmove off and presses D again while his token moves.
    moving = lambda screen: bool(screen.ui.display_pos)  # noqa: E731
    screen = HintScreen(keys("d") + [(WAIT, "d", moving)] + keys("n") + QUIT)
    game, controller = make(tmp_path, [(2, 3), (1, 2)], screen, first=1)
    controller.ui.fastmove = False
    arrange(game, owners={5: 0})  # Bob lands on Ann's railroad: Ann may claim rent
    controller.run()
    assert game.view.position(0) == 0, "Ann's dice were not thrown by Bob's second D"
    assert any("Ann did not claim" in m for m in messages(controller)) is False
    assert any("Bob moves" in h for h in screen.waiting_hints), screen.waiting_hints
    assert not any("D to throw" in h for h in screen.waiting_hints if "moves" not in h)


def test_bug3_during_a_computers_turn_the_line_does_not_invite_d_and_a_stray_d_is_no_error(tmp_path: Path) -> None:
    offer = ProposeTrade(1, 0, give=(3,), take=(1,), cash=25)
    screen = HintScreen([(AHEAD, "d")] + keys("y") + QUIT)
    game, controller = make(tmp_path, [(1, 2)], screen, computers=StubComputers({1}, [offer]), first=1)
    arrange(game, owners={1: 0, 3: 1})
    controller.run()
    assert game.view.owner(1) == 1, "the offer was accepted"
    assert not any(line.startswith("! ") for line in screen.transcript), screen.transcript
    assert not any("D to answer" in h for h in screen.waiting_hints), screen.waiting_hints


def test_bug8_the_raise_money_hint_names_what_is_still_missing() -> None:
    # Ann (with $10) lands on Bob's Boardwalk and Bob claims the $50: $40 is still missing.
    from monopoly.engine import ClaimRent, Game, Roll, ScriptedDice
    game = Game.new(["Ann", "Bob"], "us", None, dice=ScriptedDice([(1, 1)]), first_player=0)
    arrange(game, owners={39: 1}, squares={0: 37}, cash={0: 10})
    game.apply(Roll(0))
    (claim,) = game.view.claims()
    game.apply(ClaimRent(1, claim.id))
    hint = M.decision_hint(game, [0, 1])
    assert "D to raise the $40 still missing" in hint, hint


def test_bug8_a_game_resumed_through_its_autosave_offers_the_name_it_was_saved_under(tmp_path: Path) -> None:
    from monopoly.storage import saves
    from monopoly.engine import Game
    from monopoly.tui.app import start_controller
    from monopoly.storage.starts import resume
    game = Game.new(["Ann", "Bob"], "us", None, seed=5)
    screen = FakeScreen(keys("mygame\n", "y"))
    controller = play.GameController(screen, game, None, M.UIState(tokens=M.default_tokens(game, 2)), tmp_path)
    controller.option_save()
    path = controller.session.autosave()
    assert path is not None
    started = resume(saves.read_save(path))
    again = FakeScreen(keys("enter", "y"))
    resumed = start_controller(again, started, tmp_path)
    resumed.save_as()
    assert any(p.startswith("Name for this save [mygame]") for p in again.transcript), again.transcript


def test_bug8_a_name_field_refuses_the_eighth_letter_as_it_is_typed(tmp_path: Path) -> None:
    from monopoly.session.questions import TEXT, Question
    # Played by hand: "Annabelle99" was then taken as "Annabel" without a word. RETURN now refuses
    # an answer cut as it was typed, and the shorter one typed after is taken.
    screen = FakeScreen(keys("Bartholomew\n", "Bart\n"))
    screen.ui = M.UIState(tokens=[])
    answer = screen.ask(Question("Name (up to 7 letters)", TEXT, "Ann", max_len=7))
    assert answer == "Bart"
    assert "! at most 7 characters" in screen.transcript
    assert "! 'Bartholomew' has 11 characters, more than 7: type a shorter answer" in screen.transcript


def test_bug5_with_cash_hidden_the_holdings_do_not_show_a_players_cash() -> None:
    from monopoly.engine import Game
    game = Game.new(["Ann", "Bob"], "us", None, seed=2)
    ui = M.UIState(tokens=M.default_tokens(game, 2), show_cash=False)
    text = " ".join(line for line, _ in M.holdings_lines(game, ui, 0))
    assert "$1,500" not in text and "hidden" in text
    ui.show_cash = True
    assert "Cash $1,500" in " ".join(line for line, _ in M.holdings_lines(game, ui, 0))


def test_bug6_the_two_values_of_the_same_deeds_are_each_named() -> None:
    from monopoly.engine import Game
    game = Game.new(["Ann", "Bob"], "us", None, seed=2)
    arrange(game, owners={39: 0, 37: 0})
    ui = M.UIState(tokens=M.default_tokens(game, 2))
    holdings = " ".join(line for line, _ in M.holdings_lines(game, ui, 0))
    assert f"Bank value {game.view.money(game.view.property_value(0))}" in holdings  # $175: half the prices
    rows = [line for line, _ in M.valuation_rows(game)]
    assert rows[0].split() == ["Player", "Cash", "Printed", "Total"]
    assert any(line.startswith("Printed: deeds at printed prices") for line in rows)
    assert "$750" in rows[1], "the final table counts the printed prices"


# ---------------------------------------------------------------------------------------- rent claims
def test_r_claims_rent_while_another_players_question_is_open(tmp_path: Path) -> None:
    # Bob throws doubles onto Ann's Baltic Avenue, throws again onto Vermont Avenue and is asked
    # whether to buy it; Ann presses R at that question: the rent is claimed, the question stays.
    screen = FakeScreen(keys("d", "d", "r", "y") + QUIT)
    game, controller = make(tmp_path, [(1, 1), (2, 3)], screen, first=1)
    arrange(game, owners={3: 0}, squares={1: 1})
    controller.run()
    assert "Bob pays Ann $4 rent" in messages(controller)
    assert game.view.owner(8) == 1, "Bob still answered his question: he bought Vermont Avenue"
    assert not any(line.startswith("! ") for line in screen.transcript), screen.transcript


def test_an_owner_about_to_throw_with_a_claim_open_is_asked_first(tmp_path: Path) -> None:
    screen = FakeScreen(keys("d", "d", "y") + QUIT)  # Bob throws onto Baltic; Ann presses D: asked, yes
    game, controller = make(tmp_path, [(1, 2), (4, 6)], screen, first=1)
    arrange(game, owners={3: 0})
    controller.run()
    assert any(p.startswith("Ann: claim the rent first ($4 from Bob)?") for p in screen.transcript)
    assert "Bob pays Ann $4 rent" in messages(controller) and game.view.position(0) == 10


def test_the_claim_window_before_a_computer_throws_counts_down_also_with_fastmove(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(play, "CLAIM_WINDOW", 3.0)
    clock = [0.0]
    monkeypatch.setattr(time, "monotonic", lambda: clock[0])

    class Ticking(HintScreen):
        def read_key(self, timeout: float | None = None) -> int | None:
            if timeout is not None and self.ui is not None and "R claims" in self.ui.hint:
                clock[0] += timeout  # the wait runs its full length
            return super().read_key(timeout)

    screen = Ticking(QUIT)
    # (the UK rule: Bob's own throw after doubles lets Ann's claim lapse, so she is given the time)
    game, controller = make(tmp_path, [(1, 1), (2, 3)], screen, first=1, computers=StubComputers({1}),
                            rent_claim="next_throw")
    arrange(game, owners={3: 0}, squares={1: 1})
    controller.ui.fastmove = True
    controller.run()
    countdown = [h for h in screen.waiting_hints if "R claims" in h]
    assert [h.split(" - ")[1][:3] for h in countdown][:3] == ["3 s", "2 s", "1 s"], countdown
    assert countdown[0] == "Ann: R claims rent before Bob throws - 3 s  (SPACE: Bob throws now)"


def test_a_dimmed_option_always_gives_its_reason() -> None:
    from monopoly.engine import Game
    game = Game.new(["Ann", "Bob"], "us", None, seed=2)
    arrange(game, owners={37: 0, 39: 0}, cash={0: 100})  # the dark blues; a house costs $200
    assert M.why_not(game, [0, 1], "houses") == "Ann needs $200 in cash for a building on Dark Blue."
    arrange(game, owners={37: 0, 39: 0}, mortgaged={37: True}, cash={0: 1500})
    reason = M.why_not(game, [0, 1], "houses")
    assert reason.startswith("Ann cannot build on Dark Blue: ") and reason.endswith("."), reason


def test_the_cost_is_shown_before_a_mortgage_is_lifted(tmp_path: Path) -> None:
    # Ann's Baltic Avenue is mortgaged ($30): M, RETURN on it asks first, N keeps it, then Y lifts it.
    screen = FakeScreen(keys("m", "enter", "n", "enter", "enter", "y", "enter", "d") + QUIT)
    game, controller = make(tmp_path, [], screen)
    arrange(game, owners={3: 0}, mortgaged={3: True})
    controller.run()
    asked = [p for p in screen.transcript if "lift the mortgage" in p]
    assert asked[0].startswith("Ann: lift the mortgage on Baltic Avenue for $33 ($30 + $3 interest)? (Y/N) [Y]")
    assert not game.view.mortgaged(3) and game.view.cash(0) == 1500 - 33, "lifted on the second asking"


@pytest.mark.parametrize("rows,cols", [(24, 80), (50, 160)])
def test_question_mark_inside_any_question_explains_it_and_comes_back(rows: int, cols: int, tmp_path: Path) -> None:
    from monopoly.tui.layout import layout
    screen = FakeScreen(keys("d", "?", "x", "y") + QUIT)  # the buy question: ?, any key, then Y
    screen.lay = layout(rows, cols)
    game, controller = make(tmp_path, [(1, 2)], screen)
    controller.run()
    assert "Help" in screen.popups and game.view.owner(3) == 0, "back at the question, which Y answered"
    from monopoly.session.questions import NUMBER, Question
    from monopoly.tui.screen import question_help
    text = [line for line, _ in question_help(Question("Ann bids", NUMBER, 10, low=1, high=99), False).lines]
    assert "To answer: type a number (money signs and commas are fine), then RETURN." in text
    assert "RETURN alone takes the answer in brackets [10]." in text


def test_the_offline_token_is_explained_and_its_cursor_starts_on_an_opponents_property(tmp_path: Path) -> None:
    # Ann throws doubles (Offline rule on) owning Baltic; Bob owns Oriental: the cursor skips Ann's own.
    screen = FakeScreen(keys("d", "enter") + QUIT)
    game, controller = make(tmp_path, [(1, 1), (2, 3)], screen, offline_rule=True)
    arrange(game, owners={1: 0, 3: 0, 6: 1})
    controller.run()
    assert "Offline" in screen.popups
    assert game.view.offline_square == 6, "RETURN put it on Bob's Oriental Avenue, not on Ann's own"
    from monopoly.present.sites import offline_lines
    text = [line for line, _ in offline_lines(game, 0, "doubles")]
    assert "A property under the Offline token charges no rent." in text
    assert "Ann threw doubles, so Ann moves it." in text


def test_a_trade_under_construction_lists_what_each_side_gives() -> None:
    from monopoly.engine import Game
    game = Game.new(["Ann", "Bob"], "us", None, seed=2)
    arrange(game, owners={1: 0, 3: 1}, mortgaged={3: True})
    lines = [text for text, _ in M.offer_so_far(game, 0, 1, [1], [3], ("chance",), (), -25)]
    assert lines == ["Ann gives:", "  Mediterranean Avenue", "  1 Get Out of Jail Free card",
                     "Bob gives:", "  Baltic Avenue (mortgaged)", "  $25"]
    assert [t for t, _ in M.offer_so_far(game, 0, 1, [], [])] == ["Ann gives:", "  nothing yet", "Bob gives:",
                                                                 "  nothing yet"]


def test_in_hot_seat_play_a_throw_that_would_lapse_another_persons_claim_waits_for_r(tmp_path: Path) -> None:
    # Ann, Bob and Cy at one keyboard: Bob lands on Ann's Baltic Avenue; when Cy presses D the
    # countdown opens first and Ann claims with R; then Cy's D throws.
    screen = FakeScreen(keys("d") + [(WAIT, "r")] + keys("d") + QUIT)
    game, controller = make(tmp_path, [(1, 2), (4, 6)], screen, players=("Ann", "Bob", "Cy"), first=1)
    arrange(game, owners={3: 0})
    controller.run()
    assert "Bob pays Ann $4 rent" in messages(controller)
    assert game.view.position(2) == 10, "Cy threw once the rent was claimed"


def test_bug4_in_the_set_up_a_return_after_a_one_key_answer_does_not_answer_the_next_question() -> None:
    from monopoly.session.questions import CHOICE, YESNO, Choice, Question
    from monopoly.tui.screen import SetupView
    screen = FakeScreen(keys("2", "enter", "y", "enter"))
    screen.ui = M.UIState(tokens=[])
    screen.setup = SetupView("set-up", [])
    edition = screen.ask(Question("Edition:", CHOICE, "us", (Choice("1", "Classic US", "us"), Choice("2", "UK", "uk"))))
    change = screen.ask(Question("Change the rule options?", YESNO, False))
    assert (edition, change) == ("uk", True), "the RETURN confirmed the edition; Y answered the next question"
