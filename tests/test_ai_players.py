"""``ComputerPlayers``: mixed human and computer seats, claims, fallbacks, limits, trades, saving."""

from __future__ import annotations

import json
import logging

import pytest

from monopoly.ai import ComputerPlayers
from monopoly.ai.players import ANYTIME_LIMIT
from monopoly.engine import (AcceptTrade, Buy, ClaimRent, DecisionKind as K, DeclineToBuy, Game, LiftMortgage, Mortgage,
                             PassBid, ProposeTrade, RejectTrade, Roll, ScriptedDice, arrange, check_invariants)

MEDITERRANEAN, BALTIC, ORIENTAL, VERMONT, CONNECTICUT = 1, 3, 6, 8, 9


def new_game(players=3, rolls=(), **kw):
    return Game.new([f"P{i}" for i in range(players)], dice=ScriptedDice(list(rolls)), first_player=0, **kw)


def person_answer(game):
    """What the person at the table does: the plainest answer to the pending decision."""
    d = game.view.pending
    for action in game.legal_actions(d.player):
        if not isinstance(action, (Mortgage, LiftMortgage, ClaimRent)) and type(action).__name__ not in (
                "Build", "SellBuilding"):
            return action
    raise AssertionError(f"no answer for {d.kind}")


def declining_answer(game):
    """A person who buys nothing and refuses every offer, so that no deed changes hands."""
    d = game.view.pending
    for action in game.legal_actions(d.player):
        if isinstance(action, (Roll, DeclineToBuy, PassBid, RejectTrade)):
            return action
    return person_answer(game)


def test_people_decide_for_themselves():
    game = new_game(rolls=[(1, 2)])
    players = ComputerPlayers(game, {1: "basic", 2: "ruthless"})
    assert not players.is_computer(0) and players.is_computer(1) and players.is_computer(2)
    assert players.seats == {1: "basic", 2: "ruthless"}
    assert players.next_action(game) is None  # seat 0 (a person) must throw
    game.apply(Roll(0))  # lands on Baltic Avenue: a person's buy decision
    assert game.view.pending.kind == K.BUY and game.view.pending.player == 0
    assert players.next_action(game) is None
    game.apply(DeclineToBuy(0))  # auction: the person bids first
    assert game.view.pending.kind == K.AUCTION and game.view.pending.player == 0
    assert players.next_action(game) is None
    game.apply(PassBid(0))
    action = players.next_action(game)  # now a computer is asked for a bid
    assert action is not None and action.player == game.view.pending.player == 1


def test_computers_claim_rent_at_once_even_on_a_persons_turn():
    game = new_game(rolls=[(1, 2), (2, 2)])
    arrange(game, owners={BALTIC: 1})
    players = ComputerPlayers(game, {1: "basic"})
    game.apply(Roll(0))  # the person lands on the computer's Baltic Avenue
    claim = game.view.claims(1)[0]
    assert players.next_action(game) == ClaimRent(1, claim.id)
    game.apply(ClaimRent(1, claim.id))
    assert game.state.players[1].cash == 1500 + 4


def test_a_strategy_that_declines_to_claim_lets_the_rent_lapse(strategy_class):
    asked = []

    def claim_rent(self, view, claim):
        asked.append(claim.amount)
        return False

    strategy_class("forgetful", claim_rent=claim_rent)
    game = new_game(rolls=[(1, 2), (2, 2)])
    arrange(game, owners={BALTIC: 1})
    players = ComputerPlayers(game, {1: "forgetful"})
    game.apply(Roll(0))  # the person lands on the computer's Baltic Avenue
    action = players.next_action(game)
    assert action == Roll(1) and asked == [4], "asked once, and it throws instead of claiming"
    game.apply(action)
    assert game.view.claims(1) == () and game.state.players[1].cash == 1500, "the rent lapsed"


def test_all_computer_game_plays_to_the_end_with_invariants():
    game = Game.new(["A", "B", "C", "D"], rules={"max_turns": 150}, seed=3, keep_log=False)
    players = ComputerPlayers(game, {0: "ruthless", 1: "basic", 2: "cautious", 3: "random"})
    steps = 0
    while not game.view.over:
        action = players.next_action(game)
        assert action is not None and game.view.is_legal(action)
        game.apply(action)
        check_invariants(game)
        steps += 1
    assert steps > 100


def test_an_illegal_answer_is_logged_and_replaced(strategy_class, caplog):
    strategy_class("cheater", buy=lambda self, view, ask: Buy(1 - self.seat))  # someone else's action
    game = new_game(players=2, rolls=[(1, 2)])
    players = ComputerPlayers(game, {0: "cheater", 1: "basic"})
    game.apply(players.next_action(game))  # roll onto Baltic
    with caplog.at_level(logging.WARNING, logger="monopoly.ai"):
        action = players.next_action(game)
    assert action == DeclineToBuy(0)
    assert "cheater" in caplog.text and "not allowed" in caplog.text


