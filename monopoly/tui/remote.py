"""``monopoly join HOST[:PORT] CODE``: a seat at a hosted game on the local game's own screen.

The board, the option bar, the dialogs and the keys are the local game's (``play.GameController``
on ``screen.Screen``), driven through a ``net.remote.RemoteSession`` instead of a ``Session``: the
screen draws from the session's replica of the game, the options and questions offered are this
seat's only (the session's ``people`` is this seat, or nobody for a spectator), every action goes
to the server, and what the server sends is shown as it comes, with the local game's words (the
screen looks for news between keys: ``Screen.on_wait``). What differs from a game played here is
said where it differs: Save is the host's (the game autosaves there after every action; on the
host's own screen the bar's S is Server: the host's commands), Quit leaves the game and keeps the
seat for a rejoin, nothing can be taken back, and a spectator is told so when an option would act.
"""

from __future__ import annotations

import os
import ssl
from typing import Any, Callable, Sequence

from ..engine import DecisionKind as K
from ..net.link import EXIT_OK, EXIT_USAGE, client_tls, parse_address
from ..net.remote import Disconnected, LinkThread, RemoteSession
from ..present import model as M
from ..session.options import hosting
from ..session.questions import TEXT, Question
from ..session.safe_text import shown
from .app import StopSignals, curses_session
from .play import GameController, LeaveProgram
from .screen import Screen
from .theme import Theme

ACTING = ("dice", "rent", "trade", "mortgage", "houses")  # the options that act in the game
RECENT = 12  # the last events shown in the messages on joining (the history, L, has what the server sent)
KEPT = "Your seat is kept: join again with the same command."


class RemoteController(GameController):
    """The local game's controller for one seat of a game played on a server (module doc)."""

    def __init__(self, screen: Screen, session: RemoteSession,
                 commands: Callable[[str], tuple[list[str], bool]] | None = None) -> None:
        game = session.game
        assert game is not None, "join first"
        ui = M.UIState.from_settings({}, game)
        super().__init__(screen, game, None, ui, ".", session=session)
        self.remote = session
        # the host's commands (S on the host's screen), run by the server; None: a joined seat
        self.commands = commands
        if commands is not None:
            screen.options = hosting()
        session.say = self.say
        screen.on_wait = self._news
        self._presenting = False
        self._hinted = ""  # the last hint saying what the game waits for

    # ------------------------------------------------------------------ news from the server
    def _news(self) -> bool:
        """Between keys: what the server sent, shown at once (True: the caller looks again). On the
        option bar tokens move as in a game played here; inside a dialog they jump, and the
        dialog's own words stay on the bottom line."""
        if self._presenting or not self.remote.has_news():
            return False
        self._presenting = True
        bar, hint, fast = self.screen.bar_active, self.ui.hint, self.ui.fastmove
        own_words = hint != self._hinted  # a dialog's own words stay; what the game waits for is news
        try:
            events = self.remote.news()
            if not events:
                return True
            if not bar:
                self.ui.fastmove = True  # no moving tokens under a dialog
            self.present(events, computer=True)
        finally:
            self._presenting = False
            self.ui.fastmove = fast
            if not bar:
                if own_words:
                    self.ui.hint = hint
                self.screen.bar_active = False
        return True

    def present(self, events: list[Any], computer: bool = False) -> None:
        was, self._presenting = self._presenting, True
        try:
            super().present(events, computer)
        finally:
            self._presenting = was

    def _say_since_last_turn(self, person: int) -> None:
        for text, role in self.remote.since_last_turn():  # the server's words, from the whole game
            self.say(shown(text), role)

    # ------------------------------------------------------------------ what differs here
    def refresh(self, bar: bool = False) -> None:
        self.screen.computers = self.remote.computers
        super().refresh(bar)

    def decision_hint(self) -> str:
        self._hinted = self._decision_hint()
        return self._hinted

    def _decision_hint(self) -> str:
        game, seat = self.game, self.remote.seat
        d = game.view.pending
        if self._may_let_go():
            # at most 80 columns with a name of 7 letters: the bottom line cuts a longer hint
            return f"{M.name(game, d.player)} is about to throw: R claims your rent, D lets it go (soon by itself)"
        if d.kind == K.GAME_OVER or d.player in self.session.people or self.session.is_computer(d.player):
            return super().decision_hint()
        asked = self.remote.waiting_for if self.remote.waiting_for is not None else d.player
        if asked in self.remote.away:  # at most 77 columns with a name of 7 letters: whole at 80
            return f"Waiting for {M.name(game, asked)}, who is away (the host may give the seat to a computer)."
        you = "" if seat is None else "; you may choose an option meanwhile"
        return f"Waiting for {M.name(game, asked)}{you}."

    def seat_away(self, player: int) -> bool:
        return player in self.remote.away and player != self.remote.seat

    def run_option(self, command: str) -> None:
        if self.remote.seat is None and command in ACTING:
            self.say("A spectator watches and cannot act (Q leaves).", "dim")
            self.refresh(bar=True)
            return
        seat = self.remote.seat
        if command == "dice" and seat is not None and self._may_let_go():
            self.remote.let_throw(seat)  # the rent is let go: the throw goes ahead
            return
        super().run_option(command)

    def _may_let_go(self) -> bool:
        """Another player's throw waits while this seat may claim rent it would let lapse (D lets it go)."""
        seat = self.remote.seat
        return seat is not None and self.remote.may_go and self.game.view.pending.player != seat

    def show_stats(self, footer: str = "any other key goes back") -> None:
        self.say("The game in numbers is read from its record, which the host keeps: monopoly stats there.", "dim")

    def option_save(self) -> None:
        if self.commands is None:
            self.say("Saving is the host's: the game is autosaved on the host after every action.", "dim")
            return
        # The host's screen: the game autosaves already, so S takes the host's commands instead
        # (a computer for an absent player and back, the join lines, who is here, the end).
        line = self.ask(Question("Host command: who, codes, cpu NAME, person NAME, end, help", TEXT, None,
                                 max_len=48))
        if not line:
            return
        said, going = self.commands(str(line))
        for text in said:
            self.say(shown(text), "dim")
        if not going:
            self.remote.leave()
            raise LeaveProgram("You stopped serving the game for everyone.")

    def option_quit(self) -> None:
        if self.remote.seat is None:
            if self.yes_no("Stop watching this game?", False):
                self.remote.leave()
                raise LeaveProgram("You stopped watching the game.")
            return
        if self.commands is not None:  # the host's own seat: leaving it stops the server
            if self.yes_no("Stop serving the game for everyone? (it is saved)", False):
                self.remote.leave()
                raise LeaveProgram("You left your seat: as the host, that stops the server for everyone too.")
            return
        if self.yes_no("Leave this game? (your seat is kept for you)", False):
            self.remote.leave()
            raise LeaveProgram(f"You left the game. {KEPT}")


