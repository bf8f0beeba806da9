"""The building shortage: auctions of scarce houses and hotels, and the Commodore 64 hotel break-down.

The C64 book's SELLING HOTELS example is replayed figure by figure: hotels on St. James Place
and Tennessee Avenue, four houses on New York Avenue, three houses left in the bank.
"""

from __future__ import annotations

import pytest

from monopoly.engine import (BANK, Bid, Build, DecisionKind as K, Game, IllegalActionError, OrderBuildings, PassBid,
                             SellBuilding, check_invariants)
from monopoly.engine import events as E
from scenario import act, build, give, new_game, of, paid

MEDITERRANEAN, BALTIC = 1, 3
ORIENTAL, VERMONT, CONNECTICUT = 6, 8, 9
ST_JAMES, TENNESSEE, NEW_YORK = 16, 18, 19
RED = (21, 23, 24)
YELLOW = (26, 27, 29)
GREEN = (31, 32, 34)
PARK_PLACE, BOARDWALK = 37, 39


def _houses_short(game: Game) -> None:
    """Ann owns the browns, Bob the light blues, and Cy's streets hold all but two houses."""
    give(game, 0, MEDITERRANEAN, BALTIC)
    give(game, 1, ORIENTAL, VERMONT, CONNECTICUT)
    give(game, 2, *RED, *YELLOW, *GREEN)
    build(game, {**{sq: 4 for sq in RED + YELLOW}, **{sq: 2 for sq in GREEN}})
    assert game.view.bank_houses == 2
    check_invariants(game)


# ----------------------------------------------------------------------- the shortage auction
def test_two_players_wanting_more_houses_than_the_bank_has_bid_for_them():
    g = new_game(players=("Ann", "Bob", "Cy"))
    _houses_short(g)
    events = act(g, OrderBuildings(0, ((0, 2), (1, 3))))  # five wanted, two in the bank
    assert E.BuildingsOrdered(((0, 2), (1, 3)), False, 2) in events
    assert any(isinstance(e, E.AuctionStarted) and e.item == "house" for e in events)
    d = g.view.pending
    assert d.kind == K.AUCTION and d.auction.item == "house" and d.auction.bidders == (0, 1)
    # while the scarce houses are auctioned nobody builds directly, not even Cy
    with pytest.raises(IllegalActionError, match="auctioned"):
        act(g, Build(0, MEDITERRANEAN))

    # first house: Bob outbids Ann and pays his bid, not the deed's price
    act(g, Bid(0, 60))
    act(g, Bid(1, 80))
    events = act(g, PassBid(0))
    assert E.AuctionWon(1, "house", -1, 80) in events
    assert paid(events, "auction") == [(1, BANK, 80)]
    assert g.view.cash(1) == 1500 - 80
    assert g.view.pending.kind == K.PLACE_BUILDING and g.view.pending.player == 1 and g.view.pending.building == "house"
    assert g.view.bank_houses == 2  # bought, not yet placed
    events = act(g, Build(1, CONNECTICUT))  # placing it costs nothing more
    assert [e for e in events if isinstance(e, E.BuildingBought)][0].cost == 0
    assert g.view.houses(CONNECTICUT) == 1 and g.view.bank_houses == 1
    assert g.view.cash(1) == 1500 - 80
    assert g.to_dict()["state"]["building_orders"] == [[0, 2], [1, 2]]  # who is still owed how many (no view shows it)

    # second house: still four wanted for one house, so it is auctioned too; Ann takes it for $1
    assert g.view.pending.kind == K.AUCTION and g.view.pending.auction.item == "house"
    act(g, PassBid(1))
    events = act(g, Bid(0, 1))
    assert E.AuctionWon(0, "house", -1, 1) in events
    assert g.view.pending.kind == K.PLACE_BUILDING and g.view.pending.player == 0
    act(g, Build(0, BALTIC))
    assert g.view.houses(BALTIC) == 1 and g.view.bank_houses == 0
    assert g.view.cash(0) == 1499
    # the bank is empty: the orders lapse and play returns to Ann's throw
    assert not g.view.buildings_on_order
    assert g.view.pending.kind == K.ROLL and g.view.pending.player == 0
    with pytest.raises(IllegalActionError, match="no houses left"):
        act(g, Build(1, ORIENTAL))
    check_invariants(g)


