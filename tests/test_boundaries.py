"""The engine is the one authority: nothing outside it reads its state or reaches past its
public face (``monopoly.engine``'s exported names), and the engine imports nothing outside it.

These checks read the source (the module tree, not text), so a new screen, strategy, script or
test that starts working a rule out from ``game.state`` fails here with the file and line.
"""

from __future__ import annotations

import ast
from fnmatch import fnmatch
from pathlib import Path

import pytest

import monopoly.engine as engine

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "monopoly"
TESTS = ROOT / "tests"
OUTSIDE_ENGINE = sorted(p for p in (list(PACKAGE.rglob("*.py")) + list((ROOT / "benchmarks").glob("*.py"))
                                    + list(TESTS.glob("*.py")))
                        if (PACKAGE / "engine") not in p.parents)
ENGINE = sorted((PACKAGE / "engine").rglob("*.py"))

# Tests still allowed past the public face, each with the reason; shrink these as they move.
# A key is a file (a glob, relative to the root) or, for state reads, one test in it
# ("file::function"); for imports, the value lists what an allowed finding names: one engine
# module's import, or "monopoly.engine" for any internal import at all.
STATE_READS_ALLOWED: dict[str, str] = {
    # Build pending decisions of every kind by hand, which no position expresses:
    "tests/test_ai_*.py": "the computer players' tests (some build pending decisions of every kind by hand)",
    # A question about the state objects themselves, which no view can answer: arranging a game
    # must keep them (a client holding a reference to one sees the change).
    "tests/test_positions.py::test_arrange_keeps_the_states_objects": "object identity of the state",
    # Looks for the state's own objects (the decks' lists) among everything a seat's view hands out.
    "tests/test_seat_view.py": "what a seat's view must never reach: the state and the decks' order",
}
INTERNAL_IMPORTS_ALLOWED: dict[str, tuple[str, ...]] = {
    # The pending decisions built by hand need the engine's records of them:
    "tests/test_ai_*.py": ("monopoly.engine",),
    "tests/test_seat_view.py": ("monopoly.engine.state",),  # the state's type, to find it if reached
}


def _state_reads(tree: ast.AST, any_owner: bool = False) -> list[int]:
    """Lines reading ``<something>.state`` where the something is a game (``game``, ``self.game``,
    ``self._game``, ``g``...): the UI keeps states of its own, so the name of the owner decides.
    Tests name their games freely (``a``, ``rebuilt``, ``build_game(...)``) and keep no states of
    their own, so there (``any_owner``) every ``.state`` counts."""
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == "state":
            owner = node.value
            name = owner.attr if isinstance(owner, ast.Attribute) else owner.id if isinstance(owner, ast.Name) else ""
            if any_owner or name.lstrip("_") in ("game", "g", "new_game", "loaded"):
                lines.append(node.lineno)
    return lines


def _relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _allowed_lines(path: Path, tree: ast.AST) -> set[int] | None:
    """The lines of ``path`` that ``STATE_READS_ALLOWED`` lets read the state: None for the whole file."""
    lines: set[int] = set()
    for key in STATE_READS_ALLOWED:
        pattern, _, function = key.partition("::")
        if not fnmatch(_relative(path), pattern):
            continue
        if not function:
            return None
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == function:
                lines.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    return lines


def _reason(path: Path) -> str:
    return "; ".join(why for key, why in STATE_READS_ALLOWED.items()
                     if fnmatch(_relative(path), key.partition("::")[0]))


def _allowed_imports(path: Path) -> tuple[str, ...]:
    return tuple(m for pattern, modules in INTERNAL_IMPORTS_ALLOWED.items() if fnmatch(_relative(path), pattern)
                 for m in modules)


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


@pytest.mark.parametrize("path", OUTSIDE_ENGINE, ids=_relative)
def test_no_state_reads_outside_the_engine(path: Path) -> None:
    """Tests too ask only what a player or a screen could ask (``game.view``, ``position_of``,
    ``to_dict``): they hold the engine to its public answers and survive changes to its state."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    allowed = _allowed_lines(path, tree)
    if allowed is None:
        pytest.skip(f"allowed for now: {_reason(path)}")
    lines = [line for line in _state_reads(tree, any_owner=TESTS in path.parents) if line not in allowed]
    assert not lines, f"{_relative(path)} reads the game's state at lines {lines}: ask game.view"


# The table's primitives (``monopoly/engine/table.py``): what the rules use, never a client.
PRIMITIVES = {"emit", "transfer", "charge", "queue", "queued", "waiting", "numbered", "flush_queue", "begin",
              "give_deed", "set_mortgage", "set_buildings", "retire", "take_pot", "stake_pot", "holdings_moved",
              "number_like", "landing_counts", "deeds_moved", "shared"}
PRIMITIVES_ALLOWED = {"tests/test_view_caches.py": "copies the engine's own record of a decision by hand"}


@pytest.mark.parametrize("path", OUTSIDE_ENGINE, ids=_relative)
def test_no_client_uses_the_tables_primitives(path: Path) -> None:
    """A front end, a strategy or a test changes a game only through its commands (``apply``,
    ``push``, ...): the primitives the rules share move money and holdings without any check."""
    if _relative(path) in PRIMITIVES_ALLOWED or fnmatch(_relative(path), "tests/test_ai_*.py"):
        pytest.skip("allowed: builds or copies the engine's own records")
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Attribute) and node.attr in PRIMITIVES:
            owner = node.value
            name = owner.attr if isinstance(owner, ast.Attribute) else owner.id if isinstance(owner, ast.Name) else ""
            if name.lstrip("_") in ("game", "g", "new_game", "loaded", "copy", "imagined"):
                found.append(node.lineno)
    assert not found, f"{_relative(path)} uses the table's primitives at lines {found}: apply an action"


@pytest.mark.parametrize("path", OUTSIDE_ENGINE, ids=_relative)
def test_only_the_engines_public_names_are_imported(path: Path) -> None:
    allowed = _allowed_imports(path)
    found = [f for f in _engine_internal_imports(path, ast.parse(path.read_text(encoding="utf-8")))
             if not any(a in f for a in allowed)]
    assert not found, f"{_relative(path)} imports engine internals ({'; '.join(found)}): use monopoly.engine"


@pytest.mark.parametrize("path", ENGINE, ids=_relative)
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
    # in a test, a game by any name counts; an allowed test function's lines are let through
    test_source = ("def test_a():\n    assert a.state.decks\n\n\n"
                   "def test_arrange_keeps_the_states_objects():\n    s = g.state\n")
    test_tree = ast.parse(test_source)
    assert _state_reads(test_tree) == [6] and sorted(_state_reads(test_tree, any_owner=True)) == [2, 6]
    assert _allowed_lines(TESTS / "test_positions.py", test_tree) == {5, 6}
    assert _allowed_lines(TESTS / "test_ai_fake.py", test_tree) is None
