"""The host's side of network play: its console's commands, the order of what it tells the
players, the pace of computer turns on remote screens, a board of the host's own, and the host's
own seat on the game's screen (issue 25's by-hand gaps)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from monopoly.net.host import HOST_HELP, host_command
from monopoly.net.server import HostedGame

from net_harness import started


def run(coro: Any, timeout: float = 60.0) -> Any:
    return asyncio.run(asyncio.wait_for(coro, timeout))


def leave(tui: Any) -> None:
    """Leave a joined seat's board screen with Q, as a player does, and see the program end well."""
    tui.send("q")
    tui.wait_for("Leave this game?")
    tui.send("y")
    assert tui.wait_exit() == 0


def test_an_unknown_host_command_answers_in_one_line_naming_the_nearest(tmp_path: Path) -> None:
    hosted = HostedGame(started(tmp_path), tmp_path)
    said: list[str] = []
    assert host_command(hosted, "computer Ann", said.append, "here", 7627, False)
    assert len(said) == 1 and "Unknown command 'computer'" in said[0] and "did you mean cpu?" in said[0]
    said.clear()
    assert host_command(hosted, "xyzzy", said.append, "here", 7627, False, prefix="/")
    assert len(said) == 1 and "'/xyzzy'" in said[0] and "/codes" in said[0] and "/quit" in said[0]
    said.clear()
    assert host_command(hosted, "\x1b[4~", said.append, "here", 7627, False)  # a key's sequence, shown once escaped
    assert said == ["Unknown command '\\x1b[4~': the commands are codes, who, cpu, person, end, quit, help."]
    said.clear()
    assert host_command(hosted, "help", said.append, "here", 7627, False)
    assert said == HOST_HELP


def test_a_seat_handed_to_a_computer_is_said_before_its_first_move_and_back_in_order(tmp_path: Path) -> None:
    """What the text client prints, in order: the hand-over, then the computer's moves for that seat;
    the hand-back, then what follows."""
    from monopoly.text.client import TextClient
    from net_harness import Raw, serve

    said: list[str] = []

    class Out:
        def write(self, text: str) -> None:
            said.extend(t for t in text.splitlines() if t)

        def flush(self) -> None:
            pass

    async def collect() -> tuple[str, list[dict[str, Any]]]:
        server, hosted, port = await serve(tmp_path, players="Ann,Bob,cpu", seed=5)
        watcher = await Raw.open(port, hosted.codes.spectator)
        await watcher.until("welcome")
        p = hosted.session.person_asked()
        assert p is not None
        name = hosted.game.view.name(p)
        hosted.hand_to_computer(p)
        hosted.hand_back(p)
        while True:
            try:
                await watcher.next(timeout=0.5)
            except asyncio.TimeoutError:
                break
        await watcher.close()
        await server.close()
        return name, watcher.seen

    name, seen = run(collect())
    client = TextClient(Out())  # type: ignore[arg-type]
    client.receive(seen[0])  # the welcome, with the throws for the start
    start = len(said)
    for data in seen[1:]:
        client.receive(data)
    handed = next(i for i, t in enumerate(said) if t == f"{name} is played by a computer for now.")
    moved = next(i for i, t in enumerate(said) if i >= start and t.startswith(f"{name} throws"))
    back = next(i for i, t in enumerate(said) if t == f"{name} is played by a person again.")
    assert handed < moved < back


def _own_board(folder: Path) -> str:
    """A board file of the host's own (the US board with its last street renamed and repriced),
    offered by its id in this process only: a joining program does not have it."""
    import json

    import monopoly.engine
    from monopoly.engine import add_edition_file
    data = json.loads((Path(monopoly.engine.__file__).parent / "editions" / "us.json").read_text("utf-8"))
    data.update({"id": "harbour", "name": "Harbour Town", "label": "Harbour Town", "order": 9})
    data["squares"][39].update({"name": "Harbour Quay", "short": "HARBOUR Q", "price": 444})
    path = folder / "harbour.json"
    path.write_text(json.dumps(data, indent=1), "utf-8")
    return add_edition_file(path).id


