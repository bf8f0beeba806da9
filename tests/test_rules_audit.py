"""Rule scenarios found missing or wrong in an audit of the engine against the four rulebooks.

Each test is named after the rule paragraph it checks and uses the books' own figures (the C64
book is the default; the UK, two-player and .com books where their rules differ).
"""

from __future__ import annotations

import pytest

from monopoly.engine import (BANK, BOARD_SIZE, AcceptTrade, Bid, Build, Buy, DecisionKind as K, DeclareBankruptcy, Game,
                             IllegalActionError, LiftMortgage, Mortgage, MoveOffline, OrderBuildings, PassBid,
                             ProposeTrade, Roll, SellBuilding, SettleMortgagedTransfer, arrange, check_invariants)
from monopoly.engine import events as E
from scenario import (ANN, BOB, CAT, act, build, card_on_top, cash, clear_deeds, give, jail, new_game, of, paid,
                      place, set_cash)

MEDITERRANEAN, BALTIC = 1, 3
READING = 5
ORIENTAL, VERMONT, CONNECTICUT = 6, 8, 9
STATES = 13
PENNSYLVANIA_RR = 15
E_ONLINE = 14  # the .com square on the US Virginia Avenue spot
RED = (21, 23, 24)
YELLOW = (26, 27, 29)
GREEN = (31, 32, 34)
SHORT_LINE = 35
PARK_PLACE, BOARDWALK = 37, 39  # Park Lane and Mayfair on the UK board; Excite@Home and Yahoo! on the .com


def _refused(game: Game, action, words: str) -> None:
    with pytest.raises(IllegalActionError, match=words):
        game.apply(action)


def _clear_deeds(game: Game) -> None:
    """Take back the deeds a short game dealt (and refund them), so a test arranges its own board."""
    clear_deeds(game)
    for p in range(game.view.player_count):
        set_cash(game, p, 1500)


# ------------------------------------------------------------------------ PREPARATION
@pytest.mark.parametrize("edition", ["us", "uk", "dotcom"])
def test_preparation_every_player_receives_1500_from_the_bank(edition):
    g = new_game(players=("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Guy", "Hal"), edition=edition)
    assert cash(g) == [1500] * 8
    assert g.view.bank_houses == 32 and g.view.bank_hotels == 12


# ------------------------------------------------------------------------ THE BANK / MORTGAGES
@pytest.mark.parametrize("edition", ["us", "uk", "dotcom"])
def test_mortgage_value_is_half_the_printed_price_on_every_deed(edition):
    g = new_game(edition=edition)
    deeds = [g.edition.squares[i] for i in g.edition.properties]
    assert len(deeds) == 28
    assert all(sq.mortgage * 2 == sq.price for sq in deeds)
    assert g.edition.squares[READING].mortgage == 100 and g.edition.squares[BOARDWALK].mortgage == 200


# ------------------------------------------------------------------------ HOUSES (double rent)
def test_rent_double_on_the_unimproved_site_of_a_complete_group_with_houses_elsewhere():
    """C64 HOUSES: the owner still collects double rent on the group's unimproved sites."""
    g = new_game((1, 2), rent_claim="automatic")
    give(g, BOB, ORIENTAL, VERMONT, CONNECTICUT)
    build(g, {ORIENTAL: 1, VERMONT: 1})
    place(g, ANN, ORIENTAL)
    events = act(g, Roll(ANN))  # three on to Connecticut Avenue, base rent $8
    assert paid(events, "rent") == [(ANN, BOB, 16)]
    assert g.view.rent(ORIENTAL) == 30  # a site with a house charges the one-house rent, not double


# ------------------------------------------------------------------------ CASH display and final value
def test_cash_display_property_value_is_what_the_bank_would_pay_now():
    """C64 CASH: an unmortgaged railroad counts $100, a mortgaged one $0, buildings at half."""
    g = new_game()
    give(g, ANN, READING)
    give(g, ANN, PENNSYLVANIA_RR, mortgaged=True)
    give(g, ANN, MEDITERRANEAN, BALTIC)
    build(g, {MEDITERRANEAN: 2, BALTIC: 2})
    # Reading $100 + Pennsylvania RR $0 + four $50 houses at $25 + the browns' mortgages once the
    # houses are sold ($30 each)
    assert g.view.property_value(ANN) == 100 + 0 + 4 * 25 + 30 + 30
    assert g.view.liquid_value(ANN) == 1500 + 260


