"""Fixtures shared by the test modules."""

from __future__ import annotations

import pytest

from monopoly.ai import Strategy, register_strategy, unregister_strategy


@pytest.fixture
def strategy_class():
    """Register a throw-away strategy class for one test."""
    made = []

    def make(name, **methods):
        cls = type(name.title(), (Strategy,), {"name": name, **methods})
        register_strategy(cls)
        made.append(name)
        return cls

    yield make
    for name in made:
        unregister_strategy(name)