def test_a_board_of_the_hosts_own_is_what_the_joining_seats_see(tmp_path: Path) -> None:
    """The welcome carries the board file, so a seat joined on the game's screen (in another
    process, without the file) draws the host's board, and its replica knows its prices."""
    import time

    from monopoly.engine import forget_edition_files
    from monopoly.net.remote import LinkThread, RemoteSession
    from net_harness import ServerThread
    from tui_harness import TuiSession
    try:
        served = ServerThread(tmp_path, players="Ann,Bob,cpu", seed=5, edition=_own_board(tmp_path))
    finally:
        forget_edition_files()
    try:
        session = RemoteSession(LinkThread("127.0.0.1", served.port))
        session.join(served.hosted.codes.seats[1])
        quay = session.game.edition.squares[39]
        assert (quay.name, quay.price, session.game.edition.id) == ("Harbour Quay", 444, "harbour")
        session.leave()
        tui = TuiSession(["join", f"127.0.0.1:{served.port}", served.hosted.codes.seats[0]], rows=24, cols=80)
        try:
            tui.wait_for("You play")
            tui.wait_for("HARBOU")
            assert "BOARDW" not in tui.text()
            leave(tui)
        finally:
            tui.close()
        time.sleep(0.1)
    finally:
        served.stop()


def _computer_updates(seen: list[tuple[float, dict[str, Any]]], computer: int) -> list[tuple[float, dict[str, Any]]]:
    """The updates that tell a computer's move (their first event is the computer's)."""
    return [(t, d) for t, d in seen if d.get("type") == "update" and d.get("events")
            and d["events"][0]["event"].get("player") == computer]


def _throws(seen: list[tuple[float, dict[str, Any]]], computer: int) -> list[tuple[float, dict[str, Any]]]:
    """The updates that tell a computer's throw."""
    return [(t, d) for t, d in seen if d.get("type") == "update" and any(
        e["event"]["event"] == "dice_rolled" and e["event"]["player"] == computer for e in d.get("events", []))]


def test_computers_of_a_hosted_game_play_at_the_sessions_pace(tmp_path: Path, monkeypatch: Any) -> None:
    """Paced, each computer move comes in an update of its own, the notice and the pace of the
    session (``Session.notice``, ``Session.pace``) after what came before, as on a local screen;
    unpaced (the load benchmark's way), the computer's whole turn comes at once."""
    from monopoly.net.server import Server
    from monopoly.session import session as S
    from net_harness import Raw, choose
    monkeypatch.setattr(S, "PACE", 0.1)  # the test's pace: the same rule, quicker

    async def play(paced: bool) -> tuple[int, list[tuple[float, dict[str, Any]]]]:
        hosted = HostedGame(started(tmp_path / str(paced), players="Ann,Bob,cpu", seed=5), tmp_path, paced=paced)
        server = Server([hosted])
        port = await server.start("127.0.0.1", 0)
        computer = next(iter(hosted.computer_seats()))
        raws = {seat: await Raw.open(port, code) for seat, code in hosted.codes.seats.items()}
        loop = asyncio.get_running_loop()
        seen: list[tuple[float, dict[str, Any]]] = []  # what the first seat got, when it came

        async def read(seat: int, raw: Raw) -> None:
            while True:
                data = await raw.next(30)
                if seat == min(raws):
                    seen.append((loop.time(), data))
                move = choose(data) if data["type"] in ("welcome", "update") else None
                if move is not None:
                    raw.link.send(move)

        readers = [asyncio.ensure_future(read(seat, raw)) for seat, raw in raws.items()]
        end = loop.time() + 20
        while len(_throws(seen, computer)) < 4 and loop.time() < end:
            await asyncio.sleep(0.05)
        for task in readers:
            task.cancel()
        for raw in raws.values():
            await raw.close()
        await server.close()
        return computer, seen

    computer, seen = run(play(paced=False))
    assert len(_throws(seen, computer)) >= 4 and not _computer_updates(seen, computer)  # with a person's move
    computer, seen = run(play(paced=True))
    paced = _computer_updates(seen, computer)
    assert len(_throws(seen, computer)) >= 4 and all(d in [u for _, u in paced] for _, d in _throws(seen, computer))
    for (t0, before), (t1, d) in zip(seen, seen[1:]):  # each computer move waits for what came before it
        if (t1, d) in paced:
            throw = d["events"][0]["event"]["event"] == "dice_rolled"
            shown = 1.0 if (t0, before) in paced else 0.0  # a computer's move stays on show for the pace
            wait = 0.1 * (shown + (S.THROW_NOTICE if throw else S.OTHER_NOTICE))
            assert t1 - t0 >= wait * 0.8, (t1 - t0, d["events"])


