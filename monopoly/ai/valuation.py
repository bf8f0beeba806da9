"""A money value of a player's position, from expected rent: what ``ruthless`` buys, bids and trades by.

``strength`` values a player as cash, plus each property at its price and the rent it should
bring over a horizon of rounds, plus for each whole colour group the rent it would bring once
built up as far as the player's funds allow (cash plus what the player's other properties
would raise by mortgage), less the cost of the houses. Rents per opponent turn come from
``board.py``'s landing frequencies, so the best groups (orange, red, ...) come out on top
without any typed-in ranking.

Comparing a position before and after a deal (for this player, and for the others, weighed
by ``rival_weight``) says whether the deal is worth making.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import fsum
from typing import Sequence

from ..engine import NOBODY, Edition
from .board import BoardFacts, board_facts
from .view import GameView


@dataclass(frozen=True)
class GroupInfo:
    id: str
    kind: str  # "street", "railroad" or "utility"
    squares: tuple[int, ...]
    house_cost: int
    rate: tuple[float, ...]  # streets: rent per opponent turn of the whole group at levels 0 (double rent)..5
    single: float  # rent per opponent turn of all its sites without the group (single rent)


class Board:
    """Per-edition tables the valuation needs (built once per edition and rule set).

    ``lift_rate`` is what lifting a mortgage costs per unit of mortgage: the mortgage plus the
    rules' interest (``mortgage_interest`` percent; the engine's ``View.lift_cost`` rounds the
    interest up to whole money, which a valuation need not).
    """

    def __init__(self, edition: Edition, facts: BoardFacts, mortgage_interest: int) -> None:
        self.edition = edition
        self.facts = facts
        self.lift_rate = 1 + mortgage_interest / 100
        sq = edition.squares
        self.properties = edition.properties
        self.price = [s.price for s in sq]
        self.mortgage = [s.mortgage for s in sq]
        self.house_cost = [s.house_cost for s in sq]
        # what lifting each mortgage costs, and a mortgaged deed's value (its price less that)
        self.lift_cost = [m * self.lift_rate for m in self.mortgage]
        self.mortgaged_value = [p - c for p, c in zip(self.price, self.lift_cost)]
        self.dice_rent = tuple(s.kind == "utility" for s in sq)  # whose rent depends on the throw
        self.rate = facts.rent_rate
        groups = []
        for g in edition.groups:
            first = sq[g.squares[0]]
            if first.kind == "street":
                rate = tuple([facts.group_rate(g.squares, 0)] +
                             [facts.group_rate(g.squares, lv) for lv in range(1, 6)])
                single = fsum(facts.rent_rate[s][0] for s in g.squares)
                groups.append(GroupInfo(g.id, "street", g.squares, first.house_cost, rate, single))
            else:
                n = len(g.squares)
                # Rent of the whole group per opponent turn when one player owns k of them (k = 1..n),
                # taken as k squares of average landing rate.
                avg = [fsum(facts.rent_rate[s][k - 1] for s in g.squares) / n for k in range(1, n + 1)]
                rate = tuple([0.0] + [avg[k - 1] * k for k in range(1, n + 1)])
                groups.append(GroupInfo(g.id, first.kind, g.squares, 0, rate, rate[1] * n))
        self.groups = tuple(groups)
        self.group_of = {s: gi for gi in self.groups for s in gi.squares}
        self.group_index = {s: i for i, gi in enumerate(self.groups) for s in gi.squares}
        self.streets = tuple(g for g in self.groups if g.kind == "street")
        # the order ``strength`` spends funds on whole groups in: best return on houses first (``build_rank``,
        # then the group index), as the group indices in that order and each group's place in it
        self.build_rank = tuple(-(g.rate[3] - g.rate[0]) / (3 * g.house_cost * len(g.squares)) if g.kind == "street"
                                else 0.0 for g in self.groups)
        self.build_order = tuple(sorted(range(len(self.groups)), key=lambda i: (self.build_rank[i], i)))
        self.build_place = tuple(self.build_order.index(i) for i in range(len(self.groups)))
        self.level_cost = tuple(g.house_cost * len(g.squares) for g in self.groups)  # a level of houses on a group
        self._horizons: dict[tuple[float, int, float, float], Horizon] = {}
        self._last_horizon: tuple[Weights, int, int, Horizon] | None = None

    def horizon(self, w: "Weights", opponents: int, top_level: int) -> "Horizon":
        """The ``Horizon`` a player with ``opponents`` values its position over with weights ``w``
        (``w.horizon`` rounds of at least ``w.min_opponents`` opponents) and hotels at ``top_level``.
        One a horizon: what it works out is kept. (Asked for every appraisal: the last answer is kept
        with the weights, found by identity, and the opponents and level it was for.)"""
        last = self._last_horizon
        if last is not None and last[0] is w and last[1] == opponents and last[2] == top_level:
            return last[3]
        turns = w.horizon * max(w.min_opponents, opponents)
        key = (turns, top_level, w.option, w.split_option)
        found = self._horizons.get(key)
        if found is None:
            found = self._horizons[key] = Horizon(self, turns, w, top_level)
        self._last_horizon = (w, opponents, top_level, found)
        return found


Plan = tuple[float, float, float, float, int, tuple[tuple[float, float, float], ...]]
"""A whole colour group's build plan from its level now, as ``_plans`` reads it (``Horizon.plan``):
its value with no house built (its rent, or half its single rents while mortgages are to be lifted),
the mortgages to lift, its rent at the level now and that rent less those mortgages, the cost of a
level, and for each level above: (its cost from now, with the mortgages; its rent; rent less cost)."""

GroupState = tuple[float, float, None] | tuple[float, float, tuple[Plan, ...]]
"""What a group adds to a player's strength in one state (``Horizon.state_part``): the value of its
deeds and their rent, what it adds to the funds for building, and for a whole colour group its build
plan from each level (None for any other)."""


class Horizon:
    """What valuations over a horizon of ``turns`` opponent turns read, worked out once a board,
    horizon, top level (a hotel) and option weights.

    What a group adds to a player's strength (``_group_part``) depends only on the group's state as
    that player sees it, and for a whole colour group on its level: ``states[i]`` keeps group ``i``'s
    answer for each state, worked out on first sight. A state is a number whose base-4 digits say
    for each of the group's deeds in turn whether it is nobody's (0), another player's (1), the
    player's (2) or the player's and mortgaged (3).
    """

    __slots__ = ("turns", "w", "states", "_board", "_steps", "_top")

    def __init__(self, board: Board, turns: float, w: "Weights", top_level: int) -> None:
        self.turns = turns
        self.w = w
        self.states: tuple[list[GroupState | None], ...] = tuple([None] * 4 ** len(g.squares) for g in board.groups)
        self._board = board
        self._top = top_level
        # for each group, its rent at each level 0..top_level (streets only) and its single rents
        self._steps = tuple((tuple([turns * g.rate[rent_index(lv, top_level)] for lv in range(top_level + 1)])
                             if g.kind == "street" else (), turns * g.single) for g in board.groups)

    def state_part(self, i: int, state: int) -> GroupState:
        """What group ``i`` in ``state`` adds to the strength of the player who sees it so (the value of
        its deeds and their rent, what it adds to the funds for building: the mortgages of its deeds
        outside whole groups; for a whole colour group its build plans)."""
        board, turns, w = self._board, self.turns, self.w
        g = board.groups[i]
        squares = g.squares
        n = len(squares)
        digits = [(state >> 2 * (n - 1 - k)) & 3 for k in range(n)]  # first deed first
        mine = [(s, d == 3) for s, d in zip(squares, digits) if d >= 2]  # (square, mortgaged)
        other = 1 in digits
        price, mort = board.price, board.mortgage
        value = 0.0
        for s, mortgaged in mine:
            value += board.mortgaged_value[s] if mortgaged else price[s]
        if not mine:
            return 0.0, 0.0, None
        fund = 0.0
        if g.kind == "street":
            if len(mine) == len(squares):
                lift = 0.0
                for s, mortgaged in mine:
                    if mortgaged:
                        lift += board.lift_cost[s]
                return value, 0.0, tuple([self.plan(i, cur, lift) for cur in range(self._top + 1)])
            for s, mortgaged in mine:
                if not mortgaged:
                    value += turns * board.rate[s][0]
                    fund += mort[s]
            if not other:
                value += w.option * (len(mine) / len(squares)) ** 2 * turns * g.rate[3]
            elif w.split_option:
                value += w.split_option * w.option * (len(mine) / len(squares)) ** 2 * turns * g.rate[3]
        else:
            live = 0
            for s, mortgaged in mine:
                if not mortgaged:
                    live += 1
                    fund += mort[s]
            value += turns * g.rate[live]
        return value, fund, None

    def plan(self, i: int, cur: int, lift: float) -> Plan:
        """The ``Plan`` of whole group ``i`` at level ``cur`` with mortgages ``lift`` to lift."""
        rents, single = self._steps[i]
        per_level = self._board.level_cost[i]
        steps = []
        for lv in range(cur + 1, len(rents)):
            cost = (lv - cur) * per_level + lift
            steps.append((cost, rents[lv], rents[lv] - cost))
        # (the level now costs the mortgages alone: 0 * per_level + lift is lift)
        return (rents[cur] if not lift else single * 0.5, lift, rents[cur], rents[cur] - lift, per_level,
                tuple(steps))


_BOARDS: dict[tuple[int, bool, int, tuple[bool, bool]], Board] = {}


def board_for(view: GameView) -> Board:
    """The cached ``Board`` of the view's edition and rules (asked very often: the last answer is
    kept with the edition and rules it was for, and found by identity)."""
    edition = view.edition
    rules = view.rules
    last = _LAST_BOARD[0]
    if last is not None and last[0] is edition and last[1] is rules:
        return last[2]
    flag = rules.jail_doubles_roll_again
    doubles = (rules.doubles_roll_again, rules.three_doubles_jail)  # the text game's throws
    key = (id(edition), flag, rules.mortgage_interest, doubles)
    found = _BOARDS.get(key)
    if found is None or found.edition is not edition:
        found = _BOARDS[key] = Board(edition, board_facts(edition, flag, *doubles), rules.mortgage_interest)
    _LAST_BOARD[0] = (edition, rules, found)
    return found


_LAST_BOARD: list[tuple[Edition, object, Board] | None] = [None]


@dataclass
class Position:
    """A snapshot a valuation works on: owners, mortgages, levels and cash (lists, freely changed)."""
    owner: list[int]
    mortgaged: list[bool]
    level: list[int]
    cash: list[int]
    active: list[int]

    @classmethod
    def of(cls, view: GameView) -> "Position":
        return cls(list(view.owners()), list(view.mortgages()), list(view.levels()), list(view.cash_by_seat()),
                   view.active_players())

    def copy(self) -> "Position":
        return Position(list(self.owner), list(self.mortgaged), list(self.level), list(self.cash), list(self.active))


@dataclass(frozen=True)
class Weights:
    horizon: float = 12.0  # rounds of rent a property is valued over
    option: float = 0.15  # share of a group's value credited for each site held towards it
    income: float = 0.0  # money a player can expect to have for building soon, beyond its funds today
    min_opponents: float = 1.0  # value rent as if there were at least this many opponents (see strength)
    split_option: float = 0.0  # share of ``option`` credited for sites of a group others hold some of too


def rent_index(level: int, top_level: int = 5) -> int:
    """The rent-table column of a street at ``level`` (a hotel, level ``top_level``, pays column 5)."""
    return 5 if level >= top_level else level


def strength(board: Board, pos: Position, p: int, w: Weights, top_level: int = 5) -> float:
    """What player ``p``'s position is worth, in money (see the module docstring)."""
    owner, mortgaged, level = pos.owner, pos.mortgaged, pos.level
    total = float(pos.cash[p])
    funds = pos.cash[p] + w.income
    horizon = board.horizon(w, len(pos.active) - 1, top_level)
    whole = []
    for i, g in enumerate(board.groups):
        for s in g.squares:
            if owner[s] == p:
                break
        else:
            continue  # p holds none of it
        value, fund, built = _group_part(board, i, owner, mortgaged, level, p, horizon)
        total += value
        funds += fund
        if built is not None:
            whole.append((i, built))
    if len(whole) > 1:
        whole.sort(key=lambda item: board.build_place[item[0]])
    return total + _plans(whole, funds) if whole else total


