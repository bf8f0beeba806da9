"""``monopoly host``: one asyncio server, the only authority over the games it hosts.

Each hosted game is one ``Session`` (``HostedGame``); the server is one more front end of it
(``ServerFront``): computers play on the server, people play through clients that join a seat with
its code. ``Session.run`` is re-entered after every action a client sends and returns as soon as
the game waits for a person, so nothing ever blocks on a client. The session autosaves at the end
of every run, that is after every action: the new steps go to the autosave's steps file before any
client hears of them, and the whole autosave is written now and then in a thread (``HostStore``,
``SaveWriter``), so the event loop never waits on the disk. The join codes' hashes ride in the
save's ``ui`` object (key ``net``), so ``monopoly host --load NAME`` after a crash accepts the same
codes, and a shared save folder shows no code.

The guards (``docs/protocol.md``): a bounded line (``StreamReader`` limit), a deadline for the hello,
a cap on connections, wrong codes answered slowly (more slowly past a few from one address, and
never more than a few a second from all addresses together) while a right code is always taken at
once, a client whose output backs up dropped (its seat kept), and a client's action for another
seat refused.
"""

from __future__ import annotations

import asyncio
import gc
import hashlib
import hmac
import json
import re
import secrets
import ssl
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence

from ..engine import Action, Claim, DecisionKind as K, EditionError, IllegalActionError, action_from_dict, malformed
from ..engine import actions as A
from ..engine import events as E
from ..session.safe_text import shown
from ..session.session import CLAIM_WINDOW, ComputerMove, SaveFailed, Session
from ..session.summary import since_last_turn
from ..session.words import since_lines
from ..storage import saves
from ..storage.boards import board_document
from ..storage.starts import Started
from .delta import changes
from .protocol import (CLIENT_TYPES, CODE_BYTES, MAX_LINE, VERSION, Entries, ProtocolError, decode, encode,
                       encode_close, encode_open, encode_value, event_entries, message, prompt, public_view, table)

HELLO_TIMEOUT = 10.0  # seconds a connection has to say hello with a code
MAX_CONNECTIONS = 512  # connections held at once, authenticated or not
MAX_BAD_CODES = 5  # wrong codes from one address within BAD_CODE_WINDOW, then each is answered more slowly
BAD_CODE_WINDOW = 60.0
BAD_CODE_DELAY = 0.25  # each wrong code is answered after this many seconds (slows guessing)
SLOW_CODE_DELAY = 1.0  # past MAX_BAD_CODES from one address: this, doubled at each further one ...
MAX_CODE_DELAY = 16.0  # ... up to this
BAD_CODES_PER_SECOND = 20.0  # wrong codes answered per second from every address together
MAX_ADDRESSES_KEPT = 10_000  # addresses whose wrong codes are remembered (the oldest are forgotten)
MAX_OUTPUT = 4 * 2**20  # bytes waiting to go to a client that reads nothing: then it is dropped
MAX_AUTO_ACTIONS_PER_TURN = 300
CLOCK_TICK = 1.0  # seconds between two looks at the clocks of time-limit games
NET_KEY = "net"  # the key of the save's ui object that holds the codes' hashes
MAX_BOARD_FILE = 32 * 1024  # bytes of a player's own board sent in the welcome (a whole message is MAX_LINE)
MAX_CODES_KEPT = 100  # hashes of codes kept per place (one more at each resume): the oldest go
SNAPSHOT_EVERY = 30.0  # seconds between two whole autosaves of a game (its steps are written at once)
SYNC_EVERY = 5.0  # seconds between two times a game's steps file is put on disk (fsync) while it changes
WRITER_TICK = 0.2  # seconds between two looks of the writer at the games
WRITER_BATCH = 8  # whole autosaves written at most a look: many games' writes are spread out
_HASH = re.compile(r"[0-9a-f]{64}")
# The cyclic collector's thresholds while serving (``collect_for_serving``): a young collection
# after this many more objects kept than freed (Python's default: 700), a middle one after this
# many young ones (default: 10); the full one keeps Python's rule.
SERVING_YOUNG, SERVING_MIDDLE = 10_000, 2


