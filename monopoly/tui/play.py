"""Playing a game on the screen: the option bar, every option, every decision, computer turns.

``GameController.run`` is the loop: computer players act when they want to (at a readable pace,
quicker with Fastmove, any key skips the wait); a question for a person is asked at once (ESC puts
it off: the option bar stays usable and D answers it later); otherwise the option bar waits for a
key. Every change goes through ``Game.apply``; what happened is read from the events it returns.
The game is autosaved after every turn.

Keys belong to the moment they were typed for: a key pressed while a token moves or a computer's
events are shown only skips the wait (an option's letter is kept for when the screen is free, but
never D, which would answer the next decision), and what was typed ahead is dropped once the
moment has passed. Rent claims get time: a countdown before a throw that would let a person's claim
lapse, R inside any one-key question, and an owner about to throw is asked first.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

from ..storage import saves
# The auction's countdown, read by ``auction.py`` from here (the tests shorten it here)
from ..session.session import AUCTION_WAIT as AUCTION_WAIT
from ..session.session import (FAST_PACE, PACE, THROW_NOTICE, WATCH_PACE,  # noqa: F401
                                ComputerMove, PlaySession, Session, notice)
# The rent claim's countdown, read by ``rent.py`` from here (the tests shorten it here)
from ..session.session import CLAIM_WINDOW as CLAIM_WINDOW
from ..engine import NOBODY, DecisionKind as K, Game, IllegalActionError, Offer, Pending
from ..engine import actions as A
from ..engine import events as E
from . import keys as KEYS
from ..present import model as M
from ..session.words import undo_refused
from ..present import Answer, Prompt, decision_prompt, decision_sites
from ..storage.places import resume_command
from ..session.questions import CHOICE, TEXT, YESNO, Choice, Question
from .layout import Layout, TooSmall
from .leave import LeaveProgram as LeaveProgram  # raised by the dialogs, caught by the program
from .screen import Screen, key_char

CARD_READ = 2.0  # seconds a person's card stays in view when the turn ends with it (any key goes on)

# The options whose questions lead to a board cursor: their one-key answers end with RETURN.
CURSOR_DIALOGS = ("trade", "mortgage", "houses")



def decision_marker(game: Game) -> tuple[Any, ...]:
    d = game.view.pending
    return (d.kind, d.player, d.square, d.amount, len(game.view.pending_decisions()), game.view.turn)


class Controller:
    """The game screen's loop: what ``GameController`` is, but for its dialogs (its parts in
    ``showing``, ``rent``, ``auction``, ``funds``, ``trade``, ``deeds``, ``views`` and ``ending``)."""

    def __init__(self, screen: Screen, game: Game, computers: Any, ui: M.UIState, save_dir: str | Path,
                 save_name: str | None = None, record: saves.GameRecord | None = None,
                 session: PlaySession | None = None) -> None:
        """``session``: the session to play (a ``Session`` of its own by default; a seat of a game
        played elsewhere is a ``net.remote.RemoteSession``, which answers the same questions)."""
        self.screen = screen
        self.game = game
        self.cp = computers
        self.ui = ui
        self.save_dir = Path(save_dir)
        self.record: saves.GameRecord | None = record
        if session is None:
            self.record = record if record is not None else saves.GameRecord(save_dir)  # identity and files
            session = Session(game, computers, ui, self.record,
                              save_name=save_name or self._remembered_name(ui.save_name), say=self.say)
        self.session: PlaySession = session
        self._queued_key: int | None = None
        self._skip_rest = False
        # Whose turn the last TurnStarted began: the "ends the turn" line names that player (a
        # player bankrupt in their own turn is out, and the one seated before them did not just play).
        self._turn_of = game.view.current_player
        # A shortage auction under way: what each player still wants, and whether of hotels.
        self._scarce: tuple[dict[int, int], bool] | None = None
        screen.game = game
        screen.ui = ui
        screen.people = self.session.people
        screen.on_tick = self._tick
        screen.on_claim_key = self._claim_during_question
        screen.on_view_key = self.view_key
        self._claiming = False
        self._history: tuple[Any, list[M.HistoryLine]] = (None, [])  # (filter and log length, lines)

    # ------------------------------------------------------------------ who is who (the session's)
    @property
    def save_name(self) -> str | None:
        return self.session.save_name

    @save_name.setter
    def save_name(self, name: str | None) -> None:
        self.session.save_name = name

    @property
    def autosave_problem(self) -> str | None:
        return self.session.autosave_problem

    def keyboard(self) -> int:
        """The person the keyboard belongs to now: the one the game asks, else whose turn it is."""
        asked = self.session.person_asked()
        return asked if asked is not None else self.game.view.current_player

    def _tick(self) -> None:
        self.ui.elapsed = self.session.elapsed()
        if self.game.rules.short_game == "time_limit":
            self.screen.render()

    @property
    def watching(self) -> bool:
        return self.session.watching

    @property
    def pace(self) -> float:
        return self.session.pace

    # ------------------------------------------------------------------ drawing
    def refresh(self, bar: bool = False) -> None:
        people = self.session.people
        self.screen.people = people
        self.screen.enabled = M.option_enabled(self.game, people)
        self.screen.bar_active = bar
        refresh_chances(self)
        self.screen.render()

    def view_key(self, ch: str) -> bool:
        """W or I where they answer nothing (``coach.CoachDialogs``)."""
        return False

    def decision_hint(self) -> str:
        """What the game waits for, on the bottom line."""
        return M.decision_hint(self.game, self.session.people)

    def say(self, text: str, role: str = "message") -> None:
        self.ui.say(text, role)

    def say_refusal(self, text: str) -> None:
        """Say why an action was refused, once: a key pressed again for the same refusal (D while
        another player's rent window is open) would fill the messages with copies of one line."""
        last = self.ui.messages[-1] if self.ui.messages else None
        if last is None or (last.text, last.role) != (text, "bad"):
            self.say(text, "bad")

    def seat_away(self, player: int) -> bool:
        """Whether ``player`` is a person who has left the game (a game played over the network):
        the game waits for them, and the screen says so."""
        return False

    # ------------------------------------------------------------------ saving
    def introduce(self) -> None:
        """A new game: its title, then what it began with (``Session.introduce``)."""
        self.say(M.new_game_text(self.game), "title")
        self.session.introduce(self)

    # ------------------------------------------------------------------ the session's front end
    def run(self) -> str:
        """Play until the game ends or the players leave (``Session.run``); a line to print afterwards."""
        try:
            self.session.run(self)
        except LeaveProgram as leave:
            return leave.message
        return ""

    def show_events(self, events: list[E.Event], computer: bool = False) -> None:
        self.present(events, computer)

    def finished(self) -> None:
        self.show_end()
        raise LeaveProgram(self._end_line())

    def people_act(self) -> bool:
        """One turn of the people at the keyboard: a key kept from a pause, the auction, the question
        waiting for a person, or a key on the option bar."""
        game = self.game
        if self._queued_key is not None:
            key, self._queued_key = self._queued_key, None
            self.on_bar_key(key)
            return True
        if game.view.pending.kind == K.AUCTION:
            self.run_auction()
            return True
        d = game.view.pending
        if d.player in self.session.people and d.kind not in (K.ROLL, K.GAME_OVER) \
                and self.ui.deferred != decision_marker(game):
            self.answer(d)
            return True
        self.ui.hint = self.decision_hint()
        self.refresh(bar=True)
        timeout = 1.0 if game.rules.short_game == "time_limit" else None
        pressed = self.screen.read_key(timeout)
        if pressed is not None:
            self.on_bar_key(pressed)
        return True

    def before_computer(self, move: ComputerMove, claims: Sequence[Any]) -> bool:
        """Pace a computer's move; before its throw lets people's rent lapse, a countdown to claim it.
        False when a person chose an option meanwhile (done first)."""
        game = self.game
        self._skip_rest = False
        if claims:
            return not self.claim_window(move.player)
        wait = notice(self.pace, move.action)
        self.ui.hint = f"{M.name(game, move.player)} (computer) is playing... any key skips"
        self.refresh()
        return not (self.pause(wait, keep_options=True) and self._queued_key is not None)

    # ------------------------------------------------------------------ applying and showing
    def apply(self, action: A.Action, computer: bool = False) -> list[E.Event] | None:
        """Carry out an action and show what followed; None when refused. A person's action for
        another person only as the session allows: the screen's dialogs name that player first
        ("Who claims rent?", "Who mortgages?"), which is the confirmation the session asks for."""
        at = None
        if not computer and not self.session.is_computer(action.player):
            at = self.keyboard()
            allowed = self.session.permission(at, action)
            if allowed.problem is not None:
                self.say(allowed.problem[:1].upper() + allowed.problem[1:], "bad")
                self.refresh()
                return None
        try:
            events = self.session.apply(action, at=at)
        except IllegalActionError as exc:
            self.say_refusal(str(exc)[:1].upper() + str(exc)[1:])
            self.refresh()
            return None
        self.present(events, computer)
        return events

    def pause(self, seconds: float, keep_options: bool = False) -> bool:
        """Wait, showing the screen; a key skips the rest (True).

        An option's key is kept and done as soon as the screen is free, except D: it answers the
        decision waiting, and while a token moves or a computer's events are shown that decision is
        already the next one (D pressed twice on Bob's move must not throw Ann's dice). Only with
        ``keep_options`` (the wait before a computer acts, the decision on screen unchanged) is D kept.
        """
        if seconds <= 0:
            return False
        key = self.screen.read_key(seconds)
        if key is None:
            return False
        self._skip_rest = True
        self.pause_key(key, keep_options)
        return True

    def pause_key(self, key: int, keep_options: bool = False) -> bool:
        """Keep a key pressed during a wait for when the screen is free, if it may be done then
        (see ``pause``); True when kept."""
        index = KEYS.option_for_key(key)
        if index is not None:
            command = KEYS.OPTIONS[index].command
            if (keep_options or command != "dice") and M.option_enabled(self.game, self.session.people).get(command):
                self._queued_key = key  # done as soon as the screen is free
                return True
        elif KEYS.command("bar", key) in ("help", "history", "stats", "chances", "hint"):
            # reading only (W and I too): done once the screen is free
            self._queued_key = key
            return True
        return False

    # ------------------------------------------------------------------ the option bar
    def on_bar_key(self, key: int) -> None:
        ui = self.ui
        n = len(KEYS.OPTIONS)
        cmd = KEYS.command("bar", key)
        if cmd == "left":
            ui.bar_index = (ui.bar_index - 1) % n
            return
        if cmd == "right":
            ui.bar_index = (ui.bar_index + 1) % n
            return
        views = {"help": self.show_help, "history": self.show_history, "undo": self.undo, "stats": self.show_stats}
        if cmd in views:
            views[cmd]()
            return
        if cmd in ("chances", "hint"):
            self.view_key(chr(key))
            return
        if cmd == "select":
            self.run_option(KEYS.OPTIONS[ui.bar_index].command)
            return
        index = KEYS.option_for_key(key)
        if index is not None:
            ui.bar_index = index
            self.run_option(KEYS.OPTIONS[index].command)
            return
        # Any other key is explained rather than ignored (issue 26).
        ch = key_char(key)
        shown = repr(ch) if ch and ch != " " else "That key"
        letters = " ".join(o.key.upper() for o in KEYS.OPTIONS)
        self.say(f"{shown} is no option here: {letters}, Left/Right and RETURN choose one; "
                 "L history, N numbers, U undo, W chances, I hint, ? help", "dim")

    def option_handlers(self) -> dict[str, Callable[[], None]]:
        """The option bar's commands (``keys.OPTIONS``) and what each runs."""
        return {
            "dice": self.option_dice, "rent": self.option_rent, "trade": self.option_trade,
            "mortgage": self.option_mortgage, "houses": self.option_houses, "owners": self.option_owners,
            "cash": self.option_cash, "fastmove": self.option_fastmove, "save": self.option_save,
            "quit": self.option_quit,
        }

    def run_option(self, command: str) -> None:
        enabled = M.option_enabled(self.game, self.session.people)
        handler = self.option_handlers()[command]
        if not enabled.get(command, True):
            self.say(self._why_not(command), "dim")
            self.refresh(bar=True)
            return
        self.screen.bar_active = False
        if command in CURSOR_DIALOGS:
            with self.keys_confirmed():
                handler()
        else:
            handler()
        self.refresh()

    @contextlib.contextmanager
    def keys_confirmed(self) -> Iterator[None]:
        """One-key answers end with RETURN inside: the dialogs whose questions lead to a board
        cursor, where a RETURN typed after a key answer would mark or mortgage the first square."""
        was = self.screen.confirm_keys
        self.screen.confirm_keys = True
        try:
            yield
        finally:
            self.screen.confirm_keys = was

    def _why_not(self, command: str) -> str:
        return M.why_not(self.game, self.session.people, command)

    def show_help(self) -> None:
        """Two pages: the options, then the other keys (ESC after the first page closes it)."""
        options = [(f"{o.key.upper()}  {o.label:<9} {o.help}", "message") for o in self.screen.options]
        key = self.screen.show_popup(M.Popup("Keys (1/2): the options", options,
                                             footer="any key: more keys, ESC: back to the game"))
        if key in KEYS.ESCAPE:
            return
        width = max(len(k) for k, _ in KEYS.HELP_TEXT)
        others = [(f"{k:<{width}} {v}", "message") for k, v in KEYS.HELP_TEXT]
        # The marks under each square's name, after the keys: owners and tokens are both numbers.
        others += [("", "message"), ("The marks on the board squares:", "title")]
        others += [(f"{k:<{width}} {v}", "message") for k, v in M.MARKS_LEGEND]
        self.screen.page(M.Popup("Keys (2/2)", others, footer="any other key: back", indent=width + 1))

    # ------------------------------------------------------------------ helpers for dialogs
    def ask(self, question: Question) -> Any:
        self.screen.enabled = M.option_enabled(self.game, self.session.people)
        return self.screen.ask(question)

    def yes_no(self, text: str, default: bool | None) -> bool | None:
        answer = self.ask(Question(text, YESNO, default))
        return None if answer is None else bool(answer)

    def choose_player(self, text: str, candidates: list[int], default: int | None = None,
                      allow_none: bool = False) -> int | None:
        """Ask for a player number among ``candidates`` (asked only when there is a choice)."""
        if not candidates:
            return None
        if len(candidates) == 1 and not allow_none:
            return candidates[0]
        if not (allow_none and default == NOBODY) and (default is None or default not in candidates):
            d = self.game.view.pending
            if d.player in candidates:
                default = d.player
            elif self.game.view.current_player in candidates:
                default = self.game.view.current_player
            else:
                default = candidates[0]
        choices = tuple(Choice(str(p + 1), M.name(self.game, p), p) for p in candidates)
        if allow_none:
            choices += (Choice("x", "none", NOBODY),)
        chosen = self.ask(Question(text, CHOICE, default, choices))
        return None if chosen is None else int(chosen)

    def persons_with(self, *types: type) -> list[int]:
        out = []
        for p in self.session.people:
            if any(isinstance(a, types) for a in self.game.legal_actions(p)):
                out.append(p)
        return out

    def legal_squares(self, p: int, *types: type[Any]) -> list[int]:
        return sorted({a.square for a in self.game.legal_actions(p) if isinstance(a, types)})

    # ------------------------------------------------------------------ Dice: throwing, and answering
    def option_dice(self) -> None:
        d = self.game.view.pending
        self.ui.deferred = None
        if d.kind != K.ROLL:
            self.answer(d)
            return
        p = d.player
        if not self.claim_before_throwing(p):
            return
        if any(c.owner != p for c in self.session.lapsing_claims(p)) and self.claim_window(p):
            return  # another person at the keyboard claims first (R); D again throws
        action: A.Action = A.Roll(p)
        prompt = decision_prompt(self.game, p)  # in jail: throw, pay or use a card
        if prompt is not None:
            if prompt.note:
                self.say(prompt.note + ".", "rent")
            if len(prompt.answers) > 1 or prompt.note:  # the last throw is asked for, even with no choice
                chosen = self.ask_prompt(prompt, text=prompt.note + "." if prompt.note else None)
                if chosen is None:
                    return
                action = chosen.action
        self.apply(action)

    def ask_prompt(self, prompt: Prompt, popup: M.Popup | None = None, text: str | None = None) -> Answer | None:
        """Ask a decision's prompt (``present``): Y/N where it is a yes or a no, else its answers'
        keys; ``popup`` shown meanwhile (the offer answered); None when put off (ESC)."""
        self.ui.popup = popup
        try:
            if len(prompt.answers) == 1 and prompt.instead:  # Y takes the one answer, N or ESC puts it off
                only = prompt.answers[0]
                label = only.label.split(":")[0]
                ok = self.yes_no(f"{prompt.text}. {label[:1].upper()}{label[1:]}? (ESC: {prompt.instead})", True)
                return only if ok else None
            if prompt.yes_no:
                yes = self.yes_no(text or prompt.text, prompt.default == 0)
                return None if yes is None else prompt.answers[0 if yes else 1]
            choices = tuple(Choice(a.key, a.label, i) for i, a in enumerate(prompt.answers))
            index = self.ask(Question(text or prompt.text, CHOICE, prompt.default, choices))
            return None if index is None else prompt.answers[index]
        finally:
            if popup is not None:
                self.ui.popup = None

    def answer(self, d: Pending) -> None:
        """Ask a person the question the game is waiting for."""
        game = self.game
        p = d.player
        who = M.name(game, p)
        marker = decision_marker(game)
        self.refresh()
        prompt = decision_prompt(game, p)
        if prompt is not None:  # phrased once for every front end (``present``)
            popup = None
            if d.kind == K.TRADE_RESPONSE and d.offer is not None:
                lines = M.trade_lines(game, d.offer)
                if self.ui.show_cash:  # the panel covers the cash beside the board: say it here
                    offer = d.offer
                    change = offer.cash if p == offer.recipient else -offer.cash
                    cash = game.view.cash(p)
                    after = f" (after it: {game.view.money(cash + change)})" if change else ""
                    lines = lines + [("", "message"), (f"{who}'s cash: {game.view.money(cash)}{after}", "good")]
                popup = M.Popup(f"Offer to {M.label(game, p)}", lines, footer="")
            chosen = self.ask_prompt(prompt, popup)
            if chosen is None:
                return self._defer(marker)
            self.apply(chosen.action)
        elif d.kind == K.AUCTION:
            self.run_auction()
        elif d.kind == K.RAISE_FUNDS:
            self.raise_funds(d)
        elif d.kind in (K.MOVE_OFFLINE, K.PLACE_BUILDING):
            sites = decision_sites(game, p)  # phrased once for every front end (``present``)
            if sites is None:
                return
            if sites.notes:
                self.ui.popup = M.Popup("Offline", list(sites.notes) + [("Arrows move, RETURN puts it down, ESC later.",
                                                                          "dim")], footer="", where="side")
            try:
                how, spot = self.screen.board_cursor(f"{sites.text} (arrows, RETURN; ESC later)", sites.squares(),
                                                     sites.start)
            finally:
                self.ui.popup = None
            site = None if how != "pick" or spot is None else sites.site(spot)
            if site is None:
                return self._defer(marker)
            self.apply(site.action)
        self.refresh()

    def _defer(self, marker: tuple[Any, ...]) -> None:
        self.ui.deferred = marker
        self.say("Put off: choose options from the bar, then D to answer.", "dim")

    @staticmethod
    def _remembered_name(name: str | None) -> str | None:
        """The save name a resumed autosave remembers, if it is still a name Save would take."""
        if name is None:
            return None
        try:
            return saves.chosen_name(name)
        except ValueError:
            return None

    # ------------------------------------------------------------------ the dialogs' entry points
    # Defined by the dialog modules mixed into ``GameController`` (showing, rent, auction, funds, trade, deeds, views, ending);
    # declared here so that the loop and the dialogs may call one another.
    def present(self, events: list[E.Event], computer: bool = False) -> None:
        raise NotImplementedError("defined by a dialog of GameController")

    def claim_window(self, thrower: int) -> bool:
        raise NotImplementedError("defined by a dialog of GameController")

    def option_rent(self) -> None:
        raise NotImplementedError("defined by a dialog of GameController")

    def _claim_during_question(self) -> bool:
        raise NotImplementedError("defined by a dialog of GameController")

    def claim_before_throwing(self, p: int) -> bool | None:
        raise NotImplementedError("defined by a dialog of GameController")

    def run_auction(self) -> None:
        raise NotImplementedError("defined by a dialog of GameController")

    def raise_funds(self, d: Pending) -> None:
        raise NotImplementedError("defined by a dialog of GameController")

    def option_trade(self) -> None:
        raise NotImplementedError("defined by a dialog of GameController")

    def trade_dialog(self, p: int, settle: bool = False) -> None:
        raise NotImplementedError("defined by a dialog of GameController")

    def option_mortgage(self) -> None:
        raise NotImplementedError("defined by a dialog of GameController")

    def mortgage_dialog(self, p: int, debt: Pending | None = None) -> None:
        raise NotImplementedError("defined by a dialog of GameController")

    def option_houses(self) -> None:
        raise NotImplementedError("defined by a dialog of GameController")

    def _scarce_auction_over(self) -> None:
        raise NotImplementedError("defined by a dialog of GameController")

    def sell_dialog(self, p: int, debt: Pending | None = None) -> None:
        raise NotImplementedError("defined by a dialog of GameController")

    def undo(self) -> None:
        raise NotImplementedError("defined by a dialog of GameController")

    def show_stats(self, footer: str = "any other key goes back") -> None:
        raise NotImplementedError("defined by a dialog of GameController")

    def show_history(self) -> None:
        raise NotImplementedError("defined by a dialog of GameController")

    def option_owners(self) -> None:
        raise NotImplementedError("defined by a dialog of GameController")

    def option_cash(self) -> None:
        raise NotImplementedError("defined by a dialog of GameController")

    def option_fastmove(self) -> None:
        raise NotImplementedError("defined by a dialog of GameController")

    def option_save(self) -> None:
        raise NotImplementedError("defined by a dialog of GameController")

    def option_quit(self) -> None:
        raise NotImplementedError("defined by a dialog of GameController")

    # ------------------------------------------------------------------ the end
    def show_end(self) -> None:
        rows = M.valuation_rows(self.game)
        self.screen.bar_active = False
        self.ui.hint = ""
        self.refresh()
        key = self.screen.show_popup(M.Popup("Final valuation", rows,
                                             footer="N: the game in numbers; any other key leaves"))
        if key is not None and KEYS.command("bar", key) == "stats":
            self.show_stats(footer="any other key leaves")

    def _end_line(self) -> str:
        outcome = self.game.view.outcome
        if outcome is None or outcome.winner == NOBODY:
            return "The game is over."
        note = M.tie_note(self.game, outcome.winner, outcome.values)
        return (f"The game is over: {M.name(self.game, outcome.winner)} wins with "
                f"{self.game.view.money(outcome.values[outcome.winner])}{note}.")


# The dialogs build on ``Controller``, above: imported once it is defined.
from .auction import AuctionDialogs  # noqa: E402
from .coach import CoachDialogs, refresh_chances  # noqa: E402
from .deeds import DeedDialogs  # noqa: E402
from .ending import EndingDialogs  # noqa: E402
from .funds import FundsDialogs  # noqa: E402
from .rent import RentDialogs  # noqa: E402
from .showing import ShowingEvents  # noqa: E402
from .trade import TradeDialogs  # noqa: E402
from .views import ViewDialogs  # noqa: E402


class GameController(ShowingEvents, RentDialogs, AuctionDialogs, FundsDialogs, TradeDialogs, DeedDialogs, ViewDialogs,
                     EndingDialogs, CoachDialogs):
    """The curses screen's ``FrontEnd`` of a ``Session``: it draws the game and turns keys into actions."""
