"""Properties of buildings, mortgages, trades and debts under random legal play.

Random players here lean towards building (and offer trades that complete colour groups, and
order scarce houses), so houses, hotels, shortages, break-downs, mortgages and bankruptcies all
turn up. After every action: the 32 houses and 12 hotels are conserved, every group is built
evenly, no group with a mortgaged site has buildings, bankrupt players own nothing, money is
conserved; now and then the game is saved and reloaded and must come back identical.
"""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from monopoly.engine import (BOARD_SIZE, AcceptTrade, Build, Buy, ClaimRent, Game, LiftMortgage, Mortgage,
                             OrderBuildings, ProposeTrade, RejectTrade, SellBuilding, check_invariants)
from scenario import RULE_OPTIONS

OPTIONS = RULE_OPTIONS


def _check_holdings(game: Game) -> None:
    """The building and ownership facts, stated directly (check_invariants checks them too)."""
    e, v = game.edition, game.view
    squares = range(BOARD_SIZE)
    assert v.bank_houses + sum(v.houses(sq) for sq in squares) == e.bank_houses == 32
    assert v.bank_hotels + sum(v.hotel(sq) for sq in squares) == e.bank_hotels == 12
    for group in e.groups:
        members = group.squares
        if any(v.houses(m) or v.hotel(m) for m in members):
            assert len({v.owner(m) for m in members}) == 1 and v.owner(members[0]) >= 0
            assert not any(v.mortgaged(m) for m in members)
            levels = [game.view.level(m) for m in members]
            assert max(levels) - min(levels) <= 1
    players = v.players()
    for p in players:
        assert p.cash >= 0
        if p.bankrupt:
            assert game.view.owned(p.seat) == [] and p.cash == 0 and p.jail_cards == ()
    paid_out, paid_in = v.bank_books()
    assert sum(p.cash for p in players) == e.starting_cash * len(players) + paid_out - paid_in


def _group_trade(game: Game, rng: random.Random) -> ProposeTrade | None:
    """Offer someone the last site they lack in a colour group, for some cash."""
    for group in rng.sample(game.edition.groups, len(game.edition.groups)):
        owners = [game.view.owner(m) for m in group.squares]
        holders = {o for o in owners if o >= 0}
        if len(holders) == 2 and all(o >= 0 for o in owners):
            a, b = sorted(holders, key=lambda p: owners.count(p))
            if owners.count(a) == 1:
                sq = group.squares[owners.index(a)]
                price = rng.choice([0, 20, 100, 300])
                return ProposeTrade(a, b, give=(sq,), cash=-min(price, game.view.cash(b)))
    return None


def _random_trade(game: Game, rng: random.Random) -> ProposeTrade | None:
    players = game.view.active_players()
    if len(players) < 2:
        return None
    a, b = rng.sample(players, 2)
    give = tuple(sq for sq in game.view.owned(a) if rng.random() < 0.25)
    take = tuple(sq for sq in game.view.owned(b) if rng.random() < 0.25)
    cards = game.view.jail_cards(a)[:1] if rng.random() < 0.5 else ()
    d = game.view.pending
    if d.kind == "raise_funds" and d.player == a and d.creditor == b and rng.random() < 0.5:
        return ProposeTrade(a, b, give, (), min(game.view.cash(a), 50), cards, (), True)
    return ProposeTrade(a, b, give, take, rng.choice([0, 0, 25, -25, 150, -150]), cards, ())


def _order(game: Game, rng: random.Random) -> OrderBuildings | None:
    hotels = rng.random() < 0.3
    wanting = []
    for p in game.view.active_players():
        room = game.view.build_capacity(hotels, p)
        if room:
            wanting.append((p, rng.randint(1, room)))
    if len(wanting) < 2:
        return None
    return OrderBuildings(wanting[0][0], tuple(wanting), hotels)


ANY_TIME = (Build, SellBuilding, Mortgage, LiftMortgage, ClaimRent)


def _step(game: Game, rng: random.Random) -> None:
    if rng.random() < 0.08:
        for make in (_group_trade, _random_trade, _order):
            action = make(game, rng)
            if action is not None and game.view.is_legal(action):
                game.apply(action)
                return
    actions = game.legal_actions()
    builds = [a for a in actions if isinstance(a, Build)]
    if builds and rng.random() < 0.7:
        game.apply(rng.choice(builds))
        return
    favoured = [a for a in actions if isinstance(a, (Buy, AcceptTrade))]
    if favoured and rng.random() < 0.8:
        game.apply(rng.choice(favoured))
        return
    claims = [a for a in actions if isinstance(a, ClaimRent)]
    if claims and rng.random() < 0.8:
        game.apply(rng.choice(claims))
        return
    answers = [a for a in actions if not isinstance(a, ANY_TIME + (RejectTrade,))]
    if answers and rng.random() < 0.9:
        game.apply(rng.choice(answers))
        return
    game.apply(rng.choice(actions))


def _round_trip(game: Game) -> None:
    data = game.to_dict()
    again = Game.from_dict(json.loads(json.dumps(data))).to_dict()
    assert again == data


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), edition=st.sampled_from(["us", "uk", "dotcom"]), opts=OPTIONS,
       players=st.integers(2, 6))
def test_random_play_keeps_buildings_mortgages_and_money_consistent(seed, edition, opts, players):
    if opts["short_game"] == "time_limit":
        opts = {**opts, "time_limit_minutes": 45}
    game = Game.new([f"P{i}" for i in range(players)], edition, rules={**opts, "max_turns": 150}, seed=seed)
    rng = random.Random(seed)
    check_invariants(game)
    steps = 0
    while not game.view.over and steps < 2500:
        _step(game, rng)
        steps += 1
        check_invariants(game)
        _check_holdings(game)
        if steps % 40 == 0:
            _round_trip(game)
        if opts["short_game"] == "time_limit" and steps == 1500:
            game.set_clock(45 * 60)
            check_invariants(game)
    _round_trip(game)
    if game.view.over:
        assert game.view.outcome.termination in {"last_player", "turn_limit", "first_bankruptcy", "time_up"}
        assert len(game.view.outcome.values) == players


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), edition=st.sampled_from(["us", "uk", "dotcom"]))
def test_random_play_with_three_house_hotels_keeps_buildings_consistent(seed, edition):
    game = Game.new(["Ann", "Bob", "Cat"], edition, rules={"short_game": "dotcom", "max_turns": 150}, seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not game.view.over and steps < 2500:
        _step(game, rng)
        steps += 1
        check_invariants(game)
        _check_holdings(game)
        assert all(game.view.houses(sq) <= 3 for sq in range(BOARD_SIZE))
    _round_trip(game)
