"""The game controller driven in-process: a fake screen feeds keys and records what was asked.

These cover the dialogs quickly and exactly (scripted dice, arranged boards); the pseudo-terminal
tests in test_tui_app.py run the real program end to end.
"""

from __future__ import annotations

import time

import curses
from pathlib import Path
from typing import Any, Callable

import pytest

from monopoly.storage import places, saves
from monopoly.engine import (Bid, Buy, DeclineToBuy, Game, PassBid, PayIncomeTax, PayOrDraw,
                             ProposeTrade, RejectTrade, Roll, ScriptedDice, SettleMortgagedTransfer, arrange,
                             check_invariants)
from monopoly.engine import DecisionKind as K
from monopoly.present import model as M
from monopoly.session.options import OPTIONS
from monopoly.tui import play
from monopoly.tui.layout import layout
from monopoly.tui.screen import Screen
from scenario import build, deck_order, give, place, set_cash

WAIT = "wait"  # a key pressed while the program waits (a pause, an auction), not at a prompt
AHEAD = "ahead"  # a key typed ahead, before the program asks for it (a flush of typeahead drops it)


class OutOfKeys(AssertionError):
    pass


class FakeScreen(Screen):
    """A Screen without curses: keys come from a script, drawing records prompts and pop-ups."""

    def __init__(self, keys: list[Any] | None = None, responder: Callable[["FakeScreen"], Any] | None = None) -> None:
        self.keys = list(keys or [])
        self.responder = responder
        self.game = None
        self.ui = None
        self.people: list[int] = []
        self.enabled: dict[str, bool] = {}
        self.options = OPTIONS
        self.bar_active = False
        self.setup = None
        self.on_tick = None
        self.lay = layout(24, 80)
        self.transcript: list[str] = []
        self.popups: list[str] = []
        self.blocking_reads = 0

    def render(self) -> None:
        ui = self.ui
        if ui is None:
            return
        if ui.prompt and (not self.transcript or self.transcript[-1] != ui.prompt):
            self.transcript.append(ui.prompt)
        if ui.prompt_error and (not self.transcript or self.transcript[-1] != "! " + ui.prompt_error):
            self.transcript.append("! " + ui.prompt_error)
        if ui.popup is not None and (not self.popups or self.popups[-1] != ui.popup.title):
            self.popups.append(ui.popup.title)

    def read_key(self, timeout: float | None = None) -> int | None:
        if timeout is not None:
            if self.keys and isinstance(self.keys[0], tuple) and self.keys[0][0] == WAIT:
                item = self.keys[0]
                if len(item) > 2 and not item[2](self):
                    return None  # not yet: the key is meant for a later wait
                self.keys.pop(0)
                return _code(item[1])
            return None  # the wait runs out at once
        self.blocking_reads += 1
        if self.blocking_reads > 2000:
            raise OutOfKeys("too many key reads")
        if self.keys and isinstance(self.keys[0], tuple):
            return _code(self.keys.pop(0)[1])
        if self.keys:
            return _code(self.keys.pop(0))
        if self.responder is not None:
            return _code(self.responder(self))
        raise OutOfKeys("the script ran out of keys; last prompts: " + " | ".join(self.transcript[-5:]))

    def flush_keys(self) -> None:
        """Keys scripted as ("ahead", key) stand for keys typed ahead: a flush drops them."""
        while self.keys and isinstance(self.keys[0], tuple) and self.keys[0][0] == AHEAD:
            self.keys.pop(0)

    def prompt_now(self) -> str:
        return self.ui.prompt or "" if self.ui else ""


def _code(key: Any) -> int:
    if isinstance(key, int):
        return key
    return {"enter": 10, "esc": 27, "right": curses.KEY_RIGHT, "left": curses.KEY_LEFT, "tab": 9}.get(key, None) \
        or ord(key)


def keys(*items: Any) -> list[Any]:
    """Expand "50\\n"-style strings into single keys."""
    out: list[Any] = []
    for item in items:
        if isinstance(item, str) and len(item) > 1 and item not in ("enter", "esc", "right", "left", "tab"):
            for ch in item:
                out.append("enter" if ch == "\n" else ch)
        else:
            out.append(item)
    return out


QUIT = keys("q", "y", "n", "x")  # Quit, yes, do not save, leave the final table


@pytest.fixture(autouse=True)
def quick(monkeypatch) -> None:
    monkeypatch.setattr(play, "AUCTION_WAIT", 0.01)
    monkeypatch.setattr(play, "CLAIM_WINDOW", 0.01)


class StubComputers:
    """A tiny stand-in for monopoly.ai.ComputerPlayers: plain answers, plus scripted extra actions."""

    def __init__(self, seats: set[int], extra: list[Any] | None = None) -> None:
        self.seats = seats
        self.extra = list(extra or [])

    def is_computer(self, seat: int) -> bool:
        return seat in self.seats

    def next_action(self, game: Game) -> Any:
        if self.extra and game.view.is_legal(self.extra[0]):
            return self.extra.pop(0)
        d = game.view.pending
        if d.player not in self.seats:
            return None
        p = d.player
        answers = {K.ROLL: Roll(p), K.BUY: Buy(p), K.AUCTION: PassBid(p), K.INCOME_TAX: PayIncomeTax(p, False),
                   K.PAY_OR_DRAW: PayOrDraw(p, False), K.TRADE_RESPONSE: RejectTrade(p),
                   K.MORTGAGED_TRANSFER: SettleMortgagedTransfer(p, d.square, False)}
        action = answers.get(d.kind)
        if isinstance(action, Buy) and not game.view.is_legal(action):
            action = DeclineToBuy(p)
        return action

    def building_order(self, game: Game, seat: int, hotels: bool) -> int:
        return 0  # orders no building of a shortage

    def to_dict(self) -> dict[str, Any]:
        return {"stub": sorted(self.seats)}


def make(tmp_path: Path, rolls: list[tuple[int, int]], screen: FakeScreen, players=("Ann", "Bob"), first: int = 0,
         computers: Any = None, dice: ScriptedDice | None = None, **rules: Any) -> tuple[Game, play.GameController]:
    game = Game.new(list(players), "us", rules or None, dice=dice if dice is not None else ScriptedDice(rolls),
                    first_player=first)
    ui = M.UIState(tokens=M.default_tokens(game, len(players)), fastmove=True)
    controller = play.GameController(screen, game, computers, ui, tmp_path)
    return game, controller


