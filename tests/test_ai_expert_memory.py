"""``expert``'s play-outs start from what the players remember: its own memory, and what each other
seat, were it ``ruthless``, remembers of the answers its offers got (seen at the table)."""

from __future__ import annotations

import pytest

from monopoly.ai import ComputerPlayers, GameView, make_strategy
from monopoly.ai import rollouts
from monopoly.ai.expert import Expert
from monopoly.ai.rollouts import Plan, play_out
from monopoly.ai.ruthless import Ruthless
from monopoly.engine import RejectTrade
from test_ai_strategies import BALTIC, ORIENTAL, scenarios


@pytest.fixture
def made(monkeypatch) -> list[ComputerPlayers]:
    """The controllers the play-outs make, kept to look into once a play-out is over."""
    kept: list[ComputerPlayers] = []

    class Kept(ComputerPlayers):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            kept.append(self)

    monkeypatch.setattr(rollouts, "ComputerPlayers", Kept)
    return kept


def _offer_refused():
    """Seat 1 offers seat 0 Baltic (completing seat 0's brown set) for Oriental, pending seat 0's answer."""
    game = scenarios()["trade_response"]
    offer = game.view.pending.offer
    assert offer is not None and offer.proposer == 1 and offer.give == (BALTIC,)
    return game, offer


def test_answers_seen_are_remembered_for_the_proposer():
    game, offer = _offer_refused()
    expert = make_strategy("expert", 0, seed=3)
    assert isinstance(expert, Expert)
    view = GameView(game, 0)
    expert.trade_seen(view, offer, False)
    memory, refused = expert._memories(view)[1]
    # a ruthless proposer whose set's first price was refused asks it no more, and holds the offer back
    assert memory["price_refusers"] == [0]
    assert refused[(0, (BALTIC,), (ORIENTAL,))] > game.view.turn
    again = make_strategy("expert", 0, seed=3)
    again.restore(expert.memory())
    assert isinstance(again, Expert) and again._memories(view)[1] == (memory, refused)


def test_the_controller_tells_onlookers_how_offers_were_answered():
    game, offer = _offer_refused()
    computers = ComputerPlayers(game, {0: "expert", 1: "ruthless"}, seed=2)
    computers.note_answer(offer, False)
    proposer, expert = computers.strategy(1), computers.strategy(0)
    assert isinstance(proposer, Ruthless) and isinstance(expert, Expert)
    assert proposer._price_refusers == {0}
    assert computers.view(1).refused_recently(0, (BALTIC,), (ORIENTAL,))
    assert expert._memories(computers.view(0))[1][0]["price_refusers"] == [0]


def test_a_play_out_starts_from_the_memories_and_hears_its_own_answer(made):
    game, offer = _offer_refused()
    view = GameView(game, 0)
    own = {"refusals": {"1:5:": 2}, "price_refusers": [1]}
    play_out(view, Plan(RejectTrade(0)), 7, 0, {0: (own, {(1, (3,), ()): game.view.turn + 9})})
    players = made[-1]
    mine = players.strategy(0)
    assert isinstance(mine, Ruthless)
    assert mine._refusals == {"1:5:": 2} and mine._price_refusers == {1}
    assert players.view(0).refused_recently(1, (3,), ())
    # the refusal imagined is heard by the proposer: it does not make the offer again at once
    assert players.view(1).refused_recently(0, (BALTIC,), (ORIENTAL,))
    their = players.strategy(1)
    assert isinstance(their, Ruthless) and their._price_refusers == {0}


def test_a_play_out_of_an_offer_tells_the_seat_its_answer(made):
    from monopoly.engine import ProposeTrade
    from test_ai_expert import _split_groups
    game = _split_groups()  # Ann (0) to throw; Bob (1) holds Tennessee, which completes Ann's orange
    offer = ProposeTrade(0, 1, (), (19,), 1)  # a dollar for it: refused
    play_out(GameView(game, 0), Plan(offer), 7, 1)
    assert made[-1].view(0).refused_recently(1, (), (19,))
