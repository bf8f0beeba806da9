"""Monopoly in a terminal: a faithful rules engine, a curses front end and computer players."""

__version__ = "0.1.0"
