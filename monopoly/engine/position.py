"""Positions: a game set up in a chosen mid-game position, checked like a chess position from FEN.

A ``Position`` is plain data (frozen dataclasses, JSON through ``to_dict`` / ``from_dict``): who owns
what, the buildings, mortgages, cash, tokens, jail, Get Out of Jail Free cards held, the order of the
decks, whose turn it is, an optional debt being raised, the edition, rule options and seed.

- ``build_game(position)`` makes a ``Game`` in that position;
- ``position_of(game)`` reads a game's position back (so ``build_game(position_of(g))`` plays on
  from ``g``'s board);
- ``arrange(game, ...)`` and ``rearrange(game, position)`` change a game in place between decisions,
  for scenario tests that arrange a board and then play it.

Every entry point balances the bank's books itself (money paid in and out, houses and hotels in
stock) and refuses an impossible position with a ``PositionError`` saying why; the engine's own
``check_state`` runs last as a guard. Squares are named by index (``39`` or ``"39"``) or by name in
any case (``"boardwalk"``); players by seat or by name; the bank as ``"bank"``.

The modules. This one is the home of the public API and holds no code of its own:
``position_values`` (the values and their JSON), ``position_names`` (squares, players and cards by
the names a person uses), ``position_checks`` (what a position must satisfy), ``position_build``
(``build_game``, ``position_of``) and ``position_arrange`` (``arrange``, ``rearrange``).
"""

from __future__ import annotations

from .position_arrange import arrange, rearrange
from .position_build import build_game, position_of
from .position_values import (HOTEL, JAIL, MAX_PLAYERS, MIN_PLAYERS, Debt, DeckSetup, PlayerRef, PlayerSetup, Position,
                              PositionError, SquareRef)

__all__ = ["HOTEL", "JAIL", "MAX_PLAYERS", "MIN_PLAYERS", "Debt", "DeckSetup", "PlayerRef", "PlayerSetup", "Position",
           "PositionError", "SquareRef", "arrange", "build_game", "position_of", "rearrange"]
