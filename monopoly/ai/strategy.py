"""The interface of a computer player's strategy, and the safe answers used when one fails.

A strategy answers one kind of decision per method and may act at any time through
``act_anytime``. Every method gets a read-only ``GameView`` (the engine's view for its seat)
and, for a decision, a frozen ``Pending`` copy of it, and returns an engine action for its own
seat. ``ComputerPlayers`` checks every answer: an answer that is illegal, or a method that
raises, is logged (logger ``monopoly.ai``) and replaced by the engine's safe default answer
(``safe_answer``). A method may also return an any-time action (a mortgage before a bid, say)
instead of the answer; it is then asked again.

The base class answers every decision safely and never acts at any time, so a new strategy
overrides only what it wants to play differently. See ``docs/strategies.md``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from ..engine import (DECISIONS, Action, DecisionKind as K, DeclineToBuy, PassBid, PayIncomeTax, PayOrDraw, ProposeTrade,
                      RejectTrade, Roll, SettleMortgagedTransfer, View)
from .tactics import planned_builds
from .view import Claim, GameView, Offer, Pending

__all__ = ["Strategy", "TradeReply", "safe_answer", "ANSWERS"]


@dataclass(frozen=True)
class TradeReply:
    """A computer's answer to a trade offer as the person who made it is told: accepted or not,
    why (``reason``, a few plain words), and the counter-offer it made instead, if any."""
    proposer: int
    recipient: int
    accepted: bool
    reason: str
    counter: ProposeTrade | None = None


class Quiet(NamedTuple):
    """A strategy's promise that it has nothing to do for a while (``Strategy.quiet``): while the
    holdings keep ``version``, its cash stays below ``cash`` and the turn is before ``until``,
    ``act_anytime`` answers None at every point but the start of its own throws and of the throws
    of the players in ``wake``."""

    version: int
    cash: int
    wake: frozenset[int] = frozenset()
    until: int = 1 << 62

    def holds(self, version: int, cash: int, thrower: int | None, turn: int) -> bool:
        """Whether the promise holds at a point of holdings ``version``, this cash and ``turn``, at the
        start of ``thrower``'s throw (None: a point that is not the start of a throw)."""
        return version == self.version and cash < self.cash and turn < self.until and thrower not in self.wake


