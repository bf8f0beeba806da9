"""One game in play, whatever shows it.

A ``Session`` owns what every front end of a game needs alike: the engine's game, which seats are
people and which computers, the computer players and the cap on their actions in a turn, the safe
default when a strategy fails, the clock of the time-limit game, autosave and the save's identity,
and the play policies every front end must apply the same way:

- a throw that would let a person's rent claim lapse is preceded by the question "claim it first?"
  (``lapsing_claims``: anyone's claim at a shared keyboard);
- whose turn it is is not who must decide now (``person_asked``), and at a shared keyboard one person may
  act for another only where that other player may act now, named and confirmed first
  (``permission``), and may then take that action back (``undo``);
- a person asked to bid is never dropped from an auction while they could still raise money
  (``auction_stance``).

``run`` is the one game loop: it asks the front end (a ``FrontEnd``) to show events, to pace a
computer's move, and to let the people act; the curses screen and the text mode only render and
parse. The session imports the engine and the computer players only: files come in through a
``GameStore`` (``storage.saves.GameRecord`` is one).
"""

from __future__ import annotations

import time
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, ContextManager, Protocol, Sequence

from ..engine import NOBODY, Action, Claim, DecisionKind as K, Game, IllegalActionError, Offer
from ..engine import actions as A
from ..engine import events as E
from . import coaching
from .coaching import Hint
from .model import UIState, persons
from .bug_log import logged
from .safe_text import shown
from .signals import held_interrupts

# The pace of computer play (seconds): what each computer action did stays on show for PACE
# (FAST_PACE with Fastmove), and a computer's throw is announced for THROW_NOTICE of that first;
# its token moves in at most COMPUTER_MOVE (a person's in STEP a square; none with Fastmove). A
# computer's turn (a throw and a purchase) then takes about 1.5 s, 0.4 s with Fastmove
# (tests/test_tui_pace.py measures it). With Fastmove and no person left in the game each turn is
# shown for WATCH_PACE.
#
# A game served over the network follows the same pace (``net.server``): a computer's move is
# made ``notice`` seconds after the last person's action, or ``pace`` plus that after the last
# computer move, so that every remote screen shows it as a local one would.
PACE = 0.5
FAST_PACE = 0.2
THROW_NOTICE = 0.6  # of the pace
OTHER_NOTICE = 0.2  # of the pace: a computer's move other than a throw
WATCH_PACE = 0.15
STEP = 0.11  # seconds per square when a token moves
COMPUTER_MOVE = 0.35  # seconds for a computer's token to move, however far
AUCTION_WAIT = 10.0  # the countdown shown to a person asked to bid; silence drops nobody
CLAIM_WINDOW = 8.0  # seconds people have to claim rent before a computer throws (Fastmove too)
MAX_COMPUTER_ACTIONS_PER_TURN = 300  # a strategy that never lets go is then answered by the safe default

# What a player may do when it is not their turn to decide: a person at a shared keyboard may do
# these for another person (named and confirmed), where the engine says that player may do them now.
OUT_OF_TURN = (A.ClaimRent, A.Bid, A.PassBid, A.AcceptTrade, A.RejectTrade, A.ProposeTrade, A.Mortgage,
               A.LiftMortgage, A.Build, A.SellBuilding)
# A computer's building is done in one step: after a Build, its next builds and the mortgages that
# pay for them follow at once and are shown together (one line for the buildings, one pause).
BUILDING_STEP = (A.Build, A.Mortgage)


def notice(pace: float, action: Action) -> float:
    """Seconds a computer's coming ``action`` is announced at ``pace`` (``Session.notice``)."""
    return pace * (THROW_NOTICE if isinstance(action, A.Roll) else OTHER_NOTICE)


class GameStore(Protocol):
    """Where a session keeps its game: its autosave and the saves made by name."""

    @property
    def game_id(self) -> str: ...

    @property
    def autosave_name(self) -> str: ...

    def autosave(self, game: Game, computers: Any = None, ui: dict[str, Any] | None = None) -> Path: ...

    def save(self, name: str, game: Game, computers: Any = None, ui: dict[str, Any] | None = None,
             agreed: Any = None) -> Path: ...

    def free_name(self) -> str: ...


