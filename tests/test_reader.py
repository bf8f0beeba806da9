"""The engine answers through one reader: numbered frozen decisions, the one table of decision
kinds, the holdings changed in one place, and the answers clients used to work out themselves
(the deed's rent lines, trade permission, card destinations, the decks' order)."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

from monopoly.engine import (omniscient_view, ANSWER_TYPES, DECISIONS, NOBODY, AcceptTrade, Bid, Build, Buy, CardKind, DecisionKind as K,
                             DeclineToBuy, Game, PassBid, ProposeTrade, Roll, ScriptedDice, arrange, card_destination,
                             load_edition)

ROOT = Path(__file__).resolve().parent.parent
ANN, BOB = 0, 1
BALTIC, READING, BOARDWALK, ELECTRIC = 3, 5, 39, 12


def game(*dice: tuple[int, int], **rules) -> Game:
    return Game.new(["Ann", "Bob"], rules=rules or None, dice=ScriptedDice(list(dice)), first_player=ANN)


# ------------------------------------------------------------------ numbered, frozen decisions
def test_a_decision_keeps_its_number_while_it_waits_and_a_new_one_gets_a_higher_number():
    g = game((1, 2), (3, 3), (1, 1))
    roll = g.view.pending
    assert roll.kind == K.ROLL and roll.serial > 0 and g.view.pending.serial == roll.serial
    g.apply(Roll(ANN))  # Baltic Avenue
    buy = g.view.pending
    assert buy.kind == K.BUY and buy.serial > roll.serial
    g.apply(DeclineToBuy(ANN))
    auction = g.view.pending
    assert auction.kind == K.AUCTION and auction.serial > buy.serial
    g.apply(Bid(auction.player, 10))
    after_bid = g.view.pending
    assert after_bid.serial == auction.serial and after_bid.auction != auction.auction  # the same decision
    g.apply(PassBid(after_bid.player))
    bobs = g.view.pending
    assert (bobs.kind, bobs.player) == (K.ROLL, BOB) and bobs.serial > auction.serial
    g.apply(Roll(BOB))  # doubles: Bob throws again, a new throw with a new number
    while g.view.pending.kind != K.ROLL:
        g.apply(g.view.safe_action())
    again = g.view.pending
    assert again.player == BOB and again.serial > bobs.serial


def test_the_pending_value_is_frozen_and_compares_by_what_it_says():
    g = game((1, 2))
    d = g.view.pending
    with pytest.raises(dataclasses.FrozenInstanceError):
        d.player = BOB  # type: ignore[misc]
    assert d == dataclasses.replace(d, serial=d.serial + 100)
    assert g.view.pending_decisions() == (d,) and g.view.pending_decisions()[0].serial == d.serial


# ------------------------------------------------------------------ one table of decision kinds
def test_every_kind_has_one_rule_and_the_copies_derive_from_it():
    from monopoly.ai.strategy import ANSWERS
    assert set(DECISIONS) == set(K) and ANSWER_TYPES == {k: r.answers for k, r in DECISIONS.items()}
    assert set(ANSWERS) == set(K) - {K.ROLL, K.GAME_OVER}


def test_the_safe_default_and_the_candidates_are_answers_of_their_kind():
    g = Game.new(["Ann", "Bob", "Cy"], seed=3, rules={"max_turns": 60})
    seen = set()
    while not g.view.over:
        d = g.view.pending
        rule = DECISIONS[d.kind]
        safe = g.view.safe_action()
        assert safe is not None and isinstance(safe, rule.answers)
        for action in g.legal_actions():
            if action.player == d.player and isinstance(action, (Roll, Buy, AcceptTrade)):
                assert isinstance(action, rule.answers)
        seen.add(d.kind)
        g.apply(safe if d.kind != K.BUY else Buy(d.player) if g.view.is_legal(Buy(d.player)) else safe)
    assert {K.ROLL, K.BUY} <= seen


# ------------------------------------------------------------------ holdings change in one place
WRITERS = {"give_deed", "set_mortgage", "set_buildings", "retire"}  # the table's (table.py)
HOLDINGS = {"owner", "mortgaged", "houses", "hotel", "bank_houses", "bank_hotels", "bankrupt"}


def test_the_rules_change_holdings_only_through_the_games_four_writers():
    found = []
    for path in sorted((ROOT / "monopoly" / "engine").glob("*.py")):
        if path.name == "position_arrange.py":  # builds a new state, then starts the game's history afresh
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for func in (n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))):
            if func.name in WRITERS:
                continue
            for node in ast.walk(func):
                targets = (node.targets if isinstance(node, ast.Assign)
                           else [node.target] if isinstance(node, ast.AugAssign) else [])
                for target in targets:
                    for t in (target.elts if isinstance(target, ast.Tuple) else [target]):
                        base = t.value if isinstance(t, ast.Subscript) else t
                        if isinstance(base, ast.Attribute) and base.attr in HOLDINGS:
                            found.append(f"{path.name}:{node.lineno} ({func.name})")
    assert not found, f"holdings changed outside Game's writers: {found}"


def test_every_change_of_holdings_takes_a_new_version():
    g = game((1, 2))
    before = g.view.holdings_version()
    arrange(g, owners={BALTIC: "Ann", 1: "Ann"})
    v1 = g.view.holdings_version()
    assert v1 != before and g.view.monopolies(ANN)
    g.apply(Build(ANN, BALTIC))
    v2 = g.view.holdings_version()
    assert v2 != v1 and g.view.levels()[BALTIC] == 1


# ------------------------------------------------------------------ answers clients worked out
def test_the_deed_card_lines_are_the_rent_charged():
    g = game()
    v = g.view
    table = v.rent_table(BOARDWALK)
    sq = v.square(BOARDWALK)
    assert table == (sq.rent[0], 2 * sq.rent[0], *sq.rent[1:5], sq.rent[5])
    arrange(g, owners={BOARDWALK: "Bob", 37: "Bob"}, buildings={BOARDWALK: 2, 37: 2})
    assert v.rent(BOARDWALK) == table[v.rent_row(BOARDWALK)]
    assert v.rent_table(READING) == tuple(v.square(READING).rent)
    assert v.rent_table(ELECTRIC) == tuple(v.square(ELECTRIC).multipliers) and v.rent_table(0) == ()


def test_no_offer_is_made_while_another_waits_for_its_answer():
    g = game((1, 2))
    arrange(g, owners={BALTIC: "Ann"})
    assert g.view.offer_problem() is None
    g.apply(ProposeTrade(ANN, BOB, give=(BALTIC,), cash=-10))
    assert g.view.pending.kind == K.TRADE_RESPONSE
    assert g.view.offer_problem() == "another offer is waiting for an answer"
    assert g.view.problem(ProposeTrade(BOB, ANN, take=(BALTIC,))) == g.view.offer_problem()


def test_card_destinations_and_kinds_come_from_the_engine():
    ed = load_edition("us")
    chance = ed.deck("chance")
    assert all(isinstance(c.kind, CardKind) for c in chance)
    nearest = next(c for c in chance if c.kind is CardKind.ADVANCE_TO_NEAREST and c.param("target") == "railroad")
    assert card_destination(ed, nearest, 7) == 15 and card_destination(ed, nearest, 36) == 5
    jail = next(c for c in chance if c.kind is CardKind.GO_TO_JAIL)
    assert card_destination(ed, jail, 7) is None and jail.moves
    stay = next(c for c in chance if not c.moves)
    assert card_destination(ed, stay, 7) == 7


def test_the_decks_order_is_read_top_first():
    g = Game.new(["Ann", "Bob"], seed=5)
    order = omniscient_view(g).deck_order("chance")
    assert sorted(c.id for c in order) == sorted(c.id for c in g.view.edition.deck("chance"))
    assert order[0] != order[-1] and g.view.card_destination(order[0], 7) in (None, *range(40))
    assert NOBODY == -1


def test_the_next_building_says_whether_build_puts_a_house_or_the_hotel():
    g = game()
    arrange(g, owners={1: "Ann", BALTIC: "Ann"}, buildings={1: 3, BALTIC: 4})
    assert g.view.next_building(1) == "house" and g.view.next_building(BALTIC) == "hotel"
    g.apply(Build(ANN, 1))
    assert g.view.next_building(1) == "hotel"
    g.apply(Build(ANN, BALTIC))
    assert g.view.next_building(BALTIC) is None and g.view.next_building(READING) is None


def test_trade_interest_is_keyed_by_the_seat_that_receives_the_mortgaged_deed():
    g = game()
    arrange(g, owners={BALTIC: "Ann", READING: "Bob"}, mortgaged={BALTIC: True})
    offer = ProposeTrade(ANN, BOB, give=(BALTIC,), take=(READING,))
    assert g.view.trade_interest(offer) == {BOB: g.view.mortgage_interest(BALTIC)}
