"""The valuation's worked-out-once tables (issue 12's speed) give exactly the numbers of the plain
arithmetic they stand for: a group's part read from its state (``Horizon.states``), a build plan read
from ``Horizon.plan``, a changed whole group put in build order (``_with_plan``) and the horizon kept
for the last weights (``Board.horizon``). Exactly: the seeded games compare these floats, so a last
bit of difference can change a decision.

The references below are the valuation's arithmetic before the tables, written out plainly."""

from __future__ import annotations

import random
from typing import Sequence

from hypothesis import given, settings, strategies as st

from monopoly.ai.ruthless import Ruthless
from monopoly.ai.valuation import (Board, Horizon, Plan, Weights, _group_part, _plans, _with_plan, board_for,
                                   rent_index)
from monopoly.ai.view import GameView
from monopoly.engine import NOBODY, Game

WEIGHTS = (Ruthless.weights, Weights(), Weights(horizon=10.0, option=0.3, split_option=0.0),
           Weights(horizon=20.0, option=0.1, split_option=0.5, min_opponents=2.0))


def board(edition: str = "us", interest: int = 10) -> Board:
    game = Game.new(["A", "B", "C", "D"], edition, {"mortgage_interest": interest}, seed=1, keep_log=False)
    return board_for(GameView(game, 0))


def reference_part(board: Board, i: int, owner: Sequence[int], mortgaged: Sequence[bool], level: Sequence[int],
                   p: int, turns: float, w: Weights) -> tuple[float, float, tuple[int, int, float] | None]:
    """What group ``i`` adds to ``p``'s strength, and for a whole group (level, cost a level, lift)."""
    g = board.groups[i]
    squares = g.squares
    mine = 0
    other = False
    value = 0.0
    for s in squares:
        o = owner[s]
        if o == p:
            mine += 1
            value += board.mortgaged_value[s] if mortgaged[s] else board.price[s]
        elif o != NOBODY:
            other = True
    if not mine:
        return 0.0, 0.0, None
    fund = 0.0
    if g.kind == "street":
        if mine == len(squares):
            cur = min([level[s] for s in squares])
            lift = 0.0
            for s in squares:
                if mortgaged[s]:
                    lift += board.lift_cost[s]
            return value, 0.0, (cur, g.house_cost * len(squares), lift)
        for s in squares:
            if owner[s] == p and not mortgaged[s]:
                value += turns * board.rate[s][0]
                fund += board.mortgage[s]
        if not other:
            value += w.option * (mine / len(squares)) ** 2 * turns * g.rate[3]
        elif w.split_option:
            value += w.split_option * w.option * (mine / len(squares)) ** 2 * turns * g.rate[3]
    else:
        live = 0
        for s in squares:
            if owner[s] == p and not mortgaged[s]:
                live += 1
                fund += board.mortgage[s]
        value += turns * g.rate[live]
    return value, fund, None


def reference_plans(board: Board, turns: float, whole: Sequence[tuple[int, tuple[int, int, float]]], funds: float,
                    top_level: int) -> float:
    """The build plans' value, level by level."""
    total = 0.0
    for i, (cur, per_level, lift) in whole:
        g = board.groups[i]
        rents = [turns * g.rate[rent_index(lv, top_level)] for lv in range(top_level + 1)]
        best = rents[cur] if not lift else turns * g.single * 0.5
        best_cost = 0.0
        prev_rent = rents[cur]
        prev_cost = lift
        for lv in range(cur, top_level + 1):
            cost = (lv - cur) * per_level + lift
            rent = rents[lv]
            if cost > funds:
                if lv > cur and funds > prev_cost:
                    share = (funds - prev_cost) / per_level
                    value = prev_rent + share * (rent - prev_rent) - funds
                    if value > best:
                        best, best_cost = value, funds
                break
            value = rent - cost
            if value > best:
                best, best_cost = value, cost
            prev_rent, prev_cost = rent, cost
        total += best
        funds -= best_cost
    return total


def same(a: object, b: object) -> bool:
    """Equal to the last bit (``repr`` tells 0.1 + 0.2 from 0.3)."""
    return repr(a) == repr(b)


