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


def test_an_unknown_host_command_answers_in_one_line_naming_the_nearest(tmp_path: Path) -> None:
    hosted = HostedGame(started(tmp_path), tmp_path)
    said: list[str] = []
    assert host_command(hosted, "computer Ann", said.append, "here", 7627, False)
    assert len(said) == 1 and "Unknown command 'computer'" in said[0] and "did you mean cpu?" in said[0]
    said.clear()
    assert host_command(hosted, "xyzzy", said.append, "here", 7627, False, prefix="/")
    assert len(said) == 1 and "'/xyzzy'" in said[0] and "/codes" in said[0] and "/quit" in said[0]
    said.clear()
    assert host_command(hosted, "help", said.append, "here", 7627, False)
    assert said == HOST_HELP


def test_a_seat_handed_to_a_computer_is_said_before_its_first_move_and_back_in_order(tmp_path: Path) -> None:
    """What the text client prints, in order: the hand-over, then the computer's moves for that seat;
    the hand-back, then what follows."""
    from monopoly.net.client import TextClient
    from net_harness import Raw, serve

    said: list[str] = []
    assert host_command(hosted, "computer Ann", said.append, "here", 7627, False)
    assert len(said) == 1 and "Unknown command 'computer'" in said[0] and "did you mean cpu?" in said[0]
    said.clear()
    assert host_command(hosted, "xyzzy", said.append, "here", 7627, False, prefix="/")
    assert len(said) == 1 and "'/xyzzy'" in said[0] and "/codes" in said[0] and "/quit" in said[0]
    said.clear()
    assert host_command(hosted, "help", said.append, "here", 7627, False)
    assert said == HOST_HELP


def test_a_seat_handed_to_a_computer_is_said_before_its_first_move_and_back_in_order(tmp_path: Path) -> None:
    """What the text client prints, in order: the hand-over, then the computer's moves for that seat;
    the hand-back, then what follows."""
    from monopoly.net.client import TextClient
    from net_harness import Raw, serve

    said: list[str] = []
    assert host_command(hosted, "computer Ann", said.append, "here", 7627, False)
    assert len(said) == 1 and "Unknown command 'computer'" in said[0] and "did you mean cpu?" in said[0]
    said.clear()
    assert host_command(hosted, "xyzzy", said.append, "here", 7627, False, prefix="/")
    assert len(said) == 1 and "'/xyzzy'" in said[0] and "/codes" in said[0] and "/quit" in said[0]
    said.clear()
    assert host_command(hosted, "help", said.append, "here", 7627, False)
    assert said == HOST_HELP


def test_a_seat_handed_to_a_computer_is_said_before_its_first_move_and_back_in_order(tmp_path: Path) -> None:
    """What the text client prints, in order: the hand-over, then the computer's moves for that seat;
    the hand-back, then what follows."""
    from monopoly.net.client import TextClient
    from net_harness import Raw, serve

    said: list[str] = []
    assert host_command(hosted, "computer Ann", said.append, "here", 7627, False)
    assert len(said) == 1 and "Unknown command 'computer'" in said[0] and "did you mean cpu?" in said[0]
    said.clear()
    assert host_command(hosted, "xyzzy", said.append, "here", 7627, False, prefix="/")
    assert len(said) == 1 and "'/xyzzy'" in said[0] and "/codes" in said[0] and "/quit" in said[0]
    said.clear()
    assert host_command(hosted, "help", said.append, "here", 7627, False)
    assert said == HOST_HELP


def test_a_seat_handed_to_a_computer_is_said_before_its_first_move_and_back_in_order(tmp_path: Path) -> None:
    """What the text client prints, in order: the hand-over, then the computer's moves for that seat;
    the hand-back, then what follows."""
    from monopoly.net.client import TextClient
    from net_harness import Raw, serve

    async def go() -> list[str]:
        server, hosted, port = await serve(tmp_path, players="Ann,Bob,cpu", seed=5)
        watcher = await Raw.open(port, hosted.codes.spectator)
        await watcher.until("welcome")
        p = hosted.session.person_asked()
        assert p is not None
        assert hosted.hand_to_computer(p) == "done"
        assert hosted.hand_back(p) == "done"
        while True:  # everything told until now
            try:
                await watcher.next(timeout=0.5)
            except asyncio.TimeoutError:
                break
        await watcher.close()
        await server.close()
        return [hosted.game.view.name(p)] + [str(m) for m in [watcher.seen]]

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
            tui.send("q")
            tui.wait_for("Leave this game?")
            tui.send("y")
            assert tui.wait_exit() == 0
        finally:
            tui.close()
        time.sleep(0.1)
    finally:
        served.stop()
