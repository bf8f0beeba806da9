"""A seat at a hosted game as a session (``net.remote``) over a real socket on 127.0.0.1, and the
public state it keeps its replica from (``engine.public``): nothing hidden travels, and the replica
answers what the game played on the server answers."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from monopoly.engine import DecisionKind as K, Game, IllegalActionError, SaveFormatError
from monopoly.engine import actions as A
from monopoly.engine import HiddenDice, follow, public_state, replica
from monopoly.net.remote import Disconnected, LinkThread, RemoteSession
from monopoly.net.protocol import VERSION

from net_harness import ServerThread


def joined(served: ServerThread, code: str) -> RemoteSession:
    session = RemoteSession(LinkThread("127.0.0.1", served.port))
    session.join(code)
    return session


def same_game(served: ServerThread, session: RemoteSession) -> None:
    """The replica answers as the server's game does: the decision, everyone's legal actions, cash."""
    def server_side() -> tuple[object, ...]:
        g = served.hosted.game
        return (g.view.pending.kind, g.view.pending.player, sorted(map(repr, g.legal_actions())),
                [p.cash for p in g.view.players()])
    game = session.game
    assert game is not None
    mine = (game.view.pending.kind, game.view.pending.player, sorted(map(repr, game.legal_actions())),
            [p.cash for p in game.view.players()])
    assert mine == served.call(server_side)


# ---------------------------------------------------------------------------------------- the public state
def test_the_public_state_hides_the_decks_order_and_the_replica_follows_a_whole_game() -> None:
    game = Game.new(["Ann", "Bob", "Cy"], seed=3)
    plain = public_state(game)
    assert all(deck == sorted(deck) for deck in plain["decks"])
    assert any(deck != sorted(deck) for deck in game.to_dict()["state"]["decks"])  # the real order is not sorted
    assert not {"dice", "log", "journal", "origin"} & set(plain)  # no generator, nothing of the game's record
    copy = replica(game.edition, game.rules, json.loads(json.dumps(plain)))
    with pytest.raises(RuntimeError):
        HiddenDice().roll()
    for _ in range(300):
        if game.view.over:
            break
        action = game.view.safe_action(game.view.pending.player)
        assert action is not None
        game.apply(action)
        follow(copy, json.loads(json.dumps(public_state(game))))
        assert sorted(map(repr, copy.legal_actions())) == sorted(map(repr, game.legal_actions()))
        assert copy.view.pending.kind == game.view.pending.kind


def test_an_auction_keeps_its_number_as_the_bidding_moves_on() -> None:
    game = Game.new(["Ann", "Bob", "Cy"], seed=3)
    copy = replica(game.edition, game.rules, public_state(game))
    while game.view.pending.kind != K.BUY:  # throw until someone may buy, then send it to auction
        action = game.view.safe_action(game.view.pending.player)
        assert action is not None
        game.apply(A.DeclineToBuy(game.view.pending.player) if game.view.pending.kind == K.BUY else action)
    game.apply(A.DeclineToBuy(game.view.pending.player))
    follow(copy, public_state(game))
    first = copy.view.pending
    assert first.kind == K.AUCTION
    game.apply(A.Bid(first.player, 10))
    follow(copy, public_state(game))
    assert copy.view.pending.kind == K.AUCTION and copy.view.pending.serial == first.serial
    assert copy.view.pending.player != first.player


def test_a_state_that_is_not_a_game_is_refused_and_changes_nothing() -> None:
    game = Game.new(["Ann", "Bob"], seed=3)
    copy = replica(game.edition, game.rules, public_state(game))
    bad = public_state(game)
    bad["players"][0]["cash"] = "lots"
    with pytest.raises(SaveFormatError):
        follow(copy, bad)
    broken = public_state(game)
    broken["owner"] = [5] * 40  # seats that do not exist
    with pytest.raises(SaveFormatError):
        follow(copy, broken)
    assert copy.view.cash(0) == game.view.cash(0) and copy.view.owner(1) == game.view.owner(1)


# ---------------------------------------------------------------------------------------- a seat over a socket
def test_a_remote_seat_plays_through_the_server_and_its_replica_agrees(tmp_path: Path) -> None:
    served = ServerThread(tmp_path, players="Ann,Bob,cpu", seed=5)
    try:
        seat = served.call(served.hosted.session.person_asked)
        ann = joined(served, served.hosted.codes.seats[seat])
        bob = joined(served, served.hosted.codes.seats[1 - seat])
        try:
            assert ann.people == [seat] and bob.people == [1 - seat] and ann.is_computer(2)
            same_game(served, ann)
            with pytest.raises(IllegalActionError):  # another seat's action: refused here already
                ann.apply(A.Roll(1 - seat))
            assert ann.permission(seat, A.Roll(1 - seat)).problem
            with pytest.raises(IllegalActionError, match="."):  # the engine's reason, from the server
                ann.apply(A.Buy(seat))
            events = ann.apply(A.Roll(seat))
            assert any(type(ev).__name__ == "DiceRolled" for ev in events)
            same_game(served, ann)
            deadline = time.monotonic() + 10
            seen: list[object] = []
            while not any(type(ev).__name__ == "DiceRolled" for ev in seen):  # the other seat hears of it
                assert time.monotonic() < deadline, "the other seat never heard of the throw"
                seen += bob.news()
                time.sleep(0.02)
            same_game(served, bob)
            assert bob.game is not None and bob.game.log[-len(seen):] == seen
            with pytest.raises(IllegalActionError):
                bob.undo(1 - seat)
        finally:
            ann.leave()
            bob.leave()
    finally:
        served.stop()


def test_a_spectator_session_offers_nothing_to_do(tmp_path: Path) -> None:
    served = ServerThread(tmp_path, players="Ann,Bob,cpu", seed=5)
    try:
        watcher = joined(served, served.hosted.codes.spectator)
        try:
            assert watcher.seat is None and watcher.people == [] and watcher.persons == []
            assert watcher.permission(0, A.Roll(0)).problem == "a spectator watches and cannot act"
            with pytest.raises(IllegalActionError, match="spectator"):
                watcher.apply(A.Roll(served.call(served.hosted.session.person_asked)))
        finally:
            watcher.leave()
    finally:
        served.stop()


def test_a_bad_code_and_a_server_that_goes_away_end_the_session_with_words(tmp_path: Path) -> None:
    served = ServerThread(tmp_path, players="Ann,Bob,cpu", seed=5)
    try:
        with pytest.raises(Disconnected, match="no game here has that join code"):
            joined(served, "not-a-code-of-this-game")
        ann = joined(served, served.hosted.codes.seats[0])
    finally:
        served.stop()
    deadline = time.monotonic() + 10
    with pytest.raises(Disconnected) as gone:
        while time.monotonic() < deadline:
            ann.news()
            time.sleep(0.02)
    assert "closing" in gone.value.reason or "ended" in gone.value.reason


def test_garbage_from_the_server_ends_the_session(tmp_path: Path) -> None:
    served = ServerThread(tmp_path, players="Ann,Bob,cpu", seed=5)
    try:
        ann = joined(served, served.hosted.codes.seats[0])
        try:
            bad = {"type": "update", "version": VERSION, "events": [], "game": {}, "state": {"players": "none"}}
            ann.link.inbox.put(bad)  # as if the server had sent it
            with pytest.raises(Disconnected, match="cannot read"):
                ann.news()
        finally:
            ann.leave()
    finally:
        served.stop()


def test_rent_that_a_computers_throw_would_let_lapse_is_claimed_or_let_go(tmp_path: Path) -> None:
    """Seed 5: Ann buys Vermont Avenue, Bob lands on it, and the computer is next to throw: Ann's
    seat is told (``may_go``), may claim, or lets the throw go (``let_throw``)."""
    served = ServerThread(tmp_path, players="Ann,Bob,cpu", seed=5)
    try:
        ann = joined(served, served.hosted.codes.seats[0])
        bob = joined(served, served.hosted.codes.seats[1])
        try:
            game = ann.game
            assert game is not None and game.view.pending.player == 0
            ann.apply(A.Roll(0))
            assert game.view.pending.kind == K.BUY
            ann.apply(A.Buy(0))
            bob.news()
            bob.apply(A.Roll(1))
            assert bob.game is not None and bob.game.view.pending.player == 2  # the computer throws next
            deadline = time.monotonic() + 5
            while not ann.may_go:
                assert time.monotonic() < deadline, "Ann's seat was not asked about its rent"
                ann.news()
                time.sleep(0.02)
            claims = ann.lapsing_claims()
            assert [c.owner for c in claims] == [0] and bob.lapsing_claims() == []
            ann.let_throw(0)  # the throw goes ahead: the computer plays on
            while game.view.pending.player == 2 and not game.view.over:
                assert time.monotonic() < deadline + 5, "the computer did not throw"
                ann.news()
                time.sleep(0.02)
            assert not ann.may_go
            assert not any(c.id == claims[0].id for c in game.view.claims())  # Bob's rent lapsed
            # the computer landed there too: at Ann's own throw her claim on it would lapse
            assert game.view.pending.player == 0 and [c.payer for c in ann.lapsing_claims()] == [2]
        finally:
            ann.leave()
            bob.leave()
    finally:
        served.stop()


def test_a_remote_seats_coach_works_on_its_own_replica(tmp_path: Path) -> None:
    """The win chances and the hint of a seat at a hosted game come from its client's copy of the public
    state: the same figures as the server's game gives, and no hint for another seat's decision."""
    from monopoly.engine import Offer
    from monopoly.session.coaching import win_chances
    served = ServerThread(tmp_path, players="Ann,Bob,cpu", seed=5)
    try:
        seat = served.call(served.hosted.session.person_asked)
        ann = joined(served, served.hosted.codes.seats[seat])
        try:
            server_figures = served.call(lambda: win_chances(served.hosted.game, seat))
            assert ann.win_chances() == pytest.approx(server_figures)
            assert ann.win_chances() == win_chances(ann.game, seat)
            assert ann.hint(1 - seat) is None
            assert ann.hint(seat) is None  # a plain throw with nothing to build: no hint, and no failure
            before, after = ann.offer_chances(None, Offer(seat, 1 - seat))
            assert before == after  # an offer of nothing moves nothing
        finally:
            ann.leave()
    finally:
        served.stop()
