"""The text mode's game loop: one prompt, one command, the events it caused, line by line.

Each time round the loop the time-limit clock is checked, then the computer players act if they
want to (at once: nobody needs to watch a token move), then the person whose decision it is is
prompted. The prompt says who decides and what can be typed; a line that is not allowed now is
answered with one line saying what is. Every change goes through ``Game.apply``, and every event
is told in the words the curses screen uses (``monopoly.session.words``). Nothing of the rules is worked
out here: what is allowed, what things cost and who may bid come from the game's read view.

The commands' handlers are in modules by job, each a part of ``TextGame``: the answers to
decisions (``answers.py``), trades, mortgages and buildings (``dealing.py``), and questions in
words and housekeeping (``info.py``); ``@handles`` files each under its command's name.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Callable, Sequence, TypeVar

from ..engine import BOARD_SIZE, NOBODY, Action, DecisionKind as K, Game, IllegalActionError, Offer, Pending
from ..engine import actions as A
from ..engine import events as E
from ..present import model as M
from ..session.session import ComputerMove, Session
from ..session.questions import clock_text, parse_yes_no
from ..session.summary import since_last_turn
from ..present import bid_prompt, debt, decision_prompt, decision_sites
from ..session.words import (cannot_bid_text, event_lines, format_event, name,
                             new_game_text, since_lines, trade_lines, turn_end_text, valuation_rows)
from ..storage import saves
from .commands import (ANSWERS, GENERAL, Command, CommandError, Parsed, command, find_square, number,
                       parse_amount, parse_line, split_items)
from .console import Console

LOG_LINES = 20  # shown by ``log`` without a number
LOG_KEPT = 500  # lines ``log`` can reach back to


# Each command's handler, by the command's name: filled by ``@handles`` on the methods of the
# handlers' modules (``answers``, ``dealing``, ``info``), each called with the ``TextGame``.
HANDLERS: dict[str, Callable[..., None]] = {}
Handler = TypeVar("Handler", bound=Callable[..., None])


def handles(name: str) -> Callable[[Handler], Handler]:
    """Register a method (of ``TextCore`` or a part of ``TextGame``) as the handler of command ``name``."""
    def register(method: Handler) -> Handler:
        HANDLERS[name] = method
        return method
    return register


class TextCore:
    """The loop of ``TextGame``: the session's front end, the events told, the prompt and the command
    dispatched to its handler (the handlers are ``TextGame``'s other parts)."""

    def __init__(self, console: Console, game: Game, computers: Any, ui: M.UIState, save_dir: str | Path,
                 save_name: str | None = None, clock: Callable[[], float] = time.monotonic,
                 loaded: saves.LoadedGame | None = None) -> None:
        self.console = console
        self.save_dir = Path(save_dir)
        self.session = Session(game, computers, ui, saves.GameRecord.opened(self.save_dir, loaded),
                               save_name=save_name, clock=clock, say=self.say)
        self.game = game
        self.cp = computers
        self.ui = ui
        self.said: list[str] = []  # everything told, for ``log``
        self._asked: tuple[Any, ...] | None = None  # the decision last put into words
        self._raise_told: tuple[Any, ...] | None = None  # the auction turn a bidder was told to raise money in
        self._turn_of = game.view.current_player
        self.brief = False  # ``brief``: the prompt is the player's name (and a debt) only

    # ------------------------------------------------------------------ who is who (the session's)
    @property
    def save_name(self) -> str | None:
        return self.session.save_name

    # ------------------------------------------------------------------ telling
    def say(self, text: str, role: str = "message") -> None:
        self.said.append(text)
        del self.said[:-LOG_KEPT]
        self.console.say(text, role)

    def show(self, lines: list[str]) -> None:
        for line in lines:
            self.console.say(line)

    def recall(self) -> None:
        """A resumed game: what happened before it was saved, for ``log`` (not printed again)."""
        for ev in self.game.log[-2 * LOG_KEPT:]:
            shown = format_event(self.game, ev)
            if shown is not None:
                self.said.append(shown[0])
        del self.said[:-LOG_KEPT]

    def introduce(self) -> None:
        """A new game: who throws what for the start, any deeds dealt, then the first autosave."""
        self.say(f"{new_game_text(self.game)} Type help for the commands.", "title")
        self.session.introduce(self)

    def show_events(self, events: list[E.Event], computer: bool = False) -> None:
        """Tell what happened, one line an event (with Fastmove, a computer's routine moves are not told)."""
        game = self.game
        for ev, shown in zip(events, event_lines(game, events)):
            if isinstance(ev, E.TurnStarted):
                prev, self._turn_of = self._turn_of, ev.player
                if self.ui.show_cash and ev.turn > 1 and prev != ev.player and not game.view.bankrupt(prev):
                    self.say(turn_end_text(game, prev), "dim")
            if shown is not None and not (computer and self.ui.fastmove and shown[1] == "message"
                                          and not self.people_concerned(ev)):
                self.say(*shown)
            if isinstance(ev, E.TurnStarted) and ev.player in self.session.people:
                self.say_since_last_turn(ev.player)

    def say_since_last_turn(self, person: int) -> None:
        """What the others did since ``person``'s last turn (``session.summary``), as the turn starts."""
        since = since_last_turn(self.game.log, person, self.game.view.player_count)
        if since is not None:
            for text, role in since_lines(self.game, since):
                self.say(text, role)

    def people_concerned(self, ev: E.Event) -> bool:
        """Whether a person takes part in this event (told even with Fastmove)."""
        seats = [getattr(ev, f, NOBODY) for f in ("player", "payer", "payee", "owner", "recipient", "proposer")]
        return any(s in self.session.people for s in seats)

    # ------------------------------------------------------------------ the session's front end
    def run(self) -> str:
        """Play until the game ends or the players leave (``Session.run``); the line to print last.

        ``EOFError`` (the input ended) and ``KeyboardInterrupt`` pass to the caller, which saves."""
        self.session.run(self)
        return "" if self.game.view.over else "The game is over."

    def before_computer(self, move: ComputerMove, claims: Sequence[Any]) -> bool:
        """People owed rent are asked first before a computer's throw lets it lapse (rent, or go)."""
        return not claims

    def people_act(self) -> bool:
        person = self.session.person_asked()
        if person is None:  # nobody at the keyboard can act: only possible in a broken save
            self.say("Nobody can move: the game stops here.", "bad")
            return False
        self.prompt(person)
        return True

    def finished(self) -> None:
        self.show([text for text, _ in valuation_rows(self.game)] + [""] + self.stats_lines())

    def act(self, p: int, action: Action) -> None:
        """Take ``action`` at ``p``'s prompt: another person's only as the session allows, named and
        confirmed (``Session.permission``); the engine's refusal is said as the command's error."""
        allowed = self.session.permission(p, action)
        if allowed.problem is not None:
            raise CommandError(allowed.problem)
        if allowed.confirm is not None and not self.confirm(allowed.confirm):
            return
        self.apply(action, at=p)

    def apply(self, action: Action, computer: bool = False, at: int | None = None) -> bool:
        try:
            events = self.session.apply(action, at=at)
        except IllegalActionError as exc:
            raise CommandError(str(exc)) from None
        self.show_events(events, computer)
        return True

    def rent_waiting(self) -> list[int]:
        """The people whose rent a throw now would let lapse (they are asked first)."""
        return sorted({c.owner for c in self.session.lapsing_claims()})

    def marker(self) -> tuple[Any, ...]:
        view = self.game.view
        d = view.pending
        a = d.auction
        return (d.kind, d.player, d.square, d.amount, len(view.pending_decisions()), view.turn,
                None if a is None else (a.high_bid, len(a.bidders)))

    # ------------------------------------------------------------------ the prompt
    def answers(self, p: int) -> list[Command]:
        """The answers ``p`` may give to the decision waiting now."""
        view = self.game.view
        d = view.pending
        if d.player != p:
            return [command("go")] if self.rent_waiting() else []
        prompt = decision_prompt(self.game, p)  # the words of its answers are the commands
        if prompt is not None:
            return [command(a.word) for a in prompt.answers]
        bidding = bid_prompt(self.game, p)
        if bidding is not None:
            return [command(a.word) for a in bidding.answers]
        sites = decision_sites(self.game, p)
        if sites is not None:  # a square with the prompt's word (place, as before, places a building too)
            return [command(sites.word)] + ([command("place")] if sites.word != "place" else [])
        names: list[str] = {
            K.ROLL: ["roll"],
            K.RAISE_FUNDS: (["settle"] if view.may_settle_in_property(p) else [])
            + (["bankrupt"] if view.can_declare_bankruptcy(p) else []),
        }.get(d.kind, [])
        return [command(n) for n in names]

    def offered(self, answers: list[Command]) -> list[str]:
        """The words a prompt shows: the answers, the option bar's commands that have something to do, help."""
        enabled = M.option_enabled(self.game, self.session.people)
        return [c.name for c in answers] + [c.name for c in GENERAL if enabled.get(c.name)] + ["help"]

    def prompt_text(self, p: int, answers: list[Command]) -> str:
        view = self.game.view
        d = view.pending
        owed = ""
        if d.kind == K.RAISE_FUNDS and d.player == p:  # while raising money, what is still missing
            owed = f", {view.money(max(0, d.amount - view.cash(p)))} still to raise"
        if self.brief:
            return f"{view.name(p)}{owed}> "
        head = f"{view.name(p)}, turn {view.turn}"
        if self.ui.show_cash:
            head += f", {view.money(view.cash(p))}"
        head += owed
        left = view.seconds_left()
        if left is not None:
            head += f", {clock_text(left)} left"
        return f"{head} - {', '.join(self.offered(answers))}> "

    def prompt(self, p: int) -> None:
        """Put the decision into words (once), ask ``p`` for a command and run it."""
        marker = self.marker()
        if marker != self._asked:
            self._asked = marker
            for text, role in self.question(p):
                self.say(text, role)
        stance = self.session.auction_stance(p)
        if stance is not None and stance.bids is None:
            if not stance.can_raise:  # nothing to raise money with: out of the bidding
                self.say(f"{name(self.game, p)} {cannot_bid_text(self.game, p, stance.limit)}", "dim")
                self.apply(A.PassBid(p))
                return
            if marker != self._raise_told:
                self._raise_told = marker
                self.say(f"{name(self.game, p)} {cannot_bid_text(self.game, p, stance.limit)}; mortgage or sell "
                         "to raise money and bid, or pass", "rent")
        answers = self.answers(p)
        line = self.console.ask(self.prompt_text(p, answers))
        try:
            self.run_command(p, parse_line(line, answers, self.offered(answers)))
        except CommandError as exc:  # one line saying what is allowed; not an event, so not logged
            text = str(exc)
            self.console.say(text[:1].upper() + text[1:], "bad")

    def question(self, p: int) -> list[tuple[str, str]]:
        """The decision waiting for ``p``, in words (said once, before the first prompt for it)."""
        game, view = self.game, self.game.view
        d = view.pending
        who = name(game, p)
        money = view.money
        if d.player != p:
            owed = ", ".join(f"{money(c.amount)} from {name(game, c.payer)}" for c in view.claims(p))
            return [(f"{who}: {name(game, d.player)} is about to throw. Claim your rent ({owed}) with rent, "
                     "or let them throw with go.", "rent")]
        prompt = decision_prompt(game, p)
        if prompt is not None:  # phrased once for every front end (``present``)
            lines = [] if d.kind != K.TRADE_RESPONSE or d.offer is None else list(trade_lines(game, d.offer))
            lines.append((prompt.line(), "message" if d.kind == K.ROLL else "title"))
            if prompt.note:
                lines.append((prompt.note, "rent"))
            return lines
        if d.kind == K.ROLL:
            return []
        if d.kind == K.AUCTION:
            return self.auction_lines(d)
        owing = debt(game, p)
        if owing is not None:  # phrased once for every front end (``present``)
            return [(owing.line(), "bad")]
        sites = decision_sites(game, p)
        if sites is not None:  # phrased once for every front end (``present``)
            return [(text, role) for text, role in sites.notes[1:]] + [(sites.line(), "title")]
        return []

    def auction_lines(self, d: Pending) -> list[tuple[str, str]]:
        bidding = bid_prompt(self.game, d.player)  # phrased once for every front end (``present``)
        return [] if bidding is None else [(bidding.line(), "title")]

    # ------------------------------------------------------------------ running commands
    def run_command(self, p: int, parsed: Parsed) -> None:
        HANDLERS[parsed.command.name](self, p, parsed.args)

    def need(self, p: int, *kinds: K) -> Pending:
        """The decision waiting, which must be ``p``'s and of one of ``kinds``."""
        d = self.game.view.pending
        if d.player != p or d.kind not in kinds:
            allowed = ", ".join(c.name for c in self.answers(p)) or "a command"
            raise CommandError(f"that answers nothing asked now; {name(self.game, p)} may type {allowed}")
        return d

    def legal_squares(self, p: int, *types: type[Any]) -> list[int]:
        """The squares ``p`` may act on now with these actions (each has a ``square``)."""
        return sorted({getattr(a, "square") for a in self.game.view.legal_actions(p) if isinstance(a, types)})

    def square_list(self, squares: list[int]) -> str:
        return ", ".join(f"{s} {self.game.view.square(s).name}" for s in squares) or "none"

    def confirm(self, text: str, default: bool = False) -> bool:
        shown = "yes" if default else "no"
        answer = self.console.ask_until(f"{text} (yes/no) [{shown}]> ",
                                        lambda t: parse_yes_no(t) if t.strip() else default)
        return bool(answer)

    def stats_lines(self) -> list[str]:
        from ..reports.stats import game_stats, stats_text
        try:
            return stats_text(game_stats(self.game.record()))
        except ValueError as exc:  # a game without a record (arranged by hand, or an old save)
            return [f"No figures for this game: {exc}"]


    def items(self, holder: int, text: str) -> tuple[list[int], int, tuple[str, ...]]:
        """Squares, cash and jail cards named in ``text`` (``boardwalk, $100, card``) from ``holder``."""
        squares: list[int] = []
        cash = 0
        count = 0
        for item in split_items(text):
            words = item.lower().split()
            if words[-1] in ("card", "cards"):
                given = number(words[0], "a number of cards")
                count += given if given is not None else 1
                continue
            amount = parse_amount(item)
            if amount is not None and (number(item) is None or amount >= BOARD_SIZE):
                cash += amount  # "$100", "100M", or a number too big for a square
                continue
            squares.append(find_square(self.game, item, self.game.view.owned(holder)))
        cards = self.game.view.jail_cards(holder)
        if count > len(cards):
            raise CommandError(f"{name(self.game, holder)} has {len(cards)} Get Out of Jail Free card(s)")
        return squares, cash, tuple(cards[:count])

    def propose(self, offer: Offer, at: int | None = None) -> None:
        problem = self.game.view.problem(offer.action())
        if problem is not None:
            raise CommandError(f"that trade is not possible: {problem}")
        if at is None:
            self.apply(offer.action())
        else:
            self.act(at, offer.action())


# The commands' handlers build on ``TextCore``, above: imported once it is defined.
from .answers import AnswerCommands  # noqa: E402
from .dealing import DealingCommands  # noqa: E402
from .info import InfoCommands  # noqa: E402


class TextGame(AnswerCommands, DealingCommands, InfoCommands):
    """A game played line by line through a ``Console``: the text mode's ``FrontEnd`` of a ``Session``."""


ALL_COMMANDS = ANSWERS + GENERAL  # every command has a handler in HANDLERS (tests check it)
