"""A problem inside a computer player or a front end: logged with its traceback, and said in words.

The person playing sees one sentence ("A computer player stumbled ..."); the traceback goes to the
``monopoly`` log, which the ``monopoly`` command keeps in a file (``cli/logs.py``). The sentence
names that file, so a bug report can bring it.
"""

from __future__ import annotations

import logging

log = logging.getLogger("monopoly.session")


def log_file() -> str | None:
    """The file the package's log is written to, or None when it has none."""
    for handler in logging.getLogger("monopoly").handlers:
        if isinstance(handler, logging.FileHandler):
            return handler.baseFilename
    return None


def logged(sentence: str, exc: BaseException) -> str:
    """Log ``exc`` with its traceback under ``sentence``; the sentence to show, naming the log file."""
    log.error("%s", sentence, exc_info=(type(exc), exc, exc.__traceback__))
    where = log_file()
    return f"{sentence}; the details are in {where}" if where else sentence


__all__ = ["log_file", "logged"]
