"""What the others did since a person's last turn, worked out once from the game's events.

Both front ends show it when a person's turn starts (the curses screen keeps only the last ten
or so messages in view, and the text mode with Fastmove leaves a computer's routine moves
untold): for each other player, their throws and where they ended (a throw in jail said as one,
with whether it got them out), purchases, rent paid and
received, money moved by Chance and Community Chest cards, tax, buildings put up and sold,
mortgages, trades and jail. ``since_last_turn`` reads the
events; ``words.since_lines`` says them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from ..engine import BANK, Offer, PaymentReason
from ..engine import events as E


@dataclass
class Doings:
    """What one player did in a stretch of the game."""

    player: int
    throws: list[tuple[int, int | None]] = field(default_factory=list)  # (total, square it ended on)
    # throws made in jail, by their index in ``throws``: "stayed" (no doubles), "doubles" (out by
    # them) or "fined" (no doubles at the last try: the fine paid, out)
    in_jail: dict[int, str] = field(default_factory=dict)
    bought: list[tuple[int, int]] = field(default_factory=list)  # (square, price): bought from the bank
    won: list[tuple[int, int]] = field(default_factory=list)  # (square, bid): won at auction
    rent_paid: dict[int, int] = field(default_factory=dict)  # owner: amount
    rent_received: int = 0
    houses: int = 0
    hotels: int = 0
    building_cost: int = 0
    sold: int = 0  # buildings sold back
    mortgaged: list[int] = field(default_factory=list)
    lifted: list[int] = field(default_factory=list)
    trades: list[Offer] = field(default_factory=list)  # accepted trades it proposed or answered
    jailed: bool = False
    bankrupt: bool = False
    # money a Chance or Community Chest card moved: by card drawn (its number in the stretch), the
    # deck, who drew it and the amount (received positive, paid negative); tax paid to the bank
    cards: dict[int, tuple[str, int, int]] = field(default_factory=dict)
    tax: int = 0

    @property
    def anything(self) -> bool:
        return bool(self.throws or self.bought or self.won or self.rent_paid or self.rent_received or self.houses
                    or self.hotels or self.sold or self.mortgaged or self.lifted or self.trades or self.jailed
                    or self.bankrupt or self.tax or any(amount for _, _, amount in self.cards.values()))


@dataclass(frozen=True)
class SinceLastTurn:
    """What each other player did since ``person``'s last turn, in the order they played."""

    person: int
    first: bool  # the person's first turn: since the game began
    doings: tuple[Doings, ...]
    # the person's own rent claims that lapsed meanwhile, (payer, amount): on the curses screen the
    # line that said so may have scrolled away before the person looked
    lapsed: tuple[tuple[int, int], ...] = ()


def _stretch(log: Sequence[E.Event], person: int) -> tuple[int, int, bool] | None:
    """(start, end, first) of the events since ``person``'s last turn: from the first turn of
    another player after it to ``person``'s turn now (the last ``TurnStarted`` of theirs in ``log``)."""
    now = None
    for i in range(len(log) - 1, -1, -1):
        ev = log[i]
        if isinstance(ev, E.TurnStarted) and ev.player == person:
            if now is None:
                now = i
                continue
            start = next((j for j in range(i + 1, now) if isinstance(log[j], E.TurnStarted)), now)
            return start, now, False
    if now is None:
        return None
    start = next((j for j in range(now) if isinstance(log[j], E.TurnStarted)), now)
    return start, now, True


