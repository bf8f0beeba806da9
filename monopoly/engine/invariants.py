"""Facts that hold after every action of every game; the property tests and save loading check them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import holdings as H
from .editions import DECKS
from .events import BANK
from .codes import DecisionKind as K
from .names import names_problem
from .legality import legal_actions
from .state import NOBODY
from .table import Table

if TYPE_CHECKING:
    from .editions import Edition
    from .rules import Rules
    from .state import Decision, GameState

_KINDS = {v for k, v in vars(K).items() if k.isupper()}


class InvariantError(AssertionError):
    """The state breaks a rule that play can never break: a bug, or a hand-edited save."""


MAX_CLOCK_SECONDS = 10**9  # about thirty years of play: beyond it a save was edited by hand
MAX_TURN_NUMBER = 10**9  # ten thousand times the longest turn limit: beyond it a save was edited by hand


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise InvariantError(message)


def board_problem(e: "Edition", r: "Rules", s: "GameState") -> tuple[str, str] | None:
    """The first thing wrong with the players' money and holdings and the buildings on the board,
    or None: the one statement of these facts, which a saved game (``check_state``) and a position
    set up by hand (``position_checks.py``) must both keep. Each problem comes in two words: naming the
    state's slots (for a save: ``houses[37] is out of range``) and in plain words (for a position:
    ``Park Place has 5 houses; ...``). ``s`` has 40 squares and real seats (checked before)."""
    name = [sq.name for sq in e.squares]
    for i, pl in enumerate(s.players):
        if pl.cash < 0:
            return f"players[{i}].cash is negative", f"{pl.name}'s cash is negative ({e.money(pl.cash)})"
        if pl.bankrupt and (H.owned(s, i) or pl.cash or pl.jail_cards):
            slot = (f"players[{i}] is bankrupt but owns property" if H.owned(s, i)
                    else f"players[{i}] is bankrupt but holds money or cards")
            return slot, f"{pl.name} is bankrupt, so owns nothing and holds no cash or cards"
    top = r.houses_per_hotel
    for sq in range(40):
        owner = s.owner[sq]
        if owner != NOBODY and not e.squares[sq].is_property:
            return f"owner[{sq}]: {name[sq]} cannot be owned", f"{name[sq]} is not a property: nobody can own it"
        if s.mortgaged[sq] and owner == NOBODY:
            return f"mortgaged[{sq}] but unowned", f"{name[sq]} is mortgaged but owned by nobody"
        if not 0 <= s.houses[sq] <= top:
            return (f"houses[{sq}] is out of range",
                    f"{name[sq]} has {s.houses[sq]} houses; a street has 0 to {top} (then a hotel) with these rules")
        if s.hotel[sq] and s.houses[sq]:
            return f"square {sq} has both a hotel and houses", f"{name[sq]} has both a hotel and houses"
        if not (s.houses[sq] or s.hotel[sq]):
            continue
        if e.squares[sq].kind != "street":
            return (f"square {sq} has buildings but is not a street",
                    f"{name[sq]} is not a street: it cannot have buildings")
        members = e.members[sq]
        if owner == NOBODY or any(s.owner[m] != owner for m in members):
            return (f"square {sq} has buildings on an incomplete group",
                    f"{name[sq]} has buildings, but its whole group is not owned by one player")
        mortgaged = [m for m in members if s.mortgaged[m]]
        if mortgaged:
            return (f"square {sq} has buildings in a mortgaged group",
                    f"{name[sq]} has buildings, but {name[mortgaged[0]]} in its group is mortgaged")
        levels = {m: H.level(r, s, m) for m in members}
        low = min(levels, key=levels.__getitem__)
        if r.even_building and max(levels.values()) - levels[low] > 1:
            high = next(m for m in members if levels[m] - levels[low] > 1)
            slot = f"the group of square {sq} is not built evenly"
            if s.hotel[high]:
                return slot, (f"{name[high]} has a hotel, but {name[low]} has {levels[low]} houses: "
                              f"a hotel needs {top} houses on every street of the group")
            return slot, (f"uneven building: {name[high]} has {levels[high]} houses and {name[low]} "
                          f"{levels[low]}; streets of a group differ by one house at most")
    if s.bank_houses < 0 or s.bank_hotels < 0:
        what, count, stock = (("houses", sum(s.houses), e.bank_houses) if s.bank_houses < 0
                              else ("hotels", sum(s.hotel), e.bank_hotels))
        return "the bank's buildings are negative", f"the board has {count} {what}, but the bank has only {stock}"
    t = s.turn
    if (0 <= t.player < len(s.players) and s.players[t.player].bankrupt and s.outcome is None and not s.stack
            and t.phase == "await_roll"):
        who = s.players[t.player].name
        return "turn.player is not a player in the game", f"it cannot be {who}'s turn: {who} is bankrupt"
    return None


def check_state(game: Table) -> None:
    """Check the whole state for consistency; raise ``InvariantError`` naming the first problem."""
    e, s, r = game.edition, game.state, game.rules
    n = len(s.players)
    _require(2 <= n <= r.max_players, f"players: a game has 2 to {r.max_players} players, not {n}")
    problem = names_problem(p.name for p in s.players)
    _require(problem is None, str(problem))
    _require(0 <= s.clock_seconds <= MAX_CLOCK_SECONDS, "clock_seconds is out of range")
    for name, values in (("owner", s.owner), ("mortgaged", s.mortgaged), ("houses", s.houses), ("hotel", s.hotel)):
        _require(len(values) == 40, f"{name}: expected 40 entries, found {len(values)}")
    for i, pl in enumerate(s.players):
        _require(0 <= pl.position < 40, f"players[{i}].position is off the board")
        _require(0 <= pl.jail_turns <= 3, f"players[{i}].jail_turns is out of range")
        _require(all(c in DECKS for c in pl.jail_cards), f"players[{i}].jail_cards names an unknown deck")
    for sq in range(40):
        _require(s.owner[sq] == NOBODY or 0 <= s.owner[sq] < n, f"owner[{sq}] is not a player")
    _require(0 <= s.turn.player < n, "turn.player is not a player in the game")
    wrong = board_problem(e, r, s)  # the facts a position set up by hand keeps too
    _require(wrong is None, wrong[0] if wrong else "")
    start = H.starting_cash(e, r) * n
    _require(s.pot >= 0 and (s.pot == 0 or r.free_parking_pot), "pot: the Free Parking pot is malformed")
    _require(sum(p.cash for p in s.players) + s.pot == start + s.bank_paid_out - s.bank_paid_in,
             "money is not conserved: players' cash and the pot do not match the bank's ledger")
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
        _require(all(cards[c].effect.kept for c in set(range(len(cards))) - set(order)),
                 f"decks[{di}]: a card other than Get Out of Jail Free is missing from the {deck} deck")
    _require(s.turn.phase in ("await_roll", "resolving", "move_pending"), "turn.phase is unknown")
    t = s.turn
    _require(t.number <= MAX_TURN_NUMBER, "turn.number is out of range")
    _require(t.number >= 1 and 0 <= t.doubles <= 3 and 0 <= t.dice_total <= 12 and 0 <= t.steps <= 12
             and 0 <= t.offline_moves <= 3, "turn: a count is out of range")
    for i, d in enumerate(s.stack):
        _require(d.kind in _KINDS and d.kind not in (K.ROLL, K.GAME_OVER), f"stack[{i}].kind is unknown")
        # A decided auction may still name a rival who went bankrupt in it: saves written before such
        # an auction was closed at the bankruptcy hold that state.
        decided = d.auction is not None and d.auction.decided
        _require(0 <= d.player < n and (decided or not s.players[d.player].bankrupt),
                 f"stack[{i}].player is not a player")
        _require((d.kind == K.AUCTION) == (d.auction is not None), f"stack[{i}].auction does not fit its kind")
        _require((d.kind == K.TRADE_RESPONSE) == (d.trade is not None), f"stack[{i}].trade does not fit its kind")
        _check_decision(game, f"stack[{i}]", d)
    for_sale = [d.square for d in s.stack if d.kind == K.BUY]
    for_sale += [d.auction.square for d in s.stack if d.auction is not None and d.auction.item == "square"]
    _require(len(set(for_sale)) == len(for_sale), "stack: a property is offered for sale twice")
    _require(s.outcome is None or not s.stack, "stack: decisions are pending in a finished game")
    _require(0 <= s.offline_square < 40, "offline_square is off the board")
    ids = [c.id for c in s.claims]
    _require(s.next_claim >= 1 and len(set(ids)) == len(ids) and all(0 < i < s.next_claim for i in ids),
             "claims: ids are not unique")
    for c in s.claims:
        _require(0 <= c.owner < n and 0 <= c.payer < n and c.owner != c.payer and c.amount > 0
                 and not s.players[c.owner].bankrupt and not s.players[c.payer].bankrupt
                 and 0 <= c.square < 40 and e.squares[c.square].is_property and c.turn <= t.number,
                 "a rent claim is malformed")
    _require(len({o[0] for o in s.building_orders if o}) == len(s.building_orders)
             and all(len(o) == 2 and 0 <= o[0] < n and not s.players[o[0]].bankrupt and o[1] > 0
                     for o in s.building_orders), "building_orders: an order is malformed")
    if s.outcome is not None:
        o = s.outcome
        _require(o.termination in _TERMINATIONS and (o.winner == NOBODY or 0 <= o.winner < n)
                 and len(o.values) == n, "outcome is malformed")


_TERMINATIONS = {"last_player", "time_up", "first_bankruptcy", "ended", "turn_limit", "turns_played",
                 "target_reached"}
_BUILDINGS = {"house", "hotel"}


def _check_decision(game: Table, where: str, d: "Decision") -> None:
    """The fields a pending decision's kind uses name real squares, players and amounts, so a
    hand-edited save is refused on loading instead of failing when the decision is answered."""
    e, s = game.edition, game.state
    n = len(s.players)

    def is_property(sq: int) -> bool:
        return 0 <= sq < 40 and e.squares[sq].is_property

    if d.kind == K.BUY:
        _require(is_property(d.square) and s.owner[d.square] == NOBODY and d.amount >= 0,
                 f"{where}: the property to buy is not for sale")
    elif d.kind == K.INCOME_TAX:
        _require(0 <= d.square < 40 and e.squares[d.square].kind == "tax" and bool(e.squares[d.square].percent),
                 f"{where}.square is not an income tax square")
    elif d.kind == K.MORTGAGED_TRANSFER:
        _require(is_property(d.square), f"{where}.square is not a property")
    elif d.kind == K.RAISE_FUNDS:
        _require(d.amount > 0 and (d.creditor == BANK or (0 <= d.creditor < n and d.creditor != d.player
                                                          and not s.players[d.creditor].bankrupt)),
                 f"{where}: the debt is malformed")
    elif d.kind == K.PAY_OR_DRAW:
        _require(d.reason in DECKS and d.amount >= 0, f"{where}: the card's choice is malformed")
    elif d.kind == K.PLACE_BUILDING:
        _require(d.reason in _BUILDINGS and d.amount >= 0, f"{where}: the building to place is malformed")
    elif d.kind == K.AUCTION and d.auction is not None:
        a = d.auction
        if a.item == "square":
            _require(is_property(a.square) and s.owner[a.square] == NOBODY, f"{where}.auction.square is not for sale")
        else:
            _require(a.item in _BUILDINGS and a.square == NOBODY, f"{where}.auction.item is unknown")
        _require(len(set(a.bidders)) == len(a.bidders)
                 and all(0 <= b < n and not s.players[b].bankrupt for b in a.bidders),
                 f"{where}.auction.bidders are not players in the game")
        _require(a.decided or (d.player in a.bidders and d.player != a.high_bidder),
                 f"{where}.player is not a bidder to ask")
        _require((a.high_bidder == NOBODY and a.high_bid == 0) or (a.high_bidder in a.bidders and a.high_bid > 0),
                 f"{where}.auction: the high bid is malformed")
    elif d.kind == K.TRADE_RESPONSE and d.trade is not None:
        tr = d.trade
        _require(tr.recipient == d.player and 0 <= tr.proposer < n and tr.proposer != tr.recipient
                 and not s.players[tr.proposer].bankrupt, f"{where}.trade: the players are wrong")
        _require(all(0 <= sq < 40 for sq in tr.give + tr.take) and all(c in DECKS for c in tr.give_cards + tr.take_cards),
                 f"{where}.trade names a square or card that does not exist")


def check_invariants(game: Table) -> None:
    """Everything ``check_state`` checks, plus: the pending decision can be answered."""
    check_state(game)
    if game.state.outcome is None:
        _require(bool(legal_actions(game)), f"no legal action for the pending decision {game.waiting().kind}")
