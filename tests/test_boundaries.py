"""The engine is the one authority: nothing outside it reads its state or reaches past its
public face (``monopoly.engine``'s exported names), and the engine imports nothing outside it.

These checks read the source (the module tree, not text), so a new screen, strategy or script
that starts working a rule out from ``game.state`` fails here with the file and line.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import monopoly.engine as engine

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "monopoly"
OUTSIDE_ENGINE = sorted(p for p in (list(PACKAGE.rglob("*.py")) + list((ROOT / "benchmarks").glob("*.py")))
                        if (PACKAGE / "engine") not in p.parents)
ENGINE = sorted((PACKAGE / "engine").rglob("*.py"))


def _state_reads(tree: ast.AST) -> list[int]:
    """Lines reading ``<something>.state`` where the something is a game (``game``, ``self.game``,
    ``self._game``, ``g``...): the UI keeps states of its own, so the name of the owner decides."""
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == "state":
            owner = node.value
            name = owner.attr if isinstance(owner, ast.Attribute) else owner.id if isinstance(owner, ast.Name) else ""
            if name.lstrip("_") in ("game", "g", "new_game", "loaded"):
                lines.append(node.lineno)
    return lines


def _engine_internal_imports(path: Path, tree: ast.AST) -> list[str]:
    """Imports of ``monopoly.engine.<submodule>`` (absolute or relative) from outside the engine."""
    found = []
    package_depth = len(path.relative_to(ROOT).parts) - 1  # folders between the root and the file
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:  # relative: resolve it against the file's package
                parts = list(path.relative_to(ROOT).parts[:package_depth])
                base = parts[: len(parts) - (node.level - 1)]
                module = ".".join(base + ([module] if module else []))
            if module.startswith("monopoly.engine."):
                found.append(f"line {node.lineno}: from {module} import ...")
            elif module == "monopoly.engine":
                found += [f"line {node.lineno}: {a.name} is not a public name of monopoly.engine"
                          for a in node.names if a.name not in engine.__all__]
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("monopoly.engine."):
                    found.append(f"line {node.lineno}: import {alias.name}")
    return found


@pytest.mark.parametrize("path", OUTSIDE_ENGINE, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_state_reads_outside_the_engine(path: Path) -> None:
    lines = _state_reads(ast.parse(path.read_text(encoding="utf-8")))
    assert not lines, f"{path.relative_to(ROOT)} reads the game's state at lines {lines}: ask game.view"


@pytest.mark.parametrize("path", OUTSIDE_ENGINE, ids=lambda p: str(p.relative_to(ROOT)))
def test_only_the_engines_public_names_are_imported(path: Path) -> None:
    found = _engine_internal_imports(path, ast.parse(path.read_text(encoding="utf-8")))
    assert not found, f"{path.relative_to(ROOT)} imports engine internals ({'; '.join(found)}): use monopoly.engine"


@pytest.mark.parametrize("path", ENGINE, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_engine_imports_nothing_outside_it(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level >= 2:
            pytest.fail(f"{path.relative_to(ROOT)} line {node.lineno} imports from outside the engine")
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            for name in names:
                assert not name.startswith(("monopoly.tui", "monopoly.ai", "curses")), (
                    f"{path.relative_to(ROOT)} line {node.lineno} imports {name}")


def test_the_checks_see_a_violation(tmp_path: Path) -> None:
    """The checks themselves find what they look for (so a pass above means something)."""
    source = "from ..engine.state import NOBODY\nx = self.game.state.players\nfrom ..engine import holdings\n"
    fake = PACKAGE / "tui" / "fake.py"
    tree = ast.parse(source)
    assert _state_reads(tree) == [2]
    assert _engine_internal_imports(fake, tree) == ["line 1: from monopoly.engine.state import ...",
                                                    "line 3: holdings is not a public name of monopoly.engine"]
