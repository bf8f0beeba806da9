"""The screen's model: messages for events, the title-deed card, board cells, lists and options."""

from __future__ import annotations

import random

import pytest

from monopoly.engine import (BANK, NOBODY, AcceptTrade, Bid, Buy, DeclineToBuy, EndGame, Game, Mortgage, Offer,
                             PassBid, ProposeTrade, Roll, ScriptedDice, arrange, check_invariants, events as E)
from monopoly.present import model as M
from monopoly.tui.keys import BINDINGS, HELP_TEXT, OPTIONS, command, option_for_key
from scenario import ANN, give


def scripted(*rolls, players=("Ann", "Bob"), **rules) -> Game:
    return Game.new(list(players), "us", rules or None, dice=ScriptedDice(rolls), first_player=0)


def random_game_events(seed: int, edition: str, steps: int = 400) -> tuple[Game, list[E.Event]]:
    rng = random.Random(seed)
    game = Game.new(["Ann", "Bob", "Cy"], edition, seed=seed)
    events = list(game.log)
    for _ in range(steps):
        if game.view.over:
            break
        legal = game.legal_actions()
        if not legal:
            break
        events += game.apply(rng.choice(legal))
    return game, events


@pytest.mark.parametrize("seed, edition", [(1, "us"), (2, "uk"), (3, "dotcom"), (4, "us")])
def test_every_event_of_random_games_reads_as_a_message(seed: int, edition: str) -> None:
    game, events = random_game_events(seed, edition)
    kinds = set()
    for ev in events:
        shown = M.format_event(game, ev)
        if shown is not None:
            text, role = shown
            assert text and "{" not in text and "None" not in text, text
            assert role in ("message", "good", "bad", "rent", "title", "dim")
        kinds.add(type(ev))
    assert E.DiceRolled in kinds and E.Landed in kinds


def test_a_few_messages_word_for_word() -> None:
    game = scripted((1, 2))
    money = game.view.money
    assert M.format_event(game, E.Bought(0, 1, 60)) == ("Ann buys Mediterranean Avenue for $60", "good")
    assert M.format_event(game, E.RentDue(1, 1, 0, 3, 8))[0] == ("Bob may claim $8 rent from Ann for Baltic Avenue, "
                                                                "until the next player throws")  # its deadline
    assert M.format_event(game, E.DiceRolled(0, (3, 3)))[0] == "Ann throws 3 and 3 - doubles!"
    assert M.format_event(game, E.Paid(0, BANK, 200, "tax"))[0] == "Ann pays the bank $200 in tax"
    assert M.format_event(game, E.Paid(BANK, 0, 200, "salary")) is None
    assert M.format_event(game, E.Moved(0, 0, 3, 3)) is None
    assert M.format_event(game, E.SentToJail(1, "doubles"))[0] == "Bob goes to jail for throwing three doubles!"
    assert (M.format_event(game, E.JailCardPassed(0, 1, "chance"))[0]
            == "Ann's Get Out of Jail Free card (Chance) passes to Bob")
    assert M.format_event(game, E.JailCardPassed(1, BANK, "community_chest"))[0].endswith("goes back under its deck")
    breakdown = M.format_event(game, E.HotelBreakdown(0, "pink", ((11, 2), (13, 2), (14, 3))))[0]
    assert "Not enough houses left to replace a hotel" in breakdown and "Pink" in breakdown
    over = M.format_event(game, E.GameOver("ended", 1, (100, 2000)))[0]
    assert over == f"Game over (the game was stopped): Bob wins with {money(2000)}!"


def test_trade_summary_and_lines() -> None:
    game = scripted()
    arrange(game, owners={1: 0}, jail_cards={1: ["chance"]})
    offer = Offer(0, 1, (1,), (), -50, (), ("chance",))
    assert M.trade_summary(game, offer) == ("Ann offers Bob Mediterranean Avenue for a Get Out of Jail Free card "
                                            "(Chance) and $50")
    lines = [t for t, _ in M.trade_lines(game, offer)]
    assert lines[0] == "1 Ann gives Bob:" and "  Mediterranean Avenue" in lines
    assert lines[2:] == ["2 Bob gives Ann:", "  a Get Out of Jail Free card (Chance)", "  $50 in cash"]


