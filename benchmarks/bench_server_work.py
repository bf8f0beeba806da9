"""The game server's own work an action, without sockets: what ``bench_network.py`` cannot tell apart.

    python benchmarks/bench_server_work.py [--games 20] [--max-turns 100] [--profile FILE]

Plays ``--games`` games of four remote people through the server's ``HostedGame`` (as ``monopoly
host`` holds them, autosave on: each action's step appended to the steps file, the whole autosaves
left to a writer that never runs), each seat a fake connection that decodes every line it is sent
and answers with ``monopoly.net.bots.choose``, as the load benchmark's clients do. Only the server's
side is timed: the CPU time (``time.process_time``) spent in ``HostedGame.act``, that is the
engine's action, the autosave step, the public view and state and their changes, every seat's
prompt and the JSON of every line, and the garbage collector's pauses (the collector set as
``monopoly host`` sets it once the games are loaded, unless ``--python-gc``). The kernel's work
for the sockets and the event loop's are not in it. The CPU time of a process moves much less
with the machine's load than a round trip does, so two versions of the server can be compared
on a busy machine; ``--profile`` writes cProfile statistics of the timed part.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # runs from a checkout too

from monopoly.net.bots import choose  # noqa: E402
from monopoly.net.server import Connection, HostedGame, HostStore, SaveWriter, collect_for_serving  # noqa: E402
from monopoly.session.rule_options import chosen_rules  # noqa: E402
from monopoly.storage.starts import start_from_command_line  # noqa: E402


class FakeConnection(Connection):
    """A seat's connection that keeps the lines sent to it and reads them as a lean client does."""

    def __init__(self, seat: int) -> None:
        self.address = "fake"
        self.game = None
        self.seat = seat
        self.closed = False
        self.prompt = None
        self.lines: list[bytes] = []
        self.client_prompt: Any = None
        self.over = False
        self.request = 0
        self.waiting = False

    def send(self, data: Any) -> None:
        self.lines.append(data if isinstance(data, bytes) else json.dumps(data).encode())

    def close(self) -> None:
        self.closed = True

    def read(self) -> dict[str, Any] | None:
        """Take in the lines sent so far: the move to make now, if any."""
        for line in self.lines:
            data = json.loads(line)
            if data.get("request") == self.request:
                self.waiting = False
            if "prompt" in data:
                self.client_prompt = data["prompt"]
            game = data.get("game")
            if isinstance(game, dict) and game.get("over"):
                self.over = True
            if [["over"], True] in data.get("changes", {}).get("game", ()):
                self.over = True
        self.lines = []
        if self.over or self.waiting:
            return None
        return choose({"prompt": self.client_prompt})


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--max-turns", type=int, default=100)
    parser.add_argument("--profile", metavar="FILE")
    parser.add_argument("--python-gc", action="store_true",
                        help="leave the collector at Python's defaults (not as monopoly host sets it)")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-work-"))
    rules = chosen_rules("us", [f"max_turns={args.max_turns}"], None)
    writer = SaveWriter(lambda text: None)
    games: list[tuple[HostedGame, list[FakeConnection]]] = []
    for number in range(args.games):
        started, _ = start_from_command_line(None, "P1,P2,P3,P4", "us", 1000 + number, rules, folder)
        assert started is not None
        hosted = HostedGame(started, folder)
        store = hosted.session.store
        assert isinstance(store, HostStore)
        store.write_now()
        store.writer = writer  # steps at once, whole autosaves never (the writer's thread is not timed)
        conns = [FakeConnection(seat) for seat in range(4)]
        for conn in conns:
            conn.game = hosted
            hosted.clients.append(conn)
            conn.send(hosted.welcome(conn))
        hosted.advance()
        games.append((hosted, conns))
    if not args.python_gc:
        collect_for_serving()  # as monopoly host does once its game is loaded
    profiler = None
    if args.profile:
        import cProfile
        profiler = cProfile.Profile()
    spent = 0.0
    actions = 0
    playing = list(games)
    wall = time.perf_counter()
    while playing:
        still = []
        for hosted, conns in playing:
            moved = False
            for conn in conns:
                move = conn.read()
                if move is None or moved:
                    continue
                moved = True
                conn.request += 1
                conn.waiting = True
                start = time.process_time()
                if profiler is not None:
                    profiler.enable()
                if move["type"] == "go":
                    hosted.go(conn.seat, (conn, conn.request))
                else:
                    hosted.act(conn.seat, move["action"], (conn, conn.request))
                if profiler is not None:
                    profiler.disable()
                spent += time.process_time() - start
                actions += 1
            if moved and not hosted.game.view.over:
                still.append((hosted, conns))
        playing = still
    wall = time.perf_counter() - wall
    if profiler is not None:
        profiler.dump_stats(args.profile)
    over = sum(1 for hosted, _ in games if hosted.game.view.over)
    print(f"games: {args.games} ({over} over), actions: {actions}, server CPU an action: "
          f"{spent / actions * 1e6:.0f} us (run {wall:.1f} s)")
    return 0 if over == args.games else 1


if __name__ == "__main__":
    sys.exit(main())
