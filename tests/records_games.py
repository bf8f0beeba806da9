"""Seeded computer games with records, shared by the record, statistics and replay tests."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from monopoly.ai import ComputerPlayers
from monopoly.engine import Game

RULES = {
    "us": {},
    "uk": {},  # claims lapse at the next throw; property may settle rent
    "dotcom": {"short_game": "dotcom"},  # deeds dealt (and paid for) before the first turn
    "auto": {"rent_claim": "automatic"},
}


def played(edition: str, seed: int, turns: int = 80, **rules: Any) -> tuple[Game, ComputerPlayers]:
    game = Game.new(["Ann", "Bob", "Cy"], edition, {"max_turns": turns, **rules}, seed=seed)
    players = ComputerPlayers(game, {0: "ruthless", 1: "basic", 2: "cautious"}, seed=seed)
    while not game.view.over:
        action = players.next_action(game)
        assert action is not None
        game.apply(action)
    return game, players


@lru_cache(maxsize=None)
def seeded(kind: str, seed: int) -> Game:
    """A finished seeded game of ``kind`` (an edition, or "auto": US with rent charged at once)."""
    edition = "us" if kind == "auto" else kind
    return played(edition, seed, **RULES[kind])[0]
