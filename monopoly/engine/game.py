"""The game: what is pending, which actions are legal, and applying one action.

``Game`` is the single source of truth for the screen, the computer players, saves and tests.
Every change goes through ``apply``: it checks the action against the rules (raising
``IllegalActionError`` and changing nothing when it is not allowed), carries it out, lets play
run on until the next decision someone must take, and returns the events that happened. ``Game``
holds the commands only: every question, what is pending included, is asked of ``game.view``
(``view.py``), which hands out frozen copies and never the engine's own records.

The rules themselves live in modules by topic (``turn``, ``cards``, ``auctions``, ``buildings``,
``mortgages``, ``trades``, ``debts``, ``clock``), each verb with one ``problem`` function and one
effect, routed by the table in ``routes.py``. They work over a ``Table`` (``table.py``): the state
and the few primitives every rule uses (``emit``, ``transfer`` / ``charge``, ``queue`` and
``waiting``, and the four writers of the holdings), which ``Game`` extends with the commands.
"""

from __future__ import annotations

import copy
import random
from typing import Any, Iterable, Mapping, Sequence

from . import actions as A
from . import events as E
from . import holdings as H
from .clock import set_clock
from .codes import DecisionKind as K, PaymentReason as R
from .decisions import BOARD, describe_decision
from .dice import DiceSource, RandomDice, dice_from_dict
from .editions import DECKS, Card, Edition, load_edition, saved_edition
from .errors import EditionError, IllegalActionError, SaveFormatError
from .history import Undo, record_of
from .names import player_name
from .play import settle
from .legality import legal_actions, problem, route_problem
from .routes import LANDINGS, ROUTES
from .rules import Rules
from .serial import from_plain, to_plain
from .state import NOBODY, GameState, PlayerState, TurnState
from .table import BANK, Entry, Table
from .versions import SAVE_VERSION, readable, upgrade_game
from .view import ReadView

SAVE_FORMAT = "monopoly-save"
MIN_PLAYERS, MAX_PLAYERS = 2, 8
_ROLL, _GAME_OVER, _PLACE_BUILDING = K.ROLL, K.GAME_OVER, K.PLACE_BUILDING
_JACKPOT = R.JACKPOT


def edition_file(edition: Edition) -> dict[str, str]:
    """How a save or record names a player's own board: its file and the file's digest."""
    return {"path": edition.source, "sha256": edition.digest}


__all__ = ["Game", "describe_decision"]



