"""Checks of a position set up by hand, in words a person understands: the board, a debt being raised,
and the engine's own check of the finished state as the last guard.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .dice import DiceSource
from .editions import DECKS, Edition
from .events import BANK
from .invariants import board_problem
from .rules import Rules
from .codes import DecisionKind as K, PaymentReason
from .state import Decision, GameState
from .position_values import JAIL, Debt, PositionError, _is_int
from .position_names import _Names

if TYPE_CHECKING:
    from .game import Game


# ------------------------------------------------------------------------------------------ checking
def _check_board(edition: Edition, rules: Rules, s: GameState) -> None:
    """Everything about a board that must hold for play to go on, in words a person understands.

    What a position adds to a game's own facts (a prisoner's token and throws, two players still
    in) is checked here; the players' money and holdings and the buildings are checked by the
    engine's one statement of them (``invariants.board_problem``), in its plain words.
    """
    sq_name = [sq.name for sq in edition.squares]
    for p in s.players:
        if p.in_jail and p.position != JAIL:
            raise PositionError(f"{p.name} is in jail, so the token belongs on {sq_name[JAIL]}, "
                                f"not {sq_name[p.position]}")
        if not p.in_jail and p.jail_turns:
            raise PositionError(f"{p.name} is not in jail but has tried {p.jail_turns} throws there")
        if not 0 <= p.jail_turns < rules.jail_turns:
            raise PositionError(f"{p.name} has tried {p.jail_turns} throws in jail; with these rules a prisoner "
                                f"has tried 0 to {rules.jail_turns - 1} (the next failure makes them pay)")
    problem = board_problem(edition, rules, s)
    if problem is not None:
        raise PositionError(problem[1])
    if sum(not p.bankrupt for p in s.players) < 2:
        raise PositionError("at least two players must still be in the game")
    for deck in DECKS:
        held = sum(p.jail_cards.count(deck) for p in s.players)
        exist = sum(1 for c in edition.deck(deck) if c.effect.kept)
        if held > exist:
            raise PositionError(f"players hold {held} Get Out of Jail Free cards from {deck}, "
                                f"but the deck has {exist}")
    if not (s.offline_square == 0 or edition.squares[s.offline_square].is_property):
        raise PositionError(f"the Offline token stands on Go or a property, not {sq_name[s.offline_square]}")


def _debt_decision(look: _Names, debt: Debt) -> Decision:
    """The raise-funds decision of a debt (checked by ``_check_debt`` once the board is known)."""
    if not _is_int(debt.amount):
        raise PositionError(f"debt.amount: expected a whole number, not {debt.amount!r}")
    if debt.reason not in {r.value for r in PaymentReason}:
        raise PositionError(f"debt.reason: expected one of {PaymentReason.allowed()}, not {debt.reason!r}")
    return Decision(K.RAISE_FUNDS, look.player(debt.player, "debt.player"), amount=debt.amount,
                    creditor=look.player(debt.creditor, "debt.creditor", bank=True), reason=str(debt.reason))


def _check_debt(s: GameState, names: list[str], debt: Decision, money: Any) -> None:
    debtor = s.players[debt.player]
    if debtor.bankrupt:
        raise PositionError(f"{debtor.name} is bankrupt and owes nothing")
    if debt.creditor == debt.player:
        raise PositionError(f"{debtor.name} cannot owe money to themselves")
    if debt.creditor != BANK and s.players[debt.creditor].bankrupt:
        raise PositionError(f"{names[debt.creditor]} is bankrupt: a debt to them is owed to the bank")
    if debt.amount <= 0:
        raise PositionError(f"a debt is more than nothing, not {money(debt.amount)}")
    if debtor.cash >= debt.amount:
        raise PositionError(f"{debtor.name} has {money(debtor.cash)}, enough to pay {money(debt.amount)} at once: "
                            "a debt to raise funds for is more than the debtor's cash")


def _guard(edition: Edition, rules: Rules, state: GameState, dice: DiceSource) -> "Game":
    """The engine's own check of the finished state, as a last guard; returns a game on it."""
    from .game import Game
    from .invariants import InvariantError, check_state
    game = Game(edition, rules, state, dice)
    try:
        check_state(game)
    except InvariantError as exc:
        raise PositionError(f"the engine refuses the position: {exc}") from None
    return game
