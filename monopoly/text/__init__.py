"""The text front end: Monopoly played line by line (``monopoly --text``), for any terminal, a
screen reader, a slow link or a script. See ``app.py`` (options), ``loop.py`` (the game),
``commands.py`` (what can be typed) and ``views.py`` (board, deed, assets, credit, owners, help).
"""
