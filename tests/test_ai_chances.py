"""The valuation every computer decision can ask (``monopoly/ai/chances``): each player's chance of
winning a position, from public information only, in plain Python."""

from __future__ import annotations

import json
import math

import pytest

from monopoly.ai.chances import FEATURES, Estimator, Snapshot, player_features, shipped_model, win_chances
from monopoly.ai.chances.model import model_from
from monopoly.ai.players import ComputerPlayers
from monopoly.engine import Game, arrange

ORANGE = (16, 18, 19)
BROWN = (1, 3)


def game(players=4, edition="us", seed=3):
    return Game.new([f"P{i}" for i in range(players)], edition, seed=seed, first_player=0)


def test_the_chances_add_up_to_one_and_start_even_but_for_who_moves():
    g = game()
    chances = win_chances(g.view)
    assert math.isclose(sum(chances), 1.0)
    assert max(chances) - min(chances) < 0.02  # only the turn order tells them apart


@pytest.mark.parametrize("edition", ["us", "uk", "dotcom"])
def test_every_board_is_valued(edition):
    g = game(edition=edition)
    players = ComputerPlayers(g, {p: "ruthless" for p in range(4)}, seed=1)
    while g.view.turn < 60 and not g.view.over:
        g.push(players.next_action(g))
    chances = win_chances(g.view)
    assert math.isclose(sum(chances), 1.0) and all(0 <= c <= 1 for c in chances)


def test_a_set_with_houses_against_poor_rivals_is_a_likely_win():
    g = game(players=2)
    arrange(g, owners={sq: 0 for sq in ORANGE}, buildings={sq: 3 for sq in ORANGE}, cash={0: 1500, 1: 300})
    assert win_chances(g.view)[0] > 0.8


def test_completing_a_set_raises_the_chance_and_selling_it_lowers_it():
    g = game(players=3)
    arrange(g, owners={16: 0, 18: 0, 19: 1})
    e = Estimator.of(g.view)
    snap = e.snapshot(g.view)
    before = e.chances(snap)
    bought = e.chances(snap.traded(0, 1, (), (19,), 200, tables=e.tables))
    assert bought[0] > before[0] and bought[1] < before[1]


def test_a_player_out_of_the_game_has_no_chance():
    g = game(players=3)
    e = Estimator.of(g.view)
    snap = e.snapshot(g.view)
    snap.active[2] = False
    chances = e.chances(snap)
    assert chances[2] == 0.0 and math.isclose(chances[0] + chances[1], 1.0)
    assert player_features(e.tables, snap)[2] is None


def test_the_same_position_gives_the_same_figures_on_every_python():
    # Pinned to the last digit: the features add floats one by one in a fixed order, never with
    # sum() (whose rounding changed in Python 3.12), so they are the same on 3.10 to 3.13. (A change
    # to the features changes them on purpose: pin the new figures, and refit the weights.)
    g = game(players=3)
    arrange(g, owners={16: 0, 18: 0, 19: 0, 1: 1, 3: 1, 39: 2}, buildings={16: 2, 18: 2, 19: 1},
            cash={0: 700, 1: 900, 2: 1200}, squares={0: 5, 1: 12, 2: 30})
    e = Estimator.of(g.view)
    assert player_features(e.tables, e.snapshot(g.view)) == PINNED


PINNED = [
    [1.76, 1.0152306797290587, 0.0, 0.308879880455995, 0.017332710083178837, 0.7896670436120304, 0.0,
     0.5777777777777777, 0.0, 0.0, 0.0, 1.0],
    [1.02, 0.7030975114131134, 0.0, 0.005679834482946903, 0.1689327330697029, 0.3255282813163034, 0.0,
     0.0022222222222222222, 0.5777777777777777, 0.0, 0.0, 0.0],
    [1.6, 0.9555114450274365, 0.0, 0.028985585683410777, 0.15727985746947096, 0.0, 1.3403959411782738, 0.0,
     0.0022222222222222222, 0.0, 0.0, 0.0],
]


def test_the_shipped_model_names_its_features_and_a_file_is_checked():
    model = shipped_model()
    assert len(model.weights) == len(FEATURES) and model.source
    assert model_from({"features": ["income"], "weights": [1.0]}).weights[FEATURES.index("income")] == 1.0
    with pytest.raises(ValueError):
        model_from({"features": ["income", "outgo"], "weights": [1.0]})
    json.dumps({"features": list(FEATURES), "weights": list(model.weights)})  # what fit_chances.py writes


def test_a_snapshot_reads_only_what_every_seat_sees():
    g = game()
    snap = Snapshot.of(g.view.for_seat(1))
    assert snap == Snapshot.of(g.view)  # the same from any seat: nothing hidden is in it
