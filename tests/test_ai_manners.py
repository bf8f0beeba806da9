"""Issue 37's measured manners, held for every level: at a table of three computers of the level and one
seat that never trades (US and UK boards, seeded games, seats rotated), offers to that seat at most 10
per 100 of its turns, at most 5% of them repeating a refused offer, at most 10% asking over twice the
printed value of what the seat would get, and sales between computers undone within 10 turns in at most
1 game in 10 (``monopoly/reports/manners.py`` says how each is counted).

The seat stands for a person (a controller of its own), and the table's manners (``ai/manners.py``)
hold every level to these. ``expert`` thinks up to half a second a decision; here it gets a few
hundredths, over fewer games, and is marked slow.
"""

from __future__ import annotations

import pytest

from monopoly.ai.expert import Expert
from monopoly.ai.levels import LEVELS
from monopoly.reports.manners import MannersCount, measure

GAMES = 20  # a board, a level
EXPERT_GAMES = 1


def _param(strategy: str) -> object:
    marks = [pytest.mark.slow] if strategy == "expert" else []
    return pytest.param(strategy, marks=marks, id=strategy)


@pytest.mark.parametrize("strategy", [_param(level.strategy) for level in LEVELS])
def test_manners_towards_a_seat_that_never_trades(strategy: str, monkeypatch: pytest.MonkeyPatch) -> None:
    games = GAMES
    if strategy == "expert":
        monkeypatch.setattr(Expert, "budget", 0.02)
        games = EXPERT_GAMES
    total = MannersCount()
    for edition in ("us", "uk"):
        total.add(measure(strategy, games, edition, seed=1))
    assert total.games == 2 * games and total.seat_turns > 0
    assert total.offers_per_100 <= 10.0, total
    assert total.repeat_share <= 0.05, total
    assert total.lopsided_share <= 0.10, total
    assert total.undone_games_share <= 0.10, total


def test_the_counts_of_a_seeded_game_replay() -> None:
    assert measure("cautious", 2, "us", seed=3) == measure("cautious", 2, "us", seed=3)
