"""The seeded fingerprints (``benchmarks/fingerprint.py``) are pinned, one table per strategy in
``tests/fingerprints/``: the engine's (games of ``random`` and ``basic`` only) and one for each
other strategy. A failure names the table and the games that play differently.

A change to one strategy re-pins that strategy's table only, with the reason in its commit
(``python benchmarks/fingerprint.py --write NAME``); a change that moves the engine's table changed
the rules, or ``basic`` or ``random``, and must say so."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("fingerprint", ROOT / "benchmarks" / "fingerprint.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


FP = _module()
SLOW = {"lookahead", "expert"}  # 15 to 30 seconds each: in the full run only


@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.slow) if n in SLOW else n
                                  for n in FP.table_names()])
def test_the_seeded_games_play_as_pinned(name: str) -> None:
    assert FP.differences(name) == []


def test_every_table_file_belongs_to_a_table() -> None:
    files = sorted(p.stem for p in FP.TABLE_DIR.glob("*.json"))
    assert files == sorted(FP.table_names())
