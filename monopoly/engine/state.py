"""Everything about a game that changes, as plain data.

The state holds numbers, strings and lists only (no edition objects, no dice, no callbacks), so
it serialises to JSON as it is and a copy is a faithful snapshot. The rules that act on it live
in ``game.py`` and its helpers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from .codes import AuctionItem, Code, DecisionKind, OfflineCause, PaymentReason, Phase, Termination

__all__ = ["AuctionItem", "AuctionState", "Code", "Decision", "DecisionKind", "GameState", "NOBODY", "Outcome",
           "PaymentReason", "Phase", "PlayerState", "RentClaim", "Termination", "TradeOffer", "TurnState", "UNSAVED"]

UNSAVED = {"saved": False}
"""Metadata of a field that is not part of the saved state (``serial.to_plain`` leaves it out and
``from_plain`` leaves it at its default)."""

NOBODY = -1  # owner of an unowned square; also "no player" in optional player fields


@dataclass
class PlayerState:
    name: str
    cash: int
    position: int = 0
    in_jail: bool = False
    jail_turns: int = 0
    jail_cards: list[str] = field(default_factory=list)
    bankrupt: bool = False


@dataclass
class TradeOffer:
    proposer: int
    recipient: int
    give: list[int] = field(default_factory=list)
    take: list[int] = field(default_factory=list)
    cash: int = 0
    give_cards: list[str] = field(default_factory=list)
    take_cards: list[str] = field(default_factory=list)
    settle_debt: bool = False


@dataclass
class AuctionState:
    item: AuctionItem
    square: int = NOBODY
    high_bid: int = 0
    high_bidder: int = NOBODY
    bidders: list[int] = field(default_factory=list)  # still in, in asking order
    asking: int = 0  # index into bidders of the player asked next

    @property
    def decided(self) -> bool:
        """Nobody is left to outbid the high bidder (or nobody is left at all): time to close it."""
        return set(self.bidders) <= {self.high_bidder}


@dataclass
class Decision:
    """A decision the game is waiting for. Only the fields its kind uses are set.

    ``reason`` is saved as one text whose meaning depends on the kind; the engine reads it through
    the typed properties (``debt_for``, ``building``, ``deck``, ``offline_cause``). ``serial``
    numbers the decision in its game (``Table.numbered`` gives it one when a client first sees it);
    it is not saved.
    """

    kind: DecisionKind
    player: int
    square: int = NOBODY
    amount: int = 0
    creditor: int = NOBODY
    reason: str = ""
    trade: TradeOffer | None = None
    auction: AuctionState | None = None
    serial: int = field(default=0, compare=False, metadata=UNSAVED)

    @property
    def debt_for(self) -> PaymentReason | None:
        """What a debt (``raise_funds``) is for."""
        return PaymentReason(self.reason) if self.kind == DecisionKind.RAISE_FUNDS else None

    @property
    def building(self) -> AuctionItem | None:
        """The building bought at auction to place (``place_building``): a house or a hotel."""
        return AuctionItem(self.reason) if self.kind == DecisionKind.PLACE_BUILDING else None

    @property
    def deck(self) -> str | None:
        """The deck a card may be taken from instead of paying (``pay_or_draw``)."""
        return self.reason if self.kind == DecisionKind.PAY_OR_DRAW else None

    @property
    def offline_cause(self) -> OfflineCause | None:
        """Why the Offline token moves (``move_offline``)."""
        return OfflineCause(self.reason) if self.kind == DecisionKind.MOVE_OFFLINE and self.reason else None


@dataclass
class RentClaim:
    id: int
    owner: int
    payer: int
    square: int
    amount: int
    turn: int  # the turn number in which the rent fell due


@dataclass
class TurnState:
    player: int = 0
    number: int = 1
    phase: Phase = Phase.AWAIT_ROLL
    doubles: int = 0  # doubles thrown so far this turn
    again: bool = False  # the player throws again when the move is resolved
    dice_total: int = 0  # the last throw that moved the player (for utility rent)
    steps: int = 0  # a move still to make once a debt is paid (leaving jail on a forced fine)
    offline_moves: int = 0  # Offline-token moves owed by the roller (one per doubles)


@dataclass
class Outcome:
    termination: Termination
    winner: int  # NOBODY when nobody wins
    values: list[int] = field(default_factory=list)


@dataclass
class GameState:
    edition: str
    players: list[PlayerState]
    owner: list[int]
    mortgaged: list[bool]
    houses: list[int]
    hotel: list[bool]
    bank_houses: int
    bank_hotels: int
    decks: list[list[int]]  # card indices, top first, for chance and community chest
    turn: TurnState = field(default_factory=TurnState)
    stack: list[Decision] = field(default_factory=list)
    claims: list[RentClaim] = field(default_factory=list)
    next_claim: int = 1
    bank_paid_in: int = 0
    bank_paid_out: int = 0
    offline_square: int = 0
    clock_seconds: int = 0
    time_up: bool = False
    building_orders: list[list[int]] = field(default_factory=list)  # [player, still wanted]
    building_order_hotels: bool = False
    outcome: Outcome | None = None
    pot: int = 0  # the Free Parking jackpot (rule option free_parking_pot): money off the bank's books
