"""The text front end played in-process: scripted dice, commands typed as lines, the transcript read.

Each test arranges a position with the scenario kit, types the commands a player would, and checks
the lines the game prints (the same sentences as the curses screen) and the game afterwards.
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Callable, Sequence

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from scenario import ANN, BOB, build, card_on_top, give, hand_jail_card, jail, new_game, set_cash
from monopoly.engine import arrange

from monopoly.engine import DecisionKind as K, Game, actions as A
from monopoly.text.commands import ANSWERS, GENERAL, CommandError, find_player, find_square, parse_line
from monopoly.text.console import Console
from monopoly.text.loop import HANDLERS, TextGame
from monopoly.session.model import UIState
from monopoly.session.words import format_event


def session(game: Game, lines: Sequence[str], tmp_path: Path, computers: object = None,
            clock: Callable[[], float] = lambda: 0.0) -> tuple[TextGame, str]:
    """Play ``lines`` as typed commands until they run out (or the game ends); the transcript."""
    out = io.StringIO()
    console = Console(io.StringIO("".join(f"{line}\n" for line in lines)), out, echo=True)
    text = TextGame(console, game, computers, UIState(tokens=["Car", "Dog", "Hat"][: game.view.player_count]),
                    tmp_path, clock=clock)
    try:
        console.say(text.run())
    except EOFError:
        pass
    return text, out.getvalue()


def hotels_on_the_browns(game: Game, owner: int) -> None:
    """Build the brown group up to a hotel on each street, through the engine (houses evenly first)."""
    for square in [1, 3] * 5:
        game.apply(A.Build(owner, square))
    assert game.view.hotel(1) and game.view.hotel(3)


def lines_of(transcript: str) -> list[str]:
    return transcript.splitlines()


# ---------------------------------------------------------------------------------------- buying and auctions
def test_roll_and_buy_by_word_and_by_letter(tmp_path: Path) -> None:
    game = new_game((1, 2), (2, 1))
    _, out = session(game, ["d", "b", "roll", "buy"], tmp_path)
    assert "Ann throws 1 and 2" in out and "Ann lands on Baltic Avenue" in out
    assert "Ann buys Baltic Avenue for $60" in out
    assert "Bob lands on Baltic Avenue" in out and "Ann may claim $4 rent from Bob for Baltic Avenue" in out
    assert game.view.owner(3) == ANN
    assert "Ann, turn 1, $1,500 - roll, owners, cash, fastmove, save, quit, help> d" in out
    assert "Bob, turn 2, $1,500 - roll, trade," in out  # each prompt shows the asked player's own cash
    assert "'buy' answers nothing asked now" in out  # Bob on Ann's street: nothing to buy


def test_an_auction_with_bidder_amount_and_the_per_bidder_prompt(tmp_path: Path) -> None:
    game = new_game((1, 2))
    _, out = session(game, ["roll", "auction", "bob 20", "25", "bid 30", "pass"], tmp_path)
    assert "Auction of Baltic Avenue!" in out
    assert "Auction of Baltic Avenue (printed price $60): no bid yet; Ann may bid $1 to $1,500." in out
    assert "Bob bids $20" in out and "Ann bids $25" in out
    assert "Bob, turn 1, $1,500 - bid, pass," in out  # the prompt names the bidder asked
    assert "Bob bids $30" in out and "Ann drops out of the bidding" in out and "Bob wins Baltic Avenue for $30" in out
    assert game.view.owner(3) == BOB


def test_bids_out_of_range_and_by_non_bidders_are_refused_in_one_line(tmp_path: Path) -> None:
    game = new_game((1, 2), players=("Ann", "Bob", "Cy"))
    game.apply(A.Roll(ANN))
    game.apply(A.DeclineToBuy(ANN))
    game.apply(A.PassBid(game.view.pending_player))  # Ann drops out
    _, out = session(game, ["ann 5", "bob 0", "bob 99999", "bid lots", "bob 10"], tmp_path)
    said = lines_of(out)
    assert "Ann is not a person bidding in this auction" in said
    assert "Bob may bid $1 to $1,500" in said
    assert ("Bid an amount: bid 120, or 120, or a bidder and an amount: bob 120 (bid alone bids the amount the "
            "prompt offers)") in said
    assert "Bob bids $10" in said


def test_bid_alone_bids_the_first_step_the_auction_prompt_offers(tmp_path: Path) -> None:
    game = new_game((1, 2), players=("Ann", "Bob", "Cy"))
    game.apply(A.Roll(ANN))
    game.apply(A.DeclineToBuy(ANN))
    game.apply(A.PassBid(game.view.pending_player))  # Ann drops out
    _, out = session(game, ["bid"], tmp_path)
    assert "Bob bids $10" in lines_of(out)


def test_a_bid_beyond_the_assets_is_confirmed_with_a_bang_under_the_uk_rule(tmp_path: Path) -> None:
    game = new_game((1, 2), auction_limit="assets")
    game.apply(A.Roll(ANN))
    game.apply(A.DeclineToBuy(ANN))
    _, out = session(game, ["9000", "9000!"], tmp_path)
    assert "voids the auction: type bid 9000! to bid it all the same" in out
    assert "more than all their assets: the auction is void" in out


# ---------------------------------------------------------------------------------------- rent
def test_rent_is_claimed_by_the_owner_before_the_next_throw(tmp_path: Path) -> None:
    game = new_game((1, 2), (3, 4))
    give(game, BOB, "Baltic Avenue")
    _, out = session(game, ["roll", "rent", "rent"], tmp_path)
    assert "Bob may claim $4 rent from Ann for Baltic Avenue" in out
    assert "Ann pays Bob $4 rent" in out
    assert "Bob has no rent to claim just now" in out  # the second claim: nothing left


# ---------------------------------------------------------------------------------------- trades
def test_a_trade_of_several_properties_cash_and_a_jail_card(tmp_path: Path) -> None:
    game = new_game()
    give(game, ANN, "Mediterranean Avenue", "Baltic Avenue")
    give(game, BOB, "Reading Railroad")
    hand_jail_card(game, ANN)
    _, out = session(game, ["trade bob med, baltic, $50, card for reading", "accept"], tmp_path)
    assert ("Ann offers Bob Mediterranean Avenue, Baltic Avenue, a Get Out of Jail Free card (Chance) and $50 "
            "for Reading Railroad") in out
    assert "Bob: accept the offer from Ann? (accept or refuse)" in out
    assert "Bob accepts the offer from Ann" in out
    assert game.view.owner(1) == BOB and game.view.owner(3) == BOB and game.view.owner(5) == ANN
    assert game.view.jail_cards(BOB) == ("chance",) and game.view.cash(BOB) == 1550


def test_trades_refused_and_impossible(tmp_path: Path) -> None:
    game = new_game()
    give(game, ANN, "Baltic Avenue")
    _, out = session(game, ["trade bob baltic for $20", "no", "trade bob boardwalk", "trade zed baltic", "trade bob"],
                     tmp_path)
    assert "Bob refuses the offer from Ann" in out
    assert "That trade is not possible: " in out
    assert "Trade with whom? 'zed' is not a player" in out
    assert "The offer is empty" in out
    assert game.view.owner(3) == ANN


# ---------------------------------------------------------------------------------------- houses and mortgages
def test_building_selling_and_mortgaging(tmp_path: Path) -> None:
    game = new_game()
    give(game, ANN, "Mediterranean Avenue", "Baltic Avenue", "Reading Railroad")
    _, out = session(game, ["build med", "build baltic 2", "houses", "sell baltic", "mortgage reading",
                            "mortgage reading", "mortgage"], tmp_path)
    assert "Ann puts a house on Mediterranean Avenue for $50" in out
    assert out.count("Ann puts a house on Baltic Avenue") == 2 or "evenly" in out.lower()
    assert "Ann sells a house on Baltic Avenue" in out
    assert "Ann mortgages Reading Railroad for $100" in out and "Ann lifts the mortgage on Reading Railroad" in out
    assert "Ann: build where? (build SQUARE): 1 Mediterranean Avenue (house 2 for $50)" in out
    assert "Ann can mortgage or lift:" in out


def test_a_house_shortage_goes_to_auction_and_the_winner_places_it(tmp_path: Path) -> None:
    game = new_game()
    give(game, ANN, "Mediterranean Avenue", "Baltic Avenue")
    give(game, BOB, "Oriental Avenue", "Vermont Avenue", "Connecticut Avenue")
    give(game, BOB, 21, 23, 24, 26, 27, 29, 31, 32, 34)  # the reds, yellows and greens take 31 houses:
    build(game, {21: 4, 23: 4, 24: 4, 26: 4, 27: 4, 29: 4, 31: 3, 32: 2, 34: 2})  # one is left in the bank
    assert game.view.bank_houses == 1
    _, out = session(game, ["houses ann 2 bob 3", "ann 10", "pass", "place baltic"], tmp_path)
    assert "The bank has 1 house for 5 ordered: it goes to auction" in out
    assert "Ann wins a house for $10" in out
    assert ("Ann: place the house you bought (build SQUARE): 1 Mediterranean Avenue (house 1), "
            "3 Baltic Avenue (house 1)") in out
    assert "Ann puts a house on Baltic Avenue" in out and game.view.houses(3) == 1


def test_ordering_without_a_shortage_says_how_to_build(tmp_path: Path) -> None:
    game = new_game()
    give(game, ANN, "Mediterranean Avenue", "Baltic Avenue")
    _, out = session(game, ["houses ann 2", "houses ann", "houses ann x"], tmp_path)
    assert "No shortage to auction: build them with build SQUARE [N]" in out
    assert "Order as houses PLAYER N [PLAYER N ...] [hotels]" in out
    assert "'x' is not a number of buildings" in out


# ---------------------------------------------------------------------------------------- debts and bankruptcy
def test_raising_money_then_bankruptcy(tmp_path: Path) -> None:
    game = new_game((1, 2), rent_claim="automatic")
    give(game, BOB, "Mediterranean Avenue", "Baltic Avenue")
    hotels_on_the_browns(game, BOB)
    give(game, ANN, "Reading Railroad")
    set_cash(game, ANN, 100)
    _, out = session(game, ["roll", "mortgage reading", "bankrupt"], tmp_path)
    assert "Ann owes Bob $450 and must raise the money" in out
    assert "Ann has $100 of the $450: raise the rest with mortgage, sell or trade, or bankrupt" in out
    assert "Ann mortgages Reading Railroad for $100" in out
    assert "Ann is bankrupt and out of the game!" in out
    assert "Game over (only one player is left): Bob wins" in out
    assert game.view.over


# ---------------------------------------------------------------------------------------- jail, taxes, cards
def test_jail_fine_and_card(tmp_path: Path) -> None:
    game = new_game((1, 2), (3, 4))
    jail(game, ANN)
    hand_jail_card(game, ANN)
    _, out = session(game, ["card"], tmp_path)
    assert "Ann is in jail: roll (for doubles), fine (pay $50) or card (use your Get Out of Jail Free card)" in out
    assert "Ann uses a Get Out of Jail Free card and leaves jail" in out
    game = new_game((1, 2))
    jail(game, ANN)
    _, out = session(game, ["fine", "card"], tmp_path)
    assert "Ann pays the fine and leaves jail" in out
    assert "'card' answers nothing asked now" in out


def test_income_tax_choice(tmp_path: Path) -> None:
    game = new_game((2, 2))
    _, out = session(game, ["roll", "percent"], tmp_path)
    assert "Ann, income tax: flat (pay $200) or percent (pay 10% of your total worth)" in out
    assert "Ann pays the bank $150 in tax" in out


def test_the_offline_token_is_placed_by_name(tmp_path: Path) -> None:
    game = new_game((3, 3), edition="dotcom", offline_rule=True)
    _, out = session(game, ["roll", "buy", "place 0", "place yahoo", "board"], tmp_path)
    assert "Ann: put the Offline token on a property (place SQUARE): 1 Sportsline.com (nobody's), 3 Foxsports.com" in out
    assert "The Offline token goes only on a square with a title deed" in out
    assert "Ann moves the Offline token to Yahoo!" in out
    assert "39 Yahoo!                   for sale $400M; Offline" in out
    assert game.view.offline_square == 39


def test_a_mortgaged_deed_received_is_kept_or_lifted(tmp_path: Path) -> None:
    game = new_game()
    give(game, ANN, "Reading Railroad", mortgaged=True)
    _, out = session(game, ["trade bob reading for $10", "y", "keep"], tmp_path)
    assert ("Bob, Reading Railroad is mortgaged: lift (the mortgage, for $110) or keep (it mortgaged, paying $10 "
            "interest)") in out
    assert "Bob pays the bank $10 in mortgage interest" in out
    assert game.view.owner(5) == BOB and game.view.mortgaged(5)


def test_pay_or_draw(tmp_path: Path) -> None:
    for typed, said in (("pay", "Ann pays the bank £10"), ("draw", "Chance: ")):
        game = new_game((1, 1), (3, 4), edition="uk")
        card_on_top(game, "community_chest", "community_chest-fine-or-chance")
        _, out = session(game, ["roll", typed], tmp_path)
        assert "Ann: pay (£10) or draw (take a Chance)" in out and said in out


def test_rent_settled_in_property_under_the_uk_rule(tmp_path: Path) -> None:
    game = new_game((1, 2), edition="uk", rent_claim="automatic")
    give(game, BOB, 1, 3)
    hotels_on_the_browns(game, BOB)
    give(game, ANN, 5, 15)
    set_cash(game, ANN, 50)
    _, out = session(game, ["roll", "settle 5, 15", "accept"], tmp_path)
    assert "settle (offer property to the creditor)" in out
    assert "to settle the debt" in out and "Bob accepts the offer from Ann" in out
    assert game.view.owner(5) == BOB and game.view.owner(15) == BOB


def test_a_mortgaged_deed_received_can_be_lifted(tmp_path: Path) -> None:
    game = new_game()
    give(game, ANN, "Reading Railroad", mortgaged=True)
    _, out = session(game, ["trade bob reading for $10", "y", "lift"], tmp_path)
    assert "Bob lifts the mortgage on Reading Railroad for $110" in out and not game.view.mortgaged(5)


@pytest.mark.parametrize("typed, said, unsaid", [
    ("rent", "Bob pays Ann $4 rent", "it is lost"),
    ("go", "Ann did not claim the $4 rent from Bob: it is lost\nCy throws 1 and 3", "Bob pays Ann"),
])
def test_people_owed_rent_are_asked_before_a_computer_throws(tmp_path: Path, typed: str, said: str,
                                                              unsaid: str) -> None:
    ai = pytest.importorskip("monopoly.ai")
    game = new_game((1, 2), (1, 3), players=("Ann", "Bob", "Cy"), first=BOB, income_tax="flat")
    give(game, ANN, "Baltic Avenue")
    computers = ai.ComputerPlayers(game, {BOB: "basic", 2: "basic"}, seed=1)
    _, out = session(game, [typed], tmp_path, computers)
    assert "Bob lands on Baltic Avenue" in out
    assert "Ann: Cy is about to throw. Claim your rent ($4 from Bob) with rent, or let them throw with go." in out
    assert "Ann, turn 2, $1,500 - go, rent, trade," in out
    assert said in out and unsaid not in out


# ---------------------------------------------------------------------------------------- views and settings
def test_the_views(tmp_path: Path) -> None:
    game = new_game((1, 2))
    give(game, ANN, "Boardwalk")
    _, out = session(game, ["board", "deed board", "deed", "assets", "assets bob", "credit", "owners", "owners 1",
                            "log 2", "clock", "help", "help deed", "cash", "fastmove"], tmp_path)
    said = lines_of(out)
    assert "39 Boardwalk                owner 1 Ann; Dark Blue group" in said  # the colour group named
    assert " 0 Go                       here: Ann, Bob" in said
    assert "BOARDWALK (square 39, Dark Blue group)" in said and "  Rent                      $50  <- now" in said
    assert "GO (square 0)" in said
    assert "  Boardwalk (Dark Blue)                price    $400  mortgage value $200" in said
    assert "2 Bob: cash $1,500" in said and "  no property" in said
    assert "1 Ann      $1,500" in said
    assert "1 Boardwalk" in said and "1 Ann (Car)" in said
    assert "This game has no clock." in said
    assert "deed [SQUARE]: the title deed of a square, the rent due now marked" in said
    assert "Cash and property now hidden" in said and "Ann, turn 1 - roll," in out
    assert "FASTMOVE NOW ACTIVE" in said


def test_save_and_quit(tmp_path: Path) -> None:
    game = new_game()
    text, out = session(game, ["save first", "save autosave", "save", "quit", "maybe", "no", "quit", "y"], tmp_path)
    assert f"Game saved as first ({tmp_path / 'first.json'}). Resume it with: monopoly --text --load first" in out
    assert "Names beginning with autosave are kept for the automatic saves" in out
    assert "  answer Y or N" in out
    assert "Game over (the game was stopped)" in out and game.view.over
    assert (tmp_path / "first.json").exists() and list(tmp_path.glob("autosave*.json"))


def test_another_games_save_is_replaced_only_when_agreed(tmp_path: Path) -> None:
    session(new_game(players=("Cy", "Dee")), ["save kept"], tmp_path)
    game = new_game()
    _, out = session(game, ["save kept", "no", "save kept", "yes", "save kept"], tmp_path)
    assert out.count(f"{tmp_path / 'kept.json'} holds another ") == 2
    assert out.count(": replace it? (yes/no) [no]> ") == 2
    assert out.count("Game saved as kept") == 2  # once agreed, and then as this session's own


def test_the_time_limit_clock_is_checked_between_commands(tmp_path: Path) -> None:
    game = new_game((1, 2), short_game="time_limit", time_limit_minutes=1)
    now = [0.0]

    def clock() -> float:
        now[0] += 25.0  # each look at the clock: 25 seconds later
        return now[0]

    _, out = session(game, ["clock", "owners", "owners", "owners"], tmp_path, clock=clock)
    assert "Time left: 0:00:" in out
    assert re.search(r"Ann, turn 1, \$[\d,]+, 0:00:\d\d left - roll, ", out)  # the prompt shows the clock
    assert "Time is up! The game ends when this move is over." in out
    assert "Game over (the time is up)" in out


# ---------------------------------------------------------------------------------------- bad input
@pytest.mark.parametrize("typed, said", [
    ("xyzzy", "No command 'xyzzy'; type one of: roll, owners, cash, fastmove, save, quit, help"),  # as the prompt
    ("", "Type a command (help lists them)"),
    ("buy", "'buy' answers nothing asked now; type one of: roll,"),
    ("deed 45", "Squares are numbered 0 to 39"),
    ("deed zz", "No square called 'zz'"),
    ("deed avenue", "'avenue' could be "),
    ("assets 9", "Players are numbered 1 to 2"),
    ("mortgage boardwalk", "Boardwalk is not a person's property"),
    ("build park", "Park Place is not a person's property"),
    ("bankrupt", "'bankrupt' answers nothing asked now"),
    ("go", "'go' answers nothing asked now"),
    ("s!ve", "No command 's!ve'"),
])
def test_bad_input_is_answered_in_one_line(tmp_path: Path, typed: str, said: str) -> None:
    game = new_game()
    _, out = session(game, [typed], tmp_path)
    prompt = "Ann, turn 1, $1,500 - roll, owners, cash, fastmove, save, quit, help> "
    reply = out.split(prompt + typed + "\n", 1)[1].splitlines()
    assert reply[0].startswith(said) and reply[1].startswith(prompt)  # one line, then the prompt again


def test_commands_by_word_letter_alias_and_prefix() -> None:
    answers = [c for c in ANSWERS if c.name in ("buy", "auction")]
    assert parse_line("b", answers).command.name == "buy"
    assert parse_line("b", []).command.name == "board"
    assert parse_line("y", answers).command.name == "buy"
    assert parse_line("no", answers).command.name == "auction"
    assert parse_line("deed park pl", []).args == "park pl"
    assert parse_line("cr", []).command.name == "credit"
    assert parse_line("?", []).command.name == "help"
    with pytest.raises(CommandError, match="could be"):
        parse_line("c", [c for c in GENERAL if c.name == "credit"] + [c for c in ANSWERS if c.name == "card"])
    bid = [c for c in ANSWERS if c.name in ("bid", "pass")]
    assert parse_line("120", bid).command.name == "bid" and parse_line("bob 120", bid).args == "bob 120"
    assert parse_line("bid $1,200", bid).args == "$1,200"
    assert parse_line("pass", bid).command.name == "pass"


def test_squares_and_players_by_number_or_prefix() -> None:
    game = new_game(players=("Ann", "Bob", "Bea"))
    assert find_square(game, "board") == 39 and find_square(game, "39") == 39
    assert find_square(game, "READING") == 5 and find_square(game, "park") == 37
    assert find_square(game, "b. & o.") == 25
    with pytest.raises(CommandError, match="could be"):
        find_square(game, "penn")  # the Pennsylvania Railroad and Pennsylvania Avenue
    give(game, ANN, "Pennsylvania Avenue")
    assert find_square(game, "penn", game.view.owned(ANN)) == 34  # among a trader's own squares
    assert find_player(game, "2") == BOB and find_player(game, "bo") == BOB and find_player(game, "ann") == ANN
    with pytest.raises(CommandError, match="could be Bob, Bea"):
        find_player(game, "b")


def test_every_command_has_a_handler() -> None:
    assert set(HANDLERS) == {c.name for c in ANSWERS + GENERAL}
    assert all(callable(h) for h in HANDLERS.values())


# ---------------------------------------------------------------------------------------- the shared wording
def test_every_event_told_is_the_curses_screens_sentence(tmp_path: Path) -> None:
    game = new_game((1, 2), (3, 4))
    before = len(game.log)
    text, out = session(game, ["roll", "buy", "roll"], tmp_path)
    assert len(game.log) > before + 5
    for ev in game.log[before:]:
        shown = format_event(game, ev)
        if shown is not None:
            assert shown[0] in out


# ---------------------------------------------------------------------------------------- whole games
def _person_answer(game: Game, p: int) -> str:
    """What a careful person types for the decision waiting: the engine's safe answer, in words."""
    view = game.view
    d = view.pending
    if d.player != p:
        return "rent"
    if d.kind == K.ROLL and any(c.owner == p for c in view.claims_lapsing_at_throw()):
        return "rent"  # a throw now would let this rent lapse
    if d.kind == K.BUY:
        return "buy" if view.cash(p) > 2 * d.amount and view.is_legal(A.Buy(p)) else "auction"
    action = view.safe_action(p)
    words = {A.Roll: "roll", A.PassBid: "pass", A.PayIncomeTax: "flat", A.PayOrDraw: "pay", A.RejectTrade: "refuse",
             A.SettleMortgagedTransfer: "keep", A.DeclareBankruptcy: "bankrupt", A.DeclineToBuy: "auction"}
    for kind, word in words.items():
        if isinstance(action, kind):
            return word
    if isinstance(action, A.SellBuilding):
        return f"sell {action.square}"
    if isinstance(action, A.Mortgage):
        return f"mortgage {action.square}"
    if isinstance(action, (A.MoveOffline, A.Build)):
        return f"place {action.square}"
    return "help"


