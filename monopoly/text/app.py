"""``monopoly --text`` / ``monopoly text``: the whole game on plain lines, commands read from input.

The command line is the curses game's (``cli/game.py``) plus ``--colour``. The end of the input and
Ctrl-C save the game and say how to resume it; nothing ends in a traceback.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path
from typing import Callable, TextIO

from ..storage.places import resume_command
from ..session.signals import STOP_SIGNALS, restore_signal_handlers, set_signal_handlers
from ..storage.starts import Started
from .console import Console
from .loop import TextGame
from .setup import run_setup

EXIT_OK, EXIT_BAD_SAVE, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130


def main(started: Started | None, save_dir: Path, edition: str | None, seed: int | None,
         rules: dict[str, object], colour: bool = False, stdin: TextIO | None = None,
         stdout: TextIO | None = None, clock: Callable[[], float] = time.monotonic) -> int:
    """Play the game the command line asked for (``cli/game.py``), or set one up first."""
    # --colour asks for colour, but not of a terminal that has none (TERM=dumb) nor of a user who set
    # NO_COLOR (no-color.org: any non-empty value)
    colour = colour and os.environ.get("TERM", "") != "dumb" and not os.environ.get("NO_COLOR")
    console = Console(stdin or sys.stdin, stdout or sys.stdout, colour=colour)
    return play(console, started, save_dir, edition, seed, rules, clock)


def _stop_like_ctrl_c(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def play(console: Console, started: Started | None, save_dir: Path, edition: str | None, seed: int | None,
         rules: dict[str, object], clock: Callable[[], float]) -> int:
    """Set up (or resume) and play; ``kill`` and a closed terminal end the game as Ctrl-C does."""
    others = tuple(n for n in STOP_SIGNALS if n != getattr(signal, "SIGINT", None))
    previous = set_signal_handlers(others, _stop_like_ctrl_c)
    try:
        return _play(console, started, save_dir, edition, seed, rules, clock)
    finally:
        restore_signal_handlers(previous)


def _play(console: Console, started: Started | None, save_dir: Path, edition: str | None, seed: int | None,
          rules: dict[str, object], clock: Callable[[], float]) -> int:
    session: TextGame | None = None
    try:
        if started is None:
            started, _ = run_setup(console, save_dir, edition, seed, dict(rules))
        session = TextGame(console, started.game, started.computers, started.ui, save_dir, started.save_name, clock,
                           started.loaded)
        if started.resumed_from is not None:
            session.recall()
            session.say(f"Resumed from {started.resumed_from}. Type help for the commands.", "good")
        else:
            session.introduce()
        farewell = session.run()
        if farewell:
            console.say(farewell)
        return EXIT_OK
    except EOFError:
        console.say(_leave_line("End of input.", session, save_dir))
        return EXIT_OK
    except KeyboardInterrupt:
        console.say(_leave_line("Interrupted.", session, save_dir))
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # the reader went away (``| head``): keep the game, say nothing more
        _leave_line("", session, save_dir)
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError):  # not a real file: nothing will be flushed to it
            pass
        return EXIT_OK


def _leave_line(why: str, session: TextGame | None, save_dir: Path) -> str:
    """Save the game (if one has begun) and say how to resume it."""
    if session is None:
        return f"{why} No game was started."
    path = session.session.autosave()
    if path is None:
        return f"{why} The game could not be saved."
    return f"{why} The game is saved in {path}; resume it with: {resume_command(save_dir, path.stem, text_mode=True)}"
