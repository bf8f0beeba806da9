"""Questions about what players own: rent due, building rules, and what holdings are worth.

Pure functions of an edition, the rules and a state: the engine, the computer players and the
screen all ask them, so each rule is stated once.
"""

from __future__ import annotations

from dataclasses import dataclass

from .editions import Edition, SquareKind
from .rules import Rules
from .state import NOBODY, GameState


_STREET, _RAILROAD, _UTILITY = SquareKind.STREET, SquareKind.RAILROAD, SquareKind.UTILITY  # asked per rent


def ceil_percent(amount: int, percent: int) -> int:
    """``percent`` % of ``amount`` in whole money, rounded up (the bank never loses a part)."""
    return -(-amount * percent // 100)


def starting_cash(edition: Edition, rules: Rules) -> int:
    """Each player's cash at the start: the ``starting_cash`` option, or the board's amount."""
    return rules.starting_cash or edition.starting_cash


def go_salary(edition: Edition, rules: Rules) -> int:
    """The salary for passing GO: the ``go_salary`` option, or the board's amount."""
    return rules.go_salary or edition.go_salary


def group_members(edition: Edition, square: int) -> tuple[int, ...]:
    return edition.members[square]


def owns_group(edition: Edition, state: GameState, player: int, square: int) -> bool:
    owner = state.owner
    for s in edition.members[square]:  # a plain loop: computer players ask this of square after square
        if owner[s] != player:
            return False
    return True


def level(rules: Rules, state: GameState, square: int) -> int:
    """Buildings on a street as one number: houses, or houses-per-hotel + 1 for a hotel."""
    return rules.houses_per_hotel + 1 if state.hotel[square] else state.houses[square]


def levels(rules: Rules, state: GameState) -> tuple[int, ...]:
    """``level`` of every square, in board order, in one pass (a valuation reads the whole board)."""
    hotel = rules.houses_per_hotel + 1
    return tuple([hotel if has_hotel else houses for houses, has_hotel in zip(state.houses, state.hotel)])


def group_has_buildings(edition: Edition, state: GameState, square: int) -> bool:
    houses, hotel = state.houses, state.hotel
    for s in edition.members[square]:  # a plain loop: every check of a mortgage or a trade asks this
        if houses[s] or hotel[s]:
            return True
    return False


def rent_row(edition: Edition, rules: Rules, state: GameState, square: int) -> int | None:
    """Which rent line of ``square``'s title deed applies now, or None when no rent is due.

    No rent is due on an unowned or mortgaged deed, nor where the .com Offline token stands.
    Streets: 0 the plain rent, 1 the doubled rent of a whole group (unless a mortgaged site
    forbids it), 1 + n with n houses, 2 + houses-per-hotel with a hotel. Railroads and utilities:
    how many of the owner's unmortgaged ones count, less one.
    """
    owner = state.owner[square]
    if owner == NOBODY or state.mortgaged[square] or (rules.offline_rule and state.offline_square == square):
        return None  # the .com Offline token stops rent where it stands
    sq = edition.squares[square]
    kind = sq.kind
    if kind is _STREET:
        if state.hotel[square]:
            return 2 + rules.houses_per_hotel
        if state.houses[square]:
            return 1 + state.houses[square]
        members = edition.members[square]
        owner_list = state.owner
        for s in members:
            if owner_list[s] != owner:
                return 0
        if rules.double_rent_with_mortgage:
            return 1
        mortgaged = state.mortgaged
        for s in members:
            if mortgaged[s]:
                return 0
        return 1
    if kind is _RAILROAD or kind is _UTILITY:
        # how many of the owner's railroads (utilities) count: the group of one is all of its kind
        count = 0
        owner_list, mortgaged = state.owner, state.mortgaged
        for s in edition.members[square]:  # a plain loop: every rent on a railroad or utility asks this
            if owner_list[s] == owner and not mortgaged[s]:
                count += 1
        return count - 1
    return None


def rent_table(edition: Edition, rules: Rules, square: int) -> tuple[int, ...]:
    """The lines of ``square``'s title deed, indexed as ``rent_row`` numbers them (``rent`` charges
    the line that applies). Streets: the plain rent, the doubled rent of a whole group, the rent
    with 1 to houses-per-hotel houses, the rent with a hotel. Railroads: the rent with 1, 2, 3, 4
    owned. Utilities: the multiple of the dice total with 1, 2 owned. Empty for other squares."""
    sq = edition.squares[square]
    if sq.kind is _STREET:
        return (sq.rent[0], sq.rent[0] * 2, *sq.rent[1:rules.houses_per_hotel + 1], sq.rent[5])
    if sq.kind is _RAILROAD:
        return tuple(sq.rent)
    if sq.kind is _UTILITY:
        return tuple(sq.multipliers)
    return ()


def rent(edition: Edition, rules: Rules, state: GameState, square: int, dice_total: int,
         railroad_multiplier: int = 1, utility_multiplier: int = 0) -> int:
    """Rent owed on ``square`` to its owner as things stand (0 when mortgaged or unowned): the
    line of the deed that ``rent_row`` says applies (``rent_table``'s line, worked out in place:
    every landing asks this)."""
    row = rent_row(edition, rules, state, square)
    if row is None:
        return 0
    sq = edition.squares[square]
    kind = sq.kind
    if kind is _STREET:
        if row <= 1:
            return sq.rent[0] * (row + 1)
        return sq.rent[5] if state.hotel[square] else sq.rent[row - 1]
    if kind is _RAILROAD:
        return sq.rent[row] * railroad_multiplier
    multiplier = utility_multiplier or sq.multipliers[min(row, len(sq.multipliers) - 1)]
    return multiplier * dice_total


def building_sale_value(edition: Edition, rules: Rules, state: GameState, square: int) -> int:
    """What the bank pays for every building on a street: half of what they cost."""
    sq = edition.squares[square]
    if state.hotel[square]:
        return (sq.house_cost * (rules.houses_per_hotel + 1)) // 2
    return (sq.house_cost * state.houses[square]) // 2


@dataclass(frozen=True)
class BuildingSale:
    """What selling the next building of a street does: the one statement of the rule, which the
    engine carries out and the read view reports (the refund before a player decides).

    ``steps`` are the buildings sold in order, each (square, houses left on it, whether it was a
    hotel, refund). A hotel becomes houses as far as the bank has them and the rest is paid; when
    the bank has too few to keep the group even, every hotel of the group goes and ``spread`` gives
    the houses then on each site (evenly, any odd ones on the dearest sites).
    """

    steps: tuple[tuple[int, int, bool, int], ...]
    spread: tuple[tuple[int, int], ...] | None = None

    @property
    def refund(self) -> int:
        return sum(step[3] for step in self.steps)


def building_sale(edition: Edition, rules: Rules, state: GameState, square: int) -> BuildingSale:
    """The sale of the next building on ``square`` (which has one): see ``BuildingSale``."""
    half = edition.squares[square].house_cost // 2
    if not state.hotel[square]:
        return BuildingSale(((square, state.houses[square] - 1, False, half),))
    hph = rules.houses_per_hotel
    bank = state.bank_houses
    got = min(hph, bank)
    bank -= got
    steps = [(square, got, True, half * (1 + hph - got))]
    members = group_members(edition, square)
    houses = {m: (got if m == square else state.houses[m]) for m in members}
    levels = [hph + 1 if state.hotel[m] and m != square else houses[m] for m in members]
    if max(levels) - min(levels) <= 1 or not rules.even_building:
        return BuildingSale(tuple(steps))
    for m in members:
        if state.hotel[m] and m != square:
            got = min(hph, bank)
            bank -= got
            houses[m] = got
            steps.append((m, got, True, edition.squares[m].house_cost // 2 * (1 + hph - got)))
    total = sum(houses.values())
    by_price = sorted(members, key=lambda m: (-edition.squares[m].price, -m))
    share = {m: total // len(members) + (1 if i < total % len(members) else 0) for i, m in enumerate(by_price)}
    return BuildingSale(tuple(steps), tuple((m, share[m]) for m in members))


def active_players(state: GameState) -> list[int]:
    """The seats still in the game, in seat order."""
    return [i for i, p in enumerate(state.players) if not p.bankrupt]


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
    owner = state.owner
    if owner[square] != player:
        return f"you do not own {sq.name}"
    # Plain loops over the group (not all/any/min of generators): computer players ask this of
    # every site they might build on, at every decision.
    members = edition.members[square]
    for s in members:
        if owner[s] != player:
            return f"you need the whole colour group of {sq.name} to build"
    mortgaged = state.mortgaged
    for s in members:
        if mortgaged[s]:
            return f"a site of {sq.name}'s group is mortgaged: lift it before building"
    houses, hotel = state.houses, state.hotel
    per_hotel = rules.houses_per_hotel
    top = per_hotel + 1
    here = top if hotel[square] else houses[square]  # ``level``
    if here >= top:
        return f"{sq.name} already has a hotel"
    if rules.even_building:
        for s in members:
            if (top if hotel[s] else houses[s]) < here:
                return f"build evenly: the other sites of {sq.name}'s group need a building first"
    wants_hotel = here == per_hotel
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
    if rules.even_building and here < max(level(rules, state, s) for s in group_members(edition, square)):
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
                total += 1 if ready or (not rules.even_building and state.houses[m] >= rules.houses_per_hotel) else 0
            else:
                total += rules.houses_per_hotel - state.houses[m]
    return total
