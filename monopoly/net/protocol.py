"""The network protocol's messages (``docs/protocol.md``): JSON objects, one a line, versioned.

What a client may see is built here from the game's read view and nothing else: the public view
of the table (cash, squares, owners, buildings, mortgages, the decision waited for, rent that may
be claimed), events as their ``to_dict`` with the words the local front ends use
(``session.words.event_lines``), and one seat's prompt (its legal actions, each with a short
command). The dice generator's state, the decks' order and join codes are never in any of them.
"""

from __future__ import annotations

import json
import weakref
from typing import Any

from ..engine import Action, DecisionKind as K, Game, Offer, Pending, describe_decision
from ..engine import actions as A
from ..engine import events as E
from ..engine import public_state

from ..present import ANSWERS, bid_prompt, debt, decision_prompt, decision_sites
from ..session.words import event_lines, square_name, trade_summary

PROTOCOL = "monopoly-net"
# 4: an update's prompt lists only what the seat the game waits for must answer (the rest on ``options``);
# 3: updates carry what changed since the last one (``delta``); 2: the whole public state
VERSION = 4
DEFAULT_PORT = 7627  # "MONO" on no keypad in particular; above 1024, unassigned by IANA
MAX_LINE = 64 * 1024  # bytes in one message, its newline included: a message longer is refused
CODE_BYTES = 12  # 96 random bits in a join code (secrets.token_urlsafe)

# Message types a client may send, and those a server sends.
CLIENT_TYPES = ("hello", "action", "go", "sync", "options", "ping", "bye")
SERVER_TYPES = ("welcome", "update", "sync", "options", "refused", "error", "pong", "bye")


