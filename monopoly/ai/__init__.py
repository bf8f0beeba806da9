"""Computer players: pluggable strategies and the controller that plays them.

``STRATEGIES`` maps names to strategy classes; ``strategy_names()`` lists them with the default
(``ruthless``) first; ``LEVELS`` are what a person chooses (easy, normal, hard, expert), each naming its
strategy; ``make_strategy`` builds one; ``ComputerPlayers`` plays the computer seats
of a game. ``monopoly simulate`` (``monopoly.reports.tournament``) plays computer-only games headless.
See ``docs/strategies.md`` to write a strategy of your own.
"""

from .registry import DEFAULT_STRATEGY, STRATEGIES, make_strategy, register_strategy, strategy_names, unregister_strategy
from .strategy import Strategy, safe_answer
from .view import Auction, Claim, GameView, Offer, Pending

# Importing a strategy module registers it; the default is registered first.
from . import ruthless, basic, cautious, random_play, baselines, lookahead, value_agent  # noqa: E402, F401
from . import expert  # noqa: E402, F401  (after ruthless: it plays ruthless in its play-outs)
from .players import ComputerPlayers  # noqa: E402
from .levels import DEFAULT_LEVEL, LEVELS, Level, computer_strategy  # noqa: E402

BUILT_IN = (ruthless.Ruthless, basic.Basic, cautious.Cautious, random_play.RandomPlay)
"""The strategy classes that ship, in the order ``strategy_names`` lists them."""

__all__ = [
    "BUILT_IN", "Auction", "Claim", "ComputerPlayers", "DEFAULT_LEVEL", "DEFAULT_STRATEGY", "GameView", "LEVELS",
    "Level", "Offer", "Pending", "STRATEGIES", "computer_strategy",
    "Strategy", "make_strategy", "register_strategy", "safe_answer", "strategy_names", "unregister_strategy",
]
