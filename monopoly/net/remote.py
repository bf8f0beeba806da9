"""A seat at a game played on a server, as a session a local screen can drive (``monopoly join``).

The server is the only authority; this side holds no hidden part of the game. ``RemoteSession``
keeps a replica of the game (``engine.public``), set to each public state the server sends, with
the events appended to its log as they come, and answers the questions a front end asks a
``Session`` (who is at this keyboard, who is a computer, what the seat may do, the rent a throw
would let lapse, what a bidder can do) from that replica and the server's words. ``apply`` sends
an action and returns the events the server answers with (and any that came first), or raises
``IllegalActionError`` with the engine's reason the server gives. Nothing is saved here (the host
autosaves), nothing can be taken back, and no computer plays here: the server paces its computers.

The connection runs in a thread of its own (``LinkThread``: an asyncio loop over ``client.Link``),
so a screen that waits for a key can look for news between keys (``has_news``, ``news``). A link
that ends, a server that says goodbye or sends what is not the protocol raise ``Disconnected``
with the words to say and the exit code.
"""

from __future__ import annotations

import asyncio
import queue
import ssl
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Union

from ..engine import (Action, Claim, DecisionKind as K, Edition, Game, IllegalActionError, MonopolyError, Offer,
                      Rules, edition_from_dict, load_edition)
from ..engine import events as E
from ..engine import follow, replica
from ..session.session import (AuctionStance, BuildingOrders, ComputerMove, FrontEnd, Permission, PlaySession, SaveFailed,
                               auction_stance)
from ..session import coaching
from ..present.comings import comings_and_goings
from .link import (CONNECT_TIMEOUT, EXIT_DROPPED, EXIT_FAILED, EXIT_OK, Dropped, Link, ServerGarbage,
                   ended_unanswered, unreachable)
from .protocol import message

ANSWER_WAIT = 20.0  # seconds to wait for the server's answer to an action
FATAL_ERRORS = ("bad_code", "slow_down", "timeout", "full", "too_long")  # errors after which the server hangs up


@dataclass(frozen=True)
class Gone:
    """The link ended: why, in words, and the exit code of the client."""

    reason: str
    code: int


Incoming = Union[dict[str, Any], Gone]


class Disconnected(Exception):
    """The game is left: the link ended, the server said goodbye, or it sent what is not the
    protocol. ``code`` is the client's exit code."""

    def __init__(self, reason: str, code: int) -> None:
        super().__init__(reason)
        self.reason = reason
        self.code = code


class LinkThread:
    """The connection to the server, on an asyncio loop in a thread of its own: what the server
    sends arrives in ``inbox`` in order (a ``Gone`` last); ``send`` may be called from any thread."""

    def __init__(self, host: str, port: int, tls: ssl.SSLContext | None = None, ca: bool = True) -> None:
        self.host, self.port, self.tls, self.ca = host, port, tls, ca
        self.inbox: "queue.Queue[Incoming]" = queue.Queue()
        self.loop = asyncio.new_event_loop()
        self._link: Link | None = None
        self._task: asyncio.Task[None] | None = None
        self._thread = threading.Thread(target=self._main, daemon=True, name="monopoly-join-link")
        self._code = ""

    def start(self, code: str) -> None:
        self._code = code
        self._thread.start()

    def _main(self) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self._task = self.loop.create_task(self._run())
            self.loop.run_until_complete(self._task)
        except asyncio.CancelledError:
            pass
        finally:
            self.loop.close()

    async def _run(self) -> None:
        try:
            link = await Link.open(self.host, self.port, self.tls, CONNECT_TIMEOUT)
        except (OSError, asyncio.TimeoutError, ssl.SSLError) as exc:
            self.inbox.put(Gone(unreachable(self.host, self.port, exc, self.tls is not None, self.ca), EXIT_FAILED))
            return
        self._link = link
        link.send(message("hello", code=self._code))
        heard = False
        try:
            while True:
                self.inbox.put(await link.receive())
                heard = True
        except ServerGarbage as exc:
            self.inbox.put(Gone(f"the server sent something that is not the game's protocol ({exc}); leaving",
                                EXIT_FAILED))
        except Dropped as exc:
            if not heard:
                self.inbox.put(Gone(ended_unanswered(self.tls is not None), EXIT_FAILED))
                return
            self.inbox.put(Gone(f"the connection to the server ended ({exc}). Your seat is kept: join again "
                                "with the same command", EXIT_DROPPED))
        finally:
            link.close()

    def send(self, data: dict[str, Any]) -> None:
        def write() -> None:
            if self._link is not None:
                self._link.send(data)
        try:
            self.loop.call_soon_threadsafe(write)
        except RuntimeError:  # the loop has closed: the link is gone, and the inbox says so
            pass

    def close(self, farewell: bool = True) -> None:
        """Say goodbye (the seat is kept) and end the connection."""
        def stop() -> None:
            if self._link is not None and farewell:
                self._link.send(message("bye"))
            if self._task is not None:
                self.loop.call_later(0.05, self._task.cancel)  # the goodbye goes out first
        try:
            self.loop.call_soon_threadsafe(stop)
        except RuntimeError:
            return
        self._thread.join(2.0)


