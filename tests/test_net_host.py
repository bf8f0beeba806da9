"""The host's side of network play: its console's commands, the order of what it tells the
players, the pace of computer turns on remote screens, a board of the host's own, and the host's
own seat on the game's screen (issue 25's by-hand gaps)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from monopoly.net.host import HOST_HELP, host_command
from monopoly.net.server import HostedGame

from net_harness import started


def run(coro: Any, timeout: float = 60.0) -> Any:
    return asyncio.run(asyncio.wait_for(coro, timeout))


def test_an_unknown_host_command_answers_in_one_line_naming_the_nearest(tmp_path: Path) -> None:
    hosted = HostedGame(started(tmp_path), tmp_path)
    said: list[str] = []
    assert host_command(hosted, "computer Ann", said.append, "here", 7627, False)
    assert len(said) == 1 and "Unknown command 'computer'" in said[0] and "did you mean cpu?" in said[0]
    said.clear()
    assert host_command(hosted, "xyzzy", said.append, "here", 7627, False, prefix="/")
    assert len(said) == 1 and "'/xyzzy'" in said[0] and "/codes" in said[0] and "/quit" in said[0]
    said.clear()
    assert host_command(hosted, "help", said.append, "here", 7627, False)
    assert said == HOST_HELP
