"""Deals that complete colour groups, priced at what the partner would accept: ``expert``'s own
trade candidates, which ``ruthless`` does not make.

``ruthless`` proposes a deal only when its valuation says the deal pays, and it asks a rival a
high price for a deed that completes the rival's group. Between two ``ruthless`` players that
often means no group is ever completed: each refuses the other's price, cash piles up and about a
fifth of heads-up games reach the turn limit. ``expert`` does not need its valuation to agree:
it plays the deals out (``expert.py``). This module only finds them:

- for each opponent, the deeds that opponent holds which would complete one of the seat's groups
  (the seat holds the rest, nobody else any), and the seat's deeds that would complete one of the
  opponent's;
- the deals: buying a group's missing deeds, and swapping them for deeds that complete one of the
  opponent's groups;
- each priced at the least cash the opponent, were it ``ruthless``, would accept
  (``Ruthless.counter_offer`` asked of a ``ruthless`` stand-in for the opponent's seat; the
  stand-in judges from public facts only), and kept only if the seat can pay that price.

Whether a deal is worth making at that price is not decided here.
"""

from __future__ import annotations

import random

from ..engine import Game, Offer, ProposeTrade
from .ruthless import Ruthless
from .view import GameView

STAND_IN_SEED = 0
"""The seed of the stand-in's random source (``ruthless`` answers trades without it)."""


def completers(view: GameView, me: int, other: int) -> list[tuple[int, ...]]:
    """For each colour group ``me`` could complete from ``other``'s deeds alone, those deeds
    (``me`` holds the rest of the group, nobody else holds any, and nothing in it is built)."""
    found: list[tuple[int, ...]] = []
    for group in view.groups:
        squares = group.squares
        if view.square(squares[0]).kind != "street":
            continue
        owners = [view.owner(s) for s in squares]
        if me not in owners or other not in owners or any(o not in (me, other) for o in owners):
            continue
        if any(view.level(s) for s in squares):
            continue
        found.append(tuple(s for s, o in zip(squares, owners) if o == other))
    return found


def group_deals(view: GameView, game: Game, limit: int = 8) -> list[ProposeTrade]:
    """Deals completing a group for ``view``'s seat, priced at what the partner would accept (see
    the module docstring), at most ``limit``, cheapest first. ``game`` is a copy of the game
    (``View.determinized``) the stand-ins may read; it is not changed."""
    me = view.seat
    cash = view.cash()
    deals: list[ProposeTrade] = []
    for other in view.opponents():
        mine = completers(view, me, other)
        if not mine:
            continue
        theirs = completers(view, other, me)
        stand_in = Ruthless(other, random.Random(STAND_IN_SEED))
        their_view = GameView(game, other)
        for take in mine:
            group = view.square(take[0]).group
            for give in [(), *theirs]:
                if give and view.square(give[0]).group == group:
                    continue  # its own half of the group: the same group completed for the other side
                if view.refused_recently(other, give, take):
                    continue
                # the offer at the most the partner might pay us; its counter-offer names the least it takes
                offer = Offer(me, other, give, take, -view.cash(other))
                counter = stand_in.counter_offer(their_view, offer)
                if counter is None:
                    continue
                price = -counter.cash
                if price > cash:
                    continue
                deal = ProposeTrade(me, other, tuple(give), tuple(take), price)
                if view.is_legal(deal):
                    deals.append(deal)
    deals.sort(key=lambda d: d.cash)
    return deals[:limit]
