"""The figures of games: one game's story in numbers (``stats``, ``plot``) and many computer-only
games played and summed up (``tournament``). Imports the layers below it, never a front end.
"""
