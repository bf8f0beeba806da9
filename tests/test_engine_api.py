"""The engine's contract: purity, illegal actions change nothing, saves round-trip and resume exactly."""

from __future__ import annotations

import ast
import copy
import json
import random
from pathlib import Path

import pytest

from monopoly.engine import (Bid, Buy, DecisionKind, Game, IllegalActionError, PassBid, Roll, SaveFormatError,
                             ScriptedDice, arrange, check_invariants)
from monopoly.engine import actions as A
from scenario import ANN, act, hand_jail_card, new_game

ENGINE = Path(__file__).resolve().parent.parent / "monopoly" / "engine"


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            names.add(("." * node.level) + (node.module or ""))
    return names


def test_engine_imports_nothing_from_the_screen_or_the_computer_players():
    for path in ENGINE.glob("*.py"):
        for name in _imports(path):
            assert "tui" not in name and "ai" not in name.split("."), f"{path.name} imports {name}"
            assert name.split(".")[0] not in {"curses", "os", "io", "pathlib", "shutil", "subprocess", "socket"}, (
                f"{path.name} imports {name}: the engine does no I/O")


def test_engine_never_uses_global_random_or_prints():
    for path in ENGINE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "print(" not in text, path.name
        assert "open(" not in text, path.name
        for forbidden in ("random.randint", "random.random(", "random.choice", "random.seed"):
            assert forbidden not in text, f"{path.name} uses {forbidden}"


def test_an_illegal_action_raises_a_readable_error_and_changes_nothing():
    game = Game.new(["Ann", "Bob"], dice=ScriptedDice([(1, 2)]), first_player=0)
    before = json.dumps(game.to_dict(), sort_keys=True)
    with pytest.raises(IllegalActionError, match="Ann's decision"):
        game.apply(Roll(1))
    with pytest.raises(IllegalActionError, match="not possible now"):
        game.apply(Buy(0))
    with pytest.raises(IllegalActionError, match="no player"):
        game.apply(Roll(5))
    with pytest.raises(IllegalActionError, match="does not own"):
        game.apply(A.Mortgage(0, 1))
    assert json.dumps(game.to_dict(), sort_keys=True) == before


def test_pending_names_who_decides_even_when_it_is_not_the_current_player():
    # Ann lands on Baltic (3) and declines; in the auction Bob is asked first after Ann.
    game = Game.new(["Ann", "Bob", "Cy"], dice=ScriptedDice([(1, 2)]), first_player=0)
    game.apply(Roll(0))
    assert game.view.pending.kind == DecisionKind.BUY and game.view.pending.player == 0
    game.apply(A.DeclineToBuy(0))
    assert game.view.pending.kind == DecisionKind.AUCTION
    assert game.view.current_player == 0
    legal = game.legal_actions()
    assert PassBid(1) in legal and PassBid(2) in legal and PassBid(0) in legal
    assert Bid(1, 1) in legal


def test_game_needs_two_to_eight_distinct_players():
    with pytest.raises(ValueError):
        Game.new(["Solo"])
    with pytest.raises(ValueError):
        Game.new([f"P{i}" for i in range(9)])
    with pytest.raises(ValueError):
        Game.new(["Ann", "ann"])


def _play(game: Game, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if game.view.over:
            return
        game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize("edition", ["us", "uk", "dotcom"])
def test_a_resumed_game_continues_exactly_as_the_uninterrupted_one(edition):
    game = Game.new(["Ann", "Bob", "Cy"], edition=edition, seed=11)
    _play(game, random.Random(1), 150)
    saved = json.loads(json.dumps(game.to_dict()))
    resumed = Game.from_dict(saved)
    assert resumed.to_dict() == saved
    rng_a, rng_b = random.Random(2), random.Random(2)
    for _ in range(300):
        if game.view.over:
            break
        action = rng_a.choice(game.legal_actions())
        assert rng_b.choice(resumed.legal_actions()) == action
        assert game.apply(action) == resumed.apply(action)
    assert game.to_dict() == resumed.to_dict()


def test_the_same_seed_gives_the_same_game():
    a = Game.new(["Ann", "Bob"], seed=5)
    b = Game.new(["Ann", "Bob"], seed=5)
    _play(a, random.Random(3), 200)
    _play(b, random.Random(3), 200)
    assert a.to_dict() == b.to_dict()


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d.update(version=99), "version"),
    (lambda d: d.update(format="other"), "format"),
    (lambda d: d.pop("state"), "state"),
    (lambda d: d["state"]["players"][0].update(cash="lots"), r"state.players\[0\].cash"),
    (lambda d: d["state"]["players"][0].update(cash=d["state"]["players"][0]["cash"] + 1), "money"),
    (lambda d: d["state"].update(owner=[0] * 40), "cannot be owned"),
    (lambda d: d["state"]["decks"][0].pop(), "chance"),
    (lambda d: d["rules"].update(rent_claim="never"), "rent_claim"),
    (lambda d: d.update(edition="mars"), "edition"),
    (lambda d: d["dice"].update(state=[1, 2]), "dice"),
    (lambda d: d["state"].update(houses=[1] * 40), "buildings"),
    (lambda d: d["state"].update(surprise=1), "surprise"),
    (lambda d: d.update(log=[{"event": "nothing"}]), "log"),
    (lambda d: d["dice"]["state"][1].__setitem__(5, -1), "dice"),  # a generator word out of range
    (lambda d: d["dice"]["state"][1].__setitem__(5, 2**70), "dice"),
    (lambda d: d["state"].update(next_claim=0), "claims"),
    (lambda d: d["state"]["turn"].update(doubles=7), "turn"),
    (lambda d: d["state"].update(building_orders=[[9, 1], [0, 1]]), "building_orders"),
])
def test_loading_a_malformed_save_names_what_is_wrong(mutate, message):
    game = Game.new(["Ann", "Bob"], seed=3)
    _play(game, random.Random(4), 40)
    data = copy.deepcopy(game.to_dict())
    mutate(data)
    with pytest.raises(SaveFormatError, match=message):
        Game.from_dict(data)


