"""What a seat may see, by construction: the views handed to a seat, a spectator, a front end or a
network client (``game.view``, ``for_seat``, the computer players' ``GameView``) cannot reach the
order of the decks or the dice generator through anything public. Only the engine's own
``omniscient_view`` reads the deck order, and nothing outside the engine and its tests asks it.

The walk below follows every public attribute and property of a view, and calls every public
question that needs no argument, through whatever they return, and fails if it meets the game, its
state, its dice or a deck's order: what OpenSpiel's observer guarantees a player (an observation,
never the state)."""

from __future__ import annotations

import ast
import inspect
import random
from pathlib import Path
from typing import Any

import pytest

from monopoly.ai import ComputerPlayers
from monopoly.ai.view import GameView
from monopoly.engine import DECKS, Game, HiddenDice, RandomDice, ScriptedDice, View, omniscient_view, public_state, replica
from monopoly.engine.state import GameState

ROOT = Path(__file__).resolve().parent.parent
SKIPPED_QUESTIONS = {"determinized"}  # an imagined game, its hidden parts drawn afresh (test_determinize.py)


def played(turns: int = 25) -> Game:
    game = Game.new(["Ann", "Bob", "Cy"], "us", {"max_turns": 200}, seed=3)
    computers = ComputerPlayers(game, {p: "ruthless" for p in range(3)}, seed=3)
    while game.view.turn < turns and not game.view.over:
        action = computers.next_action(game)
        assert action is not None
        game.apply(action)
    return game


def _hidden_in(root: Any, game: Game) -> list[str]:
    """The paths from ``root`` through public names to the game, its state, a deck's order or a
    generator of chance."""
    decks = [id(d) for d in game.state.decks]
    found: list[str] = []
    seen: set[int] = set()
    todo: list[tuple[Any, str, int]] = [(root, "view", 0)]
    while todo:
        obj, path, depth = todo.pop()
        if id(obj) in seen or depth > 6 or isinstance(obj, (str, int, float, bool, type(None))):
            continue
        seen.add(id(obj))
        if isinstance(obj, (Game, GameState, RandomDice, ScriptedDice, HiddenDice, random.Random)) or id(obj) in decks:
            found.append(path)
            continue
        if isinstance(obj, (list, tuple, set, frozenset)):
            todo += [(item, f"{path}[{i}]", depth + 1) for i, item in enumerate(obj)]
            continue
        if isinstance(obj, dict):
            todo += [(v, f"{path}[{k!r}]", depth + 1) for k, v in obj.items()]
            continue
        if inspect.ismodule(obj) or inspect.isclass(obj) or inspect.isroutine(obj):
            continue
        for name in dir(obj):
            if name.startswith("_") or name in SKIPPED_QUESTIONS:
                continue
            try:
                value = getattr(obj, name)
            except (AttributeError, ValueError):
                continue
            if inspect.ismethod(value):
                required = [p for p in inspect.signature(value).parameters.values()
                            if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
                if required:
                    continue
                try:
                    value = value()
                except (TypeError, ValueError, AttributeError):
                    continue
            todo.append((value, f"{path}.{name}", depth + 1))
    return found


@pytest.mark.parametrize("which", ["game.view", "for_seat", "GameView"])
def test_a_seats_view_reaches_neither_the_decks_order_nor_the_dice(which: str) -> None:
    game = played()
    view: View = {"game.view": lambda: game.view, "for_seat": lambda: game.view.for_seat(1),
                  "GameView": lambda: GameView(game, 2)}[which]()
    assert not hasattr(view, "deck_order")
    assert not hasattr(view, "dice") and not hasattr(view, "state") and not hasattr(view, "game")
    assert _hidden_in(view, game) == []


def test_a_replicas_view_reaches_neither() -> None:
    game = played()
    copy = replica(game.edition, game.rules, public_state(game))
    assert not hasattr(copy.view, "deck_order")
    assert _hidden_in(copy.view, copy) == []


def test_the_walk_would_find_the_deck_order() -> None:
    """The check above is not empty: the omniscient view's deck order is found by the same walk
    when asked (its order of cards is a new tuple, so the walk is shown the state instead)."""
    game = played()
    view = omniscient_view(game)
    assert [c.id for c in view.deck_order("chance")] == [game.edition.deck("chance")[i].id
                                                         for i in game.state.decks[DECKS.index("chance")]]
    assert _hidden_in({"leak": game.state.decks[0]}, game) == ["view['leak']"]


def test_only_the_engine_and_its_tests_ask_the_omniscient_view() -> None:
    outside = [p for p in (ROOT / "monopoly").rglob("*.py") if (ROOT / "monopoly" / "engine") not in p.parents]
    callers = []
    for path in outside:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.Name, ast.Attribute, ast.alias)):
                name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else node.name
                if name in ("omniscient_view", "OmniscientView", "deck_order"):
                    callers.append(f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 0)}")
    assert callers == []
