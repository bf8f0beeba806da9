"""The value of a position for the ``value`` benchmark opponent (``value_agent.py``).

Written from the published description of the Arizona State University agent for the DARPA
SAIL-ON Monopoly tests (arXiv 2107.04303) as issue 37 summarises it: a state is worth its
assets, plus the rent it can expect in the short and the long term from landing probabilities,
plus the worth of its complete sets. Nothing here is shared with ``ruthless``, ``lookahead`` or
``valuation.py``; only the steady-state landing rates of ``board.py`` are reused, because they are
exact and any reconstruction would compute the same numbers.

For one player ``p`` of the players still in, in money:

- *assets*: cash, each deed at its printed price (a mortgaged one at its mortgage value) and each
  building at what it cost;
- *short-term rent*: for every other player, the chance that their next turn ends on each of
  ``p``'s deeds (from where their token stands now, doubles and card moves followed) times the rent
  due there now; less the same for ``p``'s own next turn on the others' deeds;
- *long-term rent*: the steady-state rent a deed brings per opponent turn (``BoardFacts.rent_rate``)
  over ``HORIZON`` rounds, counted for every opponent, less what ``p`` itself can expect to pay
  over the same rounds;
- *set value*: for each complete, unmortgaged colour group, ``SET_SHARE`` of the extra long-term
  rent the group would bring with three houses a site, over what it brings now: the option that
  owning the whole group gives.

A decision compares positions by ``score``: the player's value less the mean of its opponents'
(one-on-one: half the opponent's), so handing a rival a set costs what that rival gains shared
over the table, and a swap of sets can suit both sides. (The weights were chosen by self-play of
this agent against its variants, never against another strategy: at four players the full mean
won 69 of 200 games against three copies weighing it half, and a quarter 25 of 200.)

Every sum is an explicit left-to-right accumulation (never ``sum`` of floats, whose rounding
changed in Python 3.12), so every Python from 3.10 on gives the same numbers and the same games.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..engine import DECKS, NOBODY, Edition, card_destination, load_edition
from .board import board_facts
from .view import GameView

HORIZON = 12.0
"""Rounds of play the long-term rent is counted over."""
SET_SHARE = 0.5
"""Share of a complete group's extra rent at three houses credited before the houses stand."""
SET_LEVEL = 3
RIVAL_WEIGHT = 1.0
"""How much a decision counts the mean of the opponents' values against its own, at a table of
three or more: a rival's gain counts as a share of the table's, so a deal can still suit both."""
HEADS_UP_WEIGHT = 0.5
"""The same one-on-one, where a full weight would make every deal a loss to one side by the
model's own measure (so it would never trade at all): half the opponent's gain counts."""
BOARD = 40
JAIL_SQUARE = 10

Dist = tuple[tuple[int, float], ...]
"""Where a next turn may end: (square, probability) for the title-deed squares only."""


@lru_cache(maxsize=None)
def _turn_dists(edition_id: str, doubles_again: bool, three_doubles_jail: bool) -> tuple[Dist, ...]:
    """For each start square, where a token's next turn comes to rest on a title deed.

    A throw moves the token; a card square's cards (each equally likely) may move it on, a
    "go to jail" card or square ends the turn, and doubles throw again (three doubles: jail).
    Every square the token rests on in the turn counts once per visit, so the numbers are
    expected landings, the rent a turn can owe.
    """
    edition = load_edition(edition_id)
    squares = edition.squares
    deeds = {sq.index for sq in squares if sq.is_property}

    def rest(square: int, depth: int = 0) -> list[tuple[float, int | None]]:
        kind = squares[square].kind
        if kind == "go_to_jail":
            return [(1.0, None)]
        if kind in DECKS and depth < 2:
            cards = edition.deck(kind)
            out: list[tuple[float, int | None]] = []
            for card in cards:
                dest = card_destination(edition, card, square)
                if dest is None or dest == square:
                    out.append((1.0 / len(cards), dest))
                else:
                    out.extend((p / len(cards), d) for p, d in rest(dest, depth + 1))
            return out
        return [(1.0, square)]

    rests = [rest(s) for s in range(BOARD)]
    memo: dict[tuple[int, int], dict[int, float]] = {}

    def turn(square: int, doubles: int) -> dict[int, float]:
        key = (square, doubles)
        if key in memo:
            return memo[key]
        land: dict[int, float] = {}
        for a in range(1, 7):
            for b in range(1, 7):
                p = 1.0 / 36.0
                if a == b and doubles == 2 and three_doubles_jail:
                    continue
                for q, end in rests[(square + a + b) % BOARD]:
                    if end is None:
                        continue
                    w = p * q
                    if end in deeds:
                        land[end] = land.get(end, 0.0) + w
                    if a == b and doubles_again and doubles < 2:
                        for s, r in turn(end, doubles + 1).items():
                            land[s] = land.get(s, 0.0) + w * r
        memo[key] = land
        return land

    return tuple(tuple(sorted(turn(s, 0).items())) for s in range(BOARD))


