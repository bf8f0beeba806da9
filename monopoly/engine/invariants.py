"""Facts that hold after every action of every game; the property tests and save loading check them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import holdings as H
from .editions import DECKS
from .state import NOBODY, DecisionKind as K

if TYPE_CHECKING:
    from .game import Game

_KINDS = {v for k, v in vars(K).items() if k.isupper()}


class InvariantError(AssertionError):
    """The state breaks a rule that play can never break: a bug, or a hand-edited save."""


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise InvariantError(message)


def check_state(game: "Game") -> None:
    """Check the whole state for consistency; raise ``InvariantError`` naming the first problem."""
    e, s, r = game.edition, game.state, game.rules
    n = len(s.players)
    _require(2 <= n <= 8, f"players: a game has 2 to 8 players, not {n}")
    for name, values in (("owner", s.owner), ("mortgaged", s.mortgaged), ("houses", s.houses), ("hotel", s.hotel)):
        _require(len(values) == 40, f"{name}: expected 40 entries, found {len(values)}")
    for i, pl in enumerate(s.players):
        _require(pl.cash >= 0, f"players[{i}].cash is negative")
        _require(0 <= pl.position < 40, f"players[{i}].position is off the board")
        _require(0 <= pl.jail_turns <= 3, f"players[{i}].jail_turns is out of range")
        _require(all(c in DECKS for c in pl.jail_cards), f"players[{i}].jail_cards names an unknown deck")
        if pl.bankrupt:
            _require(not H.owned(s, i), f"players[{i}] is bankrupt but owns property")
            _require(pl.cash == 0 and not pl.jail_cards, f"players[{i}] is bankrupt but holds money or cards")
    start = e.starting_cash * n
    _require(sum(p.cash for p in s.players) == start + s.bank_paid_out - s.bank_paid_in,
             "money is not conserved: players' cash does not match the bank's ledger")
    top = r.houses_per_hotel
    for sq in range(40):
        owner = s.owner[sq]
        _require(owner == NOBODY or 0 <= owner < n, f"owner[{sq}] is not a player")
        is_prop = e.squares[sq].is_property
        _require(is_prop or owner == NOBODY, f"owner[{sq}]: {e.squares[sq].name} cannot be owned")
        _require(not s.mortgaged[sq] or owner != NOBODY, f"mortgaged[{sq}] but unowned")
        built = s.houses[sq] or s.hotel[sq]
        _require(0 <= s.houses[sq] <= top, f"houses[{sq}] is out of range")
        _require(not (s.hotel[sq] and s.houses[sq]), f"square {sq} has both a hotel and houses")
        if built:
            _require(e.squares[sq].kind == "street", f"square {sq} has buildings but is not a street")
            members = H.group_members(e, sq)
            _require(all(s.owner[m] == owner for m in members), f"square {sq} has buildings on an incomplete group")
            _require(not any(s.mortgaged[m] for m in members), f"square {sq} has buildings in a mortgaged group")
            levels = [H.level(r, s, m) for m in members]
            _require(max(levels) - min(levels) <= 1, f"the group of square {sq} is not built evenly")
    _require(s.bank_houses >= 0 and s.bank_hotels >= 0, "the bank's buildings are negative")
    _require(s.bank_houses + sum(s.houses) == e.bank_houses, "houses are not conserved")
    _require(s.bank_hotels + sum(s.hotel) == e.bank_hotels, "hotels are not conserved")
    _require(len(s.decks) == 2, "decks: expected two decks")
    for di, deck in enumerate(DECKS):
        cards = e.deck(deck)
        held = sum(pl.jail_cards.count(deck) for pl in s.players)
        order = s.decks[di]
        _require(len(set(order)) == len(order) and all(0 <= c < len(cards) for c in order),
                 f"decks[{di}] is not an arrangement of the {deck} cards")
        _require(len(order) + held == len(cards), f"{deck} cards are missing or doubled")
    _require(0 <= s.turn.player < n and not (s.players[s.turn.player].bankrupt and s.outcome is None
                                              and not s.stack and s.turn.phase == "await_roll"),
             "turn.player is not a player in the game")
    _require(s.turn.phase in ("await_roll", "resolving", "move_pending"), "turn.phase is unknown")
    for i, d in enumerate(s.stack):
        _require(d.kind in _KINDS and d.kind not in (K.ROLL, K.GAME_OVER), f"stack[{i}].kind is unknown")
        _require(0 <= d.player < n, f"stack[{i}].player is not a player")
        _require((d.kind == K.AUCTION) == (d.auction is not None), f"stack[{i}].auction does not fit its kind")
        _require((d.kind == K.TRADE_RESPONSE) == (d.trade is not None), f"stack[{i}].trade does not fit its kind")
    _require(0 <= s.offline_square < 40, "offline_square is off the board")
    for c in s.claims:
        _require(0 <= c.owner < n and 0 <= c.payer < n and c.amount > 0, "a rent claim is malformed")


def check_invariants(game: "Game") -> None:
    """Everything ``check_state`` checks, plus: the pending decision can be answered."""
    check_state(game)
    if not game.over:
        _require(bool(game.legal_actions()), f"no legal action for the pending decision {game.pending.kind}")