def test_a_remote_seat_is_told_what_the_others_did_since_its_last_turn(tmp_path: Path, monkeypatch: Any) -> None:
    """At Ann's turn the text client (``monopoly join --text`` through pipes) prints the summary
    the local front ends print, worked out on the server from the whole game; Bob is a bot."""
    import os
    import subprocess
    import sys

    from monopoly.net import server as server_module
    from net_harness import Raw, play_bot, serve
    monkeypatch.setattr(server_module, "CLAIM_WINDOW", 0.5)
    root = Path(__file__).resolve().parent.parent

    async def go() -> str:
        server, hosted, port = await serve(tmp_path, players="Ann,Bob,cpu", seed=5)
        bob = await Raw.open(port, hosted.codes.seats[1])
        await bob.until("welcome")
        bot = asyncio.ensure_future(play_bot(bob))
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")]))
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "monopoly", "join", f"127.0.0.1:{port}", hosted.codes.seats[0], "--text",
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
        assert proc.stdin is not None and proc.stdout is not None
        seen: list[str] = []
        while not any(line.startswith("Since Ann's last turn") for line in seen):
            line = (await asyncio.wait_for(proc.stdout.readline(), 20)).decode()
            assert line, "".join(seen)
            seen.append(line)
            if line.rstrip().endswith(">"):  # Ann's prompt: the first command listed
                proc.stdin.write(b"1\n")
                await proc.stdin.drain()
        proc.stdin.write(b"quit\n")
        await proc.stdin.drain()
        rest, _ = await asyncio.wait_for(proc.communicate(), 20)
        bot.cancel()
        await bob.close()
        await server.close()
        return "".join(seen) + rest.decode()

    text = run(go())
    since = text.split("Since Ann's last turn:")[1].splitlines()
    assert since[1].startswith("  Bob threw") and any(line.startswith("  CPU1 threw") for line in since[1:3])


def test_the_board_screen_tells_its_seat_what_happened_since_its_last_turn(tmp_path: Path, monkeypatch: Any) -> None:
    """The curses client (in a pseudo-terminal) says the server's summary as its seat's turn begins."""
    import time

    from monopoly.net import server as server_module
    from net_harness import Raw, ServerThread, play_bot
    from tui_harness import TuiSession
    monkeypatch.setattr(server_module, "CLAIM_WINDOW", 0.5)
    served = ServerThread(tmp_path, players="Ann,Bob,cpu", seed=5)
    try:
        async def bob() -> None:
            raw = await Raw.open(served.port, served.hosted.codes.seats[1])
            await raw.until("welcome")
            await play_bot(raw)
        bot = asyncio.run_coroutine_threadsafe(bob(), served.loop)
        tui = TuiSession(["join", f"127.0.0.1:{served.port}", served.hosted.codes.seats[0]], rows=24, cols=80)
        try:
            tui.wait_for("Ann: D to throw the dice")
            tui.send("d")
            tui.wait_for("Ann: buy Vermont Avenue")
            tui.send("y")
            tui.wait_for("Since Ann's last turn:", timeout=30)
            tui.wait_for("Bob threw 8 to Vermont")
            # the computer's paced move may still be on show, and a key then only skips it
            tui.wait_for("Ann: D to throw the dice, or choose an option.")
            tui.settle()
            leave(tui)
        finally:
            tui.close()
            bot.cancel()
            time.sleep(0.1)
    finally:
        served.stop()


