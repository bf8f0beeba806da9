"""The packages are layers and import only downward:

    engine <- ai <- session <- present, storage, reports, net <- tui, text <- cli

The presentation layer (``present``: each decision phrased once) sits beside the network package,
which sends its prompts, and below the front ends, which render them.

The network package sits below the front ends: its server, protocol and link serve every front end,
and the curses screen of a seat at a hosted game is the local game's own screen (``tui/remote.py``
over ``net.remote``); the line client of ``monopoly join --text`` is the line mode's (``text/client.py``), over
the network's link (``net/link.py``), and ``monopoly host`` is given it by the command line.

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


# ---------------------------------------------------------------------------------------- inside the engine
ENGINE = PACKAGE / "engine"

# The engine's modules in their declared order, bottom first: each imports only modules of an earlier
# rank (type-only and lazy imports included). Data at the bottom, then the table and its rules, the
# routes over them, legality, the read view, the facade, and what is built on the facade.
ENGINE_ORDER: tuple[tuple[str, ...], ...] = (
    ("codes", "errors", "dice", "names", "versions"),
    ("serial",),
    ("actions", "events", "rules", "state", "effects"),
    ("edition_values",),
    ("edition_reading",),
    ("edition_files",),
    ("editions",),
    ("holdings",),
    ("table",),
    ("decisions", "history", "decks"),
    ("debts", "clock"),
    ("mortgages",),
    ("trades", "auctions"),
    ("buildings", "turn"),
    ("cards", "bankruptcy", "play"),
    ("routes",),
    ("legality", "answers"),
    ("invariants",),
    ("view_holdings",),
    ("view",),
    ("game",),
    ("position_values",),
    ("position_names",),
    ("position_checks",),
    ("position_build",),
    ("position_arrange",),
    ("position", "public"),
    ("replay",),
    ("__init__",),
)
# Edges against the order: none. (The read view's questions are ``view.py``'s, over the table; the
# two answers that are games or views, ``for_seat`` and ``determinized``, are ``game.View``'s.)
KNOWN_UPWARD: set[tuple[str, str]] = set()


def _engine_edges() -> dict[tuple[str, str], list[str]]:
    edges: dict[tuple[str, str], list[str]] = {}
    for path in sorted(ENGINE.glob("*.py")):
        source = path.stem
        for line, target in _imports(path):
            parts = target.split(".")
            if parts[:2] != ["monopoly", "engine"] or len(parts) < 3 or parts[2] == source:
                continue
            edges.setdefault((source, parts[2]), []).append(f"{path.relative_to(ROOT)}:{line}")
    return edges


def test_every_engine_module_has_a_rank() -> None:
    ranked = [m for rank in ENGINE_ORDER for m in rank]
    assert sorted(ranked) == sorted(p.stem for p in ENGINE.glob("*.py")), "add the new module to ENGINE_ORDER"


def test_the_engines_modules_import_only_down_their_order() -> None:
    rank = {m: i for i, modules in enumerate(ENGINE_ORDER) for m in modules}
    upward = [f"{source} imports {target}: {', '.join(where)}" for (source, target), where in _engine_edges().items()
              if rank[target] >= rank[source] and (source, target) not in KNOWN_UPWARD]
    assert not upward, "\n".join(upward)


def test_the_rules_form_no_cycle_and_no_rule_reaches_the_facade() -> None:
    """Below the read view everything is acyclic with no exception: the rules never import ``game``
    or ``view`` (they take a ``Table``), and moving never imports the cards (``routes.LANDINGS``)."""
    edges = _engine_edges()
    below_view = {m for rank in ENGINE_ORDER[:ENGINE_ORDER.index(("view",))] for m in rank}
    assert not [e for e in edges if e[0] in below_view and e[1] in ("game", "view")]
    assert ("turn", "cards") not in edges and ("debts", "auctions") not in edges


def test_no_engine_module_imports_below_its_top() -> None:
    """No ``noqa: E402``: every import of the engine stands at the top of its module."""
    late = [f"{p.relative_to(ROOT)}" for p in ENGINE.glob("*.py") if "E402" in p.read_text(encoding="utf-8")]
    assert not late


def test_no_engine_module_reads_another_objects_private_members() -> None:
    """The rules use the table's public primitives: ``x._name`` is read only of ``self`` / ``cls``,
    or of another object of the module's own class (a classmethod building one, a copy)."""
    own_class = {("dice.py", "dice._rng"), ("game.py", "game._setup"), ("table.py", "other._serial"),
                 ("table.py", "other._roll_at")}
    found = []
    for path in sorted(ENGINE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
                    and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))
                    and (path.name, ast.unparse(node)) not in own_class):
                found.append(f"{path.name}:{node.lineno} {ast.unparse(node)}")
    assert not found, found
