"""Debts and BANKRUPTCY: raising money before play goes on, bankruptcy to a player and to the bank,
settling a debt in property (UK book), and the last player left winning."""

from __future__ import annotations

import pytest

from monopoly.engine import (BANK, AcceptTrade, Bid, DecisionKind as K, DeclareBankruptcy, IllegalActionError,
                             Mortgage, PassBid, ProposeTrade, Roll, SellBuilding, SettleMortgagedTransfer,
                             check_invariants)
from monopoly.engine import events as E
from scenario import (ANN, BOB, CAT, act, build, card_on_top, cash, deck_order, give, hand_jail_card, new_game, of,
                      paid, place, set_cash)

MEDITERRANEAN, BALTIC = 1, 3
READING = 5
ELECTRIC = 12
KENTUCKY, INDIANA, ILLINOIS = 21, 23, 24
SHORT_LINE = 35
PARK_PLACE, BOARDWALK = 37, 39


def _refused(game, action, words):
    with pytest.raises(IllegalActionError, match=words):
        game.apply(action)


def _boardwalk_hotel(game, owner=BOB):
    give(game, owner, PARK_PLACE, BOARDWALK)
    build(game, {PARK_PLACE: 4, BOARDWALK: "hotel"})


def test_a_debt_above_cash_must_be_raised_by_selling_and_mortgaging():
    g = new_game((1, 3), rent_claim="automatic")
    _boardwalk_hotel(g)
    give(g, ANN, KENTUCKY, INDIANA, ILLINOIS)
    build(g, {KENTUCKY: 2, INDIANA: 2, ILLINOIS: 2})
    place(g, ANN, SHORT_LINE)
    events = act(g, Roll(ANN))  # to Boardwalk: $2,000 with a hotel
    assert E.DebtRaised(ANN, BOB, 2000, "rent") in events
    d = g.view.pending
    assert (d.kind, d.player, d.creditor, d.amount) == (K.RAISE_FUNDS, ANN, BOB, 2000)
    assert cash(g) == [1500, 1500]
    # cash $1,500 + six houses at half ($450) + mortgages ($340) = $2,290 covers the debt
    assert g.view.liquid_value(ANN) == 2290
    assert not g.view.can_declare_bankruptcy(ANN)
    _refused(g, DeclareBankruptcy(ANN), "raise the money instead")
    assert DeclareBankruptcy(ANN) not in g.legal_actions(ANN)
    _refused(g, Roll(BOB), "raise")  # play waits for the money
    for sq in (ILLINOIS, INDIANA, KENTUCKY, ILLINOIS, INDIANA, KENTUCKY):
        act(g, SellBuilding(ANN, sq))
    assert cash(g)[ANN] == 1950 and g.view.pending.kind == K.RAISE_FUNDS
    events = act(g, Mortgage(ANN, KENTUCKY))  # $110 more: the debt is paid at once
    assert paid(events) == [(BANK, ANN, 110), (ANN, BOB, 2000)]
    # the debt is reported paid before the next player's turn starts
    kinds = [type(e) for e in events]
    assert E.DebtPaid(ANN, BOB, 2000, "rent") in events
    assert kinds.index(E.DebtPaid) < kinds.index(E.TurnStarted)
    assert cash(g) == [60, 3500]
    assert g.view.pending.kind == K.ROLL and g.view.pending.player == BOB
    assert not g.view.bankrupt(ANN)


