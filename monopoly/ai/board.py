"""What the board is worth: landing frequencies and expected rent, computed from an edition.

The frequencies come from a Markov chain over where a token waits to throw (each of the 40
squares, with 0, 1 or 2 doubles already thrown this turn) and the three turns in jail. One
throw moves the token, and the chain follows what the square does: Go To Jail, and the move
and jail cards of the edition's two decks (each card equally likely). Nothing is typed in:
change an edition's board or cards and the numbers follow.

``board_facts(edition)`` is computed once per edition and cached; it costs a few
hundredths of a second.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import fsum

from ..engine import DECKS, Edition, card_destination, load_edition

BOARD = 40
JAIL = 10
# Chain states: 0..119 are (square, doubles thrown so far) = square * 3 + doubles; 120..122 are the
# first, second and third turn in jail (jail_turns 0, 1, 2).
_JAIL_STATES = 120
_STATES = 123

# The 36 throws as (total, doubles, probability).
_THROWS = tuple(
    (a + b, a == b, 1 / 36) for a in range(1, 7) for b in range(1, 7)
)


@dataclass(frozen=True)
class BoardFacts:
    """Per-edition numbers the strategies use.

    ``landing[sq]`` is how often one player's token comes to rest on ``sq`` per turn (a
    token that reaches Go To Jail counts there; ``jail`` is how often it is sent to jail).
    ``rent_rate[sq][level]`` is the rent an owner collects per opponent turn from ``sq``
    at that development level (streets: 0 = site alone, 1-4 houses, 5 hotel; railroads:
    level = railroads owned - 1; utilities: level = utilities owned - 1).
    """

    edition: str
    landing: tuple[float, ...]
    jail: float
    rent_rate: tuple[tuple[float, ...], ...]
    mean_throw: float

    def group_rate(self, squares: tuple[int, ...], level: int) -> float:
        """Rent per opponent turn from a whole group at one level (double rent at level 0)."""
        if level == 0:
            return fsum(2 * self.rent_rate[s][0] for s in squares)
        return fsum(self.rent_rate[s][level] for s in squares)


def _card_moves(edition: Edition, deck: str, square: int) -> list[tuple[float, int | None]]:
    """Where a card from ``deck`` drawn on ``square`` sends the token: (probability, square or None=jail).

    A card that does not move the token leaves it on ``square``.
    """
    cards = edition.deck(deck)
    p = 1 / len(cards)
    out: list[tuple[float, int | None]] = []
    for card in cards:
        out.append((p, card_destination(edition, card, square)))  # the engine's own answer
    return out


def _landings(edition: Edition, square: int, depth: int = 0) -> list[tuple[float, int]]:
    """Every square a token arriving on ``square`` comes to rest on, with its probability.

    The arrival square counts, and so does the destination of a card that moves the token on
    (a card square reached that way draws again).
    """
    kind = edition.squares[square].kind
    result = [(1.0, square)]
    if kind in DECKS and depth < 3:
        for p, dest in _card_moves(edition, kind, square):
            if dest is not None and dest != square:
                result.extend((p * q, d) for q, d in _landings(edition, dest, depth + 1))
    return result


@lru_cache(maxsize=None)
def _chain(edition_id: str, doubles_again_from_jail: bool, doubles_again: bool = True,
           three_doubles_jail: bool = True) -> tuple[tuple[float, ...], float]:
    """The stationary landing frequencies and jail rate; ``doubles_again`` and ``three_doubles_jail``
    are the rule options of those names (the two-player text game turns both off)."""
    edition = load_edition(edition_id)
    # For each state: list of (next state, probability) and landings as {square: expected count}.
    # A landing on a card square is followed by the card's own resting point; both count.
    moves: list[dict[int, float]] = []
    lands: list[dict[int, float]] = []
    jails: list[float] = []
    landed_cache: dict[int, list[tuple[float, int]]] = {}
    terminal_cache: dict[int, list[tuple[float, int | None]]] = {}

    def after_move(dest_sq: int, prob: float, again: bool, doubles_now: int,
                   nxt: dict[int, float], land: dict[int, float]) -> float:
        """Spread ``prob`` over where the token rests after moving onto ``dest_sq``; return jail prob."""
        if dest_sq not in landed_cache:
            landed_cache[dest_sq] = _landings(edition, dest_sq)
            terminal_cache[dest_sq] = _terminal(edition, dest_sq)
        for p, sq in landed_cache[dest_sq]:
            land[sq] = land.get(sq, 0.0) + prob * p
        to_jail = 0.0
        for p, rest in terminal_cache[dest_sq]:
            if rest is None:
                to_jail += prob * p
                nxt[_JAIL_STATES] = nxt.get(_JAIL_STATES, 0.0) + prob * p
            else:
                state = rest * 3 + (doubles_now if again else 0)
                nxt[state] = nxt.get(state, 0.0) + prob * p
        return to_jail

    for state in range(_STATES):
        nxt: dict[int, float] = {}
        land: dict[int, float] = {}
        jail = 0.0
        if state < _JAIL_STATES:
            square, doubles = divmod(state, 3)
            for total, is_double, p in _THROWS:
                if is_double and doubles == 2 and three_doubles_jail:
                    nxt[_JAIL_STATES] = nxt.get(_JAIL_STATES, 0.0) + p
                    jail += p
                    continue
                dest = (square + total) % BOARD
                jail += after_move(dest, p, is_double and doubles_again, min(doubles + 1, 2), nxt, land)
        else:
            turns = state - _JAIL_STATES
            for total, is_double, p in _THROWS:
                if is_double:
                    jail += after_move((JAIL + total) % BOARD, p, doubles_again_from_jail, 1, nxt, land)
                elif turns >= 2:
                    jail += after_move((JAIL + total) % BOARD, p, False, 0, nxt, land)
                else:
                    nxt[state + 1] = nxt.get(state + 1, 0.0) + p
        moves.append(nxt)
        lands.append(land)
        jails.append(jail)
    # Power iteration for the stationary distribution over throw states.
    pi = [1.0 / _STATES] * _STATES
    for _ in range(500):
        new = [0.0] * _STATES
        for s, row in enumerate(moves):
            w = pi[s]
            if w:
                for t, p in row.items():
                    new[t] += w * p
        diff = fsum(abs(a - b) for a, b in zip(new, pi))
        pi = new
        if diff < 1e-13:
            break
    # Turns start in states with no doubles thrown yet (and every jail state).
    turn_share = fsum(pi[s] for s in range(_STATES) if s >= _JAIL_STATES or s % 3 == 0)
    landing = [0.0] * BOARD
    jail_rate = 0.0
    for s in range(_STATES):
        for sq, c in lands[s].items():
            landing[sq] += pi[s] * c
        jail_rate += pi[s] * jails[s]
    return tuple(x / turn_share for x in landing), jail_rate / turn_share


def _terminal(edition: Edition, square: int, depth: int = 0) -> list[tuple[float, int | None]]:
    """Where a token arriving on ``square`` finally rests: (probability, square or None for jail)."""
    kind = edition.squares[square].kind
    if kind == "go_to_jail":
        return [(1.0, None)]
    if kind in DECKS and depth < 3:
        out: list[tuple[float, int | None]] = []
        for p, dest in _card_moves(edition, kind, square):
            if dest is None:
                out.append((p, None))
            elif dest == square:
                out.append((p, square))
            else:
                out.extend((p * q, d) for q, d in _terminal(edition, dest, depth + 1))
        return out
    return [(1.0, square)]


def landing_frequencies(edition: Edition, doubles_again_from_jail: bool = False, doubles_again: bool = True,
                        three_doubles_jail: bool = True) -> tuple[tuple[float, ...], float]:
    """Landings per turn on each square, and jail arrivals per turn, for one player."""
    return _chain(edition.id, doubles_again_from_jail, doubles_again, three_doubles_jail)


@lru_cache(maxsize=None)
def _facts(edition_id: str, doubles_again_from_jail: bool, doubles_again: bool = True,
           three_doubles_jail: bool = True) -> BoardFacts:
    edition = load_edition(edition_id)
    landing, jail = _chain(edition_id, doubles_again_from_jail, doubles_again, three_doubles_jail)
    # Card moves to the nearest railroad or utility charge more; count their share separately.
    special = _special_card_rates(edition, landing)
    mean_throw = 7.0
    rates = []
    for sq in edition.squares:
        f = landing[sq.index]
        if sq.kind == "street":
            rates.append(tuple(f * r for r in sq.rent))
        elif sq.kind == "railroad":
            extra = special.get(sq.index, 0.0)  # landings that pay a multiple
            mult = special.get(("rmult", sq.index), 1)
            rates.append(tuple((f - extra) * r + extra * r * mult for r in sq.rent))
        elif sq.kind == "utility":
            extra = special.get(sq.index, 0.0)
            dice_mult = special.get(("umult", sq.index), 0)
            row = []
            for m in sq.multipliers:
                paid = (f - extra) * m * mean_throw + extra * (dice_mult or m) * mean_throw
                row.append(paid)
            rates.append(tuple(row))
        else:
            rates.append(())
    return BoardFacts(edition_id, landing, jail, tuple(rates), mean_throw)


def _special_card_rates(edition: Edition, landing: tuple[float, ...]) -> dict[int | tuple[str, int], float]:
    """How often tokens reach railroads/utilities by a 'nearest' card (which changes the rent)."""
    out: dict[int | tuple[str, int], float] = {}
    for sq in edition.squares:
        if sq.kind not in DECKS:
            continue
        cards = edition.deck(sq.kind)
        # Arrivals on the card square itself (a landing, whatever brought the token there).
        f = landing[sq.index]
        for card in cards:
            rates = card.effect.rent_rates  # the engine's card-effect registry
            if rates is None:
                continue
            railroad, dice = rates(card)
            dest = card_destination(edition, card, sq.index)
            assert dest is not None
            out[dest] = out.get(dest, 0.0) + f / len(cards)
            if card.param("target") == "railroad":
                out[("rmult", dest)] = railroad
            else:
                out[("umult", dest)] = dice
    return out


def board_facts(edition: Edition, doubles_again_from_jail: bool = False, doubles_again: bool = True,
                three_doubles_jail: bool = True) -> BoardFacts:
    """The cached ``BoardFacts`` of an edition."""
    return _facts(edition.id, doubles_again_from_jail, doubles_again, three_doubles_jail)
