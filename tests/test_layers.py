"""The packages are layers and import only downward:

    engine <- ai <- session <- present, storage, reports, net <- tui, text <- cli

The presentation layer (``present``: each decision phrased once) sits beside the network package,
which sends its prompts, and below the front ends, which render them.

The network package sits below the front ends: its server, protocol and link serve every front end,
and the curses screen of a seat at a hosted game is the local game's own screen (``tui/remote.py``
over ``net.remote``); the line client of ``monopoly join --text`` is the network's own (``net/client.py``).

Every import counts, the lazy ones inside functions too (an import hidden in a function is still a
dependency, and lazy imports are how the old cycles were held together). The check reads the
source, so a new module that reaches up a layer fails here with its file and line.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "monopoly"

# Each package and the layer it sits in: a package may import its own layer's siblings only where
# listed in SIBLINGS, and any package of a lower layer.
LAYERS: dict[str, int] = {
    "engine": 0,
    "ai": 1,
    "session": 2,
    "storage": 3,
    "present": 3,
    "reports": 3,
    "net": 3,
    "tui": 4,
    "text": 4,
    "cli": 5,
}
# Same-layer imports allowed (one way only, so they cannot form a cycle).
SIBLINGS = {("reports", "storage"), ("net", "storage"), ("net", "present")}
# Modules of the package root, outside the layers: the package's own start-up.
TOP_LEVEL = {"__init__", "__main__"}


def _package_of(module: str) -> str | None:
    parts = module.split(".")
    if parts[0] != "monopoly" or len(parts) < 2:
        return None
    return parts[1]


def _module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path, module: str | None = None) -> list[tuple[int, str]]:
    """(line, absolute module) for every import in the file, relative ones resolved (as if the file
    were ``module``, by default the module it is)."""
    module = module or _module_name(path)
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.append((node.lineno, target))
            # ``from .. import saves`` imports a module by name: count it as that module
            found += [(node.lineno, f"{target}.{alias.name}") for alias in node.names]
    return found


def _package_edges() -> dict[tuple[str, str], list[str]]:
    edges: dict[tuple[str, str], list[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        source = _package_of(_module_name(path))
        if source is None or source in TOP_LEVEL:
            continue
        for line, target_module in _imports(path):
            target = _package_of(target_module)
            if target is None or target == source or target not in LAYERS:
                continue
            edges.setdefault((source, target), []).append(f"{path.relative_to(ROOT)}:{line}")
    return edges


def test_every_package_has_a_layer() -> None:
    packages = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").exists() and not p.name.startswith("_")}
    modules = {p.stem for p in PACKAGE.glob("*.py")}
    assert packages <= set(LAYERS), f"packages without a layer: {sorted(packages - set(LAYERS))}"
    assert modules <= TOP_LEVEL, f"modules outside the packages: {sorted(modules - TOP_LEVEL)}"


def test_imports_only_go_down_the_layers() -> None:
    upward = []
    for (source, target), where in _package_edges().items():
        if LAYERS[target] < LAYERS[source] or (source, target) in SIBLINGS:
            continue
        upward.append(f"{source} imports {target} ({LAYERS[source]} -> {LAYERS[target]}): {', '.join(where)}")
    assert not upward, "\n".join(upward)


def test_there_is_no_cycle_between_packages() -> None:
    graph: dict[str, set[str]] = {}
    for source, target in _package_edges():
        graph.setdefault(source, set()).add(target)

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        for nxt in graph.get(start, ()):
            if nxt == goal or (nxt not in seen and reaches(nxt, goal, seen | {nxt})):
                return True
        return False

    cycles = sorted(p for p in graph if reaches(p, p, {p}))
    assert not cycles, f"packages in an import cycle: {cycles}"


def test_the_check_sees_an_upward_import(tmp_path: Path) -> None:
    """The reader resolves relative and lazy imports (the kind that hid the old cycles)."""
    sample = PACKAGE / "engine" / "game.py"
    found = {target for _, target in _imports(sample)}
    assert "monopoly.engine.actions" in found
    lazy = tmp_path / "lazy.py"
    lazy.write_text("def f():\n    from ..tui import play\n", encoding="utf-8")
    assert "monopoly.tui.play" in {t for _, t in _imports(lazy, "monopoly.ai.lazy")}
