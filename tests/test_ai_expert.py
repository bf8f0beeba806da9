"""``expert``: legal answers in whole games, the time it may take, and ruthless's answer whenever it
cannot or need not play candidates out."""

from __future__ import annotations

import logging

import pytest

from monopoly.ai import ComputerPlayers, GameView, make_strategy
from monopoly.ai.expert import Expert
from monopoly.ai.levels import computer_strategy, level_named
from monopoly.ai.rollouts import Plan, Trial, play_out
from monopoly.engine import AcceptTrade, Buy, DeclineToBuy, Game, RejectTrade, check_invariants
from test_ai_strategies import ask_strategy, scenarios


@pytest.fixture
def quick(monkeypatch):
    """Fewer, shorter play-outs: the tests check how it decides, not how well."""
    monkeypatch.setattr(Expert, "rollouts", 4)
    monkeypatch.setattr(Expert, "least_rollouts", 2)
    monkeypatch.setattr(Expert, "rounds", 2)
    monkeypatch.setattr(Expert, "confidence", 0.0)  # any gain decides: the other candidate is taken often


@pytest.mark.parametrize("players", [2, 4])
def test_expert_plays_whole_games_legally(players, quick, caplog):
    with caplog.at_level(logging.WARNING, logger="monopoly.ai"):
        game = Game.new([f"P{i}" for i in range(players)], "us", {"max_turns": 60}, seed=4, keep_log=False)
        computers = ComputerPlayers(game, {p: "expert" if p % 2 == 0 else "ruthless" for p in range(players)}, seed=4)
        thought: list[tuple[float, int]] = []
        expert = computers.strategy(0)
        assert isinstance(expert, Expert)
        expert.thought = thought
        while not game.view.over:
            action = computers.next_action(game)
            assert action is not None and game.view.is_legal(action)
            game.apply(action)
            check_invariants(game)
    assert thought, "it played nothing out"
    assert not caplog.records


class PlayOutClock:
    """A stand-in for the expert's clock that moves only while a play-out runs, a fixed time each:
    the budget's arithmetic is then checked exactly, whatever else runs on the machine."""

    def __init__(self, seconds_a_play_out: float) -> None:
        self.now = 0.0
        self.step = seconds_a_play_out
        self.play_outs = 0

    def perf_counter(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch):
    from monopoly.ai import expert as expert_module
    fake = PlayOutClock(0.01)

    def timed_play_out(*args, **kwargs):
        fake.now += fake.step
        fake.play_outs += 1
        return play_out(*args, **kwargs)

    monkeypatch.setattr(expert_module, "time", fake)
    monkeypatch.setattr(expert_module, "play_out", timed_play_out)
    monkeypatch.setattr(Expert, "budget", 0.15)
    monkeypatch.setattr(Expert, "rollouts", 10_000)
    monkeypatch.setattr(Expert, "rounds", 2)
    return fake


def test_a_decision_keeps_to_the_time_budget(clock):
    game = scenarios()["trade_response"]
    strategy = make_strategy("expert", 0, seed=5)
    assert isinstance(strategy, Expert)
    strategy.thought = []
    answer = strategy.answer_trade(GameView(game, 0), game.view.pending)
    assert isinstance(answer, (AcceptTrade, RejectTrade))
    # it stops before a play-out as long as the last would overrun the budget, and not much sooner
    assert strategy.thought and 0.15 - 0.03 <= strategy.thought[0][0] <= 0.15
    assert clock.play_outs == round(strategy.thought[0][0] / clock.step)
    assert strategy.thought[0][1] == clock.play_outs // 2  # two candidates: the least either got


@pytest.mark.parametrize("kind", ["buy", "auction", "trade_response"])
def test_without_time_it_answers_as_ruthless(kind, monkeypatch):
    monkeypatch.setattr(Expert, "budget", 0.0)
    assert ask_strategy("expert", scenarios()[kind]) == ask_strategy("ruthless", scenarios()[kind])


def test_with_one_candidate_nothing_is_played_out():
    game = scenarios()["buy"]  # Boardwalk for $400: with $100 it cannot buy, only decline
    from monopoly.engine import arrange
    arrange(game, cash={0: 100})
    strategy = make_strategy("expert", 0, seed=5)
    assert isinstance(strategy, Expert)
    strategy.thought = []
    answer = strategy.buy(GameView(game, 0), game.view.pending)
    assert answer == ask_strategy("ruthless", game)
    assert strategy.thought == []


def test_candidates_are_compared_on_the_same_dice(quick):
    """Two play-outs of one plan with one seed agree exactly: a difference between candidates is theirs."""
    game = scenarios()["buy"]
    view = GameView(game, 0)
    for plan in (Plan(Buy(0)), Plan(DeclineToBuy(0))):
        assert play_out(view, plan, 9, 3) == play_out(view, plan, 9, 3)
    a, b = Trial(Plan(None), [0.5, 0.6, 0.7]), Trial(Plan(None), [0.4, 0.5, 0.6])
    gain, error = a.paired(b)
    assert gain == pytest.approx(0.1) and error == pytest.approx(0.0)


def test_the_level_names_the_strategy():
    level = level_named("expert")
    assert level is not None and level.strategy == "expert" and level.key == "x"
    assert computer_strategy("Expert") == "expert"
    assert "ruthless" in level.description


def test_its_memory_is_kept(quick):
    strategy = make_strategy("expert", 1, seed=3)
    assert isinstance(strategy, Expert)
    strategy.cash_floor = 400
    strategy._withheld[(0, (1, 3), ())] = 40
    again = make_strategy("expert", 1, seed=3)
    again.restore(strategy.memory())
    assert isinstance(again, Expert)
    assert again.cash_floor == 400 and again._withheld == strategy._withheld


def _split_groups() -> Game:
    """Heads-up, Ann to throw: Ann lacks Tennessee (Bob's) for orange, Bob lacks Indiana (Ann's) for red."""
    from monopoly.engine import arrange
    game = Game.new(["Ann", "Bob"], "us", seed=8, keep_log=False)
    arrange(game, owners={16: 0, 18: 0, 19: 1, 21: 1, 24: 1, 23: 0}, cash={0: 3000, 1: 3000}, current_player=0)
    return game


def test_group_deals_complete_its_groups_at_a_price_the_partner_takes():
    from monopoly.ai.set_deals import completers, group_deals
    game = _split_groups()
    view = GameView(game, 0)
    assert completers(view, 0, 1) == [(19,), (21, 24)] and completers(view, 1, 0) == [(16, 18), (23,)]
    deals = group_deals(view, view.determinized(1))
    assert deals and {(d.give, d.take) for d in deals} <= {((), (19,)), ((23,), (19,)), ((), (21, 24)),
                                                          ((16, 18), (21, 24))}
    for deal in deals:
        trial = view.determinized(2)
        trial.apply(deal)
        bob = make_strategy("ruthless", 1, seed=1)
        assert isinstance(bob.answer_trade(GameView(trial, 1), trial.view.pending), AcceptTrade)
        assert deal.cash <= view.cash()


def test_one_action_keeps_to_one_budget(clock):
    """Everything played out before one any-time action (building plan, deals) shares one budget."""
    game = _split_groups()
    strategy = make_strategy("expert", 0, seed=5)
    assert isinstance(strategy, Expert)
    strategy.thought = []
    strategy.act_anytime(GameView(game, 0))
    assert strategy.thought and 0 < sum(t for t, _ in strategy.thought) <= 0.15
    assert clock.play_outs * clock.step <= 0.15 + 1e-9
