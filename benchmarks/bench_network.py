"""Load on one game server: many games at once, every seat a remote client acting as fast as it can.

    python benchmarks/bench_network.py [--games 100] [--seats 4] [--max-turns 100] [--no-save]

Starts one server in its own process (``--serve``, as ``monopoly host`` runs it, signals handled
by its event loop, every game autosaved after every action into a temporary folder unless
``--no-save``), holding ``--games`` games of ``--seats`` people each. This process then
connects one client per seat over TCP on 127.0.0.1 and plays every game to its end
(``--max-turns`` ends a game nobody has won); each client answers with
``monopoly.net.bots.choose`` (the client side sees only the public view, so the computer players
of ``monopoly.ai``, which read the whole game, cannot be used there). The clients share the
machine with the server: they are kept lean (one protocol object a connection that reads only
the prompt, the update's number and whether the game is over, one deadline for the run), and the
CPU each side spends an action is reported, so a slow figure can be told apart.

A round trip is timed from an action sent to the update that answers it (the update carries the
request's id). Reports games and clients held, actions a second, the median and 99th percentile
round trip, the CPU time an action of the server and of the clients, the server's memory (peak
resident size, from /proc), and checks every game at the end: its invariants, and (with
autosave) that its autosave read back as after a ``kill -9``, the steps past it replayed, is the
game exactly. A game lost or damaged fails the run (exit 1). ``--profile FILE`` writes the
server's cProfile statistics. Target on the development machine: 100 games with 400 clients,
99th percentile under 50 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # runs from a checkout too

from monopoly.net.bots import choose  # noqa: E402
from monopoly.net.protocol import encode, message  # noqa: E402


def cpu_seconds() -> float:
    """The CPU time this process has used (user and system)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


# ---------------------------------------------------------------------------------------- the server
class GcProbe:
    """The server's garbage collections while it serves: pauses by generation (``gc.callbacks``)."""

    def __init__(self) -> None:
        self.pauses: list[list[float]] = [[], [], []]
        self.began = 0.0

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self.began = time.perf_counter()
        else:
            self.pauses[info["generation"]].append(time.perf_counter() - self.began)

    def report(self) -> dict[str, Any]:
        return {"gc": [[len(p), sum(p), max(p, default=0.0)] for p in self.pauses],
                "tracked": len(gc.get_objects())}


def serve(games: int, seats: int, max_turns: int, save_dir: str | None, probe: bool = False,
          python_gc: bool = False) -> int:
    """The server process: print the port and codes as one JSON line, serve until stdin closes, then
    print each game's check and the peak memory."""
    from monopoly.engine import check_invariants
    from monopoly.net.server import MAX_CONNECTIONS, HostedGame, Server, collect_for_serving
    from monopoly.session.rule_options import chosen_rules
    from monopoly.storage import saves
    from monopoly.storage.starts import start_from_command_line

    folder = Path(save_dir or tempfile.mkdtemp(prefix="bench-net-"))
    hosted: list[HostedGame] = []
    names = ",".join(f"P{i + 1}" for i in range(seats))
    rules = chosen_rules("us", [f"max_turns={max_turns}"], None)
    for number in range(games):
        started, _ = start_from_command_line(None, names, "us", 1000 + number, rules, folder)
        assert started is not None
        game = HostedGame(started, folder)
        if save_dir is None:
            game.session.store = None  # --no-save: nothing written
        hosted.append(game)
    server = Server(hosted)
    if not python_gc:
        collect_for_serving()  # as monopoly host does once its game is loaded
    unsaved: list[HostedGame] = []  # games whose autosave does not give them back as they are
    serving = [0.0, 0.0]  # the server's CPU seconds when it started serving, and when play ended
    server.max_connections = max(MAX_CONNECTIONS, games * seats + 16)
    collections = GcProbe() if probe else None

    async def main() -> None:
        port = await server.start("127.0.0.1", 0)
        serving[0] = cpu_seconds()
        if collections is not None:
            gc.callbacks.append(collections)
        print(json.dumps({"port": port, "codes": [[g.codes.seats[s] for s in sorted(g.codes.seats)]
                                                  for g in hosted]}), flush=True)
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):  # as monopoly host does: through the loop
            loop.add_signal_handler(signum, lambda: None)
        await loop.run_in_executor(None, sys.stdin.readline)  # the benchmark says when
        serving[1] = cpu_seconds()
        if collections is not None:
            gc.callbacks.remove(collections)
        if save_dir is not None:  # as after a kill -9 now: each autosave, its steps replayed, is the game
            for g in hosted:
                try:
                    alike = saves.read_save(g.session.store.autosave_path).game.to_dict() == g.game.to_dict()  # type: ignore[union-attr]
                except saves.SaveError as exc:
                    print(f"unreadable save: {exc}", file=sys.stderr)
                    alike = False
                if not alike:
                    unsaved.append(g)
        await server.close()

    asyncio.run(main())
    damaged = 0
    for g in hosted:
        try:
            check_invariants(g.game)
        except Exception as exc:  # a damaged game is reported, not raised
            damaged += 1
            print(f"damaged: {exc}", file=sys.stderr)
    peak = rss = 0
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                peak = int(line.split()[1])
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1])
    except OSError:
        pass
    over = sum(1 for g in hosted if g.game.view.over)
    print(json.dumps({"over": over, "damaged": damaged + len(unsaved), "peak_kb": peak, "rss_kb": rss,
                      "cpu": serving[1] - serving[0], **(collections.report() if collections else {})}), flush=True)
    return 0