@lru_cache(maxsize=None)
def _jail_dist(edition_id: str) -> Dist:
    """A jailed token that may stay: only doubles (1 in 6) move it, and it does not throw again."""
    edition = load_edition(edition_id)
    deeds = {sq.index for sq in edition.squares if sq.is_property}
    land: dict[int, float] = {}
    for d in range(1, 7):
        s = (JAIL_SQUARE + 2 * d) % BOARD
        if s in deeds:
            land[s] = land.get(s, 0.0) + 1.0 / 36.0
    return tuple(sorted(land.items()))


@dataclass
class Pos:
    """A position to value: owners, mortgages, building levels, cash, who is still in, where
    each token stands and whether it is held in jail. Lists, changed freely by a candidate."""
    owner: list[int]
    mortgaged: list[bool]
    level: list[int]
    cash: list[int]
    active: list[int]
    where: list[int]
    jailed: list[bool]

    @classmethod
    def of(cls, view: GameView) -> "Pos":
        n = view.player_count
        return cls(list(view.owners()), list(view.mortgages()), list(view.levels()), list(view.cash_by_seat()),
                   view.active_players(), [view.position(p) for p in range(n)],
                   [view.in_jail(p) and view.jail_turns(p) < 2 for p in range(n)])

    def copy(self) -> "Pos":
        return Pos(list(self.owner), list(self.mortgaged), list(self.level), list(self.cash), list(self.active),
                   list(self.where), list(self.jailed))


