"""Our simulation's speed per player-turn against a peer's, measured interleaved in one run (issue 11).

    python benchmarks/bench_peers.py [--reps 5] [--peers DIR] [--json]
    python benchmarks/bench_peers.py --peer gnome --strategies ruthless,ruthless,ruthless,ruthless --reps 3

Games differ in length between rule sets and bots, so the comparison is per player-turn: one
player's turn, extra throws after doubles included. The peers' harnesses count it their way
(``../shared/peers/README.md``); ours is the engine's turn number at the end of each game
(``GameResult.turns``). Each repetition runs the peer's harness in a child process (its own
clock covers only its games, not start-up) and then our games in this process (one process, classic
US rules, ``monopoly.reports.tournament.run_games``), so both sides see the same machine load. The ratio
is ours / peer; above 1 we are faster. It is also given in CPU time (the peer's child process
less its start-up, measured once with a one-game run; ours ``time.process_time``), which other
programs busy on the same CPUs disturb far less than the wall clock the harnesses report.

``--peer gcp`` (default): gamescomputersplay/monopoly v2, four standard players, run from
``PEERS/gcp`` with this interpreter. ``--peer gnome``: USC/ISI GNOME with four
``background_agent_v3_1`` players, run with ``--gnome-python`` (by default ``.gnome-venv`` in the
repository root, which git ignores).

The peers are other people's programs and are not in this repository; the two harnesses that time
them are (``benchmarks/peers/``). Get the peers once (``PEERS`` is ``benchmarks/peers``, or the
development machines' ``../shared/peers`` where it exists, or ``--peers DIR``):

    git clone https://github.com/gamescomputersplay/monopoly benchmarks/peers/gcp
    git -C benchmarks/peers/gcp checkout 7c4df31
    python3 -m venv .gnome-venv
    .gnome-venv/bin/pip install --no-deps monopoly-simulator-test numpy xlsxwriter

Exits 2 with a message saying this when a peer or the GNOME interpreter is missing.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # runs from a checkout too

from monopoly.ai.registry import STRATEGIES  # noqa: E402
from monopoly.reports.tournament import run_games  # noqa: E402


@dataclass(frozen=True)
class Peer:
    """How to run one peer's harness, and sizes that take a few seconds a side on a 2-core machine."""
    name: str
    harness: str          # file in the peers folder
    workdir: str          # folder (in the peers folder) to run it from; "" for the repository root
    peer_games: int
    strategies: str       # our default line-up against it
    games: int


PEERS = {
    "gcp": Peer("gamescomputersplay/monopoly v2", "gcp_bench.py", "gcp", 400, "basic,basic,basic,basic", 250),
    "gnome": Peer("USC/ISI GNOME", "gnome_bench.py", "", 150, "ruthless,ruthless,ruthless,ruthless", 200),
}


@dataclass(frozen=True)
class Side:
    """One side of one repetition: games played, player-turns counted, seconds taken on the wall
    clock and in CPU time (None where the system does not tell a child's CPU time)."""
    games: int
    player_turns: int
    seconds: float
    cpu_seconds: float | None

    @property
    def rate(self) -> float:
        """Player-turns per second (wall clock)."""
        return self.player_turns / self.seconds if self.seconds > 0 else 0.0

    @property
    def cpu_rate(self) -> float | None:
        """Player-turns per CPU second: steadier than ``rate`` when other programs share the CPUs."""
        return self.player_turns / self.cpu_seconds if self.cpu_seconds else None


def children_cpu() -> float | None:
    """CPU seconds used so far by this process's finished children (Unix only)."""
    try:
        import resource
    except ImportError:
        return None
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


class BenchError(Exception):
    """A missing peer or a failed harness: reported as a message, exit status 2."""


def run_peer(command: list[str], workdir: Path, games: int, startup_cpu: float = 0.0) -> Side:
    """Run a peer's harness for ``games`` games and read its JSON line (the last line of its
    output that is one). Its CPU time is the child's, less ``startup_cpu`` (interpreter start and
    imports, which its own clock leaves out too)."""
    command = [*command, "--games", str(games)]
    before = children_cpu()
    try:
        done = subprocess.run(command, cwd=workdir, capture_output=True, text=True, timeout=600)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise BenchError(f"could not run {' '.join(command)}: {exc}") from None
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode != 0 or not lines:
        tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise BenchError(f"{' '.join(command)} failed (exit {done.returncode}): {tail}")
    report = json.loads(lines[-1])
    after = children_cpu()
    cpu = after - before - startup_cpu if before is not None and after is not None else None
    return Side(int(report["games"]), int(report["player_turns"]), float(report["seconds"]), cpu)


