"""The engine's read view (``game.view``, ``View(game, seat)``): every question it answers, each
checked against the rulebooks and against what the engine then does.

Positions are arranged with the scenario kit and played with scripted dice; where the view
predicts something (a rent, a refund, a legal bid) the test plays the move and compares the
prediction with the money the engine actually moves. A property test closes the file: over random
legal games the view's answers agree with the engine's checks at every step.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from monopoly.engine import (BANK, NOBODY, AuctionItem, OfflineCause, PaymentReason, AcceptTrade, Bid, Build, Buy, ClaimRent, DeclareBankruptcy, DeclineToBuy,
                             DecisionKind as K, EndGame, Game, LiftMortgage, Mortgage, MoveOffline, Offer,
                             OrderBuildings, PassBid, PayIncomeTax, PayOrDraw, Pending, PlayerInfo, ProposeTrade,
                             RejectTrade, Roll, SaleEstimate, SellBuilding, SettleMortgagedTransfer, View,
                             check_invariants)
from monopoly.ai.view import GameView
from monopoly.engine import events as E
from scenario import (ANN, BOB, CAT, RULE_OPTIONS, act, build, card_on_top, clear_deeds, dice, give, hand_jail_card,
                      jail, new_game, of, paid, place, random_rules_game, set_cash)
from test_properties import play_step

# The US board (the C64 book's), by index.
MEDITERRANEAN, BALTIC, INCOME_TAX, READING = 1, 3, 4, 5
ORIENTAL, VERMONT, CONNECTICUT = 6, 8, 9
ELECTRIC, PENNSYLVANIA_RR = 12, 15
ST_JAMES, TENNESSEE, NEW_YORK = 16, 18, 19
RED = (21, 23, 24)
B_AND_O, WATER_WORKS = 25, 28
YELLOW = (26, 27, 29)
GREEN = (31, 32, 34)
SHORT_LINE = 35
PARK_PLACE, BOARDWALK = 37, 39
RAILROADS = (READING, PENNSYLVANIA_RR, B_AND_O, SHORT_LINE)
BROWNS = (MEDITERRANEAN, BALTIC)
LIGHT_BLUES = (ORIENTAL, VERMONT, CONNECTICUT)


def deed_lines(view: View, square: int) -> tuple[int, ...]:
    """The rent lines of a title deed as this game shows them, top to bottom (``rent_row`` indexes
    them): streets: the plain rent, the whole group's double rent, one house up to the houses a
    hotel needs, the hotel; railroads: one to four owned; utilities: the dice multipliers."""
    sq = view.square(square)
    if sq.kind == "street":
        hph = view.rules.houses_per_hotel
        return (sq.rent[0], 2 * sq.rent[0], *sq.rent[1:hph + 1], sq.rent[5])
    return sq.rent if sq.kind == "railroad" else sq.multipliers


def printed_rent(view: View, square: int, dice_total: int = 7) -> int:
    """The amount on the deed line that ``rent_row`` picks (0 when it picks none)."""
    row = view.rent_row(square)
    if row is None:
        return 0
    line = deed_lines(view, square)[row]
    return line * dice_total if view.square(square).kind == "utility" else line


def short_of_houses(game: Game, owner: int = ANN) -> None:
    """``owner`` holds the reds, yellows and greens, built up until the bank has two houses left."""
    give(game, owner, *RED, *YELLOW, *GREEN)
    build(game, {**{sq: 4 for sq in RED + YELLOW}, **{sq: 2 for sq in GREEN}})
    assert game.view.bank_houses == 2


def in_tax_debt(game: Game, player: int, cash: int = 10) -> None:
    """``player`` (whose turn it is) throws a 3 from Short Line onto the flat tax square (Luxury Tax, $75, on
    the US board; Super Tax, £100, on the UK's) with ``cash`` in hand."""
    place(game, player, SHORT_LINE)
    set_cash(game, player, cash)
    dice(game, (1, 2))
    act(game, Roll(player))


# ======================================================================= the records
def test_player_info_is_one_seat_as_the_table_sees_it():
    g = new_game()
    set_cash(g, BOB, 321)
    jail(g, BOB, turns_tried=1)
    hand_jail_card(g, BOB, "community_chest")
    info = g.view.player(BOB)
    assert info == PlayerInfo(BOB, "Bob", 321, 10, True, 1, ("community_chest",), False)
    with pytest.raises(dataclasses.FrozenInstanceError):
        info.cash = 0  # type: ignore[misc]


def test_players_lists_every_seat_in_seat_order_the_bankrupt_included():
    g = new_game(players=("Ann", "Bob", "Cat"), first=BOB)
    in_tax_debt(g, BOB, cash=10)
    act(g, DeclareBankruptcy(BOB))
    infos = g.view.players()
    assert [(i.seat, i.name, i.bankrupt) for i in infos] == [(0, "Ann", False), (1, "Bob", True), (2, "Cat", False)]
    assert g.view.player_count == 3


def test_pending_is_a_frozen_copy_of_the_decision_with_only_its_fields_set():
    g = new_game((1, 2))  # Ann to Baltic Avenue, for sale at $60
    act(g, Roll(ANN))
    assert g.view.pending == Pending(K.BUY, ANN, square=BALTIC, amount=60)
    assert g.view.pending.offer is None and g.view.pending.auction is None
    with pytest.raises(dataclasses.FrozenInstanceError):
        g.view.pending.amount = 0  # type: ignore[misc]


def test_offer_action_is_the_proposal_that_makes_the_same_offer():
    g = new_game()
    give(g, ANN, MEDITERRANEAN)
    give(g, BOB, READING)
    hand_jail_card(g, ANN)
    offer = Offer(ANN, BOB, give=(MEDITERRANEAN,), take=(READING,), cash=25, give_cards=("chance",))
    assert offer.action() == ProposeTrade(ANN, BOB, (MEDITERRANEAN,), (READING,), 25, ("chance",), (), False)
    act(g, offer.action())
    assert g.view.pending == Pending(K.TRADE_RESPONSE, BOB, offer=offer)


def test_sale_estimate_of_a_house_names_no_break_down():
    g = new_game()
    give(g, ANN, *BROWNS)
    build(g, {MEDITERRANEAN: 2, BALTIC: 2})
    assert g.view.building_sale(BALTIC) == SaleEstimate(refund=25, hotels_broken=0, spread=None)


# ======================================================================= the board and the rules
def test_edition_and_rules_are_the_games_own():
    g = new_game(edition="uk")
    assert g.view.edition is g.edition and g.view.edition.id == "uk"
    assert g.view.rules is g.rules and g.view.rules.auction_limit == "assets"


def test_money_prints_each_editions_currency():
    assert [new_game(edition=e).view.money(1500) for e in ("us", "uk", "dotcom")] == ["$1,500", "£1,500", "$1,500M"]


def test_square_group_and_groups_describe_the_board():
    v = new_game().view
    assert v.square(BOARDWALK).name == "Boardwalk" and v.square(BOARDWALK).price == 400
    assert v.group_of(BOARDWALK).squares == (PARK_PLACE, BOARDWALK)
    assert v.group_of(INCOME_TAX) is None
    assert len([g for g in v.groups if v.square(g.squares[0]).kind == "street"]) == 8


# ======================================================================= players
@pytest.mark.parametrize("question", ["name", "cash", "position", "in_jail", "jail_turns", "jail_cards", "bankrupt"])
def test_each_player_question_agrees_with_the_players_record_and_defaults_to_the_seat(question):
    g = new_game(players=("Ann", "Bob", "Cat"))
    set_cash(g, CAT, 99)
    jail(g, CAT, turns_tried=2)
    hand_jail_card(g, CAT)
    expected = getattr(g.view.player(CAT), question)
    assert getattr(g.view, question)(CAT) == expected
    assert getattr(g.view.for_seat(CAT), question)() == expected
    assert getattr(g.view, question)(ANN) == getattr(g.view.player(ANN), question)


def test_active_players_and_opponents_leave_out_the_bankrupt():
    g = new_game(players=("Ann", "Bob", "Cat"))
    in_tax_debt(g, ANN, cash=10)  # nothing to sell or mortgage: Ann must give up
    act(g, DeclareBankruptcy(ANN))
    assert g.view.active_players() == [BOB, CAT]
    assert GameView(g, BOB).opponents() == [CAT] and GameView(g, CAT).opponents(BOB) == [CAT]
    assert GameView(g, CAT).opponents() == [BOB]


def test_for_seat_answers_for_that_seat_and_a_seatless_view_asks_for_a_player():
    g = new_game()
    set_cash(g, BOB, 777)
    bob = g.view.for_seat(BOB)
    assert bob.seat == BOB and g.view.seat is None
    assert bob.cash() == 777 and bob.player() == g.view.player(BOB)
    assert View(g, BOB).cash() == 777
    with pytest.raises(ValueError, match="name a player"):
        g.view.cash()
    # the seat's legal actions only, where a seatless view lists everyone's
    assert {a.player for a in bob.legal_actions()} <= {BOB}
    assert Roll(ANN) in g.view.legal_actions() and Roll(ANN) not in bob.legal_actions()


# ======================================================================= property and buildings
def test_owner_owners_and_owned():
    g = new_game()
    give(g, BOB, BOARDWALK, READING)
    v = g.view
    assert v.owner(BOARDWALK) == BOB and v.owner(PARK_PLACE) == NOBODY
    assert v.owners()[READING] == BOB and v.owners().count(BOB) == 2
    assert v.owned(BOB) == [READING, BOARDWALK] and v.owned(ANN) == []


def test_mortgaged_houses_hotel_and_level():
    g = new_game()
    give(g, ANN, *BROWNS)
    give(g, ANN, READING, mortgaged=True)
    build(g, {MEDITERRANEAN: 4, BALTIC: "hotel"})
    v = g.view
    assert v.mortgaged(READING) and not v.mortgaged(BALTIC)
    assert (v.houses(MEDITERRANEAN), v.hotel(MEDITERRANEAN), v.level(MEDITERRANEAN)) == (4, False, 4)
    assert (v.houses(BALTIC), v.hotel(BALTIC), v.level(BALTIC)) == (0, True, 5)


def test_level_of_a_hotel_in_the_short_game_is_three_houses_and_one():
    g = new_game(edition="dotcom", short_game="dotcom")
    give(g, ANN, 37, 39)  # Excite@Home and Yahoo!
    build(g, {37: 3, 39: "hotel"})
    assert (g.view.level(37), g.view.level(39)) == (3, 4)


def test_holdings_by_group_groups_streets_railroads_and_utilities_in_board_order():
    g = new_game()
    give(g, ANN, BOARDWALK, SHORT_LINE, WATER_WORKS, READING, MEDITERRANEAN, ELECTRIC, PARK_PLACE)
    assert g.view.holdings_by_group(ANN) == {
        "brown": (MEDITERRANEAN,), "railroad": (READING, SHORT_LINE), "utility": (ELECTRIC, WATER_WORKS),
        "dark_blue": (PARK_PLACE, BOARDWALK)}
    assert g.view.holdings_by_group(BOB) == {}


def test_owns_group_monopolies_and_group_owner():
    g = new_game()
    give(g, ANN, *BROWNS, *RAILROADS, PARK_PLACE)
    give(g, BOB, BOARDWALK)
    v = g.view
    assert v.owns_group(MEDITERRANEAN, ANN) and v.owns_group(READING, ANN)
    assert not v.owns_group(PARK_PLACE, ANN)
    assert [grp.id for grp in v.monopolies(ANN)] == ["brown"]  # streets only: the railroads are no colour group
    assert v.group_owner(v.group_of(BALTIC)) == ANN and v.group_owner(v.group_of(BOARDWALK)) == NOBODY


def test_group_has_buildings_looks_at_every_site_of_the_group():
    g = new_game()
    give(g, ANN, *LIGHT_BLUES)
    act(g, Build(ANN, CONNECTICUT))
    assert g.view.group_has_buildings(ORIENTAL) and not g.view.group_has_buildings(MEDITERRANEAN)


def test_bank_houses_and_hotels_count_what_the_bank_still_holds():
    g = new_game()
    give(g, ANN, *BROWNS)
    assert paid(act(g, Build(ANN, MEDITERRANEAN)), "building") == [(ANN, BANK, g.view.build_cost(MEDITERRANEAN))]
    assert (g.view.bank_houses, g.view.bank_hotels) == (31, 12)
    give(g, BOB, PARK_PLACE, BOARDWALK)
    build(g, {PARK_PLACE: 4, BOARDWALK: "hotel"})
    assert g.view.bank_hotels == 11


def test_buildings_on_order_while_scarce_houses_are_auctioned():
    g = new_game()
    short_of_houses(g, ANN)
    give(g, BOB, *BROWNS)
    assert not g.view.buildings_on_order
    act(g, OrderBuildings(ANN, ((ANN, 2), (BOB, 2))))
    assert g.view.buildings_on_order and g.view.pending_kind == K.AUCTION


def test_offline_square_is_none_without_the_rule_and_follows_the_token_with_it():
    assert new_game(edition="dotcom").view.offline_square is None
    g = new_game((3, 3), (1, 2), edition="dotcom", offline_rule=True)
    assert g.view.offline_square == 0  # it starts on GO with the players' tokens
    act(g, Roll(ANN))  # doubles: to iVillage, then the token must move
    act(g, DeclineToBuy(ANN))
    act(g, PassBid(ANN))
    act(g, PassBid(BOB))
    assert g.view.pending == Pending(K.MOVE_OFFLINE, ANN, offline_cause=OfflineCause.DOUBLES)
    act(g, MoveOffline(ANN, 39))
    assert g.view.offline_square == 39


def test_build_problem_says_why_not_and_none_when_allowed():
    g = new_game()
    give(g, ANN, MEDITERRANEAN)
    v = g.view
    assert "whole colour group" in v.build_problem(MEDITERRANEAN, ANN)
    give(g, ANN, BALTIC)
    assert v.build_problem(MEDITERRANEAN, ANN) is None
    act(g, Build(ANN, MEDITERRANEAN))
    assert "evenly" in v.build_problem(MEDITERRANEAN, ANN)
    assert "not a street" in v.build_problem(READING, ANN)
    assert "do not own" in v.for_seat(BOB).build_problem(BALTIC)


def test_build_problem_under_the_uk_rule_refuses_a_group_with_a_mortgaged_site():
    g = new_game(edition="uk")
    give(g, ANN, BALTIC)
    give(g, ANN, MEDITERRANEAN, mortgaged=True)
    assert "mortgaged" in g.view.build_problem(BALTIC, ANN)


def test_sell_problem_makes_the_most_built_site_go_first():
    g = new_game()
    give(g, ANN, *BROWNS)
    build(g, {MEDITERRANEAN: 1, BALTIC: 2})
    assert "evenly" in g.view.sell_problem(MEDITERRANEAN, ANN)
    assert g.view.sell_problem(BALTIC, ANN) is None
    give(g, ANN, READING)
    assert "no buildings" in g.view.sell_problem(READING, ANN)


def test_build_capacity_counts_room_on_whole_unmortgaged_groups():
    g = new_game()
    give(g, ANN, *BROWNS, *LIGHT_BLUES, PARK_PLACE)
    build(g, {MEDITERRANEAN: 4, BALTIC: 4})
    v = g.view.for_seat(ANN)
    assert v.build_capacity() == 12  # the light blues; the browns are full of houses
    assert v.build_capacity(hotels=True) == 2  # the browns are ready for hotels
    give(g, ANN, VERMONT, mortgaged=True)
    assert v.build_capacity() == 0


def test_build_cost_is_the_deeds_house_price():
    v = new_game().view
    assert (v.build_cost(MEDITERRANEAN), v.build_cost(ST_JAMES), v.build_cost(BOARDWALK)) == (50, 100, 200)


def test_building_sale_value_is_half_the_cost_of_everything_on_the_site():
    g = new_game()
    give(g, ANN, *BROWNS)
    build(g, {MEDITERRANEAN: 4, BALTIC: "hotel"})
    assert g.view.building_sale_value(MEDITERRANEAN) == 100
    assert g.view.building_sale_value(BALTIC) == 125  # the hotel and the four houses it replaced


def test_sale_refund_of_a_hotel_the_bank_can_turn_back_into_houses():
    g = new_game()
    give(g, ANN, *BROWNS)
    build(g, {MEDITERRANEAN: "hotel", BALTIC: "hotel"})
    assert g.view.building_sale(BALTIC) == SaleEstimate(25, 1, None)
    assert g.view.building_sale(BALTIC).refund == GameView(g, ANN).sale_refund(BALTIC) == 25
    events = act(g, SellBuilding(ANN, BALTIC))
    assert paid(events, "building sold") == [(BANK, ANN, 25)]
    assert g.view.houses(BALTIC) == 4


def test_building_sale_predicts_the_c64_books_hotel_break_down_exactly():
    # The C64 book's SELLING HOTELS example: hotels on St. James Place and Tennessee Avenue, four
    # houses on New York Avenue, three houses in the bank. Selling the St. James hotel pays $100
    # (three houses come back, the fourth is paid for), the Tennessee hotel must go too ($250),
    # and the seven houses left are spread evenly, the odd one on New York Avenue, the dearest.
    g = new_game()
    give(g, ANN, ST_JAMES, TENNESSEE, NEW_YORK)
    build(g, {ST_JAMES: "hotel", TENNESSEE: "hotel", NEW_YORK: 4})
    give(g, BOB, *RED, *YELLOW, *BROWNS)  # the houses the example does not show stand on Bob's streets
    build(g, {**{sq: 4 for sq in RED}, **{sq: 3 for sq in YELLOW}, **{sq: 2 for sq in BROWNS}})
    assert g.view.bank_houses == 3
    estimate = g.view.building_sale(ST_JAMES)
    assert estimate == SaleEstimate(350, 2, ((ST_JAMES, 2), (TENNESSEE, 2), (NEW_YORK, 3)))
    cash_before = g.view.cash(ANN)
    events = act(g, SellBuilding(ANN, ST_JAMES))
    assert sum(a for _, _, a in paid(events, "building sold")) == estimate.refund
    assert g.view.cash(ANN) - cash_before == estimate.refund
    assert of(events, E.HotelBreakdown)[0].levels == estimate.spread
    assert tuple((s, g.view.houses(s)) for s in (ST_JAMES, TENNESSEE, NEW_YORK)) == estimate.spread
    assert not g.view.hotel(ST_JAMES) and not g.view.hotel(TENNESSEE)


def test_shortage_auction_when_two_players_want_more_than_the_bank_has():
    g = new_game()
    short_of_houses(g, ANN)
    give(g, BOB, *BROWNS)
    v = g.view
    assert v.shortage_auction([(ANN, 2), (BOB, 1)])  # three wanted, two in the bank
    assert not v.shortage_auction([(ANN, 1), (BOB, 1)])  # the bank has enough: build directly
    assert not v.shortage_auction([(ANN, 3)])  # one player alone waits
    assert not v.shortage_auction([(ANN, 2), (BOB, 9)])  # more than the browns can take
    assert not v.shortage_auction([])
    assert not v.shortage_auction([(ANN, 2), (BOB, 2)], hotels=True)  # the bank has hotels enough
    act(g, OrderBuildings(ANN, ((ANN, 2), (BOB, 1))))
    assert v.pending.auction.item == "house"


# ======================================================================= rent
RENT_CASES = [
    # (edition, options, arrange, square, row, rent)
    ("us", {}, lambda g: give(g, ANN, MEDITERRANEAN), MEDITERRANEAN, 0, 2),
    ("us", {}, lambda g: give(g, ANN, *BROWNS), BALTIC, 1, 8),
    # a mortgaged site of a whole group: the US books still double, the UK book does not
    ("us", {}, lambda g: (give(g, ANN, *BROWNS), give(g, ANN, MEDITERRANEAN, mortgaged=True)), BALTIC, 1, 8),
    ("uk", {}, lambda g: (give(g, ANN, *BROWNS), give(g, ANN, MEDITERRANEAN, mortgaged=True)), BALTIC, 0, 4),
    ("us", {}, lambda g: give(g, ANN, BALTIC, mortgaged=True), BALTIC, None, 0),
    ("us", {}, lambda g: (give(g, ANN, *BROWNS), build(g, {BALTIC: 3, MEDITERRANEAN: 3})), BALTIC, 4, 180),
    ("us", {}, lambda g: (give(g, ANN, PARK_PLACE, BOARDWALK), build(g, {BOARDWALK: "hotel", PARK_PLACE: 4})), BOARDWALK, 6, 2000),
    # the short games: three houses to a hotel, the hotel's rent unchanged
    ("dotcom", {"short_game": "dotcom"}, lambda g: (give(g, ANN, 37, 39), build(g, {39: "hotel", 37: 3})),
     39, 5, 2000),
    ("us", {"short_game": "time_limit", "time_limit_minutes": 30},
     lambda g: (give(g, ANN, PARK_PLACE, BOARDWALK), build(g, {BOARDWALK: "hotel", PARK_PLACE: 3})),
     BOARDWALK, 5, 2000),
    ("us", {"short_game": "time_limit", "time_limit_minutes": 30},
     lambda g: (give(g, ANN, PARK_PLACE, BOARDWALK), build(g, {BOARDWALK: 3, PARK_PLACE: 3})),
     BOARDWALK, 4, 1400),
    # railroads: one to four owned; a mortgaged one neither counts nor earns (the UK book's example)
    ("us", {}, lambda g: give(g, ANN, READING), READING, 0, 25),
    ("us", {}, lambda g: give(g, ANN, *RAILROADS[:2]), READING, 1, 50),
    ("us", {}, lambda g: give(g, ANN, *RAILROADS[:3]), READING, 2, 100),
    ("us", {}, lambda g: give(g, ANN, *RAILROADS), READING, 3, 200),
    ("uk", {}, lambda g: (give(g, ANN, *RAILROADS), give(g, ANN, SHORT_LINE, mortgaged=True)), READING, 2, 100),
    ("us", {}, lambda g: (give(g, ANN, *RAILROADS), give(g, ANN, SHORT_LINE, mortgaged=True)), SHORT_LINE, None, 0),
    # utilities: four times the dice with one, ten times with both (a throw of 7 by default)
    ("us", {}, lambda g: give(g, ANN, ELECTRIC), ELECTRIC, 0, 28),
    ("us", {}, lambda g: give(g, ANN, ELECTRIC, WATER_WORKS), WATER_WORKS, 1, 70),
    ("us", {}, lambda g: None, BOARDWALK, None, 0),
    ("us", {}, lambda g: None, INCOME_TAX, None, 0),
]


RENT_IDS = ["plain", "whole-group", "group-mortgaged-site-us", "group-mortgaged-site-uk", "mortgaged", "3-houses",
            "hotel", "dotcom-short-hotel", "time-limit-hotel", "time-limit-3-houses", "1-railroad", "2-railroads",
            "3-railroads", "4-railroads", "4-railroads-1-mortgaged", "mortgaged-railroad", "1-utility", "2-utilities",
            "unowned", "tax-square"]


@pytest.mark.parametrize("edition, options, arrange, square, row, rent", RENT_CASES, ids=RENT_IDS)
def test_rent_row_picks_the_deed_line_and_rent_is_its_amount(edition, options, arrange, square, row, rent):
    g = new_game(edition=edition, **options)
    if options.get("short_game"):
        clear_deeds(g)  # take the dealt deeds back: the case arranges its own
    arrange(g)
    check_invariants(g)
    assert g.view.rent_row(square) == row
    assert g.view.rent(square) == rent == printed_rent(g.view, square)


def test_rent_of_a_utility_is_the_multiplier_times_the_throw_asked_about():
    g = new_game()
    give(g, ANN, ELECTRIC)
    assert [g.view.rent(ELECTRIC, t) for t in (2, 7, 12)] == [8, 28, 48]


LANDINGS = [
    # (edition, arrange, start, roll, square landed on)
    ("us", lambda g: (give(g, BOB, *BROWNS), build(g, {BALTIC: 3, MEDITERRANEAN: 3})), 0, (1, 2), BALTIC),
    ("us", lambda g: (give(g, BOB, *BROWNS), give(g, BOB, MEDITERRANEAN, mortgaged=True)), 0, (1, 2), BALTIC),
    ("uk", lambda g: (give(g, BOB, *BROWNS), give(g, BOB, MEDITERRANEAN, mortgaged=True)), 0, (1, 2), BALTIC),
    ("us", lambda g: give(g, BOB, *RAILROADS[:3]), 0, (2, 3), READING),
    ("uk", lambda g: (give(g, BOB, *RAILROADS), give(g, BOB, SHORT_LINE, mortgaged=True)), 0, (2, 3), READING),
    ("us", lambda g: give(g, BOB, ELECTRIC), 8, (1, 3), ELECTRIC),
    ("us", lambda g: give(g, BOB, ELECTRIC, WATER_WORKS), 22, (2, 4), WATER_WORKS),
    ("us", lambda g: (give(g, BOB, PARK_PLACE, BOARDWALK), build(g, {BOARDWALK: "hotel", PARK_PLACE: 4})),
     35, (1, 3), BOARDWALK),
]


@pytest.mark.parametrize("edition, arrange, start, roll, landed", LANDINGS,
                         ids=["3-houses", "group-mortgaged-site-us", "group-mortgaged-site-uk", "3-railroads",
                              "4-railroads-1-mortgaged", "1-utility", "2-utilities", "hotel"])
def test_rent_is_what_the_engine_charges_on_landing(edition, arrange, start, roll, landed):
    g = new_game(roll, edition=edition)
    arrange(g)
    place(g, ANN, start)
    predicted = g.view.rent(landed, sum(roll))
    events = act(g, Roll(ANN))
    assert g.view.position(ANN) == landed
    due = of(events, E.RentDue)
    assert [(d.owner, d.payer, d.square, d.amount) for d in due] == [(BOB, ANN, landed, predicted)]
    assert predicted == printed_rent(g.view, landed, sum(roll))


def test_rent_is_nothing_where_the_offline_token_stands():
    # The .com book's Offline rule: no rent on the square the token stands on.
    games_com = 11
    g = new_game((2, 2), (3, 4), edition="dotcom", offline_rule=True, income_tax="flat")
    give(g, BOB, games_com)
    act(g, Roll(ANN))  # doubles, onto Income Tax: Ann pays, then moves the token
    act(g, MoveOffline(ANN, games_com))
    predicted = (g.view.rent(games_com), g.view.rent_row(games_com))
    events = act(g, Roll(ANN))  # her second throw lands on Games.com
    assert E.NoRent(games_com, BOB, "offline") in events and not of(events, E.RentDue)
    assert predicted == (0, None)


def test_claims_list_rent_still_to_be_claimed_by_owner():
    g = new_game((1, 2), players=("Ann", "Bob", "Cat"))
    give(g, BOB, BALTIC)
    act(g, Roll(ANN))
    claim = g.view.claims()[0]
    assert (claim.owner, claim.payer, claim.square, claim.amount, claim.turn) == (BOB, ANN, BALTIC, 4, 1)
    assert g.view.claims(BOB) == (claim,) and g.view.claims(CAT) == ()
    assert paid(act(g, ClaimRent(BOB, claim.id)), "rent") == [(ANN, BOB, 4)]
    assert g.view.claims() == ()


# ======================================================================= mortgages and worth
def test_lift_cost_and_mortgage_interest_add_ten_percent_rounded_up():
    v = new_game().view
    assert (v.mortgage_interest(MEDITERRANEAN), v.lift_cost(MEDITERRANEAN)) == (3, 33)
    assert (v.mortgage_interest(BOARDWALK), v.lift_cost(BOARDWALK)) == (20, 220)
    free = new_game(mortgage_interest=0).view
    assert (free.mortgage_interest(BOARDWALK), free.lift_cost(BOARDWALK)) == (0, 200)
    g = new_game()
    give(g, ANN, BOARDWALK, mortgaged=True)
    assert paid(act(g, LiftMortgage(ANN, BOARDWALK)), "mortgage lifted") == [(ANN, BANK, g.view.lift_cost(BOARDWALK))]


def _mortgaged_swap(g: Game) -> ProposeTrade:
    """Ann's mortgaged Mediterranean for Bob's mortgaged Reading Railroad and his Vermont Avenue."""
    give(g, ANN, MEDITERRANEAN, mortgaged=True)
    give(g, BOB, READING, mortgaged=True)
    give(g, BOB, VERMONT)
    return ProposeTrade(ANN, BOB, (MEDITERRANEAN,), (READING, VERMONT))


@pytest.mark.parametrize("lift", [False, True])
def test_trade_interest_is_what_each_receiver_of_a_mortgaged_deed_then_pays(lift):
    # The C64 book: a mortgaged deed's new owner pays the ten per cent at once, or lifts the
    # mortgage at once paying it plus the ten per cent.
    g = new_game()
    trade = _mortgaged_swap(g)
    predicted = g.view.trade_interest(trade)
    assert predicted == {BOB: 3, ANN: 10}
    assert g.view.trade_interest(Offer(ANN, BOB, trade.give, trade.take)) == predicted
    act(g, trade)
    act(g, AcceptTrade(BOB))
    interest: dict[int, int] = {}
    while g.view.pending_kind == K.MORTGAGED_TRANSFER:
        d = g.view.pending
        mortgage = g.view.square(d.square).mortgage if lift else 0
        for payer, _, amount in paid(act(g, SettleMortgagedTransfer(d.player, d.square, lift))):
            interest[payer] = interest.get(payer, 0) + amount - mortgage
    assert interest == predicted


def test_trade_interest_is_nothing_without_mortgage_interest_and_without_mortgaged_deeds():
    g = new_game(mortgage_interest=0)
    trade = _mortgaged_swap(g)
    assert g.view.trade_interest(trade) == {}
    act(g, trade)
    act(g, AcceptTrade(BOB))
    assert g.view.pending_kind == K.ROLL  # nobody is asked to pay any interest
    plain = new_game()
    give(plain, ANN, BALTIC)
    assert plain.view.trade_interest(ProposeTrade(ANN, BOB, (BALTIC,), ())) == {}


def test_liquid_property_and_face_value():
    g = new_game()
    give(g, ANN, *BROWNS)
    give(g, ANN, READING, mortgaged=True)
    build(g, {BALTIC: 2, MEDITERRANEAN: 1})
    v = g.view.for_seat(ANN)
    # the bank would pay: houses at half (75) and the unmortgaged deeds' mortgages (60)
    assert v.property_value() == 135 and v.liquid_value() == 1500 + 135
    # the final valuation: printed prices, mortgaged at the mortgage, houses at cost
    assert v.face_value() == 1500 + 60 + 60 + 100 + 150
    final = v.face_value()
    for action in (SellBuilding(ANN, BALTIC), SellBuilding(ANN, BALTIC), SellBuilding(ANN, MEDITERRANEAN),
                   Mortgage(ANN, BALTIC), Mortgage(ANN, MEDITERRANEAN)):
        act(g, action)
    assert v.cash() == 1500 + 135 and v.property_value() == 0  # the bank paid what the view said
    act(g, EndGame(BOB))
    assert v.outcome.values[ANN] == 1500 + 135 + 30 + 30 + 100 and final > v.outcome.values[ANN]


def test_income_tax_worth_counts_printed_prices_and_buildings_at_cost():
    g = new_game()
    give(g, ANN, *BROWNS)
    give(g, ANN, READING, mortgaged=True)  # the percentage counts printed prices, mortgaged or not
    build(g, {MEDITERRANEAN: 4, BALTIC: "hotel"})
    worth = g.view.income_tax_worth(ANN)
    assert worth == 1500 + 60 + 60 + 200 + 4 * 50 + 5 * 50
    dice(g, (1, 2))
    place(g, ANN, MEDITERRANEAN)
    act(g, Roll(ANN))  # onto Income Tax, and Ann chooses ten per cent of her worth
    assert paid(act(g, PayIncomeTax(ANN, True)), "tax") == [(ANN, BANK, worth // 10)]


# ======================================================================= the turn and decisions
def test_turn_and_current_player_move_on_after_a_throw():
    g = new_game((1, 2))
    assert (g.view.turn, g.view.current_player) == (1, ANN)
    act(g, Roll(ANN))
    act(g, DeclineToBuy(ANN))
    act(g, PassBid(ANN))
    act(g, PassBid(BOB))
    assert (g.view.turn, g.view.current_player) == (2, BOB)


def test_pending_kind_and_player_during_an_auction_are_the_bidder_asked():
    g = new_game((1, 2), first=BOB)
    act(g, Roll(BOB))
    act(g, DeclineToBuy(BOB))
    assert (g.view.pending_kind, g.view.pending_player, g.view.current_player) == (K.AUCTION, BOB, BOB)
    act(g, Bid(BOB, 10))
    assert (g.view.pending_kind, g.view.pending_player) == (K.AUCTION, ANN)
    auction = g.view.pending.auction
    assert (auction.item, auction.square, auction.high_bid, auction.high_bidder, auction.bidders) == (
        "square", BALTIC, 10, BOB, (BOB, ANN))


def test_pending_decisions_lists_the_one_asked_now_first():
    g = new_game()
    assert g.view.pending_decisions() == (Pending(K.ROLL, ANN),)
    give(g, ANN, READING)
    give(g, BOB, VERMONT)
    in_tax_debt(g, ANN, cash=10)
    act(g, ProposeTrade(ANN, BOB, (READING,), (VERMONT,)))  # a trade offered while raising the debt
    kinds = [(p.kind, p.player) for p in g.view.pending_decisions()]
    assert kinds == [(K.TRADE_RESPONSE, BOB), (K.RAISE_FUNDS, ANN)]
    assert g.view.pending_decisions()[0] == g.view.pending


def test_offer_waiting_follows_an_offer_until_it_is_answered():
    g = new_game()
    give(g, ANN, READING)
    give(g, BOB, VERMONT)
    assert not g.view.offer_waiting(ANN)
    act(g, ProposeTrade(ANN, BOB, (READING,), (VERMONT,)))
    assert g.view.offer_waiting(ANN) and not g.view.offer_waiting(BOB)
    assert g.view.for_seat(ANN).offer_waiting()
    act(g, RejectTrade(BOB))
    assert not g.view.offer_waiting(ANN)


def test_debt_and_in_debt_name_the_amount_creditor_and_reason():
    g = new_game()
    give(g, ANN, READING)
    in_tax_debt(g, ANN, cash=10)
    assert g.view.in_debt(ANN) and not g.view.in_debt(BOB)
    assert g.view.debt(ANN) == Pending(K.RAISE_FUNDS, ANN, amount=75, creditor=BANK, debt_for=PaymentReason.TAX)
    assert g.view.debt(BOB) is None
    act(g, Mortgage(ANN, READING))  # $100 raised: the debt is paid
    assert g.view.debt(ANN) is None and not g.view.in_debt(ANN) and g.view.cash(ANN) == 35


def test_can_declare_bankruptcy_only_when_everything_cannot_cover_the_debt():
    g = new_game()
    give(g, ANN, READING)
    in_tax_debt(g, ANN, cash=10)  # $75 owed: Reading Railroad's mortgage would raise $100
    assert not g.view.can_declare_bankruptcy(ANN) and not g.view.can_declare_bankruptcy(BOB)
    assert not g.view.is_legal(DeclareBankruptcy(ANN))
    poor = new_game()
    give(poor, ANN, MEDITERRANEAN)
    in_tax_debt(poor, ANN, cash=10)  # 10 + 30 falls short of 75
    assert poor.view.can_declare_bankruptcy(ANN) and poor.view.is_legal(DeclareBankruptcy(ANN))


def test_may_settle_in_property_for_rent_under_the_uk_rule_only():
    uk = new_game((1, 3), edition="uk", rent_claim="automatic")
    give(uk, BOB, PARK_PLACE, BOARDWALK)
    give(uk, ANN, READING)
    place(uk, ANN, SHORT_LINE)
    set_cash(uk, ANN, 10)
    act(uk, Roll(ANN))  # Mayfair, £100 rent doubled on the whole group
    assert uk.view.debt(ANN).debt_for == "rent" and uk.view.may_settle_in_property(ANN)
    assert uk.view.is_legal(ProposeTrade(ANN, BOB, (READING,), (), 10, settle_debt=True))
    assert not uk.view.may_settle_in_property(BOB)

    tax = new_game(edition="uk")
    give(tax, ANN, READING)
    in_tax_debt(tax, ANN, cash=10)  # Super Tax is owed to the bank
    assert tax.view.debt(ANN).debt_for == "tax" and not tax.view.may_settle_in_property(ANN)

    us = new_game((1, 3), rent_claim="automatic")
    give(us, BOB, PARK_PLACE, BOARDWALK)
    give(us, ANN, READING)
    place(us, ANN, SHORT_LINE)
    set_cash(us, ANN, 10)
    act(us, Roll(ANN))
    assert us.view.debt(ANN).debt_for == "rent" and not us.view.may_settle_in_property(ANN)


def _timed_game_at_a_purchase() -> Game:
    """A time-limit game (the dealt deeds taken back) in which Ann stands on Baltic Avenue, for sale."""
    g = new_game((1, 2), short_game="time_limit", time_limit_minutes=30)
    clear_deeds(g)
    give(g, ANN, *BROWNS[:1])
    give(g, BOB, READING)
    act(g, Roll(ANN))
    assert g.view.pending_kind == K.BUY
    return g


def test_deal_problem_once_time_is_up_only_the_player_in_play_deals():
    g = _timed_game_at_a_purchase()
    assert g.view.deal_problem(BOB) is None and g.view.may_deal(BOB)
    g.set_clock(30 * 60)
    assert g.view.time_up
    assert "time is up" in g.view.deal_problem(BOB) and not g.view.may_deal(BOB)
    assert g.view.deal_problem(ANN) is None and g.view.may_deal(ANN)
    assert g.view.problem(Mortgage(BOB, READING)) == g.view.deal_problem(BOB)
    assert g.view.is_legal(Mortgage(ANN, MEDITERRANEAN))


def test_deal_problem_after_time_is_up_still_lets_a_debtor_raise_the_money():
    # The move being finished may leave another player owing: they still sell and mortgage to pay.
    g = new_game((1, 1), short_game="time_limit", time_limit_minutes=30)
    clear_deeds(g)
    give(g, BOB, READING)
    set_cash(g, BOB, 10)
    card_on_top(g, "community_chest", "community_chest-opera")  # every player pays Ann $50
    act(g, Roll(ANN))  # doubles onto Community Chest: Ann throws again afterwards
    assert g.view.debt(BOB) == Pending(K.RAISE_FUNDS, BOB, amount=50, creditor=ANN, debt_for=PaymentReason.CARD)
    g.set_clock(30 * 60)
    assert g.view.time_up and g.view.deal_problem(BOB) is None and g.view.may_deal(BOB)
    assert g.view.safe_action() == Mortgage(BOB, READING)


def test_deal_problem_of_a_bankrupt_player():
    g = new_game(players=("Ann", "Bob", "Cat"))
    in_tax_debt(g, ANN, cash=10)
    act(g, DeclareBankruptcy(ANN))
    assert "bankrupt" in g.view.problem(ProposeTrade(ANN, BOB, (), (), 0, ("chance",)))
    assert g.view.deal_problem(ANN) is not None and not g.view.may_deal(ANN)


def test_deal_problem_once_the_game_is_over():
    g = _timed_game_at_a_purchase()
    g.set_clock(30 * 60)
    act(g, Buy(ANN))  # the move is finished: the game ends with a valuation
    assert g.view.over
    assert g.view.deal_problem(ANN) == "the game is over" and not g.view.may_deal(ANN)


@pytest.mark.parametrize("tried, last", [(0, False), (1, False), (2, True)])
def test_last_jail_throw_is_the_third_turn_in_jail(tried, last):
    # The US books: three turns to throw doubles; without them on the third, pay the fine and move.
    g = new_game((1, 2))
    jail(g, ANN, turns_tried=tried)
    assert g.view.last_jail_throw(ANN) is last
    events = act(g, Roll(ANN))
    assert bool(of(events, E.StayedInJail)) is not last
    assert (E.LeftJail(ANN, "forced_fine") in events) is last


def test_last_jail_throw_in_the_dotcom_short_game_is_the_first():
    # The .com short game: leave jail on the next turn, trying for doubles and paying if they fail.
    g = new_game((1, 2), edition="dotcom", short_game="dotcom")
    jail(g, ANN)
    assert g.view.last_jail_throw(ANN) and not g.view.last_jail_throw(BOB)
    events = act(g, Roll(ANN))
    assert E.LeftJail(ANN, "forced_fine") in events


def test_last_jail_throw_is_false_outside_jail():
    assert not new_game().view.last_jail_throw(ANN)


def _auction_of_baltic(edition: str = "us", **options) -> Game:
    """Ann declines Baltic Avenue (Old Kent Road's neighbour on the UK board): it goes to auction."""
    g = new_game((1, 2), edition=edition, **options)
    act(g, Roll(ANN))
    act(g, DeclineToBuy(ANN))
    return g


def test_bid_limit_is_cash_or_assets_and_nothing_for_a_debtor():
    g = _auction_of_baltic()
    give(g, BOB, READING)
    assert g.view.bid_limit(BOB) == 1500
    uk = _auction_of_baltic("uk")
    give(uk, BOB, READING)
    assert uk.view.bid_limit(BOB) == 1500 + 100


def test_bid_range_under_the_cash_limit_runs_from_a_raise_to_the_cash():
    g = _auction_of_baltic()
    set_cash(g, BOB, 300)
    v = g.view
    assert v.bid_range(ANN) == (1, 1500) and v.bid_range(BOB) == (1, 300)
    act(g, Bid(ANN, 40))
    assert v.bid_range(ANN) is None  # the high bidder does not bid against herself
    assert v.bid_range(BOB) == (41, 300)
    assert v.is_legal(Bid(BOB, 41)) and v.is_legal(Bid(BOB, 300))
    assert not v.is_legal(Bid(BOB, 40)) and not v.is_legal(Bid(BOB, 301))
    assert not v.bid_voids(301, BOB)  # under the US rule a bid beyond the cash is refused, not voiding
    set_cash(g, BOB, 40)
    assert v.bid_range(BOB) is None  # nothing he can make good beats the high bid


def test_bid_range_under_the_assets_limit_is_open_and_a_bid_beyond_the_assets_voids():
    # The UK book: a bid beyond the bidder's assets voids the auction.
    g = _auction_of_baltic("uk")
    give(g, BOB, READING)
    set_cash(g, BOB, 300)
    v = g.view
    assert v.bid_range(BOB) == (1, None)
    assert v.bid_limit(BOB) == 400
    assert not v.bid_voids(400, BOB) and v.bid_voids(401, BOB)
    assert v.is_legal(Bid(BOB, 401))
    events = act(g, Bid(BOB, 401))
    assert of(events, E.AuctionVoided) and v.owner(BALTIC) == NOBODY


def test_bid_range_is_none_for_a_debtor_asked_to_bid():
    g = new_game(first=BOB)
    short_of_houses(g, ANN)
    give(g, BOB, *LIGHT_BLUES)
    in_tax_debt(g, BOB, cash=10)
    act(g, OrderBuildings(ANN, ((ANN, 2), (BOB, 2))))  # a house auction above Bob's debt
    v = g.view
    assert v.pending.auction.bidders == (ANN, BOB)
    assert v.bid_range(BOB) is None and v.bid_limit(BOB) == 0
    assert not v.is_legal(Bid(BOB, 1))
    assert v.bid_range(ANN) == (1, 1500)


def test_bid_range_is_none_without_an_auction():
    assert new_game().view.bid_range(ANN) is None


def test_is_legal_and_problem_agree_with_the_engines_check():
    g = new_game()
    v = g.view
    assert v.is_legal(Roll(ANN)) and v.problem(Roll(ANN)) is None
    assert not v.is_legal(Roll(BOB)) and "Ann's decision" in v.problem(Roll(BOB))
    assert "not an action" in v.problem("roll")  # type: ignore[arg-type]


def test_legal_actions_all_pass_the_check():
    g = new_game((1, 2))
    give(g, ANN, READING)
    act(g, Roll(ANN))
    actions = g.view.legal_actions(ANN)
    assert Buy(ANN) in actions and DeclineToBuy(ANN) in actions and Mortgage(ANN, READING) in actions
    assert all(g.view.problem(a) is None for a in actions)
    assert all(a.player == ANN for a in actions)


# ------------------------------------------------------------------------ the safe answer
def _safe(g: Game):
    """The safe answer to the pending decision, checked legal, then applied."""
    answer = g.view.safe_action()
    assert answer is not None and g.view.problem(answer) is None
    act(g, answer)
    return answer


def test_safe_action_rolls_declines_to_buy_and_passes():
    g = new_game((1, 2))
    assert _safe(g) == Roll(ANN)
    assert _safe(g) == DeclineToBuy(ANN)
    assert _safe(g) == PassBid(ANN)
    assert _safe(g) == PassBid(BOB)
    assert g.view.owner(BALTIC) == NOBODY


def test_safe_action_pays_the_flat_income_tax():
    g = new_game((1, 3))  # to Income Tax: $200 or ten per cent
    act(g, Roll(ANN))
    assert g.view.pending_kind == K.INCOME_TAX
    assert _safe(g) == PayIncomeTax(ANN, False)
    assert g.view.cash(ANN) == 1300


def test_safe_action_pays_the_fine_rather_than_take_a_chance():
    g = new_game((1, 1), edition="uk")
    card_on_top(g, "community_chest", "community_chest-fine-or-chance")
    act(g, Roll(ANN))
    assert g.view.pending_kind == K.PAY_OR_DRAW
    assert _safe(g) == PayOrDraw(ANN, False)


def test_safe_action_refuses_an_offer_and_keeps_a_mortgage():
    g = new_game()
    give(g, ANN, READING, mortgaged=True)
    act(g, ProposeTrade(ANN, BOB, (READING,), (), 50))
    assert _safe(g) == RejectTrade(BOB)
    act(g, ProposeTrade(ANN, BOB, (READING,), (), 50))
    act(g, AcceptTrade(BOB))
    assert g.view.pending_kind == K.MORTGAGED_TRANSFER
    assert _safe(g) == SettleMortgagedTransfer(BOB, READING, False)
    assert g.view.mortgaged(READING)


def test_safe_action_raises_a_debt_selling_buildings_then_mortgaging_then_giving_up():
    g = new_game()
    give(g, ANN, *BROWNS)
    build(g, {MEDITERRANEAN: 1, BALTIC: 1})
    in_tax_debt(g, ANN, cash=0)  # $75 owed
    answers = []
    while g.view.pending_kind == K.RAISE_FUNDS:
        answers.append(_safe(g))
    assert [type(a) for a in answers] == [SellBuilding, SellBuilding, Mortgage]  # 25 + 25 + 30 covers 75
    assert g.view.cash(ANN) == 5

    broke = new_game()
    give(broke, ANN, MEDITERRANEAN, mortgaged=True)
    in_tax_debt(broke, ANN, cash=10)  # nothing left to raise anything on
    assert _safe(broke) == DeclareBankruptcy(ANN)
    assert broke.view.bankrupt(ANN)


def test_safe_action_moves_the_offline_token_and_places_a_won_house():
    g = new_game((3, 3), (1, 2), edition="dotcom", offline_rule=True)
    act(g, Roll(ANN))
    act(g, DeclineToBuy(ANN))
    act(g, PassBid(ANN))
    act(g, PassBid(BOB))
    assert g.view.pending_kind == K.MOVE_OFFLINE
    assert isinstance(_safe(g), MoveOffline) and g.view.offline_square in g.edition.properties

    h = new_game()
    short_of_houses(h, ANN)
    give(h, BOB, *BROWNS)
    act(h, OrderBuildings(ANN, ((ANN, 2), (BOB, 1))))
    act(h, Bid(ANN, 10))
    act(h, PassBid(BOB))
    assert h.view.pending == Pending(K.PLACE_BUILDING, ANN, amount=10, building=AuctionItem.HOUSE)
    placed = _safe(h)
    assert isinstance(placed, Build) and h.view.houses(placed.square) == 3


def test_safe_action_is_none_for_someone_not_asked_and_once_the_game_is_over():
    g = new_game()
    assert g.view.safe_action(BOB) is None and g.view.safe_action(ANN) == Roll(ANN)
    act(g, EndGame(ANN))
    assert g.view.safe_action() is None and g.view.safe_action(ANN) is None


def test_safe_action_of_a_seats_view_answers_for_that_seat():
    g = new_game()
    assert g.view.for_seat(ANN).safe_action() == Roll(ANN)
    assert g.view.for_seat(BOB).safe_action() is None  # Bob is not asked anything now


# ======================================================================= the clock and the end
def test_clock_seconds_and_seconds_left_follow_what_the_front_end_reports():
    g = new_game(short_game="time_limit", time_limit_minutes=30)
    assert (g.view.clock_seconds, g.view.seconds_left(), g.view.time_up) == (0, 1800, False)
    g.set_clock(600)
    assert (g.view.clock_seconds, g.view.seconds_left()) == (600, 1200)
    plain = new_game()
    plain.set_clock(600)
    assert plain.view.clock_seconds == 600 and plain.view.seconds_left() is None


def test_time_up_over_and_outcome_when_the_time_limit_game_ends():
    g = _timed_game_at_a_purchase()
    assert not g.view.over and g.view.outcome is None
    g.set_clock(30 * 60)
    assert g.view.time_up and not g.view.over  # Ann finishes her move first
    act(g, Buy(ANN))
    assert g.view.over and g.view.pending_kind == K.GAME_OVER
    outcome = g.view.outcome
    assert outcome.termination == "time_up"
    assert outcome.values == [g.view.face_value(ANN), g.view.face_value(BOB)]
    assert outcome.winner == max((ANN, BOB), key=lambda p: outcome.values[p])


# ======================================================================= answers are copies
def test_changing_an_answer_does_not_change_the_game():
    g = new_game((1, 2))
    give(g, ANN, *BROWNS, READING)
    give(g, BOB, VERMONT)
    hand_jail_card(g, ANN)
    v = g.view
    before = g.to_dict()  # the whole game as saved: a change anywhere shows here
    v.owned(ANN).clear()
    v.active_players().append(CAT)
    GameView(g, ANN).opponents().clear()
    v.monopolies(ANN).clear()
    v.holdings_by_group(ANN)["brown"] = ()
    v.legal_actions(ANN).clear()
    assert isinstance(v.owners(), tuple) and isinstance(v.jail_cards(ANN), tuple)
    assert isinstance(v.player(ANN).jail_cards, tuple)
    assert g.to_dict() == before
    assert v.owned(ANN) == [MEDITERRANEAN, BALTIC, READING] and v.active_players() == [ANN, BOB]
    act(g, ProposeTrade(ANN, BOB, (READING,), (VERMONT,)))
    offer = v.pending.offer
    assert isinstance(offer.give, tuple) and isinstance(offer.take, tuple)
    with pytest.raises(dataclasses.FrozenInstanceError):
        offer.cash = 1000  # type: ignore[misc]


# ======================================================================= over random games
def _check_view_agrees_with_the_engine(game: Game) -> None:
    """What every question of the view must answer in any position of any game."""
    v = game.view
    for sq in v.edition.properties:
        assert v.rent(sq) == printed_rent(v, sq)
        if v.square(sq).kind == "utility":
            assert v.rent(sq, 12) == printed_rent(v, sq, 12)
    if v.over:
        assert v.safe_action() is None
        return
    safe = v.safe_action()
    assert safe is not None and safe.player == v.pending_player and v.problem(safe) is None, safe
    for p in v.active_players():
        assert all(v.problem(a) is None for a in v.legal_actions(p))
    auction = v.pending.auction
    if v.pending_kind == K.AUCTION and auction is not None:
        for b in auction.bidders:
            bids = v.bid_range(b)
            if bids is None:
                assert not v.is_legal(Bid(b, auction.high_bid + 1))
                continue
            low, high = bids
            assert v.is_legal(Bid(b, low)) and not v.is_legal(Bid(b, low - 1))
            if high is None:  # the UK rule: any bid goes, and one beyond the assets voids the auction
                beyond = v.bid_limit(b) + 1
                assert v.is_legal(Bid(b, max(low, beyond))) and v.bid_voids(max(low, beyond), b)
            else:
                assert v.is_legal(Bid(b, high)) and not v.is_legal(Bid(b, high + 1))
                assert not v.bid_voids(high + 1, b)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), edition=st.sampled_from(["us", "uk", "dotcom"]), opts=RULE_OPTIONS,
       players=st.integers(2, 5))
def test_the_view_agrees_with_the_engine_at_every_step_of_random_games(seed, edition, opts, players):
    game = random_rules_game(seed, edition, opts, players)
    rng = random.Random(seed)
    for p in range(players):  # some start poor, so debts, forced sales and bankruptcies come early
        set_cash(game, p, rng.choice([1500, 600, 200]))
    steps = 0
    while not game.view.over and steps < 400:
        _check_view_agrees_with_the_engine(game)
        # the project's random play (legal actions and offers), and now and then the safe answer
        safe = game.view.safe_action()
        if safe is not None and rng.random() < 0.2:
            game.apply(safe)
        else:
            play_step(game, rng)
        check_invariants(game)
        steps += 1
        if opts["short_game"] == "time_limit" and steps == 300:
            game.set_clock(30 * 60)
    _check_view_agrees_with_the_engine(game)
