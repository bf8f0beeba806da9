"""Measured manners (issue 37, item 5): how a computer player treats a seat that never trades.

A person stops to read every offer, so an offer is an interruption that must earn its place. The
issue measures four things at a table of three computers of one strategy and one seat that never
trades (played by the ``hoarder`` benchmark opponent, which refuses every offer and proposes none, but
seated as a person is: by a controller of its own, so the computers see a seat none of theirs plays),
counted from
the game's own events (``TurnStarted``, ``TradeProposed``, ``TradeAnswered`` and the changes of
owner: ``Bought``, ``AuctionWon``, ``PropertyTransferred``):

- **offers to that seat per 100 of its turns** (target: at most 10);
- **repeats**: the share of those offers that repeat one the seat already refused. An offer is a
  repeat when the same proposer offered the same recipient the same deeds both ways (whatever the
  cash and the jail cards) and was refused, and none of those deeds has changed hands since that
  refusal: the same question asked again about the same holdings (target: at most 5%);
- **lopsided asks**: the share of those offers that ask more than twice the *printed value* of
  what the seat would get. Printed value: a deed's price, or its mortgage value if it is mortgaged
  when offered; cash at face value; a Get Out of Jail Free card at ``JAIL_CARD`` ($50). What the
  seat gives is compared with what it gets; an offer that gives it nothing and asks something is
  lopsided (target: at most 10%);
- **undone sales**: a deed sold in an accepted trade between two computers that comes back to its
  seller by trade (bought back, or passed on round the table) within ``WINDOW`` (10) of the game's
  turns; counted per game, and the target is that at most 1 game in 10 has one.

``MannersCounter`` counts one game from its events (the tests feed it scripted events);
``measure`` plays the seeded games and adds them up. ``benchmarks/bench_ai_strength.py --only
manners`` prints the table and ``tests/test_ai_manners.py`` holds the targets.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable

from ..ai.players import ComputerPlayers
from ..engine import AuctionItem, Event
from ..engine import events as E
from .tournament import game_seed, start_game

JAIL_CARD = 50
WINDOW = 10
NEVER_TRADES = "hoarder"
TARGETS = {"offers_per_100": 10.0, "repeat_share": 0.05, "lopsided_share": 0.10, "undone_games_share": 0.10}
"""The issue's targets: offers per 100 of the seat's turns, and the three shares, at most."""

OfferKey = tuple[int, int, frozenset[int], frozenset[int]]


def offer_key(proposer: int, recipient: int, give: Iterable[int], take: Iterable[int]) -> OfferKey:
    """What makes two offers the same question: who asks whom, and the deeds both ways."""
    return (proposer, recipient, frozenset(give), frozenset(take))


@dataclass
class MannersCount:
    """The counts of one game or of many added up (``add``); the shares are worked out from them."""
    games: int = 0
    seat_turns: int = 0
    offers: int = 0
    repeats: int = 0
    lopsided: int = 0
    sales: int = 0
    undone: int = 0
    games_undone: int = 0
    turn_limit: int = 0

    def add(self, other: "MannersCount") -> None:
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    @property
    def offers_per_100(self) -> float:
        return 100.0 * self.offers / self.seat_turns if self.seat_turns else 0.0

    @property
    def repeat_share(self) -> float:
        return self.repeats / self.offers if self.offers else 0.0

    @property
    def lopsided_share(self) -> float:
        return self.lopsided / self.offers if self.offers else 0.0

    @property
    def undone_games_share(self) -> float:
        return self.games_undone / self.games if self.games else 0.0

    def missed(self) -> list[str]:
        """The targets this count misses, in words (empty: all met)."""
        out = []
        for name, limit in TARGETS.items():
            value = getattr(self, name)
            if value > limit:
                out.append(f"{name} {value:.3g} > {limit:g}")
        return out


@dataclass
class MannersCounter:
    """Counts one game's manners towards ``seat`` from its events, in order (see the module docstring).

    ``deed_value(square)`` is the printed value of a deed as it stands when an offer is made (its
    mortgage value when mortgaged): asked while the offer's events are fed, before anything else
    happens. ``computers`` are the seats whose trades between them count as sales.
    """
    seat: int
    computers: frozenset[int]
    deed_value: Callable[[int], int]
    window: int = WINDOW
    count: MannersCount = field(default_factory=MannersCount)
    _turn: int = 0
    _step: int = 0
    _changed: dict[int, int] = field(default_factory=dict)  # square -> step of its last change of owner
    _refused: dict[OfferKey, int] = field(default_factory=dict)  # offer -> step of its last refusal
    _open: E.TradeProposed | None = None
    _sales: dict[int, list[tuple[int, int]]] = field(default_factory=dict)  # square -> [(seller, turn)]

    def start(self, turn: int, player: int) -> None:
        """The game's first turn, which began before the events fed: ``turn``, ``player``'s."""
        self._turn = turn
        if player == self.seat:
            self.count.seat_turns += 1

    def feed(self, events: Iterable[Event]) -> None:
        for event in events:
            self._step += 1
            if isinstance(event, E.TurnStarted):
                self._turn = event.turn
                if event.player == self.seat:
                    self.count.seat_turns += 1
            elif isinstance(event, E.TradeProposed):
                self._proposed(event)
            elif isinstance(event, E.TradeAnswered):
                self._answered(event)
            elif isinstance(event, E.PropertyTransferred):
                self._changed[event.square] = self._step
            elif isinstance(event, E.Bought):
                self._changed[event.square] = self._step
            elif isinstance(event, E.AuctionWon) and event.item == AuctionItem.SQUARE:
                self._changed[event.square] = self._step

    def _proposed(self, e: E.TradeProposed) -> None:
        self._open = e
        if e.recipient != self.seat:
            return
        c = self.count
        c.offers += 1
        refused = self._refused.get(offer_key(e.proposer, e.recipient, e.give, e.take))
        if refused is not None and all(self._changed.get(s, 0) < refused for s in (*e.give, *e.take)):
            c.repeats += 1
        gets = sum(self.deed_value(s) for s in e.give) + max(0, e.cash) + JAIL_CARD * len(e.give_cards)
        gives = sum(self.deed_value(s) for s in e.take) + max(0, -e.cash) + JAIL_CARD * len(e.take_cards)
        if gives > 2 * gets:
            c.lopsided += 1

    def _answered(self, e: E.TradeAnswered) -> None:
        offer, self._open = self._open, None
        if offer is None or (offer.proposer, offer.recipient) != (e.proposer, e.recipient):
            return
        if not e.accepted:
            self._refused[offer_key(offer.proposer, offer.recipient, offer.give, offer.take)] = self._step
            return
        if offer.proposer not in self.computers or offer.recipient not in self.computers:
            return
        for square in offer.give:
            self._sold(square, offer.proposer, offer.recipient)
        for square in offer.take:
            self._sold(square, offer.recipient, offer.proposer)

    def _sold(self, square: int, seller: int, buyer: int) -> None:
        c = self.count
        c.sales += 1
        recent = [(s, t) for s, t in self._sales.get(square, []) if self._turn - t <= self.window]
        if any(s == buyer for s, _ in recent):
            c.undone += 1
            recent = [(s, t) for s, t in recent if s != buyer]
        recent.append((seller, self._turn))
        self._sales[square] = recent

    def finish(self, turn_limit: bool) -> MannersCount:
        """The game's count, once it is over."""
        c = self.count
        c.games = 1
        c.games_undone = 1 if c.undone else 0
        c.turn_limit = 1 if turn_limit else 0
        return c


