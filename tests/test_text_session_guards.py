"""The session's guards as the text mode applies them. Before the text mode played through the
``Session``, each of these lost a player money:

- ``roll`` let the thrower's own rent claim lapse without a word, and at a table of three one
  person's throw cancelled another person's open claim;
- at a shared keyboard, a command on another person's property acted for them unasked, and undo
  then refused to take it back;
- a bidder whose cash did not beat the highest bid was dropped from the auction although they could
  mortgage, with an amount named that was not their limit.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Sequence

from scenario import ANN, BOB, CAT, new_game

from monopoly.engine import Game, arrange
from monopoly.session.model import UIState
from monopoly.text.console import Console
from monopoly.text.loop import TextGame

MEDITERRANEAN, BALTIC, ORIENTAL, ATLANTIC = 1, 3, 6, 26


def play_lines(game: Game, lines: Sequence[str], tmp_path: Path) -> str:
    out = io.StringIO()
    console = Console(io.StringIO("".join(f"{line}\n" for line in lines)), out, echo=True)
    text = TextGame(console, game, None, UIState(tokens=["Car", "Dog", "Hat"][: game.view.player_count]),
                    tmp_path, clock=lambda: 0.0)
    try:
        text.run()
    except EOFError:
        pass
    return out.getvalue()


def test_roll_is_refused_while_the_throwers_own_rent_would_lapse(tmp_path: Path) -> None:
    # Bob throws onto Ann's Oriental Avenue; Ann's throw would let the $6 lapse.
    game = new_game((1, 2), (3, 4), first=BOB)
    arrange(game, owners={ORIENTAL: ANN}, squares={BOB: BALTIC})
    out = play_lines(game, ["roll", "roll", "roll!"], tmp_path)
    refusal = "A throw now lets rent lapse (Ann $6 from Bob): rent claims it, or roll! throws anyway"
    assert refusal in out
    assert out.index(refusal) < out.index("Ann did not claim the $6 rent from Bob: it is lost"), \
        "lost only when Ann threw anyway"


def test_another_persons_claim_is_asked_for_before_a_throw_lets_it_lapse(tmp_path: Path) -> None:
    # Cy throws onto Bob's Oriental Avenue; Ann throws next, which would let Bob's claim lapse:
    # Bob is asked first (Ann's "roll" is not his answer), and claims.
    game = new_game((1, 2), (3, 4), players=("Ann", "Bob", "Cy"), first=CAT)
    arrange(game, owners={ORIENTAL: BOB}, squares={CAT: BALTIC})
    out = play_lines(game, ["roll", "roll", "rent", "roll"], tmp_path)
    assert "Bob: Ann is about to throw. Claim your rent ($6 from Cy) with rent, or let them throw with go." in out
    assert "Cy pays Bob $6 rent" in out
    assert "it is lost" not in out
    assert "Ann throws 3 and 4" in out


def test_a_command_on_another_persons_deed_asks_them_and_undo_takes_it_back(tmp_path: Path) -> None:
    game = new_game(first=BOB)
    arrange(game, owners={ATLANTIC: ANN})
    out = play_lines(game, ["mortgage atlantic", "no", "mortgage atlantic", "yes", "undo"], tmp_path)
    question = "This is Ann's move, not Bob's: is Ann here and agrees? (yes/no) [no]>"
    assert out.count(question) == 2
    assert "Ann mortgages Atlantic Avenue" in out, "mortgaged once Ann agreed"
    assert not game.view.mortgaged(ATLANTIC), "and taken back by the undo at Bob's prompt"
    assert "Nothing to undo" not in out


def test_a_computers_deed_is_never_acted_on_from_a_persons_prompt(tmp_path: Path) -> None:
    from monopoly.ai import ComputerPlayers
    game = new_game(first=ANN)
    arrange(game, owners={ATLANTIC: BOB})
    out = io.StringIO()
    console = Console(io.StringIO("mortgage atlantic\n"), out, echo=True)
    text = TextGame(console, game, ComputerPlayers(game, {BOB: "basic"}, seed=1), UIState(tokens=["Car", "Dog"]),
                    tmp_path, clock=lambda: 0.0)
    try:
        text.run()
    except EOFError:
        pass
    assert "Bob is a computer player and acts for itself" in out.getvalue()
    assert not game.view.mortgaged(ATLANTIC)


def test_a_bidder_who_could_mortgage_is_told_so_not_dropped(tmp_path: Path) -> None:
    # Ann has $40 and Mediterranean Avenue (mortgage $30); Bob bids $50 on Baltic Avenue.
    game = new_game((1, 2), first=ANN)
    arrange(game, owners={MEDITERRANEAN: ANN}, cash={ANN: 40})
    out = play_lines(game, ["roll", "auction", "bob 50", "mortgage med", "bid 60", "pass"], tmp_path)
    assert ("Ann can bid at most $40, which does not beat the highest bid of $50; mortgage or sell to raise "
            "money and bid, or pass") in out
    assert "Ann drops out" not in out.split("Ann bids $60")[0], "not dropped while she could raise money"
    assert "Ann wins Baltic Avenue for $60" in out
