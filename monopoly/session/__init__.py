"""One game in play, whatever shows it: seats, computer players, the clock, autosave and the guards
every front end applies alike (``session.py``), with what front ends share to say and ask it: the
sentences (``words``), the questions (``questions``), the rule options (``rule_options``), the option
bar's commands (``options``) and the screen-neutral model of a game on show (``model``).

Imports the engine and the computer players only; storage, reports and the front ends import it.
"""