def _group_part(board: Board, i: int, owner: Sequence[int], mortgaged: Sequence[bool], level: Sequence[int],
                p: int, horizon: Horizon) -> tuple[float, float, Plan | None]:
    """What group ``i`` adds to ``p``'s strength besides build plans: the value of its deeds and
    their rent (over the horizon), what it adds to the funds for building (the mortgages of its
    deeds outside whole groups), and for a whole colour group its build plan. (Worked out once a
    state of the group: ``Horizon``.)"""
    squares = board.groups[i].squares
    state = 0
    for s in squares:
        o = owner[s]
        if o == p:
            state = state * 4 + (3 if mortgaged[s] else 2)
        elif o == NOBODY:
            state *= 4
        else:
            state = state * 4 + 1
    states = horizon.states[i]
    found = states[state]
    if found is None:
        found = states[state] = horizon.state_part(i, state)
    if found[2] is None:
        return found
    cur = level[squares[0]]
    for s in squares:
        if level[s] < cur:
            cur = level[s]
    return found[0], 0.0, found[2][cur]


def _plans(whole: Sequence[tuple[int, Plan]], funds: float) -> float:
    """What the whole groups ``whole`` (group index, build plan), in the order funds go to them (best
    return on houses first), are worth built up with ``funds``: for each group in turn, the best value
    of building it up from its level with the funds left, which it then spends (the innermost step of
    every valuation, in one loop).

    The level the funds reach only in part counts in proportion (a share of its extra rent for
    a share of its cost), so the value moves smoothly with cash: a hundred dollars more or less
    never turns a third house on or off the plan whole.
    """
    total = 0.0
    for _, (best, lift, prev_rent, value, per_level, steps) in whole:
        best_cost = 0.0
        if lift <= funds:  # (else not even the mortgages can be lifted: no house either)
            if value > best:
                best, best_cost = value, lift
            prev_cost = lift
            for cost, rent, value in steps:
                if cost > funds:
                    if funds > prev_cost:
                        share = (funds - prev_cost) / per_level
                        value = prev_rent + share * (rent - prev_rent) - funds
                        if value > best:
                            best, best_cost = value, funds
                    break
                if value > best:
                    best, best_cost = value, cost
                prev_rent, prev_cost = rent, cost
        total += best
        funds -= best_cost
    return total


