"""Questions about what players own: rent due, building rules, and what holdings are worth.

Pure functions of an edition, the rules and a state: the engine, the computer players and the
screen all ask them, so each rule is stated once.
"""

from __future__ import annotations

from .editions import Edition
from .rules import Rules
from .state import NOBODY, GameState


def ceil_percent(amount: int, percent: int) -> int:
    """``percent`` % of ``amount`` in whole money, rounded up (the bank never loses a part)."""
    return -(-amount * percent // 100)


def group_members(edition: Edition, square: int) -> tuple[int, ...]:
    return edition.members[square]


def owns_group(edition: Edition, state: GameState, player: int, square: int) -> bool:
    return all(state.owner[s] == player for s in group_members(edition, square))


def level(rules: Rules, state: GameState, square: int) -> int:
    """Buildings on a street as one number: houses, or houses-per-hotel + 1 for a hotel."""
    return rules.houses_per_hotel + 1 if state.hotel[square] else state.houses[square]


def group_has_buildings(edition: Edition, state: GameState, square: int) -> bool:
    return any(state.houses[s] or state.hotel[s] for s in group_members(edition, square))


def count_owned(edition: Edition, state: GameState, player: int, kind: str, unmortgaged: bool = True) -> int:
    return sum(1 for sq in edition.squares if sq.kind == kind and state.owner[sq.index] == player
               and not (unmortgaged and state.mortgaged[sq.index]))


def rent(edition: Edition, rules: Rules, state: GameState, square: int, dice_total: int,
         railroad_multiplier: int = 1, utility_multiplier: int = 0) -> int:
    """Rent owed on ``square`` to its owner as things stand (0 when mortgaged or unowned)."""
    owner = state.owner[square]
    if owner == NOBODY or state.mortgaged[square]:
        return 0
    sq = edition.squares[square]
    if sq.kind == "street":
        if state.hotel[square]:
            return sq.rent[5]
        if state.houses[square]:
            return sq.rent[state.houses[square]]
        members = group_members(edition, square)
        doubled = all(state.owner[s] == owner for s in members) and (
            rules.double_rent_with_mortgage or not any(state.mortgaged[s] for s in members))
        return sq.rent[0] * (2 if doubled else 1)
    if sq.kind == "railroad":
        n = count_owned(edition, state, owner, "railroad")
        return sq.rent[n - 1] * railroad_multiplier if n else 0
    if sq.kind == "utility":
        n = count_owned(edition, state, owner, "utility")
        if not n:
            return 0
        multiplier = utility_multiplier or sq.multipliers[min(n, len(sq.multipliers)) - 1]
        return multiplier * dice_total
    return 0


def building_sale_value(edition: Edition, rules: Rules, state: GameState, square: int) -> int:
    """What the bank pays for every building on a street: half of what they cost."""
    sq = edition.squares[square]
    if state.hotel[square]:
        return (sq.house_cost * (rules.houses_per_hotel + 1)) // 2
    return (sq.house_cost * state.houses[square]) // 2


def owned(state: GameState, player: int) -> list[int]:
    return [i for i, o in enumerate(state.owner) if o == player]


def liquid_value(edition: Edition, rules: Rules, state: GameState, player: int) -> int:
    """Cash plus everything the bank would pay now: buildings at half, mortgages on the rest.

    This is the "property value" the computer editions show during play, and the most a player
    can raise without trading.
    """
    total = state.players[player].cash
    for s in owned(state, player):
        total += building_sale_value(edition, rules, state, s)
        if not state.mortgaged[s]:
            total += edition.squares[s].mortgage
    return total


def face_value(edition: Edition, rules: Rules, state: GameState, player: int) -> int:
    """The end-of-game valuation: printed prices (mortgaged at the mortgage value), buildings at cost."""
    if state.players[player].bankrupt:
        return 0
    total = state.players[player].cash
    for s in owned(state, player):
        sq = edition.squares[s]
        total += sq.mortgage if state.mortgaged[s] else sq.price
        if state.hotel[s]:
            total += sq.house_cost * rules.hotel_value_in_houses
        else:
            total += sq.house_cost * state.houses[s]
    return total


def income_tax_worth(edition: Edition, rules: Rules, state: GameState, player: int) -> int:
    """Total worth for the percentage income tax: cash, printed prices, buildings at cost."""
    total = state.players[player].cash
    for s in owned(state, player):
        sq = edition.squares[s]
        total += sq.price
        total += sq.house_cost * (rules.houses_per_hotel + 1 if state.hotel[s] else state.houses[s])
    return total


def build_problem(edition: Edition, rules: Rules, state: GameState, player: int, square: int,
                  hotels_only: bool | None = None) -> str | None:
    """Why ``player`` may not put the next building on ``square`` now (cash aside), or None."""
    sq = edition.squares[square]
    if sq.kind != "street":
        return f"{sq.name} is not a street: only streets take houses"
    if state.owner[square] != player:
        return f"you do not own {sq.name}"
    members = group_members(edition, square)
    if not all(state.owner[s] == player for s in members):
        return f"you need the whole colour group of {sq.name} to build"
    if any(state.mortgaged[s] for s in members):
        return f"a site of {sq.name}'s group is mortgaged: lift it before building"
    here = level(rules, state, square)
    top = rules.houses_per_hotel + 1
    if here >= top:
        return f"{sq.name} already has a hotel"
    if here > min(level(rules, state, s) for s in members):
        return f"build evenly: the other sites of {sq.name}'s group need a building first"
    wants_hotel = here == rules.houses_per_hotel
    if hotels_only is not None and wants_hotel != hotels_only:
        return f"{sq.name} is not ready for a {'hotel' if hotels_only else 'house'}"
    if wants_hotel and state.bank_hotels < 1:
        return "the bank has no hotels left"
    if not wants_hotel and state.bank_houses < 1:
        return "the bank has no houses left"
    return None


def build_cost(edition: Edition, square: int) -> int:
    return edition.squares[square].house_cost


def sell_problem(edition: Edition, rules: Rules, state: GameState, player: int, square: int) -> str | None:
    sq = edition.squares[square]
    if state.owner[square] != player:
        return f"you do not own {sq.name}"
    here = level(rules, state, square)
    if here == 0:
        return f"{sq.name} has no buildings"
    if here < max(level(rules, state, s) for s in group_members(edition, square)):
        return f"sell evenly: sell from the most built-up sites of {sq.name}'s group first"
    return None


def build_capacity(edition: Edition, rules: Rules, state: GameState, player: int, hotels: bool) -> int:
    """How many more houses (or hotels) the player's groups could take, supply aside."""
    total = 0
    seen: set[str] = set()
    for s in owned(state, player):
        sq = edition.squares[s]
        if sq.kind != "street" or sq.group in seen:
            continue
        seen.add(sq.group)
        members = group_members(edition, s)
        if not all(state.owner[m] == player and not state.mortgaged[m] for m in members):
            continue
        ready = min(level(rules, state, m) for m in members) >= rules.houses_per_hotel
        for m in members:
            if state.hotel[m]:
                continue
            if hotels:
                total += 1 if ready else 0
            else:
                total += rules.houses_per_hotel - state.houses[m]
    return total
