"""The text mode's dealing in deeds: trades proposed, mortgages, houses built and sold (one at a
time, or in an order for the scarce ones).
"""

from __future__ import annotations

import time

from typing import Callable
from ..engine import NOBODY, Action, Offer
from ..engine import actions as A
from ..present import building_prompt
from ..session.words import computers_join_text, name
from .commands import CommandError, find_player, find_square, number
from .loop import TextCore, handles


class DealingCommands(TextCore):
    """Trades, mortgages and buildings: a part of ``loop.TextGame``."""

    @handles("trade")
    def do_trade(self, p: int, args: str) -> None:
        game = self.game
        head, sep, wanted = args.partition(" for ")
        words = head.split()
        if not words:
            raise CommandError("trade TO ITEMS for ITEMS, e.g. trade bob boardwalk, $100 for reading, card")
        proposer, recipient = p, None
        try:
            first = find_player(game, words[0])
        except CommandError:
            raise CommandError(f"trade with whom? {words[0]!r} is not a player") from None
        rest = words[1:]
        if rest:
            try:
                second = find_player(game, rest[0])
                proposer, recipient, rest = first, second, rest[1:]
            except CommandError:
                recipient = first
        else:
            recipient = first
        if rest and rest[0].lower() == "give":
            rest = rest[1:]
        if proposer not in self.session.people:
            raise CommandError(f"{name(game, proposer)} is not a person at the keyboard")
        give, cash_out, give_cards = self.items(proposer, " ".join(rest))
        take, cash_in, take_cards = self.items(recipient, wanted) if sep else ([], 0, ())
        if not (give or take or cash_out or cash_in or give_cards or take_cards):
            raise CommandError("the offer is empty: name properties, cash ($100) or jail cards (card)")
        self.propose(Offer(proposer, recipient, tuple(give), tuple(take), cash_out - cash_in, give_cards, take_cards),
                     at=p)

    def owner_person(self, square: int) -> int:
        owner = self.game.view.owner(square)
        if owner == NOBODY:
            raise CommandError(f"{self.game.view.square(square).name} is not a person's property")
        return owner

    @handles("mortgage")
    def do_mortgage(self, p: int, args: str) -> None:
        if not args:
            self.show(self.action_squares("mortgage or lift", A.Mortgage, A.LiftMortgage))
            return
        square = find_square(self.game, args)
        owner = self.owner_person(square)
        self.act(p, A.LiftMortgage(owner, square) if self.game.view.mortgaged(square) else A.Mortgage(owner, square))

    @handles("build")
    def do_build(self, p: int, args: str) -> None:
        self.buildings(p, args, lambda owner, square: A.Build(owner, square))

    @handles("sell")
    def do_sell(self, p: int, args: str) -> None:
        self.buildings(p, args, lambda owner, square: A.SellBuilding(owner, square))

    def buildings(self, p: int, args: str, make: Callable[[int, int], Action]) -> None:
        words = args.split()
        count = 1
        given = number(words[-1], "a number of buildings") if len(words) > 1 else None
        if given is not None:
            if not 1 <= given <= 5:
                raise CommandError(f"A street takes 1 to 5 buildings at a time, not {given}")
            count = given
            words.pop()
        square = find_square(self.game, " ".join(words))
        owner = self.owner_person(square)
        allowed = self.session.permission(p, make(owner, square))
        if allowed.problem is not None:
            raise CommandError(allowed.problem)
        if allowed.confirm is not None and not self.confirm(allowed.confirm):
            return
        for _ in range(count):
            self.apply(make(owner, square), at=p)

    @handles("houses")
    def do_houses(self, p: int, args: str) -> None:
        if not args:
            self.show(self.building_sites())
            self.show(["  build SQUARE [N] and sell SQUARE [N] do it; houses PLAYER N ... orders buildings the bank "
                       "is short of (they go to auction)"])
            return
        words = args.split()
        hotels = words[-1].lower() in ("hotel", "hotels")
        if hotels:
            words.pop()
        if len(words) % 2:
            raise CommandError("order as houses PLAYER N [PLAYER N ...] [hotels], e.g. houses ann 2 bob 3")
        orders: list[tuple[int, int]] = []
        for who, n in zip(words[::2], words[1::2]):
            wanted = number(n, "a number of buildings")
            if wanted is None or wanted < 1:
                raise CommandError(f"{n!r} is not a number of buildings")
            orders.append((find_player(self.game, who), wanted))
        self.order_buildings(orders, hotels)

    def order_buildings(self, orders: list[tuple[int, int]], hotels: bool) -> None:
        """With the computer players' orders added, auction what the bank is short of; else say
        how to build."""
        view = self.game.view
        found = self.session.building_orders(hotels)
        for line in found.stumbles:
            self.say(line, "bad")
        joined = list(found.orders)
        for candidate in [orders + joined] + ([orders] if joined else []):
            if view.shortage_auction(candidate, hotels):
                came = [o for o in candidate if o not in orders]
                if came:
                    self.say(computers_join_text(self.game, came, hotels), "title")
                self.apply(A.OrderBuildings(candidate[0][0], tuple(candidate), hotels))
                return
        raise CommandError("no shortage to auction: build them with build SQUARE [N]")

    def building_sites(self) -> list[str]:
        """Where each person at the keyboard may build and sell now, phrased once (``present``)."""
        out = [f"  {sites.line()}" for q in self.session.people for sell in (False, True)
               for sites in (building_prompt(self.game, q, sell=sell),) if sites.sites]
        return out or ["  Nobody at the keyboard can build or sell a building now."]

    def action_squares(self, what: str, *types: type) -> list[str]:
        out = []
        for q in self.session.people:
            squares = self.legal_squares(q, *types)
            if squares:
                out.append(f"  {name(self.game, q)} can {what}: {self.square_list(squares)}")
        return out or [f"  Nobody at the keyboard can {what} anything now."]
