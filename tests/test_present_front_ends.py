"""Each decision kind of the presentation layer (``monopoly.present``), rendered by the three front
ends: the curses screen asks it with its keys, the text mode offers its words as commands and says
its line, and the network protocol sends its line with the same words for the same actions. One
table of positions, one prompt per position, three renderings that must agree."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Callable

import pytest

from monopoly.engine import Game, ProposeTrade, arrange
from monopoly.engine import DecisionKind as K
from monopoly.engine import actions as A
from monopoly.net.protocol import prompt as net_prompt
from monopoly.present import PROMPTED, Prompt, debt, decision_prompt
from monopoly.session.model import UIState
from monopoly.text.commands import parse_line
from monopoly.text.console import Console
from monopoly.text.loop import TextGame
from scenario import ANN, BOB, card_on_top, give, jail, new_game


def _buy(**rules: object) -> Callable[[], Game]:
    def make() -> Game:
        game = new_game((1, 2), **rules)
        game.apply(A.Roll(ANN))
        return game
    return make


def _tax() -> Game:
    game = new_game((2, 2), (1, 1))
    game.apply(A.Roll(ANN))
    return game


def _pay_or_draw() -> Game:
    game = new_game((1, 1), (3, 4), edition="uk")
    card_on_top(game, "community_chest", "community_chest-fine-or-chance")
    game.apply(A.Roll(ANN))
    return game


def _trade() -> Game:
    game = new_game()
    give(game, ANN, "Reading Railroad")
    game.apply(ProposeTrade(ANN, BOB, (5,), (), 0, (), ()))
    return game


def _mortgaged() -> Game:
    game = new_game()
    give(game, ANN, "Reading Railroad", mortgaged=True)
    game.apply(ProposeTrade(ANN, BOB, (5,), (), -10, (), ()))
    game.apply(A.AcceptTrade(BOB))
    return game


def _jail() -> Game:
    game = new_game((1, 2))
    jail(game, ANN)
    arrange(game, jail_cards={ANN: ["chance"]})
    return game


POSITIONS: dict[str, Callable[[], Game]] = {"buy": _buy(), "buy without auctions": _buy(auctions=False), "income tax": _tax,
             "pay or draw": _pay_or_draw, "trade response": _trade, "mortgaged deed received": _mortgaged,
             "in jail": _jail}


def asked(game: Game) -> Prompt:
    p = game.view.pending.player
    prompt = decision_prompt(game, p)
    assert prompt is not None, game.view.pending
    return prompt


def test_every_prompted_kind_has_a_position() -> None:
    kinds = {asked(make()).kind for make in POSITIONS.values()}
    assert kinds == set(PROMPTED)


@pytest.mark.parametrize("position", sorted(POSITIONS))
def test_the_answers_are_the_legal_actions_that_answer_the_decision(position: str) -> None:
    game = POSITIONS[position]()
    prompt = asked(game)
    legal = game.view.legal_actions(prompt.player, deeds=False)
    assert all(a.action in legal for a in prompt.answers)
    assert len({a.key for a in prompt.answers}) == len({a.word for a in prompt.answers}) == len(prompt.answers)


@pytest.mark.parametrize("position", sorted(POSITIONS))
def test_the_text_mode_offers_the_prompts_words_and_says_its_line(position: str, tmp_path: Path) -> None:
    game = POSITIONS[position]()
    prompt = asked(game)
    text = TextGame(Console(io.StringIO(""), io.StringIO()), game, None, UIState(tokens=["Car", "Dog"]), tmp_path)
    assert [c.name for c in text.answers(prompt.player)] == [a.word for a in prompt.answers]
    assert prompt.line() in [line for line, _ in text.question(prompt.player)]


@pytest.mark.parametrize("position", sorted(POSITIONS))
def test_the_network_sends_the_prompts_line_and_words(position: str) -> None:
    game = POSITIONS[position]()
    prompt = asked(game)
    sent = net_prompt(game, prompt.player, prompt.player, [], complete=False)
    assert sent["question"].endswith(prompt.line())  # (an offer answered is said first)
    commands = {tuple(sorted(e["action"].items())): e["command"] for e in sent["actions"]}
    for a in prompt.answers:
        assert commands[tuple(sorted(a.action.to_dict().items()))] == a.word


@pytest.mark.parametrize("position", sorted(POSITIONS))
def test_the_curses_screen_asks_the_prompt_with_its_keys(position: str, tmp_path: Path) -> None:
    from monopoly.tui import play
    from test_tui_controller import FakeScreen
    game = POSITIONS[position]()
    prompt = asked(game)
    screen = FakeScreen(["esc"])  # asked, then put off
    ui = UIState(tokens=["Car", "Dog"], fastmove=True)
    controller = play.GameController(screen, game, None, ui, tmp_path)
    if prompt.kind == K.ROLL:
        controller.option_dice()
    else:
        controller.answer(game.view.pending)
    shown = next(line for line in screen.transcript if line.startswith(prompt.text))
    if prompt.yes_no:
        assert "(Y/N)" in shown
    else:
        for a in prompt.answers:
            assert f"{a.key.upper()} {a.label}" in shown, shown
    assert asked(game) == prompt, "ESC put it off: nothing was answered"


@pytest.mark.parametrize("position", sorted(POSITIONS))
def test_each_front_end_takes_each_answer_to_the_same_action(position: str, tmp_path: Path) -> None:
    """The curses key and the text word of each answer carry out the answer's action."""
    from monopoly.tui import play
    from test_tui_controller import FakeScreen
    for index in range(len(asked(POSITIONS[position]()).answers)):
        outcomes = []
        for front in ("curses", "text"):
            game = POSITIONS[position]()
            prompt = asked(game)
            answer = prompt.answers[index]
            before = len(game.journal)
            if front == "curses":
                key = ("y" if index == 0 else "n") if prompt.yes_no else answer.key
                screen = FakeScreen([key])
                controller = play.GameController(screen, game, None, UIState(tokens=["Car", "Dog"], fastmove=True),
                                                 tmp_path)
                if prompt.kind == K.ROLL:
                    controller.option_dice()
                else:
                    controller.answer(game.view.pending)
            else:
                out = io.StringIO()
                text = TextGame(Console(io.StringIO(answer.word + "\n"), out), game, None,
                                UIState(tokens=["Car", "Dog"]), tmp_path)
                text.run_command(prompt.player, parse_line(answer.word, text.answers(prompt.player)))
            outcomes.append(game.journal[before].action if len(game.journal) > before else None)
        assert outcomes[0] == outcomes[1] == prompt.answers[index].action, (front, outcomes)


