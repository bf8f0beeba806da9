"""What the screen shows on request: undo, the game in numbers, the history, the owners, and the
Cash and Fastmove switches."""

from __future__ import annotations

from typing import Any

from ..engine import IllegalActionError
from ..present import model as M
from ..session.questions import CHOICE, TEXT, Choice, Question
from ..session.words import undo_refused
from . import keys as KEYS
from .layout import Layout, TooSmall
from .screen import key_char
from .play import Controller


class ViewDialogs(Controller):
    """The views and switches: a part of ``play.GameController``."""

    # ------------------------------------------------------------------ undo and the numbers
    def undo(self) -> None:
        """Take back the last action of the person at the keyboard, or one they took for another
        person (``Session.undo``)."""
        keyboard = self.keyboard()
        if self.session.undo_target(keyboard) is None:
            # the screen's keys are everyone's: a person may take back their own last action
            # after their turn passed, before anyone else acts (the action names them)
            keyboard = next((p for p in self.session.people if self.session.undo_target(p) == p), keyboard)
        try:
            events = self.session.undo(keyboard)
        except IllegalActionError as exc:
            self.say(undo_refused(str(exc)), "dim")
            return
        self.present(events)
        self.session.autosave()

    def show_stats(self, footer: str = "any other key goes back") -> None:
        """The story of the game in numbers (``monopoly.reports.stats``), in a popup."""
        from ..reports.stats import game_stats, stats_text
        try:
            lines = stats_text(game_stats(self.game.record()))
        except ValueError as exc:  # a game without a record (arranged by hand, or an old save)
            self.say(f"No figures for this game: {exc}", "dim")
            return
        self.screen.page(M.Popup("The game in numbers", [(line, "message") for line in lines], footer=footer),
                         wrapped=False)

    # ------------------------------------------------------------------ the history
    def history_popup(self, only: int | str | None = None, top: int | None = None) -> tuple[M.Popup, int]:
        """One page of the history (``top``: its first row; None: the last page, newest last) and
        the first row shown."""
        lay = self.screen.lay
        rows, cols = (lay.rows, lay.cols) if not isinstance(lay, TooSmall) else (24, 80)
        area_h, area_w = (lay.board.h, lay.board.w) if isinstance(lay, Layout) and lay.board.h >= 10 \
            else (rows - 2, cols)
        room = max(1, area_h - 5)  # a box, a title and a footer line
        key = (only, len(self.game.log))  # a long game's history is read once, not at every key
        if self._history[0] != key:
            self._history = (key, M.history(self.game, only))
        lines = M.history_rows(self._history[1], area_w - 8)
        last = max(0, len(lines) - room)
        first = last if top is None else max(0, min(top, last))
        shown = lines[first:first + room] or [("Nothing yet.", "dim")]
        n = self.game.view.player_count
        where = f"{first + 1}-{first + len(shown)} of {len(lines)}" if lines else "empty"
        return M.Popup(f"{M.history_title(self.game, only)} ({where})", shown,
                       footer=f"Up/Down PgUp/PgDn scroll  1-{n} a player  M money  A all  ESC back",
                       indent=6), first

    def show_history(self) -> None:
        """Every event of the game as text, scrollable, newest last; one player's or money only."""
        only: int | str | None = None
        top: int | None = None
        while True:
            popup, first = self.history_popup(only, top)
            page = max(1, len(popup.lines) - 1)
            key = self.screen.show_popup(popup)
            if key is None:
                continue
            cmd = KEYS.command("history", key)
            ch = key_char(key)
            if cmd == "close":
                return
            moves = {"up": -1, "down": 1, "page_up": -page, "page_down": page}
            if cmd in moves:
                top = first + moves[cmd]
            elif cmd == "first":
                top = 0
            elif cmd == "last":
                top = None
            elif cmd in ("all", "money"):
                only, top = (None if cmd == "all" else M.HISTORY_MONEY), None
            elif ch.isdigit() and 1 <= int(ch) <= self.game.view.player_count:
                only, top = int(ch) - 1, None

    # ------------------------------------------------------------------ Owners
    def option_owners(self) -> None:
        """Owners: one key answers (a player's number, or A for every property), at once; a RETURN
        typed after it out of habit leaves the pop-up open rather than closing it."""
        game = self.game
        choices = tuple(Choice(str(p.seat + 1), p.name, p.seat) for p in game.view.players()
                        if p.seat < 9) + (Choice("a", "all", "all"),)
        who = self.ask(Question("Owners:", CHOICE, "all", choices))
        if who is None:
            return
        if who == "all":
            self.screen.show_popup(M.Popup("Owners  (number = owner, M = mortgaged)", M.owners_rows(game)),
                                   after_key=True)
        else:
            self.screen.show_popup(M.Popup("Holdings", M.holdings_lines(game, self.ui, int(who))), after_key=True)

    # ------------------------------------------------------------------ Cash and Fastmove
    def option_cash(self) -> None:
        self.ui.show_cash = not self.ui.show_cash
        self.say("Cash and property now shown" if self.ui.show_cash else "Cash and property now hidden", "dim")

    def option_fastmove(self) -> None:
        self.ui.fastmove = not self.ui.fastmove
        self.say("FASTMOVE NOW ACTIVE" if self.ui.fastmove else "FASTMOVE NOW INACTIVE", "title")
