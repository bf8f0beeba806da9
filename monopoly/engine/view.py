"""The read side of the engine: every question a front end or a player asks about a game.

The screen, the line-by-line text mode, the computer players and the tests all read a game
through a ``View`` (``game.view``, or ``View(game, seat)`` for one player's side of the table)
and change it only through ``Game.apply``. Nothing outside the engine reads ``game.state`` or
works a rule out for itself: when a client needs an answer the view lacks, the answer is added
here, backed by the same function the engine's own checks use, so the two cannot drift apart.

Answers are numbers, strings, tuples and frozen records, never the engine's own lists, so a
client cannot change the game by accident. A view always shows the game as it is now and costs
nothing to keep.

``seat``: a view made for one seat answers questions about "the player" for that seat when no
player is named (``view.cash()`` is the seat's cash); the computer players read the game this way.

The questions are grouped by topic below: the board and the rules, cards, players, property and
buildings, rent, mortgages and worth, the turn, decisions and legality, the clock and the end,
and last the whole-board answers in one call that callers asking after every action use (those that
read the state directly; the computer players' own questions composed from these live in
``monopoly/ai/view.py``). The answers kept per holdings version belong to the view (``_Kept``).
"""

from __future__ import annotations

from typing import Any, Callable, Sequence, cast

from . import actions as A
from . import holdings as H
from .auctions import bid_limit, bid_voids
from .clock import seconds_left
from .codes import AuctionItem, DecisionKind as K, Phase
from .debts import can_declare_bankruptcy, deal_problem, in_debt, may_settle_in_property
from .decisions import DECISIONS
from .mortgages import lift_cost
from .trades import trades_problem
from .turn import last_jail_throw
from .cards import card_destination
from .editions import Card, Edition, Group, Square
from .legality import legal_actions, problem
from .answers import Claim, Offer, Pending, PlayerInfo, SaleEstimate, pending_of
from .rules import Rules
from .state import NOBODY, Outcome
from .table import Table
from .turn import lapses_at_throw

# read on every ``moment`` (and ``offer_waiting``): an Enum member off its class costs more
_TRADE_RESPONSE = K.TRADE_RESPONSE
_ROLL, _GAME_OVER = K.ROLL, K.GAME_OVER



class _Kept:
    """The whole-board answers kept for every view of one game (``View._cache``): each worked out
    once per holdings version (or, for the whole groups, per count of deeds moved) and handed out
    again until the game's numbers move (``Table.holdings_moved``)."""

    __slots__ = ("stamp", "answers", "monopolies")

    def __init__(self) -> None:
        self.stamp = 0  # the holdings version the answers are for (versions start at 1)
        self.answers: dict[Any, Any] = {}
        self.monopolies: tuple[int, dict[int, tuple[Group, ...]]] = (-1, {})


def _kept(g: Table, kept: _Kept, answer: Callable[[Table], Sequence[Any]]) -> Any:
    """``answer(g)`` for an answer that depends on the holdings alone: worked out once per holdings
    version and kept for every view of the game, and handed out as ``[:]`` of what is kept (a
    tuple as it is, a list as a new copy). The view's owners, mortgages, levels and players are
    all made here, so that asking one costs a single call: the computer players ask them several
    times a turn."""
    answers = kept.answers
    if kept.stamp == g.holdings_stamp:
        found = answers.get(answer)
        if found is not None:
            return found[:]
    else:
        kept.stamp = g.holdings_stamp
        answers = kept.answers = {}
    made = answer(g)
    answers[answer] = made
    return made[:]


# The whole-board answers kept by ``_kept`` (module functions: the key of each is the function;
# the view's methods of the same names say what each is).
def _owners_of(g: Table) -> tuple[int, ...]:
    return tuple(g.state.owner)


def _mortgages_of(g: Table) -> tuple[bool, ...]:
    return tuple(g.state.mortgaged)


def _levels_of(g: Table) -> tuple[int, ...]:
    return H.levels(g.rules, g.state)


def _active_players_of(g: Table) -> list[int]:
    return [i for i, p in enumerate(g.state.players) if not p.bankrupt]


