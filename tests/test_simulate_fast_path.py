"""The two ways a simulation saves work (``docs/performance.md``) leave its games as they were:
rent for computers that always claim at once paid with the move (``Game.claim_rent_at_once``),
and no events built when nobody reads them (``Game.stop_reporting``)."""

from __future__ import annotations

import pytest

from monopoly.ai import ComputerPlayers
from monopoly.engine import ClaimRent, Game, RentClaimMode, Roll, Termination
from monopoly.engine import events as E
from monopoly.reports.tournament import game_seed, play_game

from scenario import ANN, BOB, act, give, new_game, place


def _played(index: int, claim_at_once: bool, report: bool) -> tuple[object, ...]:
    seed = game_seed(1, index)
    game = Game.new([f"P{i}" for i in range(4)], "us", {"max_turns": 400}, seed=seed, first_player=0, keep_log=False)
    players = ComputerPlayers(game, {p: "basic" for p in range(4)}, seed=seed)
    game.count_landings()
    if claim_at_once:
        game.claim_rent_at_once(players.always_claiming())
    if not report:
        game.stop_reporting()
    claims = 0
    while not game.view.over:
        action = players.next_action(game)
        assert action is not None
        claims += isinstance(action, ClaimRent)
        events = game.push(action)
        assert report or events == []
    outcome = game.view.outcome
    assert outcome is not None
    return (outcome.winner, outcome.termination, outcome.values, game.view.landings(), game.view.cash_by_seat(),
            game.view.owners(), game.view.turn, claims)


@pytest.mark.parametrize("index", range(12))
def test_rent_paid_with_the_move_leaves_the_game_as_claimed_at_once(index: int) -> None:
    """Everything ends the same (winner, how, every landing, every deed's owner); only the claims
    are not made. Two things move by one step at the very end: a game ended by a bankruptcy over
    rent ends in the payer's turn, not at the start of the next one (where its claim came), and
    the rent of the last move of a game stopped at the turn limit is paid (a claim would have come
    after the stop), so cash moves between players, the total the same."""
    claimed = _played(index, claim_at_once=False, report=True)
    paid = _played(index, claim_at_once=True, report=True)
    assert (paid[0], paid[1], paid[3], paid[5]) == (claimed[0], claimed[1], claimed[3], claimed[5])
    assert paid[4] == claimed[4] or (paid[1] == Termination.TURN_LIMIT and sum(paid[4]) == sum(claimed[4]))
    assert paid[6] in (claimed[6], claimed[6] - 1) and paid[7] == 0 < claimed[7]


@pytest.mark.parametrize("index", range(6))
def test_a_game_that_reports_nothing_plays_the_same(index: int) -> None:
    assert _played(index, True, report=False) == _played(index, True, report=True)


def test_only_the_seats_named_skip_the_claim() -> None:
    game = new_game((1, 2), players=("Ann", "Bob"))
    assert game.rules.rent_claim == RentClaimMode.NEXT_ROLL
    give(game, BOB, "Baltic Avenue")
    place(game, ANN, 0)
    game.claim_rent_at_once([BOB])
    events = act(game, Roll(ANN))
    assert [e for e in events if isinstance(e, E.Paid) and e.reason == "rent"] and not game.view.claims()
    assert not [e for e in events if isinstance(e, E.RentDue)]


def test_a_game_with_a_log_keeps_its_events() -> None:
    game = Game.new(["Ann", "Bob"], seed=1)
    with pytest.raises(ValueError):
        game.stop_reporting()


def test_the_simulations_use_both() -> None:
    result = play_game(0, ["basic"] * 4)
    assert result.turns > 0 and sum(result.landings) > 0