def test_deed_card_highlights_the_rent_that_applies() -> None:
    game = scripted()
    card = M.deed_card(game, 1)
    assert card.title == "MEDITERRANEAN AVENUE" and card.group_colour == "brown"
    assert card.owner_line == "For sale: $60"
    assert not any(applies for _, _, applies in card.lines)
    arrange(game, owners={1: 0})
    assert [label for label, _, applies in M.deed_card(game, 1).lines if applies] == ["Rent"]
    arrange(game, owners={3: 0})
    assert [label for label, _, applies in M.deed_card(game, 1).lines if applies] == ["Rent with colour set"]
    arrange(game, buildings={1: 2, 3: 1})
    card = M.deed_card(game, 1)
    assert [(label, amount) for label, amount, applies in card.lines if applies] == [("With 2 houses", "$30")]
    assert "Built: 2 houses" in card.footer
    arrange(game, buildings={1: 0, 3: 0}, mortgaged={3: True})
    assert "MORTGAGED" in M.deed_card(game, 3).owner_line
    assert not any(applies for _, _, applies in M.deed_card(game, 3).lines)


@pytest.mark.parametrize("edition, doubled", [("uk", False), ("us", True)])
def test_the_deed_marks_the_rent_line_the_engine_charges_for_a_group_with_a_mortgaged_site(
        edition: str, doubled: bool) -> None:
    """Both brown sites owned, one mortgaged: the UK book stops the doubled rent, the US book keeps it."""
    game = Game.new(["Ann", "Bob"], edition, dice=ScriptedDice([]), first_player=0)
    give(game, ANN, 1, 3)
    game.apply(Mortgage(ANN, 3))
    marked = [(label, amount) for label, amount, applies in M.deed_card(game, 1).lines if applies]
    assert marked == [("Rent with colour set" if doubled else "Rent", game.view.money(game.view.rent(1)))]


def marked_amount(game: Game, square: int) -> str | None:
    """The amount on the deed's marked line, as the card prints it."""
    marked = [amount for _, amount, applies in M.deed_card(game, square).lines if applies]
    assert len(marked) <= 1
    return marked[0] if marked else None


@pytest.mark.parametrize("seed, edition", [(5, "us"), (6, "uk"), (7, "dotcom")])
def test_the_deeds_of_random_games_mark_the_rent_the_engine_charges(seed: int, edition: str) -> None:
    game, _ = random_game_events(seed, edition, steps=900)
    view = game.view
    assert any(view.owner(s) != NOBODY for s in game.edition.properties)
    for s in game.edition.properties:
        sq = game.edition.squares[s]
        due = view.rent(s, 1)  # a utility's rent for a throw of 1 is its multiplier
        if not due:
            assert marked_amount(game, s) is None, sq.name
        elif sq.kind == "utility":
            assert marked_amount(game, s) == str(due), sq.name
        else:
            assert marked_amount(game, s) == game.view.money(due), sq.name


def test_deed_cards_of_railroads_utilities_and_other_squares() -> None:
    game = scripted()
    arrange(game, owners={5: 1, 15: 1})
    rail = M.deed_card(game, 5)
    assert [label for label, _, applies in rail.lines if applies] == ["If 2 are owned"]
    assert "Owner: 2 Bob" == rail.owner_line
    util = M.deed_card(game, 12)
    assert util.lines[0] == ("One owned: dice x", "4", False)
    assert "Collect $200" in M.deed_card(game, 0).footer[0]
    assert "Pay $200 or 10%" in M.deed_card(game, 4).footer[0]
    assert M.deed_card(game, 7).footer == ("Take a Chance card.",)


def test_cells_show_owner_buildings_mortgage_and_tokens() -> None:
    game = scripted(players=("Ann", "Bob", "Cy"))
    arrange(game, owners={1: 1, 3: 1}, buildings={1: 3, 3: 2})
    c = M.cell(game, 1)
    assert c.status(7) == "2 hhh  " and c.group_colour == "brown"
    arrange(game, owners={3: 0}, mortgaged={3: True}, buildings={1: 0, 3: 0})
    assert M.cell(game, 3).status(7) == "1m     "
    go = M.cell(game, 0)
    assert go.tokens == (0, 1, 2) and go.status(7) == "   @123"
    arrange(game, jail={2: 0})
    jail = M.cell(game, 10)
    assert jail.jailed == (2,) and jail.status(6) == "    #3"
    # while animating, the token is shown where the screen says
    assert M.cell(game, 5, {0: 5}).tokens == (0,)
    many = M.Cell("GO", "", NOBODY, False, 0, False, tuple(range(8)), ())
    assert many.status(6) == "@1234+"


