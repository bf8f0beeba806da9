"""One converter (``engine/serial.py``) reads the state, actions and events back from plain JSON:
every record of a played game round-trips through it, and malformed data is refused with the path
of what is wrong (never a crash further on)."""

from __future__ import annotations

import json

import pytest

from monopoly.engine import Game, action_from_dict
from monopoly.engine import actions as A
from monopoly.engine import events as E

event_from_dict = E.event_from_dict


def test_every_action_and_event_of_real_games_round_trips() -> None:
    from monopoly.ai import ComputerPlayers
    seen_actions, seen_events = set(), set()
    for seed in range(3):
        game = Game.new(["Ann", "Bob", "Cy"], "us", {"max_turns": 80}, seed=seed)
        computers = ComputerPlayers(game, {0: "ruthless", 1: "basic", 2: "cautious"}, seed=seed)
        while not game.view.over:
            action = computers.next_action(game) or game.view.safe_action(game.view.pending.player)
            game.apply(action)
        for action, _, _ in game.journal:
            if action is not None:
                plain = json.loads(json.dumps(action.to_dict()))
                assert action_from_dict(plain) == action
                seen_actions.add(type(action))
        for event in game.log:
            plain = json.loads(json.dumps(event.to_dict()))
            assert event_from_dict(plain) == event
            seen_events.add(type(event))
    assert len(seen_actions) >= 5 and len(seen_events) >= 15


@pytest.mark.parametrize("data, said", [
    (["roll", 0], "an action must be an object"),
    ({"action": "fly", "player": 0}, "unknown action 'fly'"),
    ({"action": "roll", "player": "zero"}, "action roll.player: expected a whole number"),
    ({"action": "bid", "player": 0, "amount": [1]}, "action bid.amount: expected a whole number"),
    ({"action": "propose_trade", "player": 0, "recipient": 1, "give": 3}, "action propose_trade.give: expected a list"),
    ({"action": "roll", "player": 0, "extra": 1}, "action roll: unknown field 'extra'"),
])
def test_a_malformed_action_is_refused_naming_the_field(data: object, said: str) -> None:
    with pytest.raises(ValueError, match=said):
        action_from_dict(data)  # type: ignore[arg-type]


@pytest.mark.parametrize("data, said", [
    ("moved", "an event must be an object"),
    ({"event": "moved", "player": 0}, "event moved.start: missing"),
    ({"event": "dice_rolled", "player": 0, "dice": [1, 2, 3], "purpose": "move"}, "expected a list of 2"),
])
def test_a_malformed_event_is_refused_naming_the_field(data: object, said: str) -> None:
    with pytest.raises(ValueError, match=said):
        event_from_dict(data)  # type: ignore[arg-type]


def test_an_action_may_leave_out_fields_that_have_defaults() -> None:
    assert action_from_dict({"action": "propose_trade", "player": 0, "recipient": 1, "give": [3]}) == \
        A.ProposeTrade(0, 1, give=(3,))