class Bidder(StubComputers):
    """Computers that raise by 35 while the bid is under 70, then answer like the stub."""

    def next_action(self, game: Game) -> Any:
        d = game.view.pending
        if d.kind == K.AUCTION and d.player in self.seats and d.auction.high_bid < 70:
            return Bid(d.player, d.auction.high_bid + 35)
        return super().next_action(game)


def ann_short_before_boardwalk(game: Game) -> Any:
    """Ann stands on Park Place with $10 and Bob owns Boardwalk: (1, 1) lands her on it, owing $50."""
    arrange(game, owners={39: 1}, squares={0: 37}, cash={0: 10})
    return game.view


def messages(controller: play.GameController) -> list[str]:
    return [m.text for m in controller.ui.messages]


# ---------------------------------------------------------------------------------------- tests
def test_roll_buy_and_quit_with_the_valuation(tmp_path: Path) -> None:
    screen = FakeScreen(keys("d", "enter") + QUIT)
    game, controller = make(tmp_path, [(1, 2)], screen)
    farewell = controller.run()
    assert game.view.owner(3) == 0, "RETURN took the default: buy"
    assert any(p.startswith("Ann: buy Baltic Avenue for $60? (Y/N) [Y]") for p in screen.transcript)
    assert game.view.over and game.view.outcome.termination == "ended"
    assert "Final valuation" in screen.popups
    assert farewell.startswith("The game is over: Ann wins")
    assert controller.record.autosave_path.is_file()


def test_a_computer_offers_a_trade_and_the_person_accepts(tmp_path: Path) -> None:
    offer = ProposeTrade(1, 0, give=(3,), take=(1,), cash=25)
    screen = FakeScreen(keys("y") + QUIT)
    game, controller = make(tmp_path, [], screen, computers=StubComputers({1}, [offer]))
    arrange(game, owners={1: 0, 3: 1})
    controller.run()
    assert "Offer to 1 Ann" in screen.popups
    assert any("Ann: accept the offer from Bob?" in p for p in screen.transcript)
    assert game.view.owner(1) == 1 and game.view.owner(3) == 0
    assert "Bob offers Ann Baltic Avenue and $25 for Mediterranean Avenue" in messages(controller)


def test_the_owner_claims_rent_with_r_while_the_computer_waits_to_throw(tmp_path: Path) -> None:
    # Bob (a computer) throws doubles onto Ann's Baltic Avenue; before his next throw Ann presses R.
    claimable = lambda screen: bool(screen.game.view.claims())  # noqa: E731
    screen = FakeScreen([(WAIT, "r", claimable)] + QUIT)
    game, controller = make(tmp_path, [(1, 1), (2, 3)], screen, first=1, computers=StubComputers({1}))
    arrange(game, owners={3: 0}, squares={1: 1})
    controller.run()
    assert "Bob pays Ann $4 rent" in messages(controller)
    assert game.view.cash(0) == 1504


def test_rent_lapses_when_nobody_claims_it(tmp_path: Path) -> None:
    screen = FakeScreen(keys("d", "n") + QUIT)  # Ann throws, saying no to claiming first
    game, controller = make(tmp_path, [(1, 1), (2, 3), (3, 4), (1, 2)], screen, first=1, computers=StubComputers({1}))
    arrange(game, owners={3: 0}, squares={1: 1})
    controller.run()
    assert any("did not claim the $4 rent" in m for m in messages(controller))


def test_raising_funds_with_the_mortgage_cursor(tmp_path: Path) -> None:
    # Ann throws doubles onto Bob's Boardwalk with $10; Bob claims; Ann must mortgage both browns.
    script = keys("d", "r", "m", "enter", "enter", "tab", "enter") + QUIT
    screen = FakeScreen(script)
    game, controller = make(tmp_path, [(1, 1)], screen)
    s = ann_short_before_boardwalk(game)
    arrange(game, owners={1: 0, 3: 0})  # the browns, Ann's to mortgage
    controller.run()
    assert any("Ann must raise $40 more" in p for p in screen.transcript)
    assert s.mortgaged(1) and s.mortgaged(3)
    assert "Ann has raised the money: the debt is paid" in messages(controller)
    assert s.cash(1) == 1550 and s.cash(0) == 10 + 30 + 30 - 50
    check_invariants(game)


def test_the_debt_is_explained_once_while_funds_are_raised_step_by_step(tmp_path: Path) -> None:
    # Ann mortgages one brown, closes the cursor (D), is asked again, and mortgages the other.
    script = keys("d", "r", "m", "enter", "enter", "d", "m", "enter", "enter") + QUIT
    screen = FakeScreen(script)
    game, controller = make(tmp_path, [(1, 1)], screen)
    s = ann_short_before_boardwalk(game)
    arrange(game, owners={1: 0, 3: 0})  # the browns, Ann's to mortgage
    controller.run()
    assert s.mortgaged(1) and s.mortgaged(3)
    assert sum("Ann must raise" in p for p in screen.transcript) >= 2, "the question was asked twice"
    assert [m for m in messages(controller) if "Ann owes" in m or "raise the rest" in m] == [
        "Ann owes Bob $50 and must raise the money",
        "Ann has $10 of the $50: raise the rest with mortgage, sell or trade"]
    assert "Ann has raised the money: the debt is paid" in messages(controller)


def test_a_key_repeated_after_the_debt_is_paid_does_not_reach_the_option_bar(tmp_path: Path) -> None:
    # Ann mortgages both browns with RETURN and presses it once more (a key repeat): the cursor
    # closes by itself when the debt is paid, and the extra key must not throw her next dice.
    script = keys("d", "r", "m", "enter", "enter", "tab", "enter") + [(AHEAD, "d")] + QUIT
    screen = FakeScreen(script)
    game, controller = make(tmp_path, [(1, 1), (2, 3)], screen)
    s = ann_short_before_boardwalk(game)
    arrange(game, owners={1: 0, 3: 0})  # the browns, Ann's to mortgage
    controller.run()
    assert "Ann has raised the money: the debt is paid" in messages(controller)
    assert s.position(0) == 39, "the typed-ahead key did not throw the dice"
    assert not any("throws 2 and 3" in m for m in messages(controller))


