"""Properties of games under random mixes of every rule option, the text game's and the house rules
included: random legal play and the computer players, with every invariant checked after every
action (money with the Free Parking pot conserved, building even only where the rules say so), and
a save -> load round trip on the way."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from monopoly.ai import ComputerPlayers
from monopoly.cli import main
from monopoly.engine import Game, Rules, check_invariants
from scenario import RULE_OPTIONS

# The options the older property tests do not draw: the text game's differences and the house rules.
MORE_OPTIONS = st.fixed_dictionaries({
    "auctions": st.booleans(),
    "bankrupt_deeds_auctioned": st.booleans(),
    "doubles_roll_again": st.booleans(),
    "three_doubles_jail": st.booleans(),
    "starting_cash": st.sampled_from([0, 0, 300, 1500, 5000]),
    "go_salary": st.sampled_from([0, 0, 50, 400]),
    "go_landing_double": st.booleans(),
    "free_parking_pot": st.booleans(),
    "pot_card_payments": st.booleans(),
    "pot_stake": st.sampled_from([0, 0, 100, 500]),
    "jail_no_rent": st.booleans(),
    "even_building": st.booleans(),
    "turn_limit": st.sampled_from([0, 0, 0, 25]),
    "net_worth_target": st.sampled_from([0, 0, 0, 2500]),
})
ENDINGS = {"last_player", "turn_limit", "first_bankruptcy", "time_up", "turns_played", "target_reached"}


def _game(seed: int, edition: str, base: dict, more: dict, players: int, max_turns: int) -> Game:
    options = {**base, **more, "max_turns": max_turns}
    if options["short_game"] == "time_limit":
        options["time_limit_minutes"] = 30
    return Game.new([f"P{i}" for i in range(players)], edition, Rules.from_dict(options), seed=seed)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), edition=st.sampled_from(["us", "uk", "dotcom"]), base=RULE_OPTIONS,
       more=MORE_OPTIONS, players=st.integers(2, 6), cut=st.integers(0, 300))
def test_random_play_under_random_option_mixes_keeps_every_invariant(seed, edition, base, more, players, cut):
    game = _game(seed, edition, base, more, players, 80)
    rng = random.Random(seed)
    check_invariants(game)
    steps = 0
    while not game.view.over and steps < 1200:
        game.apply(rng.choice(game.legal_actions()))
        steps += 1
        check_invariants(game)
        assert game.view.pot() == 0 or more["free_parking_pot"]
        if steps == cut:
            saved = json.loads(json.dumps(game.to_dict()))
            assert Game.from_dict(saved).to_dict() == saved
    if game.view.over:
        assert game.view.outcome.termination in ENDINGS


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), edition=st.sampled_from(["us", "uk", "dotcom"]), base=RULE_OPTIONS,
       more=MORE_OPTIONS, strategies=st.lists(st.sampled_from(["ruthless", "basic", "cautious", "random"]),
                                              min_size=2, max_size=4))
def test_computer_players_play_under_random_option_mixes(seed, edition, base, more, strategies):
    game = _game(seed, edition, base, more, len(strategies), 60)
    players = ComputerPlayers(game, dict(enumerate(strategies)), seed=seed)
    actions = 0
    while not game.view.over and actions < 6000:
        action = players.next_action(game)
        assert action is not None
        game.apply(action)
        actions += 1
        check_invariants(game)
    assert game.view.over


def test_simulate_plays_the_house_preset_and_the_text_game(capsys) -> None:
    for preset, seats in (("house", "ruthless,basic,cautious"), ("text_game", "ruthless,basic")):
        assert main(["simulate", "--games", "3", "--strategies", seats, "--preset", preset,
                     "--max-turns", "150", "--json"]) == 0
        report = json.loads(capsys.readouterr().out)
        assert report["games"] == 3
        assert report["rules"]["auctions"] is False


def test_ruthless_buys_what_it_would_leave_to_a_cheap_auction_when_there_are_no_auctions() -> None:
    from monopoly.engine import Roll
    from scenario import ANN, BOB, act, new_game, set_cash
    for auctions, expected in ((True, "DeclineToBuy"), (False, "Buy")):
        game = new_game((1, 2), auctions=auctions)
        set_cash(game, BOB, 10)  # the rival cannot bid Baltic Avenue's price
        act(game, Roll(ANN))
        players = ComputerPlayers(game, {ANN: "ruthless", BOB: "ruthless"}, seed=1)
        assert type(players.next_action(game)).__name__ == expected


def test_ruthless_leaves_jail_for_a_jackpot_worth_more_than_the_rents_it_would_risk() -> None:
    from monopoly.engine import arrange
    from scenario import ANN, BOB, jail, new_game, set_cash
    for pot, expected in ((0, "Roll"), (50_000, "PayJailFine")):
        game = new_game((1, 2), free_parking_pot=True)
        arrange(game, owners={sq: BOB for sq in game.edition.properties})
        arrange(game, buildings={16: "hotel", 18: "hotel", 19: "hotel", 21: 4, 23: 4, 24: 4})
        set_cash(game, BOB, 0)
        set_cash(game, ANN, 20_000)
        jail(game, ANN)
        arrange(game, pot=pot)
        players = ComputerPlayers(game, {ANN: "ruthless"}, seed=1)
        assert type(players.next_action(game)).__name__ == expected  # Roll: stays in, trying for doubles