def play_manners_game(strategy: str, index: int, edition: str = "us", seed: int = 1,
                      max_turns: int = 1000) -> MannersCount:
    """Game ``index``: three ``strategy`` computers and the seat that never trades, which sits in
    seat ``index % 4`` (so every seat in turn), played to its end and counted."""
    seat = index % 4
    seats = [NEVER_TRADES if s == seat else strategy for s in range(4)]
    gseed = game_seed(seed, index)
    game = start_game(seats, edition, gseed, max_turns)
    # The seat that never trades stands for a person: the table's computers are one controller and
    # it another, so the computers see a seat no computer of theirs plays, as they would a person.
    computers = ComputerPlayers(game, {s: name for s, name in enumerate(seats) if s != seat}, seed=gseed)
    person = ComputerPlayers(game, {seat: NEVER_TRADES}, seed=gseed)
    view = game.view
    squares = game.edition.squares

    def deed_value(square: int) -> int:
        return squares[square].mortgage if view.mortgaged(square) else squares[square].price

    counter = MannersCounter(seat, frozenset(s for s in range(4) if s != seat), deed_value)
    counter.start(view.turn, view.current_player)  # the first turn began before any event we see
    while True:
        action = computers.next_action(game) or person.next_action(game)
        if action is None:
            break
        counter.feed(game.push(action))
    outcome = view.outcome
    return counter.finish(outcome is not None and outcome.winner < 0)


def measure(strategy: str, games: int, edition: str = "us", seed: int = 1, max_turns: int = 1000) -> MannersCount:
    """The manners of ``strategy`` over ``games`` seeded games (``play_manners_game``), added up."""
    total = MannersCount()
    for index in range(games):
        total.add(play_manners_game(strategy, index, edition, seed, max_turns))
    return total


def manners_line(name: str, count: MannersCount) -> str:
    """One row of the manners table, each figure against its target."""
    def mark(name: str) -> str:
        return "" if getattr(count, name) <= TARGETS[name] else "!"
    return (f"{name:<10}{count.games:>6}{count.seat_turns:>8}{count.offers:>8}"
            f"{count.offers_per_100:>9.1f}{mark('offers_per_100'):1}"
            f"{100 * count.repeat_share:>9.1f}%{mark('repeat_share'):1}"
            f"{100 * count.lopsided_share:>9.1f}%{mark('lopsided_share'):1}"
            f"{count.undone:>7}{count.games_undone:>5}{mark('undone_games_share'):1}{count.turn_limit:>7}")


MANNERS_HEADER = (f"{'level':<10}{'games':>6}{'turns':>8}{'offers':>8}{'per 100':>10}{'repeats':>11}"
                  f"{'>2x ask':>11}{'undone':>7}{'games':>6}{'limit':>7}")
"""The header of ``manners_line``'s rows: games, the seat's turns, offers made to it, offers per 100
of its turns, the shares repeating a refusal and asking over twice the printed value, sales undone
and the games with one, games at the turn limit; "!" marks a figure over its target."""