def test_bankruptcy_to_a_player_hands_everything_to_the_creditor():
    g = new_game((1, 3), players=("Ann", "Bob", "Cat"), rent_claim="automatic")
    _boardwalk_hotel(g)
    give(g, ANN, MEDITERRANEAN, BALTIC, ELECTRIC)
    give(g, ANN, READING, mortgaged=True)
    build(g, {MEDITERRANEAN: 2, BALTIC: 2})
    hand_jail_card(g, ANN, "chance")
    set_cash(g, ANN, 300)
    place(g, ANN, SHORT_LINE)
    act(g, Roll(ANN))
    # $300 + four houses at half ($100) + mortgages of the browns and Electric ($135) = $535
    assert g.view.liquid_value(ANN) == 535 and g.view.can_declare_bankruptcy(ANN)
    events = act(g, DeclareBankruptcy(ANN))
    # the houses go back to the bank at half price and that cash, with the rest, goes to Bob
    assert paid(events) == [(BANK, ANN, 50), (BANK, ANN, 50), (ANN, BOB, 400)]
    assert g.view.bank_houses == 32 - 4  # only Bob's Park Place houses are out
    assert [g.view.owner(s) for s in (MEDITERRANEAN, BALTIC, ELECTRIC, READING)] == [BOB] * 4
    assert g.view.mortgaged(READING) and not g.view.mortgaged(ELECTRIC)
    assert g.view.jail_cards(BOB) == ("chance",)
    assert of(events, E.JailCardPassed) == [E.JailCardPassed(ANN, BOB, "chance")]
    ann = g.view.player(ANN)
    assert ann.bankrupt and ann.cash == 0 and ann.jail_cards == () and g.view.owned(ANN) == []
    assert E.Bankrupt(ANN, BOB) in events
    assert cash(g) == [0, 1900, 1500]
    # Bob pays the 10% on the mortgaged railroad now (or lifts it)
    d = g.view.pending
    assert (d.kind, d.player, d.square) == (K.MORTGAGED_TRANSFER, BOB, READING)
    events = act(g, SettleMortgagedTransfer(BOB, READING, lift=False))
    assert paid(events) == [(BOB, BANK, 10)]
    assert not g.view.over and g.view.active_players() == [BOB, CAT]
    assert g.view.pending.kind == K.ROLL and g.view.pending.player == BOB
    check_invariants(g)


def test_bankruptcy_to_a_player_with_several_mortgages_asks_for_each():
    g = new_game((1, 3), players=("Ann", "Bob", "Cat"), rent_claim="automatic")
    _boardwalk_hotel(g)
    give(g, ANN, READING, ELECTRIC, mortgaged=True)
    set_cash(g, ANN, 100)
    place(g, ANN, SHORT_LINE)
    act(g, Roll(ANN))
    act(g, DeclareBankruptcy(ANN))
    asked = []
    while g.view.pending.kind == K.MORTGAGED_TRANSFER:
        d = g.view.pending
        asked.append(d.square)
        act(g, SettleMortgagedTransfer(BOB, d.square, lift=d.square == READING))
    assert sorted(asked) == [READING, ELECTRIC]
    assert not g.view.mortgaged(READING) and g.view.mortgaged(ELECTRIC)
    assert cash(g) == [0, 1500 + 100 - 110 - 8, 1500]  # lift $100 + $10; interest on $75 is $8


def test_bankruptcy_to_the_bank_auctions_every_property_at_once_but_no_buildings():
    g = new_game((1, 2), players=("Ann", "Bob", "Cat"), income_tax="flat")
    give(g, ANN, MEDITERRANEAN, BALTIC)
    give(g, ANN, READING, mortgaged=True)
    build(g, {MEDITERRANEAN: 1, BALTIC: 1})
    hand_jail_card(g, ANN, "community_chest")
    set_cash(g, ANN, 10)
    place(g, ANN, MEDITERRANEAN)
    events = act(g, Roll(ANN))  # to Income Tax: $200
    assert E.DebtRaised(ANN, BANK, 200, "tax") in events
    assert g.view.liquid_value(ANN) == 10 + 50 + 60
    events = act(g, DeclareBankruptcy(ANN))
    assert paid(events) == [(BANK, ANN, 25), (BANK, ANN, 25), (ANN, BANK, 60)]
    assert E.Bankrupt(ANN, BANK) in events
    assert g.view.bank_houses == 32  # the buildings stay with the bank
    assert [e.square for e in of(events, E.AuctionStarted)] == [MEDITERRANEAN, BALTIC, READING]
    assert [g.view.owner(s) for s in (MEDITERRANEAN, BALTIC, READING)] == [-1] * 3
    assert not any(g.view.mortgages())
    assert g.view.jail_cards(ANN) == ()
    assert deck_order(g, "community_chest").count("community_chest-jail-free") == 1  # card back in the pack
    assert of(events, E.JailCardPassed) == [E.JailCardPassed(ANN, BANK, "community_chest")]
    sold = []
    for sq, price in ((MEDITERRANEAN, 40), (BALTIC, 45), (READING, 150)):
        d = g.view.pending
        assert d.kind == K.AUCTION and d.square == sq and d.auction.bidders == (BOB, CAT)
        act(g, Bid(BOB, price))
        sold += of(act(g, PassBid(CAT)), E.AuctionWon)
    assert sold == [E.AuctionWon(BOB, "square", MEDITERRANEAN, 40), E.AuctionWon(BOB, "square", BALTIC, 45),
                    E.AuctionWon(BOB, "square", READING, 150)]
    assert [g.view.owner(s) for s in (MEDITERRANEAN, BALTIC, READING)] == [BOB] * 3
    assert not g.view.mortgaged(READING) and g.view.houses(MEDITERRANEAN) == 0
    assert cash(g) == [0, 1500 - 235, 1500]
    assert g.view.pending.kind == K.ROLL and g.view.pending.player == BOB
    check_invariants(g)


