"""Scenarios: buying an unowned property at its printed price, or the bank's auction.

Squares on the US board used here: 3 Baltic Avenue ($60), 24 Illinois Avenue ($240), 39 Boardwalk ($400).
"""

from __future__ import annotations

import pytest

from monopoly.engine import (NOBODY, Bid, Buy, Debt, DecisionKind as K, DeclineToBuy, IllegalActionError,
                             Mortgage, PassBid, Roll, arrange)
from monopoly.engine import check_invariants
from monopoly.engine import events as E

from scenario import ANN, BOB, CAT, act, card_on_top, cash, give, new_game, of, paid, set_cash

BALTIC, ILLINOIS, BOARDWALK = 3, 24, 39
THREE = ("Ann", "Bob", "Cat")


def _declined(players=THREE, **options):
    """Ann has thrown 3, landed on Baltic Avenue and let it go to auction."""
    game = new_game((1, 2), players=players, **options)
    act(game, Roll(ANN))
    events = act(game, DeclineToBuy(ANN))
    return game, events


# ---------------------------------------------------------------- buying
def test_buying_an_unowned_property_at_its_printed_price():
    game = new_game((1, 2))
    events = act(game, Roll(ANN))
    assert game.view.pending.kind == K.BUY and game.view.pending.player == ANN
    assert game.view.pending.square == BALTIC and game.view.pending.amount == 60
    events = act(game, Buy(ANN))
    assert of(events, E.Bought) == [E.Bought(ANN, BALTIC, 60)]
    assert paid(events) == [(ANN, -1, 60)]
    assert game.view.owner(BALTIC) == ANN and cash(game) == [1440, 1500]
    assert game.view.current_player == BOB


def test_buying_is_offered_after_a_card_move_too():
    game = new_game((3, 4))  # GO -> Chance (7)
    card_on_top(game, "chance", "chance-illinois")
    act(game, Roll(ANN))
    assert game.view.pending.kind == K.BUY and game.view.pending.square == ILLINOIS and game.view.pending.amount == 240


def test_buying_without_the_cash_is_refused_and_changes_nothing():
    game = new_game((1, 2))
    act(game, Roll(ANN))
    set_cash(game, ANN, 59)
    before = game.to_dict()
    with pytest.raises(IllegalActionError, match=r"costs \$60 and you have \$59"):
        game.apply(Buy(ANN))
    assert game.to_dict() == before
    assert Buy(ANN) not in game.legal_actions(ANN)
    assert DeclineToBuy(ANN) in game.legal_actions(ANN)


def test_buying_after_mortgaging_to_raise_the_price():
    game = new_game((1, 2))
    give(game, ANN, "Boardwalk")
    act(game, Roll(ANN))
    set_cash(game, ANN, 0)
    act(game, Mortgage(ANN, BOARDWALK))  # $200 while the purchase waits
    act(game, Buy(ANN))
    assert game.view.owner(BALTIC) == ANN and game.view.cash(ANN) == 140


def test_buying_decision_belongs_to_the_lander_only():
    game = new_game((1, 2))
    act(game, Roll(ANN))
    with pytest.raises(IllegalActionError, match="Ann's decision"):
        game.apply(Buy(BOB))


# ---------------------------------------------------------------- the auction
def test_auction_when_declined_is_open_to_all_players_the_decliner_included():
    game, events = _declined()
    assert of(events, E.AuctionStarted) == [E.AuctionStarted("square", BALTIC, (ANN, BOB, CAT))]
    d = game.view.pending
    assert d.kind == K.AUCTION and d.square == BALTIC and d.player == ANN
    for p in (ANN, BOB, CAT):
        assert Bid(p, 1) in game.legal_actions(p) and PassBid(p) in game.legal_actions(p)


def test_auction_bidding_may_start_at_any_price():
    game, _ = _declined()
    act(game, Bid(BOB, 1))
    act(game, PassBid(CAT))
    events = act(game, PassBid(ANN))
    assert of(events, E.AuctionWon) == [E.AuctionWon(BOB, "square", BALTIC, 1)]
    assert paid(events, "auction") == [(BOB, -1, 1)]
    assert game.view.owner(BALTIC) == BOB and cash(game) == [1500, 1499, 1500]
    assert game.view.current_player == BOB  # Ann's turn is over once the auction ends


def test_auction_the_player_who_declined_may_win_it_below_the_printed_price():
    game, _ = _declined()
    act(game, Bid(ANN, 20))
    act(game, PassBid(BOB))
    act(game, PassBid(CAT))
    assert game.view.owner(BALTIC) == ANN and game.view.cash(ANN) == 1480


def test_auction_goes_to_the_highest_bidder():
    game, _ = _declined()
    act(game, Bid(ANN, 10))
    act(game, Bid(BOB, 30))
    act(game, Bid(CAT, 45))
    act(game, Bid(ANN, 50))
    act(game, PassBid(BOB))
    assert game.view.owner(BALTIC) == NOBODY  # Cat may still outbid
    act(game, Bid(CAT, 75))  # above the printed price is allowed
    act(game, PassBid(ANN))
    assert game.view.owner(BALTIC) == CAT and cash(game) == [1500, 1500, 1425]


def test_auction_a_bid_must_beat_the_highest():
    game, _ = _declined()
    act(game, Bid(BOB, 10))
    with pytest.raises(IllegalActionError, match=r"more than \$10"):
        game.apply(Bid(CAT, 10))
    with pytest.raises(IllegalActionError, match=r"more than \$10"):
        game.apply(Bid(ANN, 0))
    with pytest.raises(IllegalActionError, match="already hold the highest bid"):
        game.apply(Bid(BOB, 11))
    with pytest.raises(IllegalActionError, match="highest bidder cannot pass"):
        game.apply(PassBid(BOB))