@settings(max_examples=60, deadline=None)
@given(edition=st.sampled_from(["us", "uk", "dotcom"]), interest=st.sampled_from([0, 10, 15]),
       weights=st.sampled_from(WEIGHTS), opponents=st.integers(1, 5), top=st.sampled_from([5, 6]),
       seed=st.integers(0, 10**6))
def test_a_group_part_read_from_its_state_is_the_plain_arithmetic(edition: str, interest: int, weights: Weights,
                                                                   opponents: int, top: int, seed: int) -> None:
    b = board(edition, interest)
    horizon = b.horizon(weights, opponents, top)
    assert horizon.turns == weights.horizon * max(weights.min_opponents, opponents)
    rng = random.Random(seed)
    for _ in range(40):
        owner = [rng.choice([NOBODY, 0, 0, 1, 2]) for _ in b.price]
        mortgaged = [rng.random() < 0.3 for _ in b.price]
        level = [rng.randint(0, top) for _ in b.price]
        for i in range(len(b.groups)):
            for p in (0, 1):
                value, fund, plan = _group_part(b, i, owner, mortgaged, level, p, horizon)
                r_value, r_fund, built = reference_part(b, i, owner, mortgaged, level, p, horizon.turns, weights)
                assert same((value, fund), (r_value, r_fund))
                assert (plan is None) == (built is None)
                if plan is not None and built is not None:
                    cur, per_level, lift = built
                    assert same(plan, horizon.plan(i, cur, lift))
                    for funds in (0.0, lift, 150.0, 733.3, 2000.0, 9000.0):
                        assert same(_plans(((i, plan),), funds),
                                    reference_plans(b, horizon.turns, ((i, built),), funds, top))


def test_every_state_of_every_group_is_the_plain_arithmetic() -> None:
    # (each state made on a board: deeds nobody's (0), another's (1), ours (2), ours mortgaged (3))
    b = board()
    for weights in WEIGHTS:
        horizon = b.horizon(weights, 3, 5)
        for i, g in enumerate(b.groups):
            n = len(g.squares)
            for state in range(4 ** n):
                owner = [NOBODY] * len(b.price)
                mortgaged = [False] * len(b.price)
                for k, s in enumerate(g.squares):
                    digit = (state >> 2 * (n - 1 - k)) & 3
                    owner[s] = (NOBODY, 1, 0, 0)[digit]
                    mortgaged[s] = digit == 3
                part = horizon.state_part(i, state)
                value, fund, built = reference_part(b, i, owner, mortgaged, [2] * len(b.price), 0, horizon.turns,
                                                    weights)
                assert same(part[:2], (value, fund))
                assert (part[2] is None) == (built is None)
                if part[2] is not None and built is not None:
                    assert same(part[2][2], horizon.plan(i, 2, built[2]))


def test_a_changed_whole_group_takes_its_place_in_the_build_order() -> None:
    b = board()
    rng = random.Random(5)
    plan: Plan = (0.0, 0.0, 0.0, 0.0, 1, ())
    streets = [i for i, g in enumerate(b.groups) if g.kind == "street"]
    for _ in range(300):
        held = sorted(rng.sample(streets, rng.randint(0, 4)), key=lambda i: (b.build_rank[i], i))
        whole = tuple((i, plan) for i in held)
        i = rng.choice(streets)
        new: Plan = (1.0, 0.0, 0.0, 0.0, 1, ())
        expected = sorted([item for item in whole if item[0] != i] + [(i, new)],
                          key=lambda it: (b.build_rank[it[0]], it[0]))
        assert _with_plan(whole, i, new, b.build_place) == tuple(expected)
        assert _with_plan(whole, i, None, b.build_place) == tuple(item for item in whole if item[0] != i)


def test_the_horizon_kept_for_the_last_weights_is_the_one_asked_for() -> None:
    b = board()
    w = Ruthless.weights
    first = b.horizon(w, 3, 5)
    assert b.horizon(w, 3, 5) is first
    assert b.horizon(w, 1, 5) is first  # (at least min_opponents, 3: the same turns)
    assert b.horizon(w, 4, 5).turns == w.horizon * 4
    assert b.horizon(w, 3, 6) is not first
    other = Weights(horizon=w.horizon, min_opponents=w.min_opponents, option=w.option, split_option=w.split_option)
    assert b.horizon(other, 3, 5) is first  # (the same horizon and option credits)
    assert isinstance(first, Horizon)