def test_uk_debt_may_be_settled_in_property_with_the_creditor():
    g = new_game((1, 3), edition="uk", rent_claim="automatic")
    give(g, BOB, PARK_PLACE, BOARDWALK)  # Park Lane and Mayfair
    build(g, {PARK_PLACE: 2, BOARDWALK: 2})
    give(g, ANN, READING, ELECTRIC)
    set_cash(g, ANN, 500)
    place(g, ANN, SHORT_LINE)
    act(g, Roll(ANN))  # Mayfair with two houses: 600
    assert g.view.pending.kind == K.RAISE_FUNDS and g.view.pending.amount == 600
    # Ann offers King's Cross Station and all her cash for the debt; Bob agrees
    act(g, ProposeTrade(ANN, BOB, give=(READING,), cash=500, settle_debt=True))
    assert g.view.pending.kind == K.TRADE_RESPONSE and g.view.pending.player == BOB
    events = act(g, AcceptTrade(BOB))
    assert paid(events) == [(ANN, BOB, 500)]
    assert g.view.owner(READING) == BOB and g.view.owner(ELECTRIC) == ANN
    assert cash(g) == [0, 2000]
    assert g.view.pending.kind == K.ROLL and g.view.pending.player == BOB  # the debt is settled
    assert not g.view.bankrupt(ANN)


def test_settling_in_property_only_with_the_option_and_only_to_the_creditor():
    g = new_game((1, 3), players=("Ann", "Bob", "Cat"), rent_claim="automatic")
    _boardwalk_hotel(g)
    give(g, ANN, READING)
    place(g, ANN, SHORT_LINE)
    act(g, Roll(ANN))
    assert g.view.pending.kind == K.RAISE_FUNDS
    _refused(g, ProposeTrade(ANN, BOB, give=(READING,), cash=1500, settle_debt=True), "settled in property")
    g2 = new_game((1, 3), players=("Ann", "Bob", "Cat"), rent_claim="automatic", settle_in_property=True)
    _boardwalk_hotel(g2)
    give(g2, ANN, READING)
    place(g2, ANN, SHORT_LINE)
    act(g2, Roll(ANN))
    _refused(g2, ProposeTrade(ANN, CAT, give=(READING,), settle_debt=True), "no rent owed")
    give(g2, BOB, ELECTRIC)
    _refused(g2, ProposeTrade(ANN, BOB, give=(READING,), take=(ELECTRIC,), settle_debt=True), "takes nothing")


def test_only_rent_may_be_settled_in_property():
    # The UK book allows part payment in property for rent that cannot be paid in cash; a card's
    # "pay each player" debt to a player must be paid in money (or end in bankruptcy).
    g = new_game((3, 4), players=("Ann", "Bob"), settle_in_property=True)
    card_on_top(g, "chance", "chance-chairman")  # pay each player $50
    set_cash(g, ANN, 10)
    give(g, ANN, READING)
    events = act(g, Roll(ANN))
    assert E.DebtRaised(ANN, BOB, 50, "card") in events
    _refused(g, ProposeTrade(ANN, BOB, give=(READING,), cash=10, settle_debt=True), "no rent owed")


