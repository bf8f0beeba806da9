"""Exceptions the engine raises.

Every error a caller can provoke is a ``ValueError`` subclass with a message written for a
person, so a front end can show ``str(error)`` as it is.
"""

from __future__ import annotations


class MonopolyError(ValueError):
    """Base class of every error the engine raises on purpose."""


class IllegalActionError(MonopolyError):
    """An action that the rules do not allow now; the game is left unchanged."""


class SaveFormatError(MonopolyError):
    """A saved game that cannot be loaded: the message names the field that is wrong."""


class EditionError(MonopolyError):
    """An edition data file that is missing or malformed."""