class ReadView:
    """Read-only answers about ``game``; see the module docstring. Every question is here, over
    the ``Table``; ``View`` (``game.py``) adds the two that hand out games and views."""

    __slots__ = ("_game", "seat", "edition", "rules", "_cache")

    def __init__(self, game: Table, seat: int | None = None) -> None:
        self._game = game
        self.seat = seat
        # One set of kept answers for every view of a game: the game's own view holds it (it is
        # made first, by ``Game.view``), the seats' views share it.
        kept = game.shared
        if kept is None:
            kept = game.shared = _Kept()
        self._cache: _Kept = kept
        # A game's board and rules never change: read once here, not through a property at each
        # of the twenty or so times a turn the computer players ask them.
        self.edition: Edition = game.edition
        """The board, deeds and cards (immutable)."""
        self.rules: Rules = game.rules
        """The rule options of this game (immutable)."""

    def _p(self, player: int | None) -> int:
        if player is not None:
            return player
        if self.seat is None:
            raise ValueError("name a player: this view is not one seat's")
        return self.seat

    # ---------------------------------------------------------------- the board and the rules
    def money(self, amount: int) -> str:
        """An amount as this edition prints money ("$200", "£200", "$200M")."""
        return self._game.edition.money(amount)

    def square(self, index: int) -> Square:
        return self._game.edition.squares[index]

    @property
    def groups(self) -> tuple[Group, ...]:
        return self._game.edition.groups

    def group_of(self, square: int) -> Group | None:
        return self._game.edition.group_of(square)

    # ---------------------------------------------------------------- cards
    def card_destination(self, card: Card, square: int) -> int | None:
        """Where ``card``, drawn by a token on ``square``, sends it: a square, None for jail, or
        ``square`` itself for a card that does not move the token (``card.moves``)."""
        return card_destination(self._game.edition, card, square)

    # ---------------------------------------------------------------- players
    @property
    def player_count(self) -> int:
        """How many seats the game has, bankrupt players included."""
        return len(self._game.state.players)

    def player(self, player: int | None = None) -> PlayerInfo:
        p = self._p(player)
        pl = self._game.state.players[p]
        return PlayerInfo(p, pl.name, pl.cash, pl.position, pl.in_jail, pl.jail_turns, tuple(pl.jail_cards),
                          pl.bankrupt)

    def players(self) -> tuple[PlayerInfo, ...]:
        return tuple(self.player(p) for p in range(self.player_count))

    def name(self, player: int | None = None) -> str:
        return self._game.state.players[self._p(player)].name

    def cash(self, player: int | None = None) -> int:
        p: int | None = self.seat if player is None else player  # ``_p`` written out in the questions asked most
        return self._game.state.players[self._p(p) if p is None else p].cash

    def position(self, player: int | None = None) -> int:
        p: int | None = self.seat if player is None else player
        return self._game.state.players[self._p(p) if p is None else p].position

    def in_jail(self, player: int | None = None) -> bool:
        p: int | None = self.seat if player is None else player
        return self._game.state.players[self._p(p) if p is None else p].in_jail

    def jail_turns(self, player: int | None = None) -> int:
        return self._game.state.players[self._p(player)].jail_turns

    def jail_cards(self, player: int | None = None) -> tuple[str, ...]:
        return tuple(self._game.state.players[self._p(player)].jail_cards)

    def bankrupt(self, player: int | None = None) -> bool:
        return self._game.state.players[self._p(player)].bankrupt

    def active_players(self) -> list[int]:
        """The seats still in the game, in seat order (a new list each time): kept per holdings
        version (a bankruptcy takes a new one)."""
        return cast("list[int]", _kept(self._game, self._cache, _active_players_of))

    # ---------------------------------------------------------------- property and buildings
    def owner(self, square: int) -> int:
        """The owner of ``square``, or ``NOBODY`` (-1)."""
        return self._game.state.owner[square]

    def owners(self) -> tuple[int, ...]:
        """The owner of every square, in board order: kept per holdings version (see
        ``holdings_version``)."""
        return cast("tuple[int, ...]", _kept(self._game, self._cache, _owners_of))

    def mortgaged(self, square: int) -> bool:
        return self._game.state.mortgaged[square]

    def houses(self, square: int) -> int:
        return self._game.state.houses[square]

    def hotel(self, square: int) -> bool:
        return self._game.state.hotel[square]

    def level(self, square: int) -> int:
        """Buildings on a street as one number: houses, or houses-per-hotel + 1 for a hotel."""
        return H.level(self._game.rules, self._game.state, square)

    def owned(self, player: int | None = None) -> list[int]:
        """The squares ``player`` owns, in board order."""
        p: int | None = self.seat if player is None else player
        return H.owned(self._game.state, self._p(p) if p is None else p)

    def holdings_by_group(self, player: int | None = None) -> dict[str, tuple[int, ...]]:
        """The squares ``player`` owns, by group id (colour groups, railroads, utilities), in board order."""
        out: dict[str, tuple[int, ...]] = {}
        squares = self._game.edition.squares
        for s in self.owned(player):
            group = squares[s].group or squares[s].kind
            out[group] = out.get(group, ()) + (s,)
        return out

    def owns_group(self, square: int, player: int | None = None) -> bool:
        p: int | None = self.seat if player is None else player
        return H.owns_group(self.edition, self._game.state, self._p(p) if p is None else p, square)

    def monopolies(self, player: int | None = None) -> list[Group]:
        """The colour groups (streets only) that ``player`` owns whole, in board order."""
        g = self._game
        moved, whole = self._cache.monopolies
        if moved != g.deeds_moved:  # worked out for everyone at once, until a deed changes hands
            own = g.state.owner
            found: dict[int, tuple[Group, ...]] = {}  # NOBODY's are the groups nobody owns any of
            for group in _street_groups(g.edition):
                squares = group.squares
                first = own[squares[0]]
                for s in squares:
                    if own[s] != first:
                        break
                else:
                    found[first] = found.get(first, ()) + (group,)
            whole = found
            self._cache.monopolies = (g.deeds_moved, whole)
        p: int | None = self.seat if player is None else player
        return list(whole.get(self._p(p) if p is None else p, ()))

    def has_monopoly(self, player: int | None = None) -> bool:
        """Whether ``player`` owns any colour group whole (``monopolies()`` is not empty), without
        copying the groups: a computer player that builds asks it at every decision."""
        moved, whole = self._cache.monopolies
        if moved != self._game.deeds_moved:
            return bool(self.monopolies(player))
        p: int | None = self.seat if player is None else player
        return (self._p(p) if p is None else p) in whole

    def group_owner(self, group: Group) -> int:
        """The player owning every square of ``group``, or ``NOBODY``."""
        own = self._game.state.owner
        first = own[group.squares[0]]
        return first if all(own[s] == first for s in group.squares) else NOBODY

    def group_has_buildings(self, square: int) -> bool:
        """Whether any site of ``square``'s group has a building (it can then be neither mortgaged
        nor traded)."""
        return H.group_has_buildings(self._game.edition, self._game.state, square)

    @property
    def bank_houses(self) -> int:
        return self._game.state.bank_houses

    @property
    def bank_hotels(self) -> int:
        return self._game.state.bank_hotels

    @property
    def buildings_on_order(self) -> bool:
        """Whether houses or hotels the bank is short of are being auctioned: until that ends
        nobody builds directly."""
        return bool(self._game.state.building_orders)

    @property
    def offline_square(self) -> int | None:
        """Where the .com Offline token stands, or None when the game is played without it."""
        return self._game.state.offline_square if self._game.rules.offline_rule else None

    # --- house rules (rule options that change money): what the screens and players read
    def pot(self) -> int:
        """The money in the Free Parking pot (0 when the game is played without the jackpot)."""
        return self._game.state.pot

    def go_salary(self) -> int:
        """The salary for passing GO under these rules (double it for landing there under
        ``go_landing_double``)."""
        return H.go_salary(self.edition, self.rules)

    def starting_cash(self) -> int:
        """Each player's cash at the start under these rules."""
        return H.starting_cash(self.edition, self.rules)

    def build_problem(self, square: int, player: int | None = None) -> str | None:
        """Why the next building may not go on ``square`` now (cash aside), or None."""
        g = self._game
        p: int | None = self.seat if player is None else player
        return H.build_problem(g.edition, g.rules, g.state, self._p(p) if p is None else p, square)

    def sell_problem(self, square: int, player: int | None = None) -> str | None:
        """Why the next building on ``square`` may not be sold now, or None."""
        g = self._game
        return H.sell_problem(g.edition, g.rules, g.state, self._p(player), square)

    def build_capacity(self, hotels: bool = False, player: int | None = None) -> int:
        """How many more houses (or hotels) ``player``'s whole unmortgaged groups could take now,
        the bank's supply aside."""
        g = self._game
        return H.build_capacity(g.edition, g.rules, g.state, self._p(player), hotels)

    def next_building(self, square: int) -> AuctionItem | None:
        """What ``Build(square)`` would put on a street now, legal or not: a house while it has
        fewer than ``rules.houses_per_hotel`` houses, then the hotel; None once it has the hotel
        (or for a square that takes no buildings)."""
        g = self._game
        if g.edition.squares[square].kind != "street" or g.state.hotel[square]:
            return None
        return AuctionItem.HOTEL if g.state.houses[square] >= g.rules.houses_per_hotel else AuctionItem.HOUSE

    def build_cost(self, square: int) -> int:
        """The price of the next house or hotel on a street."""
        return H.build_cost(self._game.edition, square)

    def building_sale_value(self, square: int) -> int:
        """What the bank would pay for every building on ``square``: half what they cost."""
        g = self._game
        return H.building_sale_value(g.edition, g.rules, g.state, square)

    def building_sale(self, square: int) -> SaleEstimate:
        """What selling the next building on ``square`` would pay now, and whether the bank's
        shortage of houses would break the group's hotels down (the engine's own plan of the sale)."""
        g = self._game
        sale = H.building_sale(g.edition, g.rules, g.state, square)
        return SaleEstimate(sale.refund, sum(1 for step in sale.steps if step[2]), sale.spread)

    def shortage_auction(self, orders: Sequence[tuple[int, int]], hotels: bool = False) -> bool:
        """Whether these orders (player, buildings wanted) go to auction: two or more players want
        more houses (hotels) than the bank has, and each may buy now."""
        if not orders:
            return False
        return self.is_legal(A.OrderBuildings(orders[0][0], tuple((p, c) for p, c in orders), hotels))

    # ---------------------------------------------------------------- rent
    def rent(self, square: int, dice_total: int = 7) -> int:
        """Rent due on ``square`` as things stand (a utility's for a throw of ``dice_total``)."""
        return H.rent(self.edition, self.rules, self._game.state, square, dice_total)  # ``Game.rent_of``'s question

    def rent_row(self, square: int) -> int | None:
        """Which rent line of the title deed applies now, or None when no rent is due here.

        Streets: 0 the plain rent, 1 the doubled rent of a whole group, 1 + n with n houses,
        2 + houses-per-hotel with a hotel. Railroads and utilities: the number that count, less one.
        """
        g = self._game
        return H.rent_row(g.edition, g.rules, g.state, square)

    def rent_table(self, square: int) -> tuple[int, ...]:
        """The lines of the title deed, indexed as ``rent_row`` numbers them: streets the plain
        rent, the doubled rent of a whole group, with 1 to ``rules.houses_per_hotel`` houses, with
        a hotel; railroads the rent with 1 to 4 owned; utilities the multiple of the dice total
        with 1 or 2 owned; empty for other squares. What a deed card shows."""
        return H.rent_table(self.edition, self.rules, square)

    def offer_problem(self) -> str | None:
        """Why nobody may offer a trade now (an offer waits for its answer, the game is over), or
        None; whether one player may deal at all is ``deal_problem(p)``, and the terms of an offer
        are checked by ``problem(ProposeTrade(...))``."""
        return trades_problem(self._game)

    def claims(self, owner: int | None = None) -> tuple[Claim, ...]:
        """Rent that can still be claimed (by ``owner``, or by anyone)."""
        return tuple(Claim(c.id, c.owner, c.payer, c.square, c.amount, c.turn)
                     for c in self._game.state.claims if owner is None or c.owner == owner)

    def claims_lapsing_at_throw(self) -> tuple[Claim, ...]:
        """The rent claims that are lost if the player asked to throw throws now (by the rule
        option ``rent_claim``): what a front end asks the owners to claim first."""
        g = self._game
        return tuple(Claim(c.id, c.owner, c.payer, c.square, c.amount, c.turn)
                     for c in g.state.claims if lapses_at_throw(g, c))

    # ---------------------------------------------------------------- mortgages and worth
    def lift_cost(self, square: int) -> int:
        """The mortgage plus interest: what lifting the mortgage on ``square`` costs."""
        return lift_cost(self._game, square)

    def mortgage_interest(self, square: int) -> int:
        """The interest on ``square``'s mortgage: paid on lifting it, or by whoever receives the
        deed mortgaged."""
        return H.ceil_percent(self._game.edition.squares[square].mortgage, self._game.rules.mortgage_interest)

    def trade_interest(self, offer: Offer | A.ProposeTrade) -> dict[int, int]:
        """The mortgage interest each side of a trade would owe on the mortgaged deeds it receives
        (due at once, whether the mortgage is then lifted or kept): a dict from seat to amount, the
        recipient's seat for the deeds given, the proposer's for the deeds taken; sides owing none
        are left out (an empty dict: nobody owes any)."""
        g = self._game
        if isinstance(offer, A.ProposeTrade):
            proposer, recipient, give, take = offer.player, offer.recipient, offer.give, offer.take
        else:
            proposer, recipient, give, take = offer.proposer, offer.recipient, offer.give, offer.take
        out: dict[int, int] = {}
        if not g.rules.mortgage_interest:
            return out
        for receiver, squares in ((recipient, give), (proposer, take)):
            due = sum(self.mortgage_interest(s) for s in squares if g.state.mortgaged[s])
            if due:
                out[receiver] = out.get(receiver, 0) + due
        return out

    def liquid_value(self, player: int | None = None) -> int:
        """Cash plus everything the bank would pay now (the most that can be raised without trading)."""
        g = self._game
        return H.liquid_value(g.edition, g.rules, g.state, self._p(player))

    def property_value(self, player: int | None = None) -> int:
        """What the bank would pay now for everything ``player`` holds, without the cash."""
        g = self._game
        p = self._p(player)
        return H.liquid_value(g.edition, g.rules, g.state, p) - g.state.players[p].cash

    def face_value(self, player: int | None = None) -> int:
        """The end-of-game valuation: cash, printed prices (mortgaged deeds at the mortgage), buildings at cost."""
        g = self._game
        return H.face_value(g.edition, g.rules, g.state, self._p(player))

    def income_tax_worth(self, player: int | None = None) -> int:
        """The worth the percentage income tax is taken from."""
        g = self._game
        return H.income_tax_worth(g.edition, g.rules, g.state, self._p(player))

    # ---------------------------------------------------------------- the turn, decisions and legality
    @property
    def turn(self) -> int:
        """The number of the turn in play (every player's turn counts one)."""
        return self._game.state.turn.number

    @property
    def current_player(self) -> int:
        """Whose turn it is (not always who must decide now: see ``pending``)."""
        return self._game.state.turn.player

    @property
    def pending(self) -> Pending:
        """The decision the game waits for (a frozen copy). Its ``serial`` tells one decision from
        the next: the same number while the same decision waits (an auction's bids change its
        ``auction``, not its number), a new one for every new decision and every new throw."""
        g = self._game
        return pending_of(g.numbered(g.waiting()))

    # ``pending_kind`` and ``pending_player`` are ``pending.kind`` and ``pending.player`` without
    # the copy: a strategy asks both at every any-time question, so they read ``Table.waiting``'s
    # answer in place, as ``moment`` does (tests check that they agree).
    @property
    def pending_kind(self) -> K:
        s = self._game.state
        stack = s.stack
        if stack:
            return stack[-1].kind
        return _ROLL if s.outcome is None else _GAME_OVER

    @property
    def pending_player(self) -> int:
        s = self._game.state
        stack = s.stack
        if stack:
            return stack[-1].player
        return s.turn.player if s.outcome is None else NOBODY

    def pending_decisions(self) -> tuple[Pending, ...]:
        """Every decision waiting, the one asked now first (e.g. a debt under a trade answer)."""
        g = self._game
        stack = g.state.stack
        if not stack:
            return (pending_of(g.numbered(g.waiting())),)
        return tuple(pending_of(g.numbered(d)) for d in reversed(stack))

    def offer_waiting(self, proposer: int | None = None) -> bool:
        """Whether a trade offer made by ``proposer`` still waits for its answer (it is among
        ``pending_decisions()``, perhaps under a debt the recipient raises first): what a client
        that made an offer asks after every action until it is answered, without copying the
        decisions and their offers."""
        p = self._p(proposer)
        for d in self._game.state.stack:
            if d.kind == _TRADE_RESPONSE and d.trade is not None and d.trade.proposer == p:
                return True
        return False

    def in_debt(self, player: int | None = None) -> bool:
        """Whether ``player`` owes a debt still to be raised (and so may raise cash but not spend it)."""
        p: int | None = self.seat if player is None else player
        return in_debt(self._game, self._p(p) if p is None else p)

    def debt(self, player: int | None = None) -> Pending | None:
        """The debt ``player`` is raising, if any: amount, creditor and what it is for."""
        p = self._p(player)
        for d in reversed(self._game.state.stack):
            if d.kind == K.RAISE_FUNDS and d.player == p:
                return pending_of(self._game.numbered(d))
        return None

    def can_declare_bankruptcy(self, player: int | None = None) -> bool:
        """Whether ``player`` must give up: even selling and mortgaging everything cannot cover the debt."""
        return can_declare_bankruptcy(self._game, self._p(player))

    def may_settle_in_property(self, player: int | None = None, creditor: int | None = None) -> bool:
        """Whether ``player`` may offer property to their creditor (``creditor``, when named) to
        settle the rent they owe (the UK rule)."""
        return may_settle_in_property(self._game, self._p(player), creditor)

    def deal_problem(self, player: int | None = None) -> str | None:
        """Why ``player`` may not build, sell, mortgage, lift or offer a trade now, or None."""
        p: int | None = self.seat if player is None else player
        return deal_problem(self._game, self._p(p) if p is None else p)

    def last_jail_throw(self, player: int | None = None) -> bool:
        """Whether ``player``'s next throw is the last try for doubles in jail (then the fine, and move)."""
        return last_jail_throw(self._game, self._p(player))

    def bid_limit(self, player: int | None = None) -> int:
        """The highest bid ``player`` can make good now (0 for a debtor)."""
        p: int | None = self.seat if player is None else player
        return bid_limit(self._game, self._p(p) if p is None else p)

    def bid_range(self, player: int | None = None) -> tuple[int, int | None] | None:
        """The bids ``player`` may make in the auction under way: (lowest, highest), the highest
        None where any higher bid is allowed and voids the auction (the UK rule); None when they
        cannot bid now."""
        p = self._p(player)
        d = self._game.waiting()
        a = d.auction
        if d.kind != K.AUCTION or a is None or p not in a.bidders or p == a.high_bidder or self.in_debt(p):
            return None
        low = a.high_bid + 1
        if self._game.rules.auction_limit == "assets":
            return (low, None)
        high = self.bid_limit(p)
        return (low, high) if high >= low else None

    def bid_voids(self, amount: int, player: int | None = None) -> bool:
        """Whether a bid of ``amount`` would void the auction (allowed under the UK rule beyond the
        bidder's assets; refused under the US rule)."""
        return bid_voids(self._game, self._p(player), amount)

    def is_legal(self, action: A.Action) -> bool:
        """Whether ``action`` is allowed now (``problem`` is None)."""
        return problem(self._game, action) is None

    def problem(self, action: A.Action) -> str | None:
        """Why ``action`` is not allowed now, or None when it is."""
        return problem(self._game, action)

    def legal_actions(self, player: int | None = None, deeds: bool = True) -> list[A.Action]:
        """Every concrete legal action of ``player`` now (of everyone, for a view without a seat
        and no player named); ``deeds`` False: only the answers to the decision waiting and the
        rent claims (``Game.legal_actions``)."""
        return legal_actions(self._game, self.seat if player is None else player, deeds)

    def safe_action(self, player: int | None = None) -> A.Action | None:
        """A legal answer to the pending decision that never does anything rash, or None when
        ``player`` (by default the view's seat, or else the one asked) has nothing to answer: the one default answer that
        the screen and the computer players use when nobody chooses (a failed strategy, a timeout).

        Rolls, declines to buy, passes, pays the flat tax and fines, keeps mortgages, refuses
        offers, raises a debt by selling buildings then mortgaging, and declares bankruptcy only
        when nothing is left.
        """
        d = self._game.waiting()
        seat = (d.player if self.seat is None else self.seat) if player is None else player
        if seat != d.player:
            return None
        answer = DECISIONS[d.kind].default(self, seat, d)
        return answer if answer is not None and self.is_legal(answer) else None

    # ---------------------------------------------------------------- the clock and the end
    @property
    def time_up(self) -> bool:
        """Whether the time-limit game's clock has run out (the move in play is being finished)."""
        return self._game.state.time_up

    @property
    def clock_seconds(self) -> int:
        """How long the game has been played, as the front end last told the engine."""
        return self._game.state.clock_seconds

    def seconds_left(self) -> int | None:
        """Seconds left in the time-limit game, or None in a game without a clock."""
        return seconds_left(self._game)

    @property
    def over(self) -> bool:
        return self._game.state.outcome is not None

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended (termination, winner, everyone's final value), or None while it runs."""
        return self._game.state.outcome

    # ---------------------------------------------------------------- whole-board answers in one call
    # Bulk and cheap answers: a computer player asks after every action, and values whole
    # positions at once, so these save a call per square or a copy of every claim.

    def progress(self) -> tuple[int, int, Phase, int]:
        """How far the game has got, as one value a client can afford to ask after every action:
        (turn number, doubles thrown so far this turn, the turn's phase, decisions waiting). Two
        decisions of the same kind for the same player in one turn (a throw after doubles, a debt
        raised while an offer waits) differ in it, so a client can keep its own bookkeeping per
        point of the turn. (A method, not a property: on Python 3.11 a property costs several
        times a method call, and this is asked after every action.)"""
        s = self._game.state
        turn = s.turn
        return (turn.number, turn.doubles, turn.phase, len(s.stack))

    def moment(self) -> tuple[K, int, bool, int, int, Phase, int, bool, int, int, int]:
        """Everything a client acting after every action asks first, in one call (the computer
        players' controller): the pending decision's kind and who takes it (``NOBODY`` once the
        game is over), whether any rent can be claimed, then ``progress()`` (turn number, doubles
        thrown, phase, decisions waiting), whether the player in play is in jail, and the pending
        decision's square, amount and (in an auction) high bid. The same answers as
        ``pending``'s fields, ``bool(claims())``, ``progress`` and ``in_jail(current_player)``, for one
        call instead of several and without copying the decision."""
        s = self._game.state
        stack = s.stack
        turn = s.turn
        if stack:  # the top of the stack as it is (``Table.waiting``, without numbering it)
            d = stack[-1]
            a = d.auction
            return (d.kind, d.player, bool(s.claims), turn.number, turn.doubles, turn.phase, len(stack),
                    s.players[turn.player].in_jail, d.square, d.amount, 0 if a is None else a.high_bid)
        # else the throw of the player in play, or nothing once the game is over (``Table.waiting``'s
        # answer, read here without making the throw's record: tests check that the two agree)
        p = turn.player
        if s.outcome is None:
            return (_ROLL, p, bool(s.claims), turn.number, turn.doubles, turn.phase, 0, s.players[p].in_jail,
                    NOBODY, 0, 0)
        return (_GAME_OVER, NOBODY, bool(s.claims), turn.number, turn.doubles, turn.phase, 0, s.players[p].in_jail,
                NOBODY, 0, 0)

    def landings(self) -> tuple[int, ...]:
        """How often each square was landed on (one for each ``Landed`` event), then how often
        someone was sent to jail (each ``SentToJail``), since ``Game.count_landings`` was asked;
        empty when it never was."""
        counts = self._game.landing_counts
        return tuple(counts) if counts is not None else ()

    def claim_owners(self) -> tuple[tuple[int, int], ...]:
        """(claim id, owner) of every rent that can still be claimed: all a client that claims at
        once needs to know, without copying the claims."""
        return tuple([(c.id, c.owner) for c in self._game.state.claims])

    def may_deal(self, player: int | None = None) -> bool:
        """Whether ``player`` is still in the game and may deal now (``deal_problem`` is None):
        whether it is worth asking them for an any-time action at all."""
        p: int | None = self.seat if player is None else player
        return deal_problem(self._game, self._p(p) if p is None else p) is None  # bankrupt: never

    def holdings_version(self) -> int:
        """A number that changes whenever an owner, a mortgage, a building or the players in the game
        may have changed (and never comes back, in any game of this process): a client that works
        something out from the holdings keeps it while the number stays the same, without comparing
        the whole board. Cash, the tokens and the cards do not change it."""
        return self._game.holdings_stamp

    def mortgages(self) -> tuple[bool, ...]:
        """Whether each square is mortgaged, in board order (``mortgaged`` for every square): kept
        per holdings version."""
        return cast("tuple[bool, ...]", _kept(self._game, self._cache, _mortgages_of))

    def levels(self) -> tuple[int, ...]:
        """The buildings on each square as one number, in board order (``level`` for every square,
        in one pass: a valuation reads the whole board at once), kept per holdings version."""
        return cast("tuple[int, ...]", _kept(self._game, self._cache, _levels_of))

    def cash_by_seat(self) -> tuple[int, ...]:
        """Every player's cash, in seat order (``cash`` for every seat)."""
        return tuple([p.cash for p in self._game.state.players])

    def sale_levels(self, square: int) -> tuple[tuple[int, int], ...]:
        """The ``level`` of each site that selling the next building on ``square`` would change,
        after the sale: the site sold from, and when the bank's shortage of houses breaks the
        group's hotels down, every site of the group (see ``building_sale``)."""
        g = self._game
        sale = H.building_sale(g.edition, g.rules, g.state, square)
        after = {step[0]: step[1] for step in sale.steps}
        if sale.spread is not None:
            after.update(sale.spread)
        return tuple(after.items())

    # ---------------------------------------------------------------- the bank's books (for the tests)
    # The property tests check after every action that no money appears or vanishes; a saved
    # game shows the bank's books too, but writing one out after every action is too slow.

    def bank_books(self) -> tuple[int, int]:
        """The bank's books: (money paid out to players, money paid in by them) since the start.
        Money is conserved when every player's cash adds up to the starting cash of all of them
        plus the first, less the second."""
        s = self._game.state
        return (s.bank_paid_out, s.bank_paid_in)


_STREET_GROUPS: dict[int, tuple[Edition, tuple[Group, ...]]] = {}


def _street_groups(edition: Edition) -> tuple[Group, ...]:
    # Keyed by identity: hashing a whole edition is slow, and editions are loaded once.
    found = _STREET_GROUPS.get(id(edition))
    if found is None or found[0] is not edition:
        found = _STREET_GROUPS[id(edition)] = (
            edition, tuple(g for g in edition.groups if edition.squares[g.squares[0]].kind == "street"))
    return found[1]
