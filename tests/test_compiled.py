"""The optional compiled build (monopoly/compiled.py, monopoly/compile.py): a build is used only while
it matches the sources and this interpreter, and a real build plays exactly the games the pure
modules play."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from monopoly import compiled
from monopoly.compiled import MANIFEST, MODULES, check, digest, interpreter, source_of

ROOT = Path(__file__).resolve().parent.parent


def fake_build(where: Path, **changes: object) -> Path:
    """A folder that looks like a build of the current sources (empty files for the extensions)."""
    where.mkdir(parents=True, exist_ok=True)
    files = {}
    for module in MODULES:
        name = module.rsplit(".", 1)[1] + interpreter()
        (where / name).write_bytes(b"")
        files[module] = name
    manifest: dict[str, object] = {"format": compiled.FORMAT, "interpreter": interpreter(),
                                   "sources": {m: digest(source_of(m)) for m in MODULES}, "files": files}
    manifest.update(changes)
    (where / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    return where


def test_a_build_of_the_current_sources_is_used(tmp_path: Path) -> None:
    files, why = check(fake_build(tmp_path))
    assert why == ""
    assert sorted(files) == sorted(MODULES)
    assert all(f.parent == tmp_path for f in files.values())


def test_no_build_means_pure_python(tmp_path: Path) -> None:
    files, why = check(tmp_path)
    assert files == {}
    assert "not built" in why and "python -m monopoly.compile build" in why


def test_a_source_changed_after_the_build_is_never_run_compiled(tmp_path: Path) -> None:
    sources = {m: digest(source_of(m)) for m in MODULES}
    sources["monopoly.ai.ruthless"] = "0" * 64
    files, why = check(fake_build(tmp_path, sources=sources))
    assert files == {}
    assert "ruthless.py changed since the build" in why


def test_a_build_for_another_python_is_not_used(tmp_path: Path) -> None:
    files, why = check(fake_build(tmp_path, interpreter=".cpython-39-x86_64-linux-gnu.so"))
    assert files == {}
    assert "cpython-39" in why and "build again" in why


def test_a_damaged_or_partial_build_is_not_used(tmp_path: Path) -> None:
    where = fake_build(tmp_path)
    (where / ("ruthless" + interpreter())).unlink()
    files, why = check(where)
    assert files == {} and why.startswith("missing")
    (where / MANIFEST).write_text("{not json", encoding="utf-8")
    files, why = check(where)
    assert files == {} and "cannot be read" in why
    (where / MANIFEST).write_text(json.dumps({"format": compiled.FORMAT, "interpreter": interpreter()}),
                                  encoding="utf-8")
    files, why = check(where)
    assert files == {} and "cannot be read" in why
    files, why = check(fake_build(tmp_path / "other", format=99))
    assert files == {} and "format" in why


def run(code: str, **env: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT), **env})
    return done.stdout.strip()


def test_monopoly_pure_turns_a_build_off(tmp_path: Path) -> None:
    out = run("import monopoly.compiled as c, monopoly.ai.ruthless as r; print(c.active(), c.status())",
              MONOPOLY_PURE="1", MONOPOLY_COMPILED_DIR=str(fake_build(tmp_path)))
    assert out == "False pure Python: turned off by MONOPOLY_PURE"


def test_the_pure_install_needs_no_mypy() -> None:
    """Without mypy (``pip install -e .``) the strategies import and play: ``mypyc_attr`` is then
    the package's own stand-in."""
    out = run("import sys; sys.modules['mypy_extensions'] = None\n"
              "import monopoly.ai.strategy as s\n"
              "from monopoly.ai.simulate import run_games\n"
              "print(s.mypyc_attr.__module__, run_games(1, ['ruthless'] * 4, seed=1)[0].turns > 0)",
              MONOPOLY_PURE="1")
    assert out == "monopoly.compiled True"


def test_the_status_command_says_why_it_is_pure(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "monopoly.compile", "status"], cwd=ROOT, capture_output=True,
                          text=True, check=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT), "MONOPOLY_COMPILED_DIR": str(tmp_path)})
    assert done.stdout.strip() == "pure Python: not built (python -m monopoly.compile build)"
    assert done.stderr == ""


def can_compile() -> bool:
    compiler = str(sysconfig.get_config_var("CC") or "cc").split()[0]
    return (importlib.util.find_spec("mypyc") is not None and importlib.util.find_spec("setuptools") is not None
            and shutil.which(compiler) is not None)


@pytest.mark.skipif(not can_compile(), reason="needs mypyc (mypy), setuptools and a C compiler")
def test_a_real_build_plays_the_same_games(tmp_path: Path) -> None:
    """Compile for real (about a minute), then play the fingerprint's 120 seeded games of every
    strategy with the compiled modules: the same actions and events as the pure modules."""
    where = tmp_path / "build"
    done = subprocess.run([sys.executable, "-m", "monopoly.compile", "build"], cwd=ROOT, capture_output=True,
                          text=True, check=False,
                          env={**os.environ, "PYTHONPATH": str(ROOT), "MONOPOLY_COMPILED_DIR": str(where)})
    assert done.returncode == 0, done.stdout + done.stderr
    assert set(MODULES) <= set(check(where)[0])
    fingerprint = [sys.executable, str(ROOT / "benchmarks" / "fingerprint.py")]
    fast = run("import monopoly.compiled as c, monopoly.ai.ruthless as r; print(c.active(), r.__file__)",
               MONOPOLY_COMPILED_DIR=str(where))
    assert fast.startswith("True ") and not fast.endswith(".py")
    results = {}
    for label, env in (("compiled", {"MONOPOLY_COMPILED_DIR": str(where)}), ("pure", {"MONOPOLY_PURE": "1"})):
        out = subprocess.run(fingerprint, cwd=ROOT, capture_output=True, text=True, check=True,
                             env={**os.environ, "PYTHONPATH": str(ROOT), **env})
        results[label] = json.loads(out.stdout.strip().splitlines()[-1])
    assert results["compiled"] == results["pure"]
    # saves: the compiled state classes keep no field types of their own (``serial.declared_hints``)
    saved = {label: run(SAVE_AND_LOAD, **env) for label, env in (
        ("compiled", {"MONOPOLY_COMPILED_DIR": str(where)}), ("pure", {"MONOPOLY_PURE": "1"}))}
    assert saved["compiled"] == saved["pure"] and len(saved["pure"]) > 1000


# A game some way in, saved, loaded and saved again (the same JSON whichever modules ran).
SAVE_AND_LOAD = """
import json
from monopoly.engine import Game
game = Game.new(["Ann", "Bob", "Cy"], seed=5)
for _ in range(400):
    if game.view.over:
        break
    game.apply(game.legal_actions(game.view.pending.player)[-1])
print(json.dumps(Game.from_dict(json.loads(json.dumps(game.to_dict()))).to_dict(), sort_keys=True))
"""


def test_the_state_classes_field_types_read_from_their_source_are_their_type_hints() -> None:
    """What saving reads for a compiled state class (whose own annotations mypyc erases) is what
    the pure class says (checked in a pure interpreter: a build may be in place here)."""
    out = run("import dataclasses, typing\n"
              "from monopoly.engine import serial, state\n"
              "classes = [c for c in vars(state).values() if dataclasses.is_dataclass(c) and c.__module__ == state.__name__]\n"
              "print(len(classes), all(serial.declared_hints(c) == typing.get_type_hints(c) for c in classes))",
              MONOPOLY_PURE="1")
    assert out == "8 True"