def test_trade_cash_asks_who_pays_first_and_keeps_the_marked_properties(tmp_path: Path) -> None:
    # Ann gives Mediterranean; Bob (with $100) is named to pay first, so the amount question
    # knows his limit: $900 is refused and asked again, with the marked deed kept.
    script = keys("t", "1", "enter", "enter", "d", "2", "enter", "900\n", "50\n", "y", "enter", "y") + QUIT
    screen = FakeScreen(script)
    game, controller = make(tmp_path, [], screen)
    s = game.view
    arrange(game, owners={1: 0}, cash={1: 100})
    controller.run()
    assert any(p.startswith("Cash in this trade: who pays? (X: no cash) (1 Ann, 2 Bob, X none) [X]")
               for p in screen.transcript), screen.transcript
    assert any(p.startswith("Bob pays how much? (RETURN: none) ($0-$100) [$0]") for p in screen.transcript)
    assert "! type an amount from $0 to $100" in screen.transcript
    assert not any("That trade is not possible" in m for m in messages(controller))
    assert s.owner(1) == 1 and s.cash(0) == 1550 and s.cash(1) == 50
    check_invariants(game)


def test_bankruptcy_is_offered_only_when_nothing_can_cover_the_debt(tmp_path: Path) -> None:
    script = keys("d", "r", "b", "enter", "y", "x")
    screen = FakeScreen(script)
    game, controller = make(tmp_path, [(1, 1)], screen)
    s = ann_short_before_boardwalk(game)
    controller.run()
    assert any("B declare bankruptcy" in p for p in screen.transcript)
    assert s.bankrupt(0) and game.view.over and game.view.outcome.winner == 1


def test_after_a_bankruptcy_the_end_of_turn_line_names_nobody_who_did_not_just_play(tmp_path: Path) -> None:
    # Ann goes bankrupt in her own turn; Bob plays next. Cy, seated before Bob once Ann is out,
    # did not just end a turn, and Ann is out of the game: neither gets an "ends the turn" line.
    screen = FakeScreen(keys("d", "r", "b", "enter", "y") + QUIT)
    game, controller = make(tmp_path, [(1, 1)], screen, players=("Ann", "Bob", "Cy"))
    s = ann_short_before_boardwalk(game)
    controller.run()
    assert s.bankrupt(0)
    assert not any("ends the turn" in m for m in messages(controller))


def test_the_end_of_turn_line_names_the_player_who_just_played(tmp_path: Path) -> None:
    screen = FakeScreen(keys("d", "n", "ppp") + QUIT)  # Ann throws, declines Baltic: everyone drops out
    game, controller = make(tmp_path, [(1, 2)], screen, players=("Ann", "Bob", "Cy"))
    controller.run()
    assert [m for m in messages(controller) if "ends the turn" in m] == [
        "Ann ends the turn with $1,500 cash, $0 bank value"]


def test_an_auction_between_people(tmp_path: Path) -> None:
    # Ann lets Baltic Avenue go; Bob bids 40 with his number, Ann drops out with P.
    script = keys("d", "n") + [(WAIT, "2")] + keys("40\n") + [(WAIT, "p")] + QUIT
    screen = FakeScreen(script)
    game, controller = make(tmp_path, [(1, 2)], screen)
    controller.run()
    assert game.view.owner(3) == 1 and game.view.cash(1) == 1460
    assert "Auction" in screen.popups
    assert any(p.startswith("Bob bids") for p in screen.transcript)


def test_uk_rule_a_bid_beyond_the_bidders_assets_is_confirmed_and_voids_the_auction(tmp_path: Path) -> None:
    # Bob (assets $1,500) types 2,000 for Baltic Avenue: first he declines when warned, then
    # he bids it, and the property stays with the bank.
    script = (keys("d", "n") + [(WAIT, "2")] + keys("2000\n", "n") + [(WAIT, "2")] + keys("2000\n", "y")
              + QUIT)
    screen = FakeScreen(script)
    game, controller = make(tmp_path, [(1, 2)], screen, auction_limit="assets")
    controller.run()
    warning = "That is more than Bob's assets ($1,500) and voids the auction: bid it? (Y/N) [N] "
    assert screen.transcript.count(warning) == 2
    assert game.view.owner(3) == -1 and game.view.cash(1) == 1500
    assert ("Bob bids $2,000, more than all their assets: the auction is void and Baltic Avenue stays with "
            "the bank") in messages(controller)


def test_an_option_key_during_an_auction_says_why_nothing_opens(tmp_path: Path) -> None:
    script = keys("d", "n") + [(WAIT, "q")] + keys("pp") + QUIT
    screen = FakeScreen(script)
    game, controller = make(tmp_path, [(1, 2)], screen)
    controller.run()
    assert ("The options wait until the auction is over: B bids, a player's number bids as that player, "
            "P drops out" in messages(controller))
    assert game.view.outcome.termination == "ended", "Quit worked once the auction was over"


def test_an_auction_with_a_bad_amount_asks_again(tmp_path: Path) -> None:
    script = keys("d", "n") + [(WAIT, "2")] + keys("lots\n", "99999\n", "30\n") + [(WAIT, "p")] + QUIT
    screen = FakeScreen(script)
    game, controller = make(tmp_path, [(1, 2)], screen)
    controller.run()
    assert "! type an amount from $1 to $1,500" in screen.transcript
    assert any(p.startswith("Bob bids ($1-$1,500) [$10]") for p in screen.transcript), "amounts in money"
    assert game.view.owner(3) == 1


def test_a_silent_person_is_waited_for_and_computers_bid_by_strategy(tmp_path: Path) -> None:
    # Silence drops nobody out (issue 14): the countdown runs out, and Ann is waited for until she presses P.
    screen = FakeScreen(keys("d", "n", "p") + QUIT)
    game, controller = make(tmp_path, [(1, 2), (3, 4)], screen, computers=Bidder({1}))
    controller.run()
    assert game.view.owner(3) == 1 and "Bob wins Baltic Avenue for $35" in messages(controller)
    assert "Ann drops out of the bidding" in messages(controller)


