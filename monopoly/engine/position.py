"""Positions: a game set up in a chosen mid-game position, checked like a chess position from FEN.

A ``Position`` is plain data (frozen dataclasses, JSON through ``to_dict`` / ``from_dict``): who owns
what, the buildings, mortgages, cash, tokens, jail, Get Out of Jail Free cards held, the order of the
decks, whose turn it is, an optional debt being raised, the edition, rule options and seed.

- ``build_game(position)`` makes a ``Game`` in that position;
- ``position_of(game)`` reads a game's position back (so ``build_game(position_of(g))`` plays on
  from ``g``'s board);
- ``arrange(game, ...)`` and ``rearrange(game, position)`` change a game in place between decisions,
  for scenario tests that arrange a board and then play it.

Every entry point balances the bank's books itself (money paid in and out, houses and hotels in
stock) and refuses an impossible position with a ``PositionError`` saying why; the engine's own
``check_state`` runs last as a guard. Squares are named by index (``39`` or ``"39"``) or by name in
any case (``"boardwalk"``); players by seat or by name; the bank as ``"bank"``.
"""

from __future__ import annotations

import copy
import dataclasses
import types
import typing
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Union

from . import holdings as H
from .dice import DiceSource, RandomDice
from .editions import BOARD_SIZE as BOARD, DECKS, Edition, load_edition
from .errors import MonopolyError
from .events import BANK
from .invariants import board_problem
from .rules import Rules
from .codes import DecisionKind as K, PaymentReason, Phase
from .state import NOBODY, Decision, GameState, PlayerState, TurnState

if TYPE_CHECKING:
    from .game import Game

SquareRef = Union[int, str]  # an index 0-39 (also as text, "39") or a square's name, any case
PlayerRef = Union[int, str]  # a seat from 0, or a player's name, any case
HOTEL = "hotel"
JAIL = 10  # the Jail square on every edition's board
MIN_PLAYERS, MAX_PLAYERS = 2, 8


class PositionError(MonopolyError):
    """A position that cannot be set up; the message says what is wrong, for a person to read."""


# ---------------------------------------------------------------------------------------------- values
@dataclass(frozen=True)
class PlayerSetup:
    """One seat of a position. ``owns`` are unmortgaged deeds and ``mortgaged`` mortgaged ones.

    ``cash`` defaults to the edition's starting cash; ``square`` to Go, or Jail for a player in jail.
    ``jail_turns`` counts the throws already tried for doubles in jail. ``jail_cards`` names the deck
    of each Get Out of Jail Free card held ("chance" or "community_chest"); held cards are out of
    their deck. A ``bankrupt`` player has left the game: nothing owned, no cash, no cards.
    """

    name: str
    cash: int | None = None
    square: SquareRef | None = None
    owns: tuple[SquareRef, ...] = ()
    mortgaged: tuple[SquareRef, ...] = ()
    in_jail: bool = False
    jail_turns: int = 0
    jail_cards: tuple[str, ...] = ()
    bankrupt: bool = False

    def __post_init__(self) -> None:
        for name in ("owns", "mortgaged", "jail_cards"):
            _freeze(self, name, tuple)


@dataclass(frozen=True)
class DeckSetup:
    """The order of one deck, by card id: ``top`` cards first (the rest shuffled by the game's dice
    source), or the ``order`` of every card still in the deck, top first."""

    top: tuple[str, ...] = ()
    order: tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        _freeze(self, "top", tuple)
        if self.order is not None:
            _freeze(self, "order", tuple)


@dataclass(frozen=True)
class Debt:
    """A debt falling due in the current turn: ``player`` owes ``amount`` to ``creditor`` (a player or
    ``"bank"``) for ``reason`` (one of the engine's payment reasons) and has too little cash, so the game starts with their raise-funds decision. Once it
    is settled the turn goes on: the current player throws again after doubles, else the next turn
    starts."""

    player: PlayerRef
    amount: int
    creditor: PlayerRef = "bank"
    reason: str = "rent"