def test_final_value_counts_railroads_at_200_mortgaged_at_100_and_buildings_at_face_value():
    """C64 CASH note: the end-of-game figure uses face values."""
    g = new_game()
    give(g, ANN, READING)
    give(g, ANN, PENNSYLVANIA_RR, mortgaged=True)
    give(g, ANN, MEDITERRANEAN, BALTIC)
    build(g, {MEDITERRANEAN: 2, BALTIC: 2})
    assert g.view.face_value(ANN) == 1500 + 200 + 100 + 60 + 60 + 4 * 50


# ------------------------------------------------------------------------ selling hotels back
def test_uk_hotel_sold_back_pays_half_the_hotel_and_half_of_the_four_houses_given_for_it():
    """UK book: a hotel sold to the bank is worth half of its price plus half of four houses."""
    g = new_game(edition="uk")
    give(g, ANN, PARK_PLACE, BOARDWALK)  # Park Lane and Mayfair, £200 a building
    build(g, {PARK_PLACE: "hotel", BOARDWALK: "hotel"})
    give(g, BOB, *RED, *YELLOW, *GREEN)
    build(g, {**{sq: 4 for sq in RED + YELLOW}, **dict(zip(GREEN, (3, 3, 2)))})
    assert g.view.bank_houses == 0
    assert g.view.property_value(ANN) == 2 * (100 + 4 * 100) + 175 + 200  # and the two mortgages
    events = act(g, SellBuilding(ANN, BOARDWALK))
    # no houses to give back: each hotel goes for £100 + 4 x £100 = £500
    assert paid(events) == [(BANK, ANN, 500), (BANK, ANN, 500)]
    assert cash(g)[ANN] == 2500 and g.view.houses(BOARDWALK) == 0
    assert not any(g.view.hotel(s) for s in range(BOARD_SIZE))
    check_invariants(g)


def test_short_game_hotel_turn_in_value_is_half_the_hotel_and_three_houses():
    """.com short game rule 2: the turn-in value is half the purchase price, one house less."""
    g = new_game(edition="dotcom", short_game="dotcom")
    _clear_deeds(g)
    give(g, ANN, PARK_PLACE, BOARDWALK)  # Excite@Home and Yahoo!, $200M a building
    build(g, {PARK_PLACE: "hotel", BOARDWALK: "hotel"})
    assert g.view.property_value(ANN) == 2 * (4 * 100) + 175 + 200  # and the two mortgages
    events = act(g, SellBuilding(ANN, BOARDWALK))
    assert of(events, E.BuildingSold) == [E.BuildingSold(ANN, BOARDWALK, 3, True, 100)]  # three houses back
    act(g, SellBuilding(ANN, PARK_PLACE))
    for _ in range(3):
        act(g, SellBuilding(ANN, BOARDWALK))
        act(g, SellBuilding(ANN, PARK_PLACE))
    assert cash(g)[ANN] == 1500 + 2 * 400 and g.view.bank_houses == 32 and g.view.bank_hotels == 12
    assert g.view.money(cash(g)[ANN]) == "$2,300M"


# ------------------------------------------------------------------------ mortgaged property changing hands
def test_mortgaged_deed_received_cannot_be_passed_on_before_its_interest_is_settled():
    """C64 MORTGAGES: the new owner pays the 10% when he takes the property, before dealing it on."""
    g = new_game(players=("Ann", "Bob", "Cat"))
    give(g, CAT, READING, mortgaged=True)  # mortgage $100
    act(g, ProposeTrade(CAT, BOB, give=(READING,), cash=-50))
    act(g, AcceptTrade(BOB))
    assert g.view.pending.kind == K.MORTGAGED_TRANSFER and g.view.pending.player == BOB
    _refused(g, ProposeTrade(BOB, ANN, give=(READING,), cash=-60), "interest on Reading Railroad's mortgage")
    _refused(g, ProposeTrade(ANN, BOB, take=(READING,), cash=60), "interest")
    events = act(g, SettleMortgagedTransfer(BOB, READING, lift=False))
    assert paid(events) == [(BOB, BANK, 10)]
    act(g, ProposeTrade(BOB, ANN, give=(READING,), cash=-60))  # once paid, the deed may go on
    act(g, AcceptTrade(ANN))
    events = act(g, SettleMortgagedTransfer(ANN, READING, lift=True))
    assert paid(events) == [(ANN, BANK, 110)]
    assert cash(g) == [1500 - 60 - 110, 1500 - 50 - 10 + 60, 1550]
    check_invariants(g)


