"""Version 3 of the protocol: updates carry the changes since the last one (``net.delta``). The
changes applied give the whole again (any JSON, and the public view and state of random games), a
client that misses an update asks for a sync and is whole again, no update carries a hidden part of
the game, and a client of another version is told both versions and let go."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from monopoly.engine import public_state
from monopoly.net.link import Dropped, Link
from monopoly.net.delta import Follower, OutOfStep, changes, patched
from monopoly.net.protocol import VERSION, ProtocolError, encode, message, public_view

from net_harness import Raw, choose, serve, started


def run(coro: Any, timeout: float = 60.0) -> Any:
    return asyncio.run(asyncio.wait_for(coro, timeout))


# ---------------------------------------------------------------------------------------- changes
_json = st.recursive(st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=3),
                     lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from("abcd"), inner,
                                                                                 max_size=4),
                     max_leaves=20)


@given(old=_json, new=_json)
def test_changes_applied_make_the_new_value_and_leave_the_old_alone(old: Any, new: Any) -> None:
    before = json.dumps(old)
    found = changes(old, new)
    assert json.loads(json.dumps(patched(old, found))) == new
    assert json.dumps(old) == before  # what a client handed out before is never changed
    assert changes(new, new) == []


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(1, 400))
def test_the_changes_of_random_games_applied_equal_the_whole_state(seed: int, steps: int, tmp_path_factory: Any
                                                                    ) -> None:
    game = started(tmp_path_factory.mktemp("g"), players="Ann,Bob,Cy,Di", seed=seed, max_turns=0).game
    rng = random.Random(seed)
    state, view = public_state(game), public_view(game, set(), {0, 1}, {2, 3})
    for _ in range(steps):
        legal = game.view.legal_actions(game.view.pending.player)
        if game.view.over or not legal:
            break
        game.apply(rng.choice(legal))
        new_state, new_view = public_state(game), public_view(game, set(), {0, 1}, {2, 3})
        # through JSON, as a client gets them
        state = patched(state, json.loads(json.dumps(changes(state, new_state))))
        view = patched(view, json.loads(json.dumps(changes(view, new_view))))
        assert state == new_state and view == new_view


def test_changes_that_do_not_fit_are_not_the_protocol() -> None:
    for bad in ([[["nowhere"], 1]], [[[5], 1]], [["players", 1]], [[[], 1, 2]], [7]):
        with pytest.raises(ProtocolError):
            patched({"players": [1, 2]}, bad)


def test_a_follower_asks_for_a_sync_after_a_gap_and_keeps_the_answer_it_skipped() -> None:
    f = Follower()
    welcome = {"type": "welcome", "seq": 4, "game": {"turn": 1}, "state": {"cash": [1, 2]}, "prompt": None}
    assert f.take(welcome) is welcome
    one = f.take({"type": "update", "seq": 5, "changes": {"state": [[["cash", 1], 7]]}, "events": []})
    assert one is not None and one["state"] == {"cash": [1, 7]} and one["game"] == {"turn": 1}
    assert welcome["state"] == {"cash": [1, 2]}
    with pytest.raises(OutOfStep):
        f.take({"type": "update", "seq": 7, "changes": {}, "events": []})
    assert f.take({"type": "update", "seq": 8, "changes": {}, "request": 3}) is None  # skipped: a sync comes
    whole = f.take({"type": "sync", "seq": 8, "game": {"turn": 2}, "state": {"cash": [0, 0]}, "prompt": None})
    assert whole is not None and whole["type"] == "update" and whole["request"] == 3 and whole["game"] == {"turn": 2}
    nine = f.take({"type": "update", "seq": 9, "changes": {"game": [[["turn"], 3]]}})
    assert nine is not None and nine["game"] == {"turn": 3} and nine["state"] == {"cash": [0, 0]}
    with pytest.raises(ProtocolError):
        f.take({"type": "update", "changes": {}})


# ---------------------------------------------------------------------------------------- on the wire
class Taped(Link):
    """A link that keeps every line it receives and every message it sends."""

    def __init__(self, link: Link) -> None:
        super().__init__(link.reader, link.writer)
        self.lines: list[bytes] = []
        self.sent: list[dict[str, Any]] = []
        reader = link.reader
        readline = reader.readline

        async def taped() -> bytes:
            line = await readline()
            self.lines.append(line)
            return line
        reader.readline = taped  # type: ignore[method-assign]

    def send(self, data: dict[str, Any]) -> None:
        self.sent.append(data)
        super().send(data)


async def _bots_play(hosted: Any, raws: dict[int, Raw], moves: int) -> None:
    """The seats' bots answer, one request at a time, for ``moves`` requests or the game's end."""
    for number in range(moves):
        if hosted.game.view.over:
            return
        seat = hosted.session.person_asked()
        if seat is None:
            await asyncio.sleep(0.01)
            continue
        raw = raws[seat]
        move = choose(raw.last or {})
        if move is None:
            await asyncio.sleep(0.01)
            continue
        raw.link.send(dict(move, id=number))
        while True:
            answer = await raw.next()
            if answer["type"] in ("update", "refused") and answer.get("request") == number:
                break
        for other in raws.values():  # the others' updates taken in
            if other is not raw:
                while True:
                    try:
                        await other.next(timeout=0.05)
                    except asyncio.TimeoutError:
                        break


async def _join_taped(hosted: Any, port: int) -> dict[int, Raw]:
    """Both seats joined by raw clients whose every received line is kept (``Taped``)."""
    raws = {}
    for seat in (0, 1):
        raw = await Raw.open(port)
        raw.link = Taped(raw.link)
        raw.send("hello", code=hosted.codes.seats[seat])
        await raw.until("welcome")
        raws[seat] = raw
    return raws


def test_clients_kept_by_the_changes_hold_the_whole_game_and_nothing_hidden(tmp_path: Path) -> None:
    async def go() -> None:
        server, hosted, port = await serve(tmp_path, players="Ann,Bob", seed=9, max_turns=30)
        raws = await _join_taped(hosted, port)
        await _bots_play(hosted, raws, 150)
        game = hosted.game
        expected_view = public_view(game, hosted.computer_seats(), hosted.present(), hosted.away())
        for raw in raws.values():
            assert raw.last is not None
            assert raw.last["state"] == public_state(game)
            assert raw.last["game"] == json.loads(json.dumps(expected_view))
        ann = raws[0].link
        assert isinstance(ann, Taped)
        updates = [json.loads(line) for line in ann.lines if b'"type":"update"' in line]
        assert len(updates) > 50
        assert [u["seq"] for u in updates] == list(range(updates[0]["seq"], updates[0]["seq"] + len(updates)))
        assert all("state" not in u and "game" not in u for u in updates)  # changes only
        everything = b"".join(ann.lines)
        for secret in [hosted.codes.seats[1], hosted.codes.spectator] + [h.encode() for h in
                                                                         hosted.codes.seat_hashes[1]]:
            assert (secret.encode() if isinstance(secret, str) else secret) not in everything
        for hidden in (b'"seed"', b'"journal"', b'"rng"', b"generator", b'"dice":{'):  # the dice generator
            assert hidden not in everything
        words = game.to_dict()["dice"]["state"][1][:3]
        assert json.dumps(words, separators=(",", ":"))[1:-1].encode() not in everything
        assert all(deck == sorted(deck) for deck in raws[0].last["state"]["decks"])  # the decks' order hidden
        for raw in raws.values():
            await raw.close()
        await server.close()
    run(go())


def test_a_client_that_misses_an_update_asks_for_a_sync_and_is_whole_again(tmp_path: Path) -> None:
    async def go() -> None:
        server, hosted, port = await serve(tmp_path, players="Ann,Bob", seed=9, max_turns=30)
        raws = await _join_taped(hosted, port)
        await _bots_play(hosted, raws, 10)
        ann = raws[0].link
        assert isinstance(ann, Taped) and ann.follower.seq is not None
        ann.follower.seq -= 1  # as if an update had gone missing
        await _bots_play(hosted, raws, 20)
        assert [m for m in ann.sent if m["type"] == "sync"] and not ann.follower.syncing
        assert any(b'"type":"sync"' in line for line in ann.lines)
        assert raws[0].last is not None and raws[0].last["state"] == public_state(hosted.game)
        assert ann.follower.seq == hosted.seq
        prompt = raws[0].last["prompt"]
        # an update's prompt lists what the seat must answer (all of it only on ``options``)
        listed = (hosted.game.legal_actions(0) if prompt["complete"] else
                  hosted.game.legal_actions(0, deeds=False) if prompt["asked"] or prompt["may_go"] else [])
        assert [a["action"] for a in prompt["actions"]] == [a.to_dict() for a in listed]
        for raw in raws.values():
            await raw.close()
        await server.close()
    run(go())


def test_a_client_of_another_version_is_told_both_and_let_go(tmp_path: Path) -> None:
    async def go() -> None:
        server, hosted, port = await serve(tmp_path)
        old = await Link.open("127.0.0.1", port)
        old.writer.write(encode(dict(message("hello", code=hosted.codes.seats[0]), version=2)))
        line = await asyncio.wait_for(old.reader.readline(), 5)
        error = json.loads(line)
        assert error["type"] == "error" and error["code"] == "version" and error["version"] == 2  # it can read it
        assert f"version {VERSION}" in error["error"] and "version 2" in error["error"]
        with pytest.raises(Dropped):
            await asyncio.wait_for(old.receive(), 5)  # and the connection ends
        old.close()
        assert hosted.present() == set()
        await server.close()
    run(go())