@dataclass(frozen=True)
class Position:
    """A whole game position. Mappings given to ``rules``, ``buildings`` and ``decks`` are kept as
    tuples of pairs (so a position is hashable); ``rule_options``, ``building_map`` and ``deck_map``
    give them back as dicts.

    ``rules`` changes the edition's default rule options; ``buildings`` maps a street to its number
    of houses or ``"hotel"``; ``decks`` maps "chance" / "community_chest" to a ``DeckSetup``.
    ``current_player`` is whose turn it is, ``turn`` the engine's turn number, ``doubles`` the doubles
    thrown so far this turn (the player throws again). ``seed`` seeds the dice when ``build_game`` is
    given no dice source.
    """

    players: tuple[PlayerSetup, ...]
    edition: str = "us"
    rules: tuple[tuple[str, Any], ...] = field(default=(), metadata={"mapping": True})
    buildings: tuple[tuple[SquareRef, Union[int, str]], ...] = field(default=(), metadata={"mapping": True})
    decks: tuple[tuple[str, DeckSetup], ...] = field(default=(), metadata={"mapping": True})
    current_player: PlayerRef = 0
    turn: int = 1
    doubles: int = 0
    debt: Debt | None = None
    offline_square: SquareRef = 0
    seed: int | None = None

    def __post_init__(self) -> None:
        _freeze(self, "players", tuple)
        for name in ("rules", "buildings", "decks"):
            _freeze(self, name, _pairs)

    @property
    def rule_options(self) -> dict[str, Any]:
        return dict(self.rules)

    @property
    def building_map(self) -> dict[SquareRef, Union[int, str]]:
        return dict(self.buildings)

    @property
    def deck_map(self) -> dict[str, DeckSetup]:
        return dict(self.decks)

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible data; fields left at their defaults are left out."""
        data: dict[str, Any] = _plain(self)
        return data

    @classmethod
    def from_dict(cls, data: Any) -> "Position":
        """Read a position from JSON data; raises ``PositionError`` naming the field that is wrong."""
        position: Position = _read(cls, data, "position")
        return position


def _freeze(value: Any, name: str, convert: Any) -> None:
    """Store a field given as any sequence or mapping in its hashable form (a text is not a list)."""
    given = getattr(value, name)
    if isinstance(given, str):
        raise PositionError(f"{name}: expected a list or mapping, not the text {given!r}")
    object.__setattr__(value, name, convert(given))


def _pairs(value: Any) -> tuple[tuple[Any, Any], ...]:
    items = value.items() if isinstance(value, Mapping) else value
    return tuple((k, v) for k, v in items)


# ------------------------------------------------------------------------------------------------ JSON
def _plain(value: Any) -> Any:
    if dataclasses.is_dataclass(value):
        out = {}
        for f in dataclasses.fields(value):
            v = getattr(value, f.name)
            if f.default is not dataclasses.MISSING and v == f.default:
                continue
            out[f.name] = {str(k): _plain(x) for k, x in v} if f.metadata.get("mapping") else _plain(v)
        return out
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


_CHECKS: dict[Any, tuple[Any, str]] = {
    int: (_is_int, "a whole number"),
    bool: (lambda v: isinstance(v, bool), "true or false"),
    str: (lambda v: isinstance(v, str), "text"),
    Union[int, str]: (lambda v: _is_int(v) or isinstance(v, str), "a number or a name"),
}


def _read(cls: Any, data: Any, where: str) -> Any:
    """Build a position value from JSON data, checking each field's type against its hint."""
    if not isinstance(data, dict):
        raise PositionError(f"{where}: expected an object")
    fields = {f.name: f for f in dataclasses.fields(cls)}
    unknown = sorted(set(data) - set(fields))
    if unknown:
        raise PositionError(f"{where}: unknown field {unknown[0]!r}; known: {', '.join(fields)}")
    hints = typing.get_type_hints(cls)
    kwargs = {}
    for name, f in fields.items():
        if name not in data:
            if f.default is dataclasses.MISSING:
                raise PositionError(f"{where}.{name}: missing")
            continue
        kwargs[name] = _value(hints[name], data[name], f"{where}.{name}", bool(f.metadata.get("mapping")))
    return cls(**kwargs)


