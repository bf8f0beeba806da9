"""A game from a position (``build_game``) and a position from a game (``position_of``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import holdings as H
from .dice import DiceSource, RandomDice
from .editions import BOARD_SIZE as BOARD, DECKS, Edition, load_edition
from .errors import MonopolyError
from .events import BANK
from .rules import Rules
from .codes import DecisionKind as K, Phase
from .state import NOBODY, GameState, PlayerState, TurnState
from .position_values import (HOTEL, JAIL, MAX_PLAYERS, MIN_PLAYERS, Debt, DeckSetup, PlayerRef, PlayerSetup, Position,
                              PositionError, _is_int, _pairs)
from .position_names import _Names, _level_value
from .position_checks import _check_board, _check_debt, _debt_decision, _guard

if TYPE_CHECKING:
    from .game import Game


# --------------------------------------------------------------------------------------------- build
def _edition_and_rules(position: Position) -> tuple[Edition, Rules]:
    try:
        edition = load_edition(position.edition)
    except MonopolyError as exc:
        raise PositionError(f"edition: {exc}") from None
    try:
        rules = edition.default_rules(**position.rule_options)
    except (TypeError, ValueError) as exc:
        raise PositionError(f"rules: {exc}") from None
    return edition, rules


def _state_from(position: Position, edition: Edition, rules: Rules, dice: DiceSource) -> GameState:
    """The state of a position, with the bank's books balanced; deck rests shuffled by ``dice``."""
    setups = position.players
    names = [p.name.strip() if isinstance(p.name, str) else "" for p in setups]
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise PositionError(f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(names)}")
    if len(names) > rules.max_players:
        raise PositionError(f"these rules take at most {rules.max_players} players, not {len(names)}")
    if not all(names):
        raise PositionError("every player needs a name")
    if len({n.lower() for n in names}) != len(names):
        raise PositionError("two players have the same name")
    look = _Names(edition, names)
    owner, mortgaged = [NOBODY] * BOARD, [False] * BOARD
    players = []
    for seat, p in enumerate(setups):
        where = f"players[{seat}] ({names[seat]})"
        for ref, is_mortgaged in [(r, False) for r in p.owns] + [(r, True) for r in p.mortgaged]:
            sq = look.square(ref, f"{where}.{'mortgaged' if is_mortgaged else 'owns'}")
            if owner[sq] != NOBODY:
                raise PositionError(f"{edition.squares[sq].name} is owned twice "
                                    f"(by {names[owner[sq]]} and {names[seat]})")
            owner[sq], mortgaged[sq] = seat, is_mortgaged
        for name, value in (("cash", p.cash), ("jail_turns", p.jail_turns)):
            if value is not None and not _is_int(value):
                raise PositionError(f"{where}.{name}: expected a whole number, not {value!r}")
        square = JAIL if p.square is None and p.in_jail else look.square(p.square or 0, f"{where}.square")
        cards = [look.deck(d, f"{where}.jail_cards") for d in p.jail_cards]
        players.append(PlayerState(names[seat], H.starting_cash(edition, rules) if p.cash is None else p.cash, square,
                                   bool(p.in_jail), p.jail_turns, cards, bool(p.bankrupt)))
    houses, hotel = [0] * BOARD, [False] * BOARD
    for ref, level in position.buildings:
        sq = look.square(ref, "buildings")
        houses[sq], hotel[sq] = _level_value(level, f"buildings.{edition.squares[sq].name}")
    unknown = [d for d, _ in position.decks if d not in DECKS]
    if unknown:
        look.deck(unknown[0], "decks")
    decks = [_deck_order(look, deck, position.deck_map.get(deck, DeckSetup()), players, dice) for deck in DECKS]
    if not _is_int(position.turn) or position.turn < 1:
        raise PositionError(f"turn: the turn number is a whole number from 1, not {position.turn!r}")
    if not _is_int(position.doubles) or not 0 <= position.doubles <= 2:
        raise PositionError("doubles: the doubles thrown this turn are 0 to 2 (a third sends the player to jail), "
                            f"not {position.doubles!r}")
    turn = TurnState(player=look.player(position.current_player, "current_player"), number=position.turn,
                     doubles=position.doubles)
    state = GameState(edition=edition.id, players=players, owner=owner, mortgaged=mortgaged, houses=houses,
                      hotel=hotel, bank_houses=edition.bank_houses - sum(houses),
                      bank_hotels=edition.bank_hotels - sum(hotel), decks=decks, turn=turn,
                      offline_square=look.square(position.offline_square, "offline_square"))
    _balance_cash(state, edition, rules)
    if position.debt is not None:
        state.stack.append(_debt_decision(look, position.debt))
        # The debt fell due during the current player's move: once paid, that turn runs on.
        turn.phase, turn.again = Phase.RESOLVING, turn.doubles > 0
    return state