# ---------------------------------------------------------------------------------------- the clients
class Bot(asyncio.Protocol):
    """One seat's client, as lean as the protocol allows: it reads each line as JSON and keeps only
    what it acts on (the update's number, its seat's prompt, whether the game is over), answering
    with ``monopoly.net.bots.choose``. A person's client (``client.Link``) also applies each update's
    changes to its copy of the game to draw it; that is the players' machines' work, and here it
    would only take the server's cores from it. An update out of step is answered with a ``sync``
    and counted (``skipped``), as ``Link`` does."""

    def __init__(self, code: str, done: "asyncio.Future[None]") -> None:
        self.code = code
        self.done = done
        self.transport: asyncio.Transport | None = None
        self.buffer = b""
        self.seq: int | None = None
        self.prompt: Any = None
        self.request = 0
        self.sent_at = 0.0
        self.waiting = False
        self.times: list[float] = []
        self.actions = 0
        self.skipped = 0
        self.over = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        self.send(message("hello", code=self.code))

    def send(self, data: dict[str, Any]) -> None:
        assert self.transport is not None
        self.transport.write(encode(data))

    def data_received(self, data: bytes) -> None:
        lines = (self.buffer + data).split(b"\n")
        self.buffer = lines.pop()
        for line in lines:
            self.take(json.loads(line))

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.done.done():
            self.done.set_result(None)

    def take(self, data: dict[str, Any]) -> None:
        kind = data["type"]
        if kind in ("update", "refused") and self.waiting and data.get("request") == self.request:
            self.times.append(time.perf_counter() - self.sent_at)
            self.waiting = False
        if kind in ("welcome", "sync"):
            self.seq = data["seq"]
            self.prompt = data["prompt"]
            self.over = data["game"]["over"]
        elif kind == "update":
            if self.seq is None:  # a sync is asked for: what comes before it is skipped
                return
            if data["seq"] != self.seq + 1:
                self.skipped += 1
                self.seq = None
                self.send(message("sync"))
                return
            self.seq = data["seq"]
            if "prompt" in data:
                self.prompt = data["prompt"]
            self.over = self.over or [["over"], True] in data["changes"].get("game", ())
        elif kind != "refused":
            return
        if self.over:
            if not self.done.done():
                self.done.set_result(None)
            return
        if self.waiting or self.seq is None:
            return
        move = choose({"prompt": self.prompt})
        if move is not None:
            self.request += 1
            self.sent_at = time.perf_counter()
            self.send(dict(move, id=self.request))
            self.actions += 1
            self.waiting = True


