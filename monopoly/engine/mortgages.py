"""Mortgages: raising the mortgage value from the bank, lifting it with interest, and the
interest due from whoever receives a deed that is mortgaged.
"""

from __future__ import annotations



from . import actions as A
from . import events as E
from . import holdings as H
from .codes import DecisionKind as K, PaymentReason as R
from .debts import deal_problem, spend_problem
from .decisions import pending_problem, square_problem
from .table import Table


BANK = E.BANK


def interest(g: Table, square: int) -> int:
    """The interest on ``square``'s mortgage (rounded up to whole money)."""
    return H.ceil_percent(g.edition.squares[square].mortgage, g.rules.mortgage_interest)


def lift_cost(g: Table, square: int) -> int:
    """The mortgage plus interest: what lifting the mortgage on ``square`` costs."""
    return g.edition.squares[square].mortgage + interest(g, square)


def property_problem(g: Table, player: int, square: int) -> str | None:
    """Why ``square`` is not a property that ``player`` owns, or None."""
    problem = square_problem(square)
    if problem:
        return problem
    sq = g.edition.squares[square]
    if not sq.is_property:
        return f"{sq.name} is not a property"
    if g.state.owner[square] != player:
        return f"{g.state.players[player].name} does not own {sq.name}"
    return None


def mortgage_problem(g: Table, a: A.Mortgage) -> str | None:
    problem = deal_problem(g, a.player) or property_problem(g, a.player, a.square)
    if problem:
        return problem
    name = g.edition.squares[a.square].name
    if g.state.mortgaged[a.square]:
        return f"{name} is already mortgaged"
    if H.group_has_buildings(g.edition, g.state, a.square):
        return f"sell the buildings on {name}'s group before mortgaging it"
    return None


def mortgage(g: Table, a: A.Mortgage) -> None:
    amount = g.edition.squares[a.square].mortgage
    g.set_mortgage(a.square, True)
    g.transfer(BANK, a.player, amount, R.MORTGAGE)
    g.emit(E.Mortgaged, a.player, a.square, amount)


def lift_mortgage_problem(g: Table, a: A.LiftMortgage) -> str | None:
    problem = deal_problem(g, a.player) or property_problem(g, a.player, a.square)
    if problem:
        return problem
    name = g.edition.squares[a.square].name
    if not g.state.mortgaged[a.square]:
        return f"{name} is not mortgaged"
    problem = spend_problem(g, a.player)
    if problem:
        return problem
    cost = lift_cost(g, a.square)
    if g.state.players[a.player].cash < cost:
        return f"lifting the mortgage on {name} costs {g.edition.money(cost)}"
    return None


def lift_mortgage(g: Table, a: A.LiftMortgage) -> None:
    cost = lift_cost(g, a.square)
    g.set_mortgage(a.square, False)
    g.transfer(a.player, BANK, cost, R.MORTGAGE_LIFTED)
    g.emit(E.MortgageLifted, a.player, a.square, cost)


def settle_mortgage_problem(g: Table, a: A.SettleMortgagedTransfer) -> str | None:
    problem = pending_problem(g, K.MORTGAGED_TRANSFER, a.player)
    if problem:
        return problem
    d = g.waiting()
    if a.square != d.square:
        return f"the decision is about {g.edition.squares[d.square].name}"
    if a.lift:
        problem = spend_problem(g, a.player)  # lifting spends, as a LiftMortgage would
        if problem:
            return problem
        if g.state.players[a.player].cash < lift_cost(g, a.square):
            return f"lifting the mortgage costs {g.edition.money(lift_cost(g, a.square))}"
    return None


def settle_mortgage(g: Table, a: A.SettleMortgagedTransfer) -> None:
    g.state.stack.pop()
    if a.lift:
        lift_mortgage(g, A.LiftMortgage(a.player, a.square))
    else:
        g.charge(a.player, BANK, interest(g, a.square), R.MORTGAGE_INTEREST)