class Appraisal:
    """``strength`` of the players of one position and of trades from it, worked out in parts so
    that valuing many deals costs little: the value of each group held (which a deal changes
    only for the groups it touches) is worked out once, and cash (which a deal's price changes)
    only enters the last step, the build plans.

    ``held(p)`` is ``p``'s holdings now; ``traded(p, owner, squares)`` its holdings once the
    deeds ``squares`` changed hands to the owners in ``owner``; ``worth(holdings, cash)`` their
    value with that cash, which is ``strength`` of that position (up to rounding).
    """

    def __init__(self, board: Board, pos: Position, w: Weights, top_level: int = 5,
                 parts: dict[int, "Parts"] | None = None) -> None:
        """``parts``: where to keep (and find) the holdings worked out, to share them with another
        appraisal of a position with the same owners, mortgages, buildings and players (whatever
        the cash)."""
        self.board = board
        self.pos = pos
        self.w = w
        self._held: dict[int, Parts] = {} if parts is None else parts
        self._strength: dict[int, float] = {}
        self._liquid: dict[int, float] = {}
        self._horizon = board.horizon(w, len(pos.active) - 1, top_level)

    def liquid(self, p: int) -> float:
        """``liquid_value`` of ``p`` in the position (worked out once)."""
        found = self._liquid.get(p)
        if found is None:
            found = self._liquid[p] = liquid_value(self.board, self.pos, p)
        return found

    def strength(self, p: int) -> float:
        """``p``'s strength in the position itself."""
        found = self._strength.get(p)
        if found is None:
            found = self._strength[p] = self.worth(self.held(p), self.pos.cash[p])
        return found

    def held(self, p: int) -> "Holdings":
        found = self._held.get(p)
        return (found if found is not None else self._parts(p))[0]

    def traded(self, p: int, owner: Sequence[int], squares: Sequence[int],
               groups: Sequence[int] | None = None) -> "Holdings":
        pos = self.pos
        return self._changed(p, squares, owner, pos.mortgaged, pos.level, groups)

    def changed(self, p: int, squares: Sequence[int], owner: Sequence[int] | None = None,
                mortgaged: Sequence[bool] | None = None, level: Sequence[int] | None = None,
                groups: Sequence[int] | None = None) -> "Holdings":
        """``p``'s holdings once ``squares`` changed: their owners to ``owner``, their mortgages to
        ``mortgaged``, their buildings to ``level`` (each the whole board's; the position's where
        not given). ``groups``: the indices of the squares' groups in order, when the caller knows them
        (a search pricing the same deal again works them out once)."""
        pos = self.pos
        return self._changed(p, squares, pos.owner if owner is None else owner,
                             pos.mortgaged if mortgaged is None else mortgaged, pos.level if level is None else level,
                             groups)

    def _changed(self, p: int, squares: Sequence[int], owner: Sequence[int], mortgaged: Sequence[bool],
                 level: Sequence[int], groups: Sequence[int] | None) -> "Holdings":
        """``changed`` with every argument given (by position: the quickest call)."""
        found = self._held.get(p)
        held, values, funds, whole = found if found is not None else self._parts(p)
        v, f, plans = held
        board, horizon = self.board, self._horizon
        if groups is None:
            index = board.group_index
            groups = (index[squares[0]],) if len(squares) == 1 else sorted({index[s] for s in squares})
        for i in groups:
            value, fund, built = _group_part(board, i, owner, mortgaged, level, p, horizon)
            v += value - values[i]
            f += fund - funds[i]
            if built is not None or i in whole:
                plans = _with_plan(plans, i, built, board.build_place)
        return v, f, plans

    def worth(self, held: "Holdings", cash: float) -> float:
        """The value of ``held`` with ``cash``: ``strength`` of that position."""
        value, funds, whole = held
        total = cash + value
        if whole:
            total += _plans(whole, cash + self.w.income + funds)
        return total

    def _parts(self, p: int) -> "Parts":
        """``p``'s holdings in parts, worked out (and kept) on the first question (the callers look in
        ``_held`` themselves first: this call is the miss)."""
        found = self._held.get(p)
        if found is None:
            board = self.board
            groups = board.groups
            values = [0.0] * len(groups)
            funds = [0.0] * len(groups)
            whole: dict[int, Plan] = {}
            owner, mortgaged, level = self.pos.owner, self.pos.mortgaged, self.pos.level
            for i in board.build_order:  # (so the whole groups come in the order funds go to them)
                for s in groups[i].squares:
                    if owner[s] == p:
                        break
                else:
                    continue  # p holds none of it
                value, fund, built = _group_part(board, i, owner, mortgaged, level, p, self._horizon)
                values[i] = value
                funds[i] = fund
                if built is not None:
                    whole[i] = built
            found = self._held[p] = ((fsum(values), fsum(funds), tuple(whole.items())), values, funds, whole)
        return found



