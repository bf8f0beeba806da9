"""The session's guards as the curses screen applies them (the text mode's are in
``test_text_session_guards.py``; the same game through both is ``test_front_ends_agree.py``)."""

from __future__ import annotations

from pathlib import Path

from test_tui_controller import QUIT, FakeScreen, keys, make, messages, quick  # noqa: F401 (quick: short waits)

from monopoly.engine import arrange

ANN, BOB = 0, 1
MEDITERRANEAN, BALTIC, ATLANTIC = 1, 3, 26


def test_a_bidder_who_could_mortgage_is_asked_not_dropped(tmp_path: Path) -> None:
    # Ann has $40 and Mediterranean Avenue; Bob bids $50 on Baltic Avenue. Ann is told she can raise
    # money (M), mortgages Mediterranean, and outbids him.
    script = keys("d", "y",  # throw onto Baltic; too dear: auction it
                  "2", "50\n",  # Bob bids $50
                  "m", "enter", "d",  # Ann mortgages Mediterranean (the cursor), done
                  "1", "60\n",  # Ann bids $60
                  "p") + QUIT  # Bob drops out
    screen = FakeScreen(script)
    game, controller = make(tmp_path, [(1, 2)], screen)
    arrange(game, owners={MEDITERRANEAN: ANN}, cash={ANN: 40})
    controller.run()
    said = messages(controller)
    assert ("Ann can bid at most $40, which does not beat the highest bid of $50: M mortgages or S sells to raise "
            "money, P drops out") in said
    assert "Ann mortgages Mediterranean Avenue for $30" in said
    assert "Ann wins Baltic Avenue for $60" in said
    assert game.view.owner(BALTIC) == ANN


def test_an_action_taken_for_another_person_can_be_taken_back_at_the_keyboard(tmp_path: Path) -> None:
    # Bob's turn; Ann mortgages her Atlantic Avenue (M, who: Ann, the cursor, done); U takes it back.
    script = keys("m", "1", "enter", "d", "u") + QUIT
    screen = FakeScreen(script)
    game, controller = make(tmp_path, [], screen, first=BOB)
    arrange(game, owners={ATLANTIC: ANN})
    controller.run()
    said = messages(controller)
    assert "Ann mortgages Atlantic Avenue for $130" in said
    assert not game.view.mortgaged(ATLANTIC)
    assert not any(m.startswith("Nothing to undo") for m in said)
