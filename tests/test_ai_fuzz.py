"""Whole games of every strategy on every edition and rule set, checking invariants after every action."""

from __future__ import annotations

import pytest

from monopoly.ai import ComputerPlayers
from monopoly.engine import Game, check_invariants

SETUPS = [
    ("us", {}),
    ("uk", {}),
    ("dotcom", {"offline_rule": True}),
    ("dotcom", {"short_game": "dotcom"}),
    ("us", {"rent_claim": "automatic", "income_tax": "flat", "jail_doubles_roll_again": True}),
    ("us", {"auction_limit": "assets", "settle_in_property": True, "double_rent_with_mortgage": False,
            "mortgage_interest": 0}),
    ("uk", {"short_game": "time_limit", "time_limit_minutes": 3}),
]


@pytest.mark.parametrize("edition, rules", SETUPS)
@pytest.mark.parametrize("lineup", [("ruthless", "random", "cautious", "basic"), ("random", "random", "ruthless")])
def test_games_play_through_with_invariants(edition, rules, lineup):
    for seed in (1, 2):
        game = Game.new([f"P{i}" for i in range(len(lineup))], edition, {**rules, "max_turns": 120}, seed=seed,
                        keep_log=False)
        players = ComputerPlayers(game, dict(enumerate(lineup)), seed=seed)
        steps = 0
        while not game.view.over:
            if rules.get("short_game") == "time_limit":
                game.set_clock(steps)  # one second an action: the three minutes run out in some games
                if game.view.over:
                    break
            action = players.next_action(game)
            assert action is not None and game.view.is_legal(action), (action, game.view.pending)
            game.apply(action)
            check_invariants(game)
            steps += 1