def _with_plan(whole: "WholeGroups", i: int, plan: Plan | None, place: Sequence[int]) -> "WholeGroups":
    """``whole`` with group ``i``'s plan ``plan`` (None: without group ``i``), in the order funds go to
    them (``place``: each group's place in that order)."""
    out = []
    ahead = place[i]
    for item in whole:
        j = item[0]
        if j == i:
            continue
        if plan is not None and place[j] > ahead:
            out.append((i, plan))
            plan = None
        out.append(item)
    if plan is not None:
        out.append((i, plan))
    return tuple(out)


WholeGroups = tuple[tuple[int, Plan], ...]
"""Whole colour groups as (group index, build plan), in the order funds go to them."""
Parts = tuple["Holdings", list[float], list[float], dict[int, Plan]]
"""A player's holdings in parts: its holdings (the value and funds of all its groups, its whole colour
groups in the order funds go to them), the value and funds of each group, and its whole colour groups
by group index (``Appraisal``)."""


Holdings = tuple[float, float, WholeGroups]
"""A player's holdings as ``Appraisal`` values them: (the value of the deeds, what they add to the
funds for building, the whole colour groups in the order funds go to them, each as (group index,
build plan)). (A plain tuple: made for every deal priced, so made as cheaply as can be.)"""


def score(board: Board, pos: Position, p: int, w: Weights, rival_weight: float, top_level: int = 5) -> float:
    """``p``'s strength less ``rival_weight`` times the strongest rival's (who decides the game)."""
    mine = strength(board, pos, p, w, top_level)
    rivals = [strength(board, pos, q, w, top_level) for q in pos.active if q != p]
    return mine - rival_weight * max(rivals, default=0.0)


