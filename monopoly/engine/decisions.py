"""Who is asked what: the one table of decision kinds, and the checks every rule module shares
about the pending decision.

``DECISIONS`` states, for each kind of decision the game can wait for, the action types that
answer it, the candidate answers that ``Game.legal_actions`` checks, the safe default answer
(``View.safe_action``) and the description used in messages. Everything else that needs to know
which actions answer which decision (the computer players' controller, the strategies' table of
methods, the screen) reads it here.

A verb answering a decision (a throw, a purchase, a trade answer ...) is refused unless that
decision is pending and asked of the player taking it; the reason says what the game waits for.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Protocol

from . import actions as A
from . import holdings as H
from .codes import AuctionItem, DecisionKind as K
from .editions import Edition
from .state import Decision
from .table import Table

BOARD = 40


class Asker(Protocol):
    """What a safe default answer reads of the game: the questions of the read view it asks
    (``View``, which sits above this table and answers them)."""

    @property
    def edition(self) -> Edition: ...
    def is_legal(self, action: A.Action) -> bool: ...
    def owned(self, player: int | None = None) -> list[int]: ...
    def level(self, square: int) -> int: ...
    def mortgaged(self, square: int) -> bool: ...


class Asked(Protocol):
    """What a description needs of a decision: the engine's ``Decision`` or a frozen ``Pending``."""

    @property
    def kind(self) -> K: ...
    @property
    def player(self) -> int: ...
    @property
    def square(self) -> int: ...
    @property
    def amount(self) -> int: ...
    @property
    def building(self) -> AuctionItem | None: ...


@dataclass(frozen=True)
class DecisionRule:
    """What the rules say about one kind of decision.

    ``answers``: the action types that answer it (any other action taken meanwhile is an any-time
    action: a claim, a sale, a mortgage, an offer). ``candidates(game, decision)``: the concrete
    answers ``legal_actions`` checks, in the order it lists them (a bid at the smallest raise;
    the sales and mortgages that raise a debt come from the any-time candidates). ``default(view,
    seat, decision)``: the safe answer, which never does anything rash (it is checked for legality
    by ``View.safe_action``). ``text``: the description, with ``{name}`` (who decides),
    ``{square}``, ``{amount}`` (as money) and ``{building}`` filled in.
    """

    kind: K
    answers: tuple[type[A.Action], ...]
    candidates: Callable[[Table, Decision], list[A.Action]]
    default: Callable[[Asker, int, Decision], A.Action | None]
    text: str


def _none(g: Table, d: Decision) -> list[A.Action]:
    return []


def _no_default(v: Asker, seat: int, d: Decision) -> A.Action | None:
    return None


def _auction_bids(g: Table, d: Decision) -> list[A.Action]:
    a = d.auction
    if a is None:
        return []
    high = a.high_bid
    return [x for b in a.bidders for x in (A.Bid(b, high + 1), A.PassBid(b))]


def _offline_squares(g: Table, d: Decision) -> list[A.Action]:
    return [A.MoveOffline(d.player, s) for s in g.edition.properties]


def _building_sites(g: Table, d: Decision) -> list[A.Action]:
    return [A.Build(d.player, s) for s in H.owned(g.state, d.player)]


def _first_legal(v: Asker, actions: Iterable[A.Action]) -> A.Action | None:
    for action in actions:
        if v.is_legal(action):
            return action
    return None


def _raise_default(v: Asker, seat: int, d: Decision) -> A.Action | None:
    owned = v.owned(seat)
    return (_first_legal(v, (A.SellBuilding(seat, s) for s in owned if v.level(s)))
            or _first_legal(v, (A.Mortgage(seat, s) for s in owned if not v.mortgaged(s)))
            or A.DeclareBankruptcy(seat))