class Strategy:
    """Base class of strategies. Subclasses set ``name`` and override decision methods.

    ``seat`` is the player this strategy plays; ``rng`` its own ``random.Random``, seeded from
    the game's seed and the seat (never use the global ``random`` module: games must replay).
    """

    name: ClassVar[str] = ""
    description: ClassVar[str] = ""
    acts_on_others_turns: ClassVar[bool] = True
    """Whether ``act_anytime`` is also asked at the start of other players' throws (not only at
    this seat's own decisions). A strategy that only ever acts on its own turn sets it False."""

    mannered: ClassVar[bool] = True
    """Whether ``ComputerPlayers`` holds this strategy's trade offers to the table's manners
    (``manners.py``: not too often, no refusal repeated, no deed sent back, no absurd price). Only a
    benchmark opponent that plays a published recipe as written sets it False."""

    def __init__(self, seat: int, rng: random.Random) -> None:
        self.seat = seat
        self.rng = rng
        self.quiet: Quiet | None = None
        """A promise the strategy may make to save the controller asking (``Quiet``): a
        ``holdings_version`` and an amount of cash such that, while the holdings keep that version
        and its cash stays below that amount, ``act_anytime`` would answer None at every point but
        the start of its own throws (and of the players it names to wake it). None (the default)
        promises nothing."""

    # ------------------------------------------------------------ decisions (one per kind)
    def jail(self, view: GameView, ask: Pending) -> Action:
        """In jail at the start of a turn: ``Roll`` for doubles, ``PayJailFine`` or ``UseJailCard``."""
        return Roll(self.seat)

    def buy(self, view: GameView, ask: Pending) -> Action:
        """Landed on ``ask.square`` (price ``ask.amount``): ``Buy``, or ``DeclineToBuy`` for an auction."""
        return DeclineToBuy(self.seat)

    def bid(self, view: GameView, ask: Pending) -> Action:
        """Asked for a bid in ``ask.auction``: ``Bid(amount)`` above the high bid, or ``PassBid`` (for good)."""
        return PassBid(self.seat)

    def income_tax(self, view: GameView, ask: Pending) -> Action:
        """``PayIncomeTax(percent=False)`` for the flat ``ask.amount``, or ``True`` for the percentage."""
        return PayIncomeTax(self.seat, False)

    def pay_or_draw(self, view: GameView, ask: Pending) -> Action:
        """Pay the fine ``ask.amount`` (``PayOrDraw(draw=False)``) or draw from deck ``ask.deck``."""
        return PayOrDraw(self.seat, False)

    def raise_funds(self, view: GameView, ask: Pending) -> Action:
        """Owe ``ask.amount`` to ``ask.creditor`` with too little cash: ``SellBuilding``, ``Mortgage``,
        a ``ProposeTrade`` (perhaps ``settle_debt``), or ``DeclareBankruptcy`` when nothing is left.
        Asked again until the debt is paid."""
        return safe_answer(view, ask)

    def answer_trade(self, view: GameView, ask: Pending) -> Action:
        """An offer ``ask.offer`` was made to this seat: ``AcceptTrade`` or ``RejectTrade``."""
        return RejectTrade(self.seat)

    def mortgaged_transfer(self, view: GameView, ask: Pending) -> Action:
        """Received mortgaged ``ask.square``: ``SettleMortgagedTransfer(square, lift=True)`` to lift it
        now, or ``lift=False`` to pay the interest only."""
        return SettleMortgagedTransfer(self.seat, ask.square, False)

    def move_offline(self, view: GameView, ask: Pending) -> Action:
        """.com Offline rule: ``MoveOffline(square)`` onto another title-deed square."""
        return safe_answer(view, ask)

    def place_building(self, view: GameView, ask: Pending) -> Action:
        """Won a building auction: ``Build(square)`` where the ``ask.building`` (a house or a hotel) goes."""
        return safe_answer(view, ask)

    # ------------------------------------------------------------ any time
    def act_anytime(self, view: GameView) -> Action | None:
        """Build, sell, mortgage, lift a mortgage, propose a trade or claim rent; None to do nothing.

        Called at this seat's own decisions and (unless ``acts_on_others_turns`` is False) at the
        start of every throw; called again after each action it returns, a limited number of times
        per decision.
        """
        return None

    def building_order(self, view: GameView, hotels: bool) -> int:
        """How many houses (hotels, with ``hotels``) this seat would buy right now if the bank had
        them: its order when several players want more buildings than the bank holds and the rest
        are auctioned. 0 orders nothing. ``ComputerPlayers`` caps the answer at what its groups can take.

        By default: as many as its cash pays for at printed cost, built evenly
        (``tactics.planned_builds``); nothing for a strategy that never acts at any time, since it
        never builds.
        """
        if type(self).act_anytime is Strategy.act_anytime:
            return 0
        return planned_builds(view, hotels, view.cash())

    def claim_rent(self, view: GameView, claim: Claim) -> bool:
        """Claim this rent? Asked once per claim, as soon as it falls due."""
        return True

    def trade_reason(self, view: GameView, offer: Offer, accepted: bool) -> str:
        """A short reason in plain words for the answer just given to ``offer`` (shown to the
        person who made it). Asked right after ``answer_trade``; by default a plain statement."""
        return "it likes the deal" if accepted else "it does not want that deal"

    def counter_offer(self, view: GameView, offer: Offer) -> ProposeTrade | None:
        """After refusing ``offer`` (from a person), a trade this seat would accept instead, made to
        the proposer as an offer of its own; None for no counter-offer (the default)."""
        return None

    def trade_answered(self, view: GameView, offer: Offer, accepted: bool) -> None:
        """Told how an offer this seat proposed was answered."""

    def trade_seen(self, view: GameView, offer: Offer, accepted: bool) -> None:
        """Told how an offer another computer proposed was answered (everyone at the table sees
        offers and answers). Nothing by default."""

    # ------------------------------------------------------------ saving
    def memory(self) -> dict[str, Any]:
        """Anything worth keeping in a saved game, as JSON-compatible data."""
        return {}

    def restore(self, memory: dict[str, Any]) -> None:
        """Take back what ``memory`` returned."""


_METHODS = {K.AUCTION: "bid", K.TRADE_RESPONSE: "answer_trade"}
ANSWERS: dict[K, str] = {kind: _METHODS.get(kind, kind.value) for kind in DECISIONS if kind not in (K.ROLL, K.GAME_OVER)}
"""The ``Strategy`` method that answers each decision kind (``roll`` goes to ``jail`` when jailed)."""


def safe_answer(view: View, ask: Pending) -> Action:
    """The engine's one safe default answer to ``ask`` (``View.safe_action``): the fallback for a
    failed strategy, and what the base class answers where it has no plan of its own.

    Rolls, declines, passes, pays the flat tax and fines, keeps mortgages, refuses offers, raises
    a debt by selling buildings then mortgaging, and declares bankruptcy only when nothing is left.
    """
    answer = view.safe_action(ask.player)
    if answer is None:
        raise ValueError(f"there is no safe answer to a {ask.kind} decision of player {ask.player} now")
    return answer
