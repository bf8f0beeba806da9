"""A position as plain lists, cheap to copy and to change: what the valuation reads.

A ``Snapshot`` is taken from a seat's view (all of it public: cash, deeds, mortgages, buildings,
tokens, who is in jail, whose turn it is) and changed by the few things a computer player
imagines before it decides: a deed bought, a trade made, a house built or sold, a deed mortgaged.
The view itself can never be changed, so every "what if" goes through one of these.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ...engine import NOBODY, View
from .tables import Tables


@dataclass
class Snapshot:
    """Everything the valuation reads of one position, seat by seat and square by square."""

    cash: list[int]
    active: list[bool]
    square: list[int]          # where each token stands
    jailed: list[bool]
    jail_cards: list[int]
    owner: list[int]           # per square, NOBODY when the bank holds it
    mortgaged: list[bool]
    level: list[int]           # 0 to 4 houses, 5 a hotel
    to_move: int
    bank_houses: int
    bank_hotels: int

    @classmethod
    def of(cls, view: View) -> "Snapshot":
        n = view.player_count
        top = max(1, view.rules.houses_per_hotel) + 1
        return cls(
            cash=list(view.cash_by_seat()),
            active=[not view.bankrupt(p) for p in range(n)],
            square=[view.position(p) for p in range(n)],
            jailed=[view.in_jail(p) for p in range(n)],
            jail_cards=[len(view.jail_cards(p)) for p in range(n)],
            owner=list(view.owners()),
            mortgaged=list(view.mortgages()),
            level=[5 if lv >= top else min(lv, 4) for lv in view.levels()],
            to_move=view.current_player,
            bank_houses=view.bank_houses,
            bank_hotels=view.bank_hotels,
        )

    def copy(self) -> "Snapshot":
        return Snapshot(self.cash[:], self.active[:], self.square[:], self.jailed[:], self.jail_cards[:],
                        self.owner[:], self.mortgaged[:], self.level[:], self.to_move, self.bank_houses,
                        self.bank_hotels)

    @property
    def players(self) -> int:
        return len(self.cash)

    def players_left(self) -> int:
        return sum(self.active)

    # ------------------------------------------------------------------ what-ifs (each returns a copy)
    def traded(self, proposer: int, recipient: int, give: Sequence[int], take: Sequence[int], cash: int,
               cards: int = 0, tables: Tables | None = None) -> "Snapshot":
        """After a trade: ``give`` to the recipient, ``take`` to the proposer, ``cash`` from the proposer
        (negative: to it), ``cards`` jail cards from the proposer (negative: to it). A mortgaged deed
        received costs its new owner the 10% interest (``tables`` given: counted)."""
        after = self.copy()
        for s in give:
            after.owner[s] = recipient
        for s in take:
            after.owner[s] = proposer
        after.cash[proposer] -= cash
        after.cash[recipient] += cash
        after.jail_cards[proposer] -= cards
        after.jail_cards[recipient] += cards
        if tables is not None:
            for s in give:
                if self.mortgaged[s]:
                    after.cash[recipient] -= tables.mortgage[s] // 10
            for s in take:
                if self.mortgaged[s]:
                    after.cash[proposer] -= tables.mortgage[s] // 10
        return after

    def bought(self, player: int, square: int, price: int) -> "Snapshot":
        after = self.copy()
        after.owner[square] = player
        after.cash[player] -= price
        return after

    def built(self, square: int, cost: int) -> "Snapshot":
        after = self.copy()
        p = after.owner[square]
        after.cash[p] -= cost
        if after.level[square] == 4:
            after.bank_houses += 4
            after.bank_hotels -= 1
        else:
            after.bank_houses -= 1
        after.level[square] += 1
        return after

    def mortgaged_at(self, square: int, amount: int) -> "Snapshot":
        after = self.copy()
        after.mortgaged[square] = True
        after.cash[after.owner[square]] += amount
        return after

    def lifted(self, square: int, cost: int) -> "Snapshot":
        after = self.copy()
        after.mortgaged[square] = False
        after.cash[after.owner[square]] -= cost
        return after

    def paid(self, player: int, amount: int, to: int = NOBODY) -> "Snapshot":
        after = self.copy()
        after.cash[player] -= amount
        if to != NOBODY:
            after.cash[to] += amount
        return after
