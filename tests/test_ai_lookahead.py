"""``lookahead``, the benchmark opponent of another design: whole games without a fallback, and
the choices its value function makes in scripted positions."""

from __future__ import annotations

import logging

import pytest

from monopoly.ai import ComputerPlayers, GameView
from monopoly.ai.lookahead import Model, Pos, apply_offer
from monopoly.engine import AcceptTrade, Game, Offer, RejectTrade, check_invariants
from monopoly.engine.state import Decision, DecisionKind as K, TradeOffer
from test_ai_strategies import BALTIC, CONNECTICUT, MEDITERRANEAN, ORIENTAL, VERMONT, ask_strategy, situation

SETUPS = [("us", {}), ("uk", {}), ("dotcom", {"short_game": "dotcom"}),
          ("us", {"auction_limit": "assets", "mortgage_interest": 0, "rent_claim": "automatic"})]


@pytest.mark.parametrize("edition, rules", SETUPS)
def test_lookahead_plays_whole_games_without_a_fallback(edition, rules, caplog):
    lineup = ("lookahead", "ruthless", "lookahead", "random")
    with caplog.at_level(logging.WARNING, logger="monopoly.ai"):
        game = Game.new([f"P{i}" for i in range(4)], edition, {**rules, "max_turns": 150}, seed=3, keep_log=False)
        players = ComputerPlayers(game, dict(enumerate(lineup)), seed=3)
        while not game.view.over:
            action = players.next_action(game)
            assert action is not None and game.view.is_legal(action)
            game.apply(action)
            check_invariants(game)
    assert not [r for r in caplog.records if "lookahead" in r.getMessage()]


def test_a_whole_group_is_worth_more_than_its_deeds_apart():
    game = situation(owners={MEDITERRANEAN: 0, BALTIC: 1})
    view = GameView(game, 0)
    model = Model(view)
    pos = Pos.of(view)
    whole = apply_offer(pos, Offer(1, 0, give=(BALTIC,), cash=0), {})
    assert model.score(whole, 0) - model.score(pos, 0) > model.board.price[BALTIC]


def test_it_refuses_to_complete_a_set_for_a_rival_at_the_printed_price_and_accepts_a_gift():
    light_blue = {ORIENTAL: 1, VERMONT: 1, CONNECTICUT: 0}
    sale = TradeOffer(1, 0, give=[], take=[CONNECTICUT], cash=120)
    game = situation(owners=light_blue, cash={0: 1500, 1: 1500}, decision=Decision(K.TRADE_RESPONSE, 0, trade=sale))
    assert ask_strategy("lookahead", game) == RejectTrade(0)
    gift = TradeOffer(1, 0, give=[ORIENTAL, VERMONT], take=[], cash=0)
    game = situation(owners=light_blue, cash={0: 1500, 1: 1500}, decision=Decision(K.TRADE_RESPONSE, 0, trade=gift))
    assert ask_strategy("lookahead", game) == AcceptTrade(0)
