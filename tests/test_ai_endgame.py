"""``ruthless`` one-on-one (``monopoly/ai/endgame.py``): the stakes of a deed in a two-player race for
sets, and the buys, bids and mortgages they lead to. Every position is built with the engine's
position API; Ann (seat 0, ``ruthless``) has just thrown onto the deed at stake, or bids for it."""

from __future__ import annotations

from monopoly.ai import ComputerPlayers, GameView, make_strategy
from monopoly.ai.endgame import Stake, decisive, raisable, rival, stake
from monopoly.engine import (Bid, Buy, DeclineToBuy, DecisionKind as K, Game, LiftMortgage, Mortgage, PassBid,
                             PlayerSetup, Position, Roll, ScriptedDice, build_game, load_edition)
from monopoly.engine import events as E

US = {sq.name: i for i, sq in enumerate(load_edition("us").squares)}
LIGHT_BLUE = ("Oriental Avenue", "Vermont Avenue")  # Connecticut Avenue completes it


def game_of(*players: PlayerSetup, dice: tuple[tuple[int, int], ...] = ()) -> Game:
    position = Position(players=players, current_player=players[0].name, turn=41)
    return build_game(position, dice=ScriptedDice(list(dice) + [(2, 3)] * 20), keep_log=False)


def landed(target: str, ann: PlayerSetup, *others: PlayerSetup) -> Game:
    """Ann, three squares before ``target``, throws a three onto it: the deed is hers to buy."""
    ann = PlayerSetup(ann.name, ann.cash, US[target] - 3, ann.owns, ann.mortgaged)
    game = game_of(ann, *others, dice=((1, 2),))
    game.apply(Roll(0))
    assert game.view.pending_kind == K.BUY and game.view.pending.square == US[target]
    return game


def auction(target: str, high: int, ann: PlayerSetup, *others: PlayerSetup) -> Game:
    """Bob declined ``target``: the auction is Ann's to bid in, Bob holding the high bid ``high``."""
    bob = others[0]
    bob = PlayerSetup(bob.name, bob.cash, US[target] - 3, bob.owns, bob.mortgaged)
    position = Position(players=(ann, bob) + others[1:], current_player=bob.name, turn=41)
    game = build_game(position, dice=ScriptedDice([(1, 2)] + [(2, 3)] * 20), keep_log=False)
    game.apply(Roll(1))
    game.apply(DeclineToBuy(1))  # the auction starts with Bob
    game.apply(Bid(1, high) if high else PassBid(1))
    assert game.view.pending_kind == K.AUCTION and game.view.pending_player == 0
    return game


def answer(game: Game):
    """Ann's (``ruthless``) answer to the decision pending for her."""
    strategy = make_strategy("ruthless", 0, seed=5)
    view = GameView(game, 0)
    ask = view.pending
    return strategy.bid(view, ask) if ask.kind == K.AUCTION else strategy.buy(view, ask)


def test_the_stake_of_a_deed_in_a_race_for_sets():
    game = game_of(PlayerSetup("Ann", owns=LIGHT_BLUE + ("Indiana Avenue",)),
                   PlayerSetup("Bob", owns=("Tennessee Avenue", "Kentucky Avenue")))
    view = GameView(game, 0)
    assert rival(view) == 1
    assert stake(view, US["Connecticut Avenue"], 1) is Stake.COMPLETES
    assert stake(view, US["St. James Place"], 1) is Stake.BLOCKS
    assert stake(view, US["Park Place"], 1) is Stake.OPEN
    assert stake(view, US["Illinois Avenue"], 1) is Stake.SPLIT
    assert stake(view, US["Reading Railroad"], 1) is Stake.OTHER
    assert [decisive(s) for s in Stake] == [True, True, False, False, False]


def test_the_plan_is_for_two_players_only():
    game = game_of(PlayerSetup("Ann"), PlayerSetup("Bob"), PlayerSetup("Cy"))
    assert rival(GameView(game, 0)) is None
    out = game_of(PlayerSetup("Ann"), PlayerSetup("Bob"), PlayerSetup("Cy", cash=0, bankrupt=True))
    assert rival(GameView(out, 0)) == 1


def test_money_for_a_purchase_leaves_whole_groups_and_the_deed_s_own_group_alone():
    game = game_of(PlayerSetup("Ann", owns=("Mediterranean Avenue", "Baltic Avenue", "Oriental Avenue",
                                            "Reading Railroad"), mortgaged=("Short Line",)), PlayerSetup("Bob"))
    view = GameView(game, 0)
    assert raisable(view) == 50 + 100  # Oriental and Reading; the browns are a whole group
    assert raisable(view, keep=US["Connecticut Avenue"]) == 100  # Oriental is kept for the light blues