def test_a_debt_to_a_player_who_goes_bankrupt_meanwhile_is_owed_to_the_bank():
    g = new_game((3, 4), players=("Ann", "Bob", "Cat"))
    card_on_top(g, "chance", "chance-chairman")  # pay each player $50
    set_cash(g, ANN, 10)
    set_cash(g, BOB, 5)
    give(g, CAT, SHORT_LINE, mortgaged=True)
    events = act(g, Roll(ANN))
    assert E.DebtRaised(ANN, BOB, 50, "card") in events and E.DebtRaised(ANN, CAT, 50, "card") in events
    assert g.view.pending.kind == K.RAISE_FUNDS and g.view.pending.creditor == BOB
    # meanwhile Bob takes Cat's mortgaged Short Line and cannot pay the $10 interest on it
    act(g, ProposeTrade(CAT, BOB, give=(SHORT_LINE,)))
    act(g, AcceptTrade(BOB))
    act(g, SettleMortgagedTransfer(BOB, SHORT_LINE, lift=False))
    assert g.view.pending.kind == K.RAISE_FUNDS and g.view.pending.player == BOB
    events = act(g, DeclareBankruptcy(BOB))
    assert E.Bankrupt(BOB, BANK) in events
    act(g, PassBid(g.view.pending.player))  # Short Line is auctioned and nobody wants it
    act(g, PassBid(g.view.pending.player))
    # Ann's debt to Bob is still there, now owed to the bank: nothing goes to the bankrupt Bob
    d = g.view.pending
    assert (d.kind, d.player, d.creditor) == (K.RAISE_FUNDS, ANN, BANK)
    events = act(g, DeclareBankruptcy(ANN))
    assert E.Bankrupt(ANN, BANK) in events and paid(events) == [(ANN, BANK, 10)]
    assert cash(g)[BOB] == 0 and g.view.owned(BOB) == []
    assert g.view.over and g.view.outcome.winner == CAT


def test_last_player_left_wins():
    g = new_game((1, 3), rent_claim="automatic")
    _boardwalk_hotel(g)
    set_cash(g, ANN, 100)
    place(g, ANN, SHORT_LINE)
    act(g, Roll(ANN))
    events = act(g, DeclareBankruptcy(ANN))
    assert g.view.over
    assert g.view.outcome.termination == "last_player" and g.view.outcome.winner == BOB
    over = of(events, E.GameOver)[0]
    assert over.winner == BOB and over.values[ANN] == 0
    assert cash(g) == [0, 1600]
    assert g.view.pending.kind == K.GAME_OVER and g.legal_actions() == []


def test_an_auction_decided_by_a_bankruptcy_closes_before_the_bankrupts_deeds_are_auctioned():
    # Found by fuzzing: Bob, the last rival in an auction, goes bankrupt in it (a mortgaged deed
    # received in a trade costs interest he cannot pay). Ann's bid wins at once and is paid before
    # the bank auctions Bob's deed, so she cannot bid there with the money already promised.
    from monopoly.engine import DeclineToBuy, Game
    g = new_game((1, 2), players=("Ann", "Bob", "Cat"))
    give(g, CAT, BOARDWALK, mortgaged=True)
    set_cash(g, BOB, 5)
    act(g, Roll(ANN))
    act(g, DeclineToBuy(ANN))  # Baltic Avenue to auction: Ann, Bob, Cat
    act(g, Bid(ANN, 70))
    act(g, PassBid(CAT))  # Bob, asked next, is Ann's last rival
    act(g, ProposeTrade(CAT, BOB, give=(BOARDWALK,)))
    act(g, AcceptTrade(BOB))
    act(g, SettleMortgagedTransfer(BOB, BOARDWALK, lift=False))  # $20 interest, and Bob has $5
    events = act(g, DeclareBankruptcy(BOB))
    won = [i for i, e in enumerate(events) if isinstance(e, E.AuctionWon)]
    started = [i for i, e in enumerate(events) if isinstance(e, E.AuctionStarted)]
    assert events[won[0]] == E.AuctionWon(ANN, "square", BALTIC, 70) and won[0] < started[0]
    assert g.view.owner(BALTIC) == ANN and cash(g)[ANN] == 1500 - 70
    assert [d.auction.square for d in g.view.pending_decisions()] == [BOARDWALK] and g.view.pending.kind == K.AUCTION
    g = Game.from_dict(g.to_dict())  # and the state saves and loads
    check_invariants(g)
    act(g, PassBid(g.view.pending.player))
    act(g, PassBid(g.view.pending.player))
    assert g.view.owner(BALTIC) == ANN and g.view.owner(BOARDWALK) == -1
