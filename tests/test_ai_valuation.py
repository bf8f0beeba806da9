"""``ruthless``'s valuation (issue 12): smooth in cash, and a colour set worth as much with one
opponent left as with three."""

from __future__ import annotations

from monopoly.ai import make_strategy
from monopoly.ai.valuation import Position as Snapshot, board_for, strength
from monopoly.ai.view import GameView
from monopoly.engine import PlayerSetup, Position, build_game

RED = ("Kentucky Avenue", "Indiana Avenue", "Illinois Avenue")


def snapshot(players: int, owns: tuple[str, ...]):
    others = tuple(PlayerSetup(f"P{i}") for i in range(1, players))
    game = build_game(Position(players=(PlayerSetup("A", owns=owns),) + others), seed=1, keep_log=False)
    view = GameView(game, 0)
    return board_for(view), Snapshot.of(view)


def test_the_value_of_a_whole_group_moves_smoothly_with_cash() -> None:
    # Once a $132 change of cash moved the red set's value by $1,741 (a third house on or off the plan).
    board, pos = snapshot(2, RED)
    weights = make_strategy("ruthless", 0).weights
    values = []
    for cash in range(0, 4000, 10):
        pos.cash[0] = cash
        values.append(strength(board, pos, 0, weights))
    steps = [b - a for a, b in zip(values, values[1:])]
    assert min(steps) >= 0  # more cash is never worth less
    assert max(steps) <= 60  # $10 more is worth at most a few times $10 (houses that repay their cost)


def test_a_set_is_worth_as_much_one_on_one_as_at_a_table_of_four() -> None:
    weights = make_strategy("ruthless", 0).weights
    worth = {}
    for players in (2, 4):
        board, whole = snapshot(players, RED)
        _, part = snapshot(players, RED[:2])
        worth[players] = strength(board, whole, 0, weights) - strength(board, part, 0, weights)
    assert worth[2] == worth[4] > 1000  # the third red deed: far more than its $240 price
