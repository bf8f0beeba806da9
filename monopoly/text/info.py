"""The text mode's questions and housekeeping: owners, cash, the board, a deed, assets, credit, odds,
the log, the stats, the clock and help; Fastmove, Save, Undo and Quit.
"""

from __future__ import annotations

from ..engine import Game, IllegalActionError
from ..engine import actions as A
from ..session.questions import clock_text
from ..session.coaching import hint_lines
from ..session.words import name, odds_line, undo_refused
from ..storage import saves
from ..storage.places import resume_command
from .commands import ANSWERS, GENERAL, CommandError, find_player, find_square, number, parse_line
from .views import assets_lines, board_lines, credit_lines, deed_lines, help_lines, owners_lines
from .loop import LOG_LINES, TextCore, handles


class InfoCommands(TextCore):
    """Questions in words and housekeeping: a part of ``loop.TextGame``."""

    @handles("owners")
    def do_owners(self, p: int, args: str) -> None:
        self.show(owners_lines(self.game, self.ui, find_player(self.game, args) if args else None))

    @handles("cash")
    def do_cash(self, p: int, args: str) -> None:
        self.ui.show_cash = not self.ui.show_cash
        self.say("Cash and property now shown" if self.ui.show_cash else "Cash and property now hidden", "dim")
        view = self.game.view
        if view.rules.free_parking_pot:
            self.say(f"Free Parking jackpot: {view.money(view.pot())}", "dim")

    @handles("fastmove")
    def do_fastmove(self, p: int, args: str) -> None:
        self.ui.fastmove = not self.ui.fastmove
        self.say("FASTMOVE NOW ACTIVE" if self.ui.fastmove else "FASTMOVE NOW INACTIVE", "title")

    @handles("save")
    def do_save(self, p: int, args: str) -> None:
        """Save under a name; a file this session did not write is replaced only when agreed."""
        try:
            chosen = saves.chosen_name(args) if args else (self.save_name or self.session.free_name())
        except saves.SaveError as exc:
            raise CommandError(str(exc)) from None
        agreed: object = None
        while True:
            try:
                path = self.session.save(chosen, agreed)
                break
            except saves.SaveConflict as conflict:
                if not self.confirm(f"{conflict}: replace it?"):  # "<file> holds another game (...)"
                    return
                agreed = conflict.found
            except saves.SaveError as exc:
                raise CommandError(str(exc)) from None
        self.say(f"Game saved as {chosen} ({path}). Resume it with: "
                 f"{resume_command(self.save_dir, chosen, text_mode=True)}", "good")

    @handles("quit")
    def do_quit(self, p: int, args: str) -> None:
        if not self.confirm("Quit this game? Everyone is valued and the richest wins."):
            return
        self.act(p, A.EndGame(p))

    # the views
    @handles("board")
    def do_board(self, p: int, args: str) -> None:
        self.show(board_lines(self.game))

    @handles("deed")
    def do_deed(self, p: int, args: str) -> None:
        square = find_square(self.game, args) if args else self.game.view.position(p)
        self.show(deed_lines(self.game, square))

    @handles("assets")
    def do_assets(self, p: int, args: str) -> None:
        self.show(assets_lines(self.game, find_player(self.game, args) if args else p, self.ui.show_cash))

    @handles("credit")
    def do_credit(self, p: int, args: str) -> None:
        self.show(credit_lines(self.game, self.ui.show_cash))

    @handles("odds")
    def do_odds(self, p: int, args: str) -> None:
        self.say(odds_line(self.game, self.session.win_chances(p)), "dim")

    @handles("hint")
    def do_hint(self, p: int, args: str) -> None:
        for line in hint_lines(self.game.view, self.session.hint(p)):
            self.say(line, "dim")

    @handles("brief")
    def do_brief(self, p: int, args: str) -> None:
        self.brief = not self.brief
        self.say("Brief prompt: the player's name and what is owed, then >; help lists the commands" if self.brief
                 else "Full prompt: who, the turn, the cash and the commands that can be typed", "dim")

    @handles("log")
    def do_log(self, p: int, args: str) -> None:
        given = number(args, "a number of lines") if args else LOG_LINES
        if not given:
            raise CommandError(f"The log shows a whole number of lines from 1 (log alone: the last {LOG_LINES})")
        self.show(self.said[-given:])

    @handles("stats")
    def do_stats(self, p: int, args: str) -> None:
        self.show(self.stats_lines())

    @handles("undo")
    def do_undo(self, p: int, args: str) -> None:
        try:
            events = self.session.undo(p)
        except IllegalActionError as exc:
            raise CommandError(undo_refused(str(exc))) from None
        self.show_events(events)
        self.session.autosave()

    @handles("clock")
    def do_clock(self, p: int, args: str) -> None:
        left = self.game.view.seconds_left()
        self.show(["This game has no clock." if left is None else f"Time left: {clock_text(left)}"])

    @handles("help")
    def do_help(self, p: int, args: str) -> None:
        answers = self.answers(p)
        if args:
            word = args.strip().lower()
            # any answer too, asked now or not (help fine, help settle ...)
            c = next((c for c in ANSWERS + GENERAL if word in c.words()), None) or parse_line(args, answers).command
            self.show([f"{c.usage}: {c.help}" + (f" (letter {c.letter})" if c.letter else "")])
            return
        self.show(help_lines(answers))
