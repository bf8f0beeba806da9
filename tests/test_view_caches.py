"""Answers the read view keeps between actions, or builds in a faster way, stay what they were.

``View.monopolies`` is worked out once for every player and kept until a deed changes hands;
these tests compare it with the answer worked out afresh from the owners, after every action of
whole games (buying, auctions, trades, bankruptcies), after a position is rearranged by hand and
after an action is taken back. ``pending_of`` and ``claim_action`` fill their frozen records in
directly; they must equal the records their constructors make. The landings the engine counts for
simulations must be the ``Landed`` and ``SentToJail`` events.
"""

from __future__ import annotations

from monopoly.ai import ComputerPlayers
import dataclasses

import pytest

from monopoly.engine import (Auction, Buy, ClaimRent, DecisionKind as K, Game, Landed, Offer, Pending, Roll, SentToJail,
                             View, claim_action, pending_of)

from scenario import ANN, BOB, act, clear_deeds, give, new_game

BROWNS = (1, 3)


def whole_groups(view: View, player: int) -> list[str]:
    """The street groups ``player`` owns whole, worked out afresh from the owner of each square."""
    return [g.id for g in view.groups if view.square(g.squares[0]).kind == "street"
            and all(view.owner(s) == player for s in g.squares)]


def cached(view: View, player: int) -> list[str]:
    return [g.id for g in view.monopolies(player)]


def test_whole_groups_follow_every_change_of_hands_in_computer_games() -> None:
    changes = 0
    for seed in (1, 2):
        game = Game.new(["A", "B", "C", "D"], "us", {"max_turns": 300}, seed=seed, first_player=0, keep_log=False)
        players = ComputerPlayers(game, dict(enumerate(("ruthless", "ruthless", "basic", "cautious"))), seed=seed)
        view = game.view
        before = view.owners()
        while not game.view.over:
            action = players.next_action(game)
            assert action is not None
            game.apply(action)
            changes += view.owners() != before
            before = view.owners()
            for p in range(-1, 4):  # NOBODY's are the groups nobody owns any of
                assert cached(view, p) == whole_groups(view, p)
    assert changes > 20  # deeds did change hands (bought, won at auction, traded)


def test_whole_groups_follow_a_position_arranged_by_hand() -> None:
    game = new_game()
    view = game.view
    assert cached(view, ANN) == []
    give(game, ANN, *BROWNS)
    assert cached(view, ANN) == ["brown"] == whole_groups(view, ANN)
    give(game, BOB, 3)
    assert cached(view, ANN) == [] and cached(view, BOB) == []
    clear_deeds(game)
    assert cached(view, -1) == whole_groups(view, -1) and "brown" in cached(view, -1)


def test_whole_groups_follow_an_action_taken_back() -> None:
    game = new_game((1, 2))
    game.enable_undo()
    give(game, ANN, 1)
    act(game, Roll(ANN))  # to Baltic Avenue, the other brown
    act(game, Buy(ANN))
    assert cached(game.view, ANN) == ["brown"]
    game.undo(ANN)
    assert cached(game.view, ANN) == [] == whole_groups(game.view, ANN)


def holdings(view: View) -> tuple[object, ...]:
    """Everything ``holdings_version`` promises to follow, read afresh (``owners()``,
    ``mortgages()``, ``levels()`` and ``active_players()`` are kept by that version: they must
    agree with the plain answers)."""
    squares = range(len(view.edition.squares))
    owners = tuple(view.owner(sq) for sq in squares)
    mortgages = tuple(view.mortgaged(sq) for sq in squares)
    levels = tuple(view.level(sq) for sq in squares)
    active = [p for p in range(view.player_count) if not view.bankrupt(p)]
    assert (view.owners(), view.mortgages(), view.levels(), view.active_players()) == (owners, mortgages, levels,
                                                                                       active)
    return (owners, mortgages, levels, view.bank_houses, view.bank_hotels, tuple(active))


@pytest.mark.parametrize("edition, seats", [("us", ("ruthless", "ruthless", "basic", "cautious")),
                                            ("uk", ("ruthless", "basic", "random")),
                                            ("dotcom", ("cautious", "ruthless", "basic", "random"))])