def test_shortage_auction_ends_when_the_bank_can_meet_the_rest():
    g = new_game(players=("Ann", "Bob", "Cy"))
    _houses_short(g)
    act(g, OrderBuildings(0, ((0, 1), (1, 2))))  # three wanted, two in the bank
    act(g, Bid(0, 10))
    act(g, PassBid(1))
    assert g.view.pending.kind == K.PLACE_BUILDING and g.view.pending.player == 0
    act(g, Build(0, MEDITERRANEAN))
    # Bob's two wanted, one left: only Bob still orders, so no auction; he builds at the deed price
    assert g.view.pending.kind == K.ROLL and not g.view.buildings_on_order
    events = act(g, Build(1, ORIENTAL))
    assert paid(events, "building") == [(1, BANK, 50)]
    assert g.view.bank_houses == 0
    check_invariants(g)


def test_uk_a_bid_beyond_the_bidders_assets_voids_the_shortage_auction():
    # The UK rule holds for every auction: the scarce houses stay with the bank, the orders lapse.
    g = new_game(players=("Ann", "Bob", "Cy"), auction_limit="assets")
    _houses_short(g)
    act(g, OrderBuildings(0, ((0, 2), (1, 3))))
    limit = g.view.bid_limit(0)  # Ann's cash and mortgage values
    events = act(g, Bid(0, limit + 1))
    assert of(events, E.AuctionVoided) == [E.AuctionVoided(0, limit + 1, "house", -1)]
    assert not g.view.buildings_on_order and g.view.bank_houses == 2
    assert g.view.pending.kind == K.ROLL and g.view.pending.player == 0
    check_invariants(g)


def test_no_shortage_auction_when_the_bank_has_enough():
    g = new_game(players=("Ann", "Bob", "Cy"))
    _houses_short(g)
    with pytest.raises(IllegalActionError, match="enough houses"):
        act(g, OrderBuildings(0, ((0, 1), (1, 1))))
    with pytest.raises(IllegalActionError, match="two or more"):
        act(g, OrderBuildings(0, ((0, 4),)))
    with pytest.raises(IllegalActionError, match="no room"):
        act(g, OrderBuildings(0, ((0, 9), (1, 3))))  # the browns take eight houses at most
    assert not g.view.buildings_on_order and g.view.pending.kind == K.ROLL
    act(g, Build(0, MEDITERRANEAN))  # nobody else wants them: Ann simply buys one
    assert g.view.bank_houses == 1


def test_no_shortage_auction_when_the_bank_has_no_houses():
    g = new_game(players=("Ann", "Bob", "Cy"))
    _houses_short(g)
    build(g, {GREEN[0]: 3, GREEN[1]: 3})
    assert g.view.bank_houses == 0
    with pytest.raises(IllegalActionError, match="no houses left"):
        act(g, OrderBuildings(0, ((0, 1), (1, 1))))


def test_scarce_hotels_are_auctioned_too():
    g = new_game(players=("Ann", "Bob", "Cy"))
    give(g, 0, MEDITERRANEAN, BALTIC)
    give(g, 1, PARK_PLACE, BOARDWALK)
    build(g, {sq: 4 for sq in (MEDITERRANEAN, BALTIC, PARK_PLACE, BOARDWALK)})
    give(g, 2, ST_JAMES, TENNESSEE, NEW_YORK, *RED, *YELLOW, *GREEN)
    build(g, {**{sq: "hotel" for sq in (ST_JAMES, TENNESSEE, NEW_YORK, *RED, *YELLOW, GREEN[0], GREEN[1])},
              GREEN[2]: 4})
    assert g.view.bank_hotels == 1
    check_invariants(g)
    act(g, OrderBuildings(1, ((0, 1), (1, 2)), hotels=True))
    assert g.view.pending.auction.item == "hotel"
    act(g, Bid(0, 150))
    act(g, Bid(1, 300))
    events = act(g, PassBid(0))
    assert E.AuctionWon(1, "hotel", -1, 300) in events
    assert g.view.pending.kind == K.PLACE_BUILDING and g.view.pending.building == "hotel"
    with pytest.raises(IllegalActionError):
        act(g, Build(1, GREEN[2]))  # not Bob's street
    act(g, Build(1, BOARDWALK))
    assert g.view.hotel(BOARDWALK) and g.view.bank_hotels == 0
    assert g.view.bank_houses == 12 + 4  # Boardwalk's four houses went back
    assert g.view.cash(1) == 1500 - 300
    assert g.view.pending.kind == K.ROLL and not g.view.buildings_on_order
    check_invariants(g)