def _waiting_for_bids() -> dict:
    """A saved game waiting for bids on Baltic Avenue, which Ann declined; Ann holds the Chance
    Get Out of Jail Free card."""
    game = new_game((1, 2), players=("Ann", "Bob", "Cy"))
    hand_jail_card(game, ANN)
    act(game, Roll(ANN))
    act(game, A.DeclineToBuy(ANN))
    assert game.view.pending.kind == DecisionKind.AUCTION
    return json.loads(json.dumps(game.to_dict()))


def _jail_card_also_in_the_deck(d: dict) -> None:
    chance = d["state"]["decks"][0]
    held = next(i for i in range(len(chance) + 1) if i not in chance)
    chance[0] = held  # the deck still has one of each index, but Ann's card is in it as well


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d["state"]["stack"][0]["auction"]["bidders"].__setitem__(1, 7), "bidders"),
    (lambda d: d["state"]["stack"][0]["auction"].update(square=41), r"auction\.square"),
    (lambda d: d["state"]["stack"][0]["auction"].update(square=0), r"auction\.square"),
    (lambda d: d["state"]["stack"][0]["auction"]["bidders"].remove(0), "not a bidder"),
    (lambda d: d["state"]["stack"][0]["auction"].update(high_bidder=5, high_bid=10), "high bid"),
    (lambda d: d["state"]["stack"][0].update(kind="buy", square=0, auction=None), "not for sale"),
    (lambda d: d["state"]["stack"][0].update(kind="raise_funds", auction=None, amount=50, creditor=9), "debt"),
    (lambda d: d["state"]["stack"][0].update(kind="income_tax", auction=None, square=2**70), "income tax"),
    (_jail_card_also_in_the_deck, "Get Out of Jail Free"),
    (lambda d: d["state"]["stack"].append(copy.deepcopy(d["state"]["stack"][0])), "sale twice"),
])
def test_a_pending_decision_naming_what_does_not_exist_is_refused_on_loading(mutate, message):
    # Found by fuzzing: such saves loaded, then crashed (IndexError) or broke an invariant when the
    # decision was answered or the card was used.
    data = _waiting_for_bids()
    Game.from_dict(copy.deepcopy(data))
    mutate(data)
    with pytest.raises(SaveFormatError, match=message):
        Game.from_dict(data)


def test_nobody_and_players_not_in_the_game_have_no_legal_actions():
    # Found by fuzzing: legal_actions(-1) listed a Mortgage and a Build of every unowned square
    # for "nobody" (NOBODY is the owner of unowned squares), all refused when applied.
    game = new_game((1, 2), players=("Ann", "Bob"))
    for nobody in (-1, 2, 99):
        assert game.legal_actions(nobody) == []
    assert game.legal_actions(ANN)


def test_loading_something_that_is_not_a_save():
    for junk in (None, [], "text", {"format": "monopoly-save"}):
        with pytest.raises(SaveFormatError):
            Game.from_dict(junk)


def test_invariants_hold_through_random_play_in_every_edition():
    for edition in ("us", "uk", "dotcom"):
        game = Game.new(["Ann", "Bob", "Cy", "Di"], edition=edition, seed=9, rules={"max_turns": 120})
        rng = random.Random(edition)
        while not game.view.over:
            game.apply(rng.choice(game.legal_actions()))
            check_invariants(game)


