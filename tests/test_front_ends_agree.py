"""Both front ends play the same game through the one session.

The same scripted game (two people at one keyboard: a trade, an auction, rent claimed before the
owner's throw would let it lapse, and the debt it makes raised by a mortgage) is played on the
curses screen with keys and in the text mode with typed lines. The engine must have been given the
same actions and have reported the same events: what a front end does is only to render and parse.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from test_tui_controller import QUIT, FakeScreen, keys

from monopoly.engine import Game, ScriptedDice, arrange
from monopoly.session.model import UIState, default_tokens
from monopoly.text.console import Console
from monopoly.text.loop import TextGame
from monopoly.tui import play

ANN, BOB = 0, 1
DICE = [(1, 2), (2, 3), (3, 4), (1, 2)]
MEDITERRANEAN, BALTIC, PARK_PLACE, BOARDWALK = 1, 3, 37, 39


def the_game() -> Game:
    game = Game.new(["Ann", "Bob"], "us", dice=ScriptedDice(list(DICE)), first_player=ANN)
    arrange(game, owners={MEDITERRANEAN: ANN, PARK_PLACE: ANN, BOARDWALK: ANN}, cash={BOB: 200},
            squares={BOB: 32})
    return game


# What each front end is given: Ann sells Mediterranean to Bob for $50; Ann throws onto Baltic
# Avenue and declines it; Bob bids $100, Ann drops out; Bob throws onto Park Place (Ann holds the
# dark blues: $70); Ann's throw would let the rent lapse, so she claims it first; Bob has $50 and
# mortgages Mediterranean to pay; Ann throws, Bob throws; Ann quits.
CURSES_KEYS = keys("t", "1", "enter", "enter", "d", "2", "enter", "50\n", "y", "enter", "y",  # the trade; Bob accepts
                   "d", "n", "2", "100\n", "p",  # Ann throws, declines; Bob bids, Ann drops out
                   "d",  # Bob throws onto Park Place
                   "d", "y",  # Ann: claim the rent first? yes
                   "enter", "enter",  # Bob must raise $20: mortgage, Mediterranean
                   "d", "d") + QUIT
TEXT_LINES = ["trade bob med for $50", "accept",
              "roll", "auction", "bob 100", "pass",
              "roll",
              "roll", "rent",  # the throw is refused while the rent would lapse: rent claims it
              "mortgage med",
              "roll", "roll", "quit", "yes"]


def played_on_the_screen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Game:
    monkeypatch.setattr(play, "AUCTION_WAIT", 0.01)
    game = the_game()
    screen = FakeScreen(list(CURSES_KEYS))
    controller = play.GameController(screen, game, None, UIState(tokens=default_tokens(game, 2), fastmove=True),
                                     tmp_path / "screen")
    controller.run()
    return game


def played_in_text(tmp_path: Path) -> tuple[Game, str]:
    game = the_game()
    out = io.StringIO()
    console = Console(io.StringIO("".join(f"{line}\n" for line in TEXT_LINES)), out, echo=True)
    text = TextGame(console, game, None, UIState(tokens=default_tokens(game, 2)), tmp_path / "text",
                    clock=lambda: 0.0)
    try:
        text.run()
    except EOFError:
        pass
    return game, out.getvalue()


def test_the_screen_and_the_text_mode_give_the_engine_the_same_game(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    on_screen = played_on_the_screen(tmp_path, monkeypatch)
    in_text, transcript = played_in_text(tmp_path)
    actions_screen = [a.to_dict() for a, _, _ in on_screen.journal if a is not None]
    actions_text = [a.to_dict() for a, _, _ in in_text.journal if a is not None]
    assert actions_screen == actions_text, transcript
    assert [e.to_dict() for e in on_screen.log] == [e.to_dict() for e in in_text.log]
    view = in_text.view
    assert view.owner(MEDITERRANEAN) == BOB and view.mortgaged(MEDITERRANEAN), "traded, then mortgaged for the debt"
    assert view.owner(BALTIC) == BOB, "won at auction"
    assert in_text.view.over
    assert "A throw now lets rent lapse (Ann $70 from Bob): rent claims it, or roll! throws anyway" in transcript