class Game(Table):
    """One game of Monopoly. Create with ``Game.new`` or ``Game.from_dict``.

    The facade with the commands over the ``Table`` (``table.py``) that holds the state and the
    primitives the rules use."""

    def __init__(self, edition: Edition, rules: Rules, state: GameState, dice: DiceSource,
                 log: list[E.Event] | None = None, keep_log: bool = True) -> None:
        super().__init__(edition, rules, state, dice, log, keep_log)
        self.landings = LANDINGS
        self._view: View | None = None
        self._undo: Undo | None = None

    # ------------------------------------------------------------------ creation
    @classmethod
    def new(cls, players: Sequence[str], edition: str | Edition = "us",
            rules: Rules | Mapping[str, Any] | None = None, *, seed: int | None = None,
            dice: DiceSource | None = None, first_player: int | None = None, keep_log: bool = True) -> "Game":
        """Set up a game: money dealt, decks shuffled, starting player found, short-game deeds dealt.

        ``rules`` may be a ``Rules`` value, or a mapping of options that change the edition's
        defaults. Without ``first_player`` everyone throws the dice and the highest starts.
        """
        ed = load_edition(edition) if isinstance(edition, str) else edition
        names: list[str] = []
        for n in players:
            names.append(player_name(str(n), names))  # ValueError says what is wrong with a name
        if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
            raise ValueError(f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(names)}")
        if isinstance(rules, Rules):
            chosen = rules
        else:
            chosen = ed.default_rules(**dict(rules or {}))
        if len(names) > chosen.max_players:
            raise ValueError(f"these rules take at most {chosen.max_players} players, not {len(names)}")
        source = dice if dice is not None else RandomDice(seed)
        # How the game began, for its record: only a game that keeps its history needs it (the dice's
        # state is 625 numbers to copy, and simulations make thousands of games)
        origin = ({"players": names, "edition": ed.id, "rules": chosen.to_dict(), "first_player": first_player,
                   "dice": source.to_dict()} if keep_log else None)
        if origin is not None and ed.source:  # a player's own board: the record names its file
            origin["edition_file"] = edition_file(ed)
        decks = []
        for deck in DECKS:
            order = list(range(len(ed.deck(deck))))
            source.shuffle(order)
            decks.append(order)
        state = GameState(
            edition=ed.id,
            players=[PlayerState(name=n, cash=H.starting_cash(ed, chosen)) for n in names],
            owner=[NOBODY] * BOARD, mortgaged=[False] * BOARD, houses=[0] * BOARD, hotel=[False] * BOARD,
            bank_houses=ed.bank_houses, bank_hotels=ed.bank_hotels, decks=decks)
        game = cls(ed, chosen, state, source, keep_log=keep_log)
        if keep_log:
            game.origin = origin
        game._setup(first_player)
        return game

    def _setup(self, first_player: int | None) -> None:
        n = len(self.state.players)
        if first_player is None:
            contenders = list(range(n))
            while len(contenders) > 1:
                throws = {}
                for p in contenders:
                    d = self.dice.roll()
                    throws[p] = d[0] + d[1]
                    self.emit(E.StartingRoll, p, d)
                best = max(throws.values())
                contenders = [p for p in contenders if throws[p] == best]
            first_player = contenders[0]
        if not 0 <= first_player < n:
            raise ValueError(f"first_player must be a seat from 0 to {n - 1}")
        self.emit(E.FirstPlayer, first_player)
        self.state.turn = TurnState(player=first_player)
        self.stake_pot()
        if self.rules.deeds_dealt:
            deeds = list(self.edition.properties)
            self.dice.shuffle(deeds)
            order = [(first_player + i) % n for i in range(n)]
            for _ in range(self.rules.deeds_dealt):
                for p in order:
                    square = deeds.pop()
                    price = 0 if self.rules.deeds_free else self.edition.squares[square].price
                    self.give_deed(square, p)
                    self.charge(p, BANK, price, R.DEED)  # owed when a small starting cash cannot cover it
                    self.emit(E.DeedDealt, p, square, price)
        self.emit(E.TurnStarted, first_player, 1)
        self._finish_apply()

    # ------------------------------------------------------------------ reading
    @property
    def view(self) -> View:
        """The read view of this game: every question about it (see ``view.py``)."""
        view = self._view
        if view is None:
            view = self._view = View(self)
        return view

    # ------------------------------------------------------------------ legality (``legality.py``)
    def problem(self, action: A.Action) -> str | None:
        """Why ``action`` is not allowed now, or None when it is."""
        return problem(self, action)

    def check(self, action: A.Action) -> None:
        """Raise ``IllegalActionError`` saying why ``action`` is not allowed now."""
        problem = self.problem(action)
        if problem is not None:
            raise IllegalActionError(problem)

    def legal_actions(self, player: int | None = None, deeds: bool = True) -> list[A.Action]:
        """Every concrete legal action now, for ``player`` or for everyone (``legality.legal_actions``)."""
        return legal_actions(self, player, deeds)

    # ------------------------------------------------------------------ applying
    def apply(self, action: A.Action) -> list[E.Event]:
        """Carry out one action and play on to the next decision; return what happened."""
        route = ROUTES.get(type(action))
        if route is None:
            raise IllegalActionError(f"{action!r} is not an action")
        problem = route_problem(self, action, route)
        if problem is not None:
            raise IllegalActionError(problem)
        if self.keep_log:
            return self._recorded(action, route.effect)
        self.begin()
        route.effect(self, action)
        return self._finish_apply()

    def push(self, action: A.Action) -> list[E.Event]:
        """Carry out an action the caller vouches for, without checking it again.

        The unchecked twin of ``apply`` (python-chess's ``push`` beside ``push_san``): for a caller
        that has just checked the action (``is_legal``/``problem``) or built it legal by
        construction, as the computer players do in simulations. An illegal action pushed here
        leaves the game in a state the rules never reach: anything taking input from people or
        files uses ``apply``.
        """
        effect = ROUTES[type(action)].effect
        if self.keep_log:
            return self._recorded(action, effect)
        reported = self._events
        if reported:  # left over from an action that failed half way (each apply leaves a fresh list)
            reported.clear()
        effect(self, action)
        # ``_finish_apply`` written out: a simulation pushes every action of every game through here
        if self.queued:
            self.flush_queue()
        settle(self)
        events = reported.copy()
        reported.clear()
        return events

    def _recorded(self, action: A.Action, effect: Any) -> list[E.Event]:
        """Carry out ``action`` in a game that keeps its history: journal it, and let undo
        remember the game before it."""
        undo = self._undo
        if undo is not None:
            undo.before(self, action)
        self.journal.append(Entry(action, self.state.clock_seconds, len(self.log)))
        self.begin()
        effect(self, action)
        events = self._finish_apply()
        if undo is not None:
            undo.after(events)
        return events

    # ------------------------------------------------------------------ history: records and undo
    def enable_undo(self) -> None:
        """Let people take back their own actions (see ``history.py``): each action then costs a
        copy of the state. Front ends with people at the keyboard switch it on."""
        if self._undo is None:
            self._undo = Undo()

    def disable_undo(self) -> None:
        """No taking back from now on (a game server, whose clients have no undo): actions no
        longer copy the state first."""
        self._undo = None

    def claim_rent_at_once(self, seats: Iterable[int]) -> None:
        """Rent owed to ``seats`` is paid with the move that makes it due, as if its owner claimed
        it that moment, with no claim to answer (the same money, one round trip fewer).

        For a simulation whose computer players always claim at once (``ComputerPlayers.
        always_claiming``); the claim rule keeps its meaning for every other owner, and a game
        with people never calls it. Not saved: a loaded game claims as usual."""
        self.instant_claims = frozenset(seats)

    def stop_reporting(self) -> None:
        """Build no events from now on: ``apply`` and ``push`` return none (a simulation that reads
        none, counting landings with ``count_landings``, saves building them). A game that keeps
        its log, or may be undone, needs its events: it refuses."""
        if self.keep_log:
            raise ValueError("a game that keeps its log reports every event")
        self.reporting = False

    def count_landings(self) -> None:
        """Count from now on every ``Landed`` event by its square and every ``SentToJail`` event
        (``View.landings``): what a simulation reports of a game, without reading each of the seven
        or so events of every turn for it. Counting is done as play goes on (an action taken back
        keeps its landings counted) and is not saved."""
        if self.landing_counts is None:
            self.landing_counts = [0] * (BOARD + 1)

    def undo_problem(self, player: int) -> str | None:
        """Why ``player`` may not take back an action now, or None."""
        if self._undo is None or not self.keep_log:
            return "undo is not on in this game"
        return self._undo.problem(self, player)

    def undo(self, player: int) -> list[E.Event]:
        """Take back ``player``'s last action: the game is as it was before it. Returns the
        ``ActionUndone`` event (not kept in the log); ``IllegalActionError`` says why not."""
        problem = self.undo_problem(player)
        if problem is not None:
            raise IllegalActionError(problem)
        assert self._undo is not None
        return [self._undo.take_back(self)]

    def record(self) -> dict[str, Any]:
        """The game as a record that replays to exactly this game (``history.record_of``)."""
        return record_of(self)

    def forget_history(self) -> None:
        """The state was changed outside the rules (a position arranged by hand): no record or
        undo reaches back past it."""
        self.origin = None
        self.holdings_moved(deeds=True)
        self.journal = []
        self.journal_plain = []
        if self._undo is not None:
            self._undo.snapshots.clear()

    def set_clock(self, seconds: int) -> list[E.Event]:
        """Tell the engine how long the game has been played (the clock belongs to the front end).

        In the time-limit game, once the agreed time is reached the player in play finishes the
        move and the game ends with a valuation.
        """
        start, clock = len(self.log), self.state.clock_seconds
        self.begin()
        set_clock(self, seconds)
        events = self._finish_apply()
        if events and self.keep_log:  # time is up: the game's end is an input to journal
            self.journal.append(Entry(None, clock, start))
            if self._undo is not None:
                self._undo.after(events)
        return events

    # ------------------------------------------------------------------ primitives of the rules
    def _finish_apply(self) -> list[E.Event]:
        """Play on to the next decision and hand over the action's events (a copy: the list the
        rules report into, and its bound ``append``, last the game's life)."""
        if self.queued:
            self.flush_queue()
        settle(self)
        pending = self._events
        events = pending.copy()
        pending.clear()
        if self.keep_log:
            self.log.extend(events)
        return events

    # ------------------------------------------------------------------ imagined copies
    def determinized(self, seed: int) -> "Game":
        """A copy of this game as a player at the table could imagine it, for a computer player to
        play forward (Monopoly hides only chance: the order of the decks and the dice to come).

        Everything public is copied as it is: holdings, cash, tokens, the decision waiting. What is
        hidden is drawn afresh from ``seed``: each deck's cards are shuffled (every card still in
        the deck: the state does not keep which cards were drawn since the deck was last in a known
        order, so none is taken as known; a Get Out of Jail Free card held stays with its holder)
        and the copy throws its own dice, seeded from ``seed``. So nothing the game hides is carried
        over, and two seeds give two equally likely futures. The copy keeps no log, no record and no
        undo (it is played forward at speed with ``push``) and shares nothing changeable with this
        game, which is untouched."""
        rng = random.Random(seed)
        state = copy.deepcopy(self.state)
        for deck in state.decks:
            rng.shuffle(deck)
        imagined = Game(self.edition, self.rules, state, RandomDice(rng.randrange(1 << 62)), keep_log=False)
        imagined.number_like(self)  # the decision waiting keeps its number
        return imagined

    # ------------------------------------------------------------------ saving
    def to_dict(self, include_log: bool = True) -> dict[str, Any]:
        """The whole game as JSON-compatible data: rules, state, dice, deck order and (unless
        ``include_log`` is false, for savers that keep the log apart) the event log."""
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "edition": self.edition.id,
            "rules": self.rules.to_dict(),
            "state": to_plain(self.state),
            "dice": self.dice.to_dict(),
            "log": [e.to_dict() for e in self.log] if include_log else [],
            "origin": self.origin,
            "journal": self._plain_journal(),
            **({"edition_file": edition_file(self.edition)} if self.edition.source else {}),
        }

    def _plain_journal(self) -> list[list[Any]]:
        """The journal as JSON data; entries never change once made, so each is converted once
        (undo and ``forget_history`` cut this copy with the journal)."""
        plain = self.journal_plain
        for action, clock, start in self.journal[len(plain):]:
            plain.append([None if action is None else action.to_dict(), clock, start])
        return list(plain)

    @classmethod
    def from_dict(cls, data: Any) -> "Game":
        """Load a game saved by ``to_dict``; anything malformed raises ``SaveFormatError``."""
        if not isinstance(data, dict):
            raise SaveFormatError("a saved game is a JSON object")
        if data.get("format") != SAVE_FORMAT:
            raise SaveFormatError("this is not a saved Monopoly game (format)")
        version = data.get("version")
        if not readable(version):
            raise SaveFormatError(f"saved with format version {version!r}; this program reads version {SAVE_VERSION}")
        data = upgrade_game(data, version)  # every older shape is turned into today's there (versions.py)
        for key in ("edition", "rules", "state", "dice", "log"):
            if key not in data:
                raise SaveFormatError(f"{key}: missing")
        try:
            edition = (saved_edition(data["edition"], data.get("edition_file"))
                       if isinstance(data["edition"], str) else None)
        except EditionError as exc:
            raise SaveFormatError(f"edition: {exc}") from None
        if edition is None:
            raise SaveFormatError("edition: expected text")
        if not isinstance(data["rules"], dict):
            raise SaveFormatError("rules: expected an object")
        try:
            rules = Rules.from_dict(data["rules"])
        except (TypeError, ValueError) as exc:
            raise SaveFormatError(f"rules: {exc}") from None
        state = from_plain(GameState, data["state"], "state")
        try:
            dice = dice_from_dict(data["dice"])
        except ValueError as exc:
            raise SaveFormatError(f"dice: {exc}") from None
        if not isinstance(data["log"], list):
            raise SaveFormatError("log: expected a list")
        try:
            log = [E.event_from_dict(e) if isinstance(e, dict) else E.event_from_dict({}) for e in data["log"]]
        except (TypeError, ValueError) as exc:
            raise SaveFormatError(f"log: {exc}") from None
        if state.edition != edition.id:
            raise SaveFormatError("state.edition does not match edition")
        game = cls(edition, rules, state, dice, log)
        game.origin, game.journal = _history_from_dict(data, len(log))
        from .invariants import InvariantError, check_state
        try:
            check_state(game)
        except InvariantError as exc:
            raise SaveFormatError(f"state: {exc}") from None
        return game