class SaveFailed(Exception):
    """What a store raises when a game cannot be saved (``storage.saves.SaveError`` is one): the
    session says so and the game goes on."""


@dataclass(frozen=True)
class ComputerMove:
    """A computer player's next action, and why it is the safe default if its strategy's answer was
    replaced (a strategy that failed, answered illegally, or would not let go of its turn)."""

    action: Action
    stumbled: str | None = None

    @property
    def player(self) -> int:
        return self.action.player


@dataclass(frozen=True)
class Permission:
    """Whether the person at the keyboard may take an action: ``problem`` says why not; otherwise
    ``confirm`` is the question to ask first when the action is another person's (None: go ahead)."""

    problem: str | None = None
    confirm: str | None = None

    @property
    def allowed(self) -> bool:
        return self.problem is None


@dataclass(frozen=True)
class AuctionStance:
    """What a person asked to bid can do: ``bids`` (lowest, highest or None), or, where their cash
    will not beat the highest bid, ``can_raise`` when mortgaging or selling could make it do so
    (they are asked, never dropped); ``limit`` is the most they can bid now."""

    bids: tuple[int, int | None] | None
    can_raise: bool
    limit: int


def auction_stance(game: Game, player: int) -> AuctionStance | None:
    """What ``player`` can do in the auction under way when asked to bid (None: not asked now): the
    one statement of it, for a session here and for a seat of a game played elsewhere alike."""
    view = game.view
    d = view.pending
    a = d.auction
    if d.kind != K.AUCTION or a is None or player not in a.bidders or player == a.high_bidder:
        return None
    bids = view.bid_range(player)
    limit = view.bid_limit(player)
    can_raise = bids is None and not view.in_debt(player) and view.liquid_value(player) > a.high_bid
    return AuctionStance(bids, can_raise, limit)


class FrontEnd(Protocol):
    """What the game loop needs of a front end: show, pace, and let the people act."""

    def show_events(self, events: list[E.Event], computer: bool = False) -> None:
        """Tell what happened (a computer's events with ``computer``)."""

    def before_computer(self, move: ComputerMove, claims: Sequence[Claim]) -> bool:
        """About to make a computer's move: pace it, and with ``claims`` (people's rent that the move's
        throw would let lapse) give the people the time to claim. False: a person acted or chose to act
        first, and the loop comes back before the move is made."""

    def people_act(self) -> bool:
        """Let the people act once (answer the decision asked, or choose an option); False when nobody
        at this front end can act now (the loop then stops)."""

    def finished(self) -> None:
        """The game is over: show the result."""


class PlaySession(Protocol):
    """What a front end's controller asks of the game it plays (the curses screen's
    ``GameController``): a ``Session`` here, or a seat of a game played on a server
    (``net.remote.RemoteSession``), which answers the same questions from a replica of the game
    and sends its actions to the server. ``people`` are the players at this keyboard: only their
    decisions and out-of-turn actions are offered."""

    save_name: str | None

    @property
    def game(self) -> Game: ...

    @property
    def autosave_problem(self) -> str | None: ...

    @property
    def watching(self) -> bool: ...

    @property
    def pace(self) -> float: ...

    @property
    def people(self) -> list[int]: ...

    @property
    def persons(self) -> list[int]: ...

    def is_computer(self, player: int) -> bool: ...

    def building_orders(self, hotels: bool) -> BuildingOrders: ...

    def person_asked(self) -> int | None: ...

    def let_throw(self, owner: int) -> None: ...

    def elapsed(self) -> float: ...

    def apply(self, action: Action, at: int | None = None) -> list[E.Event]: ...

    def computer_move(self) -> ComputerMove | None: ...

    def lapsing_claims(self, thrower: int | None = None) -> list[Claim]: ...

    def permission(self, keyboard: int, action: Action) -> Permission: ...

    def undo_target(self, keyboard: int) -> int | None: ...

    def undo(self, keyboard: int) -> list[E.Event]: ...

    def auction_stance(self, player: int) -> AuctionStance | None: ...

    def win_chances(self, seat: int | None = None) -> tuple[float, ...]: ...

    def offer_chances(self, seat: int | None, offer: Offer) -> tuple[tuple[float, ...], tuple[float, ...]]: ...

    def hint(self, seat: int) -> Hint | None: ...

    def autosave(self) -> Path | None: ...

    def save(self, name: str, agreed: Any = None) -> Path: ...

    def free_name(self) -> str: ...

    def introduce(self, front: FrontEnd) -> None: ...

    def run(self, front: FrontEnd) -> None: ...