def test_auction_a_player_who_passed_is_out_for_good():
    game, _ = _declined()
    act(game, PassBid(CAT))
    with pytest.raises(IllegalActionError, match="not bidding"):
        game.apply(Bid(CAT, 5))


def test_auction_a_bid_above_the_bidders_cash_is_refused():
    game, _ = _declined()
    set_cash(game, BOB, 100)
    give(game, BOB, "Boardwalk")  # assets do not count under the US rule
    before = game.to_dict()
    with pytest.raises(IllegalActionError, match=r"more than your cash \(\$100\)"):
        game.apply(Bid(BOB, 101))
    assert game.to_dict() == before
    act(game, Bid(BOB, 100))
    assert game.view.pending.auction.high_bid == 100


def test_auction_a_debtor_may_not_bid_and_its_bid_limit_says_so():
    """A player with a debt still to raise may raise cash, not spend it: asked in an auction (of a
    bankrupt's deeds, say), they can only pass, and ``bid_limit`` says so rather than their cash."""
    game, _ = _declined()
    arrange(game, debt=Debt(BOB, 2000, "bank", "tax"))
    check_invariants(game)
    assert game.view.bid_limit(BOB) == 0 and game.view.bid_limit(CAT) == 1500
    with pytest.raises(IllegalActionError, match="debt"):
        game.apply(Bid(BOB, 10))
    assert not any(isinstance(a, Bid) and a.player == BOB for a in game.legal_actions())


def test_auction_uk_option_a_bid_beyond_the_bidders_assets_voids_the_auction():
    # The UK book: the auction is void, and the property stays with the bank.
    game, _ = _declined(auction_limit="assets")
    set_cash(game, BOB, 100)
    give(game, BOB, "Boardwalk")  # mortgage value $200: assets $300
    assert game.view.bid_limit(BOB) == 300
    act(game, Bid(CAT, 50))
    events = act(game, Bid(BOB, 301))
    assert of(events, E.AuctionVoided) == [E.AuctionVoided(BOB, 301, "square", BALTIC)]
    assert not of(events, E.AuctionWon) and game.view.owner(BALTIC) == NOBODY
    assert cash(game) == [1500, 100, 1500] and game.view.pending.kind == K.ROLL and game.view.current_player == BOB


def test_auction_uk_option_bids_up_to_total_assets_stand():
    game, _ = _declined(auction_limit="assets")
    set_cash(game, BOB, 100)
    give(game, BOB, "Boardwalk")  # mortgage value $200: assets $300
    act(game, Bid(BOB, 300))
    act(game, PassBid(CAT))
    events = act(game, PassBid(ANN))
    # Bob won with more than his cash: he must raise the rest before play goes on.
    assert of(events, E.DebtRaised) == [E.DebtRaised(BOB, -1, 300, "auction")]
    assert game.view.pending.kind == K.RAISE_FUNDS and game.view.pending.player == BOB
    assert game.view.owner(BALTIC) == BOB and game.view.cash(BOB) == 100
    events = act(game, Mortgage(BOB, BOARDWALK))
    assert paid(events, "auction") == [(BOB, -1, 300)]
    assert game.view.cash(BOB) == 0 and game.view.pending.kind == K.ROLL and game.view.current_player == BOB


def test_auction_uk_edition_limits_bids_by_assets():
    game = new_game(edition="uk")
    assert game.rules.auction_limit == "assets"


def test_auction_with_no_bid_the_bank_keeps_the_property():
    game, _ = _declined()
    act(game, PassBid(ANN))
    act(game, PassBid(BOB))
    events = act(game, PassBid(CAT))
    assert of(events, E.AuctionUnsold) == [E.AuctionUnsold("square", BALTIC)]
    assert game.view.owner(BALTIC) == NOBODY and cash(game) == [1500, 1500, 1500]
    assert game.view.current_player == BOB and game.view.pending.kind == K.ROLL


def test_auction_asks_the_players_in_seat_order_from_the_decliner():
    game = new_game((1, 2), players=THREE, first=BOB)
    act(game, Roll(BOB))
    events = act(game, DeclineToBuy(BOB))
    assert of(events, E.AuctionStarted)[0].bidders == (BOB, CAT, ANN)
    assert game.view.pending.player == BOB
    act(game, PassBid(BOB))
    assert game.view.pending.player == CAT
    act(game, Bid(CAT, 5))
    assert game.view.pending.player == ANN


def test_auction_after_doubles_the_player_still_throws_again():
    game = new_game((3, 3), (4, 6))  # doubles onto Oriental Avenue
    act(game, Roll(ANN))
    act(game, DeclineToBuy(ANN))
    act(game, Bid(BOB, 50))
    act(game, PassBid(ANN))
    assert game.view.owner(6) == BOB
    assert game.view.current_player == ANN and game.view.pending.kind == K.ROLL and game.view.pending.player == ANN


def test_auction_bidders_may_bid_out_of_asking_order():
    game, _ = _declined()
    assert game.view.pending.player == ANN
    act(game, Bid(CAT, 40))  # open bidding: anyone still in may speak
    act(game, PassBid(ANN))
    act(game, PassBid(BOB))
    assert game.view.owner(BALTIC) == CAT
