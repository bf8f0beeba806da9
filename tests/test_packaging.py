"""The package as a user installs it (issue 38): ``python -m build`` makes the sdist and, from it,
the wheel; ``twine check`` finds nothing to say; the wheel holds the licence, the pages and the
example position; and installed into a fresh virtual environment, used from another folder by a
user with nothing but a home folder, it plays, saves, resumes and prints a record as the README
says. Slow: a build and an install (about a minute)."""

from __future__ import annotations

import email
import os
import subprocess
import sys
import tarfile
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("build")
    out = tmp_path_factory.mktemp("dist")
    run = subprocess.run([sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)], capture_output=True,
                         text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert "SetuptoolsDeprecationWarning" not in run.stdout + run.stderr
    return out


def _one(folder: Path, pattern: str) -> Path:
    found = sorted(folder.glob(pattern))
    assert len(found) == 1, found
    return found[0]


def test_twine_finds_nothing_to_say(dist: Path) -> None:
    pytest.importorskip("twine")
    run = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", *map(str, dist.iterdir())],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr


def test_the_wheel_holds_the_licence_the_pages_and_the_example(dist: Path) -> None:
    with zipfile.ZipFile(_one(dist, "*.whl")) as wheel:
        names = set(wheel.namelist())
        info = next(n for n in names if n.endswith(".dist-info/METADATA"))
        metadata = email.message_from_bytes(wheel.read(info))
    for wanted in ("monopoly/docs/playing.md", "monopoly/docs/positions.md", "monopoly/docs/examples/position.json",
                   "monopoly/engine/editions/README.md", "monopoly/engine/editions/us.json"):
        assert wanted in names, wanted
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    assert metadata["License-Expression"] == "MIT" and metadata["Requires-Python"] == ">=3.10"
    classifiers = metadata.get_all("Classifier") or []
    assert {f"Programming Language :: Python :: 3.{v}" for v in (10, 11, 12, 13)} <= set(classifiers)
    import monopoly
    assert metadata["Version"] == monopoly.__version__


def test_the_sdist_ships_what_the_wheel_is_built_from_and_no_tests(dist: Path) -> None:
    with tarfile.open(_one(dist, "*.tar.gz")) as sdist:
        names = {name.split("/", 1)[1] for name in sdist.getnames() if "/" in name}
    assert {"LICENSE", "README.md", "pyproject.toml", "setup.py", "docs/playing.md",
            "docs/examples/position.json"} <= names
    assert not any(n.startswith(("tests/", "benchmarks/", "saves/")) for n in names)


def test_the_wheel_installed_for_a_new_user_plays_saves_resumes_and_records(dist: Path, tmp_path: Path) -> None:
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    bin_dir = env_dir / ("Scripts" if sys.platform == "win32" else "bin")
    python = bin_dir / "python"
    install = subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--no-index", "--no-deps",
                              str(_one(dist, "*.whl"))], capture_output=True, text=True, timeout=300)
    assert install.returncode == 0, install.stderr
    home = tmp_path / "home"
    home.mkdir()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    keep = {k: v for k, v in os.environ.items() if k in ("PATH", "LANG", "LC_ALL", "SYSTEMROOT", "TMPDIR")}
    env = {**keep, "HOME": str(home), "PATH": str(bin_dir) + os.pathsep + keep.get("PATH", "")}

    def monopoly(*args: str, typed: str = "") -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(bin_dir / "monopoly"), *args], input=typed, capture_output=True, text=True,
                              timeout=120, cwd=elsewhere, env=env)

    helped = monopoly("--help")
    assert helped.returncode == 0 and "commands:" in helped.stdout, helped.stderr
    guide = monopoly("help", "playing")
    assert guide.returncode == 0 and guide.stdout.startswith("# Playing Monopoly"), guide.stderr
    played = monopoly("text", "--position", "example", typed="save first\n")
    assert played.returncode == 0, played.stdout[-2000:] + played.stderr
    saves = home / ".local" / "share" / "monopoly" / "saves"
    assert (saves / "first.json").is_file(), sorted(home.rglob("*"))
    resumed = monopoly("text", "--load", "first", typed="save first\n")
    assert resumed.returncode == 0 and "Resumed from" in resumed.stdout, resumed.stdout[-2000:] + resumed.stderr
    record = monopoly("record", "first")
    assert record.returncode == 0 and record.stdout.strip(), record.stderr
    assert list(elsewhere.iterdir()) == []  # nothing written where the command was typed
