"""Errors inside computer players and front ends go to a log file, never onto the screen (issue 38).

The ``monopoly`` command gives the package's loggers one rotated, bounded file in the per-user
data folder (``cli/logs.py``); what a person sees is one sentence that names the file.
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path
from typing import Iterator

import pytest

from monopoly.cli import logs
from monopoly.engine import Game
from monopoly.session.model import UIState
from monopoly.session.session import Session
from monopoly.storage import places

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def log_file(tmp_path: Path) -> Iterator[Path]:
    """The log set up in ``tmp_path``, and taken down again after the test."""
    logger = logging.getLogger(logs.LOGGER)
    before = list(logger.handlers), logger.level
    path = logs.set_up_log(tmp_path / "data" / "monopoly.log")
    assert path is not None
    yield path
    for handler in logger.handlers:
        if handler not in before[0]:
            handler.close()
    logger.handlers[:] = before[0]
    logger.setLevel(before[1])


class _Broken:
    """Computer players whose every decision fails."""

    def next_action(self, game: Game) -> None:
        raise RuntimeError("a bug in the strategy")

    def is_computer(self, seat: int) -> bool:
        return True


def test_a_stumbling_computer_player_is_logged_and_the_sentence_names_the_file(log_file: Path) -> None:
    game = Game.new(["CPU1", "CPU2"], "us", seed=3, first_player=0)
    session = Session(game, _Broken(), UIState(tokens=["A", "B"]))
    move = session.computer_move()
    assert move is not None and move.stumbled is not None
    assert move.stumbled.startswith("A computer player stumbled (RuntimeError: a bug in the strategy)")
    assert str(log_file) in move.stumbled
    text = log_file.read_text("utf-8")
    assert "Traceback" in text and "RuntimeError: a bug in the strategy" in text


def test_the_log_is_rotated_and_bounded(log_file: Path) -> None:
    log = logging.getLogger("monopoly.ai")
    for _ in range(4 * logs.MAX_BYTES // 1000):
        log.error("x" * 1000)
    files = sorted(log_file.parent.iterdir())
    assert len(files) == logs.BACKUPS + 1
    assert all(f.stat().st_size <= logs.MAX_BYTES + 2000 for f in files)


def test_the_log_lives_in_the_per_user_data_folder() -> None:
    assert places.user_log_file({"XDG_DATA_HOME": "/data"}, "linux") == Path("/data/monopoly/monopoly.log")
    assert places.user_log_file({}, "darwin", Path("/home/ann")) == Path(
        "/home/ann/Library/Application Support/monopoly/monopoly.log")
    assert places.user_save_dir({"XDG_DATA_HOME": "/data"}, "linux") == Path("/data/monopoly/saves")


def test_an_unexpected_error_is_one_line_naming_the_log_and_the_traceback_is_in_it(tmp_path: Path) -> None:
    program = ("import sys, monopoly.cli as cli\n"
               "def broken(argv=None):\n"
               "    raise ValueError('something the program did not expect')\n"
               "cli._main = broken\n"
               "sys.exit(cli.main())\n")
    run = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=60, cwd=tmp_path,
                         env={**os.environ, "PYTHONPATH": str(ROOT), "XDG_DATA_HOME": str(tmp_path)})
    log_file = tmp_path / "monopoly" / "monopoly.log"
    assert run.returncode == 1 and "Traceback" not in run.stderr and run.stderr.count("\n") == 1, run.stderr
    assert str(log_file) in run.stderr and "bug report" in run.stderr
    assert "ValueError: something the program did not expect" in log_file.read_text("utf-8")


def test_nothing_is_logged_on_standard_error_when_the_log_cannot_be_written(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    program = ("import logging, sys, monopoly.cli as cli\n"
               "from monopoly.cli.logs import set_up_log\n"
               "from pathlib import Path\n"
               "set_up_log(Path(sys.argv[1]) / 'monopoly.log')\n"
               "logging.getLogger('monopoly.ai').error('a computer player failed')\n")
    run = subprocess.run([sys.executable, "-c", program, str(blocked)], capture_output=True, text=True, timeout=60,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.returncode == 0 and run.stderr == "", run.stderr