def _every_candidate(game: Game) -> list:
    """Every simple action any player could name now (bids at the smallest raise, no trades)."""
    out = []
    d = game.view.pending
    for p in range(game.view.player_count):
        out += [A.Roll(p), A.PayJailFine(p), A.UseJailCard(p), A.Buy(p), A.DeclineToBuy(p), A.PassBid(p),
                A.PayIncomeTax(p, False), A.PayIncomeTax(p, True), A.PayOrDraw(p, False), A.PayOrDraw(p, True),
                A.AcceptTrade(p), A.RejectTrade(p), A.DeclareBankruptcy(p)]
        out += [A.ClaimRent(p, c.id) for c in game.view.claims()]
        if d.auction is not None:
            out.append(A.Bid(p, d.auction.high_bid + 1))
        for sq in range(40):
            out += [A.Build(p, sq), A.SellBuilding(p, sq), A.Mortgage(p, sq), A.LiftMortgage(p, sq),
                    A.SettleMortgagedTransfer(p, sq, True), A.SettleMortgagedTransfer(p, sq, False),
                    A.MoveOffline(p, sq)]
    return out


@pytest.mark.parametrize("edition", ["us", "uk", "dotcom"])
def test_legal_actions_lists_exactly_the_actions_that_pass_the_check(edition):
    game = Game.new(["Ann", "Bob", "Cy"], edition=edition, seed=21,
                    rules={"offline_rule": True, "max_turns": 150})
    rng = random.Random(edition)
    while not game.view.over:
        listed = set(game.legal_actions())
        checked = {a for a in _every_candidate(game) if game.view.is_legal(a)}
        assert listed == checked
        game.apply(rng.choice(sorted(listed, key=repr)))


def _refuse_all(game: Game, actions: list) -> None:
    before = json.dumps(game.to_dict(), sort_keys=True)
    for action in actions:
        assert not game.view.is_legal(action), action
        with pytest.raises(IllegalActionError, match="must be"):
            game.apply(action)
        assert json.dumps(game.to_dict(), sort_keys=True) == before


def test_a_malformed_action_is_refused_as_illegal_and_the_game_still_saves():
    # Found by fuzzing: a bool passed the whole-number checks (Buy(True) bought Baltic for
    # "player True", and the save then failed to load), and a trade or order whose lists were
    # not lists raised TypeError from check instead of IllegalActionError.
    game = Game.new(["Ann", "Bob"], dice=ScriptedDice([(1, 2)]), first_player=1)
    arrange(game, owners={1: 1})  # Bob holds Mediterranean Avenue, to offer in the trades below
    _refuse_all(game, [A.Roll(True), A.ProposeTrade(1, 0, give=3), A.ProposeTrade(1, 0, take=None),
                       A.ProposeTrade(1, 0, give_cards=1), A.OrderBuildings(1, orders=5),
                       A.OrderBuildings(1, ((1,), (0,))), A.ProposeTrade(1, 0, (1,), settle_debt=0),
                       A.ProposeTrade(True, 0, (1,)), A.ProposeTrade(1, False, (1,))])
    game.apply(A.Roll(1))  # Bob lands on Baltic Avenue
    assert game.view.pending.kind == DecisionKind.BUY and game.view.pending.player == 1
    _refuse_all(game, [A.Buy(True)])
    game.apply(A.DeclineToBuy(1))
    _refuse_all(game, [A.Bid(0, True)])
    game.apply(A.Bid(0, 1))
    assert Game.from_dict(json.loads(json.dumps(game.to_dict()))).to_dict() == game.to_dict()


def test_the_field_check_passes_every_value_of_the_declared_types_not_only_the_usual_ones():
    # Each class's check is made once with quick type tests; a value they fail is walked field by
    # field, so lists for tuples, int and str subclasses pass as before, and a bool still does not.
    class Seat(int):
        pass

    class Deck(str):
        pass

    assert A.malformed(A.ProposeTrade(1, 0, give=[1, 3], take=(), take_cards=[Deck("chance")])) is None
    assert A.malformed(A.ProposeTrade(Seat(1), 0, cash=Seat(5))) is None
    assert A.malformed(A.OrderBuildings(1, orders=([0, 2], (1, Seat(2))), hotels=False)) is None
    assert A.malformed(A.Bid(Seat(1), 5)) is None and A.malformed(A.Roll(Seat(0))) is None
    assert (A.malformed(A.ProposeTrade(1, 0, give=[1, True]))
            == "ProposeTrade.give must be a list of whole numbers, not [1, True]")
    assert A.malformed(A.PayIncomeTax(1, 1)) == "PayIncomeTax.percent must be true or false, not 1"
