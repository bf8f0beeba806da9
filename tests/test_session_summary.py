"""What the others did since a person's last turn (``session.summary``), read from events, and its
words (``words.since_lines``): the part both front ends share."""

from __future__ import annotations

from monopoly.engine import BANK, Game
from monopoly.engine import events as E
from monopoly.session.summary import since_last_turn
from monopoly.session.words import building_summary, event_lines, since_lines

ANN, BOB, CY = 0, 1, 2
BALTIC, READING, ORIENTAL, PARK_PLACE, BOARDWALK = 3, 5, 6, 37, 39


def game() -> Game:
    return Game.new(["Ann", "Bob", "Cy"], seed=1)


# Ann's turn 1; Bob's turn 2 (a throw, a card, a purchase, rent paid to Ann, a trade with Cy,
# houses and a mortgage); Cy's turn 3 (doubles, then jail); Ann's turn 4 starts.
LOG: list[E.Event] = [
    E.TurnStarted(ANN, 1), E.DiceRolled(ANN, (1, 2)), E.Landed(ANN, BALTIC),
    E.TurnStarted(BOB, 2), E.DiceRolled(BOB, (3, 4)), E.Landed(BOB, 7), E.Landed(BOB, READING),
    E.Bought(BOB, READING, 200),
    E.Paid(BOB, ANN, 4, "rent"),
    E.TradeProposed(BOB, CY, (READING,), (ORIENTAL,), 50, (), (), False), E.TradeAnswered(BOB, CY, True),
    E.BuildingBought(BOB, PARK_PLACE, 1, False, 200), E.BuildingBought(BOB, BOARDWALK, 1, False, 200),
    E.Mortgaged(BOB, BALTIC, 30),
    E.TurnStarted(CY, 3), E.DiceRolled(CY, (5, 5)), E.Landed(CY, 16), E.Paid(BANK, CY, 200, "salary"),
    E.DiceRolled(CY, (2, 2)), E.Landed(CY, 20), E.DiceRolled(CY, (6, 6)), E.SentToJail(CY, "doubles"),
    E.Paid(CY, BOB, 28, "rent"),
    E.TurnStarted(ANN, 4),
]


def test_each_other_players_doings_since_the_persons_last_turn() -> None:
    since = since_last_turn(LOG, ANN, 3)
    assert since is not None and since.person == ANN and not since.first
    bob, cy = since.doings
    assert bob.player == BOB and cy.player == CY
    assert bob.throws == [(7, READING)]  # where the throw ended, the card's move included
    assert bob.bought == [(READING, 200)]
    assert bob.rent_paid == {ANN: 4} and bob.rent_received == 28
    assert (bob.houses, bob.hotels, bob.building_cost) == (2, 0, 400)
    assert bob.mortgaged == [BALTIC] and len(bob.trades) == 1 and cy.trades == bob.trades
    assert cy.throws == [(10, 16), (4, 20), (12, None)] and cy.jailed and cy.rent_paid == {BOB: 28}


def test_said_in_one_line_a_player() -> None:
    g = game()
    since = since_last_turn(LOG, ANN, 3)
    assert since is not None
    assert since_lines(g, since) == [
        ("Since Ann's last turn:", "title"),
        ("  Bob threw 7 to Reading Railroad; bought Reading Railroad ($200); paid Ann $4 rent; collected $28 "
         "rent; built 2 houses ($400); mortgaged Baltic Avenue; traded: Bob gave Cy Reading Railroad and $50 "
         "for Oriental Avenue", "message"),
        ("  Cy threw 10 to St. James Place, 4 to Free Parking and 12; went to jail; paid Bob $28 rent",
         "message"),  # the trade is Bob's line's
    ]


def test_a_first_turn_tells_what_happened_since_the_game_began_and_nothing_is_silent() -> None:
    log: list[E.Event] = [E.TurnStarted(BOB, 1), E.DiceRolled(BOB, (1, 2)), E.Landed(BOB, BALTIC),
                          E.TurnStarted(ANN, 2)]
    since = since_last_turn(log, ANN, 2)
    assert since is not None and since.first
    assert since_lines(game(), since)[0] == ("Since the game began:", "title")
    # nothing done by anyone else: nothing said; a turn not started yet: nothing either
    assert since_last_turn([E.TurnStarted(ANN, 1), E.TurnStarted(BOB, 2), E.TurnStarted(ANN, 3)], ANN, 2) is None
    assert since_last_turn([E.TurnStarted(BOB, 1)], ANN, 2) is None


def test_a_players_buildings_in_one_step_say_one_line() -> None:
    g = game()
    built = [E.BuildingBought(BOB, PARK_PLACE, 1, False, 200), E.BuildingBought(BOB, BOARDWALK, 1, False, 200),
             E.BuildingBought(BOB, PARK_PLACE, 0, True, 200)]
    events: list[E.Event] = [built[0], E.Mortgaged(BOB, BALTIC, 30), built[1], built[2]]
    lines = event_lines(g, events)
    assert lines[0] is None and lines[2] is None
    assert lines[1] == ("Bob mortgages Baltic Avenue for $30", "message")
    assert lines[3] == ("Bob builds 2 houses and 1 hotel for $600: Park Place a hotel, Boardwalk 1 house", "good")
    assert building_summary(g, built[:1]) == "Bob builds 1 house for $200: Park Place 1 house"
    # one building alone says what it always said
    assert event_lines(g, built[:1]) == [("Bob puts a house on Park Place for $200", "good")]


