"""Time to open a very long game's save: resuming it in the text mode, ``record``, ``stats``, ``replay``.

    python benchmarks/bench_resume.py [--megabytes 30] [--runs 3] [--compare OTHER_CHECKOUT]

Makes the save of ``big_save.py`` (a seeded game of about 30 MB, the reader's cap being 32 MiB)
in a temporary folder, then runs each command as a player would, in a new process, and times it:

- ``monopoly --text --load big``: from the start of the program to its first prompt (the
  person's throw), when it is stopped (so no autosave is written);
- ``monopoly record big`` and ``monopoly stats big``: to the end of their output (to /dev/null);
- ``monopoly replay --text big``: to the end, its input empty (it shows the start and stops).

Each figure is the median of ``--runs`` runs: wall-clock seconds and the CPU seconds the process
used (the machine is shared: the CPU time is the steadier of the two). With ``--compare``, the same
commands are run with another checkout's code on the same save (``git archive <commit> | tar -x -C
DIR`` makes one), and both figures are printed side by side, with the ratio.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # runs from a checkout too
sys.path.insert(0, str(Path(__file__).resolve().parent))

from big_save import make_big_save  # noqa: E402

PROMPT = b"help> "  # the end of the text mode's question at a throw


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _environment(code: Path) -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=str(code), PYTHONDONTWRITEBYTECODE="1")
    env.pop("MONOPOLY_SAVE_DIR", None)
    return env


def time_to_prompt(code: Path, folder: Path) -> tuple[float, float]:
    """Wall and CPU seconds from starting the text mode on the save to its first prompt."""
    cpu = _children_cpu()
    start = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "monopoly", "--text", "--load", "big", "--save-dir",
                                str(folder)], cwd=folder, env=_environment(code), stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None
    seen = b""
    while not seen.endswith(PROMPT):
        chunk = os.read(process.stdout.fileno(), 1 << 16)
        if not chunk:
            break
        seen += chunk
    wall = time.perf_counter() - start
    process.kill()  # waiting for a command: nothing is lost, and no autosave is written
    _, errors = process.communicate()
    if not seen.endswith(PROMPT):
        raise SystemExit(f"the text mode stopped before its prompt:\n{seen[-2000:].decode(errors='replace')}"
                         f"\n{errors.decode(errors='replace')}")
    return wall, _children_cpu() - cpu


def time_command(code: Path, folder: Path, command: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of ``monopoly COMMAND big`` run to its end."""
    cpu = _children_cpu()
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "monopoly", *command, "big", "--save-dir", str(folder)],
                          cwd=folder, env=_environment(code), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE)
    wall = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"monopoly {' '.join(command)} failed:\n{done.stderr.decode(errors='replace')}")
    return wall, _children_cpu() - cpu


MEASUREMENTS = {
    "text mode, resume to the first prompt": None,
    "monopoly record": ["record"],
    "monopoly stats": ["stats"],
    "monopoly replay --text": ["replay", "--text"],
}


def measure(code: Path, folder: Path, command: list[str] | None, runs: int) -> tuple[float, float]:
    """Median wall and CPU seconds of ``runs`` runs."""
    results = [time_to_prompt(code, folder) if command is None else time_command(code, folder, command)
               for _ in range(runs)]
    return statistics.median(w for w, _ in results), statistics.median(c for _, c in results)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--megabytes", type=float, default=30, help="size of the save (default 30)")
    parser.add_argument("--runs", type=int, default=3, help="runs of each command; the median is shown")
    parser.add_argument("--compare", type=Path, default=None, metavar="CHECKOUT",
                        help="another checkout of the program (the code before a change) to time the same way")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        path = make_big_save(folder, args.megabytes)
        print(f"save: {path.stat().st_size / 1e6:.1f} MB; medians of {args.runs} runs; "
              f"load {os.getloadavg()[0]:.2f}")
        for label, command in MEASUREMENTS.items():
            wall, cpu = measure(ROOT, folder, command, args.runs)
            line = f"{label:40} {wall:6.2f} s wall {cpu:6.2f} s CPU"
            if args.compare is not None:
                old_wall, old_cpu = measure(args.compare.resolve(), folder, command, args.runs)
                line = (f"{label:40} before {old_wall:6.2f} s wall {old_cpu:6.2f} s CPU; after {wall:6.2f} s "
                        f"wall {cpu:6.2f} s CPU ({old_cpu / cpu:.1f}x CPU, {old_wall / wall:.1f}x wall)")
            print(line, flush=True)


if __name__ == "__main__":
    main()
