"""The fixed trade probes of issue 12 (``monopoly/ai/probes.py``) as tests: each position and offer
gets the answer and the reason expected, and a counter-offer is one the computer would accept."""

from __future__ import annotations

import pytest

from monopoly.ai import ComputerPlayers
from monopoly.ai.probes import PROBES, Probe, run_probe
from monopoly.engine import AcceptTrade, PlayerSetup, Position, ProposeTrade, RejectTrade, build_game


@pytest.mark.parametrize("probe", PROBES, ids=[p.name for p in PROBES])
def test_probe(probe: Probe) -> None:
    result = run_probe(probe)
    assert result.accepted == probe.accept, result.reason
    assert probe.reason in result.reason


def railroad_game():
    position = Position(players=(PlayerSetup("Ann"), PlayerSetup("Cpu", owns=("Reading Railroad",))),
                        current_player="Ann", turn=9)
    return build_game(position, seed=1, keep_log=False)


def test_a_refusal_comes_with_a_counter_offer_the_computer_would_itself_accept() -> None:
    game = railroad_game()
    game.apply(ProposeTrade(0, 1, (), (5,), 100))
    players = ComputerPlayers(game, {1: "ruthless"}, seed=1)
    assert isinstance(players.next_action(game), RejectTrade)
    reply = players.last_reply
    assert reply is not None and reply.reason == "not enough for Reading Railroad"
    counter = reply.counter
    assert counter is not None and counter.give == (5,) and counter.take == () and 100 < -counter.cash <= 400
    game.apply(RejectTrade(1))
    assert players.next_action(game) == counter  # made to Ann as an offer of its own
    game.apply(counter)
    # the same deal proposed by Ann for the cash asked is accepted
    game.apply(RejectTrade(0))
    game.apply(ProposeTrade(0, 1, (), (5,), -counter.cash))
    assert isinstance(players.next_action(game), AcceptTrade)


def test_a_refused_counter_offer_is_not_made_again() -> None:
    game = railroad_game()
    players = ComputerPlayers(game, {1: "ruthless"}, seed=1)
    game.apply(ProposeTrade(0, 1, (), (5,), 100))
    game.apply(players.next_action(game))
    counter = players.next_action(game)
    assert isinstance(counter, ProposeTrade)
    game.apply(counter)
    game.apply(RejectTrade(0))
    game.apply(ProposeTrade(0, 1, (), (5,), 100))  # the same low offer again
    assert isinstance(players.next_action(game), RejectTrade)
    game.apply(RejectTrade(1))
    assert not isinstance(players.next_action(game), ProposeTrade)


def test_every_computer_answer_carries_a_reason() -> None:
    game = railroad_game()
    players = ComputerPlayers(game, {1: "basic"}, seed=1)
    game.apply(ProposeTrade(0, 1, (), (5,), 400))
    players.next_action(game)
    assert players.last_reply is not None and players.last_reply.reason
