"""``building_order``: how many scarce houses or hotels a computer player orders, per strategy.

When people order more buildings than the bank has, the front end asks each computer player
for its order too (``ComputerPlayers.building_order``) so the shortage auction includes it.
"""

from __future__ import annotations

import logging
import random

import pytest

from monopoly.ai import ComputerPlayers, Pending, make_strategy
from monopoly.ai.view import Auction, GameView
from monopoly.engine import Bid, DecisionKind as K, Game, OrderBuildings, PassBid, ScriptedDice, arrange, check_invariants

BROWNS = (1, 3)
LIGHT_BLUES = (6, 8, 9)
REDS, YELLOWS, GREENS = (21, 23, 24), (26, 27, 29), (31, 32, 34)
ANN, BOB = 0, 1


def new_game(players=("Ann", "Bob")) -> Game:
    return Game.new(list(players), "us", dice=ScriptedDice([]), first_player=0)


def set_cash(game: Game, player: int, cash: int) -> None:
    arrange(game, cash={player: cash})


def own(game: Game, player: int, *squares: int, houses: int = 0) -> None:
    arrange(game, owners=dict.fromkeys(squares, player), buildings=dict.fromkeys(squares, houses) if houses else None)


def bob_owns_the_light_blues(cash: int = 1500, houses: int = 0) -> Game:
    """Ann owns the browns (she could build); Bob the light blues ($50 a house)."""
    game = new_game()
    own(game, ANN, *BROWNS)
    own(game, BOB, *LIGHT_BLUES, houses=houses)
    set_cash(game, BOB, cash)
    check_invariants(game)
    return game


def short_of_houses(cash: int = 1500, bank: int = 2) -> Game:
    """As above, with Ann's built-up reds, yellows and greens leaving ``bank`` houses (2 or 8)."""
    game = bob_owns_the_light_blues(cash)
    own(game, ANN, *REDS, *YELLOWS, houses=4)
    own(game, ANN, *GREENS, houses=2 if bank == 2 else 0)
    assert game.state.bank_houses == bank
    check_invariants(game)
    return game


def order(game: Game, strategy: str, hotels: bool = False, seat: int = BOB) -> int:
    return ComputerPlayers(game, {seat: strategy}, seed=5).building_order(game, seat, hotels)


# ------------------------------------------------------------------------- every strategy
@pytest.mark.parametrize("strategy", ["basic", "cautious", "ruthless", "random"])
def test_nothing_is_ordered_without_a_whole_group(strategy):
    game = new_game()
    own(game, BOB, 6, 8)  # two of the three light blues
    assert order(game, strategy) == 0
    assert order(game, strategy, hotels=True) == 0


@pytest.mark.parametrize("strategy", ["basic", "cautious", "ruthless", "random"])
def test_a_mortgaged_group_takes_no_order(strategy):
    game = bob_owns_the_light_blues()
    arrange(game, mortgaged={8: True})
    assert order(game, strategy) == 0


@pytest.mark.parametrize("strategy", ["basic", "cautious", "ruthless", "random"])
def test_a_bankrupt_seat_orders_nothing(strategy):
    game = bob_owns_the_light_blues()
    cp = ComputerPlayers(game, {BOB: strategy}, seed=5)
    game.state.players[BOB].bankrupt = True
    assert cp.building_order(game, BOB, False) == 0


def test_a_person_orders_nothing_here():
    game = bob_owns_the_light_blues()
    cp = ComputerPlayers(game, {BOB: "basic"}, seed=5)
    assert cp.building_order(game, ANN, False) == 0, "Ann could build, but she is a person"


@pytest.mark.parametrize("strategy", ["basic", "cautious", "ruthless", "random"])
def test_an_order_never_exceeds_what_the_streets_take(strategy):
    game = bob_owns_the_light_blues(cash=50_000)  # rich: only the room limits it
    assert 0 <= order(game, strategy) <= 12
    game = bob_owns_the_light_blues(cash=50_000, houses=4)
    assert order(game, strategy) == 0  # four houses everywhere: no room for houses
    assert 0 <= order(game, strategy, hotels=True) <= 3


# ------------------------------------------------------------------------- basic
@pytest.mark.parametrize("cash, wanted", [(1500, 12), (400, 4), (300, 2), (249, 0), (250, 1), (200, 0), (100, 0)])
def test_basic_orders_what_its_rule_builds_keeping_200(cash, wanted):
    assert order(bob_owns_the_light_blues(cash), "basic") == wanted


