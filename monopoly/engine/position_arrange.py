"""A game's board changed in place between decisions (``arrange``, ``rearrange``), checked and made all
at once; the game's history then starts afresh.
"""

from __future__ import annotations

import copy
import dataclasses
from typing import TYPE_CHECKING, Any, Iterable, Mapping

from .editions import DECKS
from .codes import DecisionKind as K
from .state import NOBODY, GameState, TurnState
from .position_values import JAIL, Debt, PlayerRef, Position, PositionError, SquareRef, _is_int
from .position_names import _Names, _level_value
from .position_checks import _check_board, _check_debt, _debt_decision, _guard
from .position_build import _checked, _edition_and_rules

if TYPE_CHECKING:
    from .game import Game


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