@pytest.mark.parametrize("seed", [3, 8])
def test_a_minimal_front_end_plays_a_whole_game_through_the_presentation_layer(seed: int) -> None:
    """``present_front.PromptFront``, a front end of some eighty lines written for this test, plays
    a whole game of two people through the session and the prompts alone."""
    from monopoly.engine import check_invariants
    from monopoly.session.session import Session
    from present_front import PromptFront
    game = Game.new(["Ann", "Bob"], "us", {"max_turns": 150}, seed=seed)
    session = Session(game, None, UIState(tokens=["Car", "Dog"]))
    front = PromptFront(session)
    session.run(front)
    assert game.view.over, game.view.pending
    check_invariants(game)
    assert any("buy" in line for line in front.asked), front.asked[:5]
    assert front.lines[-1] == "The game is over." and len(front.lines) > 100


# ---------------------------------------------------------------------------------------- debts
def _debt(settle: bool) -> Game:
    """Ann lands on Bob's Boardwalk with $10 and owns the browns (to mortgage): she owes $50 rent."""
    game = new_game((1, 1), edition="uk" if settle else "us", rent_claim="automatic")
    arrange(game, owners={39: BOB, 1: ANN, 3: ANN}, squares={ANN: 37}, cash={ANN: 10})
    game.apply(A.Roll(ANN))
    assert game.view.pending.kind == K.RAISE_FUNDS, game.view.pending
    return game


DEBTS: dict[str, Callable[[], Game]] = {"debt": lambda: _debt(False), "debt, settling allowed": lambda: _debt(True)}


@pytest.mark.parametrize("position", sorted(DEBTS))
def test_a_debt_is_said_in_the_same_line_by_every_front_end(position: str, tmp_path: Path) -> None:
    """A debt is no one-choice prompt (each front end raises the money its own way), but the three
    say it in ``present.debt``'s one line: the text mode's question, the network's, and the message
    of the curses screen before it asks how to raise the rest."""
    from monopoly.tui import play
    from test_tui_controller import FakeScreen
    game = DEBTS[position]()
    owing = debt(game, ANN)
    assert owing is not None and owing.owed == game.view.pending.amount and owing.cash == 10
    assert owing.settle == game.view.may_settle_in_property(ANN) and not owing.bankrupt
    line = owing.line()
    text = TextGame(Console(io.StringIO(""), io.StringIO()), game, None, UIState(tokens=["Car", "Dog"]), tmp_path)
    assert line in [said for said, _ in text.question(ANN)]
    assert net_prompt(game, ANN, ANN, [], complete=False)["question"] == line
    screen = FakeScreen(["esc"])  # told, asked, then put off
    controller = play.GameController(screen, game, None, UIState(tokens=["Car", "Dog"], fastmove=True), tmp_path)
    controller.answer(game.view.pending)
    assert line in [m.text for m in controller.ui.messages]
    assert debt(game, BOB) is None