def _value(hint: Any, data: Any, where: str, mapping: bool = False) -> Any:
    if isinstance(hint, types.UnionType):  # ``int | None`` as the hints give it: one spelling of unions
        hint = Union[typing.get_args(hint)]
    if mapping:
        if not isinstance(data, dict):
            raise PositionError(f"{where}: expected an object")
        _, value_hint = typing.get_args(typing.get_args(hint)[0])  # tuple[tuple[key, value], ...]
        if value_hint is Any:
            return tuple(data.items())
        return tuple((k, _value(value_hint, v, f"{where}.{k}")) for k, v in data.items())
    if hint in _CHECKS:
        check, what = _CHECKS[hint]
        if not check(data):
            raise PositionError(f"{where}: expected {what}, not {data!r}")
        return data
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is Union and type(None) in args:
        if data is None:
            return None
        inner = [a for a in args if a is not type(None)]
        return _value(inner[0] if len(inner) == 1 else Union[tuple(inner)], data, where)
    if origin is tuple:
        if not isinstance(data, list):
            raise PositionError(f"{where}: expected a list")
        return tuple(_value(args[0], v, f"{where}[{i}]") for i, v in enumerate(data))
    if dataclasses.is_dataclass(hint):
        return _read(hint, data, where)
    raise PositionError(f"{where}: cannot read a value of type {hint!r}")  # pragma: no cover (a bug)


# ------------------------------------------------------------------------------------------- names
class _Names:
    """Squares, players and cards of one game looked up by the names a person would use."""

    def __init__(self, edition: Edition, players: list[str]) -> None:
        self.edition = edition
        self.players = players

    def square(self, ref: Any, where: str) -> int:
        if isinstance(ref, str) and ref.strip().isdigit():
            ref = int(ref.strip())
        if _is_int(ref):
            if not 0 <= ref < BOARD:
                raise PositionError(f"{where}: square {ref} is off the board (0 to {BOARD - 1})")
            return int(ref)
        if not isinstance(ref, str):
            raise PositionError(f"{where}: expected a square's index or name, not {ref!r}")
        matches = [s.index for s in self.edition.squares if s.name.lower() == ref.strip().lower()]
        if not matches:
            raise PositionError(f"{where}: no square is called {ref!r} on the {self.edition.name} board")
        if len(matches) > 1:
            raise PositionError(f"{where}: {len(matches)} squares are called {ref!r}: name one by index "
                                f"({', '.join(map(str, matches))})")
        return matches[0]

    def player(self, ref: Any, where: str, bank: bool = False) -> int:
        if bank and isinstance(ref, str) and ref.strip().lower() == "bank":
            return BANK
        if _is_int(ref):
            if not 0 <= ref < len(self.players):
                raise PositionError(f"{where}: there is no seat {ref} (seats 0 to {len(self.players) - 1})")
            return int(ref)
        if isinstance(ref, str):
            for i, name in enumerate(self.players):
                if name.lower() == ref.strip().lower():
                    return i
        raise PositionError(f"{where}: no player is called {ref!r} (players: {', '.join(self.players)}"
                            f"{', or bank' if bank else ''})")

    def deck(self, ref: Any, where: str) -> str:
        if ref not in DECKS:
            raise PositionError(f"{where}: no deck is called {ref!r} (decks: {', '.join(DECKS)})")
        return str(ref)

    def card(self, deck: str, card_id: Any, where: str) -> int:
        for i, card in enumerate(self.edition.deck(deck)):
            if card.id == card_id:
                return i
        raise PositionError(f"{where}: the {deck} deck has no card {card_id!r}")

    def square_name(self, index: int) -> SquareRef:
        """A square's name when it names one square, else its index (there are three Chance squares)."""
        name = self.edition.squares[index].name
        unique = sum(1 for s in self.edition.squares if s.name.lower() == name.lower()) == 1
        return name if unique else index


def _level_value(value: Any, where: str) -> tuple[int, bool]:
    """(houses, hotel) from a buildings entry: a number of houses or "hotel"."""
    if isinstance(value, str) and value.strip().lower() == HOTEL:
        return 0, True
    if not _is_int(value):
        raise PositionError(f"{where}: expected a number of houses or \"hotel\", not {value!r}")
    return value, False


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


# ------------------------------------------------------------------------------------------ in place
def rearrange(game: "Game", position: Position) -> None:
    """Put an existing game in ``position`` (for tests that set a board up, then play on).

    The game keeps its dice source (decks left unordered are shuffled by it) and its log; whatever
    was pending is dropped for the position's own throw or debt. The position's edition and rules
    must be the game's: they are fixed when a game is created.
    """
    edition, rules = _edition_and_rules(position)
    if edition.id != game.edition.id or rules != game.rules:
        raise PositionError("a game keeps its edition and rules: rearrange it only into a position with the "
                            "same ones (build a new game for others)")
    _commit(game, _checked(position, edition, rules, game.dice).state)