class _Person(io.StringIO):
    """Standard input typed by careful people: each line is read off the game as it stands."""

    def __init__(self, game: Game, people: Sequence[int], most: int = 20000) -> None:
        super().__init__()
        self.game, self.people, self.left = game, list(people), most

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        self.left -= 1
        if self.left < 0 or self.game.view.over:
            return ""
        d = self.game.view.pending
        if d.kind == K.ROLL and any(c.owner in self.people and c.owner != d.player
                                    for c in self.game.view.claims_lapsing_at_throw()):
            return "rent\n"  # another person is asked first: their rent would lapse at this throw
        seat = d.player if d.player in self.people else self.people[0]
        return _person_answer(self.game, seat) + "\n"


@pytest.mark.parametrize("seed, edition", [(1, "us"), (2, "uk"), (3, "dotcom")])
def test_a_whole_game_against_a_computer(tmp_path: Path, seed: int, edition: str) -> None:
    ai = pytest.importorskip("monopoly.ai")
    game = Game.new(["Ann", "CPU1"], edition, {"max_turns": 400}, seed=seed)
    computers = ai.ComputerPlayers(game, {1: "ruthless"}, seed=seed)
    out = io.StringIO()
    text = TextGame(Console(_Person(game, [0]), out, echo=True), game, computers, UIState(tokens=["Car", "Dog"]),
                    tmp_path)
    end = text.run()
    assert game.view.over and end == ""  # the valuation, printed last, says who won
    assert "Game over (" in out.getvalue() and "Traceback" not in out.getvalue()


