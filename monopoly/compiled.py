"""The optional compiled build of a simulation's hot modules, and the guard that uses it.

The game is pure Python and runs as such everywhere. A simulation of many games spends most of
its time in a few modules of plain arithmetic over small tuples (the valuation, the board
tables, the ``ruthless`` strategy and what it reads, the controller) and in the engine's rules
and state; ``mypyc`` turns those very sources, already typed for ``mypy --strict``, into C
extensions, which take about a third off a simulated four-``ruthless`` turn, with the same
results (``benchmarks/fingerprint.py`` is the check). Nothing else changes: there is one source, and the compiled modules are a build product.

    python -m monopoly.compile build     # needs mypy (the test extra) and a C compiler
    python -m monopoly.compile status
    python -m monopoly.compile remove

``build`` (``monopoly/compile.py``) compiles a copy of the package in a temporary folder and puts
the extensions in ``monopoly/_compiled/`` with a manifest: the interpreter they were built for and a digest of
each module's source. ``install`` (called when ``monopoly`` is imported) loads them only while
the manifest matches: same interpreter, every source unchanged since the build. A source edited
after the build, another Python, a missing file or a damaged manifest all mean the pure-Python
modules are used, so a stale build can never run old code. ``MONOPOLY_PURE=1`` turns the
compiled modules off; ``MONOPOLY_COMPILED_DIR`` names another folder (the tests build into one).
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import sysconfig
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

PACKAGE = Path(__file__).resolve().parent
MODULES = ("monopoly.ai.board", "monopoly.ai.valuation", "monopoly.ai.tactics", "monopoly.ai.endgame",
           "monopoly.ai.players")
"""The modules compiled: those mypyc compiles exactly as they are written (the computer players'
valuation and board tables, the endgame and building tactics, the controller). The engine, the
read view, the strategies and the front ends stay Python."""
MANIFEST = "manifest.json"
FORMAT = 1

_T = TypeVar("_T")


def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[_T], _T]:
    """Stands in for ``mypy_extensions.mypyc_attr`` where mypy is not installed: the class
    decorator that lets pure-Python classes subclass a compiled one means nothing uncompiled."""
    return lambda cls: cls


def folder() -> Path:
    """Where the compiled modules and their manifest are."""
    named = os.environ.get("MONOPOLY_COMPILED_DIR")
    return Path(named) if named else PACKAGE / "_compiled"


def source_of(module: str) -> Path:
    """The source file of one of ``MODULES``."""
    return PACKAGE.parent.joinpath(*module.split(".")).with_suffix(".py")


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def interpreter() -> str:
    """What an extension module must have been built for: this interpreter's extension suffix."""
    return str(sysconfig.get_config_var("EXT_SUFFIX") or "")


def check(where: Path | None = None) -> tuple[dict[str, Path], str]:
    """The extension file of each module name a valid build in ``where`` provides, and a line
    saying why there is none (empty when there is one)."""
    where = folder() if where is None else where
    path = where / MANIFEST
    if not path.exists():
        return {}, "not built (python -m monopoly.compile build)"
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
        if manifest.get("format") != FORMAT:
            return {}, f"the manifest's format is {manifest.get('format')!r}, not {FORMAT}: build again"
        if manifest.get("interpreter") != interpreter():
            return {}, f"built for {manifest.get('interpreter')!r}, this Python wants {interpreter()!r}: build again"
        sources: dict[str, str] = manifest["sources"]
        files: dict[str, str] = manifest["files"]
        if sorted(sources) != sorted(MODULES):
            return {}, "built from another list of modules: build again"
        for module, wanted in sources.items():
            if digest(source_of(module)) != wanted:
                return {}, f"{source_of(module).name} changed since the build: build again"
        found = {name: where / file for name, file in files.items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as problem:
        return {}, f"the manifest {path} cannot be read ({problem}): build again"
    missing = [str(f) for f in found.values() if not f.is_file()]
    if missing:
        return {}, f"missing {', '.join(missing)}: build again"
    return found, ""


class _Finder(importlib.abc.MetaPathFinder):
    """Finds the compiled modules (and the library they share) before the source files."""

    def __init__(self, files: dict[str, Path]) -> None:
        self.files = files

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        file = self.files.get(fullname)
        if file is None:
            return None
        return importlib.util.spec_from_file_location(fullname, file)


_state: dict[str, Any] = {"active": False, "why": "not looked at yet"}


def install() -> bool:
    """Use the compiled modules if a valid build is there (see the module docstring); whether it is.
    Called when ``monopoly`` is imported, before any of ``MODULES``."""
    if any(isinstance(f, _Finder) for f in sys.meta_path):
        return bool(_state["active"])
    if os.environ.get("MONOPOLY_PURE"):
        _state.update(active=False, why="turned off by MONOPOLY_PURE")
        return False
    files, why = check()
    if not files or any(m in sys.modules for m in MODULES):
        _state.update(active=False, why=why or "the pure modules were imported first")
        return False
    sys.meta_path.insert(0, _Finder(files))
    _state.update(active=True, why="")
    return True


def active() -> bool:
    """Whether the hot modules run compiled in this process."""
    module = sys.modules.get("monopoly.ai.valuation")
    if module is not None:
        return not str(getattr(module, "__file__", "")).endswith(".py")
    return bool(_state["active"])


def status() -> str:
    """One line for people: compiled or pure, and why."""
    if active():
        return f"compiled: the computer players' and the engine's hot modules run as C extensions from {folder()}"
    files, why = check()
    reason = _state["why"] if files else why
    return f"pure Python: {reason}"