def test_an_owner_and_a_token_of_the_same_player_read_differently() -> None:
    """Issue 26: "3    3" was both "owned by player 3" and "player 3 stands here"."""
    game = scripted(players=("Ann", "Bob", "Cy"))
    arrange(game, owners={5: 2, 1: 0, 3: 0}, buildings={1: 1, 3: 2}, squares={2: 5, 0: 3, 1: 3})
    assert M.cell(game, 5).status(6) == "3   @3"
    assert M.cell(game, 3).status(6) == "1 h@12", "the sign parts the houses from the tokens"
    arrange(game, jail={2: 0}, squares={0: 10})
    assert M.cell(game, 10).status(7) == "   #3@1", "a prisoner and a visitor"
    shown = {mark for mark, _ in M.MARKS_LEGEND}
    assert {"3", "3" + M.MORTGAGE_MARK, M.TOKEN_MARK + "13", M.PRISONER_MARK + "2", M.OFFLINE_MARK} <= shown


def test_ahead_lists_the_next_four_squares() -> None:
    game = scripted()
    arrange(game, owners={3: 1})
    rows = M.ahead(game, 0)
    assert [sq for sq, _ in rows] == [1, 2, 3, 4]
    assert rows[0][1] == "for sale $60" and rows[2][1] == "sold to Bob" and rows[3][1] == "$200"
    assert [sq for sq, _ in M.ahead(game, 38)] == [39, 0, 1, 2]


def test_claims_owners_and_holdings() -> None:
    game = scripted((1, 2))
    arrange(game, owners={1: 1, 3: 1}, mortgaged={1: True})
    game.apply(Roll(0))  # Ann lands on Baltic Avenue: the browns are Bob's, so the rent is doubled
    assert M.claims_lines(game, [0, 1]) == ["Bob may claim $8 from Ann - press R"]
    assert M.claims_lines(game, [0]) == ["Bob may claim $8 from Ann"]
    rows = M.owners_rows(game)
    assert len(rows) == 28
    assert rows[0] == ("2 Mediterranean Avenue (M)", "mortgaged")
    ui = M.UIState(tokens=["Car", "Dog"])
    text = [t for t, _ in M.holdings_lines(game, ui, 1)]
    assert text[0] == "2 Bob (Dog)" and any("Mediterranean Avenue  mortgaged" in t for t in text)


def test_valuation_table_names_the_winner() -> None:
    game = scripted()
    arrange(game, owners={39: 1}, cash={1: game.view.cash(1) - 401})  # Bob ends $1 short of Ann: no tie
    game.apply(EndGame(0))
    rows = [t for t, _ in M.valuation_rows(game)]
    assert rows[0].split() == ["Player", "Cash", "Printed", "Total"]
    assert rows[1].startswith("1 Ann") and "WINNER" in rows[1]
    assert rows[2].startswith("2 Bob") and "$400" in rows[2]
    assert rows[-1] == "The game is over (the game was stopped). Ann wins!"


def test_a_tie_on_value_says_how_the_winner_was_chosen() -> None:
    game = scripted()  # nobody has bought anything: both are worth $1,500
    events = game.apply(EndGame(0))
    tie = " (level with Bob: the tie goes to the earlier seat)"
    assert M.valuation_rows(game)[-1][0] == f"The game is over (the game was stopped). Ann wins{tie}!"
    over = next(e for e in events if isinstance(e, E.GameOver))
    assert M.format_event(game, over) == (f"Game over (the game was stopped): Ann wins with $1,500{tie}!", "title")


def test_the_narrow_player_list_keeps_the_whole_cash_and_shortens_the_name() -> None:
    # 80x24 with many players: two columns of 13; "1 CPU1   $1,5" once cut the cash short.
    game = Game.new(["Charlie", "Bob", "Cy"], "dotcom", seed=1)
    ui = M.UIState(tokens=M.default_tokens(game, 3))
    arrange(game, cash={1: 11_500})
    entries = [M.player_entry(game, ui, p, 13) for p in range(3)]
    assert entries == ["1 Cha $1,500M", "2 Bo $11,500M", "3 Cy  $1,500M"]
    ui.show_cash = False
    assert M.player_entry(game, ui, 0, 13) == "1 Charlie".ljust(13)


