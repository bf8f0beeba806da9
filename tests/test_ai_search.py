"""``ruthless``'s any-time machinery (issue 12's speed): what it remembers between questions must
give the answers it would work out afresh.

- ``valuation.Appraisal`` values deals and mortgages from parts worked out once; its values are
  ``strength`` of the changed position.
- ``_Analysis`` keeps the build choice, lift, reserves and dearest rents while the holdings stand:
  a strategy that kept them through a whole game answers as a fresh one would.
- ``_develop`` looks again only when its cash reaches the least at which it would act.
- The search's memory (refused deals followed up, the idle threshold) survives a save.
"""

from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from monopoly.ai import ComputerPlayers
from monopoly.ai.ruthless import NEVER, Ruthless
from monopoly.ai.valuation import Appraisal, Position, board_for, strength
from monopoly.ai.view import GameView
from monopoly.engine import Build, Game, ScriptedDice, arrange

LIGHT_BLUES = (6, 8, 9)
ANN, BOB = 0, 1


def played(seed: int, turns: int, seats: int = 4) -> Game:
    """A game of ``ruthless`` players stopped after ``turns`` actions."""
    game = Game.new([f"P{i}" for i in range(seats)], "us", seed=seed, keep_log=False)
    players = ComputerPlayers(game, dict.fromkeys(range(seats), "ruthless"), seed=seed)
    for _ in range(turns):
        action = players.next_action(game)
        if action is None:
            break
        game.apply(action)
    return game


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), turns=st.integers(0, 900), change=st.integers(0, 10**6))
def test_an_appraisal_values_a_changed_position_as_strength_does(seed: int, turns: int, change: int) -> None:
    game = played(seed % 50, turns)
    view = GameView(game, 0)
    board = board_for(view)
    pos = Position.of(view)
    weights = Ruthless.weights
    appraisal = Appraisal(board, pos, weights)
    rng = random.Random(change)
    squares = rng.sample(list(board.properties), 3)
    owner = list(pos.owner)
    for s in squares:
        if not pos.level[s]:
            owner[s] = rng.choice(pos.active + [-1])
    mortgaged = list(pos.mortgaged)
    lone = squares[0]
    if not pos.level[lone]:
        mortgaged[lone] = not mortgaged[lone]
    for p in pos.active:
        assert abs(appraisal.strength(p) - strength(board, pos, p, weights)) < 1e-6
        cash = pos.cash[p] + rng.randint(-300, 300)
        traded = pos.copy()
        traded.owner = owner
        traded.cash[p] = cash
        assert abs(appraisal.worth(appraisal.traded(p, owner, squares), cash)
                   - strength(board, traded, p, weights)) < 1e-6
        flipped = pos.copy()
        flipped.mortgaged = mortgaged
        assert abs(appraisal.worth(appraisal.changed(p, (lone,), mortgaged=mortgaged), pos.cash[p])
                   - strength(board, flipped, p, weights)) < 1e-6


def test_what_it_remembers_through_a_game_is_what_it_would_work_out_afresh() -> None:
    # Every few actions of seeded games, each seat's remembered answers (build choice, reserve,
    # mortgage reserve, lift, trade key) are compared with a strategy that starts with nothing.
    for seed in (3, 11):
        game = Game.new([f"P{i}" for i in range(4)], "us", seed=seed, keep_log=False)
        players = ComputerPlayers(game, dict.fromkeys(range(4), "ruthless"), seed=seed)
        for step in range(3000):
            action = players.next_action(game)
            if action is None:
                break
            game.apply(action)
            if step % 7:
                continue
            for seat in range(4):
                kept = players.strategy(seat)
                assert isinstance(kept, Ruthless)
                view = players.view(seat)
                if view.bankrupt():
                    continue
                fresh = Ruthless(seat, random.Random(0))
                cash = view.cash()
                assert kept._next_development(view, cash) == fresh._next_development(view, cash)
                assert kept._reserve(view) == fresh._reserve(view)
                assert kept._mortgage_reserve(view) == fresh._mortgage_reserve(view)
                assert kept._trade_key(view) == fresh._trade_key(view)


def light_blues_for(cash: int) -> tuple[Game, Ruthless, GameView]:
    game = Game.new(["Ann", "Bob"], "us", dice=ScriptedDice([]), first_player=ANN)
    arrange(game, owners=dict.fromkeys(LIGHT_BLUES, BOB), cash={BOB: cash})
    strategy = Ruthless(BOB, random.Random(0))
    return game, strategy, GameView(game, BOB)


def test_short_of_cash_it_waits_for_the_cash_it_named_then_builds() -> None:
    game, strategy, view = light_blues_for(100)
    assert strategy._develop(view, at_start=False) is None
    assert strategy._idle is not None
    need = strategy._idle[0]
    assert 100 < need < NEVER
    arrange(game, cash={BOB: need - 1})
    assert strategy._develop(view, at_start=False) is None
    arrange(game, cash={BOB: need})
    assert isinstance(strategy._develop(view, at_start=False), Build)


def test_its_search_memory_survives_a_save() -> None:
    strategy = Ruthless(0, random.Random(0))
    strategy._queue = [(1, (6,), (8, 9)), (2, (), (21,))]
    strategy._idle = (640, 12, (1, -4, 6))
    strategy._search_key = (1, 3, 0, 1)
    copy = Ruthless(0, random.Random(0))
    copy.restore(strategy.memory())
    assert copy._queue == strategy._queue
    assert copy._idle == strategy._idle
    assert copy._search_key == strategy._search_key
    assert copy.memory() == strategy.memory()
    # a save from before: its key held the mortgages too; it searches afresh
    old = {**strategy.memory(), "search_key": [[1, 3, 0, 1], [False, True]]}
    copy.restore(old)
    assert copy._search_key is None