def test_bankruptcy_mortgaged_property_held_until_later_pays_the_interest_again_when_lifted():
    """.com classic BANKRUPTCY: 10% at once, then the principal plus another 10% on a later turn."""
    g = new_game((1, 3), players=("Ann", "Bob", "Cat"), rent_claim="automatic")
    give(g, BOB, PARK_PLACE, BOARDWALK)
    build(g, {PARK_PLACE: 4, BOARDWALK: "hotel"})
    give(g, ANN, READING, mortgaged=True)
    set_cash(g, ANN, 100)
    place(g, ANN, SHORT_LINE)
    act(g, Roll(ANN))  # Boardwalk with a hotel: $2,000
    act(g, DeclareBankruptcy(ANN))
    events = act(g, SettleMortgagedTransfer(BOB, READING, lift=False))
    assert paid(events) == [(BOB, BANK, 10)]
    assert g.view.pending.kind == K.ROLL and g.view.pending.player == BOB
    events = act(g, LiftMortgage(BOB, READING))  # lifted later, not at once: the mortgage and 10% again
    assert paid(events) == [(BOB, BANK, 110)]
    assert cash(g)[BOB] == 1500 + 100 - 10 - 110


def test_uk_debt_settled_with_a_mortgaged_property_the_creditor_pays_the_interest():
    """UK book: the creditor may take property, even mortgaged, for part of the rent owed."""
    g = new_game((1, 3), edition="uk", rent_claim="automatic")
    give(g, BOB, PARK_PLACE, BOARDWALK)  # Park Lane and Mayfair
    build(g, {PARK_PLACE: 2, BOARDWALK: 2})
    give(g, ANN, READING, mortgaged=True)  # King's Cross Station, mortgaged for £100
    set_cash(g, ANN, 500)
    place(g, ANN, SHORT_LINE)
    act(g, Roll(ANN))  # Mayfair with two houses: £600
    assert g.view.pending.kind == K.RAISE_FUNDS and g.view.pending.amount == 600
    act(g, ProposeTrade(ANN, BOB, give=(READING,), cash=450, settle_debt=True))
    events = act(g, AcceptTrade(BOB))
    assert paid(events) == [(ANN, BOB, 450)]
    d = g.view.pending
    assert (d.kind, d.player, d.square) == (K.MORTGAGED_TRANSFER, BOB, READING)
    events = act(g, SettleMortgagedTransfer(BOB, READING, lift=False))
    assert paid(events) == [(BOB, BANK, 10)]
    assert cash(g) == [50, 1500 + 450 - 10]
    assert g.view.pending.kind == K.ROLL and g.view.pending.player == BOB and not g.view.bankrupt(ANN)


def test_two_player_version_mortgaged_property_of_a_bankrupt_passes_still_mortgaged_without_interest():
    """Two-player text version: no mortgage interest; the creditor lifts the mortgage when he decides."""
    g = new_game((1, 3), players=("Ann", "Bob", "Cat"), rent_claim="automatic", mortgage_interest=0)
    give(g, BOB, PARK_PLACE, BOARDWALK)
    build(g, {PARK_PLACE: 4, BOARDWALK: "hotel"})
    give(g, ANN, READING, mortgaged=True)
    set_cash(g, ANN, 100)
    place(g, ANN, SHORT_LINE)
    act(g, Roll(ANN))
    events = act(g, DeclareBankruptcy(ANN))
    assert paid(events) == [(ANN, BOB, 100)]
    assert g.view.owner(READING) == BOB and g.view.mortgaged(READING)
    assert g.view.pending.kind == K.ROLL and g.view.pending.player == BOB  # nothing to pay now
    events = act(g, LiftMortgage(BOB, READING))
    assert paid(events) == [(BOB, BANK, 100)]  # the mortgage alone


# ------------------------------------------------------------------------ TRADE
def test_trade_a_property_may_be_given_away_for_nothing():
    """C64 TRADE: it is possible to give property away and get nothing in return."""
    g = new_game()
    give(g, ANN, BALTIC)
    act(g, ProposeTrade(ANN, BOB, give=(BALTIC,)))
    act(g, AcceptTrade(BOB))
    assert g.view.owner(BALTIC) == BOB and cash(g) == [1500, 1500]


