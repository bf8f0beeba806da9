"""The curses front end's entry: ``play`` runs one game on the curses screen, from the set-up or a
game the command line started. The ``monopoly`` command itself lives in ``monopoly/cli/``, which
reads the options, refuses command-line mistakes, unreadable save files and terminals that cannot
draw the board before this screen opens, and then calls ``play``.

The terminal is restored on every way out (a context manager around curses); Ctrl-C (or ``kill``,
or a closed terminal) leaves at once with the game autosaved; a second signal waits for that
autosave, and the program says where the game is only when the file is there.
"""

from __future__ import annotations

import curses
import locale
import os
import signal
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator


from ..session.safe_text import shown
from ..storage import saves
from .play import GameController, LeaveProgram
from ..session.signals import STOP_SIGNALS, restore_signal_handlers, set_signal_handlers
from ..storage.places import newer_recovered, resume_command
from .screen import Screen
from .setup import SetupScreens
from ..storage.starts import Started
from .theme import Theme

EXIT_OK, EXIT_BAD_SAVE, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130
EXIT_NOT_SAVED = 1  # stopped, and the autosave could not be written


class StopSignals:
    """Ctrl-C, ``kill`` and a closed terminal end the game alike, and only once.

    The first stop signal raises ``KeyboardInterrupt`` (terminal restored, game autosaved); from
    then on every stop signal waits, so a second Ctrl-C or a SIGTERM right after it never cuts the
    exit autosave short. Once leaving after a signal, they are ignored to the last instruction
    (Python would otherwise put back the default handlers, which end the process, as it shuts down).
    """

    def __init__(self) -> None:
        self.stopping = False
        self._previous: dict[int, object] = {}

    def __enter__(self) -> "StopSignals":
        self._previous = set_signal_handlers(STOP_SIGNALS, self._first)
        return self

    def _first(self, signum: int, frame: object) -> None:
        if self.stopping:
            # A second signal that came while the first one's handler was swapping the handlers
            # (a handler can be interrupted by another): the first one raises; this one waits.
            return
        self.hold()
        raise KeyboardInterrupt

    def hold(self) -> None:
        """From now on a stop signal waits (the program is already leaving)."""
        if not self.stopping:
            self.stopping = True
            set_signal_handlers(STOP_SIGNALS, self._later)

    @staticmethod
    def _later(signum: int, frame: object) -> None:
        """Already leaving: nothing more to do."""

    def __exit__(self, *exc: object) -> None:
        if self.stopping:
            set_signal_handlers(STOP_SIGNALS, signal.SIG_IGN)
        else:
            restore_signal_handlers(self._previous)


@contextmanager
def curses_session() -> Iterator["curses.window"]:
    """Start curses and always put the terminal back as it was."""
    os.environ.setdefault("ESCDELAY", "25")
    try:
        locale.setlocale(locale.LC_ALL, "")
    except locale.Error:
        pass
    stdscr = curses.initscr()
    try:
        curses.noecho()
        curses.cbreak()
        stdscr.keypad(True)
        try:
            curses.set_escdelay(25)
        except (AttributeError, curses.error):
            pass
        try:
            curses.curs_set(0)
        except curses.error:
            pass
        yield stdscr
    finally:
        try:
            stdscr.keypad(False)
            curses.nocbreak()
            curses.echo()
        except curses.error:
            pass
        try:
            curses.endwin()
        except curses.error:  # the terminal has gone: nothing to put back
            pass


def tidy_save_dir(save_dir: Path) -> None:
    """Clear what interrupted saves left in the folder (a complete save left in a temporary
    file becomes ``recovered-NAME``, offered in the resume list)."""
    try:
        saves.tidy(save_dir)
    except saves.SaveError:
        pass  # a folder we cannot write: each save will say so


def play(started: Started | None, save_dir: Path, edition: str | None, seed: int | None,
         rules: dict[str, object] | None = None) -> int:
    controller: GameController | None = None
    with StopSignals() as signals:
        try:
            farewell = ""
            code = EXIT_OK
            with curses_session() as stdscr:
                screen = Screen(stdscr, Theme())
                try:
                    if started is None:
                        started = SetupScreens(screen, save_dir, edition, seed, rules).run()
                    screen.setup = None
                    controller = start_controller(screen, started, save_dir)
                    if started.resumed_from is not None:
                        controller.say(f"Resumed from {started.resumed_from}.", "good")
                        newer = newer_recovered(started.loaded, save_dir)
                        if newer is not None:
                            controller.say(newer, "rent")
                    else:
                        controller.introduce()
                    farewell = controller.run()
                except LeaveProgram as leave:
                    farewell = leave.message
        except KeyboardInterrupt:
            code, farewell = leave_interrupted(signals, controller)
        signals.hold()  # leaving: a signal now would only cut the last line short
        say_farewell(farewell)
    return code


def start_controller(screen: Screen, started: Started, save_dir: Path) -> GameController:
    """The game's controller, with its record: a new identity, or the one of the save it was resumed from."""
    if started.loaded is not None:
        record = saves.GameRecord.resumed(save_dir, started.loaded)
    else:
        record = saves.GameRecord(save_dir)
    controller = GameController(screen, started.game, started.computers, started.ui, save_dir, started.save_name,
                                record)

    def waiting(folder: Path) -> None:  # on the message line, not on standard error under the screen
        controller.say("Another game in this folder is saving; waiting...", "bad")
        try:
            controller.refresh()
        except Exception:  # a drawing problem must not stop the save
            pass

    record.waiting = waiting
    return controller


def leave_interrupted(signals: StopSignals, controller: GameController | None) -> tuple[int, str]:
    """After a stop signal: autosave (further signals wait) and say where the game is, only if it is there."""
    while True:
        try:
            signals.hold()
            break
        except KeyboardInterrupt:  # a signal in the instant before the hold: it is the same stop
            continue
    if controller is None:
        return EXIT_INTERRUPTED, "Interrupted."
    path = controller.session.autosave()
    if path is not None and path.is_file():
        return EXIT_INTERRUPTED, (f"Interrupted. The game is autosaved in {path}; resume it with: "
                                  f"{resume_command(controller.save_dir, path.stem)}")
    problem = controller.autosave_problem or "the file is not there"
    return EXIT_NOT_SAVED, f"Interrupted. The game could NOT be autosaved: {problem}"


def say_farewell(farewell: str) -> None:
    if farewell:
        try:
            print(shown(farewell, newlines=True))
        except OSError:  # the terminal has gone (the window was closed): the game is saved all the same
            pass