def test_a_whole_hot_seat_game_of_three_people(tmp_path: Path) -> None:
    game = Game.new(["Ann", "Bob", "Cy"], "us", {"max_turns": 300}, seed=11)
    out = io.StringIO()
    text = TextGame(Console(_Person(game, [0, 1, 2]), out, echo=True), game, None,
                    UIState(tokens=["Car", "Dog", "Hat"]), tmp_path)
    text.run()
    assert game.view.over
    said = out.getvalue()
    assert "Cy, turn " in said and "Bob, turn " in said


# ---------------------------------------------------------------------------------------- never a traceback
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(typed=st.lists(st.one_of(
    st.sampled_from(["roll", "buy", "auction", "pass", "bid 10", "ann 5", "bob 99999", "trade bob baltic for $5",
                     "trade", "mortgage 3", "build 1 9", "sell 3", "houses ann 1 bob 1", "houses x", "deed", "place 3",
                     "rent", "go", "save", "quit", "no", "help bid", "log x", "accept", "settle baltic", "b", "d"]),
    st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\r\n\x0b\x0c\x1c\x1d\x1e"
                                   "\x85\u2028\u2029"), max_size=20)), max_size=25))
def test_no_typed_line_ever_raises(tmp_path: Path, typed: list[str]) -> None:
    game = new_game(*([(1, 2), (3, 4), (2, 2), (5, 6)] * 20))
    give(game, ANN, "Mediterranean Avenue", "Baltic Avenue")
    session(game, typed, tmp_path)  # returns at the end of the input, whatever was typed


