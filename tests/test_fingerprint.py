"""The seeded fingerprint (``benchmarks/fingerprint.py``) is pinned: a change that alters what the
computer players or the rules do in any of its 120 seeded games changes the hash, and must then
say so by changing ``FINGERPRINT`` here, with the reason in its commit."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

FINGERPRINT = {"hash": "e000911c807d22870268661def3c71e1", "games": 120, "actions": 68142, "events": 173187}


def test_the_seeded_games_play_as_pinned() -> None:
    spec = importlib.util.spec_from_file_location("fingerprint", ROOT / "benchmarks" / "fingerprint.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.fingerprint(30) == FINGERPRINT
