"""Turns a person can follow (issue 28): how long a computer's turn keeps a person waiting on the
curses screen, a computer's building in one step, and what the others did since a person's last
turn, told as it starts (on the screen here, in the text mode in test_text.py).

The waits are measured with ``TimedScreen``, which adds up every wait the program asks of the
screen (the pauses, the token's steps), so the figures are the program's own, not the machine's.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from test_tui_controller import QUIT, FakeScreen, StubComputers, TimedScreen, make, messages

from monopoly.engine import Build, Game, arrange
from monopoly.engine import events as E
from monopoly.session import session as S

ANN, BOB, CY = 0, 1, 2
PARK_PLACE, BOARDWALK = 37, 39


class ComputerTurnTimes(TimedScreen):
    """A TimedScreen that also adds up the waits in the computers' turns alone."""

    def __init__(self, computers: set[int]) -> None:
        super().__init__([])
        self.computers = computers
        self.in_computer_turns = 0.0
        self.responder = self.person

    def read_key(self, timeout: float | None = None) -> int | None:
        if timeout is not None and self.game is not None and self.game.view.current_player in self.computers:
            self.in_computer_turns += timeout
        return super().read_key(timeout)

    @staticmethod
    def person(screen: FakeScreen) -> Any:
        """Ann throws (D) and takes every default (RETURN); a pop-up is closed."""
        assert screen.ui is not None
        if screen.ui.popup is not None:
            return "x"
        return "enter" if screen.ui.prompt else "d"


def computer_turns(game: Game) -> int:
    return sum(1 for ev in game.log if isinstance(ev, E.TurnStarted) and ev.player != ANN)


def played(tmp_path: Path, fastmove: bool) -> tuple[Game, ComputerTurnTimes]:
    rng = random.Random(5)
    rolls = [(rng.randint(1, 6), rng.randint(1, 6)) for _ in range(200)]
    screen = ComputerTurnTimes({BOB, CY})
    game, controller = make(tmp_path, rolls, screen, players=("Ann", "Bob", "Cy"),
                            computers=StubComputers({BOB, CY}), max_turns=31)
    controller.ui.fastmove = fastmove
    controller.run()
    return game, screen


def test_a_computers_turn_takes_about_a_second_and_a_half_by_default(tmp_path: Path) -> None:
    # Two computers and Ann play 31 turns: each computer throws and buys what it lands on.
    # Before issue 28 a computer's turn kept Ann waiting 4.9 s (1.2 s with Fastmove).
    game, screen = played(tmp_path / "default", fastmove=False)
    turns = computer_turns(game)
    per_turn = screen.in_computer_turns / turns
    assert turns == 20 and sum(1 for ev in game.log if isinstance(ev, E.Bought) and ev.player != ANN) == 11
    assert 1.0 <= per_turn <= 2.0, f"{per_turn:.2f} s a computer turn"
    # the throw is announced, the token moves in at most COMPUTER_MOVE, each action stays on show
    assert per_turn <= S.PACE * (S.THROW_NOTICE + 1) + S.COMPUTER_MOVE + S.PACE * 1.2 + 1e-9
    # Fastmove keeps its meaning: quicker still, no token steps
    game, fast = played(tmp_path / "fast", fastmove=True)
    fast_turn = fast.in_computer_turns / computer_turns(game)
    assert fast_turn < per_turn / 2 and fast_turn <= 0.6, f"{fast_turn:.2f} s a computer turn with Fastmove"


def test_a_computer_builds_in_one_step_with_one_line(tmp_path: Path) -> None:
    # Bob holds the dark blues and $2,000: he puts up five houses at the start of Ann's throw.
    builds = [Build(BOB, PARK_PLACE), Build(BOB, BOARDWALK), Build(BOB, PARK_PLACE), Build(BOB, BOARDWALK),
              Build(BOB, PARK_PLACE)]
    screen = TimedScreen(list(QUIT))  # Ann quits as soon as she is asked
    game, controller = make(tmp_path, [], screen, computers=StubComputers({BOB}, list(builds)))
    arrange(game, owners={PARK_PLACE: BOB, BOARDWALK: BOB}, cash={BOB: 2000})
    controller.run()
    assert game.view.level(PARK_PLACE) == 3 and game.view.level(BOARDWALK) == 2
    said = messages(controller)
    assert "Bob builds 5 houses for $1,000: Park Place 3 houses, Boardwalk 2 houses" in said
    assert not any(m.startswith("Bob puts a house") for m in said)
    # one pause for all five (with Fastmove, as make() sets it): not one a house
    assert screen.waited <= S.FAST_PACE * 1.2 + 1e-9


def test_the_screen_says_what_the_others_did_since_a_persons_last_turn(tmp_path: Path) -> None:
    # Ann throws 3 (Baltic, bought); Bob throws 5 to Reading Railroad and buys it; Cy throws 4 to
    # Income Tax; Ann's turn then starts with what Bob and Cy did.
    screen = FakeScreen(responder=ComputerTurnTimes.person)
    game, controller = make(tmp_path, [(1, 2), (2, 3), (1, 3), (2, 4)], screen, players=("Ann", "Bob", "Cy"),
                            computers=StubComputers({BOB, CY}), max_turns=4)
    arrange(game, owners={3: None})
    controller.run()
    said = messages(controller)
    start = said.index("Turn 4: Ann to play.")
    assert said[start + 1:start + 4] == [
        "Since Ann's last turn:",
        "  Bob threw 5 to Reading Railroad; bought Reading Railroad ($200)",
        "  Cy threw 4 to Income Tax; paid $200 tax",
    ]
