"""Monopoly in a terminal: a faithful rules engine, a curses front end and computer players."""

__version__ = "0.1.0"

from .compiled import install as _use_compiled

_use_compiled()  # the simulation's compiled modules, when a build matches the sources (monopoly/compiled.py)