class Model:
    """The value function for one board and rule set (see the module docstring)."""

    def __init__(self, edition: Edition, houses_per_hotel: int, doubles_again: bool, three_doubles_jail: bool,
                 jail_doubles_again: bool) -> None:
        self.edition = edition
        sq = edition.squares
        self.squares = sq
        self.hotel = houses_per_hotel + 1
        facts = board_facts(edition, jail_doubles_again, doubles_again, three_doubles_jail)
        self.rate = facts.rent_rate
        self.deeds = tuple(s.index for s in sq if s.is_property)
        self.groups = tuple(g.squares for g in edition.groups)
        self.street = tuple(all(sq[s].kind == "street" for s in g) for g in self.groups)
        self.group_of = {s: i for i, g in enumerate(self.groups) for s in g}
        self.dists = _turn_dists(edition.id, doubles_again, three_doubles_jail)
        self.jail = _jail_dist(edition.id)

    @classmethod
    def for_view(cls, view: GameView) -> "Model":
        r = view.rules
        return _model(view.edition.id, r.houses_per_hotel, r.doubles_roll_again, r.three_doubles_jail,
                      r.jail_doubles_roll_again)

    def rents(self, pos: Pos) -> tuple[list[int], list[float], list[float]]:
        """Per square: the rent due now, the steady rent per opponent turn, and the extra steady
        rent per opponent turn the square's complete group would bring at three houses a site."""
        sq, rate, hotel = self.squares, self.rate, self.hotel
        due = [0] * BOARD
        steady = [0.0] * BOARD
        option = [0.0] * BOARD
        owner, mort, level = pos.owner, pos.mortgaged, pos.level
        for gi, g in enumerate(self.groups):
            first = owner[g[0]]
            whole = first != NOBODY
            clear = True
            for s in g:
                if owner[s] != first:
                    whole = False
                if mort[s]:
                    clear = False
            if self.street[gi]:
                clear = clear and whole
                for s in g:
                    if owner[s] == NOBODY or mort[s]:
                        continue
                    lv = level[s]
                    if lv:
                        col = 5 if lv >= hotel else lv
                        due[s] = sq[s].rent[col]
                        steady[s] = rate[s][col]
                    elif whole:
                        due[s] = 2 * sq[s].rent[0]
                        steady[s] = 2 * rate[s][0]
                    else:
                        due[s] = sq[s].rent[0]
                        steady[s] = rate[s][0]
                    if clear and lv < SET_LEVEL:
                        option[s] = rate[s][SET_LEVEL] - steady[s]
                continue
            for s in g:
                o = owner[s]
                if o == NOBODY or mort[s]:
                    continue
                count = 0
                for t in g:
                    if owner[t] == o and not mort[t]:
                        count += 1
                steady[s] = rate[s][count - 1]
                if sq[s].kind == "railroad":
                    due[s] = sq[s].rent[count - 1]
                else:
                    due[s] = sq[s].multipliers[count - 1] * 7
        return due, steady, option

    def dist(self, pos: Pos, player: int) -> Dist:
        return self.jail if pos.jailed[player] else self.dists[pos.where[player]]

    def values(self, pos: Pos, horizon: float = HORIZON, set_share: float = SET_SHARE) -> list[float]:
        """Every seat's value of ``pos`` (0 for a seat no longer in the game), rent counted over
        ``horizon`` rounds and ``set_share`` of a complete group's building option."""
        n = len(pos.cash)
        active = pos.active
        opponents = len(active) - 1
        due, steady, option = self.rents(pos)
        sq = self.squares
        assets = [0.0] * n
        earn = [0.0] * n
        bonus = [0.0] * n
        for p in active:
            assets[p] = float(pos.cash[p])
        owner, mort, level = pos.owner, pos.mortgaged, pos.level
        total = 0.0
        for s in self.deeds:
            o = owner[s]
            if o == NOBODY or o >= n:
                continue
            if mort[s]:
                assets[o] += sq[s].mortgage
                continue
            assets[o] += sq[s].price + level[s] * sq[s].house_cost
            earn[o] += steady[s]
            bonus[o] += option[s]
            total += steady[s]
        short = [0.0] * n
        for q in active:
            for s, prob in self.dist(pos, q):
                rent = due[s]
                o = owner[s]
                if rent and o != q and o != NOBODY:
                    amount = prob * rent
                    short[q] -= amount
                    short[o] += amount
        out = [0.0] * n
        for p in active:
            paid = total - earn[p]
            long_term = horizon * (opponents * earn[p] - paid)
            out[p] = assets[p] + short[p] + long_term + set_share * horizon * opponents * bonus[p]
        return out

    def score(self, pos: Pos, player: int, values: list[float] | None = None, horizon: float = HORIZON,
              set_share: float = SET_SHARE) -> float:
        """What a decision maximises: ``player``'s value less ``rival_weight`` times the mean of its
        opponents' values (``values``, when already worked out, saves working them out)."""
        vals = self.values(pos, horizon, set_share) if values is None else values
        weight = rival_weight(pos)
        others = 0.0
        count = 0
        for q in pos.active:
            if q != player:
                others += vals[q]
                count += 1
        return vals[player] - (weight * others / count if count else 0.0)

    def reserve(self, pos: Pos, player: int, risk: float) -> int:
        """The likely worst rent of ``player``'s next turn: the least amount such that a rent
        above it is due with probability ``risk`` at most (the cash safety check). Its own
        buildings and mortgages do not change it: only the deeds of others count."""
        due, _, _ = self.rents(pos)
        owed = [(due[s], prob) for s, prob in self.dist(pos, player)
                if due[s] and pos.owner[s] not in (player, NOBODY)]
        owed.sort(reverse=True)
        tail = 0.0
        for rent, prob in owed:
            tail += prob
            if tail > risk:
                return rent
        return 0


def rival_weight(pos: Pos) -> float:
    """The weight of the opponents' mean value in a score (``RIVAL_WEIGHT``, ``HEADS_UP_WEIGHT``)."""
    return RIVAL_WEIGHT if len(pos.active) > 2 else HEADS_UP_WEIGHT


@lru_cache(maxsize=None)
def _model(edition_id: str, houses_per_hotel: int, doubles_again: bool, three_doubles_jail: bool,
           jail_doubles_again: bool) -> Model:
    return Model(load_edition(edition_id), houses_per_hotel, doubles_again, three_doubles_jail, jail_doubles_again)
