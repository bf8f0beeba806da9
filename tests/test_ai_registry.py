"""The registry of strategies by name."""

from __future__ import annotations

import random

import pytest

from monopoly.ai import (DEFAULT_STRATEGY, STRATEGIES, Strategy, make_strategy, register_strategy, strategy_names,
                         unregister_strategy)


def test_names_default_first():
    assert strategy_names()[:4] == ["ruthless", "basic", "cautious", "random"]
    assert DEFAULT_STRATEGY == "ruthless"
    assert set(strategy_names()) == set(STRATEGIES)


def test_make_strategy_seeds_from_game_seed_and_seat():
    a = make_strategy("random", 2, seed=7)
    b = make_strategy("random", 2, seed=7)
    c = make_strategy("random", 3, seed=7)
    assert a.seat == 2 and a.name == "random" and isinstance(a.rng, random.Random)
    draws = [a.rng.random() for _ in range(3)]
    assert draws == [b.rng.random() for _ in range(3)]
    assert draws != [c.rng.random() for _ in range(3)]
    with pytest.raises(ValueError, match="ruthless, basic"):
        make_strategy("nonesuch", 0)


def test_register_and_unregister():
    class Dummy(Strategy):
        name = "dummy"

    register_strategy(Dummy)
    try:
        assert strategy_names()[-1] == "dummy"
        assert isinstance(make_strategy("dummy", 0), Dummy)
        register_strategy(Dummy)  # the same class again is fine

        class Other(Strategy):
            name = "dummy"

        with pytest.raises(ValueError, match="already registered"):
            register_strategy(Other)
    finally:
        unregister_strategy("dummy")
    assert "dummy" not in STRATEGIES
    with pytest.raises(ValueError):
        unregister_strategy(DEFAULT_STRATEGY)


@pytest.mark.parametrize("name", ["", "Has Space", "UPPER", 3])
def test_bad_names_are_refused(name):
    cls = type("Bad", (Strategy,), {"name": name})
    with pytest.raises(ValueError):
        register_strategy(cls)


def test_only_strategies_register():
    with pytest.raises(TypeError):
        register_strategy(int)  # type: ignore[arg-type]