def _history_from_dict(data: dict[str, Any], log_length: int) -> tuple[dict[str, Any] | None, list[Entry]]:
    """The origin and journal of a saved game (absent from saves made before records were kept)."""
    origin, raw = data.get("origin"), data.get("journal", [])
    if origin is not None and not isinstance(origin, dict):
        raise SaveFormatError("origin: expected an object")
    if not isinstance(raw, list):
        raise SaveFormatError("journal: expected a list")
    journal: list[Entry] = []
    last = 0
    for i, item in enumerate(raw):
        if not (isinstance(item, list) and len(item) == 3 and type(item[1]) is int and type(item[2]) is int
                and (item[0] is None or isinstance(item[0], dict)) and last <= item[2] <= log_length):
            raise SaveFormatError(f"journal[{i}]: expected [action or null, clock, where its events start]")
        try:
            action = None if item[0] is None else A.action_from_dict(item[0])
        except (TypeError, ValueError) as exc:
            raise SaveFormatError(f"journal[{i}]: {exc}") from None
        if action is not None and A.malformed(action) is not None:
            raise SaveFormatError(f"journal[{i}]: {A.malformed(action)}")
        journal.append(Entry(action, item[1], item[2]))
        last = item[2]
    return origin, journal


class View(ReadView):
    """The read view of a game (``view.py`` holds its questions): what ``game.view`` is, and what a
    seat's view (``for_seat``, the computer players' ``GameView``) is. Beside the questions, the
    two answers that are games or views: another seat's view, and an imagined copy of the game."""

    __slots__ = ()
    _game: Game

    def __init__(self, game: Game, seat: int | None = None) -> None:
        super().__init__(game, seat)

    def for_seat(self, seat: int) -> "View":
        """A view of the same game from ``seat``'s side of the table."""
        return View(self._game, seat)

    def determinized(self, seed: int) -> Game:
        """A copy of the game with what is hidden (deck order, dice to come) drawn afresh from
        ``seed``, to play forward: ``Game.determinized``. What this view's seat could not know is
        never carried over, so a computer player may imagine futures from it without cheating."""
        return self._game.determinized(seed)


class OmniscientView(View):
    """The game seen by nobody at the table: a ``View`` that also reads what the rules hide from
    the players (the order of the decks). For the engine's own tests, referees and replays only.

    The views a seat, a spectator, a front end or a network client is given (``game.view``,
    ``for_seat``, the computer players' ``GameView``) are plain ``View`` objects, which have no
    question about the deck order and hold nothing public that leads to the state or the dice
    (``tests/test_seat_view.py``): hidden information is out of their reach by construction, as an
    OpenSpiel observer is given an observation and never the state.
    """

    __slots__ = ()

    def deck_order(self, deck: str) -> tuple[Card, ...]:
        """The cards of ``deck`` ("chance", "community_chest") in the order they will be drawn,
        top first: every card but the Get Out of Jail Free cards players hold (a used one goes back
        under the deck)."""
        g = self._game
        cards = g.edition.deck(deck)
        return tuple(cards[i] for i in g.state.decks[DECKS.index(deck)])


def omniscient_view(game: Game) -> OmniscientView:
    """The view of ``game`` that reads the deck order too (``OmniscientView``): never handed to a seat."""
    return OmniscientView(game)
