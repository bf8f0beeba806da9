"""``python -m monopoly.compile build|status|remove``: the optional compiled build of the
simulation's hot modules, the computer players' and the engine's (what it is and how it is
guarded: ``monopoly/compiled.py``)."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

from .compiled import (
    FORMAT,
    MANIFEST,
    MODULES,
    PACKAGE,
    check,
    digest,
    folder,
    interpreter,
    source_of,
    status,
)


def build(where: Path | None = None, log: Callable[[str], None] = print) -> Path:
    """Compile ``MODULES`` with mypyc into ``where`` (see the module docstring) and return it.

    The sources are copied to a temporary folder and compiled there, so the package's own folder
    gets nothing but the results; the manifest is written last, so a build that fails half way
    is never used. Raises ``RuntimeError`` saying what failed."""
    where = folder() if where is None else where
    if importlib.util.find_spec("mypyc") is None:
        raise RuntimeError("mypyc is not installed: pip install mypy (it comes with the test extra)")
    if importlib.util.find_spec("setuptools") is None:
        raise RuntimeError("mypyc builds with setuptools, which is not installed: pip install setuptools")
    sources = {m: digest(source_of(m)) for m in MODULES}
    with tempfile.TemporaryDirectory(prefix="monopoly-build-") as scratch:
        root = Path(scratch)
        shutil.copytree(PACKAGE, root / "monopoly",
                        ignore=shutil.ignore_patterns("__pycache__", "_compiled", "*.so", "*.pyd"))
        files = [str(Path(*m.split(".")).with_suffix(".py")) for m in MODULES]
        log(f"compiling {len(files)} modules with mypyc (a minute or two)...")
        done = subprocess.run([sys.executable, "-m", "mypyc", *files], cwd=root, capture_output=True, text=True,
                              check=False)
        if done.returncode != 0:
            raise RuntimeError(f"mypyc failed (exit {done.returncode}):\n{(done.stdout + done.stderr)[-3000:]}")
        suffix = interpreter()
        built = {_module_name(root, f, suffix): f for f in root.rglob(f"*{suffix}")
                 if "build" not in f.relative_to(root).parts}
        if not all(m in built for m in MODULES):
            raise RuntimeError(f"mypyc made {sorted(built)}, not every one of {list(MODULES)}")
        if where.exists():
            shutil.rmtree(where)
        where.mkdir(parents=True)
        names = {}
        for name, file in built.items():
            shutil.copy2(file, where / file.name)
            names[name] = file.name
    manifest = {"format": FORMAT, "interpreter": suffix, "sources": sources, "files": names}
    temporary = where / (MANIFEST + ".tmp")
    temporary.write_text(json.dumps(manifest, indent=1, sort_keys=True), encoding="utf-8")
    os.replace(temporary, where / MANIFEST)
    return where


def _module_name(root: Path, file: Path, suffix: str) -> str:
    """The module name of extension ``file`` built under ``root``."""
    relative = file.relative_to(root)
    return ".".join(relative.parts[:-1] + (relative.name[:-len(suffix)],))


def remove(where: Path | None = None) -> bool:
    """Delete the build; whether there was one."""
    where = folder() if where is None else where
    if not where.exists():
        return False
    shutil.rmtree(where)
    return True


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    command = args[0] if args else "status"
    if command == "build":
        try:
            where = build()
        except RuntimeError as problem:
            print(f"build failed: {problem}", file=sys.stderr)
            return 1
        files, why = check(where)
        print(f"built in {where}" if files else f"built, but not usable: {why}")
        return 0 if files else 1
    if command == "remove":
        print("removed" if remove() else "nothing to remove")
        return 0
    if command == "status":
        print(status())
        return 0
    print("usage: python -m monopoly.compile [build|status|remove]", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