# ------------------------------------------------------------- the C64 hotel break-down example
def _c64_example() -> Game:
    """Figure 1: hotels on St. James Place and Tennessee Avenue, four houses on New York Avenue,
    three houses in the bank (the other 25 stand on Bob's streets)."""
    g = new_game()
    give(g, 0, ST_JAMES, TENNESSEE, NEW_YORK)
    build(g, {ST_JAMES: "hotel", TENNESSEE: "hotel", NEW_YORK: 4})
    give(g, 1, *RED, *GREEN, PARK_PLACE, BOARDWALK)
    build(g, {**{sq: 4 for sq in RED + GREEN}, BOARDWALK: 1})
    check_invariants(g)
    return g


def test_c64_hotel_breakdown_figure_1():
    g = _c64_example()
    v = g.view
    assert v.hotel(ST_JAMES) and v.hotel(TENNESSEE) and v.houses(NEW_YORK) == 4
    assert v.bank_houses == 3 and v.bank_hotels == 10


def test_c64_hotel_breakdown_selling_the_st_james_hotel():
    g = _c64_example()
    events = act(g, SellBuilding(0, ST_JAMES))
    sold = [e for e in events if isinstance(e, E.BuildingSold)]
    # Figure 2: $50 for the hotel and, the bank having only three houses, $50 more for the
    # fourth house; St. James keeps three houses
    assert sold[0] == E.BuildingSold(0, ST_JAMES, 3, True, 100)
    assert paid(events)[0] == (BANK, 0, 50 + 50)
    # Figure 3: Tennessee's hotel must go too; with no houses left it is cleared for $250
    # (the hotel and four houses at half price)
    assert sold[1] == E.BuildingSold(0, TENNESSEE, 0, True, 250)
    assert paid(events) == [(BANK, 0, 100), (BANK, 0, 250)]
    # the seven houses are spread evenly, the odd one on the dearest site, New York Avenue
    assert E.HotelBreakdown(0, "orange", ((ST_JAMES, 2), (TENNESSEE, 2), (NEW_YORK, 3))) in events
    v = g.view
    assert (v.houses(ST_JAMES), v.houses(TENNESSEE), v.houses(NEW_YORK)) == (2, 2, 3)
    assert not v.hotel(ST_JAMES) and not v.hotel(TENNESSEE)
    assert v.bank_houses == 0 and v.bank_hotels == 12
    assert v.cash(0) == 1500 + 350
    check_invariants(g)


def test_hotel_sold_when_the_bank_has_no_houses_clears_the_site():
    g = _c64_example()
    build(g, {PARK_PLACE: 2, BOARDWALK: 2})  # the bank's last three houses go to Bob
    assert g.view.bank_houses == 0
    check_invariants(g)
    events = act(g, SellBuilding(0, ST_JAMES))
    # nothing to replace either hotel: both cleared at $250, New York's houses re-spread 1-1-2
    assert paid(events) == [(BANK, 0, 250), (BANK, 0, 250)]
    v = g.view
    assert (v.houses(ST_JAMES), v.houses(TENNESSEE), v.houses(NEW_YORK)) == (1, 1, 2)
    assert v.cash(0) == 2000
    check_invariants(g)
