"""The levels a person chooses a computer opponent by: each names the strategy behind it.

The set-up (``storage.starts.ask_new_game``, both front ends) and ``--players cpu:LEVEL`` offer
these; the other registered strategies (the benchmark opponents: ``random``, ``hoarder``,
``generous``, ``v3``) stay available by name to ``--players cpu:NAME`` and ``monopoly simulate``.
``docs/strategies.md`` gives each level's measured strength. ``expert`` thinks longer (up to
half a second a decision that matters) and plays ``ruthless`` out to choose.
"""

from __future__ import annotations

from dataclasses import dataclass

from .registry import DEFAULT_STRATEGY, STRATEGIES, strategy_names


@dataclass(frozen=True)
class Level:
    """A level: its name, the strategy that plays it, and what a person should expect, in one line."""

    name: str
    strategy: str
    description: str
    shortcut: str = ""

    @property
    def key(self) -> str:
        """The one key that chooses it at the set-up: ``shortcut``, else its initial."""
        return self.shortcut or self.name[0]


LEVELS: tuple[Level, ...] = (
    Level("easy", "basic", "keeps $200 back, builds evenly, never offers a trade"),
    Level("normal", "cautious", "keeps a large reserve, builds slowly, trades rarely"),
    Level("hard", "ruthless", "prices everything by rent, trades hard, builds fast"),
    Level("expert", "expert", "ruthless, but plays out its trades, big bids and building first", "x"),
)
"""The levels, weakest first (``docs/strategies.md``: their strength as measured)."""

DEFAULT_LEVEL = next(level.name for level in LEVELS if level.strategy == DEFAULT_STRATEGY)


def level_names() -> list[str]:
    return [level.name for level in LEVELS]


def level_named(name: str) -> Level | None:
    """The level called ``name`` (any case), or None."""
    word = name.strip().lower()
    return next((level for level in LEVELS if level.name == word), None)


def level_of(strategy: str) -> Level | None:
    """The level a strategy plays, or None for a strategy no level offers."""
    return next((level for level in LEVELS if level.strategy == strategy), None)


def other_strategies() -> list[str]:
    """The registered strategies no level offers (the benchmark opponents, plug-ins)."""
    offered = {level.strategy for level in LEVELS}
    return [name for name in strategy_names() if name not in offered]


def computer_strategy(word: str) -> str:
    """The strategy a computer player named by ``word`` plays: a level (``easy``) or a strategy's own
    name (``v3``); an empty word is the default level. ``ValueError`` names the choices."""
    text = word.strip()
    if not text:
        return DEFAULT_STRATEGY
    level = level_named(text)
    if level is not None:
        return level.strategy
    if text in STRATEGIES:
        return text
    raise ValueError(f"unknown strategy {text!r}: choose a level ({', '.join(level_names())}) "
                     f"or a strategy ({', '.join(strategy_names())})")


def strategy_line(name: str) -> str:
    """A strategy by name with what it is, for lists: "v3: after GNOME's ... (a benchmark opponent)"."""
    cls = STRATEGIES.get(name)
    description = cls.description if cls is not None else ""
    return f"{name}: {description}" if description else name
