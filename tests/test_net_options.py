"""Protocol version 4: an update's prompt lists only what the seat the game waits for must answer,
and a client asks for a seat's whole list of actions with ``options`` (``docs/protocol.md``)."""

from __future__ import annotations

import asyncio
import io
import random
from pathlib import Path
from typing import Any

from monopoly.engine import ANSWER_TYPES, DecisionKind as K, Game
from monopoly.engine import actions as A
from monopoly.text.client import TextClient

from net_harness import Raw, serve

DEED_VERBS = (A.Build, A.SellBuilding, A.Mortgage, A.LiftMortgage)


def run(coroutine: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coroutine, 60))


def test_without_deeds_the_engine_lists_the_answers_and_the_claims_only() -> None:
    """``legal_actions(deeds=False)`` is the whole list less the actions on deeds that do not
    answer the decision waiting (the debtor's sales and mortgages that raise a debt stay)."""
    chooser = random.Random(4)
    raised = 0
    for seed in range(6):
        game = Game.new(["A", "B", "C"], rules={"starting_cash": 300}, seed=seed)
        for _ in range(400):
            if game.view.over:
                break
            answers = ANSWER_TYPES[game.view.pending.kind]
            waited = game.view.pending.player

            def answering(a: A.Action) -> bool:  # what the seat must answer now: its deeds only to raise a debt
                return not isinstance(a, DEED_VERBS) or (type(a) in answers and a.player == waited)
            raised += game.view.pending.kind == K.RAISE_FUNDS
            for seat in range(3):
                whole = game.legal_actions(seat)
                assert game.legal_actions(seat, deeds=False) == [a for a in whole if answering(a)]
            assert game.view.legal_actions(None, deeds=False) == [a for a in game.legal_actions(None) if answering(a)]
            choices = game.legal_actions(game.view.pending.player)
            game.apply(chooser.choice(choices))
    assert raised  # a debt to raise was among the states seen


def test_a_seat_not_asked_gets_no_actions_and_asks_for_them_with_options(tmp_path: Path) -> None:
    async def go() -> None:
        server, hosted, port = await serve(tmp_path, players="Ann,Bob", seed=9, max_turns=30)
        ann, bob = await Raw.open(port, hosted.codes.seats[0]), await Raw.open(port, hosted.codes.seats[1])
        await ann.until("welcome")
        welcome = await bob.until("welcome")
        assert welcome["prompt"]["complete"]  # the welcome's is whole
        view = hosted.game.view
        asked = view.pending.player
        raws = {0: ann, 1: bob}
        mover, other = raws[asked], raws[1 - asked]
        mover.send("action", action={"action": "roll", "player": asked}, id=1)
        while True:
            update = await mover.next()
            if update.get("request") == 1:
                break
        waited = hosted.session.person_asked()
        seen = await other.until("update")
        if waited != 1 - asked:  # the other seat is not asked: nothing listed
            prompt = seen["prompt"]
            assert prompt["actions"] == [] and not prompt["complete"] and not prompt["asked"]
        other.send("options", id=7)
        answer = await other.until("options")
        assert answer["request"] == 7 and answer["seq"] == hosted.seq and answer["prompt"]["complete"]
        listed = [a["action"] for a in answer["prompt"]["actions"]]
        assert listed == [a.to_dict() for a in hosted.game.legal_actions(1 - asked)]
        spectator = await Raw.open(port, hosted.codes.spectator)
        await spectator.until("welcome")
        spectator.send("options", id=3)
        refused = await spectator.until("refused")
        assert refused["request"] == 3
        for raw in (ann, bob, spectator):
            await raw.close()
        await server.close()
    run(go())