async def drive(port: int, codes: list[list[str]], timeout: float) -> tuple[list[Bot], float]:
    loop = asyncio.get_running_loop()
    bots = []
    for game in codes:
        for code in game:
            bot = Bot(code, loop.create_future())
            await loop.create_connection(lambda: bot, "127.0.0.1", port)
            bots.append(bot)
    start = time.perf_counter()
    try:
        await asyncio.wait_for(asyncio.gather(*(bot.done for bot in bots)), timeout)
    except asyncio.TimeoutError:
        print(f"gave up after {timeout:.0f} s", file=sys.stderr)
    elapsed = time.perf_counter() - start
    for bot in bots:
        if bot.transport is not None:
            bot.transport.close()
    return bots, elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--max-turns", type=int, default=100)
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds before the run gives up")
    parser.add_argument("--no-save", action="store_true", help="do not autosave (measures the protocol alone)")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--save-dir", help=argparse.SUPPRESS)
    parser.add_argument("--profile", metavar="FILE", help="write the server's cProfile statistics to FILE")
    parser.add_argument("--gc", action="store_true", help="report the server's garbage collections (a probe)")
    parser.add_argument("--python-gc", action="store_true",
                        help="leave the server's collector at Python's defaults (not as monopoly host sets it)")
    args = parser.parse_args()
    if args.serve:
        if args.profile:
            import cProfile
            profiler = cProfile.Profile()
            try:
                return profiler.runcall(serve, args.games, args.seats, args.max_turns,
                                        None if args.no_save else args.save_dir, args.gc, args.python_gc)
            finally:
                profiler.dump_stats(args.profile)
        return serve(args.games, args.seats, args.max_turns, None if args.no_save else args.save_dir, args.gc,
                     args.python_gc)
    with tempfile.TemporaryDirectory(prefix="bench-net-") as folder:
        command = [sys.executable, __file__, "--serve", "--games", str(args.games), "--seats", str(args.seats),
                   "--max-turns", str(args.max_turns), "--save-dir", folder] + (["--no-save"] if args.no_save else []) \
            + (["--profile", args.profile] if args.profile else []) + (["--gc"] if args.gc else []) \
            + (["--python-gc"] if args.python_gc else [])
        proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert proc.stdin is not None and proc.stdout is not None
        first = json.loads(proc.stdout.readline())
        before = cpu_seconds()
        bots, elapsed = asyncio.run(drive(first["port"], first["codes"], args.timeout))
        clients_cpu = cpu_seconds() - before
        proc.stdin.write("\n")
        proc.stdin.flush()
        report = json.loads(proc.stdout.readline())
        proc.wait(30)
    times = sorted(t for b in bots for t in b.times)
    actions = sum(b.actions for b in bots)
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))] if times else float("nan")
    print(f"games: {args.games} ({report['over']} played to the end, {report['damaged']} damaged), "
          f"clients: {len(bots)}, seats a game: {args.seats}, autosave: {'off' if args.no_save else 'every action'}")
    print(f"actions: {actions} in {elapsed:.1f} s = {actions / elapsed:.0f} actions/s")
    if times:
        print(f"round trip: median {statistics.median(times) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, "
              f"max {times[-1] * 1000:.1f} ms")
    print(f"CPU an action: server {report['cpu'] / actions * 1000:.2f} ms, clients "
          f"{clients_cpu / actions * 1000:.2f} ms")
    print(f"server memory: peak {report['peak_kb'] / 1024:.0f} MB resident ({report['rss_kb'] / 1024:.0f} MB at the end)")
    if "gc" in report:
        print("server's garbage collections while serving: " + ", ".join(
            f"generation {g}: {n} ({total * 1000:.0f} ms, longest {longest * 1000:.1f} ms)"
            for g, (n, total, longest) in enumerate(report["gc"]))
            + f"; {report['tracked']:,} objects tracked at the end")
    skipped = sum(b.skipped for b in bots)
    if skipped:
        print(f"updates out of step (a sync asked for): {skipped}")
    lost = args.games - report["over"]
    return 1 if report["damaged"] or lost else 0


if __name__ == "__main__":
    sys.exit(main())
