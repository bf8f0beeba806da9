"""The server's garbage collector: set for serving once ``monopoly host`` has loaded its game."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from monopoly.cli import net as cli_net
from monopoly.net import host, server

ROOT = Path(__file__).resolve().parent.parent


def test_the_collector_set_for_serving_leaves_what_is_loaded_out_and_collects_less_often() -> None:
    # in a process of its own: freezing would keep this test process's objects from the collector
    script = ("import gc; from monopoly.net.server import collect_for_serving, SERVING_YOUNG, SERVING_MIDDLE; "
              "before = gc.get_threshold(); collect_for_serving(); "
              "print(gc.get_freeze_count() > 1000, gc.get_threshold() == (SERVING_YOUNG, SERVING_MIDDLE, before[2]), "
              "SERVING_YOUNG > before[0], gc.isenabled())")
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["True"] * 4


def test_monopoly_host_sets_the_collector_once_the_game_is_loaded(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []

    def serve(started: Any, *args: Any, **kwargs: Any) -> int:
        assert started is not None and started.game is not None  # loaded before the collector is set
        calls.append("serve")
        return 0

    monkeypatch.setattr(server, "collect_for_serving", lambda: calls.append("collector"))
    monkeypatch.setattr(host, "host_main", serve)
    assert cli_net.host_command(["--players", "Ann,Bob", "--headless", "--port", "0",
                                 "--save-dir", str(tmp_path)]) == 0
    assert calls == ["collector", "serve"]
