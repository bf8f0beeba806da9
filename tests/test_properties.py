"""Properties of every game: random legal play from random seeds, editions and rule options.

After every action: money is conserved, nothing is owned twice, cash never goes negative, the
pending decision can be answered; at random points save -> load -> save is identical and the
resumed game produces the same events as the uninterrupted one.
"""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from monopoly.engine import Game, ProposeTrade, check_invariants
from scenario import RULE_OPTIONS, random_rules_game

options = RULE_OPTIONS


def random_trade(game: Game, rng: random.Random) -> ProposeTrade | None:
    players = game.view.active_players()
    if len(players) < 2:
        return None
    a, b = rng.sample(players, 2)
    give = tuple(s for s in game.view.owned(a) if rng.random() < 0.3)
    take = tuple(s for s in game.view.owned(b) if rng.random() < 0.3)
    cash = rng.choice([0, 0, 10, 50, -20, -100])
    cards = game.view.jail_cards(a)[:1] if rng.random() < 0.5 else ()
    debt = game.view.pending
    settle = debt.kind == "raise_funds" and debt.player == a and debt.creditor == b and rng.random() < 0.5
    return ProposeTrade(a, b, give, () if settle else take, abs(cash) if settle else cash, cards, (), settle)


def play_step(game: Game, rng: random.Random) -> list:
    if rng.random() < 0.05:
        trade = random_trade(game, rng)
        if trade is not None and game.view.is_legal(trade):
            return game.apply(trade)
    return game.apply(rng.choice(game.legal_actions()))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), edition=st.sampled_from(["us", "uk", "dotcom"]), opts=options,
       players=st.integers(2, 8))
def test_random_legal_play_keeps_every_invariant(seed, edition, opts, players):
    game = random_rules_game(seed, edition, opts, players)
    rng = random.Random(seed)
    check_invariants(game)
    steps = 0
    while not game.view.over and steps < 1500:
        play_step(game, rng)
        steps += 1
        check_invariants(game)
        owners = [o for o in game.view.owners() if o >= 0]
        assert all(not game.view.bankrupt(o) for o in owners)
        if opts["short_game"] == "time_limit" and steps == 400:
            game.set_clock(30 * 60)
    if not game.view.over:
        return
    assert game.view.outcome.termination in {"last_player", "turn_limit", "first_bankruptcy", "time_up"}


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), edition=st.sampled_from(["us", "uk", "dotcom"]), opts=options,
       cut=st.integers(0, 400))
def test_save_load_save_is_identical_and_the_resumed_game_replays_the_same_events(seed, edition, opts, cut):
    if opts["short_game"] == "time_limit":
        opts = {**opts, "time_limit_minutes": 30}
    game = Game.new(["Ann", "Bob", "Cy"], edition=edition, rules={**opts, "max_turns": 80}, seed=seed)
    rng = random.Random(seed)
    for _ in range(cut):
        if game.view.over:
            break
        play_step(game, rng)
    saved = json.loads(json.dumps(game.to_dict()))
    resumed = Game.from_dict(saved)
    assert json.dumps(resumed.to_dict(), sort_keys=True) == json.dumps(saved, sort_keys=True)
    rng_state = rng.getstate()
    rng_resumed = random.Random()
    rng_resumed.setstate(rng_state)
    for _ in range(150):
        if game.view.over:
            break
        assert play_step(game, rng) == play_step(resumed, rng_resumed)
    assert game.to_dict() == resumed.to_dict()
