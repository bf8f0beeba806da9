"""The stop signals (Ctrl-C, the terminal closing, ``kill``) and holding them back while the game
changes, so that leaving never saves a half-done move."""

from __future__ import annotations

import signal
from contextlib import contextmanager
from typing import Any, Iterator


# The signals that end the program (Ctrl-C, the terminal closing, ``kill``); those this system has.
STOP_SIGNALS = tuple(getattr(signal, n) for n in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, n))


def set_signal_handlers(numbers: tuple[int, ...], handler: Any) -> dict[int, Any]:
    """Handle each of these signals with ``handler`` where this process may; the handlers they had
    before, for ``restore_signal_handlers``."""
    previous: dict[int, Any] = {}
    for number in numbers:
        try:
            previous[number] = signal.signal(number, handler)
        except (ValueError, OSError):  # not the main thread, or a signal this system will not hand over
            pass
    return previous


def restore_signal_handlers(previous: dict[int, Any]) -> None:
    for number, handler in previous.items():
        try:
            signal.signal(number, handler if handler is not None else signal.SIG_DFL)
        except (ValueError, OSError):  # not the main thread: nothing was set here either
            pass


_HELD: list[list[int]] = []  # the signals each ``held_interrupts`` block (innermost last) holds back


def interrupt_pending() -> bool:
    """Whether a stop signal came during a ``held_interrupts`` block and waits for its end (a long
    wait inside one, such as for the save folder's lock, gives up early on it)."""
    return any(_HELD)


@contextmanager
def held_interrupts() -> Iterator[None]:
    """Hold Ctrl-C (and the other stop signals) back while the game changes.

    An engine action is several steps; an interrupt between two of them would leave a half-done
    move, and leaving autosaves the game as it is. A signal that comes meanwhile is acted on as
    soon as the block ends, as ``KeyboardInterrupt``.
    """
    caught: list[int] = []  # nothing is held outside the main thread, where handlers cannot be set
    previous = set_signal_handlers(STOP_SIGNALS, lambda signum, frame: caught.append(signum))
    _HELD.append(caught)
    try:
        yield
    finally:
        _HELD.remove(caught)
        restore_signal_handlers(previous)
        if caught:  # act on the first signal now, as its own handler would have
            handler = previous[caught[0]]
            if callable(handler):
                handler(caught[0], None)  # Ctrl-C: KeyboardInterrupt
            elif handler == signal.SIG_DFL:
                signal.raise_signal(caught[0])