def since_last_turn(log: Sequence[E.Event], person: int, players: int) -> SinceLastTurn | None:
    """What the other players did between ``person``'s last turn and the turn of theirs that has just
    started (the last ``TurnStarted`` for them in ``log``); None when nobody did anything (or that
    turn has not started)."""
    stretch = _stretch(log, person)
    if stretch is None:
        return None
    start, end, first = stretch
    doings = {p: Doings(p) for p in range(players) if p != person}
    order: list[int] = []
    offers: dict[tuple[int, int], Offer] = {}
    last_throw: dict[int, int] = {}  # player: index of their last throw in their throws
    lapsed: list[tuple[int, int]] = []

    def of(p: int) -> Doings | None:
        d = doings.get(p)
        if d is not None and p not in order:
            order.append(p)
        return d

    drawn: tuple[int, str, int] | None = None  # the last card drawn: its number, deck and drawer
    cards_drawn = 0

    for ev in log[start:end]:
        if isinstance(ev, E.TurnStarted):
            of(ev.player)
            drawn = None
        elif isinstance(ev, E.CardDrawn):
            cards_drawn += 1
            drawn = (cards_drawn, ev.deck, ev.player)
        elif isinstance(ev, E.Paid) and ev.reason in (PaymentReason.CARD, PaymentReason.REPAIRS) and drawn is not None:
            for p, sign in ((ev.payer, -1), (ev.payee, 1)):
                d = of(p) if p != BANK else None
                if d is not None:
                    deck, drawer, amount = d.cards.get(drawn[0], (drawn[1], drawn[2], 0))
                    d.cards[drawn[0]] = (deck, drawer, amount + sign * ev.amount)
        elif isinstance(ev, E.Paid) and ev.reason == PaymentReason.TAX:
            d = of(ev.payer) if ev.payer != BANK else None
            if d is not None:
                d.tax += ev.amount
        elif isinstance(ev, E.DiceRolled) and ev.purpose != "utility":
            d = of(ev.player)
            if d is not None:
                d.throws.append((sum(ev.dice), None))
                last_throw[ev.player] = len(d.throws) - 1
                if ev.purpose == "jail":
                    d.in_jail[last_throw[ev.player]] = "stayed"
        elif isinstance(ev, E.LeftJail) and ev.how in ("doubles", "forced_fine"):
            d = doings.get(ev.player)
            k = last_throw.get(ev.player)
            if d is not None and k is not None and k in d.in_jail:
                d.in_jail[k] = "doubles" if ev.how == "doubles" else "fined"
        elif isinstance(ev, E.Landed):
            d = doings.get(ev.player)
            if d is not None and ev.player in last_throw:
                k = last_throw[ev.player]
                d.throws[k] = (d.throws[k][0], ev.square)
        elif isinstance(ev, E.SentToJail):
            d = of(ev.player)
            if d is not None:
                d.jailed = True
        elif isinstance(ev, E.Bought):
            d = of(ev.player)
            if d is not None:
                d.bought.append((ev.square, ev.price))
        elif isinstance(ev, E.AuctionWon):
            d = of(ev.player)
            if d is not None:
                if ev.item == "square":
                    d.won.append((ev.square, ev.amount))
                else:  # a scarce house or hotel: its price now, placed by a BuildingBought of no cost
                    d.building_cost += ev.amount
        elif isinstance(ev, E.Paid) and ev.reason == "rent":
            payer, payee = of(ev.payer), of(ev.payee)
            if payer is not None:
                payer.rent_paid[ev.payee] = payer.rent_paid.get(ev.payee, 0) + ev.amount
            if payee is not None and ev.payer != BANK:
                payee.rent_received += ev.amount
        elif isinstance(ev, E.BuildingBought):
            d = of(ev.player)
            if d is not None:
                if ev.hotel:
                    d.hotels += 1
                else:
                    d.houses += 1
                d.building_cost += ev.cost
        elif isinstance(ev, E.BuildingSold):
            d = of(ev.player)
            if d is not None:
                d.sold += 1
        elif isinstance(ev, E.Mortgaged):
            d = of(ev.player)
            if d is not None:
                d.mortgaged.append(ev.square)
        elif isinstance(ev, E.MortgageLifted):
            d = of(ev.player)
            if d is not None:
                d.lifted.append(ev.square)
        elif isinstance(ev, E.TradeProposed):
            offers[(ev.proposer, ev.recipient)] = Offer(
                ev.proposer, ev.recipient, tuple(ev.give), tuple(ev.take), ev.cash, tuple(ev.give_cards),
                tuple(ev.take_cards), ev.settle_debt)
        elif isinstance(ev, E.TradeAnswered) and ev.accepted:
            offer = offers.pop((ev.proposer, ev.recipient), None)
            if offer is not None:
                for p in (ev.proposer, ev.recipient):
                    d = of(p)
                    if d is not None and offer not in d.trades:
                        d.trades.append(offer)
        elif isinstance(ev, E.Bankrupt):
            d = of(ev.player)
            if d is not None:
                d.bankrupt = True
        elif isinstance(ev, E.RentLapsed) and ev.owner == person:
            lapsed.append((ev.payer, ev.amount))
    shown = tuple(doings[p] for p in order if doings[p].anything)
    if not shown and not lapsed:
        return None
    return SinceLastTurn(person, first, shown, tuple(lapsed))
