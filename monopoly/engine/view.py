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
``monopoly/ai/view.py``). The questions about the holdings (property and buildings, rent, mortgages
and worth) are in ``view_holdings.py``, with the answers kept per holdings version (``_Kept``).
"""

from __future__ import annotations

from typing import Sequence, cast

from . import actions as A
from . import holdings as H
from .auctions import bid_limit, bid_voids
from .clock import seconds_left
from .codes import DecisionKind as K, Phase
from .debts import can_declare_bankruptcy, deal_problem, in_debt, may_settle_in_property
from .decisions import DECISIONS
from .trades import trades_problem
from .turn import last_jail_throw
from .cards import card_destination
from .editions import Card, Edition, Group, Square
from .legality import legal_actions, problem
from .answers import Pending, PlayerInfo, pending_of
from .rules import Rules
from .state import NOBODY, Outcome
from .table import Table
from .view_holdings import HoldingsReads, _Kept, _active_players_of, _kept, _levels_of, _mortgages_of

# read on every ``moment`` (and ``offer_waiting``): an Enum member off its class costs more
_TRADE_RESPONSE = K.TRADE_RESPONSE
_ROLL, _GAME_OVER = K.ROLL, K.GAME_OVER



class ReadView(HoldingsReads):
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

    def offer_problem(self) -> str | None:
        """Why nobody may offer a trade now (an offer waits for its answer, the game is over), or
        None; whether one player may deal at all is ``deal_problem(p)``, and the terms of an offer
        are checked by ``problem(ProposeTrade(...))``."""
        return trades_problem(self._game)

    def shortage_auction(self, orders: Sequence[tuple[int, int]], hotels: bool = False) -> bool:
        """Whether these orders (player, buildings wanted) go to auction: two or more players want
        more houses (hotels) than the bank has, and each may buy now."""
        if not orders:
            return False
        return self.is_legal(A.OrderBuildings(orders[0][0], tuple((p, c) for p, c in orders), hotels))

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