def _deck_order(look: _Names, deck: str, setup: DeckSetup, players: list[PlayerState],
                dice: DiceSource) -> list[int]:
    """One deck's order (card indices, top first) without the jail cards the players hold."""
    cards = look.edition.deck(deck)
    held = sum(p.jail_cards.count(deck) for p in players)
    jail_cards = [i for i, c in enumerate(cards) if c.effect.kept]
    if held > len(jail_cards):
        raise PositionError(f"players hold {held} Get Out of Jail Free cards from {deck}, "
                            f"but the deck has {len(jail_cards)}")
    remaining = [i for i in range(len(cards)) if i not in jail_cards[:held]]
    where = f"decks.{deck}"
    if setup.order is not None:
        if setup.top:
            raise PositionError(f"{where}: give either top or order, not both")
        order = [look.card(deck, c, f"{where}.order") for c in setup.order]
        if sorted(order) != remaining:
            raise PositionError(f"{where}.order must list each card still in the deck once "
                                f"({len(remaining)} cards, without the jail cards players hold)")
        return order
    top = [look.card(deck, c, f"{where}.top") for c in setup.top]
    if len(set(top)) != len(top):
        raise PositionError(f"{where}.top names a card twice")
    out = [c for c in top if c not in remaining]
    if out:
        raise PositionError(f"{where}.top: {look.edition.deck(deck)[out[0]].id} is held by a player, not in the deck")
    rest = [i for i in remaining if i not in top]
    dice.shuffle(rest)
    return top + rest


def _balance_cash(state: GameState, edition: Edition, rules: Rules) -> None:
    """Book the difference between the players' cash (and the pot) and what they started with as the bank's."""
    difference = sum(p.cash for p in state.players) + state.pot - H.starting_cash(edition, rules) * len(state.players)
    state.bank_paid_out, state.bank_paid_in = max(0, difference), max(0, -difference)


def _checked(position: Position, edition: Edition, rules: Rules, dice: DiceSource) -> "Game":
    state = _state_from(position, edition, rules, dice)
    _check_board(edition, rules, state)
    if state.stack:
        _check_debt(state, [p.name for p in state.players], state.stack[0], edition.money)
    return _guard(edition, rules, state, dice)


def build_game(position: Position, *, dice: DiceSource | None = None, seed: int | None = None,
               keep_log: bool = True) -> "Game":
    """A new game in ``position``; chance comes from ``dice``, else from ``seed``, else the position's seed.

    Decks without a chosen order are shuffled by that source. Raises ``PositionError`` for an
    impossible position.
    """
    edition, rules = _edition_and_rules(position)
    source = dice if dice is not None else RandomDice(seed if seed is not None else position.seed)
    origin = {"position": position.to_dict(), "dice": source.to_dict()}
    game = _checked(position, edition, rules, source)
    game.keep_log = keep_log
    game.origin = origin if keep_log else None
    return game


# ---------------------------------------------------------------------------------------------- read
def position_of(game: "Game") -> Position:
    """The position of a game, to save, edit or set up again with ``build_game``.

    A position is taken between decisions: at a throw, or while a debt is being raised. Rent still
    to be claimed, building orders waiting for a shortage to end and the time-limit clock are not
    part of it (they are left out); another pending decision, or a game over, is refused.
    """
    s, e = game.state, game.edition
    if s.outcome is not None:
        raise PositionError("the game is over: it has no position to play on from")
    t = s.turn
    debt = None
    if s.stack:
        d = s.stack[0]
        if len(s.stack) > 1 or d.kind != K.RAISE_FUNDS:
            raise PositionError("a position is taken at a throw or while a debt is raised, "
                                f"not while waiting for {game.waiting().kind}")
        if t.phase != "resolving" or t.steps or t.offline_moves or t.again != (t.doubles > 0):
            raise PositionError("the debt fell due part-way through a move: take the position once it is paid")
        creditor: PlayerRef = "bank" if d.creditor == BANK else s.players[d.creditor].name
        debt = Debt(s.players[d.player].name, d.amount, creditor, d.reason)
    elif t.phase != "await_roll":
        raise PositionError("a position is taken at a throw or while a debt is raised, not during a move")
    look = _Names(e, [p.name for p in s.players])
    players = []
    for i, p in enumerate(s.players):
        mine = [sq for sq in range(BOARD) if s.owner[sq] == i]
        players.append(PlayerSetup(
            name=p.name, cash=p.cash, square=look.square_name(p.position),
            owns=tuple(look.square_name(sq) for sq in mine if not s.mortgaged[sq]),
            mortgaged=tuple(look.square_name(sq) for sq in mine if s.mortgaged[sq]),
            in_jail=p.in_jail, jail_turns=p.jail_turns, jail_cards=tuple(p.jail_cards), bankrupt=p.bankrupt))
    defaults = e.default_rules().to_dict()
    rules = {k: v for k, v in game.rules.to_dict().items() if defaults[k] != v}
    buildings = {look.square_name(sq): HOTEL if s.hotel[sq] else s.houses[sq]
                 for sq in range(BOARD) if s.houses[sq] or s.hotel[sq]}
    decks = {deck: DeckSetup(order=tuple(e.deck(deck)[c].id for c in s.decks[di])) for di, deck in enumerate(DECKS)}
    return Position(players=tuple(players), edition=e.id, rules=_pairs(rules), buildings=_pairs(buildings),
                    decks=_pairs(decks),
                    current_player=s.players[t.player].name, turn=t.number, doubles=t.doubles, debt=debt,
                    offline_square=look.square_name(s.offline_square) if s.offline_square else 0,
                    seed=getattr(game.dice, "seed", None))