def arrange(game: "Game", *, owners: Mapping[SquareRef, PlayerRef | None] | None = None,
            mortgaged: Mapping[SquareRef, bool] | None = None,
            buildings: Mapping[SquareRef, int | str] | None = None,
            cash: Mapping[PlayerRef, int] | None = None,
            squares: Mapping[PlayerRef, SquareRef] | None = None,
            jail: Mapping[PlayerRef, int | None] | None = None,
            jail_cards: Mapping[PlayerRef, Iterable[str]] | None = None,
            top_cards: Mapping[str, Iterable[str]] | None = None,
            offline_square: SquareRef | None = None,
            current_player: PlayerRef | None = None,
            debt: Debt | None = None,
            bankrupt: Iterable[PlayerRef] = (),
            pot: int | None = None) -> None:
    """Change parts of a game's board in place, between decisions; the rest of the game stays as it is.

    - ``owners``: square -> player (``None`` gives it back to the bank, unmortgaged); ``mortgaged``:
      square -> mortgaged or not; ``buildings``: street -> houses or ``"hotel"``, from and back to the
      bank's stock;
    - ``cash``: player -> cash, the difference booked with the bank; ``squares``: player -> square
      the token stands on (no move is made: nothing is collected or paid);
    - ``jail``: player -> throws already tried in jail (token to Jail), or ``None`` to set them free;
    - ``jail_cards``: player -> the decks of the Get Out of Jail Free cards they hold; cards given are
      taken out of their deck and cards taken back go to its bottom;
    - ``top_cards``: deck -> card ids put on top in that order (the others keep their order);
    - ``offline_square``: where the .com Offline token stands; ``current_player``: whose turn it is
      (only at a throw, before the dice are thrown);
    - ``debt``: a debt that falls due now, beneath whatever is already pending: the debtor raises
      funds once those decisions are taken, then the turn goes on as it stood;
    - ``bankrupt``: players who have left the game; they must own nothing and hold no cards, and
      their cash goes to the bank;
    - ``pot``: the money in the Free Parking pot (rule option ``free_parking_pot``), the difference
      booked with the bank.

    All changes are checked together (the position must be possible when they are all made) and
    made together or not at all. Pending decisions stay pending, and the engine copes with a board
    changed under them: a trade offer is checked again when accepted, a high bid the winner can no
    longer pay becomes their debt, a debt now covered is paid at the next action. So arranging is
    allowed between any two decisions except that it is refused on a finished game, for buildings
    while bought houses or hotels are being auctioned or placed (the bank's stock is what is being
    sold), and whenever the engine's check of the result fails (a property up for sale given an
    owner, say).
    """
    s = game.state
    if s.outcome is not None:
        raise PositionError("the game is over: there is nothing left to arrange")
    if buildings and any(d.kind == K.PLACE_BUILDING or (d.auction is not None and d.auction.item != "square")
                         for d in s.stack):
        raise PositionError("cannot change buildings while the bank's scarce houses or hotels are auctioned or "
                            "placed")
    e = game.edition
    new = copy.deepcopy(s)
    look = _Names(e, [p.name for p in new.players])
    for ref, who in (owners or {}).items():
        sq = look.square(ref, "owners")
        new.owner[sq] = NOBODY if who is None else look.player(who, f"owners.{e.squares[sq].name}")
        if who is None:
            new.mortgaged[sq] = False
    for ref, flag in (mortgaged or {}).items():
        new.mortgaged[look.square(ref, "mortgaged")] = bool(flag)
    for ref, value in (buildings or {}).items():
        sq = look.square(ref, "buildings")
        count, hotel = _level_value(value, f"buildings.{e.squares[sq].name}")
        new.bank_houses += new.houses[sq] - count
        new.bank_hotels += int(new.hotel[sq]) - int(hotel)
        new.houses[sq], new.hotel[sq] = count, hotel
    for ref, amount in (cash or {}).items():
        p = new.players[look.player(ref, "cash")]
        if not _is_int(amount):
            raise PositionError(f"cash of {p.name}: expected a whole number, not {amount!r}")
        if amount > p.cash:
            new.bank_paid_out += amount - p.cash
        else:
            new.bank_paid_in += p.cash - amount
        p.cash = amount
    for ref, where in (squares or {}).items():
        new.players[look.player(ref, "squares")].position = look.square(where, "squares")
    for ref, tried in (jail or {}).items():
        p = new.players[look.player(ref, "jail")]
        if tried is None:
            p.in_jail, p.jail_turns = False, 0
        elif not _is_int(tried):
            raise PositionError(f"jail of {p.name}: expected the throws tried (a whole number), not {tried!r}")
        else:
            p.position, p.in_jail, p.jail_turns = JAIL, True, tried
    for ref, decks in (jail_cards or {}).items():
        _hand_cards(look, new, look.player(ref, "jail_cards"), [look.deck(d, "jail_cards") for d in decks])
    for deck, ids in (top_cards or {}).items():
        di = DECKS.index(look.deck(deck, "top_cards"))
        top = [look.card(deck, c, f"top_cards.{deck}") for c in ids]
        missing = [c for c in top if c not in new.decks[di]]
        if missing:
            raise PositionError(f"top_cards.{deck}: {e.deck(deck)[missing[0]].id} is held by a player, not in the deck")
        new.decks[di] = top + [c for c in new.decks[di] if c not in top]
    for ref in bankrupt:
        p = new.players[look.player(ref, "bankrupt")]
        new.bank_paid_in += p.cash
        p.cash, p.bankrupt = 0, True
    if pot is not None:
        if not _is_int(pot) or pot < 0 or (pot and not game.rules.free_parking_pot):
            raise PositionError(f"pot: a whole number of at least 0, and 0 without the Free Parking jackpot, "
                                f"not {pot!r}")
        if pot > new.pot:
            new.bank_paid_out += pot - new.pot
        else:
            new.bank_paid_in += new.pot - pot
        new.pot = pot
    if offline_square is not None:
        new.offline_square = look.square(offline_square, "offline_square")
    if current_player is not None:
        if s.stack or s.turn.phase != "await_roll":
            raise PositionError("whose turn it is changes only at a throw, not during a move or a decision")
        new.turn = TurnState(player=look.player(current_player, "current_player"), number=s.turn.number)
    if debt is not None:
        owed = _debt_decision(look, debt)
        if any(d.kind == K.RAISE_FUNDS and d.player == owed.player for d in new.stack):
            raise PositionError(f"{new.players[owed.player].name} is already raising funds for a debt")
        _check_debt(new, look.players, owed, e.money)
        new.stack.insert(0, owed)
    _check_board(e, game.rules, new)
    _commit(game, _guard(e, game.rules, new, game.dice).state)