class ProtocolError(ValueError):
    """A message that breaks the protocol; ``code`` names the kind of fault (``docs/protocol.md``)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


# One encoder made once: ``json.dumps`` with options makes a new one for every call, and a server
# encodes some ten values an action.
_JSON = json.JSONEncoder(separators=(",", ":"), ensure_ascii=True).encode


def encode(message: dict[str, Any]) -> bytes:
    """One message as one line of UTF-8 JSON (ASCII-escaped: no character can break the line)."""
    return (_JSON(message) + "\n").encode("ascii")


def _no_constant(text: str) -> Any:
    raise ValueError(f"{text} is not a number")


def decode(line: bytes, allowed: tuple[str, ...]) -> dict[str, Any]:
    """The message a line holds, checked for shape (an object with a known ``type`` and this
    ``version``); ``ProtocolError`` says what is wrong."""
    if len(line) > MAX_LINE:
        raise ProtocolError("too_long", f"a message is at most {MAX_LINE} bytes")
    try:
        data = json.loads(line.decode("utf-8"), parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ProtocolError("not_json", "a message is one JSON object on one line") from None
    if not isinstance(data, dict):
        raise ProtocolError("not_json", "a message is one JSON object on one line")
    version = data.get("version")
    if version != VERSION or isinstance(version, bool):
        raise ProtocolError("version", f"this side speaks version {VERSION} of the protocol, and the message is "
                                       f"of version {version!r}: play with the same version of monopoly on both sides")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in allowed:
        raise ProtocolError("unknown_type", f"unknown message type {kind!r}; expected one of {', '.join(allowed)}")
    return data


def message(kind: str, **fields: Any) -> dict[str, Any]:
    return {"type": kind, "version": VERSION, **fields}


def encode_parts(kind: str, encoded: dict[str, bytes], fields: dict[str, Any]) -> bytes:
    """``encode(message(kind, **parts, **fields))`` where ``encoded`` holds parts already encoded
    (``encode_value``): the parts every client gets alike are encoded once per update."""
    return encode_open(kind, encoded, fields) + b"}\n"


def encode_open(kind: str, encoded: dict[str, bytes], fields: dict[str, Any]) -> bytes:
    """``encode_parts`` without the closing brace and newline: what every client of an update gets
    alike, encoded once; ``encode_close`` adds one client's own fields (its prompt, the request
    answered) and ends the line."""
    head = encode(message(kind, **fields))[:-2]  # without its closing brace and newline
    tail = b"".join(b',"' + key.encode("ascii") + b'":' + value for key, value in encoded.items())
    return head + tail


def encode_close(opened: bytes, encoded: dict[str, bytes]) -> bytes:
    """A message opened by ``encode_open`` with the fields ``encoded`` holds (none of its own keys,
    each value already encoded) added, as one line."""
    if not encoded:
        return opened + b"}\n"
    return opened + b"".join(b',"' + key.encode("ascii") + b'":' + value for key, value in encoded.items()) + b"}\n"


def encode_value(value: Any) -> bytes:
    return _JSON(value).encode("ascii")


# ---------------------------------------------------------------------------------------- public view
def _offer(offer: Offer | None) -> dict[str, Any] | None:
    if offer is None:
        return None
    return {"proposer": offer.proposer, "recipient": offer.recipient, "give": list(offer.give),
            "take": list(offer.take), "cash": offer.cash, "give_cards": list(offer.give_cards),
            "take_cards": list(offer.take_cards), "settle_debt": offer.settle_debt}


def public_view(game: Game, computers: set[int], present: set[int], away: set[int]) -> dict[str, Any]:
    """What everyone at the table can see: no dice generator, no deck order, no codes.

    ``computers``: seats a computer plays (by the game or handed to one by the host); ``present``:
    seats with a client connected; ``away``: person seats without one."""
    view = game.view
    d = view.pending
    a = d.auction
    outcome = view.outcome
    players = []
    for p in view.players():
        players.append({"seat": p.seat, "name": p.name, "cash": p.cash, "money": view.money(p.cash),
                        "position": p.position,
                        "in_jail": p.in_jail, "jail_turns": p.jail_turns, "jail_cards": list(p.jail_cards),
                        "bankrupt": p.bankrupt, "computer": p.seat in computers,
                        "connected": p.seat in present, "away": p.seat in away})
    squares = _squares(game)
    return {
        "edition": game.edition.id,
        "turn": view.turn,
        "current": view.current_player,
        "players": players,
        "squares": squares,
        "bank": {"houses": view.bank_houses, "hotels": view.bank_hotels},
        "pending": {"kind": str(d.kind), "player": d.player, "square": d.square, "amount": d.amount,
                    "creditor": d.creditor, "reason": _reason(d), "offer": _offer(d.offer),
                    "auction": None if a is None else {"item": str(a.item), "square": a.square, "high_bid": a.high_bid,
                                                       "high_bidder": a.high_bidder, "bidders": list(a.bidders)},
                    "text": describe_decision(game, d) if not view.over else ""},
        "claims": [{"id": c.id, "owner": c.owner, "payer": c.payer, "square": c.square, "amount": c.amount}
                   for c in view.claims()],
        "seconds_left": view.seconds_left(),
        "over": view.over,
        "winner": None if outcome is None else outcome.winner,
    }


def _squares(game: Game) -> list[dict[str, Any]]:
    """The squares as everyone sees them (owner, mortgage, buildings), made again only when the
    engine says the holdings may have changed (``View.holdings_version``): most actions move a
    token or money and leave them alone. The list is shared by the views made until then, and
    never changed (``delta`` copies, never edits); each game keeps only its latest."""
    view = game.view
    version = view.holdings_version()
    kept = _SQUARES.get(game)
    if kept is not None and kept[0] == version:
        return kept[1]
    squares = [{"name": name, "kind": kind, "price": price, "owner": view.owner(i), "mortgaged": view.mortgaged(i),
                "houses": view.houses(i), "hotel": view.hotel(i)}
               for i, (name, kind, price) in enumerate(_fixed_squares(game.edition))]
    _SQUARES[game] = (version, squares)
    return squares


_SQUARES: "weakref.WeakKeyDictionary[Game, tuple[int, list[dict[str, Any]]]]" = weakref.WeakKeyDictionary()
_FIXED: dict[int, tuple[Any, list[tuple[str, str, int]]]] = {}  # by id(edition): (edition, its squares)


def _fixed_squares(edition: Any) -> list[tuple[str, str, int]]:
    """Each square's name, kind and price, which never change: worked out once an edition (the
    public view is built for every update a server sends)."""
    known = _FIXED.get(id(edition))
    if known is None or known[0] is not edition:
        known = _FIXED[id(edition)] = (edition, [(sq.name, str(sq.kind), sq.price) for sq in edition.squares])
    return known[1]


def table(game: Game) -> dict[str, Any]:
    """The game's state with the decks' order hidden (``engine.public``): a client sets its replica
    of the game to it, and its screen draws from that replica as a local screen draws from the game."""
    return public_state(game)


def event_entries(game: Game, events: list[E.Event]) -> list[dict[str, Any]]:
    """Events as sent: the engine's ``to_dict`` and the line the local front ends show (or None:
    a player's buildings put up together say one line, at the last of them: ``event_lines``)."""
    out = []
    for ev, shown in zip(events, event_lines(game, events)):
        out.append({"event": ev.to_dict(), "text": None if shown is None else shown[0],
                    "role": None if shown is None else shown[1]})
    return out


