"""The numbers the model weighs for each player of a position (``FEATURES`` names them).

Money in thousands of classic dollars, rent in hundreds per round (``Tables.scale`` makes other
boards' money comparable). Expected rent comes from the exact landing frequencies of ``board.py``
(rent per opponent turn at each level); the next throw's rent from where each token stands now.

Floats are added one by one in a fixed order (never with ``sum``, whose rounding changed in Python
3.12), so the same position gives the same figures on every supported Python.
"""

from __future__ import annotations

import math

from .snapshot import Snapshot
from .tables import JAIL_SQUARE, RAILROAD, STREET, THROWS, Tables

FEATURES: tuple[str, ...] = (
    "worth",         # cash, deeds at their price less what lifting a mortgage costs, buildings at cost
    "log_worth",     # log(1 + worth): a first thousand counts for more than a tenth
    "short",         # how far its cash is below $200 (a player without cash pays rent by selling)
    "income",        # rent it should collect per round, as the board stands
    "outgo",         # rent it should pay per turn of its own
    "potential",     # rent per round its whole groups would add, built up with what it could raise
    "near",          # groups it holds all but one deed of (the rent they would bring with three houses)
    "next_in",       # rent the other tokens should pay it on their next throws
    "next_out",      # rent its token should pay on its next throw
    "risk",          # the chance its next throw costs more than everything it could raise
    "jailed",        # 1 in jail
    "to_move",       # 1 when the turn is its own
)
COUNT = len(FEATURES)


def player_features(t: Tables, s: Snapshot) -> list[list[float] | None]:
    """Each player's features in seat order; None for a player out of the game."""
    n = len(s.cash)
    owner, level, mortgaged, active = s.owner, s.level, s.mortgaged, s.active
    deeds = [0] * n
    mort = [0] * n
    build = [0] * n
    raise_ = [0] * n
    lone = [0] * n
    income = [0.0] * n
    near = [0.0] * n
    whole: list[tuple[int, int]] = []  # (group, owner) of the whole street groups
    due = [0] * 40
    price, mortgage, house_cost, rent, rate_of = t.price, t.mortgage, t.house_cost, t.rent, t.rate
    for g in t.groups:
        squares = g.squares
        size = len(squares)
        street = g.kind == STREET
        held = [owner[sq] for sq in squares]
        first = held[0]
        is_whole = False
        if street:
            if first >= 0 and held.count(first) == size:
                is_whole = True
                whole.append((g.index, first))
            elif size > 1:
                for p in set(held):
                    if p >= 0 and held.count(p) == size - 1:
                        near[p] += g.rate[3]
        for sq, o in zip(squares, held):
            if o < 0:
                continue
            if mortgaged[sq]:
                mort[o] += price[sq] - mortgage[sq] * 11 // 10
                continue
            deeds[o] += price[sq]
            raise_[o] += mortgage[sq]
            if street:
                lv = level[sq]
                if lv:
                    cost = house_cost[sq] * lv
                    build[o] += cost
                    raise_[o] += cost // 2
                    income[o] += rate_of[sq][lv]
                    due[sq] = rent[sq][lv]
                elif is_whole:
                    income[o] += 2 * rate_of[sq][0]
                    due[sq] = 2 * rent[sq][0]
                else:
                    lone[o] += mortgage[sq]
                    income[o] += rate_of[sq][0]
                    due[sq] = rent[sq][0]
            else:
                lone[o] += mortgage[sq]
                count = held.count(o) - 1
                income[o] += rate_of[sq][count]
                due[sq] = rent[sq][count] if g.kind == RAILROAD else t.multipliers[sq][count] * 7
    all_income = 0.0
    for p in range(n):
        if active[p]:
            all_income += income[p]
    players_left = 0
    for a in active:
        players_left += a
    opponents = max(1, players_left - 1)
    money = t.scale / 1000
    rent_unit = t.scale / 100
    # The next throw of each token: what it should pay (expected), the chance it cannot pay, and
    # what each owner should collect from it.
    next_out = [0.0] * n
    risk = [0.0] * n
    next_in = [0.0] * n
    for p in range(n):
        if not active[p]:
            continue
        moves = 1.0
        start = s.square[p]
        if s.jailed[p]:
            moves, start = 1 / 6, JAIL_SQUARE
        liquid = s.cash[p] + raise_[p]
        for total, chance in THROWS:
            sq = (start + total) % 40
            bill = due[sq]
            if bill:
                o = owner[sq]
                if o != p and active[o]:
                    c = chance * moves
                    next_out[p] += c * bill
                    next_in[o] += c * bill
                    if bill > liquid:
                        risk[p] += c
    potential = [0.0] * n
    if whole:
        for p in {o for _, o in whole}:
            potential[p] = _potential(t, s, p, [gi for gi, o in whole if o == p], s.cash[p] + lone[p])
    out: list[list[float] | None] = []
    for p in range(n):
        if not active[p]:
            out.append(None)
            continue
        cash = s.cash[p]
        worth = (cash + deeds[p] + build[p] + mort[p]) * money
        out.append([
            worth, math.log1p(max(0.0, worth)), max(0.0, 200 / t.scale - cash) * money,
            income[p] * opponents * rent_unit, (all_income - income[p]) * rent_unit,
            potential[p] * opponents * rent_unit, near[p] * opponents * rent_unit,
            next_in[p] * rent_unit, next_out[p] * rent_unit, risk[p],
            1.0 if s.jailed[p] else 0.0, 1.0 if s.to_move == p else 0.0,
        ])
    return out


def _potential(t: Tables, s: Snapshot, p: int, groups: list[int], funds: int) -> float:
    """The rent per opponent turn that ``p``'s whole street groups would add if it spent ``funds`` on
    them: mortgages lifted, then houses evenly, the groups with the best return on three houses first."""
    plans: list[tuple[float, int, int, int, float, int]] = []
    for gi in groups:
        g = t.groups[gi]
        lift = 0
        low = 5
        now = 0.0
        for sq in g.squares:
            if s.mortgaged[sq]:
                lift += t.mortgage[sq] * 11 // 10
            else:
                now += t.rate[sq][s.level[sq]] * (2 if s.level[sq] == 0 else 1)
            low = min(low, s.level[sq])
        level_cost = g.house_cost * len(g.squares)
        ret = (g.rate[3] - now) / (lift + max(1, 3 - low) * level_cost)
        plans.append((-ret, gi, lift, low, now, level_cost))
    plans.sort()
    total = 0.0
    left = funds
    for _, gi, lift, low, now, level_cost in plans:
        top, cost = low, lift
        while top < 5 and cost + level_cost <= left:
            cost += level_cost
            top += 1
        if top > low:
            total += max(0.0, t.groups[gi].rate[top] - now)
            left -= cost
    return total