def _hand_cards(look: _Names, state: GameState, seat: int, decks: list[str]) -> None:
    """Give a player exactly these jail cards, moving cards between the decks and the player."""
    player = state.players[seat]
    for deck in DECKS:
        di = DECKS.index(deck)
        jail_cards = [i for i, c in enumerate(look.edition.deck(deck)) if c.effect.kept]
        change = decks.count(deck) - player.jail_cards.count(deck)
        for _ in range(max(0, change)):
            free = [i for i in jail_cards if i in state.decks[di]]
            if not free:
                raise PositionError(f"no Get Out of Jail Free card is left in the {deck} deck to give "
                                    f"{player.name}")
            state.decks[di].remove(free[0])
        for _ in range(max(0, -change)):
            back = [i for i in jail_cards if i not in state.decks[di]]
            state.decks[di].append(back[0])
    player.jail_cards = decks


def _commit(game: "Game", state: GameState) -> None:
    """Copy a checked state into the game's own state objects (others may hold references to them).

    The game's history then starts over: no record or undo reaches back past a hand-made change."""
    _assign(game.state, state)
    game.forget_history()


def _assign(old: Any, new: Any) -> None:
    for f in dataclasses.fields(old):
        mine, theirs = getattr(old, f.name), getattr(new, f.name)
        if dataclasses.is_dataclass(mine) and type(mine) is type(theirs):
            _assign(mine, theirs)
        elif (isinstance(mine, list) and isinstance(theirs, list) and len(mine) == len(theirs)
              and all(dataclasses.is_dataclass(a) and type(a) is type(b) for a, b in zip(mine, theirs))):
            for a, b in zip(mine, theirs):
                _assign(a, b)
        elif isinstance(mine, list) and isinstance(theirs, list):
            mine[:] = theirs
        else:
            setattr(old, f.name, theirs)
