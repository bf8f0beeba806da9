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
from monopoly.present import (PROMPTED, BidPrompt, Prompt, bid_prompt, building_prompt, debt, decision_prompt,
                              decision_sites)
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


def test_the_minimal_front_end_bids_and_places_through_the_presentation_layer() -> None:
    """Two people on the .com board with the Offline rule and no money to buy with: deeds go to
    auction, and doubles move the Offline token, each asked through its prompt."""
    from monopoly.engine import check_invariants
    from monopoly.session.session import Session
    from present_front import PromptFront
    game = Game.new(["Ann", "Bob"], "dotcom", {"max_turns": 40, "offline_rule": True, "starting_cash": 100},
                    seed=5)
    session = Session(game, None, UIState(tokens=["Car", "Dog"]))
    front = PromptFront(session)
    session.run(front)
    check_invariants(game)
    assert any(line.startswith("Auction of ") for line in front.asked), front.asked[:8]
    assert any("put the Offline token" in line for line in front.asked), front.asked[:8]


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


# ---------------------------------------------------------------------------------------- auctions
def _auction(bid: bool) -> Callable[[], Game]:
    """Ann lets Baltic Avenue go to auction among three people (and Bob bids $10 first)."""
    def make() -> Game:
        game = new_game((1, 2), players=("Ann", "Bob", "Cy"))
        game.apply(A.Roll(ANN))
        game.apply(A.DeclineToBuy(ANN))
        if bid:
            while game.view.pending.player != BOB:
                game.apply(A.Bid(game.view.pending.player, game.view.pending.auction.high_bid + 1)  # type: ignore[union-attr]
                           if game.view.pending.player != BOB else A.PassBid(BOB))
            game.apply(A.Bid(BOB, game.view.pending.auction.high_bid + 10))  # type: ignore[union-attr]
        assert game.view.pending.kind == K.AUCTION
        return game
    return make


AUCTIONS: dict[str, Callable[[], Game]] = {"auction, no bid yet": _auction(False), "auction, a bid made": _auction(True)}


def bidding(game: Game) -> BidPrompt:
    prompt = bid_prompt(game, game.view.pending.player)
    assert prompt is not None and prompt.answers, game.view.pending
    return prompt


@pytest.mark.parametrize("position", sorted(AUCTIONS))
def test_an_auction_is_put_alike_by_every_front_end(position: str, tmp_path: Path) -> None:
    """The bid prompt (``present.bid_prompt``): the text mode offers its words and says its line,
    the network sends its line and names its actions with its words, and the curses auction box
    shows its range and its answers with their keys."""
    from monopoly.session.words import name
    from monopoly.tui import play
    from test_tui_controller import FakeScreen
    game = AUCTIONS[position]()
    prompt = bidding(game)
    p = prompt.asked
    assert [a.word for a in prompt.answers] == ["bid", "pass"]
    assert prompt.low is not None and prompt.default is not None and prompt.steps == tuple(sorted(prompt.steps))
    line = prompt.line()
    assert prompt.who == name(game, p)
    assert "Auction of Baltic Avenue (printed price $60)" in line and "(bid N or pass)" in line
    text = TextGame(Console(io.StringIO(""), io.StringIO()), game, None, UIState(tokens=["Car", "Dog", "Hat"]), tmp_path)
    assert [c.name for c in text.answers(p)] == [a.word for a in prompt.answers]
    assert line in [said for said, _ in text.question(p)]
    sent = net_prompt(game, p, p, [], complete=False)
    assert sent["question"] == line
    words = {e["command"].split()[0] for e in sent["actions"] if e["action"]["action"] in ("bid", "pass")}
    assert words == {a.word for a in prompt.answers}, sent["actions"]
    bids = [e for e in sent["actions"] if e["action"]["action"] == "bid"]  # the bid the text mode's "bid" makes
    assert [(e["action"]["amount"], e["command"]) for e in bids] == [(prompt.default, f"bid {prompt.default}")]
    controller = play.GameController(FakeScreen([]), game, None, UIState(tokens=["Car", "Dog", "Hat"], fastmove=True),
                                     tmp_path)
    shown = [said for said, _ in controller._auction_popup(game.view.pending, 5.0).lines]
    assert prompt.range_text() in shown
    for a in prompt.answers:
        assert f"{a.key.upper()}: {a.label}" in shown, shown