def test_colour_only_on_a_real_terminal_when_asked() -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    plain, tty = io.StringIO(), Terminal()
    Console(io.StringIO(), plain, colour=True).say("Ann is bankrupt", "bad")
    Console(io.StringIO(), tty, colour=True).say("Ann is bankrupt", "bad")
    Console(io.StringIO(), tty, colour=False).say("no colour", "bad")
    assert plain.getvalue() == "Ann is bankrupt\n"
    assert tty.getvalue() == "\x1b[31mAnn is bankrupt\x1b[0m\nno colour\n"


# ---------------------------------------------------------------------------------------- fair undo
def test_undo_takes_back_your_own_actions_but_never_a_throw(tmp_path: Path) -> None:
    game = new_game((1, 2))
    give(game, ANN, "Mediterranean Avenue", "Baltic Avenue", "Reading Railroad")
    _, out = session(game, ["build med", "mortgage reading", "undo", "u", "undo", "roll", "undo"], tmp_path)
    assert "Ann takes back the mortgage on Reading Railroad" in out
    assert "Ann takes back the building put on Mediterranean Avenue" in out
    assert out.count("Nothing to take back: only actions") == 2
    assert "Nothing to undo: nothing" not in out  # said once, not twice  # once all is taken back, and after the throw
    assert game.view.houses(1) == 0 and not game.view.mortgaged(5) and game.view.cash(ANN) == 1500
    assert game.view.position(ANN) == 3, "the throw stands"


