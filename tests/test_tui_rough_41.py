"""Issue 41's rough edges of a play-test on the curses screen: each in a pseudo-terminal at 80x24
(the real program, read with pyte) or, where a key sequence is all there is to it, with the
scripted screen of ``test_tui_controller``."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from monopoly.tui.widgets.prompt import PromptLine

if sys.platform.startswith("win"):
    pytest.skip("the pseudo-terminal harness is POSIX only", allow_module_level=True)

from test_tui_rough_edges import DEBT, play  # noqa: E402


# ---------------------------------------------------------------------------------------- a. long questions
def test_the_bottom_line_never_cuts_a_long_question_from_the_left(tmp_path: Path) -> None:
    """At 80x24 the whole question is inside the ring and the bottom line keeps its last clause
    with the answer, in the question's own words: never "..." first."""
    with play(tmp_path, DEBT, 24, 80) as s:
        s.wait_for("[M] _")
        s.settle()
        bottom = s.line(23)
        assert not bottom.startswith("..."), s.dump()
        assert bottom.startswith("(M mortgage, S sell houses, T trade, O owners) [M] _"), s.dump()
        assert "Ann must raise $190 more:" in s.text(), s.dump()


@pytest.mark.parametrize("text", [
    "Ann: sell a house on Pennsylvania Avenue to the bank for $100 (half its price)? (Y/N) [N]",
    "Ann must raise $190 more: (M mortgage, S sell houses, T trade, O owners) [M]",
    "How many of Ann's Get Out of Jail Free cards does Bob get in the trade with Ann and Cy? (0-1) [0]",
    "Ann: claim the rent first ($12 from CPU2 and $100 from CPU2)? A throw now lets it lapse (Y/N) [Y]",
    "x" * 120,
])
def test_the_end_of_a_question_is_its_own_words_and_fits(text: str) -> None:
    for width in (20, 40, 60, 75):
        end = PromptLine.tail(text, width)
        assert not end.startswith("...") and len(end) <= width and end, (width, end)
        assert text.lower().endswith(end.lower()), (width, end)


# ---------------------------------------------------------------------------------------- b. an offer and the cash
def test_an_offer_shows_the_cash_of_the_person_it_is_made_to(tmp_path: Path) -> None:
    """The offer's panel covers the cash beside the board: it says the person's cash, and what
    the deal would leave them."""
    from monopoly.engine import ProposeTrade
    from monopoly.session.model import UIState
    from monopoly.tui import play as tui_play
    from scenario import ANN, BOB, give, new_game
    from test_tui_controller import FakeScreen
    game = new_game()
    give(game, ANN, "Reading Railroad")
    game.apply(ProposeTrade(ANN, BOB, (5,), (), -100, (), ()))  # Bob pays $100 for the railroad
    seen: list[list[str]] = []

    def look(screen: FakeScreen) -> str:
        assert screen.ui is not None and screen.ui.popup is not None
        seen.append([text for text, _ in screen.ui.popup.lines])
        return "esc"

    controller = tui_play.GameController(FakeScreen([], responder=look), game, None,
                                         UIState(tokens=["Car", "Dog"], fastmove=True), tmp_path)
    controller.answer(game.view.pending)
    assert "Bob's cash: $1,500 (after it: $1,400)" in seen[0], seen


# ---------------------------------------------------------------------------------------- c. the cursor at the edges
def test_left_and_right_at_the_corners_turn_the_corner_and_never_move_the_other_way() -> None:
    """Left at Jail went right (to Connecticut Avenue's neighbour, square 9) and Right at GO went
    left (to square 1): with nothing further that way the cursor turned round in board order. Now
    along a row it turns the corner the way the key runs; off the board's side it stays."""
    from monopoly.tui.layout import grid_position, neighbour
    ring = list(range(40))
    assert neighbour(10, ring, "left") == 11  # Jail, Left: on up the left side
    assert neighbour(0, ring, "right") == 39  # GO, Right: on up the right side
    assert neighbour(20, ring, "left") == 19  # Free Parking, Left: on down the left side
    assert neighbour(30, ring, "right") == 31  # Go To Jail, Right: on down the right side
    assert neighbour(15, ring, "left") == 15 and neighbour(35, ring, "right") == 35  # off the board: stays
    for pool in (ring, [1, 3, 11, 13, 14, 37, 39], [6, 8, 9, 16, 18, 19]):
        for start in pool:
            for key, (dr, dc) in {"left": (0, -1), "right": (0, 1), "up": (-1, 0), "down": (1, 0)}.items():
                r0, c0 = grid_position(start)
                r, c = grid_position(neighbour(start, pool, key))
                assert (r - r0) * dr + (c - c0) * dc >= 0, (pool, start, key)  # never the other way