DECISIONS: dict[K, DecisionRule] = {rule.kind: rule for rule in (
    DecisionRule(K.ROLL, (A.Roll, A.PayJailFine, A.UseJailCard),
                 lambda g, d: [A.Roll(d.player), A.PayJailFine(d.player), A.UseJailCard(d.player)],
                 lambda v, seat, d: A.Roll(seat), "{name} to throw the dice"),
    DecisionRule(K.BUY, (A.Buy, A.DeclineToBuy),
                 lambda g, d: [A.Buy(d.player), A.DeclineToBuy(d.player)],
                 lambda v, seat, d: A.DeclineToBuy(seat), "{name} to buy {square} or let it go to auction"),
    DecisionRule(K.AUCTION, (A.Bid, A.PassBid), _auction_bids,
                 lambda v, seat, d: A.PassBid(seat), "the bids in an auction"),
    DecisionRule(K.INCOME_TAX, (A.PayIncomeTax,),
                 lambda g, d: [A.PayIncomeTax(d.player, False), A.PayIncomeTax(d.player, True)],
                 lambda v, seat, d: A.PayIncomeTax(seat, False), "{name} to choose how to pay income tax"),
    DecisionRule(K.PAY_OR_DRAW, (A.PayOrDraw,),
                 lambda g, d: [A.PayOrDraw(d.player, False), A.PayOrDraw(d.player, True)],
                 lambda v, seat, d: A.PayOrDraw(seat, False), "{name} to pay the fine or take a card"),
    DecisionRule(K.RAISE_FUNDS, (A.SellBuilding, A.Mortgage, A.DeclareBankruptcy),
                 lambda g, d: [A.DeclareBankruptcy(d.player)], _raise_default, "{name} to raise {amount}"),
    DecisionRule(K.TRADE_RESPONSE, (A.AcceptTrade, A.RejectTrade),
                 lambda g, d: [A.AcceptTrade(d.player), A.RejectTrade(d.player)],
                 lambda v, seat, d: A.RejectTrade(seat), "{name} to answer a trade offer"),
    DecisionRule(K.MORTGAGED_TRANSFER, (A.SettleMortgagedTransfer,),
                 lambda g, d: [A.SettleMortgagedTransfer(d.player, d.square, True),
                               A.SettleMortgagedTransfer(d.player, d.square, False)],
                 lambda v, seat, d: A.SettleMortgagedTransfer(seat, d.square, False),
                 "{name} to lift or keep the mortgage on {square}"),
    DecisionRule(K.MOVE_OFFLINE, (A.MoveOffline,),
                 _offline_squares,
                 lambda v, seat, d: _first_legal(v, (A.MoveOffline(seat, s) for s in v.edition.properties)),
                 "{name} to move the Offline token"),
    DecisionRule(K.PLACE_BUILDING, (A.Build,),
                 _building_sites,
                 lambda v, seat, d: _first_legal(v, (A.Build(seat, s) for s in v.owned(seat))),
                 "{name} to place a {building}"),
    DecisionRule(K.GAME_OVER, (), _none, _no_default, "nothing: the game is over"),
)}
_missing = set(K) - set(DECISIONS)
assert not _missing, f"decision kinds without a rule: {_missing}"

ANSWER_TYPES: dict[K, tuple[type[A.Action], ...]] = {kind: rule.answers for kind, rule in DECISIONS.items()}
"""The action types that answer each decision kind (``DecisionRule.answers``), for quick lookups."""


def pending_problem(g: Table, kind: K, player: int) -> str | None:
    """Why ``player`` may not answer a ``kind`` decision now, or None when it is theirs to take."""
    d = g.waiting()
    if d.kind != kind:
        return f"that is not possible now: the game is waiting for {describe_decision(g, d)}"
    if d.player != player:
        players = g.state.players
        return f"it is {players[d.player].name}'s decision, not {players[player].name}'s"
    return None


def square_problem(square: object) -> str | None:
    """Why ``square`` names no square of the board, or None."""
    if not isinstance(square, int) or isinstance(square, bool) or not 0 <= square < BOARD:
        return f"there is no square {square!r}"
    return None


def describe_decision(game: Table, d: Asked) -> str:
    """A short description of a pending decision (the engine's or a frozen ``Pending``), for messages."""
    players = game.state.players
    name = players[d.player].name if 0 <= d.player < len(players) else "nobody"
    sq = game.edition.squares[d.square].name if 0 <= d.square < BOARD else ""
    rule = DECISIONS.get(d.kind)
    if rule is None:
        return str(d.kind)
    return rule.text.format(name=name, square=sq, amount=game.edition.money(d.amount), building=d.building or "")
