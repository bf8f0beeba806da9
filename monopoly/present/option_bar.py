"""The option bar, in words: which options have something to do now, why a dimmed one has not,
and the bottom line's hint of what the game waits for.

The bar's table is the session's (``session.options.OPTIONS``); what each option means for the
position at hand, and the reason given when it cannot be used, is said here once for the curses
screen and the text mode alike.
"""

from __future__ import annotations

from typing import Any

from ..engine import DecisionKind as K, Game, actions as A, describe_decision
from ..session.options import OPTIONS
from ..session.words import name


def actions_by_person(game: Game, people: list[int]) -> dict[int, list[Any]]:
    return {p: game.legal_actions(p) for p in people}


def option_enabled(game: Game, people: list[int], legal: dict[int, list[Any]] | None = None) -> dict[str, bool]:
    """Which options of the bar have something to do now (the others are shown dimmed)."""
    if game.view.over:
        return {o.command: o.command in ("owners", "cash", "fastmove", "quit") for o in OPTIONS}
    legal = legal if legal is not None else actions_by_person(game, people)
    every = [a for p in people for a in legal.get(p, [])]
    d = game.view.pending
    view = game.view

    def kinds(*types: type) -> bool:
        return any(isinstance(a, types) for a in every)

    def holds(p: int) -> bool:
        return bool(view.owned(p) or view.jail_cards(p))

    def others_hold(p: int) -> bool:
        return any(q != p and holds(q) for q in view.active_players())

    can_trade = view.offer_problem() is None and any(holds(p) or others_hold(p) for p in people)
    return {
        "dice": d.player in people and d.kind != K.GAME_OVER,
        "rent": kinds(A.ClaimRent),
        "trade": can_trade,
        "mortgage": kinds(A.Mortgage, A.LiftMortgage),
        "houses": kinds(A.Build, A.SellBuilding),
        "owners": True,
        "cash": True,
        "fastmove": True,
        "save": True,
        "quit": True,
    }


def decision_hint(game: Game, people: list[int]) -> str:
    """What the game waits for, said on the bottom line when the option bar is active."""
    d = game.view.pending
    if d.kind == K.GAME_OVER:
        return "The game is over."
    who = name(game, d.player)
    if d.player not in people:
        return f"{who} (computer) is thinking..."
    if d.kind == K.ROLL:
        jail = " (in jail)" if game.view.in_jail(d.player) else ""
        return f"{who}{jail}: D to throw the dice, or choose an option."
    if d.kind == K.RAISE_FUNDS:  # what is still missing, not the whole debt
        missing = max(0, d.amount - game.view.cash(d.player))
        return f"{who}: D to raise the {game.view.money(missing)} still missing, or choose an option."
    return f"{who}: D to answer ({describe(game)}), or choose an option."


def describe(game: Game) -> str:
    return describe_decision(game, game.view.pending)


def why_not(game: Game, people: list[int], command: str) -> str:
    """Why an option of the bar (shown dimmed) cannot be used now: a reason, never just "no"."""
    d = game.view.pending
    view = game.view
    if game.view.over:
        return "The game is over."
    if command == "dice":
        return f"It is not your move: the game waits for {describe(game)}."
    if command == "rent":
        return ("There is no rent for a person to claim just now: rent can be claimed from the moment "
                "a player lands on your property until the next throw.")
    if command == "trade":
        if d.kind == K.TRADE_RESPONSE:
            return f"An offer is waiting for {name(game, d.player)}'s answer first."
        return "No trade can be offered: nobody holds a property or a jail card."
    for p in people:  # a player in debt, or an auction under way, blocks dealing for everyone
        problem = view.deal_problem(p)
        if problem is not None:
            return f"Not now: {problem}."
    if command == "mortgage":
        if not any(view.owned(p) for p in people):
            return "Nobody at the keyboard owns a property to mortgage."
        return ("Nothing to mortgage or lift: a street with buildings in its colour set cannot be "
                "mortgaged until they are sold, and lifting needs the cash for the mortgage and its interest.")
    if command == "houses":
        sets = [(p, g) for p in people for g in view.monopolies(p)]
        if not sets and not any(view.houses(s) or view.hotel(s) for p in people for s in view.owned(p)):
            return "Nobody at the keyboard owns a whole colour set: houses go only on a complete set."
        for p, group in sets:
            for square in group.squares:
                problem = view.build_problem(square, p)
                if problem is None:
                    cost = view.build_cost(square)
                    return f"{name(game, p)} needs {game.view.money(cost)} in cash for a building on {group.name}."
            return f"{name(game, p)} cannot build on {group.name}: {view.build_problem(group.squares[0], p)}."
        return "Nobody at the keyboard can build or sell now."
    return "Nothing to do."


def claim_window_hint(game: Game, people: list[int], thrower: int, seconds_left: float) -> str:
    """The bottom line while people may still claim rent before a computer throws: who may claim,
    the countdown, and what the keys do."""
    owners = " and ".join(name(game, p) for p in sorted({c.owner for c in game.view.claims() if c.owner in people}))
    who = name(game, thrower)
    return f"{owners}: R claims rent before {who} throws - {int(seconds_left + 0.99)} s  (SPACE: {who} throws now)"
