"""``Strategy.quiet``: a strategy's promise that it has nothing to do for a while, and the
controller's use of it (it stops asking), and ``ruthless``'s promise, which must hold."""

from __future__ import annotations

from monopoly.ai import ComputerPlayers
from monopoly.ai.strategy import Quiet
from monopoly.engine import DecisionKind as K, Game


def test_the_controller_does_not_ask_a_quiet_strategy_until_the_holdings_or_its_cash_change(strategy_class):
    asked: list[tuple[int, bool]] = []  # (turn, whether at its own throw)

    def act_anytime(self, view):
        own = view.pending_player == self.seat and view.pending_kind == K.ROLL
        asked.append((view.turn, own))
        # nothing to do until it holds $5,000 or the holdings change
        self.quiet = Quiet(view.holdings_version(), 5000)
        return None

    strategy_class("sleepy", act_anytime=act_anytime)
    game = Game.new(["A", "B", "C"], "us", {"max_turns": 120}, seed=3, first_player=0, keep_log=False)
    players = ComputerPlayers(game, {0: "sleepy", 1: "basic", 2: "basic"}, seed=3)
    while not game.view.over:
        version = game.view.holdings_version()
        before = len(asked)
        own_throw = game.view.pending.kind == K.ROLL and game.view.pending.player == 0
        quiet = players.strategy(0).quiet
        action = players.next_action(game)
        assert action is not None
        if len(asked) > before and not asked[-1][1]:
            # asked away from its own throw: only when what it waited for changed
            assert quiet is None or version != quiet[0] or game.view.cash(0) >= 5000 or own_throw
        game.apply(action)
    own = [turn for turn, at_throw in asked if at_throw]
    others = [turn for turn, at_throw in asked if not at_throw]
    assert own  # its own throws are always asked
    assert len(others) < len(own) * 3  # most points of the others' turns were skipped


def test_ruthless_keeps_its_quiet_promise():
    """Wherever ``ruthless`` has promised quiet and the promise applies, asking it anyway gets None."""
    checked = 0
    for seed in (1, 2, 3, 4):  # (four games check enough)
        game = Game.new(["A", "B", "C", "D"], "us", {"max_turns": 400}, seed=seed, first_player=0, keep_log=False)
        players = ComputerPlayers(game, dict(enumerate(["ruthless"] * 4)), seed=seed)
        view = game.view
        while not game.view.over:
            for seat in range(4):
                strategy = players.strategy(seat)
                quiet = strategy.quiet
                own_throw = view.pending_kind == K.ROLL and view.pending_player == seat
                thrower = view.pending_player if view.pending_kind == K.ROLL else None
                if (quiet is not None and not own_throw and not view.bankrupt(seat)
                        and quiet.holds(view.holdings_version(), view.cash(seat), thrower, view.turn)):
                    strategy.quiet = None  # ask it for real: the quick answer must agree
                    assert strategy.act_anytime(players.view(seat)) is None
                    checked += 1
            action = players.next_action(game)
            assert action is not None
            game.apply(action)
    assert checked > 1000