def test_stats_tells_the_game_in_numbers(tmp_path: Path) -> None:
    game = new_game((1, 2), (1, 2))
    _, out = session(game, ["roll", "buy", "roll", "rent", "stats"], tmp_path)
    assert "Net worth at the end of each turn:" in out
    assert "Baltic Avenue" in out.split("Net worth at the end of each turn:")[1]


# ---------------------------------------------------------------------------------------- turns to follow
def test_a_persons_turn_starts_with_what_the_others_did_and_a_computer_builds_in_one_line(tmp_path: Path) -> None:
    from test_tui_controller import StubComputers
    game = new_game((1, 2), (2, 3), (1, 3), (2, 4), players=("Ann", "Bob", "Cy"), first=ANN)
    arrange(game, owners={37: BOB, 39: BOB}, cash={BOB: 2000})
    builds = [A.Build(BOB, 37), A.Build(BOB, 39), A.Build(BOB, 37)]
    _, out = session(game, ["roll", "buy", "roll"], tmp_path, StubComputers({BOB, 2}, builds))
    lines = lines_of(out)
    # Bob's three houses at the start of Ann's throw: one line, not one a house
    assert "Bob builds 3 houses for $600: Park Place 2 houses, Boardwalk 1 house" in lines
    assert not any(line.startswith("Bob puts a house") for line in lines)
    start = lines.index("Turn 4: Ann to play.")
    assert lines[start + 1:start + 4] == [
        "Since Ann's last turn:",
        "  Bob threw 5 to Reading Railroad; bought Reading Railroad ($200)",
        "  Cy threw 4 to Income Tax; paid $200 tax",
    ]