class RemoteSession:
    """One seat (or a spectator's place) at a game played on a server: the questions a front end
    asks its session, answered from a replica and the server's words (module doc)."""

    def __init__(self, link: LinkThread, say: Callable[[str, str], None] | None = None) -> None:
        self.link = link
        self.say: Callable[[str, str], None] = say or (lambda text, role: None)
        self._replica: Game | None = None
        self.seat: int | None = None
        self.name: str | None = None
        self.computers: set[int] = set()
        self.away: set[int] = set()
        self.waiting_for: int | None = None
        self.may_go = False
        self.save_name: str | None = None
        self.autosave_problem: str | None = None
        self.watching = False
        self.pace = 0.0  # the server paces its computers; their moves are shown as they come
        self._unshown: list[E.Event] = []
        self._players: Any = None  # the public view's players as last told (who is connected, away)
        self._seen: set[int] = set()  # the seats seen connected (one that comes again is back)
        self._since: list[tuple[str, str]] = []  # the server's "since your last turn" lines not said yet
        self._request = 0

    # ------------------------------------------------------------------ joining
    def join(self, code: str, timeout: float = CONNECT_TIMEOUT + 5.0) -> Game:
        """Say hello with ``code`` and wait for the welcome: the replica of the game."""
        self.link.start(code)
        deadline = time.monotonic() + timeout
        while self._replica is None:
            left = deadline - time.monotonic()
            if left <= 0:
                raise Disconnected("the server did not answer in time", EXIT_FAILED)
            try:
                data = self.link.inbox.get(timeout=left)
            except queue.Empty:
                continue
            if isinstance(data, dict) and data.get("type") == "welcome":
                self._welcome(data)
            else:
                self._receive(data)
        return self._replica

    def _welcome(self, data: dict[str, Any]) -> None:
        board, document = data.get("board"), data.get("board_file")
        try:
            if isinstance(document, dict):  # the host's own board: read as a board file is
                edition: Edition | None = edition_from_dict(document)
                if edition is not None and edition.id != board:
                    raise MonopolyError(f"the board sent is {edition.id!r}, not {board!r}")
            else:
                edition = load_edition(board) if isinstance(board, str) else None
        except (MonopolyError, TypeError, ValueError, KeyError, AttributeError, RecursionError) as exc:
            why = f" ({exc})" if isinstance(document, dict) else ", which this program does not have"
            raise Disconnected(f"this game is played on a board of its own ({board!r}){why}; leaving",
                               EXIT_FAILED) from None
        if edition is None:
            raise Disconnected("the server sent a welcome without its board; leaving", EXIT_FAILED)
        try:
            raw = data.get("rules")
            if not isinstance(raw, dict):
                raise ValueError("rules: expected an object")
            rules = Rules.from_dict(raw)
            game = replica(edition, rules, data.get("state"))
            game.log.extend(E.event_from_dict(e["event"]) for e in data.get("recent", []))
        except (MonopolyError, TypeError, ValueError, KeyError) as exc:
            raise Disconnected(f"the server sent a game this program cannot read ({exc}); leaving",
                               EXIT_FAILED) from None
        self._replica = game
        seat = data.get("seat")
        self.seat = seat if isinstance(seat, int) and 0 <= seat < game.view.player_count else None
        self.name = game.view.name(self.seat) if self.seat is not None else None
        self._public(data)

    # ------------------------------------------------------------------ what the server sends
    def _receive(self, data: Incoming) -> None:
        """Take one message in: an update sets the replica and keeps its events to show."""
        if isinstance(data, Gone):
            raise Disconnected(data.reason, data.code)
        kind = data.get("type")
        if kind == "update" and self._replica is not None:
            try:
                follow(self._replica, data.get("state"))
                events = [E.event_from_dict(e["event"]) for e in data.get("events", [])]
            except (MonopolyError, TypeError, ValueError, KeyError) as exc:
                raise Disconnected(f"the server sent a game this program cannot read ({exc}); leaving",
                                   EXIT_FAILED) from None
            self._replica.log.extend(events)
            self._unshown.extend(events)
            self._since = [(str(e.get("text")), str(e.get("role") or "message")) for e in data.get("since", [])
                           if isinstance(e, dict) and e.get("text")] or self._since
            self._public(data)
        elif kind == "refused":
            self.say(f"Refused: {data.get('reason')}", "bad")
        elif kind == "error":
            if data.get("code") in FATAL_ERRORS:
                raise Disconnected(str(data.get("error")), EXIT_FAILED)
            self.say(f"The server says: {data.get('error')}", "bad")
        elif kind == "bye":
            raise Disconnected(str(data.get("reason", "the server said goodbye")), EXIT_OK)

    def _public(self, data: dict[str, Any]) -> None:
        """Who is a computer, who is away, who the game waits for, and this seat's prompt."""
        for note in data.get("notes", []):
            self.say(str(note), "message")
        public = data.get("game")
        players = public.get("players", []) if isinstance(public, dict) else []
        for line in comings_and_goings(self._players, players, self.seat, self._seen,
                                       isinstance(public, dict) and bool(public.get("over"))):
            self.say(line, "message")
        self._players = players
        self.computers = {p["seat"] for p in players if isinstance(p, dict) and p.get("computer")}
        self.away = {p["seat"] for p in players if isinstance(p, dict) and p.get("away")}
        waiting = data.get("waiting_for")
        self.waiting_for = waiting if isinstance(waiting, int) else None
        prompt = data.get("prompt")
        self.may_go = isinstance(prompt, dict) and bool(prompt.get("may_go"))

    def since_last_turn(self) -> list[tuple[str, str]]:
        """What the others did since this seat's last turn, as the server worked it out when the
        turn began (from the whole game: a replica joined late holds only its recent events)."""
        lines, self._since = self._since, []
        return lines

    def has_news(self) -> bool:
        """Whether something came from the server that the screen has not taken in yet."""
        return bool(self._unshown) or not self.link.inbox.empty()

    def news(self) -> list[E.Event]:
        """Take in what came from the server: the events not shown yet (``Disconnected`` when the
        game is left)."""
        while True:
            try:
                data = self.link.inbox.get_nowait()
            except queue.Empty:
                break
            self._receive(data)
        events, self._unshown = self._unshown, []
        return events

    def _request_answer(self, data: dict[str, Any]) -> None:
        """Send a request and take in what comes until its answer; a refusal raises
        ``IllegalActionError`` with the server's reason."""
        self._request += 1
        request = self._request
        self.link.send(dict(data, id=request))
        deadline = time.monotonic() + ANSWER_WAIT
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise IllegalActionError("the server has not answered yet (it may still do it)")
            try:
                got = self.link.inbox.get(timeout=min(left, 1.0))
            except queue.Empty:
                continue
            if isinstance(got, dict) and got.get("request") == request and got.get("type") == "refused":
                raise IllegalActionError(str(got.get("reason")))
            self._receive(got)
            if isinstance(got, dict) and got.get("request") == request and got.get("type") == "update":
                return

    # ------------------------------------------------------------------ who is who
    @property
    def game(self) -> Game:
        """The replica of the game (once joined)."""
        assert self._replica is not None, "join first"
        return self._replica

    def _game(self) -> Game:
        return self.game

    def is_computer(self, player: int) -> bool:
        return player in self.computers

    @property
    def persons(self) -> list[int]:
        """The seat at this keyboard (none for a spectator)."""
        return [] if self.seat is None else [self.seat]

    @property
    def people(self) -> list[int]:
        """The seat at this keyboard while it is in the game: only its decisions are offered here."""
        if self.seat is None or self.seat not in self._game().view.active_players():
            return []
        return [self.seat]

    def person_asked(self) -> int | None:
        return self.waiting_for

    def permission(self, keyboard: int, action: Action) -> Permission:
        """This seat acts for itself only (the server checks it too)."""
        view = self._game().view
        if self.seat is None:
            return Permission(problem="a spectator watches and cannot act")
        if action.player != self.seat:
            other = view.name(action.player) if 0 <= action.player < view.player_count else "nobody"
            return Permission(problem=f"you play {self.name}: that is {other}'s to do")
        return Permission()

    def lapsing_claims(self, thrower: int | None = None) -> list[Claim]:
        """This seat's rent claims that the coming throw would let lapse: at its own throw, or at
        another's while the server waits for this seat to claim or let it go (``may_go``)."""
        view = self._game().view
        d = view.pending
        if d.kind != K.ROLL or (thrower is not None and d.player != thrower) or self.seat is None:
            return []
        if d.player != self.seat and not self.may_go:
            return []
        return [c for c in view.claims_lapsing_at_throw() if c.owner == self.seat]

    def let_throw(self, owner: int) -> None:
        """Let the coming throw go without claiming this seat's rent."""
        try:
            self._request_answer(message("go"))
        except IllegalActionError as exc:
            self.say(str(exc)[:1].upper() + str(exc)[1:], "dim")

    def auction_stance(self, player: int) -> AuctionStance | None:
        return auction_stance(self._game(), player)

    def computer_move(self) -> ComputerMove | None:
        return None  # computers play on the server

    def building_orders(self, hotels: bool) -> BuildingOrders:
        return BuildingOrders(())  # the server adds its computers' orders

    # ------------------------------------------------------------------ acting
    def apply(self, action: Action, at: int | None = None) -> list[E.Event]:
        """Send ``action`` to the server: the events it answers with (and any that came before them),
        or ``IllegalActionError`` with the reason it was refused."""
        self._request_answer(message("action", action=action.to_dict()))
        events, self._unshown = self._unshown, []
        return events

    def undo_target(self, keyboard: int) -> int | None:
        return None

    def undo(self, keyboard: int) -> list[E.Event]:
        raise IllegalActionError("nothing is taken back in a game played over the network")

    # the coach's figures: from this client's replica of the public state, never from the server
    def win_chances(self, seat: int | None = None) -> tuple[float, ...]:
        return coaching.win_chances(self._game(), self.seat if seat is None else seat)

    def offer_chances(self, seat: int | None, offer: Offer) -> tuple[tuple[float, ...], tuple[float, ...]]:
        return coaching.offer_chances(self._game(), self.seat if seat is None else seat, offer)

    def hint(self, seat: int) -> coaching.Hint | None:
        return coaching.hint(self._game(), seat) if seat == self.seat else None

    def elapsed(self) -> float:
        return float(self._game().view.clock_seconds)

    def autosave(self) -> Path | None:
        return None  # the host autosaves after every action

    def save(self, name: str, agreed: Any = None) -> Path:
        raise SaveFailed("saving is the host's: the game is autosaved on the host after every action")

    def free_name(self) -> str:
        return "game1"

    def introduce(self, front: FrontEnd) -> None:
        """Nothing to introduce: the welcome's recent events are in the log."""

    def leave(self) -> None:
        """Leave the game; the seat stays this seat's, for a rejoin with the same code."""
        self.link.close()

    # ------------------------------------------------------------------ the loop
    def run(self, front: FrontEnd) -> None:
        """Show what the server sends as it comes and let this seat act, until the game ends or is
        left (``Disconnected``)."""
        game = self._game()
        while True:
            events = self.news()
            if events:
                front.show_events(events, computer=True)
                continue
            if game.view.over:
                front.finished()
                return
            front.people_act()


def _plays(session: RemoteSession) -> PlaySession:
    """A remote seat is a session a front end can drive (checked by mypy, not at run time)."""
    return session