def collect_for_serving() -> None:
    """Set the process's cyclic garbage collector for serving, once the games are loaded.

    Why players care: a collection stops the server, and so every game it holds, while it walks
    the objects it looks at. A server keeps what it loaded (the program, the boards, each game
    and its history) to its end, and makes almost no garbage that only the collector can free
    (the load benchmark: 1,501 such objects in a 30-game run of 5,741 actions, all from the
    connections closed; the rest of an action's objects are freed at once as they are dropped).
    Yet with Python's defaults the collector ran a young collection every 75 actions or so on a
    100-game server, over the updates just sent, and a full one now and then over everything:
    0.4 to 1.0 s in a run of 19,000 actions, each full one stopping every game for up to 150 ms
    (300 ms in a longer run; docs/performance.md, "The collector and the server").

    So: what is loaded now is collected once and then left out of every later collection
    (``gc.freeze``), and the young and middle collections run less often (``SERVING_YOUNG``,
    ``SERVING_MIDDLE``). Garbage is still collected, and what the games keep from now on (their
    new events and journal) is still walked by a full collection when one comes: fewer and
    later, not none. For ``monopoly host`` (and the load benchmark): a process that is a server
    and nothing else, so tests that serve in their own process leave their collector alone."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(SERVING_YOUNG, SERVING_MIDDLE, gc.get_threshold()[2])


def new_code() -> str:
    """An unguessable join code: ``CODE_BYTES`` random bytes (96 bits), URL-safe text."""
    return secrets.token_urlsafe(CODE_BYTES)


def code_hash(code: str) -> str:
    """What the save keeps of a join code: its SHA-256. A code carries 96 random bits, so the hash
    cannot be turned back into a code by trying (no salt or slow hash is needed for that)."""
    return hashlib.sha256(code.encode("utf-8", "surrogatepass")).hexdigest()


def _hashes(value: Any) -> list[str] | None:
    """A save's hashes of one place's codes; a plain code (saves made before codes were hashed) is
    hashed now, so it goes on working and is never written again. None: damaged."""
    if isinstance(value, str) and len(value) >= 16:
        return [code_hash(value)]
    if isinstance(value, list) and value and all(isinstance(h, str) and _HASH.fullmatch(h) for h in value):
        return list(value)
    return None


@dataclass
class Codes:
    """A hosted game's join codes: one per person seat, and one for spectators.

    ``seats`` and ``spectator`` are the codes made by this run of the server, to print; the save
    keeps only hashes (``seat_hashes``, ``spectator_hashes``), of these and of the codes made by
    earlier runs of the same game, so every code ever given for a place goes on working."""

    seats: dict[int, str]
    spectator: str
    auto: set[int] = field(default_factory=set)  # person seats the host handed to a computer
    seat_hashes: dict[int, list[str]] = field(default_factory=dict)
    spectator_hashes: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        for seat, code in self.seats.items():
            known = self.seat_hashes.setdefault(seat, [])
            if code_hash(code) not in known:
                known.append(code_hash(code))
            del known[:-MAX_CODES_KEPT]
        if code_hash(self.spectator) not in self.spectator_hashes:
            self.spectator_hashes.append(code_hash(self.spectator))
        del self.spectator_hashes[:-MAX_CODES_KEPT]

    @classmethod
    def new(cls, seats: Sequence[int]) -> "Codes":
        return cls({s: new_code() for s in seats}, new_code())

    def to_dict(self) -> dict[str, Any]:
        """What the save keeps: hashes only, never a code."""
        return {"hash": "sha256", "seats": {str(s): list(h) for s, h in sorted(self.seat_hashes.items())},
                "spectator": list(self.spectator_hashes), "auto": sorted(self.auto)}

    @classmethod
    def from_dict(cls, data: Any, seats: Sequence[int]) -> "Codes | None":
        """The codes a save kept, with a new code for each place made now (the old ones still
        work); None when it kept none (or damaged ones: new codes are made)."""
        if not isinstance(data, dict) or data.get("hash", "sha256") != "sha256":
            return None
        raw, spectator, auto = data.get("seats"), _hashes(data.get("spectator")), data.get("auto", [])
        if not isinstance(raw, dict) or spectator is None or not isinstance(auto, list):
            return None
        hashes: dict[int, list[str]] = {}
        for key, value in raw.items():
            known = _hashes(value)
            if not (isinstance(key, str) and key.isdigit() and len(key) < 4) or known is None:
                return None
            hashes[int(key)] = known
        if sorted(hashes) != sorted(seats):
            return None
        return cls({s: new_code() for s in seats}, new_code(), {s for s in auto if isinstance(s, int) and s in hashes},
                   hashes, spectator)

    def seat_of(self, code: str) -> tuple[bool, int | None]:
        """(whether ``code`` is one of this game's, the seat it joins: None for the spectator code)."""
        digest = code_hash(code)
        for seat, known in self.seat_hashes.items():
            if any(hmac.compare_digest(h, digest) for h in known):
                return True, seat
        return any(hmac.compare_digest(h, digest) for h in self.spectator_hashes), None


class HostStore:
    """The hosted game's ``GameStore``: the session autosaves after every action, and here that is
    two things. The game's new steps go to the autosave's steps file at once, on the event loop
    (``GameRecord.append_steps``: one small write, no lock, no wait for the disk), before any
    client is told of them: a crash of the server loses nothing a client saw. The whole autosave,
    with the codes' hashes in its ``ui.net``, is written at most every ``SNAPSHOT_EVERY`` seconds
    by the server's ``SaveWriter`` in a thread, so that loading replays few steps, and the steps
    file is put on disk every ``SYNC_EVERY`` seconds while it grows.

    Without a writer (a game not served yet) the whole autosave is written at once."""

    def __init__(self, record: saves.GameRecord, hosted: "HostedGame") -> None:
        self.record = record
        self.hosted = hosted
        self.writer: SaveWriter | None = None
        self.ui: dict[str, Any] = {}  # the session's settings as last saved
        self.written_at = float("-inf")  # when the writer last wrote it (the loop's clock)
        self.synced_at = float("-inf")  # when the writer last put its steps file on disk

    @property
    def game_id(self) -> str:
        return self.record.game_id

    @property
    def autosave_name(self) -> str:
        return self.record.autosave_name

    @property
    def autosave_path(self) -> Path:
        return self.record.autosave_path

    def _ui(self, ui: dict[str, Any] | None) -> dict[str, Any]:
        return dict(ui or {}, **{NET_KEY: self.hosted.codes.to_dict()})

    def autosave(self, game: Any, computers: Any = None, ui: dict[str, Any] | None = None) -> Path:
        self.ui = dict(ui or {})
        if self.writer is None:
            return self.write_now()
        self.writer.waiting[self] = None  # written whole in a while, even if the steps fail now
        self.writer.unsynced[self] = None
        self.record.append_steps(game)
        return self.record.autosave_path

    def snapshot(self) -> saves.Snapshot:
        """The whole autosave as the game is now (on the event loop: the game changes there)."""
        return self.record.autosave_snapshot(self.hosted.game, self.hosted.computers, self._ui(self.ui))

    def write_now(self) -> Path:
        """Write the whole autosave here and now (before serving, and without a writer)."""
        snapshot = self.snapshot()
        path = self.record.write_snapshot(snapshot)
        self.record.snapshot_written(snapshot)
        return path

    def save(self, name: str, game: Any, computers: Any = None, ui: dict[str, Any] | None = None,
             agreed: Any = None) -> Path:
        return self.record.save(name, game, computers, self._ui(ui), agreed)

    def free_name(self) -> str:
        return self.record.free_name()


class SaveWriter:
    """Writes the hosted games' whole autosaves in a thread, so the event loop never waits on the
    disk (its lock, its ``fsync``): every ``WRITER_TICK`` seconds, up to ``WRITER_BATCH`` of the
    games changed since their last whole autosave and not written for ``SNAPSHOT_EVERY`` seconds
    (the longest unwritten first) are taken as they are now (on the loop) and written (in the
    thread), their steps files put on disk with them. A game's many actions between two writes
    cost one write: only its newest state is written. Small batches keep the thread's share of
    the interpreter (it holds the GIL while it encodes) from stalling the loop for long.

    What a crash of the machine can lose is what is not on disk: the steps file of a game that
    changed is put there every ``SYNC_EVERY`` seconds (one ``fsync``), whether or not its whole
    autosave is due. The whole autosave only shortens what loading replays, so it is written
    less often: at a fast pace (the load benchmark's, 13 actions a second a game) its encoding,
    renames and ``fsync``s every 5 seconds were some 7% of the server's work, and their moments
    the longest round trips."""

    def __init__(self, log: Callable[[str], None]) -> None:
        self.waiting: dict[HostStore, None] = {}  # stores with changes, in the order they came
        self.unsynced: dict[HostStore, None] = {}  # stores whose steps file grew since it was put on disk
        self.log = log
        self.busy = asyncio.Lock()

    async def run(self) -> None:
        while True:
            await asyncio.sleep(WRITER_TICK)
            await self.write(everything=False)

    async def write(self, everything: bool = True) -> None:
        """Write the games whose turn it is (``everything``: every game with a change, and their
        steps files emptied: the server stops)."""
        async with self.busy:
            now = asyncio.get_running_loop().time()
            due = [s for s in self.waiting if everything or now - s.written_at >= SNAPSHOT_EVERY]
            if not everything:
                due = sorted(due, key=lambda s: s.written_at)[:WRITER_BATCH]
            syncing = [s for s in self.unsynced if s not in due and now - s.synced_at >= SYNC_EVERY]
            if not due and not syncing:
                return
            for store in due:
                del self.waiting[store]
                self.unsynced.pop(store, None)
            for store in syncing:
                del self.unsynced[store]
            taken = [(store, store.snapshot()) for store in due]
            problems = await asyncio.to_thread(_write_snapshots, taken, syncing)
            for store in syncing:
                store.synced_at = now
            for (store, snapshot), problem in zip(taken, problems):
                store.written_at = store.synced_at = now
                if problem is None:
                    store.record.snapshot_written(snapshot, tidy=everything)
                else:  # said to the game's players; tried again at the next turn
                    self.waiting[store] = None
                    self.unsynced[store] = None  # its steps put on disk at the next look
                    store.synced_at = float("-inf")
                    self.log(f"the autosave of a game failed: {problem}")
                    store.hosted.note(f"Autosave failed: {shown(problem)}")
                    store.hosted.broadcast()


def _write_snapshots(taken: list[tuple[HostStore, saves.Snapshot]], syncing: list[HostStore]) -> list[str | None]:
    """The writer thread's work: each snapshot written, and its game's steps put on disk; the steps
    files of ``syncing`` put on disk."""
    for store in syncing:
        store.record.sync_steps()  # never raises: a file gone or refused is the next write's to say
    problems: list[str | None] = []
    for store, snapshot in taken:
        try:
            store.record.write_snapshot(snapshot)
            store.record.sync_steps()
            problems.append(None)
        except Exception as exc:  # a save that fails is said; it never ends the server
            problems.append(str(exc))
    return problems


class Connection:
    """One client: its stream, the seat it joined (None: a spectator) and its address."""

    def __init__(self, writer: asyncio.StreamWriter, address: str) -> None:
        self.writer = writer
        self.address = address
        self.game: HostedGame | None = None
        self.seat: int | None = None
        self.closed = False
        self.prompt: dict[str, Any] | None = None  # the prompt this client was last sent (updates carry a new one)

    def send(self, data: dict[str, Any] | bytes) -> None:
        if self.closed:
            return
        transport = self.writer.transport
        if transport.is_closing():
            self.closed = True
            return
        if transport.get_write_buffer_size() > MAX_OUTPUT:  # it reads nothing: drop it, keep its seat
            self.close()
            return
        self.writer.write(data if isinstance(data, bytes) else encode(data))

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.writer.close()


class ServerFront:
    """The server as a front end of the session (``session.FrontEnd``): show events to every client,
    never wait; a computer's throw that would let people's rent lapse waits for the claim window."""

    def __init__(self, hosted: "HostedGame") -> None:
        self.hosted = hosted

    def show_events(self, events: list[E.Event], computer: bool = False) -> None:
        self.hosted.pending_events.extend(events)
        if computer:
            self.hosted.computer_shown()

    def before_computer(self, move: ComputerMove, claims: Sequence[Claim]) -> bool:
        if claims:  # the owners are asked (claim, or go), and the window's timer lets it go
            return False
        return self.hosted.due(move.action)  # not yet: the pace's timer comes back for it

    def people_act(self) -> bool:
        return False  # clients act when they like: the loop returns and the server waits

    def finished(self) -> None:
        """The game is over: the host's console is told once (``HostedGame.on_over``)."""
        hosted = self.hosted
        if hosted.on_over is not None and not hosted.over_told:
            hosted.over_told = True
            hosted.on_over()


class HostedGame:
    """One game the server hosts: its session, codes and clients."""

    def __init__(self, started: Started, save_dir: Path, clock: Callable[[], float] | None = None,
                 codes: Codes | None = None, paced: bool = False) -> None:
        self.game = started.game
        self.computers = started.computers
        kept = started.loaded.ui.get(NET_KEY) if started.loaded is not None else None
        persons = [p for p in range(self.game.view.player_count)
                   if not (self.computers is not None and self.computers.is_computer(p))]
        found = Codes.from_dict(kept, persons)
        self.resumed = codes is None and found is not None  # the codes the save kept
        self.codes = codes or found or Codes.new(persons)
        record = saves.GameRecord.opened(save_dir, started.loaded)
        self.session = Session(self.game, self.computers, started.ui, HostStore(record, self),
                               save_name=started.save_name, clock=clock, say=self.note)
        # a player's own board is sent in the welcome: the players' programs do not have its file
        self.board_file = board_document(self.game.edition)
        if self.board_file is not None and len(encode_value(self.board_file)) > MAX_BOARD_FILE:
            raise EditionError(f"board file {self.game.edition.source}: too large to send to the players "
                               f"(at most {MAX_BOARD_FILE // 1024} KB written compactly; a board is about 12 KB)")
        self.game.disable_undo()  # the protocol has no undo: no action needs a copy of the game first
        self.session.hold_signals = False  # the loop takes the stop signals, between two actions
        self.front = ServerFront(self)
        self.clients: list[Connection] = []
        self.pending_events: list[E.Event] = []
        self.notes: list[str] = []
        # what every client was told last, whole: the next update carries what changed since (``delta``)
        self.seq = 0
        self.told: dict[str, Any] | None = None  # "game": the public view, "state": the public state
        self.entries = Entries()  # the prompts' entries of actions, made and encoded once
        self.auto_players: Any = None
        self._auto_used = (0, 0)
        self._claim_timer: asyncio.TimerHandle | None = None
        self._claim_moment = -1
        self.log: Callable[[str], None] = lambda text: None
        # called once when the game is over (a headless host's console says so); None: nobody to tell
        self.on_over: Callable[[], None] | None = None
        self.over_told = False
        # Computer moves at the session's pace (``paced``; unpaced they are made at once: tests and
        # the load benchmark): the loop's time from which the next one's notice counts, and the
        # timer that comes back to make it.
        self.paced = paced
        self._ready_at = float("-inf")
        self._pace_timer: asyncio.TimerHandle | None = None
        self._halted = False  # the server stopped: no paced computer move any more
        self._make_auto_players()

    # ------------------------------------------------------------------ who is who
    @property
    def persons(self) -> list[int]:
        return sorted(self.codes.seats)

    def present(self) -> set[int]:
        return {c.seat for c in self.clients if c.seat is not None and not c.closed}

    def computer_seats(self) -> set[int]:
        return set(self.computers.seats if self.computers is not None else ()) | self.codes.auto

    def away(self) -> set[int]:
        active = set(self.game.view.active_players())
        return {p for p in self.persons if p in active and p not in self.present() and p not in self.codes.auto}

    def note(self, text: str, role: str = "message") -> None:
        self.notes.append(text)

    # ------------------------------------------------------------------ the host's hand-overs
    def hand_to_computer(self, seat: int) -> str:
        if seat not in self.codes.seats:
            return "that seat is not a person's"
        self.codes.auto.add(seat)
        self._make_auto_players()
        self.note(f"{self.game.view.name(seat)} is played by a computer for now.")
        self.broadcast()  # said before the computer's first move, in an update of its own
        self.advance()
        return "done"

    def hand_back(self, seat: int) -> str:
        if seat not in self.codes.auto:
            return "that seat is not handed to a computer"
        self.codes.auto.discard(seat)
        self._make_auto_players()
        self.note(f"{self.game.view.name(seat)} is played by a person again.")
        self.broadcast()
        self.advance()
        return "done"

    def _make_auto_players(self) -> None:
        if not self.codes.auto:
            self.auto_players = None
            return
        try:
            from ..ai import DEFAULT_STRATEGY, ComputerPlayers
            self.auto_players = ComputerPlayers(self.game, {s: DEFAULT_STRATEGY for s in self.codes.auto})
        except Exception:  # no computer players here, or they refuse: the safe default answers
            self.auto_players = None

    def _auto_action(self, seat: int) -> Action | None:
        """What a seat handed to a computer does now: claim its rent, or answer what it is asked."""
        view = self.game.view
        for claim in self.session.lapsing_claims():
            if claim.owner == seat:
                return A.ClaimRent(seat, claim.id)
        if view.pending.player != seat:
            return None
        turn = view.turn
        used = self._auto_used[1] if self._auto_used[0] == turn else 0
        self._auto_used = (turn, used + 1)
        action = None
        if self.auto_players is not None and used < MAX_AUTO_ACTIONS_PER_TURN:
            try:
                action = self.auto_players.next_action(self.game)
            except Exception:  # a strategy's bug must not stop the game
                action = None
        if action is None or action.player not in self.codes.auto or not view.is_legal(action):
            action = view.safe_action(seat)
        return action

    # ------------------------------------------------------------------ the pace of computers
    def _now(self) -> float | None:
        try:
            return asyncio.get_running_loop().time()
        except RuntimeError:  # not served (yet): nobody watches
            return None

    def computer_shown(self) -> None:
        """A computer's move was made: it stays on show for the session's pace."""
        now = self._now()
        if now is not None:
            self._ready_at = now + self.session.pace

    def person_acted(self) -> None:
        """A person acted: the next computer move is only announced (``Session.notice``) first."""
        now = self._now()
        if now is not None:
            self._ready_at = now

    def due(self, action: Action) -> bool:
        """Whether a computer (or a seat handed to one) may make ``action`` now. Paced, it waits
        as a local screen does (``Session.notice``), and a timer plays on when it is due."""
        now = self._now()
        if not self.paced or now is None:
            return True
        if self._halted:
            return False
        due_at = self._ready_at + self.session.notice(action)
        if now >= due_at:
            return True
        if self._pace_timer is None:
            self._pace_timer = asyncio.get_running_loop().call_at(due_at, self._paced_move)
        return False

    def stop_pace(self) -> None:
        """No paced computer move any more (the server stops)."""
        if self._pace_timer is not None:
            self._pace_timer.cancel()
            self._pace_timer = None
        self._halted = True

    def _paced_move(self) -> None:
        self._pace_timer = None
        if not self.game.view.over:
            self.advance()

    # ------------------------------------------------------------------ playing
    def advance(self, answering: tuple[Connection, Any] | None = None) -> None:
        """Play on (computers, seats handed to computers, the clock) until the game waits for a
        person; then tell every client what happened and what it may do (``broadcast``)."""
        session, game = self.session, self.game
        for _ in range(100_000):
            session.run(self.front)  # autosaves at its end
            if game.view.over:
                break
            person = session.person_asked()
            if person is None or person not in self.codes.auto:
                break
            used = self._auto_used
            action = self._auto_action(person)
            if action is None:
                session.let_throw(person)
                continue
            if not self.due(action):  # played when the pace's timer comes back
                self._auto_used = used
                break
            try:
                self.pending_events.extend(session.apply(action))
                self.computer_shown()
            except IllegalActionError:
                session.let_throw(person)
        lapsing = self._lapsing_owners()  # asked once, for the claim window's timer and the prompts
        self._arm_claim_timer(lapsing)
        self.broadcast(answering, lapsing=lapsing)

    def _lapsing_owners(self) -> list[int]:
        d = self.game.view.pending
        return sorted({c.owner for c in self.session.lapsing_claims()} - {d.player}) if d.kind == K.ROLL else []

    def _arm_claim_timer(self, lapsing: list[int]) -> None:
        """Rent that the coming throw would let lapse (its owners: ``lapsing``): they have
        ``CLAIM_WINDOW`` seconds."""
        moment = len(self.game.journal)
        if not lapsing:
            return
        if self._claim_timer is not None and self._claim_moment == moment:
            return
        if self._claim_timer is not None:
            self._claim_timer.cancel()
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._claim_moment = moment
        self._claim_timer = loop.call_later(CLAIM_WINDOW, self._claims_lapse, moment)

    def _claims_lapse(self, moment: int) -> None:
        self._claim_timer = None
        if len(self.game.journal) != moment or self.game.view.over:
            return
        for owner in self._lapsing_owners():
            self.session.let_throw(owner)
        self.advance()

    def act(self, seat: int, data: Any, answering: tuple[Connection, Any] | None = None) -> str | None:
        """A client's action for ``seat``: None when done, else why not (the engine's reason)."""
        if not isinstance(data, dict):
            return "an action is a JSON object as the engine writes it (see docs/protocol.md)"
        try:
            action = action_from_dict(data)
        except (TypeError, ValueError, KeyError) as exc:
            return f"not an action: {exc}"
        view = self.game.view
        problem = malformed(action)
        if problem is not None:
            return f"not an action: {problem}"
        if action.player != seat:
            return (f"you play {view.name(seat)}: that action is "
                    f"{view.name(action.player) if 0 <= action.player < view.player_count else 'nobody'}'s")
        if isinstance(action, A.EndGame):
            return "only the host can end the game"
        if seat in self.codes.auto:
            return f"{view.name(seat)} is played by a computer for now: ask the host to hand it back"
        if isinstance(action, A.Roll):
            others = [o for o in self._lapsing_owners() if o != seat]
            if others:
                return (f"wait: {', '.join(view.name(o) for o in others)} may claim rent before you throw "
                        f"(at most {CLAIM_WINDOW:.0f} seconds)")
        try:
            self.pending_events.extend(self.session.apply(action))
        except IllegalActionError as exc:
            return str(exc)
        except Exception as exc:  # a malformed value the engine's checks refuse otherwise
            return f"not an action: {exc}"
        self.person_acted()
        self.advance(answering)
        return None

    def clock_tick(self) -> None:
        """The time-limit game's clock, told to the engine between actions too: when time is up
        the game ends without waiting for anyone's next action."""
        if self.game.view.over or self.game.view.seconds_left() is None:
            return
        events = self.session.tick()
        if events:
            self.pending_events.extend(events)
            self.advance()

    def go(self, seat: int, answering: tuple[Connection, Any] | None = None) -> str | None:
        """``seat`` lets the coming throw go without claiming its rent."""
        if seat not in self._lapsing_owners():
            return "no throw waits for your rent claim now"
        self.session.let_throw(seat)
        self.person_acted()
        self.advance(answering)
        return None

    def end(self) -> None:
        """The host ends the game: everyone is valued and the richest wins."""
        if not self.game.view.over:
            self.pending_events.extend(self.session.apply(A.EndGame(self.game.view.current_player)))
            self.advance()

    # ------------------------------------------------------------------ telling
    def shared_state(self) -> tuple[int | None, list[int], dict[str, Any]]:
        """Who the game waits for, the seats away, and the public view: one computation per update."""
        asked = self.session.person_asked() if not self.game.view.over else None
        away = sorted(self.away())
        return asked, away, public_view(self.game, self.computer_seats(), self.present(), set(away))

    def _legal(self, asked: set[int]) -> dict[int, list[Action]]:
        """What the seats in ``asked`` (the game waits for them) that have a client connected must
        answer now, and their rent claims (the engine's ``legal_actions(deeds=False)``). What a
        seat may do with its deeds, and anything a seat not asked may do, a client asks for
        (``options``) when its player wants it: working out every seat's whole list after every
        action was the largest part of a busy server's work, for lists mostly never read
        (protocol version 4)."""
        seats = {c.seat for c in self.clients if c.seat in asked and not c.closed}
        view = self.game.view
        if view.over:
            return {seat: [] for seat in seats}
        return {seat: view.legal_actions(seat, deeds=False) for seat in seats}

    def broadcast(self, answering: tuple[Connection, Any] | None = None, skip: Connection | None = None,
                  lapsing: list[int] | None = None) -> None:
        """Send every client what happened and what changed (``seq`` numbers the updates), and a
        new prompt to a seat whose prompt changed; ``answering``: the connection whose request this
        answers, and the request's ``id`` (its update carries it as ``request``); ``lapsing``: the
        owners whose rent the coming throw would let lapse, when the caller has just asked."""
        events = event_entries(self.game, self.pending_events)
        turns = {ev.player for ev in self.pending_events if isinstance(ev, E.TurnStarted)}
        self.pending_events = []
        asked, away, view = self.shared_state()
        now = {"game": view, "state": table(self.game)}
        told = self.told
        found = {key: [[[], value]] if told is None else changes(told[key], value) for key, value in now.items()}
        self.told = now
        self.seq += 1
        # what every client gets alike, encoded once: each client's line adds its own prompt (when
        # it changed) and the request answered (``encode_close``)
        shared = encode_open("update", {"events": encode_value(events), "notes": encode_value(self.notes),
                                        "changes": encode_value({k: v for k, v in found.items() if v})},
                             {"seq": self.seq, "waiting_for": asked})
        if lapsing is None:
            lapsing = self._lapsing_owners()
        legal = self._legal(set(lapsing) if asked is None else set(lapsing) | {asked})
        for conn in list(self.clients):
            if conn.closed or conn is skip:
                continue
            seat = conn.seat
            fields: dict[str, bytes] = {}
            if seat is not None:
                mine = prompt(self.game, seat, asked, lapsing, legal.get(seat, []), self.entries, False)
                if mine != conn.prompt:
                    conn.prompt = mine
                    fields["prompt"] = self.entries.encode(mine)
            if seat in turns:  # this seat's turn has just begun: what the others did since its last
                fields["since"] = encode_value(self.since(seat))
            if answering is not None and answering[0] is conn:
                fields["request"] = encode_value(answering[1])
            conn.send(encode_close(shared, fields))
        self.notes = []
        self.clients = [c for c in self.clients if not c.closed]

    def since(self, seat: int) -> list[dict[str, str]]:
        """What the others did since ``seat``'s last turn (``session.summary``), in the words the
        local front ends say it, for a seat whose turn has just begun."""
        found = since_last_turn(self.game.log, seat, self.game.view.player_count)
        return [] if found is None else [{"text": text, "role": role} for text, role in since_lines(self.game, found)]

    def whole(self, conn: Connection) -> dict[str, Any]:
        """The fields of a welcome or a sync: everything as told in the last update, whole."""
        if self.told is None:
            self.broadcast()
        assert self.told is not None
        asked = self.session.person_asked() if not self.game.view.over else None
        conn.prompt = None if conn.seat is None else prompt(self.game, conn.seat, asked, self._lapsing_owners())
        return {"seq": self.seq, "game": self.told["game"], "state": self.told["state"], "prompt": conn.prompt,
                "waiting_for": asked}

    def welcome(self, conn: Connection, notes: list[str] | None = None) -> dict[str, Any]:
        recent = [e for e in event_entries(self.game, self.game.log[-40:]) if e["text"]]
        view = self.game.view
        board = {} if self.board_file is None else {"board_file": self.board_file}
        return message("welcome", **board, seat=conn.seat, role="player" if conn.seat is not None else "spectator",
                       name=view.name(conn.seat) if conn.seat is not None else None, recent=recent,
                       rules=self.game.rules.to_dict(), board=self.game.edition.id, events=[],
                       notes=list(self.notes if notes is None else notes), **self.whole(conn))

    def sync(self, conn: Connection) -> dict[str, Any]:
        """The answer to a client that lost count of the updates: the whole of what they told."""
        return message("sync", **self.whole(conn))

    def options(self, conn: Connection, request: Any) -> dict[str, Any]:
        """The answer to ``options``: the seat's prompt with every legal action, its actions on its
        deeds too, as of the last update (``seq``); the next update's prompt is told against it."""
        assert conn.seat is not None
        asked = self.session.person_asked() if not self.game.view.over else None
        conn.prompt = prompt(self.game, conn.seat, asked, self._lapsing_owners(), entries=self.entries)
        return message("options", seq=self.seq, prompt=conn.prompt, request=request)


class Server:
    """The network server: its games, connections and guards."""

    def __init__(self, games: list[HostedGame], clock: Callable[[], float] = time.monotonic,
                 log: Callable[[str], None] | None = None) -> None:
        self.games = games
        self.clock = clock
        self.log: Callable[[str], None] = log or (lambda text: None)
        self.connections: set[Connection] = set()
        self.handlers: set[asyncio.Task[Any]] = set()
        self.bad_codes: dict[str, list[float]] = {}
        self.server: asyncio.AbstractServer | None = None
        self._ticker: asyncio.Future[None] | None = None
        self.writer = SaveWriter(self.log)
        self._writing: asyncio.Future[None] | None = None
        self.hello_timeout = HELLO_TIMEOUT
        self.max_connections = MAX_CONNECTIONS
        self.bad_code_delay = BAD_CODE_DELAY
        self.slow_code_delay = SLOW_CODE_DELAY
        self._bad_gate = 0.0  # when the next wrong code from anywhere may be answered

    async def start(self, host: str | None, port: int, tls: ssl.SSLContext | None = None) -> int:
        """Listen (``host`` None: every address); the port listened on (0 asks for a free one)."""
        self.server = await asyncio.start_server(self.handle, host, port, ssl=tls, limit=MAX_LINE)
        for g in self.games:
            g.advance()
            store = g.session.store
            if isinstance(store, HostStore):  # its whole autosave now, then its steps as they come
                try:
                    store.write_now()
                    # written: the writer's next whole autosave of it is due SNAPSHOT_EVERY from now
                    store.written_at = asyncio.get_running_loop().time()
                except SaveFailed as exc:
                    g.session.say(f"Autosave failed: {shown(str(exc))}", "bad")
                store.writer = self.writer
        self._ticker = asyncio.ensure_future(self._tick())
        self._writing = asyncio.ensure_future(self.writer.run())
        sockets = self.server.sockets
        return int(sockets[0].getsockname()[1]) if sockets else port

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(CLOCK_TICK)
            for g in self.games:
                try:
                    g.clock_tick()
                except Exception as exc:  # a bug must not stop the clock of every game
                    self.log(f"the clock of a game failed: {exc!r}")

    async def close(self) -> None:
        """Stop serving: every connection is told and closed, and every game's whole autosave written."""
        if self._ticker is not None:
            self._ticker.cancel()
        for g in self.games:
            g.stop_pace()
        if self.server is not None:
            self.server.close()
        for conn in list(self.connections):
            conn.send(message("bye", reason="the server is closing"))
            conn.close()
        if self.handlers:  # each ends at its connection's end
            await asyncio.wait(list(self.handlers), timeout=2.0)
        if self.server is not None:
            try:
                await asyncio.wait_for(self.server.wait_closed(), 2.0)
            except (asyncio.TimeoutError, Exception):
                pass
        if self._writing is not None:
            async with self.writer.busy:  # never while it writes: its thread would go on alone
                self._writing.cancel()
        await self.writer.write()
        for g in self.games:  # from now on an autosave is written at once
            store = g.session.store
            if isinstance(store, HostStore):
                store.writer = None
                store.record.close_steps()

    def bad_code_wait(self, address: str) -> float:
        """Count a wrong code from ``address`` and say how long to wait before answering it.

        Only wrong codes are counted and only they wait, so a player's own typos, or a guesser on the
        same router, never keep the right code out. Past MAX_BAD_CODES in a minute from one address
        the wait doubles at each further one; and wrong codes from every address together are
        answered at most BAD_CODES_PER_SECOND a second, so that trying from many addresses gains
        nothing."""
        now = self.clock()
        times = [t for t in self.bad_codes.pop(address, []) if now - t < BAD_CODE_WINDOW] + [now]
        self.bad_codes[address] = times  # the newest last: the oldest addresses go first
        while len(self.bad_codes) > MAX_ADDRESSES_KEPT:
            del self.bad_codes[next(iter(self.bad_codes))]
        wait = self.bad_code_delay
        over = len(times) - MAX_BAD_CODES
        if over > 0:
            wait = max(wait, min(MAX_CODE_DELAY, self.slow_code_delay * 2 ** (over - 1)))
        self._bad_gate = max(self._bad_gate, now) + 1.0 / BAD_CODES_PER_SECOND
        return max(wait, self._bad_gate - now)

    def find(self, code: Any) -> tuple[HostedGame, int | None] | None:
        if not isinstance(code, str) or not 8 <= len(code) <= 100:
            return None
        for g in self.games:
            found, seat = g.codes.seat_of(code)
            if found:
                return g, seat
        return None

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        peer = writer.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        conn = Connection(writer, address)
        if len(self.connections) >= self.max_connections:
            conn.send(message("error", code="full", error="the server holds as many connections as it can"))
            conn.close()
            return
        self.connections.add(conn)
        task = asyncio.current_task()
        if task is not None:
            self.handlers.add(task)
        self.log(f"connection from {address}")
        try:
            await self._serve(conn, reader)
        except (ConnectionError, asyncio.IncompleteReadError, OSError):
            pass
        finally:
            if task is not None:
                self.handlers.discard(task)
            self.connections.discard(conn)
            conn.close()
            g = conn.game
            if g is not None and conn in g.clients:
                g.clients.remove(conn)
                if conn.seat is not None:
                    self.log(f"{g.game.view.name(conn.seat)} left ({address})")
                g.broadcast()  # the others see who is away

    async def _read(self, conn: Connection, reader: asyncio.StreamReader, joining: bool = False) -> dict[str, Any] | None:
        """The next message (None: the connection ended); a bad one is answered and skipped, and a
        line too long ends the connection (what follows it cannot be trusted to be a line). While
        ``joining``, a message of another version of the protocol ends the connection: the client
        is told both versions (it cannot read this server's updates)."""
        while True:
            try:
                line = await reader.readline()
            except ValueError:  # the StreamReader's limit: a line longer than MAX_LINE
                conn.send(message("error", code="too_long", error=f"a message is at most {MAX_LINE} bytes"))
                return None
            if not line:
                return None
            if not line.strip():
                continue
            try:
                return decode(line, CLIENT_TYPES)
            except ProtocolError as exc:
                if joining and exc.code == "version":
                    conn.send(_other_version(line))
                    return None
                conn.send(message("error", code=exc.code, error=str(exc)))

    async def _serve(self, conn: Connection, reader: asyncio.StreamReader) -> None:
        deadline = self.clock() + self.hello_timeout
        joined: tuple[HostedGame, int | None] | None = None
        while joined is None:
            left = deadline - self.clock()
            try:
                data = await asyncio.wait_for(self._read(conn, reader, joining=True), max(0.0, left))
            except asyncio.TimeoutError:
                conn.send(message("error", code="timeout", error="no hello with a join code in time"))
                return
            if data is None:
                return
            if data["type"] == "bye":
                return
            if data["type"] == "ping":
                conn.send(message("pong"))
                continue
            if data["type"] != "hello":
                conn.send(message("error", code="not_joined", error="say hello with a join code first"))
                continue
            joined = self.find(data.get("code"))
            if joined is None:
                self.log(f"bad join code from {conn.address}")
                await asyncio.sleep(self.bad_code_wait(conn.address))
                conn.send(message("error", code="bad_code", error="no game here has that join code"))
        g, seat = joined
        conn.game, conn.seat = g, seat
        for other in list(g.clients):  # a seat rejoined: the old connection goes
            if seat is not None and other.seat == seat:
                other.send(message("bye", reason="this seat joined from another connection"))
                other.close()
                g.clients.remove(other)
        g.clients.append(conn)
        self.log(f"{g.game.view.name(seat) if seat is not None else 'a spectator'} joined ({conn.address})")
        notes = list(g.notes)
        g.broadcast(skip=conn)  # the others see who is back; the welcome is as this update left them
        conn.send(g.welcome(conn, notes))
        while True:
            data = await self._read(conn, reader)
            if data is None or data["type"] == "bye":
                return
            kind = data["type"]
            if kind == "ping":
                conn.send(message("pong"))
            elif kind == "sync":
                conn.send(g.sync(conn))
            elif kind == "options" and seat is not None:
                conn.send(g.options(conn, data.get("id")))
            elif kind == "hello":
                conn.send(message("error", code="joined", error="this connection has joined already"))
            elif seat is None:
                conn.send(message("refused", reason="a spectator watches and cannot act", request=data.get("id")))
            elif kind == "action":
                try:
                    problem = g.act(seat, data.get("action"), (conn, data.get("id")))
                except Exception as exc:  # a bug must not end the server: say so, and serve on
                    self.log(f"an action from {conn.address} failed: {exc!r}")
                    problem = f"the server could not take that action ({exc.__class__.__name__})"
                if problem is not None:
                    conn.send(message("refused", reason=problem, request=data.get("id")))
            elif kind == "go":
                problem = g.go(seat, (conn, data.get("id")))
                if problem is not None:
                    conn.send(message("refused", reason=problem, request=data.get("id")))


def _other_version(line: bytes) -> dict[str, Any]:
    """The error for a client that speaks another version of the protocol, naming both versions.
    It is stamped with the client's version (a whole number) so that the client can read it and
    show the words, rather than take it for garbage of another version."""
    try:
        theirs = json.loads(line).get("version")
    except (ValueError, AttributeError, RecursionError):
        theirs = None
    error = message("error", code="version",
                    error=f"this server speaks version {VERSION} of the protocol and this client version "
                          f"{repr(theirs)[:20]}: join with the same version of monopoly as the host's")
    if type(theirs) is int and 0 < theirs < 1000:
        error["version"] = theirs
    return error


def tls_context(cert: str, key: str) -> ssl.SSLContext:
    """The server's TLS context from a certificate chain and its key (PEM files)."""
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    return context
