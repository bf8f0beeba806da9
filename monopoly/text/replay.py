"""``monopoly replay SAVE_OR_RECORD``: step through a game on the curses board, or with ``--text``
line by line (the same steps, typed as commands; no curses needed, so it runs anywhere and in
scripts).

The line mode reads one command a line: ``n`` (next action, or ``n 5``: five), ``p`` (previous),
``t`` / ``b`` (the start of the next turn / back to the start of this one), ``g N`` (go to turn N),
``s`` (the players and their holdings now), ``c NAME`` (continue from here as a new game saved as
NAME), ``q`` (quit). Going forward prints what happened, in the screen's sentences.
"""

from __future__ import annotations

from pathlib import Path
from typing import TextIO

from ..storage import saves
from ..engine import events as E
from ..reports.story import sentences
from ..storage.places import resume_command
from ..session.questions import whole_number
from ..session.safe_text import shown
from ..storage.records import Replayer, Source, save_continuation, step_events

EXIT_OK = 0

HELP = ("n [K]: next action(s)  p [K]: previous  t: next turn  b: back to this turn's start  "
        "g N: go to turn N  s: the players now  c NAME: continue from here as a new game  q: quit")
# each command's letter, its words, and the words people try for it (``quit`` as well as ``q``)
WORDS = {"n": "n", "next": "n", "p": "p", "previous": "p", "prev": "p", "t": "t", "turn": "t", "b": "b",
         "back": "b", "g": "g", "go": "g", "goto": "g", "s": "s", "show": "s", "players": "s", "c": "c",
         "continue": "c", "q": "q", "quit": "q", "exit": "q", "leave": "q", "h": "h", "help": "h", "?": "h"}


def position_lines(replayer: Replayer) -> list[str]:
    """The players at the step shown: cash, square, holdings (what the board shows, as text)."""
    game = replayer.game
    view = game.view
    lines = [replayer.describe()]
    for p in range(view.player_count):
        if view.bankrupt(p):
            lines.append(f"  {view.name(p)}: bankrupt")
            continue
        where = view.square(view.position(p)).name + (" (in jail)" if view.in_jail(p) else "")
        owned = [view.square(s).name + _state_words(view.mortgaged(s), view.hotel(s), view.houses(s))
                 for s in view.owned(p)]
        lines.append(f"  {view.name(p)}: {view.money(view.cash(p))} on {where}; "
                     f"{', '.join(owned) if owned else 'no property'}")
    return lines


def _state_words(mortgaged: bool, hotel: bool, houses: int) -> str:
    if mortgaged:
        return " (mortgaged)"
    if hotel:
        return " (hotel)"
    return f" ({houses} house{'s' if houses > 1 else ''})" if houses else ""


class TextReplay:
    """The line mode: commands in, text out."""

    def __init__(self, source: Source, save_dir: Path, out: TextIO) -> None:
        self.source = source
        self.save_dir = save_dir
        self.out = out
        self.replayer = Replayer(source.record)

    def say(self, *lines: str) -> None:
        for line in lines:
            print(shown(line, newlines=True), file=self.out)

    def forward(self, count: int) -> None:
        r = self.replayer
        for _ in range(count):
            if r.steps >= r.total:
                self.say("(the end of the record)")
                break
            r.next_action()
            events = [E.event_from_dict(e) for e in step_events(r.record, r.steps - 1)]
            self.say(*(text for text, _ in sentences(r.game, events)))
        self.say(f"[{r.describe()}]")

    def moved(self) -> None:
        self.say(*position_lines(self.replayer))

    def command(self, line: str) -> bool:
        """Carry out one command line; False when it was ``q``."""
        r = self.replayer
        typed, _, rest = line.strip().partition(" ")
        rest = rest.strip()
        word = WORDS.get(typed.lower(), typed) if typed else ""
        if word and word not in WORDS.values():  # one line, not the whole help again
            self.say(f"No command {shown(typed)!r}: n, p, t, b, g N, s, c NAME or q (help explains them)")
            return True
        try:
            given = whole_number(rest) if rest else None
        except ValueError as exc:
            self.say(str(exc))
            return True
        if rest and word in ("n", "p") and given is None:
            self.say(f"not a number: {rest!r}")
            return True
        count = given if given is not None and word in ("n", "p") else 1
        if word in ("", "n"):
            self.forward(max(1, count))
        elif word == "p":
            r.go(r.steps - max(1, count))
            self.moved()
        elif word == "t":
            self.forward(r.next_turn_start() - r.steps)
        elif word == "b":
            r.previous_turn()
            self.moved()
        elif word == "g":
            try:
                r.go_to_turn(int(given if given is not None else ""))
                self.moved()
            except (ValueError, KeyError):
                self.say(f"go to which turn? 1 to {r.last_turn}")
        elif word == "s":
            self.moved()
        elif word == "c":
            if not rest:
                self.say("continue as which save name? (c NAME)")
                return True
            try:
                save_continuation(self.source, r, self.save_dir, rest)
            except saves.SaveError as exc:
                self.say(f"not saved: {exc}")
                return True
            self.say(f"Saved as {rest}; play it with: {resume_command(self.save_dir, rest)}")
        elif word == "q":
            return False
        else:
            self.say(HELP)
        return True

    def run(self, lines: TextIO, prompt: bool) -> int:
        self.say(*position_lines(self.replayer), HELP)
        while True:
            if prompt:
                self.out.write("replay> ")
                self.out.flush()
            line = lines.readline()
            if not line or not self.command(line):
                return EXIT_OK
