"""The ``value`` benchmark opponent (issue 37, ``monopoly/ai/value_agent.py``): whole seeded games with
no illegal answer, the same games from the same seed, and sensible answers in scripted positions."""

from __future__ import annotations

import logging

import pytest

from monopoly.ai import ComputerPlayers
from monopoly.ai.registry import make_strategy
from monopoly.ai.value_model import Model, Pos
from monopoly.ai.view import GameView
from monopoly.engine import (AcceptTrade, Buy, DeclineToBuy, DecisionKind, Pending, PlayerSetup, Position,
                             ProposeTrade, RejectTrade, build_game)
from monopoly.reports.tournament import run_games


@pytest.mark.parametrize("seats,edition", [
    (("value", "value", "value", "value"), "us"),
    (("value", "basic", "ruthless", "random"), "us"),
    (("value", "cautious"), "uk"),
    (("value", "value", "hoarder"), "uk"),
])
def test_whole_games_without_an_illegal_answer(seats, edition, caplog) -> None:
    with caplog.at_level(logging.WARNING, logger="monopoly.ai"):
        results = run_games(4, seats, edition=edition, seed=5, max_turns=400)
    assert len(results) == 4
    assert not [r for r in caplog.records if r.name.startswith("monopoly.ai")]


def test_the_same_seed_plays_the_same_games() -> None:
    first = run_games(3, ("value", "value", "ruthless"), seed=9, max_turns=400)
    again = run_games(3, ("value", "value", "ruthless"), seed=9, max_turns=400)
    assert [(r.winner, r.turns, r.landings) for r in first] == [(r.winner, r.turns, r.landings) for r in again]


def test_it_beats_basic_one_on_one() -> None:
    results = run_games(20, ("value", "basic"), seed=2, max_turns=1000)
    assert sum(1 for r in results if r.winner == "value") >= 12


def view_of(players: tuple[PlayerSetup, ...], current: str = "Cpu", buildings=()) -> GameView:
    game = build_game(Position(players=players, current_player=current, turn=9, buildings=buildings), seed=1,
                      keep_log=False)
    return GameView(game, 1)


def square(view: GameView, name: str) -> int:
    return next(sq.index for sq in view.edition.squares if sq.name == name)


def test_it_buys_a_deed_it_can_afford_safely() -> None:
    view = view_of((PlayerSetup("Ann"), PlayerSetup("Cpu", square="Illinois Avenue")))
    s = square(view, "Illinois Avenue")
    agent = make_strategy("value", 1, 1)
    assert isinstance(agent.buy(view, Pending(DecisionKind.BUY, 1, square=s, amount=240)), Buy)


def test_it_declines_when_the_rent_ahead_needs_the_cash() -> None:
    """Three orange hotels lie six to nine squares ahead: $400 less $240 cannot meet their rent."""
    players = (PlayerSetup("Ann", owns=("St. James Place", "Tennessee Avenue", "New York Avenue")),
               PlayerSetup("Cpu", cash=400, square="Electric Company"))
    hotels = (("St. James Place", "hotel"), ("Tennessee Avenue", "hotel"), ("New York Avenue", "hotel"))
    view = view_of(players, buildings=hotels)
    s = square(view, "Electric Company")
    agent = make_strategy("value", 1, 1)
    model = Model.for_view(view)
    assert model.reserve(Pos.of(view), 1, 0.1) >= 950
    assert isinstance(agent.buy(view, Pending(DecisionKind.BUY, 1, square=s, amount=150)), DeclineToBuy)


def answer(players: tuple[PlayerSetup, ...], give: tuple[str, ...], take: tuple[str, ...], cash: int):
    game = build_game(Position(players=players, current_player="Ann", turn=9), seed=1, keep_log=False)
    index = {sq.name: sq.index for sq in game.edition.squares}
    game.apply(ProposeTrade(0, 1, tuple(index[n] for n in give), tuple(index[n] for n in take), cash))
    return ComputerPlayers(game, {1: "value"}, seed=1).next_action(game)


def test_it_takes_the_deed_that_completes_its_set_at_a_fair_price() -> None:
    players = (PlayerSetup("Ann", owns=("New York Avenue",)),
               PlayerSetup("Cpu", owns=("St. James Place", "Tennessee Avenue")))
    assert isinstance(answer(players, ("New York Avenue",), (), -250), AcceptTrade)


def test_it_refuses_to_hand_a_rival_a_set_for_its_price() -> None:
    players = (PlayerSetup("Ann", owns=("St. James Place", "Tennessee Avenue")),
               PlayerSetup("Cpu", owns=("New York Avenue",)))
    assert isinstance(answer(players, (), ("New York Avenue",), 200), RejectTrade)


def test_it_offers_cash_for_the_deed_that_completes_its_set() -> None:
    game = build_game(Position(players=(PlayerSetup("Ann", owns=("St. James Place",)),
                                        PlayerSetup("Cpu", owns=("Tennessee Avenue", "New York Avenue")),
                                        PlayerSetup("Bob")), current_player="Cpu", turn=9), seed=1, keep_log=False)
    action = ComputerPlayers(game, {1: "value"}, seed=1).next_action(game)
    assert isinstance(action, ProposeTrade)
    assert action.take == (square(GameView(game, 1), "St. James Place"),) and action.cash > 0