def test_jail_choices(tmp_path: Path) -> None:
    script = keys("d", "c") + QUIT
    screen = FakeScreen(script)
    game, controller = make(tmp_path, [(1, 3)], screen)
    arrange(game, jail={0: 0}, jail_cards={0: ["chance"]})
    controller.run()
    assert any("Ann is in jail: (T throw for doubles, P pay $50, C use your card) [T]" in p
               for p in screen.transcript)
    assert "Ann uses a Get Out of Jail Free card and leaves jail" in messages(controller)


def test_the_last_throw_in_jail_is_announced(tmp_path: Path) -> None:
    screen = FakeScreen(keys("d", "t", "y") + QUIT)  # asked first (issue 26), T throws
    game, controller = make(tmp_path, [(1, 3)], screen)
    s = game.view
    arrange(game, jail={0: 2})
    controller.run()
    assert "Ann's last throw in jail: without doubles, Ann pays $50 and moves." in messages(controller)
    assert not s.in_jail(0) and s.position(0) == 14, "the fine was paid and Ann moved"


def test_income_tax_choice(tmp_path: Path) -> None:
    screen = FakeScreen(keys("d", "p") + QUIT)
    game, controller = make(tmp_path, [(1, 3)], screen)
    controller.run()
    assert any(p.startswith("Ann, income tax: (F pay $200, P pay 10% of worth) [F]") for p in screen.transcript)
    assert game.view.cash(0) == 1500 - 150


def test_esc_puts_a_question_off_and_d_comes_back_to_it(tmp_path: Path) -> None:
    screen = FakeScreen(keys("d", "esc", "o", "a", "enter", "x", "d", "y") + QUIT)
    game, controller = make(tmp_path, [(1, 2)], screen)
    controller.run()
    assert "Owners  (number = owner, M = mortgaged)" in screen.popups
    assert game.view.owner(3) == 0
    assert sum(1 for p in screen.transcript if "buy Baltic Avenue" in p) >= 2


def test_trade_between_people_with_cursor_cash_and_jail_card(tmp_path: Path) -> None:
    # Ann gives Mediterranean and her jail card, asks for Baltic, and Bob pays $20 on top.
    # (Bob holds no card: his side's card step is said, and RETURN goes on)
    script = keys("t", "1", "enter", "enter", "d", "1\n", "enter", "d", "enter", "2", "enter", "20\n", "y", "enter",
                  "y") + QUIT
    screen = FakeScreen(script)
    game, controller = make(tmp_path, [], screen)
    s = game.view
    arrange(game, owners={1: 0, 3: 1}, jail_cards={0: ["chance"]})
    controller.run()
    assert s.owner(1) == 1 and s.owner(3) == 0
    assert s.jail_cards(1) == ("chance",) and s.cash(0) == 1520
    assert "Offer so far" in screen.popups and "Your offer" in screen.popups and "Offer to 2 Bob" in screen.popups
    assert any(p.startswith("Bob has no Get Out of Jail Free card to be asked for: RETURN goes on") for p in screen.transcript)


def test_trade_cancelled_with_esc_changes_nothing(tmp_path: Path) -> None:
    screen = FakeScreen(keys("t", "1", "esc") + QUIT)
    game, controller = make(tmp_path, [], screen)
    arrange(game, owners={1: 0})
    before = game.to_dict()["state"]["owner"]
    controller.run()
    assert game.to_dict()["state"]["owner"] == before


def test_buying_houses_with_the_cursor(tmp_path: Path) -> None:
    screen = FakeScreen(keys("h", "2\n", "enter", "enter") + QUIT)
    game, controller = make(tmp_path, [], screen)
    s = game.view
    arrange(game, owners={1: 0, 3: 0})
    controller.run()
    assert s.houses(1) + s.houses(3) == 2 and s.houses(1) == s.houses(3) == 1
    assert s.cash(0) == 1400