# ---------------------------------------------------------------------------------------- issue 26's rough edges
def test_help_lists_every_answer_and_explains_one_not_asked_now(tmp_path: Path) -> None:
    game = new_game()
    _, out = session(game, ["help", "help fine", "help settle", "help a"], tmp_path)
    said = lines_of(out)
    for word in ("fine", "card", "pay", "draw", "lift", "keep", "settle", "bankrupt", "go"):
        assert any(line.lstrip().startswith(word) for line in said), word
    assert "fine: pay the jail fine and leave jail before throwing" in said
    assert any(line.startswith("settle ITEMS: offer property to the creditor") for line in said)
    assert any(line.startswith("assets [PLAYER]: ") and "a is always assets" in line for line in said)


def test_a_is_assets_even_when_a_purchase_is_asked(tmp_path: Path) -> None:
    game = new_game((1, 2))
    _, out = session(game, ["roll", "a", "no", "pass"], tmp_path)
    assert "1 Ann: cash $1,500" in out, "a showed the assets"
    assert "Auction of Baltic Avenue" in out, "no sent it to auction"


def test_hidden_cash_stays_hidden_in_credit_and_assets(tmp_path: Path) -> None:
    game = new_game()
    _, out = session(game, ["cash", "credit", "assets"], tmp_path)
    said = lines_of(out)
    assert "The cash is hidden: type cash to show it." in said
    assert "1 Ann: cash hidden (cash shows it)" in said
    assert "$1,500" not in "\n".join(said[2:]).replace("turn 1, $1,500", "")


