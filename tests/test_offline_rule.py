"""The .com Edition's optional "Offline" rule: the Mr. Monopoly token that blocks rent on its square."""

from __future__ import annotations

import pytest

from monopoly.engine import (BANK, Buy, DecisionKind as K, IllegalActionError, MoveOffline, PayIncomeTax, Roll,
                             arrange, check_invariants)
from monopoly.engine import events as E
from scenario import ANN, BOB, act, cash, give, new_game, of, paid, place

SPORTSLINE, FOXSPORTS = 1, 3
INCOME_TAX = 4
ATT = 5
IVILLAGE = 6
LINUX = 12
NOKIA = 35
EXCITE, YAHOO = 37, 39
NOT_DEEDS = {0: "GO", 2: "Download", 4: "Income Tax", 7: "E-Mail Just In", 10: "Jail", 17: "Download",
             20: "Free Parking", 22: "E-Mail Just In", 30: "Go To Jail", 33: "Download", 36: "E-Mail Just In",
             38: "ISP Fee"}


def _offline(*rolls, players=("Ann", "Bob"), **options):
    return new_game(*rolls, players=players, edition="dotcom", offline_rule=True, **options)


def _refused(game, action, words):
    with pytest.raises(IllegalActionError, match=words):
        game.apply(action)


def test_offline_token_starts_on_go_and_does_not_stop_the_salary():
    g = _offline((2, 3), (6, 5))
    assert g.view.offline_square == 0
    place(g, ANN, NOKIA)
    events = act(g, Roll(ANN))  # lands on GO, where the token stands
    assert E.Landed(ANN, 0) in events
    assert E.PassedGo(ANN, 200) in events and paid(events, "salary") == [(BANK, ANN, 200)]
    place(g, BOB, 38)
    events = act(g, Roll(BOB))  # passes GO on the way to GeoCities
    assert paid(events, "salary") == [(BANK, BOB, 200)]
    assert cash(g) == [1700, 1700] and g.view.offline_square == 0


def test_offline_token_blocks_rent_on_its_square_and_the_owner_moves_it_on():
    g = _offline((1, 2), rent_claim="automatic")
    give(g, BOB, FOXSPORTS)
    arrange(g, offline_square=FOXSPORTS)
    events = act(g, Roll(ANN))
    assert E.NoRent(FOXSPORTS, BOB, "offline") in events
    assert paid(events) == [] and cash(g) == [1500, 1500]
    d = g.view.pending
    assert (d.kind, d.player, d.offline_cause) == (K.MOVE_OFFLINE, BOB, "landed")  # the owner, not the lander
    _refused(g, MoveOffline(ANN, YAHOO), "Bob's decision")
    _refused(g, MoveOffline(BOB, FOXSPORTS), "another square")
    events = act(g, MoveOffline(BOB, YAHOO))
    assert events[0] == E.OfflineMoved(BOB, YAHOO)
    assert g.view.offline_square == YAHOO
    assert g.view.pending.kind == K.ROLL and g.view.pending.player == BOB


def test_offline_token_blocks_a_rent_claim_too():
    g = _offline((1, 2))
    give(g, BOB, SPORTSLINE, FOXSPORTS)
    arrange(g, offline_square=FOXSPORTS)
    events = act(g, Roll(ANN))
    assert not of(events, E.RentDue) and g.view.claims() == ()
    act(g, MoveOffline(BOB, SPORTSLINE))
    assert g.view.rent(FOXSPORTS) == 8  # rent is charged again once the token has gone


def test_rent_is_charged_on_other_squares():
    g = _offline((1, 2), rent_claim="automatic")
    give(g, BOB, FOXSPORTS)
    arrange(g, offline_square=SPORTSLINE)
    events = act(g, Roll(ANN))
    assert paid(events, "rent") == [(ANN, BOB, 4)]
    assert g.view.pending.kind == K.ROLL and g.view.pending.player == BOB  # no token to move


def test_owner_landing_on_the_offline_square_moves_it_as_well():
    g = _offline((1, 2))
    give(g, ANN, FOXSPORTS)
    arrange(g, offline_square=FOXSPORTS)
    act(g, Roll(ANN))
    assert g.view.pending.kind == K.MOVE_OFFLINE and g.view.pending.player == ANN
    act(g, MoveOffline(ANN, EXCITE))
    assert g.view.offline_square == EXCITE


