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

from ..storage import saves
from ..storage.places import newer_recovered, resume_command
from ..session.signals import STOP_SIGNALS, restore_signal_handlers, set_signal_handlers
from ..storage.starts import Started
from .console import Console
from .loop import TextGame
from .setup import run_setup

EXIT_OK, EXIT_BAD_SAVE, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130
EXIT_NOT_SAVED = 1  # the game ended and could not be saved: a script must not take it for success


def main(started: Started | None, save_dir: Path, edition: str | None, seed: int | None,
         rules: dict[str, object], colour: bool = False, stdin: TextIO | None = None,
         stdout: TextIO | None = None, clock: Callable[[], float] = time.monotonic) -> int:
    """Play the game the command line asked for (``cli/game.py``), or set one up first."""
    # --colour asks for colour, but not of a terminal that has none (TERM=dumb) nor of a user who set
    # NO_COLOR (no-color.org: any non-empty value)
    colour = colour and os.environ.get("TERM", "") != "dumb" and not os.environ.get("NO_COLOR")
    console = Console(stdin or _tolerant(sys.stdin), stdout or sys.stdout, colour=colour)
    try:
        saves.tidy(save_dir)  # what an interrupted save left behind, as the curses program does
    except saves.SaveError:
        pass  # a folder we cannot write: each save will say so
    return play(console, started, save_dir, edition, seed, rules, clock)


def _tolerant(stream: TextIO) -> TextIO:
    """Standard input that never fails on bytes its encoding cannot decode: they reach the command
    parser as escaped characters (refused as any unknown command), not as a traceback."""
    try:
        stream.reconfigure(errors="surrogateescape")  # type: ignore[attr-defined]
    except (AttributeError, ValueError, OSError):
        pass
    return stream


# A stop signal while the game is being left: it is leaving already. Ignored by the system itself,
# so that one coming as the interpreter shuts down (when Python's own handlers are gone) is too.
_quiet = signal.SIG_IGN


def _stop_like_ctrl_c(signum: int, frame: object) -> None:
    # The first stop signal ends the game; those that follow (a storm of SIGTERM) must not break
    # the exit autosave, so from now on every stop signal is ignored.
    set_signal_handlers(STOP_SIGNALS, _quiet)
    raise KeyboardInterrupt


def play(console: Console, started: Started | None, save_dir: Path, edition: str | None, seed: int | None,
         rules: dict[str, object], clock: Callable[[], float]) -> int:
    """Set up (or resume) and play; ``kill`` and a closed terminal end the game as Ctrl-C does."""
    others = tuple(n for n in STOP_SIGNALS if n != getattr(signal, "SIGINT", None))
    interrupt = {n: signal.getsignal(n) for n in STOP_SIGNALS if n not in others}  # set again when leaving
    previous = {**interrupt, **set_signal_handlers(others, _stop_like_ctrl_c)}
    try:
        code = _play(console, started, save_dir, edition, seed, rules, clock)
    except BaseException:
        restore_signal_handlers(previous)
        raise
    if code == EXIT_INTERRUPTED:  # more stop signals may follow the first (a storm): the program is
        # ending, so only Ctrl-C gets its handler back (for a caller in this process)
        previous = {n: h for n, h in previous.items() if n == getattr(signal, "SIGINT", None)}
    restore_signal_handlers(previous)
    return code


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
            newer = newer_recovered(started.loaded, save_dir, text_mode=True)
            if newer is not None:
                session.say(newer, "rent")
        else:
            session.introduce()
        farewell = session.run()
        if farewell:
            console.say(farewell)
        return EXIT_OK
    except EOFError:
        line = _leave_line("End of input.", session, save_dir)
        console.say(line)
        return EXIT_NOT_SAVED if line.endswith(NOT_SAVED) else EXIT_OK
    except KeyboardInterrupt:
        set_signal_handlers(STOP_SIGNALS, _quiet)  # Ctrl-C again while saving: ignored
        console.say(_leave_line("Interrupted.", session, save_dir))
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # the reader went away (``| head``): keep the game, say nothing more
        _leave_line("", session, save_dir)
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError):  # not a real file: nothing will be flushed to it
            pass
        return EXIT_OK
    except OSError:  # the output cannot be written (a full disk): keep the game, then say so
        set_signal_handlers(STOP_SIGNALS, _quiet)
        _leave_line("", session, save_dir)
        raise


NOT_SAVED = "The game could not be saved."


def _leave_line(why: str, session: TextGame | None, save_dir: Path) -> str:
    """Save the game (if one has begun) and say how to resume it."""
    if session is None:
        return f"{why} No game was started."
    path = session.session.autosave()
    if path is None:
        return f"{why} {NOT_SAVED}"
    return f"{why} The game is saved in {path}; resume it with: {resume_command(save_dir, path.stem, text_mode=True)}"