def join_screen(address: str, code: str, tls: bool = False, ca: str | None = None) -> int:
    """Play the seat of ``code`` (or watch, with the spectator code) on the game's screen: the exit code."""
    try:
        host, port = parse_address(address)
    except ValueError as exc:
        print(f"monopoly join: {exc}")
        return EXIT_USAGE
    context: ssl.SSLContext | None = client_tls(ca) if tls or ca else None
    return seat_screen(host, port, code, context, ca=ca is not None)


def seat_screen(host: str, port: int, code: str, context: ssl.SSLContext | None = None,
                intro: Sequence[str] = (), commands: Callable[[str], tuple[list[str], bool]] | None = None,
                ca: bool = True) -> int:
    """Play the seat of ``code`` on the server at ``host``:``port`` on the game's screen (the
    exit code): ``monopoly join``, and the host's own seat (with the host's ``commands``, taken
    by S, and the join lines in ``intro`` kept among the messages)."""
    hosting = commands is not None  # leaving the host's own seat stops the server
    session = RemoteSession(LinkThread(host, port, context, ca))
    try:
        session.join(code.strip())
    except Disconnected as gone:
        session.link.close(farewell=False)
        print(f"monopoly join: {shown(gone.reason)}")
        return gone.code if gone.code != EXIT_OK else 1
    except KeyboardInterrupt:
        session.link.close(farewell=False)
        return 130
    os.environ.setdefault("ESCDELAY", "25")
    farewell, exit_code = "", EXIT_OK
    try:
        with StopSignals() as signals, curses_session() as stdscr:  # Ctrl-C, kill: the terminal restored
            screen = Screen(stdscr, Theme())
            controller = RemoteController(screen, session, commands)
            who = f"You play {session.name}" if session.seat is not None else \
                "You watch this game as a spectator: you cannot act (Q leaves)"
            for line in M.event_lines(controller.game, controller.game.log[-RECENT:]):  # what came before
                if line is not None:
                    controller.say(*line)
            for text in intro:
                controller.say(text, "dim")
            where = ("You host this game (S: the host's commands)" if hosting
                     else f"Joined the game on {host}:{port}")
            controller.say(f"{who}. {where}; ? shows the keys.", "title")
            try:
                farewell = controller.run()
            except LeaveProgram as leave:
                farewell = leave.message
            except Disconnected as gone:
                farewell, exit_code = gone.reason[:1].upper() + gone.reason[1:] + ".", gone.code
            signals.hold()
    except KeyboardInterrupt:
        farewell, exit_code = "Interrupted: the server stops." if hosting else f"Interrupted. {KEPT}", 130
    finally:
        session.link.close()
    if farewell:
        try:
            print(shown(farewell, newlines=True))
        except OSError:
            pass
    return exit_code
