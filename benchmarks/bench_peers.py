"""Our simulation's speed per player-turn against a peer's, measured interleaved in one run (issue 11).

    python benchmarks/bench_peers.py [--reps 5] [--peers DIR] [--json]
    python benchmarks/bench_peers.py --peer gnome --strategies ruthless,ruthless,ruthless,ruthless --reps 3

Games differ in length between rule sets and bots, so the comparison is per player-turn: one
player's turn, extra throws after doubles included. The peers' harnesses count it their way
(``../shared/peers/README.md``); ours is the engine's turn number at the end of each game
(``GameResult.turns``). Each repetition runs the peer's harness in a child process (its own
clock covers only its games, not start-up) and then our games in this process (one process, classic
US rules, ``monopoly.ai.simulate.run_games``), so both sides see the same machine load. The ratio
is ours / peer; above 1 we are faster.

``--peer gcp`` (default): gamescomputersplay/monopoly v2, four standard players, run from
``PEERS/gcp`` with this interpreter. ``--peer gnome``: USC/ISI GNOME with four
``background_agent_v3_1`` players, run with ``--gnome-python`` (a venv made as the peers README
says, by default ``.gnome-venv`` in the repository root, which git ignores).
Exits 2 with a message when the peers folder or the GNOME interpreter is missing.
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
from monopoly.ai.simulate import run_games  # noqa: E402


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
    "gnome": Peer("USC/ISI GNOME", "gnome_bench.py", "", 150, "ruthless,ruthless,ruthless,ruthless", 30),
}


@dataclass(frozen=True)
class Side:
    """One side of one repetition: games played, player-turns counted and seconds taken."""
    games: int
    player_turns: int
    seconds: float

    @property
    def rate(self) -> float:
        """Player-turns per second."""
        return self.player_turns / self.seconds if self.seconds > 0 else 0.0


class BenchError(Exception):
    """A missing peer or a failed harness: reported as a message, exit status 2."""


def run_peer(command: list[str], workdir: Path) -> Side:
    """Run a peer's harness and read its JSON line (the last line of its output that is one)."""
    try:
        done = subprocess.run(command, cwd=workdir, capture_output=True, text=True, timeout=600)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise BenchError(f"could not run {' '.join(command)}: {exc}") from None
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode != 0 or not lines:
        tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise BenchError(f"{' '.join(command)} failed (exit {done.returncode}): {tail}")
    report = json.loads(lines[-1])
    return Side(int(report["games"]), int(report["player_turns"]), float(report["seconds"]))


def run_ours(games: int, strategies: Sequence[str], seed: int) -> Side:
    """Our games in this process, counted as the peers count: the engine's turns of each game."""
    start = time.perf_counter()
    results = run_games(games, strategies, "us", seed, jobs=1)
    seconds = time.perf_counter() - start
    return Side(games, sum(r.turns for r in results), seconds)


def peer_command(peer: Peer, peers: Path, games: int, gnome_python: Path) -> tuple[list[str], Path]:
    """The harness command line and the folder to run it from; BenchError if something is missing."""
    harness = peers / peer.harness
    if not harness.is_file():
        raise BenchError(f"no peers folder with {peer.harness} at {peers} (give it with --peers DIR)")
    python = sys.executable if peer.harness == "gcp_bench.py" else str(gnome_python)
    if python != sys.executable and not Path(python).is_file():
        raise BenchError(f"no GNOME interpreter at {python}: make the venv as {peers / 'README.md'} says, "
                         f"or give it with --gnome-python")
    workdir = peers / peer.workdir if peer.workdir else ROOT
    if not workdir.is_dir():
        raise BenchError(f"no {peer.workdir} folder in {peers}")
    return [python, str(harness), "--games", str(games)], workdir


def load_average() -> float | None:
    """The one-minute load average, where the system tells it (not on Windows)."""
    return round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None


def measure(peer: Peer, command: list[str], workdir: Path, games: int, strategies: Sequence[str], reps: int,
            seed: int, progress: bool) -> dict:
    """Interleave ``reps`` repetitions of the peer and ours and report rates and ratios."""
    runs = []
    load_before = load_average()
    for rep in range(reps):
        theirs = run_peer(command, workdir)
        ours = run_ours(games, strategies, seed)
        ratio = ours.rate / theirs.rate if theirs.rate else 0.0
        runs.append({"peer_games": theirs.games, "peer_player_turns": theirs.player_turns,
                     "peer_seconds": round(theirs.seconds, 3), "peer_turns_per_s": round(theirs.rate),
                     "our_games": ours.games, "our_player_turns": ours.player_turns,
                     "our_seconds": round(ours.seconds, 3), "our_turns_per_s": round(ours.rate),
                     "ratio": round(ratio, 3)})
        if progress:
            print(f"rep {rep + 1}/{reps}: peer {theirs.rate:,.0f}, ours {ours.rate:,.0f} player-turns/s, "
                  f"ratio {ratio:.3f}", file=sys.stderr)
    return {"peer": peer.name, "strategies": list(strategies), "reps": reps, "seed": seed,
            "python": sys.version.split()[0], "cpus": os.cpu_count(),
            # other processes on the machine slow both sides at random: say how busy it was
            "load_average": [load_before, load_average()], "runs": runs,
            "median_ratio": round(statistics.median(r["ratio"] for r in runs), 3),
            "peer_us_per_turn": round(1e6 / statistics.median(r["peer_turns_per_s"] for r in runs), 2),
            "our_us_per_turn": round(1e6 / statistics.median(r["our_turns_per_s"] for r in runs), 2)}


def format_table(report: dict) -> str:
    """The report as a plain table, one line a repetition, then the medians."""
    lines = [f"ours ({','.join(report['strategies'])}) vs {report['peer']}, per player-turn, "
             f"{report['reps']} interleaved repetitions, Python {report['python']}", "",
             f"{'rep':>3}  {'peer turns':>10}  {'peer turns/s':>12}  {'our turns':>9}  {'our turns/s':>11}  "
             f"{'ours/peer':>9}"]
    for i, r in enumerate(report["runs"], 1):
        lines.append(f"{i:>3}  {r['peer_player_turns']:>10,}  {r['peer_turns_per_s']:>12,}  "
                     f"{r['our_player_turns']:>9,}  {r['our_turns_per_s']:>11,}  {r['ratio']:>9.3f}")
    lines += ["", f"median ratio ours/peer: {report['median_ratio']:.3f} "
                  f"({report['our_us_per_turn']} us a turn against {report['peer_us_per_turn']})",
              f"load average (1 min) {report['load_average'][0]} before, {report['load_average'][1]} after, "
              f"on {report['cpus']} CPUs"]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--peer", choices=sorted(PEERS), default="gcp")
    parser.add_argument("--peers", type=Path, default=ROOT.parent / "shared" / "peers",
                        help="the peers folder (default ../shared/peers from the repository root)")
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
        command, workdir = peer_command(peer, args.peers.resolve(), args.peer_games or peer.peer_games,
                                        args.gnome_python)
        report = measure(peer, command, workdir, args.games or peer.games, strategies, args.reps, args.seed,
                         progress=not args.json)
    except BenchError as exc:
        print(f"bench_peers: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(report) if args.json else format_table(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
