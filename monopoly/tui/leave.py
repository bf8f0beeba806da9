"""Leaving the game screen: the exception the dialogs raise and the program catches."""

from __future__ import annotations


class LeaveProgram(Exception):
    """Stop playing and leave (after Save + "do not continue", or after the end of the game)."""

    def __init__(self, message: str = "") -> None:
        super().__init__(message)
        self.message = message