def test_basic_orders_hotels_only_where_every_site_has_four_houses():
    assert order(bob_owns_the_light_blues(1500, houses=4), "basic", hotels=True) == 3
    assert order(bob_owns_the_light_blues(320, houses=4), "basic", hotels=True) == 2
    game = bob_owns_the_light_blues(1500, houses=3)
    assert order(game, "basic", hotels=True) == 0 and order(game, "basic") == 3


def test_basic_counts_evenly_across_groups_cheapest_first():
    game = bob_owns_the_light_blues(cash=200 + 3 * 50 + 100)
    own(game, BOB, 11, 13, 14)  # the pinks: $100 a house
    # three light blue houses ($150) first (least built, cheapest), then one pink ($100)
    assert order(game, "basic") == 4


# ------------------------------------------------------------------------- cautious
@pytest.mark.parametrize("cash, wanted", [(1500, 11), (1450, 10), (1000, 9), (950, 9), (700, 4), (550, 1), (549, 0)])
def test_cautious_keeps_its_reserve_and_a_fourth_house_needs_twice_the_reserve(cash, wanted):
    # reserve $500: three houses a street with the cash above it; a fourth only while $1,000 is left
    assert order(bob_owns_the_light_blues(cash), "cautious") == wanted


def test_cautious_orders_hotels_only_with_twice_its_reserve():
    assert order(bob_owns_the_light_blues(1500, houses=4), "cautious", hotels=True) == 3
    assert order(bob_owns_the_light_blues(1050, houses=4), "cautious", hotels=True) == 2
    assert order(bob_owns_the_light_blues(990, houses=4), "cautious", hotels=True) == 0


def test_cautious_bids_for_a_scarce_house_up_to_its_printed_cost():
    game = short_of_houses(cash=1500)
    strategy = make_strategy("cautious", BOB, rng=random.Random(1))
    view = GameView(game, BOB)

    def ask(high: int) -> Pending:
        return Pending(K.AUCTION, BOB, auction=Auction("house", -1, high, ANN, (ANN, BOB)))

    assert strategy.bid(view, ask(0)) == Bid(BOB, 10)
    assert strategy.bid(view, ask(45)) == Bid(BOB, 50)
    assert strategy.bid(view, ask(50)) == PassBid(BOB)
    set_cash(game, BOB, 520)  # only $20 above its reserve
    assert strategy.bid(view, ask(15)) == Bid(BOB, 20)
    assert strategy.bid(view, ask(20)) == PassBid(BOB)


# ------------------------------------------------------------------------- ruthless
def _ruthless_reserve(game: Game) -> int:
    strategy = make_strategy("ruthless", BOB, rng=random.Random(1))
    return strategy._reserve(GameView(game, BOB))


def test_ruthless_orders_what_its_build_plan_pays_for():
    game = short_of_houses(bank=8)
    arrange(game, buildings=dict.fromkeys(REDS, 0))  # the bank has plenty
    reserve = _ruthless_reserve(game)
    set_cash(game, BOB, reserve + 60)
    assert order(game, "ruthless") == 1
    set_cash(game, BOB, reserve + 160)
    assert order(game, "ruthless") == 3
    set_cash(game, BOB, reserve + 40)
    assert order(game, "ruthless") == 0


def test_ruthless_mortgages_lesser_property_to_pay_for_its_order():
    game = short_of_houses(bank=8)
    arrange(game, buildings=dict.fromkeys(REDS, 0))
    reserve = _ruthless_reserve(game)
    set_cash(game, BOB, reserve + 60)
    own(game, BOB, 5)  # Reading Railroad: $100 on mortgage
    check_invariants(game)
    assert order(game, "ruthless") == 3


def test_ruthless_corners_the_last_houses_when_the_bank_is_short():
    game = short_of_houses(bank=2)
    set_cash(game, BOB, _ruthless_reserve(game) + 60)  # it can pay for one house
    assert order(game, "ruthless") == 2, "it orders every house the bank has left"
    set_cash(game, BOB, _ruthless_reserve(game) + 10)  # it cannot pay for one
    assert order(game, "ruthless") == 0


