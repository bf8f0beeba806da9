"""The host's console: where players join from, and what it says when the game is over (the
last rough edges of issue 25, found playing by hand)."""

from __future__ import annotations

import io
from pathlib import Path

from monopoly.net.addresses import join_address, reachable
from monopoly.net.host import host_main

from net_harness import started


def hosted_headless(tmp_path: Path, commands: str, bind: str = "127.0.0.1") -> list[str]:
    """What a headless host prints, served on a free port, given these commands."""
    out = io.StringIO()
    assert host_main(started(tmp_path), tmp_path, bind, 0, True, stdin=io.StringIO(commands), stdout=out,
                     paced=False) == 0
    return out.getvalue().splitlines()


def test_the_join_lines_give_an_address_another_machine_can_reach() -> None:
    """Tried by hand: bound to every address, the lines named the machine (``vm:7743``), which
    the other machines' resolvers did not know."""
    address, said = join_address(None, lambda: ["192.168.1.20", "10.0.0.5"])
    assert address == "192.168.1.20"
    assert said and "192.168.1.20 (or 10.0.0.5, on another network)" in said[0] and "127.0.0.1" in said[0]
    address, said = join_address("0.0.0.0", lambda: [])  # no network: the name, said for what it is
    assert "may not know" in said[0] and address in said[0]
    address, said = join_address("192.168.1.20", lambda: ["10.0.0.5"])
    assert address == "192.168.1.20" and "10.0.0.5" not in said[0]
    assert not reachable("127.0.1.1") and not reachable("169.254.3.4") and reachable("192.168.1.20")


def test_a_host_bound_to_the_loopback_says_only_this_machine_can_join(tmp_path: Path) -> None:
    said = hosted_headless(tmp_path, "quit\n")
    assert said[0].startswith("Serving the game of Ann, Bob, CPU1 on 127.0.0.1 port ")
    assert said[1].startswith("Bound to 127.0.0.1: only players on this machine can join")
    assert any(line.startswith("  Ann: monopoly join 127.0.0.1:") for line in said)


def test_a_headless_host_says_who_won_and_what_happens_next(tmp_path: Path) -> None:
    """Tried by hand: the game ended and the host's console said nothing of it."""
    said = hosted_headless(tmp_path, "end\nend\nquit\n")
    over = [line for line in said if line.startswith("The game is over")]
    assert len(over) == 1, said
    assert " wins" in over[0] and "goes on serving the final board" in over[0] and "quit" in over[0]
    assert "The game is already over." in said and "The game is ended." not in said
    assert said[-1] == "Stopped serving."  # a finished game: nothing to resume


def test_the_text_client_does_not_print_its_prompt_again_when_someone_comes_back(tmp_path: Path) -> None:
    """Tried by hand: "Bob is back." was followed by Ann's question and prompt, the same as the
    ones on her screen above it. Who comes and goes is said in a line of its own."""
    import asyncio

    from monopoly.text.client import run_client
    from net_harness import Raw, serve

    async def go() -> list[str]:
        server, hosted, port = await serve(tmp_path)
        out = io.StringIO()
        lines: asyncio.Queue[str | None] = asyncio.Queue()
        ann = asyncio.ensure_future(run_client("127.0.0.1", port, hosted.codes.seats[0], out, lines))

        async def until(text: str) -> None:
            for _ in range(200):
                if text in out.getvalue():
                    return
                await asyncio.sleep(0.02)
            raise AssertionError(f"{text!r} not in {out.getvalue()}")
        await until("roll>")
        for _ in range(2):  # joins, leaves, comes back, leaves
            bob = await Raw.open(port, hosted.codes.seats[1])
            await bob.until("welcome")
            bob.link.close()
            await until("Bob left")
        await until("Bob is back.")
        lines.put_nowait(None)
        await ann
        await server.close()
        return out.getvalue().splitlines()
    said = asyncio.run(asyncio.wait_for(go(), 60))
    assert said.count("Ann, $1,500 - 1 roll>") == 1, said
    assert said.count("Ann to throw the dice") == 1, said
    assert said.index("Bob joined.") < said.index("Bob is back.")


def test_the_text_clients_prompt_groups_the_deeds_of_a_player_who_owns_much() -> None:
    """Tried by hand: every "mortgage X" was listed, and the prompt ran over several lines. As in
    the local text mode, "mortgage" alone (or its number) lists the deeds."""
    from monopoly.text.client import TextClient
    deeds = ["Mediterranean Avenue", "Baltic Avenue", "Oriental Avenue", "Vermont Avenue", "Connecticut Avenue",
             "St. Charles Place", "States Avenue"]
    actions = [{"action": {"action": "roll", "player": 0}, "command": "roll"}]
    actions += [{"action": {"action": "mortgage", "player": 0, "square": i}, "command": f"mortgage {name}"}
                for i, name in enumerate(deeds)]
    actions += [{"action": {"action": "lift_mortgage", "player": 0, "square": 9}, "command": "unmortgage Boardwalk"}]
    out = io.StringIO()
    client = TextClient(out)
    client.receive({"type": "welcome", "seat": 0, "name": "Ann", "recent": [],
                    "game": {"players": [{"name": "Ann", "cash": 1500, "money": "$1,500"}]},
                    "prompt": {"seat": 0, "asked": True, "question": "", "actions": actions, "may_go": False,
                               "waiting_for": 0, "away": []}})
    assert out.getvalue().splitlines()[-1] == "Ann, $1,500 - 1 roll, 2 mortgage (7 deeds), 3 unmortgage Boardwalk>"
    for typed in ("mortgage", "2"):
        shown = client.typed(typed).show
        assert shown is not None and shown[0] == "You may mortgage: " + ", ".join(deeds)
    sent = client.typed("mortgage conn").send
    assert sent is not None and sent["action"]["square"] == 4
    sent = client.typed("3").send
    assert sent is not None and sent["action"]["action"] == "lift_mortgage"
    sent = client.typed("1").send
    assert sent is not None and sent["action"] == {"action": "roll", "player": 0}


def test_the_host_on_the_game_screen_takes_its_commands_with_s(tmp_path: Path) -> None:
    """Tried by hand: a host playing on the game's screen had no console for cpu, person, codes
    and end. There S (saving is automatic) asks for a host command; its answer is in the messages."""
    from tui_harness import TuiSession
    host = TuiSession(["host", "--players", "Ann,Bob,cpu", "--seed", "5", "--bind", "127.0.0.1", "--port", "0",
                       "--pace", "fast", "--save-dir", str(tmp_path)], rows=24, cols=80)
    try:
        host.wait_for("press Enter")
        host.send("enter")
        host.wait_for("(S: the host")
        host.wait_for("Ann: D to throw the dice")
        host.send("s")
        host.wait_for("Host command")
        host.send("who", "enter")
        host.wait_for("Bob: away")
        host.send("s")
        host.wait_for("Host command")
        host.send("cpu Bob", "enter")
        host.wait_for("A computer plays Bob")
        host.send("s")
        host.wait_for("Host command")
        host.send("quit", "enter")
        assert host.wait_exit() == 0
        said = host.output.decode(errors="replace")
        assert "You stopped serving the game for everyone." in said and "Stopped serving. Resume with:" in said
    finally:
        host.close()
