"""The benchmarks still run: each is started as README says, with tiny sizes.

Their figures are not checked here (speed belongs in the benchmarks, not in timed tests); this
only catches a benchmark broken by a change to the code it measures.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

SMALL_RUNS = [
    (["bench_engine.py", "--games", "2", "--runs", "1", "--max-turns", "30"], "games/s"),
    (["bench_simulate.py", "--games", "3", "--runs", "1"], "games/s"),
    (["bench_ai_decisions.py", "--games", "1"], "decisions only"),
    (["bench_ai_strength.py", "--games", "4", "--jobs", "1"], "ruthless won"),
    (["bench_ai_strength.py", "--only", "manners", "--manners-games", "1", "--expert-games", "1", "--expert-budget",
      "0.01", "--boards", "uk"], "per 100"),
    (["limit_games.py", "--games", "2", "--extend", "1100"], "at the turn limit"),
    (["bench_saves.py", "--turns", "40", "--runs", "1"], "whole autosave"),
    (["bench_resume.py", "--megabytes", "0.2", "--runs", "1"], "monopoly stats"),
    (["bench_network.py", "--games", "2", "--max-turns", "20", "--timeout", "120"], "actions/s"),
    (["bench_server_work.py", "--games", "2", "--max-turns", "20"], "server CPU an action"),
    (["bench_analysis.py", "--turns", "30", "--runs", "1", "--deep", "--playouts", "1"], "analyse --deep"),
]


@pytest.mark.slow
@pytest.mark.parametrize("command, expected", SMALL_RUNS, ids=[c[0] for c, _ in SMALL_RUNS])
def test_a_benchmark_runs_to_its_report(command: list[str], expected: str) -> None:
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / command[0]), *command[1:]], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert "Traceback" not in done.stderr, done.stderr
    # the strength benchmark exits 1 when a target is missed, as four games may well do
    assert done.returncode in ((0, 1) if "strength" in command[0] else (0,)), done.stderr
    assert expected in done.stdout


@pytest.mark.slow
def test_the_instruction_count_runs_to_its_figure() -> None:
    import shutil
    if shutil.which("valgrind") is None:
        pytest.skip("valgrind is not installed")
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "bench_instructions.py"), "--games", "2",
                           "--strategies", "ruthless,random", "--json"], cwd=ROOT, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr
    assert '"instructions_per_player_turn"' in done.stdout


# the peers' harnesses (../shared/peers/README.md) sit beside the checkout; MONOPOLY_PEERS points elsewhere
PEERS = Path(os.environ.get("MONOPOLY_PEERS", ROOT.parent / "shared" / "peers"))
GNOME_PYTHON = ROOT / ".gnome-venv" / "bin" / "python"


@pytest.mark.slow
@pytest.mark.parametrize("peer", ["gcp", "gnome"])
def test_the_peer_benchmark_runs_to_its_ratio(peer: str) -> None:
    if not (PEERS / "gcp_bench.py").is_file():
        pytest.skip(f"no peers folder at {PEERS}")
    if peer == "gnome" and not GNOME_PYTHON.is_file():
        pytest.skip(f"no GNOME venv at {GNOME_PYTHON} (the peers README says how to make it)")
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "bench_peers.py"), "--peer", peer,
                           "--peers", str(PEERS), "--reps", "1", "--games", "1", "--peer-games", "2"], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 0, done.stderr
    assert "median ratio ours/peer" in done.stdout


def test_the_peer_benchmark_says_when_the_peers_are_missing(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "bench_peers.py"), "--peers", str(tmp_path)],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "no peers folder" in done.stderr
    # Issue 38: it says how to get the peer: the repository, at the commit the harness names
    assert "git clone https://github.com/gamescomputersplay/monopoly" in done.stderr and "7c4df31" in done.stderr
    harness = (ROOT / "benchmarks" / "peers" / "gcp_bench.py").read_text("utf-8")
    assert "commit 7c4df31" in harness


def test_the_peer_benchmark_says_how_to_make_the_gnome_venv(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "bench_peers.py"), "--peer", "gnome",
                           "--gnome-python", str(tmp_path / "python")], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "pip install --no-deps monopoly-simulator-test" in done.stderr, done.stderr
