"""The one-on-one plan of ``ruthless``: what it knows about a game once two players are left.

With two players, whatever one gains the other loses, and a colour group whose deeds both hold
stays split for good unless they trade. Against an opponent who will not trade (or not on
terms worth taking), the game is decided by who gathers whole groups while deeds are still for
sale: a deed that completes a group, or that keeps the opponent from ever completing one, is
worth far more than its rent, and a deed of a group already split is worth only its rent.
This module names those stakes and answers the money questions the plan asks; ``Ruthless``
turns them into buys, bids and building.
"""

from __future__ import annotations

from enum import Enum

from ..engine import NOBODY, AuctionLimit
from .valuation import GroupInfo
from .view import GameView


class Stake(str, Enum):
    """What a deed means to a group race between two players."""
    COMPLETES = "completes"  # every other deed of its colour group is ours: it makes the set
    BLOCKS = "blocks"  # only the rival holds deeds of its group: taking it keeps the set from them for good
    OPEN = "open"  # nobody, or only we, hold its group's other deeds: taking it keeps our chance
    SPLIT = "split"  # both of us hold deeds of its group already: it earns its rent and nothing more
    OTHER = "other"  # a railroad or utility: rent by how many are held, no houses


def rival(view: GameView) -> int | None:
    """The one opponent left when two players are in play, else None."""
    active = view.active_players()
    if len(active) != 2 or view.seat not in active:
        return None
    return active[0] if active[1] == view.seat else active[1]


def stake(view: GameView, square: int, rival_seat: int) -> Stake:
    """What taking ``square`` (not yet ours) means in the race for whole groups."""
    if view.edition.squares[square].kind != "street":
        return Stake.OTHER
    group = view.group_of(square)
    assert group is not None  # every street belongs to a colour group
    others = [view.owner(s) for s in group.squares if s != square]
    mine = sum(1 for o in others if o == view.seat)
    theirs = sum(1 for o in others if o == rival_seat)
    if mine == len(others):
        return Stake.COMPLETES
    if theirs and mine:
        return Stake.SPLIT
    if theirs:
        return Stake.BLOCKS
    return Stake.OPEN


def decisive(s: Stake) -> bool:
    """Whether a deed with this stake decides a set: ours made, or theirs prevented."""
    return s in (Stake.COMPLETES, Stake.BLOCKS)


def raisable(view: GameView, keep: int | None = None) -> int:
    """What mortgaging could raise now without touching a whole group (built or not) or the group
    of square ``keep`` (the deed being bought): the money a purchase may be paid from."""
    group = view.group_of(keep) if keep is not None else None
    kept = group.squares if group is not None else ()
    total = 0
    for s in view.owned():
        if view.mortgaged(s) or s in kept or view.group_has_buildings(s):
            continue
        if view.edition.squares[s].kind == "street" and view.owns_group(s):
            continue
        total += view.edition.squares[s].mortgage
    return total


def cheap_auction(view: GameView, square: int, rival_seat: int, step: int) -> bool:
    """Whether letting ``square`` go to auction should win it for less than its price: under the
    rule that a bid may not exceed the bidder's cash, a rival whose cash is well short of the
    price can never outbid it (the auction is then won for the rival's cash and a step). Never
    without auctions (the two-player text game, the house rules): a declined deed stays with the bank."""
    if view.rules.auction_limit == AuctionLimit.ASSETS or not view.rules.auctions:
        return False
    price = view.edition.squares[square].price
    theirs = view.bid_limit(rival_seat)
    return theirs + 2 * step <= price and view.cash() >= theirs + step and view.owner(square) == NOBODY


def build_return(g: GroupInfo) -> float:
    """Extra rent per unit spent of building group ``g`` to three houses: which set to develop first."""
    return (g.rate[3] - g.rate[0]) / (3 * g.house_cost * len(g.squares))