def startup_cost(command: list[str], workdir: Path) -> float:
    """The CPU seconds a harness spends outside its games: a one-game run's CPU time less that
    game's own time (too short to be disturbed much)."""
    one = run_peer(command, workdir, 1)
    return max(0.0, one.cpu_seconds - one.seconds) if one.cpu_seconds is not None else 0.0


def run_ours(games: int, strategies: Sequence[str], seed: int) -> Side:
    """Our games in this process, counted as the peers count: the engine's turns of each game."""
    start, start_cpu = time.perf_counter(), time.process_time()
    results = run_games(games, strategies, "us", seed, jobs=1)
    seconds, cpu = time.perf_counter() - start, time.process_time() - start_cpu
    return Side(games, sum(r.turns for r in results), seconds, cpu)


HARNESSES = ROOT / "benchmarks" / "peers"
SHARED_PEERS = ROOT.parent / "shared" / "peers"  # the development machines' copy, where there is one
GCP_COMMIT = "7c4df31"


def default_peers() -> Path:
    """The development machines' shared peers folder where it exists, else ``benchmarks/peers``."""
    return SHARED_PEERS if (SHARED_PEERS / "gcp").is_dir() else HARNESSES


def peer_command(peer: Peer, peers: Path, gnome_python: Path) -> tuple[list[str], Path]:
    """The harness command line (less ``--games``) and the folder to run it from; BenchError, saying
    how to get what is missing, if something is."""
    harness = peers / peer.harness if (peers / peer.harness).is_file() else HARNESSES / peer.harness
    if not harness.is_file():
        raise BenchError(f"no harness {peer.harness} in {peers} or {HARNESSES}")
    python = sys.executable if peer.harness == "gcp_bench.py" else str(gnome_python)
    if python != sys.executable and not Path(python).is_file():
        raise BenchError(f"no GNOME interpreter at {python}: GNOME's simulator is on PyPI; make its venv with "
                         "python3 -m venv .gnome-venv && .gnome-venv/bin/pip install --no-deps "
                         "monopoly-simulator-test numpy xlsxwriter (or give one with --gnome-python)")
    workdir = peers / peer.workdir if peer.workdir else ROOT
    if not workdir.is_dir():
        raise BenchError(f"no peers folder with {peer.workdir}/ at {peers}: fetch gamescomputersplay/monopoly at the "
                         f"commit its harness names with git clone https://github.com/gamescomputersplay/monopoly "
                         f"{peers / peer.workdir} && git -C {peers / peer.workdir} checkout {GCP_COMMIT} "
                         "(or give the folder with --peers DIR)")
    return [python, str(harness)], workdir


def load_average() -> float | None:
    """The one-minute load average, where the system tells it (not on Windows)."""
    return round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None


def measure(peer: Peer, command: list[str], workdir: Path, games: int, peer_games: int, strategies: Sequence[str],
            reps: int, seed: int, progress: bool) -> dict:
    """Interleave ``reps`` repetitions of the peer and ours and report rates and ratios."""
    runs = []
    load_before = load_average()
    startup = startup_cost(command, workdir)
    for rep in range(reps):
        theirs = run_peer(command, workdir, peer_games, startup)
        ours = run_ours(games, strategies, seed)
        ratio = ours.rate / theirs.rate if theirs.rate else 0.0
        cpu_ratio = (ours.cpu_rate / theirs.cpu_rate) if ours.cpu_rate and theirs.cpu_rate else None
        runs.append({"peer_games": theirs.games, "peer_player_turns": theirs.player_turns,
                     "peer_seconds": round(theirs.seconds, 3), "peer_turns_per_s": round(theirs.rate),
                     "our_games": ours.games, "our_player_turns": ours.player_turns,
                     "our_seconds": round(ours.seconds, 3), "our_turns_per_s": round(ours.rate),
                     "ratio": round(ratio, 3), "cpu_ratio": round(cpu_ratio, 3) if cpu_ratio else None})
        if progress:
            print(f"rep {rep + 1}/{reps}: peer {theirs.rate:,.0f}, ours {ours.rate:,.0f} player-turns/s, "
                  f"ratio {ratio:.3f}", file=sys.stderr)
    cpu_ratios = [r["cpu_ratio"] for r in runs if r["cpu_ratio"] is not None]
    return {"peer": peer.name, "strategies": list(strategies), "reps": reps, "seed": seed,
            "python": sys.version.split()[0], "cpus": os.cpu_count(),
            # other processes on the machine slow both sides at random: say how busy it was
            "load_average": [load_before, load_average()], "runs": runs,
            "median_ratio": round(statistics.median(r["ratio"] for r in runs), 3),
            # the same in CPU time (the peer's less its start-up): steadier on a busy machine
            "median_cpu_ratio": round(statistics.median(cpu_ratios), 3) if len(cpu_ratios) == reps else None,
            "peer_us_per_turn": round(1e6 / statistics.median(r["peer_turns_per_s"] for r in runs), 2),
            "our_us_per_turn": round(1e6 / statistics.median(r["our_turns_per_s"] for r in runs), 2)}