def test_selling_a_hotel_under_a_shortage_rearranges_the_set(tmp_path: Path) -> None:
    """The rulebook's example: hotels on St. James and Tennessee, 4 houses on New York, 3 in the bank."""
    screen = FakeScreen(keys("h", "s", "enter", "1", "enter", "enter", "y", "enter", "d") + QUIT)
    game, controller = make(tmp_path, [], screen)
    s = game.view
    others = [21, 23, 24, 26, 27, 29, 31, 32, 34, 37, 39]
    need = 32 - 3 - 4
    arrange(game, owners={**dict.fromkeys((16, 18, 19), 0), **dict.fromkeys(others, 1)},
            buildings={16: "hotel", 18: "hotel", 19: 4,
                       **{sq: need // len(others) + (i < need % len(others)) for i, sq in enumerate(others)}})
    assert s.bank_houses == 3
    check_invariants(game)
    controller.run()
    assert any("Not enough houses left to replace a hotel" in m for m in messages(controller))
    assert not s.hotel(16) and not s.hotel(18)
    check_invariants(game)


def test_save_checks_the_name_and_can_leave(tmp_path: Path) -> None:
    screen = FakeScreen(keys("s", "../x\n", "good1\n", "n"))
    game, controller = make(tmp_path, [], screen)
    farewell = controller.run()
    assert any(t.startswith("! use 1 to 32 letters") for t in screen.transcript)
    assert (tmp_path / "good1.json").is_file() and not (tmp_path.parent / "x.json").exists()
    assert f"monopoly --load good1 --save-dir {tmp_path}" in farewell, "the folder is not the default one"
    assert saves.read_save(tmp_path / "good1.json").game.to_dict()["state"] == game.to_dict()["state"]


def test_the_resume_command_names_the_save_folder_unless_it_is_the_default() -> None:
    default = places.default_save_dir()
    assert places.resume_command(default, "g1") == "monopoly --load g1"
    assert places.resume_command(Path(str(default) + "/"), "g1") == "monopoly --load g1"
    assert places.resume_command("/tmp/my games", "g1") == "monopoly --load g1 --save-dir '/tmp/my games'"


def test_a_save_does_not_silently_replace_another_games_save(tmp_path: Path) -> None:
    # game1 is an earlier game's save: RETURN now offers game2; typing game1 asks before replacing.
    (tmp_path / "game1.json").write_text("an earlier game")
    screen = FakeScreen(keys("s", "game1\n", "n", "enter", "y", "s", "game1\n", "y", "n"))
    game, controller = make(tmp_path, [], screen)
    controller.run()
    assert "game1 holds a file that cannot be read (damaged): replace it? (Y/N) [N] " in screen.transcript
    assert "Name for this save [game2] " in screen.transcript
    assert (tmp_path / "game2.json").is_file()
    assert saves.read_save(tmp_path / "game1.json").game.to_dict()["state"] == game.to_dict()["state"]


def test_a_save_cannot_take_the_autosave_name(tmp_path: Path) -> None:
    # The autosave is written over after every turn: a save called "autosave" would be lost.
    screen = FakeScreen(keys("s", "autosave\n", "mine\n", "n"))
    game, controller = make(tmp_path, [], screen)
    farewell = controller.run()
    assert "! names beginning with autosave are kept for the automatic saves; choose another" in screen.transcript
    assert (tmp_path / "mine.json").is_file() and "monopoly --load mine" in farewell


def test_a_game_of_computers_only_has_a_turn_limit_and_ends_with_the_table(tmp_path: Path) -> None:
    from monopoly.storage.starts import COMPUTERS_ONLY_TURN_LIMIT, parse_players, start_game

    assert start_game(parse_players("Ann,cpu"), 1).game.rules.max_turns == 0
    started = start_game(parse_players("cpu,cpu:basic,cpu:cautious"), 1)
    assert started.game.rules.max_turns == COMPUTERS_ONLY_TURN_LIMIT
    # a short limit played out: the game ends by itself and the final table shows
    screen = FakeScreen(keys("x"))
    game, controller = make(tmp_path, [(1, 2), (2, 3), (3, 4), (4, 5)], screen, computers=StubComputers({0, 1}),
                            max_turns=3)
    controller.run()
    assert game.view.over and game.view.outcome.termination == "turn_limit"
    assert "Final valuation" in screen.popups


class TimedScreen(FakeScreen):
    """A FakeScreen that adds up how long the program waited for keys (the pauses)."""

    def __init__(self, keys: list[Any] | None = None) -> None:
        super().__init__(keys)
        self.waited = 0.0

    def read_key(self, timeout: float | None = None) -> int | None:
        if timeout is not None:
            self.waited += timeout
        return super().read_key(timeout)


def test_with_fastmove_a_game_of_computers_only_pauses_once_a_turn(tmp_path: Path) -> None:
    # Nobody needs time to read or to claim rent: a turn is shown for WATCH_PACE and no more,
    # so the 1,000-turn game of computers only can be watched to its end.
    rolls = [(1, 2), (2, 3), (3, 4), (4, 5), (1, 3), (2, 4)]
    screen = TimedScreen(keys("x"))
    game, controller = make(tmp_path, rolls, screen, computers=StubComputers({0, 1}), max_turns=6)
    controller.run()
    assert game.view.over and game.view.turn == 6
    assert screen.waited <= 6 * play.WATCH_PACE + 1e-9
    # without Fastmove (or with a person playing) computer actions still stay on screen a while
    slow = TimedScreen(keys("x"))
    game, controller = make(tmp_path, rolls, slow, computers=StubComputers({0, 1}), max_turns=6)
    controller.ui.fastmove = False
    controller.run()
    assert game.view.over and slow.waited >= 6 * play.PACE


def test_quit_offers_to_save_first(tmp_path: Path) -> None:
    screen = FakeScreen(keys("q", "y", "y", "before\n", "x"))
    game, controller = make(tmp_path, [], screen)
    controller.run()
    assert game.view.over
    assert saves.read_save(tmp_path / "before.json").game.view.over is False


def test_options_with_nothing_to_do_say_so(tmp_path: Path) -> None:
    screen = FakeScreen(keys("r", "m", "h") + QUIT)
    game, controller = make(tmp_path, [], screen)
    controller.run()
    said = messages(controller)
    assert any(m.startswith("There is no rent for a person to claim just now: rent can be claimed") for m in said)
    assert "Nobody at the keyboard owns a property to mortgage." in said
    assert "Nobody at the keyboard owns a whole colour set: houses go only on a complete set." in said


def test_cash_fastmove_and_help_toggle(tmp_path: Path) -> None:
    screen = FakeScreen(keys("c", "f", "?", "x", "x") + QUIT)
    game, controller = make(tmp_path, [], screen)
    controller.run()
    assert controller.ui.show_cash is False and controller.ui.fastmove is False
    assert "FASTMOVE NOW INACTIVE" in messages(controller)
    assert screen.popups[:2] == ["Keys (1/2): the options", "Keys (2/2)"]


def test_arrows_and_return_on_the_option_bar(tmp_path: Path) -> None:
    # From Dice, Right x5 reaches Owners; RETURN opens it.
    screen = FakeScreen(keys("right", "right", "right", "right", "right", "enter", "enter", "x") + QUIT)
    game, controller = make(tmp_path, [], screen)
    controller.run()
    assert "Owners  (number = owner, M = mortgaged)" in screen.popups


def test_offline_token_is_placed_with_the_cursor(tmp_path: Path) -> None:
    screen = FakeScreen(keys("d", "enter") + QUIT)
    game, controller = make(tmp_path, [(1, 1), (2, 3)], screen, offline_rule=True)
    controller.run()
    assert any("moves the Offline token" in m for m in messages(controller))
    assert game.view.offline_square == 1, "RETURN put it on the first property"


def test_the_offline_cursor_starts_beside_the_token(tmp_path: Path) -> None:
    screen = FakeScreen(keys("d", "enter") + QUIT)
    game, controller = make(tmp_path, [(1, 1), (2, 3)], screen, offline_rule=True)
    arrange(game, offline_square=12)  # Electric Company
    controller.run()
    assert game.view.offline_square == 13, "RETURN took the next property round the board"


def test_the_time_limit_game_ends_on_the_clock(tmp_path: Path) -> None:
    screen = FakeScreen(keys("x"))
    game, controller = make(tmp_path, [], screen, short_game="time_limit", time_limit_minutes=1)
    controller._elapsed0 = 61.0
    farewell = controller.run()
    assert game.view.over and game.view.outcome.termination == "time_up"
    assert "Time is up! The game ends when this move is over." in messages(controller)
    assert farewell.startswith("The game is over")


def test_the_clock_stops_when_the_game_ends(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    screen = FakeScreen(keys("d", "enter") + QUIT)
    game, controller = make(tmp_path, [(1, 2)], screen)
    now = [1000.0]
    monkeypatch.setattr(time, "monotonic", lambda: now[0])
    controller.session._start, controller.session._elapsed0 = 1000.0, 30.0
    controller.run()
    assert game.view.over
    stopped = controller.session.elapsed()
    now[0] += 3600  # an hour looking at the final table
    assert controller.session.elapsed() == stopped
    assert saves.read_save(controller.record.autosave_path).ui["elapsed"] == stopped


@pytest.mark.parametrize("strategy", ["ruthless", "basic"])
def test_a_few_turns_against_a_real_computer_player(tmp_path: Path, strategy: str) -> None:
    ai = pytest.importorskip("monopoly.ai")
    turns = 16

    def person(screen: FakeScreen) -> Any:
        game = screen.game
        if game.view.over:
            return "x"
        prompt = screen.prompt_now()
        if not prompt and screen.ui.popup is not None and screen.ui.popup.title == "Auction":
            return "p"  # silence drops nobody out of an auction: Ann passes
        if not prompt:
            return "q" if game.view.turn >= turns else "d"
        if prompt.startswith("Quit this game?"):
            return "y"
        if prompt.startswith("Save it first?"):
            return "n"
        if "accept the offer" in prompt:
            return "n"
        if "must raise" in prompt and "B declare" in prompt:
            return "b"
        if "really declare" in prompt:
            return "y"
        return "enter"

    screen = FakeScreen(responder=person)
    game = Game.new(["Ann", "CPU1"], "us", seed=11)
    computers = ai.ComputerPlayers(game, {1: strategy}, seed=12)
    ui = M.UIState(tokens=M.default_tokens(game, 2), fastmove=True)
    controller = play.GameController(screen, game, computers, ui, tmp_path)
    controller.run()
    assert game.view.over
    check_invariants(game)
    said = messages(controller)
    assert any(m.startswith("CPU1 throws") for m in said), "the computer played its turns"
    assert saves.read_save(controller.record.autosave_path).computers is not None


def _short_of_houses(game: Game) -> None:
    """Ann owns the browns and, built up, the reds, yellows and greens; Bob the light blues.
    The bank has two houses left."""
    arrange(game, owners={**dict.fromkeys((1, 3, 21, 23, 24, 26, 27, 29, 31, 32, 34), 0),
                          **dict.fromkeys((6, 8, 9), 1)},
            buildings={**dict.fromkeys((21, 23, 24, 26, 27, 29), 4), **dict.fromkeys((31, 32, 34), 2)})
    assert game.view.bank_houses == 32 - 30
    check_invariants(game)


def test_a_computer_joins_a_house_order_when_the_bank_is_short_and_the_houses_are_auctioned(tmp_path: Path) -> None:
    """Ann orders both of the bank's last houses; the computer Bob (basic) orders too, so they
    are auctioned: Ann outbids Bob for the first, lets the second go to Bob, who places it."""
    ai = pytest.importorskip("monopoly.ai")
    script = keys("h", "b", "enter", "2\n") + [(WAIT, "1")] + keys("60\n", "enter", "p") + QUIT
    screen = FakeScreen(script)
    game = Game.new(["Ann", "Bob"], "us", dice=ScriptedDice([]), first_player=0)
    _short_of_houses(game)
    computers = ai.ComputerPlayers(game, {1: "basic"}, seed=1)
    assert computers.building_order(game, 1, False) == 12  # $1,300 to spend above its $200: all 12
    ui = M.UIState(tokens=M.default_tokens(game, 2), fastmove=True)
    controller = play.GameController(screen, game, computers, ui, tmp_path)
    controller.run()
    said = messages(controller)
    s = game.view
    assert "Computer player Bob (12 houses) joins the order" in said
    # announced once, by the engine's event
    assert [m for m in said if m.startswith("The bank has")] == [
        "The bank has 2 houses for 14 ordered: they go to auction one by one"]
    assert "Auction" in screen.popups and any(p.startswith("Ann bids") for p in screen.transcript)
    assert "Ann wins a house for $60" in said and "Bob wins a house for $10" in said
    assert s.cash(0) == 1500 - 60 and s.cash(1) == 1500 - 10
    assert s.houses(1) + s.houses(3) == 1, "Ann placed hers on a brown street"
    assert s.houses(6) + s.houses(8) + s.houses(9) == 1, "Bob placed his on a light blue street"
    assert s.bank_houses == 0 and not s.buildings_on_order
    assert any(m.startswith("The auction is over and the bank has no houses left. Still wanted: Ann 1 house")
               for m in said)
    check_invariants(game)


def test_without_a_shortage_the_computers_orders_start_no_auction(tmp_path: Path) -> None:
    """The bank has enough for everyone: Ann places her house herself, as before."""
    ai = pytest.importorskip("monopoly.ai")
    screen = FakeScreen(keys("h", "1\n", "enter") + QUIT)
    game = Game.new(["Ann", "Bob"], "us", dice=ScriptedDice([]), first_player=0)
    s = game.view
    arrange(game, owners={1: 0, 3: 0, 6: 1, 8: 1, 9: 1})
    computers = ai.ComputerPlayers(game, {1: "cautious"}, seed=1)
    assert computers.building_order(game, 1, False) == 11  # a fourth house only while $1,000 is left
    ui = M.UIState(tokens=M.default_tokens(game, 2), fastmove=True)
    controller = play.GameController(screen, game, computers, ui, tmp_path)
    controller.run()
    said = messages(controller)
    assert not any("joins the order" in m or "auction" in m for m in said)
    assert s.houses(1) + s.houses(3) == 1 and s.cash(0) == 1450


def test_a_hotel_shortage_is_auctioned_with_the_computers_order(tmp_path: Path) -> None:
    """Ann's browns and Bob's light blues have four houses each; the bank has one hotel left."""
    ai = pytest.importorskip("monopoly.ai")
    screen = FakeScreen(keys("h", "b", "enter", "1\n", "p") + QUIT)  # Ann drops out with P: Bob wins
    game = Game.new(["Ann", "Bob"], "us", dice=ScriptedDice([]), first_player=0)
    s = game.view
    arrange(game, owners={**dict.fromkeys((1, 3, 21, 23, 24, 26, 27, 29, 31, 32, 34, 37, 39), 0),
                          **dict.fromkeys((6, 8, 9), 1)},
            buildings={**dict.fromkeys((1, 3, 6, 8, 9), 4),
                       **dict.fromkeys((21, 23, 24, 26, 27, 29, 31, 32, 34, 37, 39), "hotel")})
    check_invariants(game)
    computers = ai.ComputerPlayers(game, {1: "basic"}, seed=1)
    ui = M.UIState(tokens=M.default_tokens(game, 2), fastmove=True)
    controller = play.GameController(screen, game, computers, ui, tmp_path)
    controller.run()
    said = messages(controller)
    assert "Computer player Bob (3 hotels) joins the order" in said
    assert [m for m in said if m.startswith("The bank has")] == ["The bank has 1 hotel for 4 ordered: it goes to auction"]
    assert "Bob wins a hotel for $10" in said
    assert sum(s.hotel(sq) for sq in (6, 8, 9)) == 1 and s.bank_hotels == 0
    assert any(m.startswith("The auction is over and the bank has no hotels left. Still wanted: Ann 1 hotel")
               for m in said)
    check_invariants(game)


def test_a_card_that_moves_the_token_gives_way_to_the_deed_of_the_new_square(tmp_path: Path) -> None:
    seen: list[Any] = []
    rest = keys("n", "p", "p") + QUIT

    def respond(screen: FakeScreen) -> Any:
        if not seen:
            seen.append((screen.prompt_now(), screen.ui.card, M.focus_square(screen.game, screen.ui)))
        return rest.pop(0)

    screen = FakeScreen(keys("d"), responder=respond)
    game, controller = make(tmp_path, [(3, 4)], screen)
    arrange(game, top_cards={"chance": [deck_order(game, "chance")[1]]})  # Illinois
    controller.run()
    prompt, card, square = seen[0]
    assert prompt.startswith("Ann: buy Illinois Avenue")
    assert card is None and square == 24, "the buy question shows Illinois Avenue's deed, not the card"
    assert "Chance: Move ahead to Illinois Avenue." in messages(controller)


def test_the_dotcom_board_is_named_without_a_double_the(tmp_path: Path) -> None:
    screen = FakeScreen(QUIT)
    game = Game.new(["Ann", "Bob"], "dotcom", dice=ScriptedDice([]), first_player=0)
    ui = M.UIState(tokens=M.default_tokens(game, 2), fastmove=True)
    controller = play.GameController(screen, game, None, ui, tmp_path)
    controller.introduce()
    assert "A new game on the .com Edition (2000) board." in messages(controller)


def test_the_auction_panel_names_the_player_numbers_in_play(tmp_path: Path) -> None:
    screen = FakeScreen(QUIT)
    game, controller = make(tmp_path, [(1, 2)], screen, players=("Ann", "Bob", "Cy"))
    game.apply(Roll(0))
    game.apply(DeclineToBuy(0))
    popup = controller._auction_popup(game.view.pending, 5.0)
    texts = [text for text, _ in popup.lines]
    assert "1, 2, 3: bid as that player" in texts
    game.apply(Bid(1, 10))  # Bob leads: the keys offered are those of the others still bidding
    game.apply(PassBid(2))
    popup = controller._auction_popup(game.view.pending, 5.0)
    assert "1: bid as that player" in [text for text, _ in popup.lines]


def test_the_second_help_page_lines_up_every_key(tmp_path: Path) -> None:
    screen = FakeScreen(QUIT)
    game, controller = make(tmp_path, [], screen)
    shown: list[M.Popup] = []
    screen.show_popup = lambda popup, timeout=None: shown.append(popup)  # type: ignore[method-assign]
    controller.show_help()
    lines = [text for text, _ in shown[1].lines]
    column = lines[0].index("move along")
    assert all(line[column - 1] == " " and line[column] != " " for line in lines), lines
    assert shown[1].indent == column


def test_the_auction_hint_offers_p_only_for_a_person_being_asked(tmp_path: Path) -> None:
    class HintScreen(FakeScreen):
        hints: list[str] = []

        def render(self) -> None:
            super().render()
            if self.ui is not None and self.ui.hint and self.ui.hint.startswith("Auction"):
                self.hints.append(self.ui.hint)

    screen = HintScreen(keys("d", "n", "p") + QUIT)
    game, controller = make(tmp_path, [(1, 2), (3, 4)], screen, computers=Bidder({1}))
    controller.run()
    assert "Bob wins Baltic Avenue for $35" in messages(controller)
    assert "Auction: B bids for Ann, a player's number for that player; P: Ann drops out" in screen.hints
    assert "Auction: a player's number bids for that player" in screen.hints
    assert not any("P: Bob" in hint for hint in screen.hints), "P does nothing while a computer is asked"


def _quit_saving_first(save_dir: Path, name_keys: str) -> list[str]:
    """Quit, "Save it first?" yes, then ``name_keys`` at the name; the game must go on. Its messages."""
    screen = FakeScreen(keys("q", "y", "y", name_keys))
    game, controller = make(save_dir, [], screen)
    with pytest.raises(OutOfKeys):
        controller.run()
    assert not game.view.over
    return messages(controller)


def test_quit_goes_back_to_the_game_when_the_save_asked_for_is_not_made(tmp_path: Path) -> None:
    # ESC at the name: the game used to end unsaved, and the autosave was then written over with
    # the finished game, so the game was lost.
    assert any("not saved" in m for m in _quit_saving_first(tmp_path, "esc"))


def test_quit_goes_back_to_the_game_when_the_save_fails(tmp_path: Path) -> None:
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the save folder should be")
    said = _quit_saving_first(blocked, "mine\n")
    assert any("cannot write the save" in m for m in said)
    assert any("not saved" in m for m in said)


def test_ctrl_c_in_the_middle_of_an_action_waits_for_the_action_to_finish(tmp_path: Path) -> None:
    # Ctrl-C is a signal: it can arrive between two steps of one engine action. The game must not
    # be autosaved half-changed, so the interrupt waits until the action is complete. Here it
    # arrives while the dice of a throw are read, before the token moves.
    import os
    import signal

    sent: list[bool] = []

    class InterruptingDice(ScriptedDice):
        def roll(self) -> tuple[int, int]:
            if not sent:
                sent.append(True)
                os.kill(os.getpid(), signal.SIGINT)
            return super().roll()

    game, controller = make(tmp_path, [], FakeScreen([]), dice=InterruptingDice([(1, 2)]))
    # Ctrl-C as Python handles it from a terminal, even when the tests run in the background (where
    # the shell hands its children the signal ignored)
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(KeyboardInterrupt):
            controller.apply(Roll(0))
        assert sent
        assert game.view.position(0) == 3 and game.view.pending.kind == K.BUY, "the throw is complete"
        check_invariants(game)
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    finally:
        signal.signal(signal.SIGINT, before)


# ------------------------------------------------------------- answers the screen takes from the engine
@pytest.mark.parametrize("settle", [True, False])
def test_settling_rent_in_property_is_offered_where_the_rules_allow_it(tmp_path: Path, settle: bool) -> None:
    # Ann owes Bob rent for Boardwalk: under the UK rule she may offer him property instead.
    screen = FakeScreen(keys("d", "r", "b", "enter", "y", "x"))
    game, controller = make(tmp_path, [(1, 1)], screen, settle_in_property=settle)
    ann_short_before_boardwalk(game)
    controller.run()
    asked = next(p for p in screen.transcript if "Ann must raise" in p)
    assert ("P offer property to the creditor" in asked) is settle
    assert game.view.bankrupt(0)


def test_a_tax_debt_is_never_settled_in_property(tmp_path: Path) -> None:
    # Ann, with $10, throws onto Luxury Tax: the bank is owed, and only rent may be paid in property.
    screen = FakeScreen(keys("d", "b", "enter", "y", "x"))
    game, controller = make(tmp_path, [(1, 1)], screen, settle_in_property=True)
    place(game, 0, 36)
    set_cash(game, 0, 10)
    controller.run()
    asked = next(p for p in screen.transcript if "Ann must raise" in p)
    assert "offer property" not in asked and "B declare bankruptcy" in asked


def test_a_trade_offers_no_deed_whose_group_has_buildings(tmp_path: Path) -> None:
    # Ann has a house on the browns and owns Reading Railroad: only the railroad can be traded.
    seen: list[tuple[int, ...]] = []
    rest = list(QUIT)

    def respond(screen: FakeScreen) -> Any:
        if not seen and screen.ui is not None and screen.ui.candidates:
            seen.append(screen.ui.candidates)
            return "esc"
        return rest.pop(0)

    screen = FakeScreen(keys("t", "1", "enter"), responder=respond)
    game, controller = make(tmp_path, [], screen)
    give(game, 0, 1, 3, 5)
    build(game, {1: 1, 3: 1})
    controller.run()
    assert seen == [(5,)]


class NoBuyer(StubComputers):
    """A strategy that gives no answer when asked to buy (as a failing one would)."""

    def next_action(self, game: Game) -> Any:
        if game.view.pending.kind == K.BUY:
            return None
        return super().next_action(game)


def test_a_computer_without_an_answer_takes_the_engines_safe_default_and_declines_to_buy(tmp_path: Path) -> None:
    # Bob (computer) lands on Baltic Avenue and his strategy is silent: the engine's safe answer
    # declines, so the deed is auctioned (nobody bids) rather than bought.
    screen = FakeScreen(keys("p") + QUIT)  # Ann drops out of the auction
    game, controller = make(tmp_path, [(1, 2)], screen, first=1, computers=NoBuyer({1}))
    controller.run()
    said = messages(controller)
    assert "Auction of Baltic Avenue!" in said and "Nobody bid: Baltic Avenue stays with the bank" in said
    assert game.view.owner(3) == -1 and game.view.cash(1) == 1500


# ------------------------------------------------------------- undo and the game in numbers (issue 15)
def test_u_takes_back_a_persons_own_action_and_says_so(tmp_path: Path) -> None:
    # Ann builds on the browns (H, two houses evenly), then U twice: both are taken back; a third U
    # has nothing left and says why. Then D throws (Reading Railroad, bought), and U takes back the
    # purchase (Ann's own, after the throw): the question comes back, and she buys again.
    script = keys("h", "2\n", "enter", "enter", "u", "u", "u", "d", "enter", "u", "enter") + QUIT
    screen = FakeScreen(script)
    game, controller = make(tmp_path, [(2, 3)], screen)
    arrange(game, owners={1: 0, 3: 0})
    controller.run()
    said = messages(controller)
    assert "Ann takes back the building put on Baltic Avenue" in said
    assert "Ann takes back the building put on Mediterranean Avenue" in said
    assert sum(m.startswith("Nothing to take back: only actions") for m in said) == 1
    assert not any("Nothing to undo: nothing" in m for m in said)  # said once, not twice
    assert game.view.houses(1) == game.view.houses(3) == 0 and game.view.position(0) == 5, "the throw stands"
    assert "Ann takes back the purchase" in said and game.view.owner(5) == 0
    assert [type(a).__name__ for a, _, _ in game.journal[-3:]] == ["Roll", "Buy", "EndGame"], "bought again, once"


def test_n_shows_the_game_in_numbers(tmp_path: Path) -> None:
    screen = FakeScreen(keys("d", "enter", "n", "x") + QUIT[:-1] + ["n", "x"])
    game, controller = make(tmp_path, [(1, 2)], screen)
    controller.run()
    assert screen.popups.count("The game in numbers") == 2, "from the bar, and from the final valuation"
    assert game.view.over


def test_every_option_of_the_bar_runs_a_handler(tmp_path: Path) -> None:
    from monopoly.tui import keys as KEYS
    screen = FakeScreen([])
    game, controller = make(tmp_path, [], screen)
    assert set(controller.option_handlers()) == {option.command for option in KEYS.OPTIONS}