def test_offline_token_on_an_unowned_property_does_not_stop_buying():
    g = _offline((1, 2))
    arrange(g, offline_square=FOXSPORTS)
    act(g, Roll(ANN))
    assert g.view.pending.kind == K.BUY and g.view.pending.square == FOXSPORTS
    act(g, Buy(ANN))
    assert g.view.owner(FOXSPORTS) == ANN and cash(g)[ANN] == 1440


def test_after_each_doubles_the_roller_moves_the_token_before_throwing_again():
    g = _offline((3, 3), (1, 2))
    act(g, Roll(ANN))  # doubles to iVillage, unowned
    assert g.view.pending.kind == K.BUY
    act(g, Buy(ANN))
    d = g.view.pending
    assert (d.kind, d.player, d.offline_cause) == (K.MOVE_OFFLINE, ANN, "doubles")
    _refused(g, Roll(ANN), "Offline")
    act(g, MoveOffline(ANN, YAHOO))
    assert g.view.pending.kind == K.ROLL and g.view.pending.player == ANN  # the doubles' extra throw
    act(g, Roll(ANN))  # no doubles: no further move of the token, and the turn passes
    assert g.view.offline_square == YAHOO
    assert g.view.pending.kind == K.BUY
    act(g, Buy(ANN))
    assert g.view.pending.kind == K.ROLL and g.view.pending.player == BOB


def test_doubles_onto_the_offline_square_of_another_owner_moves_the_token_twice_owner_first():
    # Landing on it gives its owner a move of the token; the doubles give the roller one too.
    g = _offline((3, 3), (1, 2), rent_claim="automatic")
    give(g, BOB, IVILLAGE)
    arrange(g, offline_square=IVILLAGE)
    events = act(g, Roll(ANN))
    assert E.NoRent(IVILLAGE, BOB, "offline") in events and paid(events) == []
    d = g.view.pending
    assert (d.kind, d.player, d.offline_cause) == (K.MOVE_OFFLINE, BOB, "landed")
    act(g, MoveOffline(BOB, YAHOO))
    d = g.view.pending
    assert (d.kind, d.player, d.offline_cause) == (K.MOVE_OFFLINE, ANN, "doubles")
    act(g, MoveOffline(ANN, EXCITE))
    assert g.view.offline_square == EXCITE
    assert g.view.pending.kind == K.ROLL and g.view.pending.player == ANN  # the doubles' extra throw
    check_invariants(g)


def test_third_doubles_sends_to_jail_and_the_token_is_moved_a_third_time():
    g = _offline((3, 3), (2, 2), (1, 1))
    moves = []
    act(g, Roll(ANN))  # 6: iVillage
    act(g, Buy(ANN))
    act(g, MoveOffline(ANN, YAHOO))
    moves.append(g.view.offline_square)
    act(g, Roll(ANN))  # 10: just visiting
    act(g, MoveOffline(ANN, EXCITE))
    moves.append(g.view.offline_square)
    events = act(g, Roll(ANN))  # third doubles
    assert E.SentToJail(ANN, "doubles") in events
    assert g.view.in_jail(ANN) and g.view.position(ANN) == 10
    d = g.view.pending
    assert (d.kind, d.player, d.offline_cause) == (K.MOVE_OFFLINE, ANN, "doubles")
    events = act(g, MoveOffline(ANN, ATT))
    moves.append(g.view.offline_square)
    assert moves == [YAHOO, EXCITE, ATT]
    assert E.TurnStarted(BOB, 2) in events


def test_offline_token_goes_only_on_title_deed_squares():
    g = _offline((2, 2))
    act(g, Roll(ANN))  # doubles to Income Tax: $200M or 10%
    assert g.view.pending.kind == K.INCOME_TAX
    act(g, PayIncomeTax(ANN, False))
    assert g.view.pending.kind == K.MOVE_OFFLINE
    for sq in NOT_DEEDS:
        _refused(g, MoveOffline(ANN, sq), "title deed")
    legal = {a.square for a in g.legal_actions(ANN) if isinstance(a, MoveOffline)}
    assert legal == set(g.edition.properties) and len(legal) == 28
    act(g, MoveOffline(ANN, LINUX))
    assert g.view.offline_square == LINUX
    check_invariants(g)


def test_without_the_option_there_is_no_offline_token():
    g = new_game((3, 3), edition="dotcom", rent_claim="automatic")
    give(g, BOB, IVILLAGE)
    events = act(g, Roll(ANN))  # doubles onto Bob's iVillage
    assert paid(events, "rent") == [(ANN, BOB, 6)]
    assert g.view.pending.kind == K.ROLL and g.view.pending.player == ANN  # no token to move: throw again
