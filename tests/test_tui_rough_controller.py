"""Issue 26's rough edges in the screen's dialogs (houses, trades, jail), driven in-process with
the fake screen of test_tui_controller: each test failed before its fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from monopoly.engine import arrange
from monopoly.tui import play
from test_tui_controller import QUIT, FakeScreen, keys, make, messages


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(play, "AUCTION_WAIT", 0.01)
    monkeypatch.setattr(play, "CLAIM_WINDOW", 0.01)


def test_houses_says_why_nobody_can_build_before_offering_to_sell(tmp_path: Path) -> None:
    screen = FakeScreen(keys("h", "enter") + QUIT)  # Houses; RETURN: no, do not sell
    game, controller = make(tmp_path, [], screen)
    arrange(game, owners={1: 0, 3: 0}, buildings={1: 1, 3: 1}, cash={"Ann": 10})
    controller.run()
    said = messages(controller)
    assert any(m.startswith("Ann cannot build on") or "needs $50 in cash" in m for m in said), said
    assert any(p.startswith("No building can be bought now. Sell buildings instead? (Y/N) [N]")
               for p in screen.transcript), screen.transcript
    assert game.view.houses(1) == game.view.houses(3) == 1, "nothing was sold"


def test_one_return_on_the_sell_cursor_does_not_sell(tmp_path: Path) -> None:
    screen = FakeScreen(keys("h", "s", "enter", "enter", "enter", "d") + QUIT)  # sell; pick, RETURN at the question: no
    game, controller = make(tmp_path, [], screen)
    arrange(game, owners={1: 0, 3: 0}, buildings={1: 1, 3: 1})
    controller.run()
    assert game.view.houses(1) == game.view.houses(3) == 1
    assert any("sell a house on" in p and "for $25 (half its price)? (Y/N) [N]" in p for p in screen.transcript), \
        screen.transcript


def test_the_building_cursor_stops_only_where_building_is_allowed(tmp_path: Path) -> None:
    """docs/playing.md says the cursor "only stops on sites where the next building is allowed";
    it stopped on every site of the set (Mediterranean too, which would make the set uneven)."""
    cursors: list[tuple[int, ...]] = []
    rest = keys("enter") + QUIT

    def respond(screen: FakeScreen) -> object:
        if screen.ui is not None and screen.ui.candidates and not cursors:
            cursors.append(screen.ui.candidates)
        return rest.pop(0)

    screen = FakeScreen(keys("h", "b", "enter", "1\n"), responder=respond)
    game, controller = make(tmp_path, [], screen)
    arrange(game, owners={1: 0, 3: 0}, buildings={1: 1})
    controller.run()
    assert cursors == [(3,)], cursors
    assert game.view.houses(3) == 1 and game.view.houses(1) == 1, "one RETURN built on Baltic Avenue"


def test_selling_says_what_it_pays_and_in_debt_defaults_to_yes(tmp_path: Path) -> None:
    """Played by hand: "sell a house on Atlantic Avenue to the bank at half price? (Y/N) [N]" gave
    no amount, and in debt RETURN cancelled the sale the player came for."""
    script = keys("d", "r", "s", "enter", "enter", "enter") + QUIT  # Ann owes Bob: S, the cursor, RETURN: sold
    screen = FakeScreen(script)
    game, controller = make(tmp_path, [(1, 1)], screen)
    arrange(game, owners={39: 1, 1: 0, 3: 0}, buildings={1: 1, 3: 1}, squares={0: 37}, cash={0: 30})
    controller.run()
    asked = [p for p in screen.transcript if "sell a house on" in p]
    assert asked and "for $25 (half its price)? (Y/N) [Y]" in asked[0], asked
    assert game.view.houses(1) + game.view.houses(3) == 1, "RETURN sold one house"


def test_a_cash_only_trade_is_refused_before_the_cash_questions(tmp_path: Path) -> None:
    screen = FakeScreen(keys("t", "1", "enter", "d") + QUIT)  # Ann offers Bob a trade, marks nothing; Bob has nothing
    game, controller = make(tmp_path, [], screen)
    arrange(game, owners={1: 0})
    controller.run()
    assert "That trade is not possible: a trade must include at least one property or card" in messages(controller)
    assert not any("who pays" in p for p in screen.transcript), screen.transcript


def test_the_last_throw_in_jail_is_explained_and_asked_before_the_dice_fly(tmp_path: Path) -> None:
    # Ann's third turn in jail, $30 in hand and no card: throwing is all she may do. D used to
    # throw at once, the explanation scrolled away unseen.
    screen = FakeScreen(keys("d", "esc") + QUIT)
    game, controller = make(tmp_path, [(1, 2)], screen)
    arrange(game, jail={"Ann": 2}, cash={"Ann": 30})
    controller.run()
    assert any(p.startswith("Ann's last throw in jail: without doubles, Ann pays $50 and moves. "
                            "(T throw for doubles) [T]") for p in screen.transcript), screen.transcript
    assert game.view.player(0).in_jail, "ESC put the throw off"


def test_the_history_says_why_the_fine_was_paid_after_the_last_throw() -> None:
    from monopoly.engine import events as E
    from monopoly.engine import Game
    from monopoly.present import model as M
    game = Game.new(["Ann", "Bob"], "us", None, seed=1)
    text, _ = M.format_event(game, E.LeftJail(0, "forced_fine"))
    assert text == "Ann threw no doubles on the last of three tries in jail: pays the fine and leaves jail"


def test_a_wrong_key_on_the_option_bar_is_explained(tmp_path: Path) -> None:
    screen = FakeScreen(keys("z") + QUIT)
    game, controller = make(tmp_path, [], screen)
    controller.run()
    assert any(m.startswith("'z' is no option here: D R T M H O C F S Q") for m in messages(controller))


def test_small_words_and_marks_of_the_screen() -> None:
    from monopoly.engine import events as E
    from monopoly.engine import Game
    from monopoly.present import model as M
    game = Game.new(["Ann", "Bob"], "us", None, seed=1)
    # GO: the same event whether the token passed GO or stopped on it
    assert M.format_event(game, E.PassedGo(0, 200)) == ("Ann reaches GO: collects $200", "good")
    # the money filter of the history: a bid moves no money
    assert not M.event_moves_money(E.BidMade(0, 50)) and M.event_moves_money(E.AuctionWon(0, "square", 3, 50))
    # the deed card keeps a space before its right border at every width (80 columns: 26)
    for width in range(12, 41):
        for amount in ("$100", "$12M", "$1,000"):
            line = M.deed_line("Rent with colour set", amount, width)
            assert len(line) == width and line.endswith(amount + " "), (width, line)
    # a path is never wrapped at a hyphen
    ui = M.UIState(tokens=[])
    ui.say("Game saved as t1 (/tmp/pytest-of-root/pytest-12/saves/autosave-98b2c151652c.json)", "good")
    text = "\n".join(line for line, _ in M.log_lines(ui.messages, 70, 10))
    assert "(/tmp/pytest-of-root/pytest-12/saves/autosave-98b2c151652c.json)" in text, text


def test_the_side_panel_shows_the_mover_while_a_computers_move_is_on_show(tmp_path: Path) -> None:
    # Bob (a computer) throws and moves; while his move is on show the engine has already moved on
    # to Ann's turn, but the panel stays on Bob until his move is off the screen.
    from test_tui_controller import QUIT, FakeScreen, StubComputers, make
    from monopoly.present import model as M

    seen: list[tuple[int, int]] = []  # (panel player, whose turn) at each wait of the screen

    class Watching(FakeScreen):
        def read_key(self, timeout: float | None = None) -> int | None:
            if timeout is not None and self.game is not None and self.ui is not None:
                seen.append((M.panel_player(self.game, self.ui), self.game.view.current_player))
            return super().read_key(timeout)

    screen = Watching(list(QUIT))
    # 4 and 6: Just Visiting, nothing to decide, so the throw's events end Bob's turn
    game, controller = make(tmp_path, [(4, 6)], screen, first=1, computers=StubComputers({1}))
    controller.ui.fastmove = False
    controller.run()
    assert (1, 0) in seen, "during Bob's move, Ann's turn already, the panel showed Bob"
    assert controller.ui.panel_player is None


def test_the_same_refusal_twice_is_said_once(tmp_path: Path) -> None:
    """Over the network, each D pressed while another player's rent window was open added another
    two-line "Wait: ..." message: a refusal said again now stays one message."""
    from monopoly.engine import actions as A
    screen = FakeScreen(QUIT)
    game, controller = make(tmp_path, [], screen)
    for _ in range(3):
        assert controller.apply(A.Buy(0)) is None  # nothing to buy: refused with the engine's reason
    said = messages(controller)
    assert len(said) == len(set(said)), said


def test_a_return_typed_after_a_key_answer_never_marks_a_deed_in_a_trade(tmp_path: Path) -> None:
    """Played by hand: the partner's number (and Y/N) took effect at once, so the RETURN typed after
    it marked the first deed of the next cursor. In the dialogs that lead to a cursor a key answer
    now ends with RETURN, as in the set-up."""
    script = keys("t", "1", "enter", "2", "enter", "d", "enter", "d", "x", "enter", "y", "enter", "y") + QUIT
    screen = FakeScreen(script)
    game, controller = make(tmp_path, [], screen, players=("Ann", "Bob", "Cy"))
    arrange(game, owners={1: 0, 3: 1})
    controller.run()
    assert game.view.owner(1) == 0, "Ann's Mediterranean Avenue was never marked"
    assert game.view.owner(3) == 0, "Bob's Baltic Avenue, the one marked, came to Ann"


@pytest.mark.parametrize("card", ["chance-jail", "chance-jail-free"])
def test_a_card_that_ends_the_persons_turn_stays_in_view_a_moment(tmp_path: Path, card: str) -> None:
    """Played by hand: Ann's own Get Out of Jail Free (or Go to Jail) card went with the next turn
    at once, never seen: the card now stays on screen a moment (any key goes on)."""
    class Watching(FakeScreen):
        seen: list[tuple[float, object]] = []

        def read_key(self, timeout: float | None = None) -> int | None:
            if timeout is not None and self.ui is not None and self.ui.card is not None:
                self.seen.append((timeout, self.ui.card))
            return super().read_key(timeout)

    screen = Watching(keys("d") + QUIT)
    game, controller = make(tmp_path, [(3, 4)], screen)
    arrange(game, top_cards={"chance": [card]})
    controller.run()
    assert any(timeout >= 1.0 and shown[0] == "Chance" for timeout, shown in screen.seen), screen.seen


def test_the_panel_names_the_player_the_messages_say_plays(tmp_path: Path) -> None:
    """Played by hand (a UK game of computers): the info panel named CPU1 while the messages said
    "Turn N: CPU2 to play", during the pause that shows a computer's turn."""
    from monopoly.present import model as M
    from test_tui_controller import StubComputers

    class Watching(FakeScreen):
        seen: list[tuple[int, str]] = []

        def read_key(self, timeout: float | None = None) -> int | None:
            if timeout is not None and self.ui is not None and self.game is not None and self.ui.messages:
                self.seen.append((M.panel_player(self.game, self.ui), self.ui.messages[-1].text))
            return super().read_key(timeout)

    screen = Watching(keys("d") + QUIT)
    game, controller = make(tmp_path, [(6, 4), (1, 3), (1, 3), (6, 4)], screen, players=("Ann", "CPU1", "CPU2"),
                            computers=StubComputers({1, 2}), income_tax="flat")  # paid at once, as in the UK
    screen.game = game
    controller.run()
    turns = [(shown, text) for shown, text in screen.seen if text.startswith("Turn ") and "to play" in text]
    assert turns, screen.seen
    for shown, text in turns:
        assert text.split(": ", 1)[1].startswith(game.view.name(shown)), (shown, text)