def test_options_with_nothing_to_do_are_dimmed() -> None:
    game = scripted((1, 2), (6, 6), (3, 4))
    people = [0, 1]
    enabled = M.option_enabled(game, people)
    assert enabled["dice"] and enabled["owners"] and enabled["save"] and enabled["quit"]
    assert not enabled["rent"] and not enabled["mortgage"] and not enabled["houses"]
    assert enabled["trade"] is False  # nobody owns anything or holds a card yet
    assert not M.option_enabled(game, [1])["dice"], "Bob cannot throw for Ann"
    game.apply(Roll(0))  # Ann to Baltic Avenue
    game.apply(Buy(0))
    enabled = M.option_enabled(game, people)
    assert enabled["mortgage"] and enabled["trade"] and not enabled["houses"]
    arrange(game, owners={1: 0})
    assert M.option_enabled(game, people)["houses"]
    game.apply(Roll(1))  # Bob throws doubles to ... a property; Ann may claim nothing yet
    game.apply(EndGame(0))
    after = M.option_enabled(game, people)
    assert not after["dice"] and not after["save"] and after["owners"] and after["quit"]


def test_rent_option_lights_up_for_the_owner() -> None:
    game = scripted((1, 2), (1, 2))
    arrange(game, owners={3: 1})
    game.apply(Roll(0))
    assert [c.owner for c in game.view.claims()] == [1]
    assert M.option_enabled(game, [0, 1])["rent"]
    assert not M.option_enabled(game, [0])["rent"], "only the owner may claim"


def test_ui_settings_round_trip() -> None:
    game = scripted()
    ui = M.UIState(tokens=["Boot", "Iron"], fastmove=True, show_cash=False, elapsed=65.0)
    again = M.UIState.from_settings(ui.settings(), game)
    assert (again.tokens, again.fastmove, again.show_cash, again.elapsed) == (["Boot", "Iron"], True, False, 65.0)
    assert M.UIState.from_settings({}, game).tokens == ["Car", "Thimble"]


def test_decision_hint_says_who_must_act() -> None:
    game = scripted((1, 2))
    assert M.decision_hint(game, [0, 1]).startswith("Ann: D to throw")
    assert "computer" in M.decision_hint(game, [1])
    game.apply(Roll(0))
    assert "D to answer" in M.decision_hint(game, [0, 1])


def test_key_tables_are_consistent() -> None:
    letters = [o.key for o in OPTIONS]
    assert letters == ["d", "r", "t", "m", "h", "o", "c", "f", "s", "q"]
    assert [o.label for o in OPTIONS] == ["Dice", "Rent", "Trade", "Mortgage", "Houses", "Owners", "Cash",
                                          "Fastmove", "Save", "Quit"]
    assert all(o.label[0].lower() == o.key for o in OPTIONS)
    assert option_for_key(ord("Q")) == 9 and option_for_key(ord("z")) is None
    assert command("bar", 10) == "select" and command("cursor", ord(" ")) == "pick"
    for context in BINDINGS.values():
        seen: set[int] = set()
        for keys in context.values():
            assert not seen & set(keys), "a key bound twice in one context"
            seen |= set(keys)
    assert any("Ctrl-C" in k for k, _ in HELP_TEXT)


def test_random_games_keep_their_invariants_while_formatted() -> None:
    game, events = random_game_events(9, "us", 200)
    check_invariants(game)
    ui = M.UIState(tokens=M.default_tokens(game, 3))
    for p in range(3):
        M.player_summary(game, ui, p)
        M.holdings_lines(game, ui, p)
    for sq in range(40):
        M.deed_card(game, sq)
        M.cell(game, sq).status(7)