class Computers(Protocol):
    """The computer players as a session drives them (``ai.ComputerPlayers``, or a stand-in in a
    test): typed, so that no front end reaches for what they may have by name."""

    @property
    def seats(self) -> Sequence[int]: ...

    def is_computer(self, seat: int) -> bool: ...

    def next_action(self, game: Game) -> Action | None: ...

    def building_order(self, game: Game, seat: int, hotels: bool) -> int: ...


@dataclass(frozen=True)
class BuildingOrders:
    """What the computer players would order of a shortage of buildings: (seat, count) for each
    one ordering any, and a line for each whose strategy failed (it orders nothing)."""

    orders: tuple[tuple[int, int], ...]
    stumbles: tuple[str, ...] = ()


class Session:
    """A game in play: its seats, computer players, clock, saves and play policies (module doc)."""

    def __init__(self, game: Game, computers: Any, ui: UIState, store: GameStore | None = None, *,
                 save_name: str | None = None, clock: Callable[[], float] | None = None,
                 say: Callable[[str, str], None] | None = None) -> None:
        self.game = game
        self.computers = computers
        self.ui = ui
        self.store = store
        self.save_name = save_name
        self.clock: Callable[[], float] = clock or (lambda: time.monotonic())  # looked up at each call
        self.say: Callable[[str, str], None] = say or (lambda text, role: None)
        self.autosave_problem: str | None = None  # why the last autosave failed, while it has
        self._start = self.clock()
        self._elapsed0 = ui.elapsed
        self._stopped: float | None = None
        self._computer_actions = (0, 0)  # (turn, computer actions in it)
        # The last action done at a shared keyboard for another person: (journal length after it,
        # the keyboard's player, the player it was done for), so that the keyboard may take it back.
        self._done_for: tuple[int, int, int] | None = None
        # The owners who let the coming throw go unclaimed: (the journal's length then, owners).
        self._let_go: tuple[int, set[int]] = (-1, set())
        # A computer's move asked for and not made yet (it ended a building step): (the journal's
        # length then, the move); made next if nothing happened meanwhile.
        self._ahead: tuple[int, ComputerMove] | None = None
        # Whether a stop signal is held back while the game changes (``held_interrupts``). A server
        # turns it off: its event loop takes the stop signals (``loop.add_signal_handler``) and acts
        # on them between two callbacks, never inside an action, so holding them again would only
        # cost the handlers' swaps (some twenty ``signal.signal`` calls an action on a server).
        self.hold_signals = True
        if self.persons:
            game.enable_undo()  # people may take back their own actions (never a throw or a card)
        self._saved_mark = self._progress()  # the game as its autosave holds it (when it holds it)

    # ------------------------------------------------------------------ who is who
    def is_computer(self, player: int) -> bool:
        return self.computers is not None and bool(self.computers.is_computer(player))

    def building_orders(self, hotels: bool) -> BuildingOrders:
        """How many buildings (hotels with ``hotels``) each computer player still in the game would
        order too, when people order more than the bank has: its strategy's ``building_order``,
        asked here once for every front end. A strategy that fails orders nothing, and says so."""
        computers = self.computers
        if computers is None:
            return BuildingOrders(())
        orders: list[tuple[int, int]] = []
        stumbles: list[str] = []
        for p in self.game.view.active_players():
            if not self.is_computer(p):
                continue
            try:
                count = int(computers.building_order(self.game, p, hotels))
            except Exception as exc:  # a bug in a strategy must not end the game
                stumbles.append(logged(f"A computer player stumbled ({exc.__class__.__name__}: {shown(str(exc))})",
                                       exc))
                count = 0
            if count > 0:
                orders.append((p, count))
        return BuildingOrders(tuple(orders), tuple(stumbles))

    @property
    def persons(self) -> list[int]:
        """Every seat a person plays, in the game or out of it."""
        return [p for p in range(self.game.view.player_count) if not self.is_computer(p)]

    @property
    def people(self) -> list[int]:
        """The players still in the game that a person plays."""
        return persons(self.game, self.computers.seats if self.computers is not None else ())

    def person_asked(self) -> int | None:
        """The person the game waits for now: before a throw that would let another person's rent
        lapse, that person (to claim it, or let the throw go: ``let_throw``); else the one asked."""
        d = self.game.view.pending
        if d.kind == K.ROLL:
            waiting = sorted({c.owner for c in self.lapsing_claims()} - {d.player})
            if waiting:
                return waiting[0]
        return d.player if d.player in self.people else None

    def let_throw(self, owner: int) -> None:
        """``owner`` lets the coming throw go without claiming their rent (it lapses)."""
        moment = len(self.game.journal)
        if self._let_go[0] != moment:
            self._let_go = (moment, set())
        self._let_go[1].add(owner)

    # ------------------------------------------------------------------ the clock
    def elapsed(self) -> float:
        """Playing time so far; it stops when the game ends (a finished game resumed shows its length)."""
        if self._stopped is not None:
            return self._stopped
        elapsed = self._elapsed0 + (self.clock() - self._start)
        if self.game.view.over:
            self._stopped = elapsed
        return elapsed

    def _held(self) -> ContextManager[None]:
        return held_interrupts() if self.hold_signals else nullcontext()

    def tick(self) -> list[E.Event]:
        """Tell the engine the playing time (the time-limit game ends by it): the events that followed."""
        self.ui.elapsed = self.elapsed()
        with self._held():
            return self.game.set_clock(int(self.ui.elapsed))

    # ------------------------------------------------------------------ pacing
    @property
    def watching(self) -> bool:
        """Fastmove with no person left in the game: nobody needs time to read, bid or claim rent."""
        return self.ui.fastmove and not self.people

    @property
    def pace(self) -> float:
        """Seconds a computer action stays on show."""
        if self.watching:
            return 0.0
        return FAST_PACE if self.ui.fastmove else PACE

    def notice(self, action: Action) -> float:
        """Seconds a computer's coming ``action`` is announced before it is made: a throw longer,
        so that people see whose turn it is before the dice fall."""
        return notice(self.pace, action)

    # ------------------------------------------------------------------ acting
    def apply(self, action: Action, at: int | None = None) -> list[E.Event]:
        """Carry out ``action`` (``IllegalActionError`` says why not, and changes nothing); ``at`` is
        the person at whose prompt it was taken, when not the action's own player. A game that moved
        to a new turn (or ended) is autosaved."""
        with self._held():
            events = self.game.apply(action)
        if at is not None and at != action.player and not self.is_computer(action.player):
            self._done_for = (len(self.game.journal), at, action.player)
        elif self._done_for is not None and len(self.game.journal) != self._done_for[0]:
            self._done_for = None
        if any(isinstance(ev, (E.TurnStarted, E.GameOver)) for ev in events):
            self.autosave()
        return events

    def computer_move(self) -> ComputerMove | None:
        """The next computer action, or None when the game waits for a person.

        A strategy's answer that fails, is illegal, or comes after too many actions in one turn is
        replaced by the engine's safe default for the computer asked, and ``stumbled`` says why."""
        if self.computers is None:
            return None
        game, view = self.game, self.game.view
        d = view.pending
        if d.kind == K.TRADE_RESPONSE and d.player != NOBODY and not self.is_computer(d.player):
            # A person reads an offer: the computers wait for the answer. The one that made it went
            # on building meanwhile, the offer still open on the person's screen, and what it would
            # build changes what the offer is worth.
            return None
        if self._ahead is not None:
            moment, ahead = self._ahead
            self._ahead = None
            if moment == len(game.journal) and view.is_legal(ahead.action):
                return ahead
        if d.kind == K.GAME_OVER:
            return None
        turn = view.turn
        used = self._computer_actions[1] if self._computer_actions[0] == turn else 0
        action: Action | None = None
        stumbled = None
        if used < MAX_COMPUTER_ACTIONS_PER_TURN:
            try:
                with self._held():  # a computer player's memory is saved too
                    action = self.computers.next_action(game)
            except Exception as exc:  # a bug in a strategy must not end the game
                stumbled = logged(f"A computer player stumbled ({exc.__class__.__name__}: {exc})", exc)
        else:
            stumbled = f"A computer player made {used} moves this turn: it plays safe now"
        if action is not None and not view.is_legal(action):
            stumbled = stumbled or f"A computer player chose what it may not ({view.problem(action)})"
            action = None
        if action is None:
            if d.player == NOBODY or not self.is_computer(d.player):
                return None
            action = view.safe_action(d.player)  # the engine's one default answer
            if action is None:
                return None
        self._computer_actions = (turn, used + 1)
        return ComputerMove(action, stumbled)

    def building_step(self, first: ComputerMove) -> list[E.Event]:
        """Make ``first`` (a computer's ``Build``) and the same computer's next builds and mortgages
        straight after it (``BUILDING_STEP``): the events of them all. The move that ends the step is
        kept for the next ``computer_move``."""
        events = self.apply(first.action)
        while not self.game.view.over:
            move = self.computer_move()
            if move is None:
                break
            if move.player != first.player or move.stumbled or not isinstance(move.action, BUILDING_STEP):
                self._ahead = (len(self.game.journal), move)
                break
            events += self.apply(move.action)
        return events

    # ------------------------------------------------------------------ the guards
    def lapsing_claims(self, thrower: int | None = None) -> list[Claim]:
        """People's rent claims that a throw now would let lapse (the thrower's own among them), when
        the decision asked is a throw, but for those whose owners let the throw go."""
        d = self.game.view.pending
        if d.kind != K.ROLL or (thrower is not None and d.player != thrower):
            return []
        people = self.people
        let_go = self._let_go[1] if self._let_go[0] == len(self.game.journal) else set()
        return [c for c in self.game.view.claims_lapsing_at_throw() if c.owner in people and c.owner not in let_go]

    def permission(self, keyboard: int, action: Action) -> Permission:
        """Whether the person prompted (``keyboard``) may take ``action`` (the engine is asked whether
        it is legal when it is applied). Another person's action is allowed only where that player may
        act now out of turn (claim rent, bid, answer an offer to them, deal in their property), named
        and confirmed; a computer's, never."""
        p = action.player
        view = self.game.view
        if p == keyboard:
            return Permission()
        if not 0 <= p < view.player_count:
            return Permission(problem="there is no such player")
        who = view.name(p)
        if self.is_computer(p):
            return Permission(problem=f"{who} is a computer player and acts for itself")
        if not isinstance(action, OUT_OF_TURN):
            return Permission(problem=f"that is {who}'s to do, when {who} is asked")
        problem = view.problem(action)
        if problem is not None:
            return Permission(problem=problem)
        return Permission(confirm=f"This is {who}'s move, not {view.name(keyboard)}'s: is {who} here and agrees?")

    def undo_target(self, keyboard: int) -> int | None:
        """Whose last action the person at ``keyboard`` may take back now: their own, or one they took
        for another person at their prompt; None when nothing can be."""
        game = self.game
        if game.undo_problem(keyboard) is None:
            return keyboard
        done = self._done_for
        if done is not None and done[0] == len(game.journal) and done[1] == keyboard \
                and game.undo_problem(done[2]) is None:
            return done[2]
        return None

    def undo(self, keyboard: int) -> list[E.Event]:
        """Take back the last action the person at ``keyboard`` may (``undo_target``);
        ``IllegalActionError`` says why nothing can be."""
        target = self.undo_target(keyboard)
        if target is None:
            raise IllegalActionError(self.game.undo_problem(keyboard) or "nothing to take back")
        with self._held():
            events = self.game.undo(target)
        self._done_for = None
        return events

    def auction_stance(self, player: int) -> AuctionStance | None:
        """What ``player`` can do in the auction under way when asked to bid (None: not asked now)."""
        return auction_stance(self.game, player)

    # ------------------------------------------------------------------ saving
    # ------------------------------------------------------------------ the coach's figures (``coaching``)
    def win_chances(self, seat: int | None = None) -> tuple[float, ...]:
        """Each seat's estimated chance of winning, from ``seat``'s view of the game."""
        return coaching.win_chances(self.game, seat)

    def offer_chances(self, seat: int | None, offer: Offer) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """The chances now and were ``offer`` accepted as it stands."""
        return coaching.offer_chances(self.game, seat, offer)

    def hint(self, seat: int) -> Hint | None:
        """The coach's hint for ``seat``'s decision now, or None."""
        return coaching.hint(self.game, seat)

    def autosave(self) -> Path | None:
        """Write this game's own autosave; None when there is no store or it failed (said, and kept
        in ``autosave_problem``). A stop signal waits until the file is written."""
        if self.store is None:
            return None
        self.ui.elapsed = self.elapsed()
        up_to_date = getattr(self.store, "up_to_date", None)  # a game server's store has none: it saves each step
        if up_to_date is not None and self.game.rules.short_game != "time_limit" \
                and self._progress() == self._saved_mark and up_to_date():
            # Nothing happened since the autosave was read or written: opening a game and leaving
            # it does not make it the last one played.
            return Path(self.store.autosave_path) if hasattr(self.store, "autosave_path") else None
        before = self.store.game_id
        try:
            with self._held():
                path = self.store.autosave(self.game, self.computers, self.ui.settings())
        except SaveFailed as exc:
            self.autosave_problem = str(exc)
            self.say(f"Autosave failed: {shown(str(exc))}", "bad")
            return None
        self.autosave_problem = None
        self._saved_mark = self._progress()
        if self.store.game_id != before:
            busy = getattr(self.store, "lock_refused", None)
            if busy:
                self.say(f"Another game in this folder is still saving; so as to lose nothing, this one now "
                         f"autosaves as {path.stem}.", "bad")
            else:
                self.say(f"Another session saved this game meanwhile; this one now autosaves as {path.stem}.", "bad")
        return path

    def _progress(self) -> tuple[Any, ...]:
        """What an autosave would change: the game's actions and events, and the screen settings."""
        game = self.game
        settings = {k: v for k, v in self.ui.settings().items() if k != "elapsed"}
        return (len(game.journal), len(game.log), game.log_cuts, game.view.over, repr(sorted(settings.items())))

    def save(self, name: str, agreed: Any = None) -> Path:
        """Save the game as ``name`` (the store's errors pass to the caller, which asks again)."""
        assert self.store is not None, "a session without a store cannot save"
        self.ui.elapsed = self.elapsed()
        self.ui.save_name = name
        with self._held():
            path = self.store.save(name, self.game, self.computers, self.ui.settings(), agreed)
        self.save_name = name
        return path

    def free_name(self) -> str:
        """A save name not taken yet (game1, game2 ...)."""
        return self.store.free_name() if self.store is not None else "game1"

    def introduce(self, front: FrontEnd) -> None:
        """A new game: what it began with (the throws for the start, deeds dealt) shown through
        ``front``, then its first autosave."""
        front.show_events(list(self.game.log), computer=True)
        self.autosave()

    # ------------------------------------------------------------------ the loop
    def run(self, front: FrontEnd) -> None:
        """Play until the game ends or nobody at ``front`` can act: the one game loop of every front end."""
        game = self.game
        while not game.view.over:
            clock_events = self.tick()
            if clock_events:
                front.show_events(clock_events)
                continue
            move = self.computer_move()
            if move is not None:
                if move.stumbled:
                    self.say(move.stumbled, "bad")
                claims = self.lapsing_claims(move.player) if isinstance(move.action, A.Roll) else []
                if not front.before_computer(move, claims):
                    # a person acts first (claims the rent, or chose an option meanwhile); the
                    # computer is asked again afterwards, and this move is not counted
                    self._computer_actions = (self._computer_actions[0], self._computer_actions[1] - 1)
                    if not front.people_act():
                        break
                    continue
                if not game.view.is_legal(move.action):  # a person acted meanwhile
                    continue
                if isinstance(move.action, A.Build):
                    front.show_events(self.building_step(move), computer=True)
                else:
                    front.show_events(self.apply(move.action), computer=True)
                continue
            if not front.people_act():
                break
        self.autosave()
        if game.view.over:
            front.finished()


def _plays(session: Session) -> PlaySession:
    """A ``Session`` is what its front ends drive (checked by mypy, not at run time)."""
    return session