def test_the_prompt_says_what_is_still_to_raise_and_brief_shortens_it(tmp_path: Path) -> None:
    from monopoly.engine import Debt, arrange
    game = new_game()
    arrange(game, owners={1: ANN}, cash={"Ann": 10}, debt=Debt(ANN, 100, BOB, "rent"))
    _, out = session(game, ["credit", "brief", "credit"], tmp_path)
    assert "Ann, turn 1, $10, $90 still to raise - " in out
    assert "\nAnn, $90 still to raise> credit" in out


def test_the_rent_deadline_is_said_when_rent_becomes_claimable(tmp_path: Path) -> None:
    game = new_game((1, 2), (2, 1))
    _, out = session(game, ["roll", "buy", "roll"], tmp_path)
    assert "Ann may claim $4 rent from Bob for Baltic Avenue, until the next player throws" in out


def test_colour_is_off_for_a_dumb_terminal_and_with_no_color(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from monopoly.text import app
    seen: list[bool] = []

    class Spy(Console):
        def __init__(self, *args: object, colour: bool = False, **kw: object) -> None:
            seen.append(colour)
            raise SystemExit(0)

    monkeypatch.setattr(app, "Console", Spy)
    for env in ({"TERM": "dumb"}, {"TERM": "xterm", "NO_COLOR": "1"}, {"TERM": "xterm"}):
        monkeypatch.delenv("NO_COLOR", raising=False)
        for k, v in env.items():
            monkeypatch.setenv(k, v)
        with pytest.raises(SystemExit):
            app.main(None, tmp_path, None, None, {}, True, stdin=io.StringIO(""), stdout=io.StringIO())
    assert seen == [False, False, True]


def test_without_auctions_the_prompt_offers_decline_not_auction(tmp_path: Path) -> None:
    """Played by hand with ``--preset text_game``: the question said "(buy or decline: it stays with
    the bank)" and the prompt then offered ``auction``."""
    game = new_game((1, 2), (3, 3), auctions=False)
    _, out = session(game, ["roll", "auction", "decline"], tmp_path)
    assert "(buy or decline: it stays with the bank)" in out
    prompt = next(line for line in lines_of(out) if "- buy, " in line).split(">")[0]
    assert "decline" in prompt and "auction" not in prompt, prompt
    assert "'auction' answers nothing asked now" in out
    assert "Baltic Avenue stays with the bank" in out