@pytest.mark.parametrize("position", sorted(AUCTIONS))
def test_each_front_end_takes_each_auction_answer_to_the_same_action(position: str, tmp_path: Path) -> None:
    """B and RETURN on the screen and ``bid`` in the text mode bid the prompt's first step; P and
    ``pass`` drop out."""
    from monopoly.tui import play
    from test_tui_controller import FakeScreen
    for index in range(2):
        outcomes = []
        for front in ("curses", "text"):
            game = AUCTIONS[position]()
            prompt = bidding(game)
            answer = prompt.answers[index]
            before = len(game.journal)
            if front == "curses":
                screen = FakeScreen(["enter"])  # the amount question: RETURN takes the default
                controller = play.GameController(screen, game, None,
                                                 UIState(tokens=["Car", "Dog", "Hat"], fastmove=True), tmp_path)
                controller._auction_key(game.view.pending, ord(answer.key))
            else:
                text = TextGame(Console(io.StringIO(""), io.StringIO()), game, None,
                                UIState(tokens=["Car", "Dog", "Hat"]), tmp_path)
                text.run_command(prompt.asked, parse_line(answer.word, text.answers(prompt.asked)))
            outcomes.append(game.journal[before].action if len(game.journal) > before else None)
        assert outcomes[0] == outcomes[1] == prompt.answers[index].action, outcomes


# ---------------------------------------------------------------------------------------- choices of squares
def _offline() -> Game:
    """The .com board, the Offline rule: Ann throws doubles and must move the token; Bob owns a deed."""
    game = new_game((1, 1), (2, 3), edition="dotcom", offline_rule=True)
    arrange(game, owners={1: ANN, 6: BOB})
    game.apply(A.Roll(ANN))
    while game.view.pending.kind == K.BUY:
        game.apply(A.DeclineToBuy(ANN))
        while game.view.pending.kind == K.AUCTION:
            game.apply(A.PassBid(game.view.pending.player))
    assert game.view.pending.kind == K.MOVE_OFFLINE, game.view.pending
    return game


def _placement() -> Game:
    """The bank has one house for five ordered: Ann wins it at auction and places it."""
    from scenario import build
    game = new_game()
    give(game, ANN, "Mediterranean Avenue", "Baltic Avenue")
    give(game, BOB, "Oriental Avenue", "Vermont Avenue", "Connecticut Avenue")
    give(game, BOB, 21, 23, 24, 26, 27, 29, 31, 32, 34)
    build(game, {21: 4, 23: 4, 24: 4, 26: 4, 27: 4, 29: 4, 31: 3, 32: 2, 34: 2})
    game.apply(A.OrderBuildings(ANN, ((ANN, 2), (BOB, 3)), False))
    while game.view.pending.kind == K.AUCTION:
        p = game.view.pending.player
        game.apply(A.Bid(p, 10) if p == ANN else A.PassBid(p))
    assert game.view.pending.kind == K.PLACE_BUILDING, game.view.pending
    return game


SITES: dict[str, Callable[[], Game]] = {"the Offline token": _offline, "a building bought at auction": _placement}


class CursorScreen:
    """Records what the curses board cursor is asked (its text, squares and start), then puts it off."""

    @staticmethod
    def make(keys: list[object]) -> object:
        from test_tui_controller import FakeScreen

        class Recording(FakeScreen):
            cursors: list[tuple[str, list[int], int | None]] = []

            def board_cursor(self, instructions: str, candidates: list[int],
                             start: int | None = None) -> tuple[str, int | None]:
                self.cursors.append((instructions, list(candidates), start))
                return super().board_cursor(instructions, candidates, start)

        screen = Recording(keys)
        screen.cursors = []
        return screen