def test_the_holdings_version_moves_with_every_change_of_holdings(edition: str, seats: tuple[str, ...]) -> None:
    changes = kept = 0
    for seed in (1, 2, 3):
        game = Game.new([f"P{i}" for i in range(len(seats))], edition, {"max_turns": 400}, seed=seed,
                        first_player=0, keep_log=False)
        players = ComputerPlayers(game, dict(enumerate(seats)), seed=seed)
        view = game.view
        seen = {view.holdings_version(): holdings(view)}
        while not game.view.over:
            action = players.next_action(game)
            assert action is not None
            before, version = holdings(view), view.holdings_version()
            game.apply(action)
            if holdings(view) != before:
                changes += 1
                assert view.holdings_version() != version, action
            else:
                kept += view.holdings_version() == version
            # a number once given never stands for other holdings
            assert seen.setdefault(view.holdings_version(), holdings(view)) == holdings(view)
    assert changes > 50 and kept > 500  # bought, mortgaged, built, sold and traded; most throws change nothing


def test_the_holdings_version_moves_with_a_rearranged_position_and_an_undo() -> None:
    game = new_game((1, 2))
    game.enable_undo()
    view = game.view
    first = view.holdings_version()
    give(game, ANN, 1)
    arranged = view.holdings_version()
    assert arranged != first
    act(game, Roll(ANN))  # to Baltic Avenue
    assert view.holdings_version() == arranged  # a throw changes no holdings
    act(game, Buy(ANN))
    bought = view.holdings_version()
    assert bought != arranged
    game.undo(ANN)
    assert view.holdings_version() not in (first, arranged, bought)  # new, though the owners are as before


def test_the_answer_is_the_callers_own_list() -> None:
    game = new_game()
    give(game, ANN, *BROWNS)
    game.view.monopolies(ANN).clear()
    assert cached(game.view, ANN) == ["brown"]
    game.view.active_players().clear()
    assert game.view.active_players() == [ANN, 1]


def test_pending_copies_are_the_records_their_constructors_make() -> None:
    game = Game.new(["A", "B", "C", "D"], "us", {"max_turns": 200}, seed=5, first_player=0, keep_log=False)
    players = ComputerPlayers(game, dict(enumerate(("ruthless", "ruthless", "basic", "cautious"))), seed=5)
    kinds = set()
    while not game.view.over:
        d = game.waiting()  # the engine's own record, to copy by hand
        kinds.add(d.kind)
        t, a = d.trade, d.auction
        offer = None if t is None else Offer(t.proposer, t.recipient, tuple(t.give), tuple(t.take), t.cash,
                                             tuple(t.give_cards), tuple(t.take_cards), t.settle_debt)
        auction = None if a is None else Auction(a.item, a.square, a.high_bid, a.high_bidder, tuple(a.bidders))
        made = Pending(d.kind, d.player, d.square, d.amount, d.creditor, d.debt_for, d.building, d.deck,
                       d.offline_cause, offer, auction, d.serial)
        copy = pending_of(d)
        assert copy == made and repr(copy) == repr(made) and hash(copy) == hash(made)
        action = players.next_action(game)
        assert action is not None
        game.apply(action)
    assert {K.ROLL, K.BUY, K.AUCTION} <= kinds


def test_a_claim_made_directly_is_the_constructors():
    made, direct = ClaimRent(2, 17), claim_action(2, 17)
    assert direct == made and repr(direct) == repr(made) and hash(direct) == hash(made)
    assert direct.to_dict() == made.to_dict() and type(direct) is ClaimRent
    with pytest.raises(dataclasses.FrozenInstanceError):
        direct.claim = 3  # type: ignore[misc]


def test_the_landings_counted_are_the_events():
    for seed in (3, 11):
        game = Game.new(["A", "B", "C"], "us", {"max_turns": 300}, seed=seed, keep_log=False)
        assert game.view.landings() == ()
        game.count_landings()
        players = ComputerPlayers(game, {0: "basic", 1: "random", 2: "cautious"}, seed=seed)
        counts = [0] * 41
        while not game.view.over:
            action = players.next_action(game)
            assert action is not None
            for event in game.apply(action):
                if isinstance(event, Landed):
                    counts[event.square] += 1
                elif isinstance(event, SentToJail):
                    counts[40] += 1
        assert game.view.landings() == tuple(counts) and counts[40] and sum(counts) > 100