def test_a_strategy_that_raises_is_logged_and_replaced(strategy_class, caplog):
    def broken(self, view, ask):
        raise RuntimeError("bug in a strategy")

    strategy_class("broken", buy=broken, act_anytime=lambda self, view: 1 / 0)
    game = new_game(players=2, rolls=[(1, 2)])
    players = ComputerPlayers(game, {0: "broken", 1: "basic"})
    with caplog.at_level(logging.WARNING, logger="monopoly.ai"):
        game.apply(players.next_action(game))
        assert players.next_action(game) == DeclineToBuy(0)
    assert "bug in a strategy" in caplog.text and "ZeroDivisionError" in caplog.text


def test_any_time_actions_are_limited_per_decision(strategy_class):
    def flip(self, view):  # mortgages and lifts the same street forever
        if view.mortgaged(ORIENTAL):
            return LiftMortgage(self.seat, ORIENTAL)
        return Mortgage(self.seat, ORIENTAL)

    strategy_class("flipper", act_anytime=flip)
    game = new_game(players=2, rolls=[(1, 1)] * 2)
    arrange(game, owners={ORIENTAL: 0})
    players = ComputerPlayers(game, {0: "flipper"})
    actions = []
    for _ in range(200):
        action = players.next_action(game)
        if action is None or isinstance(action, Roll):
            break
        actions.append(action)
        game.apply(action)
    assert len(actions) == ANYTIME_LIMIT
    assert players.next_action(game) == Roll(0)


def test_at_a_throw_every_computer_is_asked_once_in_order_and_a_refused_action_asks_on(strategy_class, caplog):
    asked = []

    def watch(self, view):
        asked.append(self.seat)
        if self.seat == 1 and not view.mortgaged(ORIENTAL):
            return Mortgage(1, ORIENTAL)
        if self.seat == 2 and VERMONT not in view.owned():
            return Mortgage(2, VERMONT)  # not its deed: refused, and it is done at this point
        return None

    strategy_class("watcher", act_anytime=watch)
    game = new_game(players=3, rolls=[(1, 2)])
    arrange(game, owners={ORIENTAL: 1})
    players = ComputerPlayers(game, {0: "watcher", 1: "watcher", 2: "watcher"})
    assert players.next_action(game) == Mortgage(1, ORIENTAL)
    assert asked == [0, 1]
    game.apply(Mortgage(1, ORIENTAL))
    with caplog.at_level(logging.WARNING, logger="monopoly.ai"):
        assert players.next_action(game) == Roll(0)  # seat 0 was done here: seat 1 again, then 2
    assert asked == [0, 1, 1, 2] and "not allowed" in caplog.text
    assert players.next_action(game) == Roll(0)  # everyone is done at this point: nobody is asked
    assert asked == [0, 1, 1, 2]


def test_a_refused_offer_is_not_repeated_and_the_proposer_is_told(strategy_class):
    heard = []

    def offer(self, view):
        return ProposeTrade(self.seat, view.owner(BALTIC), (MEDITERRANEAN,), (BALTIC,), 0)

    def told(self, view, offer, accepted):
        heard.append(accepted)

    strategy_class("pest", act_anytime=offer, trade_answered=told)
    game = new_game(players=3, rolls=[(3, 4)] * 120)
    arrange(game, owners={MEDITERRANEAN: 0, BALTIC: 1})
    players = ComputerPlayers(game, {0: "pest"})
    action = players.next_action(game)
    assert isinstance(action, ProposeTrade)
    game.apply(action)
    assert game.view.pending.kind == K.TRADE_RESPONSE and players.next_action(game) is None  # a person answers
    game.apply(RejectTrade(1))
    refused_at = game.state.turn.number
    proposals = 0
    while game.state.turn.number < refused_at + 40:  # long after: nothing has changed, so never again
        action = players.next_action(game) or declining_answer(game)
        proposals += isinstance(action, ProposeTrade)
        game.apply(action)
    assert heard == [False] and proposals == 0
    arrange(game, owners={BALTIC: 2})  # the deed changed hands: the position changed
    for _ in range(10):  # so it may ask again (its new holder)
        action = players.next_action(game) or declining_answer(game)
        if isinstance(action, ProposeTrade):
            break
        game.apply(action)
    assert isinstance(action, ProposeTrade)


def test_computer_answers_an_offer_from_a_person():
    game = new_game(players=2)
    arrange(game, owners={MEDITERRANEAN: 1, BALTIC: 0, ORIENTAL: 1})
    players = ComputerPlayers(game, {1: "basic"})
    game.apply(ProposeTrade(0, 1, (BALTIC,), (ORIENTAL,), 0))
    assert players.next_action(game) == AcceptTrade(1)  # completes brown, loses nothing


@pytest.mark.parametrize("saved_after", [37, 151, 300])
def test_saved_and_resumed_games_play_on_identically(saved_after):
    def play(game, players, steps):
        done = []
        for _ in range(steps):
            if game.view.over:
                break
            action = players.next_action(game)
            done.append(action)
            game.apply(action)
        return done

    seats = {0: "ruthless", 1: "random", 2: "cautious", 3: "ruthless"}
    game = Game.new(["A", "B", "C", "D"], seed=21, keep_log=False)
    players = ComputerPlayers(game, seats, seed=21)
    play(game, players, saved_after)
    saved_game = json.loads(json.dumps(game.to_dict()))
    saved_players = json.loads(json.dumps(players.to_dict()))
    assert saved_players["seats"] == {"0": "ruthless", "1": "random", "2": "cautious", "3": "ruthless"}
    straight = play(game, players, 400)
    resumed_game = Game.from_dict(saved_game)
    resumed = ComputerPlayers.from_dict(resumed_game, saved_players)
    assert resumed.seats == seats
    assert play(resumed_game, resumed, 400) == straight