# ---------------------------------------------------------------------------------------- prompts
def command_of(game: Game, action: Action) -> str:
    """The short command a client types for a legal action (the text mode's words where it has them)."""
    view = game.view

    def sq(s: int) -> str:
        return square_name(game, s)

    asked = decision_prompt(game, action.player) if isinstance(action, ANSWERS) else None
    if asked is not None:  # an answer to a decision: its prompt's word
        word = next((a.word for a in asked.answers if a.action == action), None)
        if word is not None:
            return word
    simple: dict[type, str] = {A.Roll: "roll", A.PayJailFine: "fine", A.UseJailCard: "card", A.Buy: "buy",
                               A.DeclineToBuy: "auction", A.PassBid: "pass", A.AcceptTrade: "accept",
                               A.RejectTrade: "refuse", A.DeclareBankruptcy: "bankrupt"}
    if type(action) in simple:
        return simple[type(action)]
    if isinstance(action, A.Bid):
        return f"bid {action.amount}"
    if isinstance(action, A.PayIncomeTax):
        return "percent" if action.percent else "flat"
    if isinstance(action, A.PayOrDraw):
        return "draw" if action.draw else "pay"
    if isinstance(action, A.SettleMortgagedTransfer):
        return "lift" if action.lift else "keep"
    if isinstance(action, A.ClaimRent):
        claim = next((c for c in view.claims(action.player) if c.id == action.claim), None)
        return "rent" if claim is None else f"rent {view.money(claim.amount)} from {view.name(claim.payer)}"
    if isinstance(action, A.Build):  # (a building bought at auction is placed with it too: ``present.sites``)
        return f"build {sq(action.square)}"
    if isinstance(action, A.SellBuilding):
        return f"sell {sq(action.square)}"
    if isinstance(action, A.Mortgage):
        return f"mortgage {sq(action.square)}"
    if isinstance(action, A.LiftMortgage):
        return f"unmortgage {sq(action.square)}"
    if isinstance(action, A.MoveOffline):
        return f"place {sq(action.square)}"
    return action.verb


def question(game: Game, seat: int) -> str:
    """The decision waiting for ``seat`` in a line of words ("" when none is)."""
    view = game.view
    d = view.pending
    bidding = bid_prompt(game, seat)
    if bidding is not None:  # phrased once for every front end (``present``)
        return bidding.line()
    if d.player != seat:
        return ""
    asked = decision_prompt(game, seat)
    if asked is not None:  # phrased once for every front end (``present``); an offer said first
        offer = f"{trade_summary(game, d.offer)}. " if d.kind == K.TRADE_RESPONSE and d.offer is not None else ""
        return offer + asked.line()
    owing = debt(game, seat)
    if owing is not None:  # phrased once for every front end (``present``)
        return owing.line()
    sites = decision_sites(game, seat)
    if sites is not None:  # phrased once for every front end (``present``)
        return sites.line()
    if game.view.over:
        return ""
    text = describe_decision(game, game.view.pending)
    return text[:1].upper() + text[1:]


