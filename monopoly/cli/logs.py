"""The program's log: what goes wrong inside a computer player or a front end, for a bug report.

The package's modules log to loggers under ``monopoly`` (``monopoly.ai``, ``monopoly.session``).
Without a handler Python would print their warnings on standard error, that is over the curses
screen; so the command gives them one file in the per-user data folder
(``~/.local/share/monopoly/monopoly.log`` and the like, ``storage/places.py``), kept small by
rotation: at most ``MAX_BYTES`` a file and ``BACKUPS`` older files. The file is made only when
something is logged, and a log that cannot be written is given up quietly: a bug report is not
worth a game.
"""

from __future__ import annotations

import logging
import logging.handlers
from pathlib import Path

from ..storage.places import NoSaveFolder, user_log_file

MAX_BYTES = 256 * 1024
BACKUPS = 2
LOGGER = "monopoly"


class _QuietFile(logging.handlers.RotatingFileHandler):
    """A rotated log file whose folder is made at the first record, and whose failures say nothing
    (logging's default prints them on standard error, over the screen)."""

    def _open(self):  # type: ignore[no-untyped-def]
        Path(self.baseFilename).parent.mkdir(parents=True, exist_ok=True)
        return super()._open()

    def handleError(self, record: logging.LogRecord) -> None:
        pass


def set_up_log(path: Path | None = None) -> Path | None:
    """Send the package's warnings and errors to the log file (once); the file, or None when there
    is no per-user folder (then they go nowhere, never onto the screen)."""
    logger = logging.getLogger(LOGGER)
    for handler in logger.handlers:
        if isinstance(handler, _QuietFile):
            return Path(handler.baseFilename)
    logger.setLevel(logging.WARNING)
    try:
        path = path or user_log_file()
    except NoSaveFolder:
        logger.addHandler(logging.NullHandler())
        return None
    handler = _QuietFile(path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8", delay=True)
    handler.setFormatter(logging.Formatter("%(asctime)s %(name)s %(levelname)s: %(message)s"))
    logger.addHandler(handler)
    return path


__all__ = ["set_up_log"]