def test_from_dict_refuses_malformed_data():
    from monopoly.engine import SaveFormatError
    game = new_game(players=2)
    for bad in (None, {}, {"format": "monopoly-ai", "version": 99},
                {"format": "monopoly-ai", "version": 1, "seed": 1, "seats": {"0": "nobody"}},
                {"format": "monopoly-ai", "version": 1, "seed": 1, "seats": {"5": "basic"}}):
        with pytest.raises(SaveFormatError):
            ComputerPlayers.from_dict(game, bad)


def test_from_dict_refuses_damaged_records_with_save_format_error():
    # Found by fuzzing: these raised AttributeError, IndexError or OverflowError, or loaded and then
    # crashed the controller (an open offer naming a square off the board) at the next question.
    from monopoly.engine import SaveFormatError
    game = new_game(players=2)
    good = json.loads(json.dumps(ComputerPlayers(game, {0: "ruthless", 1: "ruthless"}, seed=3).to_dict()))
    offer = ProposeTrade(1, 0, give=(MEDITERRANEAN,)).to_dict()
    for damage in ({"offer": 0}, {"offer": {**offer, "give": [99]}}, {"offer": {**offer, "give": "ab"}},
                   {"memory": {"0": {"search_key": [[1]]}}}, {"rng": {"0": [3, [2**70] * 625, None]}},
                   {"rng": {"1": [3, [-1] * 625, None]}}):
        with pytest.raises(SaveFormatError, match="computer players"):
            ComputerPlayers.from_dict(game, {**good, **damage})
    ComputerPlayers.from_dict(game, {**good, "offer": offer})


def test_same_seed_same_game():
    def run(seed):
        game = Game.new(["A", "B", "C", "D"], rules={"max_turns": 120}, seed=seed, keep_log=False, first_player=0)
        players = ComputerPlayers(game, {0: "random", 1: "ruthless", 2: "basic", 3: "cautious"}, seed=seed)
        actions = []
        while not game.view.over:
            action = players.next_action(game)
            actions.append(action)
            game.apply(action)
        return actions, game.view.outcome

    assert run(5) == run(5)
    assert run(5) != run(6)


def test_unknown_seats_and_names_are_refused():
    game = new_game(players=2)
    with pytest.raises(ValueError):
        ComputerPlayers(game, {2: "basic"})
    with pytest.raises(ValueError):
        ComputerPlayers(game, {0: "grandmaster"})


def test_once_time_is_up_computers_out_of_play_are_not_asked_to_deal(caplog):
    # Found by fuzzing: in the time-limit game, once time was up, a ruthless seat that was not
    # in play was still offered any-time actions, chose to lift a mortgage the rules no longer
    # allowed it, and every such choice was logged as a strategy error.
    game = new_game(players=2, rolls=[(1, 2)], rules={"short_game": "time_limit", "time_limit_minutes": 1})
    arrange(game, owners={ORIENTAL: 1}, mortgaged={ORIENTAL: True})
    players = ComputerPlayers(game, {1: "ruthless"})
    game.apply(Roll(0))  # the person lands on Baltic Avenue
    game.set_clock(60)
    assert game.state.time_up and game.view.pending.kind == K.BUY and game.view.pending.player == 0
    with caplog.at_level(logging.WARNING, logger="monopoly.ai"):
        assert players.next_action(game) is None  # the person finishes the move
    assert caplog.text == ""
    game.apply(Buy(0))
    assert game.view.over and game.view.outcome.termination == "time_up"


@pytest.mark.parametrize("strategy", ["basic", "cautious", "ruthless", "random"])
def test_an_offer_that_no_longer_stands_is_refused_without_asking_the_strategy(strategy, caplog):
    # Found by fuzzing: a person offered cash with a deed, then spent the cash (lifting a
    # mortgage) before the computer answered; a computer that liked the deal accepted an offer
    # the rules no longer allowed, and the refusal was logged as a strategy error.
    game = new_game(players=2)
    # Baltic Avenue completes the browns for the computer
    arrange(game, owners={MEDITERRANEAN: 1, BALTIC: 0, ORIENTAL: 0}, mortgaged={ORIENTAL: True})
    players = ComputerPlayers(game, {1: strategy}, seed=3)
    game.apply(ProposeTrade(0, 1, (BALTIC,), (), 1450))
    game.apply(LiftMortgage(0, ORIENTAL))  # $55: $1,445 left, less than the cash offered
    assert not game.view.is_legal(AcceptTrade(1))
    with caplog.at_level(logging.WARNING, logger="monopoly.ai"):
        assert players.next_action(game) == RejectTrade(1)
    assert caplog.text == ""