# ------------------------------------------------------------------------ the time-limit game
def _timed(*rolls, players=("Ann", "Bob")) -> Game:
    g = new_game(*rolls, players=players, short_game="time_limit", time_limit_minutes=60)
    _clear_deeds(g)
    return g


def test_time_limit_rent_falling_due_after_time_is_up_is_paid_with_the_move():
    """C64 short game: the player in play completes the move and the dealings that go with it."""
    g = _timed((1, 2))
    give(g, ANN, READING)
    give(g, BOB, STATES)
    set_cash(g, ANN, 20)
    jail(g, ANN, turns_tried=2)
    act(g, Roll(ANN))  # third failed throw: the $50 fine is owed before moving
    assert g.view.pending.kind == K.RAISE_FUNDS and g.view.pending.amount == 50
    g.set_clock(60 * 60)
    assert g.view.time_up and not g.view.over
    events = act(g, Mortgage(ANN, READING))  # $100 raised, the fine paid, three on to States Avenue
    assert paid(events) == [(BANK, ANN, 100), (ANN, BANK, 50), (ANN, BOB, 10)]
    assert of(events, E.RentDue) == []  # no claim left to lapse: the rent went with the move
    assert g.view.over and g.view.outcome.termination == "time_up"
    assert g.view.outcome.values == [60 + 100, 1510 + 140]


def test_time_limit_a_debtor_of_the_player_in_play_may_still_raise_the_money():
    g = _timed((3, 4))
    give(g, ANN, READING)
    give(g, BOB, BOARDWALK)
    set_cash(g, ANN, 20)
    set_cash(g, BOB, 10)
    jail(g, ANN, turns_tried=2)
    card_on_top(g, "community_chest", "community_chest-opera")  # collect $50 from every player
    act(g, Roll(ANN))
    g.set_clock(60 * 60)
    events = act(g, Mortgage(ANN, READING))  # fine paid, seven on to Community Chest
    assert E.DebtRaised(BOB, ANN, 50, "card") in events
    d = g.view.pending
    assert (d.kind, d.player, d.creditor) == (K.RAISE_FUNDS, BOB, ANN)
    assert Mortgage(BOB, BOARDWALK) in g.legal_actions(BOB)
    _refused(g, LiftMortgage(BOB, BOARDWALK), "not mortgaged")
    events = act(g, Mortgage(BOB, BOARDWALK))
    assert paid(events) == [(BANK, BOB, 200), (BOB, ANN, 50)]
    assert g.view.over and g.view.outcome.termination == "time_up"
    assert g.view.outcome.values == [20 + 100 - 50 + 50 + 100, 10 + 200 - 50 + 200]
    assert g.view.outcome.winner == BOB


def _short_of_houses(g: Game) -> None:
    """Ann owns the browns, Bob the light blues, Cat's streets hold all but two houses (at most
    three to a site in the short game)."""
    give(g, ANN, MEDITERRANEAN, BALTIC)
    give(g, BOB, ORIENTAL, VERMONT, CONNECTICUT)
    give(g, CAT, *RED, *YELLOW, *GREEN, PARK_PLACE, BOARDWALK)
    build(g, {**{sq: 3 for sq in RED + YELLOW + GREEN}, PARK_PLACE: 2, BOARDWALK: 1})
    assert g.view.bank_houses == 2


def test_time_limit_buildings_won_at_auction_are_placed_after_time_is_up():
    g = _timed(players=("Ann", "Bob", "Cat"))
    _short_of_houses(g)
    act(g, OrderBuildings(ANN, ((ANN, 2), (BOB, 3))))
    g.set_clock(60 * 60)  # the house auction under way is part of the dealing in play
    act(g, Bid(ANN, 60))
    act(g, Bid(BOB, 80))
    act(g, PassBid(ANN))
    assert g.view.pending.kind == K.PLACE_BUILDING and g.view.pending.player == BOB
    assert Build(BOB, CONNECTICUT) in g.legal_actions(BOB)
    act(g, Build(BOB, CONNECTICUT))
    act(g, PassBid(BOB))
    act(g, Bid(ANN, 1))
    act(g, Build(ANN, BALTIC))
    assert g.view.houses(CONNECTICUT) == 1 and g.view.houses(BALTIC) == 1 and g.view.bank_houses == 0
    assert g.view.over and g.view.outcome.termination == "time_up"
    assert cash(g)[:2] == [1499, 1420]