# ---------------------------------------------------------------------------------------- d. Owners on one key
def test_owners_takes_a_player_number_at_once_and_the_return_after_it_goes_nowhere(tmp_path: Path) -> None:
    """Owners asked for a number and then waited for RETURN. Now the number shows the holdings at
    once, and a RETURN typed after it out of habit neither closes them nor reaches the next
    question (the option bar's Dice would throw)."""
    from test_tui_rough_edges import new_game
    with new_game(tmp_path, 24, 80, players="Ann,Bob") as s:
        s.wait_for("to throw the dice")
        s.send("o")
        s.wait_for("Owners:")
        s.send("2")
        s.wait_for("Holdings")  # no RETURN needed
        s.send("enter")  # the habit's RETURN: the holdings stay
        s.settle(0.6)
        assert "Holdings" in s.text(), s.dump()
        s.send("x")
        s.wait_gone("Holdings")
        s.settle()
        assert s.text().count("Ann throws") == 1, "nothing leaked into the next question\n" + s.dump()
        assert "Ann: D to throw the dice" in s.line(23), s.dump()


# ---------------------------------------------------------------------------------------- f. an offer answered first
def test_a_computers_offer_to_a_person_is_answered_before_it_builds(tmp_path: Path) -> None:
    """Bob (a computer) offered Ann $100 for Reading Railroad and, while the offer stood on her
    screen, went on to build on his dark blues. Now the computers wait for her answer; after it
    Bob builds."""
    from monopoly.ai.players import ComputerPlayers
    from monopoly.engine import ProposeTrade, arrange
    from monopoly.engine import actions as A
    from monopoly.session.model import UIState
    from monopoly.session.session import Session
    from scenario import ANN, BOB, give, new_game
    game = new_game()
    give(game, BOB, "Park Place", "Boardwalk")
    give(game, ANN, "Reading Railroad")
    arrange(game, cash={BOB: 3000})
    computers = ComputerPlayers(game, {BOB: "ruthless"}, seed=1)
    game.apply(ProposeTrade(BOB, ANN, (), (5,), 100, (), ()))
    session = Session(game, computers, UIState(tokens=["Car", "Dog"]))
    assert session.computer_move() is None, "nothing while Ann reads the offer"
    session.apply(A.RejectTrade(ANN))
    move = session.computer_move()
    assert move is not None and isinstance(move.action, A.Build) and move.action.player == BOB


def test_the_end_of_a_question_begins_with_a_sentence_where_one_fits() -> None:
    """Played at 80x24: the bottom line read "($12 from CPU2 and $100 from CPU2)? A throw now
    lets it lapse (Y/N) [Y]", a bracket torn from its clause; a whole sentence fits."""
    text = "Ann: claim the rent first ($12 from CPU2 and $100 from CPU2)? A throw now lets it lapse (Y/N) [Y]"
    assert PromptLine.tail(text, 74) == "A throw now lets it lapse (Y/N) [Y]"


def test_a_person_alone_in_an_auction_is_offered_b_not_their_number_as_well(tmp_path: Path) -> None:
    """Played against two computers, the auction box said "B: bid an amount" and "1: bid as that
    player", two keys for the one thing; a player's number is offered only where several people bid."""
    from monopoly.engine import actions as A
    from test_tui_controller import FakeScreen, StubComputers, make
    game, controller = make(tmp_path, [(1, 2)], FakeScreen([]), players=("Ann", "Bob", "Cy"),
                            computers=StubComputers({1, 2}))
    game.apply(A.Roll(0))
    game.apply(A.DeclineToBuy(0))
    while game.view.pending.player != 0:
        game.apply(A.Bid(game.view.pending.player, game.view.pending.auction.high_bid + 5))  # type: ignore[union-attr]
    shown = [text for text, _ in controller._auction_popup(game.view.pending, 5.0).lines]
    assert "B: bid an amount" in shown and "P: drop out" in shown
    assert not any("bid as that player" in line for line in shown), shown


def test_at_a_seat_of_a_hosted_game_b_bids_for_that_seat(tmp_path: Path) -> None:
    """Over the network Ann's screen said "1: bid as that player" while Bob was asked, and B did
    nothing. B bids for the one person at the screen who may raise the bid, asked or not."""
    from monopoly.engine import actions as A
    from test_tui_controller import FakeScreen, make
    game, controller = make(tmp_path, [(1, 2)], FakeScreen(["enter"]), players=("Ann", "Bob"), first=1)
    session = controller.session

    class AnnHere(type(session)):  # type: ignore[misc]
        @property
        def people(self) -> list[int]:  # Ann's screen: Bob plays at his own
            return [0]

    session.__class__ = AnnHere
    game.apply(A.Roll(1))
    game.apply(A.DeclineToBuy(1))
    d = game.view.pending
    assert d.player == 1, d
    shown = [text for text, _ in controller._auction_popup(d, 5.0).lines]
    assert "B: Ann bids" in shown and not any("bid as that player" in line for line in shown), shown
    before = len(game.journal)
    assert controller._auction_key(d, ord("b"))
    assert game.journal[before].action == A.Bid(0, 10)