def test_the_text_client_asks_for_the_whole_list_when_asked_and_before_acting_out_of_turn() -> None:
    """The text client offers what the local text mode offers: when its seat is asked it shows the
    whole list (its deeds too) once the server sends it, and a command out of turn is taken again
    with the whole list."""
    out = io.StringIO()
    client = TextClient(out)
    game = {"players": [{"name": "Ann", "cash": 1500, "money": "$1,500"}, {"name": "Bob", "cash": 900}]}
    roll = {"action": {"action": "roll", "player": 0}, "command": "roll"}
    mortgage = {"action": {"action": "mortgage", "player": 0, "square": 3}, "command": "mortgage Baltic Avenue"}
    client.receive({"type": "welcome", "seat": 0, "name": "Ann", "recent": [], "game": game,
                    "prompt": {"seat": 0, "asked": False, "question": "", "actions": [], "complete": False,
                               "may_go": False, "waiting_for": 1, "away": []}})
    assert client.outbox == []  # not asked: nothing asked for
    typed = client.typed("mortgage baltic")
    assert typed.send == {"type": "options", "version": 4} and typed.again == "mortgage baltic"
    assert client.typed("who").send is None and client.typed("bid 20").send is not None  # these need no list
    client.receive({"type": "options", "seq": 3, "prompt": {"seat": 0, "asked": False, "question": "",
                                                            "actions": [mortgage], "complete": True, "may_go": False,
                                                            "waiting_for": 1, "away": []}})
    again = client.typed("mortgage baltic")
    assert again.send is not None and again.send["action"] == mortgage["action"]
    client.receive({"type": "update", "seq": 4, "events": [], "notes": [], "game": game, "waiting_for": 0,
                    "prompt": {"seat": 0, "asked": True, "question": "Throw?", "actions": [roll], "complete": False,
                               "may_go": False, "waiting_for": 0, "away": []}})
    assert client.outbox == [{"type": "options", "version": 4}]  # asked: the whole list is asked for
    assert "roll" not in out.getvalue().splitlines()[-1]  # and the prompt waits for it
    client.outbox.clear()
    client.receive({"type": "options", "seq": 4, "prompt": {"seat": 0, "asked": True, "question": "Throw?",
                                                            "actions": [roll, mortgage], "complete": True,
                                                            "may_go": False, "waiting_for": 0, "away": []}})
    assert out.getvalue().splitlines()[-1] == "Ann, $1,500 - 1 roll, 2 mortgage Baltic Avenue>"


def test_a_text_client_not_asked_mortgages_through_options(tmp_path: Path) -> None:
    """A command out of turn, over a real connection: the prompt lists nothing, so the client asks
    for ``options`` and takes the line again with the whole list."""
    from monopoly.text.client import run_client
    from monopoly.net.protocol import command_of
    from monopoly.net.server import HostedGame, Server
    from monopoly.session.rule_options import chosen_rules
    from monopoly.storage.starts import start_from_command_line

    async def go() -> None:
        rules = chosen_rules("us", ["short_game=time_limit", "time_limit_minutes=60"], None)  # deeds dealt
        begun, _ = start_from_command_line(None, "Ann,Bob", "us", 3, rules, tmp_path)
        assert begun is not None
        hosted = HostedGame(begun, tmp_path)
        server = Server([hosted])
        port = await server.start("127.0.0.1", 0)
        bob = await Raw.open(port, hosted.codes.seats[1])
        await bob.until("welcome")
        out = io.StringIO()
        lines: asyncio.Queue[str | None] = asyncio.Queue()
        client = TextClient(out)
        ann = asyncio.ensure_future(run_client("127.0.0.1", port, hosted.codes.seats[0], out, lines, client=client))
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 30
        asked_for: list[int] = []
        options = hosted.options

        def counted(conn: Any, request: Any) -> dict[str, Any]:
            asked_for.append(conn.seat)
            return options(conn, request)
        hosted.options = counted  # type: ignore[method-assign]
        assert hosted.session.person_asked() == 1  # with this seed Bob throws first: Ann is not asked
        while client.prompt is None:  # Ann's welcome
            assert loop.time() < deadline
            await asyncio.sleep(0.02)
        hosted.broadcast()  # an update: Ann's prompt as a seat not asked gets it (her welcome's was whole)
        while client.prompt is None or client.prompt["asked"] or client.prompt["complete"]:
            assert loop.time() < deadline  # Ann's prompt: not asked, nothing listed
            await asyncio.sleep(0.02)
        assert client.prompt["actions"] == []
        before = len(asked_for)
        mortgage = next(a for a in hosted.game.legal_actions(0) if isinstance(a, A.Mortgage))
        lines.put_nowait(command_of(hosted.game, mortgage))
        while not hosted.game.view.mortgaged(mortgage.square):
            assert loop.time() < deadline, out.getvalue()
            await asyncio.sleep(0.02)
        lines.put_nowait("quit")
        assert await asyncio.wait_for(ann, 10) == 0
        assert "Ann mortgages" in out.getvalue()
        assert asked_for[before:] == [0]  # the line asked for Ann's options once, then was taken again
        await bob.close()
        await server.close()
    run(go())
