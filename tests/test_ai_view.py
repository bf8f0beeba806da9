"""The computer players read the game through the engine's view and ask the engine its rules:
``GameView`` adds only what concerns computer players, and every rule the players once worked
out for themselves (time-up dealing, debts, the hotel-sale refund, mortgage interest, the safe
answer) is the engine's answer."""

from __future__ import annotations

import logging
import random

import pytest

from monopoly.ai import ComputerPlayers, GameView, make_strategy, safe_answer
from monopoly.ai.ruthless import Ruthless
from monopoly.ai.valuation import Position, Weights, board_for, strength
from monopoly.engine import (NOBODY, Build, Buy, DecisionKind as K, Game, LiftMortgage, Mortgage, ProposeTrade, Roll,
                             ScriptedDice, SellBuilding, View)
from test_shortage import NEW_YORK, ST_JAMES, TENNESSEE, _c64_example as hotel_shortage

BALTIC = 3
DEALS = (Build, SellBuilding, Mortgage, LiftMortgage, ProposeTrade)


def seeded_game(seed: int, strategies: tuple[str, ...] = ("ruthless", "basic", "cautious", "random"),
                **rules: object) -> tuple[Game, ComputerPlayers]:
    game = Game.new([f"P{i}" for i in range(len(strategies))], "us", {"max_turns": 400, **rules}, seed=seed,
                    first_player=0, keep_log=False)
    return game, ComputerPlayers(game, dict(enumerate(strategies)), seed=seed)


# ------------------------------------------------------------------ the adapter
def test_game_view_is_the_engine_view_with_only_what_concerns_computer_players():
    assert issubclass(GameView, View)
    own = {name for name in vars(GameView) if not name.startswith("_")}
    # what only the computer players ask, answered from the engine's own answers
    assert own == {"facts", "refused_recently", "refused_offers", "partner_view", "opponents", "sale_refund",
                   "held_lately", "held_until", "hands_back"}
    # the rules come from the engine, not from copies in the adapter
    for question in ("in_debt", "may_deal", "deal_problem", "building_sale", "safe_action", "lift_cost"):
        assert getattr(GameView, question) is getattr(View, question)


def test_game_view_answers_as_the_engine_view_does_for_its_seat():
    game, players = seeded_game(3)
    for _ in range(1500):
        if game.view.over:
            break
        game.apply(players.next_action(game))
        table = game.view
        for seat in range(4):
            mine = GameView(game, seat)
            assert mine.cash() == table.cash(seat) and mine.in_debt() == table.in_debt(seat)
            assert [g.id for g in mine.monopolies()] == [g.id for g in table.monopolies(seat)]
            assert mine.may_deal() == table.may_deal(seat) and mine.owned() == table.owned(seat)


# ------------------------------------------------------------------ the time-up rule
class _Watcher(Ruthless):
    """Ruthless, noting whether it was ever asked to deal when the engine says it may not."""

    name = "watcher"
    asked_when_barred: list[tuple[int, str]] = []

    def act_anytime(self, view):
        if not view.may_deal():
            self.asked_when_barred.append((self.seat, "act_anytime"))
        return super().act_anytime(view)

    def building_order(self, view, hotels):
        if not view.may_deal():
            self.asked_when_barred.append((self.seat, "building_order"))
        return super().building_order(view, hotels)


@pytest.fixture
def watcher():
    from monopoly.ai import register_strategy, unregister_strategy
    register_strategy(_Watcher)
    _Watcher.asked_when_barred = []
    yield _Watcher
    unregister_strategy("watcher")


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_once_time_is_up_no_computer_tries_to_deal_out_of_turn(seed, watcher, caplog):
    game, players = seeded_game(seed, ("watcher",) * 4, short_game="time_limit", time_limit_minutes=1)
    rng = random.Random(seed)
    stop = rng.randrange(60, 400)
    barred = 0
    with caplog.at_level(logging.WARNING, logger="monopoly.ai"):
        for step in range(5000):
            if game.view.over:
                break
            if step >= stop and not game.view.time_up and game.view.pending.kind != K.ROLL:
                game.set_clock(60)  # time runs out in the middle of a move
                table = game.view
                for seat in range(4):
                    if not table.may_deal(seat):
                        barred += 1
                        assert players.building_order(game, seat, False) == 0
            action = players.next_action(game)
            if game.view.time_up and isinstance(action, DEALS):
                assert game.view.may_deal(action.player)
            game.apply(action)
    assert game.view.time_up and game.view.over and barred
    assert watcher.asked_when_barred == []
    assert "not allowed" not in caplog.text


