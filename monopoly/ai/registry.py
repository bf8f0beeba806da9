"""Strategies by name: the list the set-up screen and ``monopoly simulate`` offer."""

from __future__ import annotations

import random
import re
from typing import Callable, TypeVar

from .strategy import Strategy

DEFAULT_STRATEGY = "ruthless"

STRATEGIES: dict[str, type[Strategy]] = {}
"""Every registered strategy class by name, in the order registered."""

_NAME = re.compile(r"^[a-z][a-z0-9_-]{0,23}$")
S = TypeVar("S", bound=type[Strategy])


def register_strategy(cls: S) -> S:
    """Class decorator: make a ``Strategy`` subclass selectable by its ``name``.

    The name is a short lower-case word (letters, digits, ``-`` or ``_``). Registering a class
    under a name already taken replaces the earlier one only if it is the same class (so a
    module may be imported twice); otherwise it is an error.
    """
    if not (isinstance(cls, type) and issubclass(cls, Strategy)):
        raise TypeError("only Strategy subclasses can be registered")
    name = cls.name
    if not isinstance(name, str) or not _NAME.match(name):
        raise ValueError(f"a strategy needs a short lower-case name, not {name!r}")
    old = STRATEGIES.get(name)
    if old is not None and old is not cls and (old.__module__, old.__qualname__) != (cls.__module__, cls.__qualname__):
        raise ValueError(f"a strategy named {name!r} is already registered ({old.__qualname__})")
    STRATEGIES[name] = cls
    return cls


def unregister_strategy(name: str) -> None:
    """Remove a strategy (for tests and plug-ins); the default cannot be removed."""
    if name == DEFAULT_STRATEGY:
        raise ValueError("the default strategy cannot be removed")
    STRATEGIES.pop(name, None)


def strategy_names() -> list[str]:
    """Registered names, the default first, then in the order they were registered."""
    return [DEFAULT_STRATEGY] + [n for n in STRATEGIES if n != DEFAULT_STRATEGY]


def seat_seed(seed: int, seat: int) -> int:
    """The seed of a seat's own random generator, derived from the game's seed."""
    return (int(seed) * 1_000_003 + 7_919 * (seat + 1)) & 0xFFFF_FFFF_FFFF


def make_strategy(name: str, seat: int, seed: int | None = 0, rng: random.Random | None = None) -> Strategy:
    """A new strategy ``name`` playing ``seat``, with its own generator seeded from ``seed`` and the seat.

    Raises ``ValueError`` naming the choices when ``name`` is unknown.
    """
    cls = STRATEGIES.get(name)
    if cls is None:
        raise ValueError(f"unknown strategy {name!r}; choose one of {', '.join(strategy_names())}")
    if rng is None:
        rng = random.Random(seat_seed(seed or 0, seat))
    return cls(seat, rng)


StrategyFactory = Callable[[int, random.Random], Strategy]
