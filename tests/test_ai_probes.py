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


# Issue 37: offers no computer of any level takes (not milkable), and none it makes (manners).
from monopoly.ai.expert import Expert  # noqa: E402
from monopoly.ai.levels import LEVELS  # noqa: E402
from monopoly.ai.probes import LOPSIDED, PROPOSAL_POSITIONS, asks_too_much, lopsided_proposals  # noqa: E402

MILKED = [level.strategy for level in LEVELS] + ["value", "lookahead"]


@pytest.mark.parametrize("strategy", MILKED)
@pytest.mark.parametrize("probe", LOPSIDED, ids=[p.name for p in LOPSIDED])
def test_a_lopsided_offer_is_refused(strategy: str, probe: Probe, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Expert, "budget", 0.05)
    assert not run_probe(probe, strategy).accepted


@pytest.mark.parametrize("strategy", MILKED)
def test_no_lopsided_proposal(strategy: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Expert, "budget", 0.05)
    for name, players in PROPOSAL_POSITIONS:
        assert lopsided_proposals(strategy, players) == [], name


def test_asks_too_much_weighs_printed_values() -> None:
    game = railroad_game()  # Cpu holds Reading Railroad ($200)
    assert asks_too_much(game, ProposeTrade(0, 1, (), (5,), 99))
    assert not asks_too_much(game, ProposeTrade(0, 1, (), (5,), 100))
    assert asks_too_much(game, ProposeTrade(1, 0, (5,), (), -401))
    assert not asks_too_much(game, ProposeTrade(1, 0, (5,), (), -400))