def test_ruthless_neither_builds_nor_mortgages_to_build_while_scarce_houses_are_auctioned():
    """Nobody builds directly during a shortage auction: ruthless, watching people bid, must not
    mortgage its lone deeds to pay for a house the engine would refuse (it once did, then tried
    the refused house)."""
    cat = 2
    game = new_game(("Ann", "Bob", "Cat"))
    own(game, ANN, *BROWNS)
    own(game, ANN, *REDS, *YELLOWS, houses=4)
    own(game, cat, *GREENS, houses=2)  # the bank has two houses left
    own(game, BOB, 37, 39)  # the dark blues, $200 a house
    own(game, BOB, 5, 12, 15, 25)  # lone deeds Bob could mortgage
    set_cash(game, BOB, 150)  # a house leaves less than its reserve unless it mortgages
    check_invariants(game)
    game.apply(OrderBuildings(ANN, ((ANN, 2), (cat, 2)), False))
    assert game.view.pending.kind == K.AUCTION and game.view.pending.player == ANN
    cp = ComputerPlayers(game, {BOB: "ruthless"}, seed=5)
    assert cp.next_action(game) is None
    assert not any(game.state.mortgaged)


def test_ruthless_orders_no_hotels_while_houses_are_short():
    game = bob_owns_the_light_blues(1500, houses=4)
    own(game, ANN, *REDS, houses=4)  # eight houses left, and Ann could build on the browns
    assert game.state.bank_houses == 8
    check_invariants(game)
    assert order(game, "ruthless", hotels=True) == 0
    arrange(game, buildings=dict.fromkeys(REDS, 0))  # no shortage now: hotels are welcome
    check_invariants(game)
    assert order(game, "ruthless", hotels=True) == 3


# ------------------------------------------------------------------------- random
def test_random_orders_a_small_random_number_and_replays():
    game = bob_owns_the_light_blues()
    first = [order(game, "random") for _ in range(5)]
    assert first == [order(game, "random") for _ in range(5)], "same seed, same order"
    cp = ComputerPlayers(game, {BOB: "random"}, seed=9)
    seen = {cp.building_order(game, BOB, False) for _ in range(60)}
    assert seen <= {0, 1, 2, 3} and len(seen) > 1


# ------------------------------------------------------------------------- the default and the driver
def test_the_default_orders_what_its_cash_pays_for_if_the_strategy_ever_builds(strategy_class):
    strategy_class("sitter")  # never acts at any time, so never builds
    strategy_class("builder", act_anytime=lambda self, view: None)
    assert order(bob_owns_the_light_blues(130), "sitter") == 0
    assert order(bob_owns_the_light_blues(130), "builder") == 2
    assert order(bob_owns_the_light_blues(1500), "builder") == 12


def test_a_failing_or_odd_order_is_logged_and_orders_nothing(strategy_class, caplog):
    def broken(self, view, hotels):
        raise RuntimeError("boom")

    strategy_class("broken", building_order=broken)
    strategy_class("wordy", building_order=lambda self, view, hotels: "lots")
    strategy_class("greedy", building_order=lambda self, view, hotels: 99)
    strategy_class("negative", building_order=lambda self, view, hotels: -3)
    game = bob_owns_the_light_blues()
    with caplog.at_level(logging.WARNING, logger="monopoly.ai"):
        assert order(game, "broken") == 0
        assert order(game, "wordy") == 0
    assert "broken" in caplog.text and "wordy" in caplog.text
    assert order(game, "greedy") == 12, "capped at what the streets take"
    assert order(game, "negative") == 0


@pytest.mark.parametrize("strategy", ["basic", "cautious", "ruthless"])
def test_a_computer_order_goes_to_auction_and_the_computer_places_what_it_wins(strategy):
    """A person orders both of the bank's last houses, the computer orders too; the person drops
    out at once, so the computer bids by its strategy, wins and places the houses itself."""
    game = short_of_houses(cash=1500)
    cp = ComputerPlayers(game, {BOB: strategy}, seed=3)
    wanted = cp.building_order(game, BOB, False)
    assert wanted > 0
    game.apply(OrderBuildings(ANN, ((ANN, 2), (BOB, wanted)), False))
    check_invariants(game)
    for _ in range(200):
        d = game.view.pending
        if d.kind == K.AUCTION and d.player == ANN:
            game.apply(PassBid(ANN))
        elif d.kind in (K.AUCTION, K.PLACE_BUILDING):
            action = cp.next_action(game)
            assert action is not None
            game.apply(action)
        else:
            break
        check_invariants(game)
    s = game.state
    assert s.bank_houses == 0 and not s.building_orders
    assert sum(s.houses[sq] for sq in LIGHT_BLUES) == 2
    assert s.players[BOB].cash < 1500 and game.view.pending.kind == K.ROLL