def prompt(game: Game, seat: int, asked: int | None, lapsing: list[int], legal: list[Action] | None = None,
           entries: "Entries | None" = None, complete: bool = True) -> dict[str, Any]:
    """What ``seat`` may do now: its legal actions with their commands; ``asked`` is the person the
    game waits for (None: nobody, or a computer); ``lapsing`` the owners whose rent the coming
    throw would let lapse; ``legal``: the seat's actions to list, when already known; ``entries``:
    the entries of actions listed before, kept by the caller, so the same legal actions offered
    update after update are written once; ``complete``: ``legal`` (by default) is every legal
    action of the seat, else only what it must answer now and its rent claims, or nothing when it
    is not asked (an update's prompt: the client asks for the whole list with ``options``).

    Who the game waits for and who is away are the update's and the public view's, not the
    prompt's: a seat not asked keeps the same prompt from one update to the next, and it is sent
    only when it changes."""
    if legal is None:
        legal = [] if game.view.over else game.view.legal_actions(seat, deeds=complete)
    bidding = bid_prompt(game, seat) if any(isinstance(a, A.Bid) for a in legal) else None
    if bidding is not None and bidding.default is not None:  # the bid offered is the prompt's first step
        legal = [A.Bid(seat, bidding.default) if isinstance(a, A.Bid) and a.player == seat else a for a in legal]
    listed = [_entry(game, a) for a in legal] if entries is None else entries.listed(game, legal)
    return {"seat": seat, "asked": asked == seat, "question": question(game, seat) if asked == seat else "",
            "actions": listed, "complete": complete, "may_go": seat in lapsing}


MAX_ENTRIES = 512  # entries of actions a game keeps (``Entries``): then they are made afresh


class Entries:
    """The entries of actions a game's prompts have listed, each made and encoded once: an action's
    entry never changes in a game (its words name squares, players and a claim's fixed amount),
    and the same actions are offered update after update. Encoding a prompt whole took longer than
    making it; ``encode`` joins the entries' JSON made before."""

    def __init__(self) -> None:
        self._made: dict[Action, dict[str, Any]] = {}
        self._json: dict[int, bytes] = {}  # id of an entry in ``_made`` -> its JSON

    def listed(self, game: Game, legal: list[Action]) -> list[dict[str, Any]]:
        """The entries of ``legal``, in its order."""
        made = self._made
        if len(made) > MAX_ENTRIES:
            made.clear()
            self._json.clear()
        listed = []
        for action in legal:
            entry = made.get(action)
            if entry is None:
                entry = made[action] = _entry(game, action)
                self._json[id(entry)] = encode_value(entry)
            listed.append(entry)
        return listed

    def encode(self, prompt: dict[str, Any]) -> bytes:
        """``encode_value(prompt)`` (its actions last), each entry made here taken as encoded then
        (an entry made elsewhere, or before the entries were made afresh, is encoded now)."""
        known = self._json
        actions = b",".join([known.get(id(entry)) or encode_value(entry) for entry in prompt["actions"]])
        rest = encode_value({key: value for key, value in prompt.items() if key != "actions"})
        return rest[:-1] + b',"actions":[' + actions + b"]}"


def _entry(game: Game, action: Action) -> dict[str, Any]:
    return {"action": action.to_dict(), "command": command_of(game, action)}


def _reason(d: Pending) -> str | None:
    """The one typed detail a decision carries (what a debt is for, the building to place, the
    deck of a pay-or-draw, why the Offline token moves), as the protocol's ``reason`` text."""
    for detail in (d.debt_for, d.building, d.deck, d.offline_cause):
        if detail is not None:
            return str(detail)
    return None