def test_it_buys_the_deed_that_completes_its_set_even_with_the_set_mortgaged():
    # The valuation alone declined this: a set whose other deeds are mortgaged looked worth less
    # than the chance of completing it later, and the rival bought the last deed in the auction.
    game = landed("Connecticut Avenue", PlayerSetup("Ann", cash=460, mortgaged=LIGHT_BLUE), PlayerSetup("Bob"))
    assert answer(game) == Buy(0)


def test_short_of_cash_it_mortgages_a_lesser_deed_for_a_set_made_or_blocked():
    ann = PlayerSetup("Ann", cash=80, owns=LIGHT_BLUE + ("Reading Railroad",))
    assert answer(landed("Connecticut Avenue", ann, PlayerSetup("Bob"))) == Mortgage(0, US["Reading Railroad"])
    ann = PlayerSetup("Ann", cash=80, owns=("Reading Railroad",))
    bob = PlayerSetup("Bob", owns=("Tennessee Avenue", "New York Avenue"))
    assert answer(landed("St. James Place", ann, bob)) == Mortgage(0, US["Reading Railroad"])


def test_a_deed_the_rival_cannot_pay_for_goes_to_auction_and_is_won_for_less():
    game = landed("Boardwalk", PlayerSetup("Ann", cash=1000), PlayerSetup("Bob", cash=50))
    assert answer(game) == DeclineToBuy(0)
    players = ComputerPlayers(game, {0: "ruthless", 1: "hoarder"}, seed=1)
    events = []
    while game.view.pending_kind in (K.BUY, K.AUCTION):
        events += game.apply(players.next_action(game))
    won = [e for e in events if isinstance(e, E.AuctionWon)]
    assert len(won) == 1 and won[0].player == 0 and won[0].amount <= 60
    # with three players the plan does not apply: it buys at the price
    game = landed("Boardwalk", PlayerSetup("Ann", cash=1000), PlayerSetup("Bob", cash=50), PlayerSetup("Cy", cash=50))
    assert answer(game) == Buy(0)


def test_a_split_group_s_deed_is_bought_only_from_money_to_spare():
    bob = PlayerSetup("Bob", owns=("Kentucky Avenue",))
    assert answer(landed("Illinois Avenue", PlayerSetup("Ann", cash=1500, owns=("Indiana Avenue",)), bob)) == Buy(0)
    poorer = PlayerSetup("Ann", cash=500, owns=("Indiana Avenue",))
    assert answer(landed("Illinois Avenue", poorer, bob)) == DeclineToBuy(0)
    # a deed that keeps its group open is still bought by worth
    assert answer(landed("Illinois Avenue", PlayerSetup("Ann", cash=500), PlayerSetup("Bob"))) == Buy(0)


def test_for_a_deed_that_decides_no_set_it_bids_at_most_85_percent_of_the_price():
    ann = PlayerSetup("Ann", cash=1500, owns=("Indiana Avenue",))
    bob = PlayerSetup("Bob", owns=("Kentucky Avenue",))  # Illinois Avenue, $240: the reds are split
    assert answer(auction("Illinois Avenue", 150, ann, bob)) == Bid(0, 160)
    assert answer(auction("Illinois Avenue", 200, ann, bob)) == Bid(0, 204)
    assert answer(auction("Illinois Avenue", 210, ann, bob)) == PassBid(0)


def test_for_a_deed_that_decides_a_set_it_mortgages_to_bid_on():
    ann = PlayerSetup("Ann", cash=200, owns=("Reading Railroad",))
    bob = PlayerSetup("Bob", owns=("Tennessee Avenue", "New York Avenue"))
    game = auction("St. James Place", 200, ann, bob)
    assert answer(game) == Mortgage(0, US["Reading Railroad"])
    game.apply(Mortgage(0, US["Reading Railroad"]))
    assert answer(game) == Bid(0, 210)


def test_a_mortgaged_set_is_freed_first_paid_by_mortgaging_a_lesser_deed():
    def act(cash: int):
        game = game_of(PlayerSetup("Ann", cash=cash, owns=("Connecticut Avenue", "Reading Railroad"),
                                   mortgaged=LIGHT_BLUE), PlayerSetup("Bob"))
        return make_strategy("ruthless", 0, seed=5).act_anytime(GameView(game, 0))

    assert act(500) in (LiftMortgage(0, US["Oriental Avenue"]), LiftMortgage(0, US["Vermont Avenue"]))
    assert act(200) == Mortgage(0, US["Reading Railroad"])