def format_table(report: dict) -> str:
    """The report as a plain table, one line a repetition, then the medians."""
    lines = [f"ours ({','.join(report['strategies'])}) vs {report['peer']}, per player-turn, "
             f"{report['reps']} interleaved repetitions, Python {report['python']}", "",
             f"{'rep':>3}  {'peer turns':>10}  {'peer turns/s':>12}  {'our turns':>9}  {'our turns/s':>11}  "
             f"{'ours/peer':>9}  {'in CPU time':>11}"]
    for i, r in enumerate(report["runs"], 1):
        cpu = f"{r['cpu_ratio']:.3f}" if r["cpu_ratio"] is not None else "-"
        lines.append(f"{i:>3}  {r['peer_player_turns']:>10,}  {r['peer_turns_per_s']:>12,}  "
                     f"{r['our_player_turns']:>9,}  {r['our_turns_per_s']:>11,}  {r['ratio']:>9.3f}  {cpu:>11}")
    cpu_median = report["median_cpu_ratio"]
    lines += ["", f"median ratio ours/peer: {report['median_ratio']:.3f} "
                  f"({report['our_us_per_turn']} us a turn against {report['peer_us_per_turn']})"
                  + (f"; in CPU time {cpu_median:.3f}" if cpu_median is not None else ""),
              f"load average (1 min) {report['load_average'][0]} before, {report['load_average'][1]} after, "
              f"on {report['cpus']} CPUs"]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--peer", choices=sorted(PEERS), default="gcp")
    parser.add_argument("--peers", type=Path, default=default_peers(),
                        help="the peers folder (default ../shared/peers where it exists, else benchmarks/peers)")
    parser.add_argument("--gnome-python", type=Path, default=ROOT / ".gnome-venv" / "bin" / "python",
                        help="the interpreter of the GNOME venv (default .gnome-venv/bin/python)")
    parser.add_argument("--reps", type=int, default=5, help="interleaved repetitions (default 5)")
    parser.add_argument("--games", type=int, help="our games a repetition (default: per peer)")
    parser.add_argument("--peer-games", type=int, help="the peer's games a repetition (default: per peer)")
    parser.add_argument("--strategies", help="our four strategies, comma-separated (default: per peer)")
    parser.add_argument("--seed", type=int, default=1, help="seed of our games")
    parser.add_argument("--json", action="store_true", help="print the report as one JSON line")
    args = parser.parse_args(argv)
    peer = PEERS[args.peer]
    strategies = (args.strategies or peer.strategies).split(",")
    unknown = [s for s in strategies if s not in STRATEGIES]
    if unknown:
        parser.error(f"unknown strategy {unknown[0]!r}; choose from {', '.join(STRATEGIES)}")
    for name in ("reps", "games", "peer_games"):
        if getattr(args, name) is not None and getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")
    try:
        command, workdir = peer_command(peer, args.peers.resolve(), args.gnome_python)
        report = measure(peer, command, workdir, args.games or peer.games, args.peer_games or peer.peer_games,
                         strategies, args.reps, args.seed, progress=not args.json)
    except BenchError as exc:
        print(f"bench_peers: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(report) if args.json else format_table(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
