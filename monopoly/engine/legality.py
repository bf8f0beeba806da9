"""Legality: why an action is not allowed now, and every concrete legal action.

Over the ``Table`` and the routing table, so the game (``Game.problem``, ``check``,
``legal_actions``), its read view and the consistency checks ask the same functions: a verb's
legality is stated once, in its ``problem`` function (``routes.py``), and nothing here restates
a rule.
"""

from __future__ import annotations

from typing import Any

from . import actions as A
from . import holdings as H
from .decisions import DECISIONS
from .routes import ROUTES, Route
from .table import Table

# What a player may do with their deeds at any time: left out of ``legal_actions(deeds=False)``
# but where they answer the decision waiting.
_DEED_VERBS = frozenset({A.Build, A.SellBuilding, A.Mortgage, A.LiftMortgage})


def problem(t: Table, action: A.Action) -> str | None:
    """Why ``action`` is not allowed now, or None when it is."""
    route = ROUTES.get(type(action))
    if route is None:
        return f"{action!r} is not an action"
    return route_problem(t, action, route)


def route_problem(t: Table, action: A.Action, route: Route[Any]) -> str | None:
    """``problem`` for an action whose route is known: the checks every action has, then its verb's."""
    s = t.state
    if s.outcome is not None:
        return "the game is over"
    problem = A.malformed(action)
    if problem is not None:
        return problem
    p = action.player
    players = s.players
    if not 0 <= p < len(players):
        return f"there is no player {p!r}"
    if players[p].bankrupt:
        return f"{players[p].name} is bankrupt and out of the game"
    return route.problem(t, action)


def legal_actions(t: Table, player: int | None = None, deeds: bool = True) -> list[A.Action]:
    """Every concrete legal action now, for ``player`` or for everyone.

    Bids are listed at the smallest raise; any larger affordable bid is legal too. Trades are
    open-ended and not listed: build a ``ProposeTrade`` and ask ``is_legal``. ``EndGame`` is
    always legal while the game runs and is not listed. Each candidate is checked by its
    verb's one ``problem`` function: nothing here restates a rule.

    ``deeds`` False: only the answers to the decision waiting (``DecisionRule.answers``) and
    the rent claims, without what a player may do with their deeds at any time (build, sell a
    building, mortgage, lift a mortgage) unless it answers the decision (the sales and
    mortgages that raise a debt). Those verbs are most of the candidates, four for each owned
    square, and a game server asks for what the seat it waits for must answer after every
    action (``docs/protocol.md``, version 4).
    """
    s = t.state
    if s.outcome is not None or (player is not None and (type(player) is not int or not 0 <= player < len(s.players))):
        return []  # NOBODY (-1) would otherwise be taken for the owner of every unowned square
    d = t.waiting()
    candidates = DECISIONS[d.kind].candidates(t, d)
    answers = DECISIONS[d.kind].answers
    squares = t.edition.squares
    for p in ([i for i, pl in enumerate(s.players) if not pl.bankrupt] if player is None else [player]):
        candidates += [A.ClaimRent(p, c.id) for c in s.claims if c.owner == p]
        if not deeds and (p != d.player or not _DEED_VERBS.intersection(answers)):
            continue
        for sq in H.owned(s, p):
            # Only the verbs that can apply to the square are candidates (a mortgage is lifted
            # or taken, never both; a building is sold where there is one and put on streets
            # only): each is still checked by its rule below. This halves the candidates and
            # leaves the list as it was.
            mortgaged = s.mortgaged[sq]
            if not mortgaged and squares[sq].kind == "street":
                candidates.append(A.Build(p, sq))
            if s.houses[sq] or s.hotel[sq]:
                candidates.append(A.SellBuilding(p, sq))
            candidates.append(A.LiftMortgage(p, sq) if mortgaged else A.Mortgage(p, sq))
    # The candidates are the engine's own, well formed by construction (``malformed`` has nothing
    # to find) and for seats that exist: of ``_problem``'s checks the bankrupt's and the verb's
    # rule are left to ask (this runs for every update a server sends, about a hundred a time).
    seen: set[A.Action] = set()
    result: list[A.Action] = []
    players = s.players
    for action in candidates:
        if not deeds and type(action) in _DEED_VERBS and type(action) not in answers:
            continue
        if (player is None or action.player == player) and action not in seen:
            route = ROUTES.get(type(action))
            if route is not None and not players[action.player].bankrupt and route.problem(t, action) is None:
                seen.add(action)
                result.append(action)
    return result