def test_the_host_plays_its_own_seat_on_the_game_screen(tmp_path: Path) -> None:
    """``monopoly host`` on a terminal (without --headless or --text) prints the join lines, waits
    for Enter, then shows its own seat on the game's screen, joined to its own server as a remote
    seat is: Bob joins, sees the host's throw, and leaving the seat stops the server, saved."""
    import re

    from monopoly.net.link import Link
    from monopoly.net.protocol import message
    from tui_harness import TuiSession
    host = TuiSession(["host", "--players", "Ann,Bob,cpu", "--seed", "5", "--bind", "127.0.0.1", "--port", "0",
                       "--pace", "fast", "--save-dir", str(tmp_path)], rows=24, cols=80)
    try:
        host.wait_for("press Enter")
        found = re.search(r"Bob: monopoly join 127\.0\.0\.1:(\d+) (\S+)", host.output.decode(errors="replace"))
        assert found is not None, host.text()
        port, code = int(found.group(1)), found.group(2)
        host.send("enter")
        host.wait_for("You host this")
        for text in ("Dice  Rent  Trade  Mortgage  Houses", "BOARDW", "Ann: D to throw the dice"):
            host.wait_for(text)
        host.wait_for("Fastmove  Server  Quit")  # S takes the host's commands here, not Save
        assert "Save" not in host.line(0)
        host.send("?")
        host.wait_for("S  Server    the host's commands")
        host.send("esc")

        async def bob_sees_the_throw() -> None:
            link = await Link.open("127.0.0.1", port)
            link.send(message("hello", code=code))
            while (await asyncio.wait_for(link.receive(), 10))["type"] != "welcome":
                pass
            host.send("d")  # the host throws on its screen
            while True:
                data = await asyncio.wait_for(link.receive(), 10)
                if any(str(e.get("text", "")).startswith("Ann throws") for e in data.get("events", [])):
                    break
            link.close()
        run(bob_sees_the_throw())
        host.wait_for("Ann throws")
        host.wait_for("Bob")
        if "buy" in host.text():
            host.send("n")
        host.send("q")
        host.wait_for("Stop serving the game for everyone? (it is saved) (Y/N)")
        host.send("y")
        assert host.wait_exit() == 0
        said = host.output.decode(errors="replace")
        assert "stops the server for everyone" in said and "Stopped serving. Resume with: monopoly host --load" in said
        resume = said.split("Stopped serving. Resume with: ")[1].split("\n")[0]
        assert f"--bind 127.0.0.1 --port {port} --pace fast" in resume  # served as before: the lines work again
        assert list(tmp_path.glob("autosave-*.json"))
    finally:
        host.close()


def test_a_seat_on_the_board_screen_is_told_who_left_and_who_came_back(tmp_path: Path) -> None:
    """The remote session (what the curses client reads) says it in the text client's words."""
    import time

    from monopoly.net.remote import LinkThread, RemoteSession
    from net_harness import ServerThread
    served = ServerThread(tmp_path, players="Ann,Bob,cpu", seed=5)
    said: list[str] = []
    try:
        ann = RemoteSession(LinkThread("127.0.0.1", served.port), say=lambda text, role: said.append(text))
        ann.join(served.hosted.codes.seats[0])

        def wait_for(text: str) -> None:
            deadline = time.monotonic() + 10
            while text not in said:
                assert time.monotonic() < deadline, said
                ann.news()
                time.sleep(0.05)

        for first in (True, False):
            bob = RemoteSession(LinkThread("127.0.0.1", served.port))
            bob.join(served.hosted.codes.seats[1])
            wait_for("Bob joined." if first else "Bob is back.")  # a first time is no coming back
            bob.leave()
            wait_for("Bob left; the game waits for them at their decisions.")
            said.clear()
        bob = RemoteSession(LinkThread("127.0.0.1", served.port))
        bob.join(served.hosted.codes.seats[1])
        wait_for("Bob is back.")
        bob.leave()
        ann.leave()
    finally:
        served.stop()


def test_buildings_put_up_together_are_sent_as_one_line(tmp_path: Path) -> None:
    """A computer builds in one step (``Session.building_step``); the lines sent for its buildings
    are the local front ends' (``event_lines``): one summary, at the last of them."""
    from monopoly.engine import events as E
    from monopoly.net.protocol import event_entries
    from monopoly.session.words import event_lines
    game = started(tmp_path).game
    built = [E.BuildingBought(2, 37, 1, False, 200), E.BuildingBought(2, 39, 1, False, 200),
             E.BuildingBought(2, 37, 2, False, 200)]
    texts = [entry["text"] for entry in event_entries(game, built)]
    assert texts == [None, None, "CPU1 builds 3 houses for $600: Park Place 2 houses, Boardwalk 1 house"]
    assert event_lines(game, built)[2] == (texts[2], "good")


def test_after_the_end_the_text_client_says_it_once_and_waits_for_nobody() -> None:
    """Tried by hand: after the host ended the game, each update said the end again, and a player
    who then left was "waited for at their decisions"."""
    import io

    from monopoly.text.client import TextClient
    out = io.StringIO()
    client = TextClient(out, say_prompt=False)
    client.seat = 1
    here = [{"name": "Ann", "connected": True, "away": False}, {"name": "Bob", "connected": True, "away": False}]
    gone = [{"name": "Ann", "connected": False, "away": True}, here[1]]
    client.update({"game": {"players": here, "over": True, "winner": 1}})
    client.update({"game": {"players": gone, "over": True, "winner": 1}})
    assert out.getvalue().splitlines() == ["The game is over: Bob wins.", "Ann left."]