# ------------------------------------------------------------------ mortgage interest
@pytest.mark.parametrize("interest", [0, 10, 20])
def test_the_valuation_charges_the_rules_mortgage_interest(interest):
    def mortgaged_baltic(rate: int) -> Game:
        game = Game.new(["Ann", "Bob"], "us", {"mortgage_interest": rate}, dice=ScriptedDice([(1, 2)]),
                        first_player=0)
        for action in (Roll(0), Buy(0), Mortgage(0, BALTIC)):
            game.apply(action)
        return game

    game, free = mortgaged_baltic(interest), mortgaged_baltic(0)
    view = GameView(game, 0)
    board = board_for(view)
    # what the valuation takes lifting the mortgage to cost is what the engine charges
    assert board.mortgage[BALTIC] * board.lift_rate == view.lift_cost(BALTIC)
    # and that is all the interest changes in what the position is worth
    worth = strength(board, Position.of(view), 0, Weights())
    free_view = GameView(free, 0)
    free_worth = strength(board_for(free_view), Position.of(free_view), 0, Weights())
    assert free_worth - worth == pytest.approx(view.mortgage_interest(BALTIC))


# ------------------------------------------------------------------ the hotel-sale refund
def test_ruthless_prices_a_hotel_sale_in_a_shortage_as_the_engine_carries_it_out():
    game = hotel_shortage()  # selling the St. James hotel breaks both of the group's hotels down
    view = GameView(game, 0)
    ruthless = make_strategy("ruthless", 0)
    before = Position.of(view)
    after, refund = ruthless._after_sale(view, before, ST_JAMES)
    assert refund == view.sale_refund(ST_JAMES) == 350  # both hotels go, not just the one sold
    game.apply(SellBuilding(0, ST_JAMES))
    assert after.level == list(view.levels()) and after.cash == [view.cash(p) for p in range(2)]
    assert [after.level[s] for s in (ST_JAMES, TENNESSEE, NEW_YORK)] == [2, 2, 3]


# ------------------------------------------------------------------ the safe answer
@pytest.mark.parametrize("seed", [11, 12])
def test_the_safe_answer_is_the_engines(seed):
    game, players = seeded_game(seed, ("random",) * 4)
    kinds = set()
    for _ in range(3000):
        if game.view.over:
            break
        d = game.view.pending
        view = GameView(game, d.player)
        answer = safe_answer(view, d)
        assert answer == game.view.safe_action() and game.view.is_legal(answer)
        kinds.add(d.kind)
        game.apply(players.next_action(game))
    assert {K.ROLL, K.BUY, K.AUCTION} <= kinds


# ------------------------------------------------------------------ the view's additions for the players
def test_the_cheap_answers_agree_with_the_plain_ones():
    game, players = seeded_game(7)
    seen_claims = 0
    for _ in range(2000):
        if game.view.over:
            break
        table = game.view
        number, doubles, phase, waiting = table.progress()
        assert number == table.turn and waiting == len(table.pending_decisions()) - (table.pending_kind == K.ROLL)
        assert (table.pending_kind, table.pending_player) == (game.view.pending.kind, game.view.pending.player)
        d = table.pending
        assert table.moment() == (d.kind, d.player, bool(table.claims()), *table.progress(),
                                  table.in_jail(table.current_player), d.square, d.amount,
                                  d.auction.high_bid if d.auction else 0)
        for seat in range(4):
            assert table.has_monopoly(seat) == bool(table.monopolies(seat))
        assert table.claim_owners() == tuple((c.id, c.owner) for c in table.claims())
        seen_claims += bool(table.claims())
        assert table.mortgages() == tuple(table.mortgaged(s) for s in range(40))
        assert table.levels() == tuple(table.level(s) for s in range(40))
        assert table.cash_by_seat() == tuple(table.cash(p) for p in range(4))
        for seat in range(4):
            assert table.may_deal(seat) == (table.deal_problem(seat) is None)
            assert not (table.bankrupt(seat) and table.may_deal(seat))
        game.apply(players.next_action(game))
    assert seen_claims


def test_progress_tells_a_throw_after_doubles_from_the_first():
    game = Game.new(["Ann", "Bob"], dice=ScriptedDice([(3, 3), (1, 2)]), first_player=0)
    first = game.view.progress()
    game.apply(Roll(0))  # doubles: lands on Oriental Avenue, a purchase to decide
    while game.view.pending.kind != K.ROLL:
        game.apply(game.view.safe_action())
    assert game.view.pending.player == 0 and game.view.progress() != first


def test_the_moment_of_a_finished_game_names_nobody():
    game = Game.new(["Ann", "Bob"], rules={"max_turns": 3}, seed=1)
    while not game.view.over:
        game.apply(game.view.safe_action())
    kind, player, *_ = game.view.moment()
    assert (kind, player) == (game.view.pending.kind, game.view.pending.player) == (K.GAME_OVER, NOBODY)
    assert (game.view.pending_kind, game.view.pending_player) == (K.GAME_OVER, NOBODY)