@pytest.mark.parametrize("position", sorted(SITES))
def test_a_choice_of_squares_is_put_alike_by_every_front_end(position: str, tmp_path: Path) -> None:
    """``present.decision_sites``: the text mode offers its word and says its line, the network
    sends its line and names each site's action with its word, and the curses board cursor moves
    over exactly its sites from its start, under its question."""
    from monopoly.tui import play
    game = SITES[position]()
    p = game.view.pending.player
    sites = decision_sites(game, p)
    assert sites is not None and sites.sites and sites.start in sites.squares()
    legal = game.view.legal_actions(p, deeds=False)
    assert [s.action for s in sites.sites] == [a for a in legal if isinstance(a, (A.MoveOffline, A.Build))]
    text = TextGame(Console(io.StringIO(""), io.StringIO()), game, None, UIState(tokens=["Car", "Dog"]), tmp_path)
    assert [c.name for c in text.answers(p)][0] == sites.word
    assert sites.line() in [said for said, _ in text.question(p)]
    sent = net_prompt(game, p, p, [], complete=False)
    assert sent["question"] == sites.line()
    commands = {tuple(sorted(e["action"].items())): e["command"] for e in sent["actions"]}
    for s in sites.sites:
        assert commands[tuple(sorted(s.action.to_dict().items()))] == f"{sites.word} {s.name}"
    screen = CursorScreen.make(["esc"])
    controller = play.GameController(screen, game, None, UIState(tokens=["Car", "Dog"], fastmove=True),  # type: ignore[arg-type]
                                     tmp_path)
    controller.answer(game.view.pending)
    asked, squares, start = screen.cursors[0]  # type: ignore[attr-defined]
    assert asked.startswith(sites.text) and squares == sites.squares() and start == sites.start


@pytest.mark.parametrize("position", sorted(SITES))
def test_each_front_end_takes_a_site_to_its_action(position: str, tmp_path: Path) -> None:
    """RETURN on the cursor's start and the prompt's word with that square do the same."""
    from monopoly.tui import play
    outcomes = []
    for front in ("curses", "text"):
        game = SITES[position]()
        p = game.view.pending.player
        sites = decision_sites(game, p)
        assert sites is not None and sites.start is not None
        site = sites.site(sites.start)
        assert site is not None
        before = len(game.journal)
        if front == "curses":
            controller = play.GameController(CursorScreen.make(["enter"]), game, None,  # type: ignore[arg-type]
                                             UIState(tokens=["Car", "Dog"], fastmove=True), tmp_path)
            controller.answer(game.view.pending)
        else:
            text = TextGame(Console(io.StringIO(""), io.StringIO()), game, None, UIState(tokens=["Car", "Dog"]),
                            tmp_path)
            text.run_command(p, parse_line(f"{sites.word} {site.name}", text.answers(p)))
        outcomes.append(game.journal[before].action if len(game.journal) > before else None)
    assert outcomes[0] == outcomes[1] == site.action, outcomes


@pytest.mark.parametrize("sell", [False, True])
def test_building_and_selling_are_put_alike_by_every_front_end(sell: bool, tmp_path: Path) -> None:
    """Where a person builds or sells (``present.building_prompt``): the text mode's ``houses``
    lists its line, the network names each site's action with its word, and the curses Houses
    cursor moves over its sites under its question; a sale is confirmed in its words."""
    from scenario import build
    from monopoly.tui import play
    game = new_game()
    give(game, ANN, "Mediterranean Avenue", "Baltic Avenue")
    if sell:
        build(game, {1: 1, 3: 2})
    sites = building_prompt(game, ANN, sell=sell, placed=0, count=2)
    assert sites.word == ("sell" if sell else "build") and sites.sites
    assert [s.square for s in sites.sites] == ([3] if sell else [1, 3])
    out = io.StringIO()
    text = TextGame(Console(io.StringIO("houses\n"), out), game, None, UIState(tokens=["Car", "Dog"]), tmp_path)
    text.run_command(ANN, parse_line("houses", text.answers(ANN)))
    assert building_prompt(game, ANN, sell=sell).line() in out.getvalue()
    sent = net_prompt(game, ANN, ANN, [])
    commands = {tuple(sorted(e["action"].items())): e["command"] for e in sent["actions"]}
    for s in sites.sites:
        assert commands[tuple(sorted(s.action.to_dict().items()))] == f"{sites.word} {s.name}"
    screen = CursorScreen.make(["enter", "n", "esc"] if sell else ["esc"])
    controller = play.GameController(screen, game, None, UIState(tokens=["Car", "Dog"], fastmove=True),  # type: ignore[arg-type]
                                     tmp_path)
    if sell:
        controller.sell_dialog(ANN)
        assert sites.sites[0].confirm in screen.transcript[-2:][0] or any(  # type: ignore[attr-defined]
            line.startswith(sites.sites[0].confirm) for line in screen.transcript)  # type: ignore[attr-defined]
    else:
        controller.place_houses(ANN, 2)
    asked, squares, _ = screen.cursors[0]  # type: ignore[attr-defined]
    assert asked.startswith(building_prompt(game, ANN, sell=sell, placed=0, count=2).text)
    assert squares == sites.squares()