def test_a_throw_in_jail_is_said_as_one_with_whether_it_got_them_out() -> None:
    """Tried by hand: "Bob threw 4" for a throw in jail that kept him there."""
    log: list[E.Event] = [
        E.TurnStarted(ANN, 1), E.DiceRolled(ANN, (1, 2)), E.Landed(ANN, BALTIC),
        E.TurnStarted(BOB, 2), E.DiceRolled(BOB, (1, 3), "jail"), E.StayedInJail(BOB, 1),
        E.TurnStarted(CY, 3), E.DiceRolled(CY, (3, 3), "jail"), E.LeftJail(CY, "doubles"), E.Landed(CY, 16),
        E.DiceRolled(CY, (1, 2)), E.Landed(CY, 19),
        E.TurnStarted(ANN, 4), E.DiceRolled(ANN, (1, 2)), E.Landed(ANN, BALTIC),
        E.TurnStarted(BOB, 5), E.DiceRolled(BOB, (1, 4), "jail"), E.LeftJail(BOB, "forced_fine"),
        E.Paid(BOB, BANK, 50, "jail_fine"), E.Landed(BOB, 15),
        E.TurnStarted(CY, 6),
    ]
    g = game()
    first = since_last_turn(log[:13], ANN, 3)
    assert first is not None
    assert [text for text, _ in since_lines(g, first)[1:]] == [
        "  Bob threw 4 in jail (no doubles: stayed in)",
        "  Cy threw 6 in jail (doubles: out) to St. James Place and 3 to New York Avenue"]
    later = since_last_turn(log, CY, 3)
    assert later is not None
    assert since_lines(g, later)[-1][0] == (
        "  Bob threw 5 in jail (no doubles at the last try: paid the fine, out) to Pennsylvania Railroad")


def test_an_auction_won_is_said_as_won_and_a_lapsed_claim_of_ones_own_is_said() -> None:
    """Played by hand: an auction win read "bought Reading Railroad ($70)", and a rent claim of
    Ann's that lapsed while the others played was told in the text mode only (the curses screen's
    message had scrolled away): the summary says both, the same for every front end."""
    log: list[E.Event] = [
        E.TurnStarted(ANN, 1), E.DiceRolled(ANN, (1, 2)), E.Landed(ANN, BALTIC),
        E.TurnStarted(BOB, 2), E.DiceRolled(BOB, (1, 2)), E.Landed(BOB, BALTIC), E.RentDue(1, ANN, BOB, BALTIC, 8),
        E.AuctionWon(BOB, "square", READING, 70),
        E.TurnStarted(CY, 3), E.DiceRolled(CY, (2, 2)), E.RentLapsed(1, ANN, BOB, 8), E.Landed(CY, 4),
        E.TurnStarted(ANN, 4),
    ]
    since = since_last_turn(log, ANN, 3)
    assert since is not None
    lines = [text for text, _ in since_lines(game(), since)]
    assert any("won Reading Railroad at auction ($70)" in line for line in lines), lines
    assert not any("bought Reading" in line for line in lines), lines
    assert "  Ann did not claim the $8 rent from Bob: it is lost" in lines, lines


def test_money_a_card_moved_and_tax_are_said_for_every_front_end() -> None:
    """Played by hand: a Community Chest payment was told in the text mode (its event line) but
    missing from the curses summary once the message had scrolled away. The summary says the
    money each card moved, of the drawer and of the others it paid or charged, and tax paid."""
    log: list[E.Event] = [
        E.TurnStarted(ANN, 1), E.DiceRolled(ANN, (1, 2)), E.Landed(ANN, BALTIC),
        E.TurnStarted(BOB, 2), E.DiceRolled(BOB, (1, 1)), E.Landed(BOB, 2),
        E.CardDrawn(BOB, "community_chest", "doctor", "Doctor's fee. Pay $50."), E.Paid(BOB, BANK, 50, "card"),
        E.DiceRolled(BOB, (1, 1)), E.Landed(BOB, 4), E.Paid(BOB, BANK, 200, "tax"),
        E.TurnStarted(CY, 3), E.DiceRolled(CY, (3, 4)), E.Landed(CY, 7),
        E.CardDrawn(CY, "chance", "chairman", "Pay each player $50."),
        E.Paid(CY, ANN, 50, "card"), E.Paid(CY, BOB, 50, "card"),
        E.TurnStarted(ANN, 4),
    ]
    since = since_last_turn(log, ANN, 3)
    assert since is not None
    lines = [text for text, _ in since_lines(game(), since)]
    assert lines[1] == ("  Bob threw 2 to Community Chest and 2 to Income Tax; paid $50 on a Community Chest card; "
                        "received $50 from Cy's Chance card; paid $200 tax"), lines
    assert lines[2] == "  Cy threw 7 to Chance; paid $100 on a Chance card", lines