def test_time_limit_no_new_building_orders_from_other_players_once_time_is_up():
    g = _timed((1, 2), players=("Ann", "Bob", "Cat"))
    _short_of_houses(g)
    place(g, ANN, ORIENTAL)
    give(g, BOB, ORIENTAL, VERMONT)  # Connecticut, three on, is Ann's to buy
    arrange(g, owners={CONNECTICUT: None})
    give(g, BOB, READING)
    act(g, Roll(ANN))
    assert g.view.pending.kind == K.BUY
    g.set_clock(60 * 60)
    _refused(g, OrderBuildings(ANN, ((ANN, 2), (BOB, 3))), "time is up")
    act(g, Build(ANN, MEDITERRANEAN))  # the player in play may still build
    act(g, Buy(ANN))
    assert g.view.over and g.view.outcome.termination == "time_up"


# ------------------------------------------------------------------------ the .com "Offline" rule
def test_offline_doubles_thrown_to_leave_jail_move_the_token_too():
    """.com Offline rule: whoever rolls doubles moves Mr. Monopoly (here, doubles out of jail)."""
    g = new_game((2, 2), edition="dotcom", offline_rule=True)
    jail(g, ANN, turns_tried=1)
    events = act(g, Roll(ANN))  # doubles: out of jail and four on to E! Online
    assert E.LeftJail(ANN, "doubles") in events
    assert g.view.pending.kind == K.BUY and g.view.pending.square == E_ONLINE
    act(g, Buy(ANN))
    d = g.view.pending
    assert (d.kind, d.player, d.offline_cause) == (K.MOVE_OFFLINE, ANN, "doubles")
    act(g, MoveOffline(ANN, BOARDWALK))
    assert g.view.offline_square == BOARDWALK
    assert g.view.pending.kind == K.ROLL and g.view.pending.player == BOB  # no further throw out of jail
    assert cash(g) == [1500 - 160, 1500]


def test_rent_still_claimable_when_time_runs_out_is_paid_with_the_finished_move():
    """Time-limit game: the transactions of the move in play are completed, the rent included."""
    g = new_game((1, 2), (3, 3), players=("Ann", "Bob"), short_game="time_limit", time_limit_minutes=30)
    clear_deeds(g)
    set_cash(g, ANN, 1500)
    set_cash(g, BOB, 1500)
    give(g, BOB, "Baltic Avenue")
    act(g, Roll(ANN))  # Ann lands on Baltic Avenue: $4 due to Bob, not yet claimed
    assert [c.amount for c in g.view.claims(BOB)] == [4]
    events = g.set_clock(30 * 60)
    assert (ANN, BOB, 4) in paid(events, "rent")
    assert g.view.over and g.view.outcome.termination == "time_up"


def test_only_players_ready_for_a_hotel_may_order_scarce_hotels():
    from monopoly.engine import IllegalActionError, OrderBuildings
    g = new_game(players=("Ann", "Bob", "Cy"))
    give(g, ANN, "Mediterranean Avenue", "Baltic Avenue")
    give(g, BOB, "Oriental Avenue", "Vermont Avenue", "Connecticut Avenue")
    # one hotel left in the bank: the other eleven stand on Cy's reds and yellows and greens
    give(g, CAT, "Kentucky Avenue", "Indiana Avenue", "Illinois Avenue", "Atlantic Avenue", "Ventnor Avenue",
      "Marvin Gardens", "Pacific Avenue", "North Carolina Avenue", "Pennsylvania Avenue", "Park Place", "Boardwalk")
    build(g, {1: 4, 3: 4, 6: 3, 8: 3, 9: 3, **{sq: "hotel" for sq in (21, 23, 24, 26, 27, 29, 31, 32, 34, 37, 39)}})
    assert g.view.bank_hotels == 1
    from monopoly.engine import check_invariants
    check_invariants(g)
    with pytest.raises(IllegalActionError, match="no room"):
        g.apply(OrderBuildings(ANN, ((ANN, 1), (BOB, 1)), hotels=True))