def test_mortgage_bid_and_trade_events_read_well() -> None:
    game = scripted((1, 2), (1, 2))
    game.apply(Roll(0))
    game.apply(DeclineToBuy(0))
    shown = [M.format_event(game, e) for e in game.apply(Bid(1, 30))]
    assert ("Bob bids $30", "message") in shown
    events = game.apply(PassBid(0))
    assert ("Bob wins Baltic Avenue for $30", "good") in [M.format_event(game, e) for e in events]
    events = game.apply(Mortgage(1, 3))
    assert M.format_event(game, events[-1]) == ("Bob mortgages Baltic Avenue for $30", "message")
    events = game.apply(ProposeTrade(1, 0, (3,), (), -10))
    assert M.format_event(game, events[0])[0] == "Bob offers Ann Baltic Avenue for $10"
    events = game.apply(AcceptTrade(0))
    texts = [M.format_event(game, e) for e in events]
    assert ("Ann accepts the offer from Bob", "good") in texts
    assert ("Baltic Avenue passes to Ann", "message") in texts


def test_the_clock_counts_down_in_the_time_limit_game_only() -> None:
    game = scripted()
    assert M.clock_line(game, M.UIState(tokens=[])) is None
    timed = scripted(short_game="time_limit", time_limit_minutes=90)
    ui = M.UIState(tokens=[], elapsed=65.0)
    assert M.clock_line(timed, ui) == "Clock 1:28:55"
    timed.set_clock(120)
    assert M.clock_line(timed, ui) == "Clock 1:28:00", "the engine's clock when it is ahead"


def test_docs_list_every_option_and_key_as_the_program_does() -> None:
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "docs" / "playing.md").read_text("utf-8")
    for o in OPTIONS:
        assert f"| {o.key.upper()} | {o.label} | {o.help} |" in text, o.label
    for key, meaning in HELP_TEXT:
        assert f"| {key} | {meaning} |" in text, key
    for mark, meaning in M.MARKS_LEGEND:  # the board's marks, as the help page lists them
        assert f"| {mark} | {meaning} |" in text, mark
    for flag in ("--players", "--edition", "--seed", "--load", "--save-dir", "--help", "--version"):
        assert flag in text


def test_the_message_lines_never_start_halfway_through_a_message() -> None:
    # The top of the message area showed the tail of a wrapped message ("auction is over: bid with a
    # player's number..."), which reads as a message of its own and says something else.
    said = [M.Message("The options wait until the auction is over: bid with a player's number, or P to drop out",
                      "dim"),
            M.Message("Bob drops out of the bidding"), M.Message("CPU1 wins Vermont Avenue for $70", "good")]
    lines = M.log_lines(said, width=32, room=4)
    assert [text for text, _ in lines] == ["Bob drops out of the bidding", "CPU1 wins Vermont Avenue for $70"]
    assert lines[0][1] == "dim" and lines[1][1] == "good", "older plain messages are dimmed"
    # with room for everything, every whole message is there, wrapped lines indented
    lines = M.log_lines(said, width=32, room=10)
    assert len(lines) == 6 and lines[0][0].startswith("The options") and lines[1][0].startswith("  ")
    # the newest message alone is longer than the room: its beginning is shown
    lines = M.log_lines([M.Message("word " * 40)], width=20, room=2)
    assert len(lines) == 2 and lines[0][0].startswith("word word")
    assert M.log_lines(said, width=32, room=0) == []


def test_a_bankrupt_player_in_the_list_fits_the_narrowest_panel() -> None:
    # the 80x24 panel cut "bankrupt" short when the line also carried the (gone) token's name
    game = scripted(players=("Charlie", "Bob", "Cy"))
    arrange(game, current_player=1, bankrupt=[0])
    ui = M.UIState(tokens=["Racing Car", "Thimble", "Boot"])
    line = M.player_summary(game, ui, 0)
    assert line.endswith("bankrupt") and len(line) <= len(M.player_summary(game, ui, 1)) + 2


def test_a_save_path_in_the_messages_is_wrapped_between_folders_never_inside_a_name() -> None:
    """Played by hand: "Game saved as annbob1 (/.../annbob1.jso" then "n)" on the next line."""
    from monopoly.present.messages import log_lines
    from monopoly.session.model import Message
    text = "Game saved as annbob1 (/home/someone/.local/share/monopoly/saves/annbob1.json)"
    for width in range(20, 60):
        lines = [line.strip() for line, _ in log_lines([Message(text, "good")], width, 10)]
        assert "".join(lines).replace(" ", "") == text.replace(" ", ""), lines
        assert any(line.endswith("annbob1.json)") for line in lines), (width, lines)