def group_value(board: Board, g: GroupInfo, funds: float, n_opp: int, w: Weights, top_level: int = 5) -> float:
    """What owning group ``g`` whole is worth with ``funds`` to build, beyond single rents."""
    horizon = board.horizon(w, n_opp, top_level)
    i = board.group_index[g.squares[0]]
    best = _plans(((i, horizon.plan(i, 0, 0.0)),), funds)  # from no house
    return best - horizon.turns * g.single


def liquid_value(board: Board, pos: Position, p: int) -> float:
    """What ``p`` could pay at once: cash, the mortgages of its unmortgaged deeds and half the cost
    of its buildings (what selling them back to the bank returns)."""
    total = float(pos.cash[p])
    owner, mortgaged, level = pos.owner, pos.mortgaged, pos.level
    for s in board.properties:
        if owner[s] == p:
            total += level[s] * board.house_cost[s] / 2 if level[s] else 0.0
            if not mortgaged[s]:
                total += board.mortgage[s]
    return total


def apply_trade(pos: Position, proposer: int, recipient: int, give: Sequence[int], take: Sequence[int],
                cash: int) -> Position:
    """A copy of ``pos`` with a trade carried out."""
    after = pos.copy()
    for s in give:
        after.owner[s] = recipient
    for s in take:
        after.owner[s] = proposer
    after.cash[proposer] -= cash
    after.cash[recipient] += cash
    return after
