"""What ``ruthless`` works out about a position, and the state every part of it shares.

``RuthlessBase`` holds the weights and tunings (class attributes), the memory of a game, and the
appraisal of the position now (``_now``: an ``_Analysis``, worked out once per position and reused by
every decision at it): the worth of a deed at a price, the reserve and danger of the next throw. The
layers above it add one job each, in this order (each may use those below it): ``debts``,
``buying``, ``building``, ``judging`` (answers to offers and their prices), ``search`` (offers to
make), ``memory`` (what refusals teach), and ``Ruthless`` itself (``__init__.py``)."""

from __future__ import annotations

import random
from typing import Any, Callable, Generic, NamedTuple, Sequence, TypeVar

from ...engine import NOBODY
from ..strategy import Strategy
from ..valuation import Appraisal, Board, GroupInfo, Parts, Position, Weights, board_for, rent_index
from ..view import GameView

BID_STEP = 10
SEARCH_ROUNDS = 8  # rounds after which it searches for trades again whatever happened
FOLLOW_UPS = 2  # deals of the last search priced afresh a turn while no new search is due
SEARCH_PRICES = 8  # deals a search prices at most (besides the one it proposes); the others wait for the next
NEVER = 1 << 62  # cash it never has
ANYWHERE = -1  # ``_idle``'s square when where it stands does not matter
WARY_ROUNDS = 30
"""Rounds for which a partner who refused a deal completing a group for us is offered such deals only
at the price our own rule would ask (``_wary_price``)."""
DEAD_CASH = 500
"""A trade priced lately is priced again only once either side's cash moved this much, the groups either
side owns whole changed, a deed in the deal was mortgaged or lifted, or the partner refused it: the
search is incremental, pricing only what may have changed (and the deal it proposes)."""


class RuthlessBase(Strategy):
    """The shared state, tunings and appraisal of ``ruthless`` (see the module docstring)."""

    weights = Weights(horizon=16.0, income=400.0, min_opponents=3.0, split_option=0.35)
    rival_weight = 0.3  # how much a trading partner's gain counts against ours (all of it one-on-one)
    accept_margin = 25.0  # least gain (in money) for accepting an offer
    propose_margin = 40.0  # least gain for proposing one (>= accept_margin: we would accept it)
    partner_share = 0.05  # of the joint gain a partner keeps in our first offer; more after each refusal
    block_weight = 0.5  # how much denying a rival a property counts when buying (all of it one-on-one)
    block_factor = 1.5  # times the printed price it offers for a deed that keeps two rivals from swapping sets
    build_target = 3  # houses per street built before anything else
    cash_floor = 50  # cash kept beyond the dearest next rent (less what mortgages would raise)
    duel_cash_floor = 150  # one-on-one: at least this much (see ``_Analysis.reserve``)
    jail_threat = 12.0  # expected rent per turn of moving above which it stays in jail
    shortage_houses = 8  # bank houses at or below which it keeps four houses instead of a hotel
    match_share = 0.8  # a group given must be matched by one of ours worth at least this share of it
    sale_factor = 2.0  # ... or paid for in cash at least this many times its worth
    stall_rounds = 60  # rounds after which a game counts as stalled: a group is then sold for less ...
    stalled_factor = 0.5  # ... this share of its worth (a buyer that reasons alike offers a share of the gain)
    short_halvings = 2  # times that price is halved for a partner short of it (``_least_cash``)
    duel_bid_share = 0.85  # one-on-one: the most it bids for a deed that decides no set, as a share of its price
    sale_keep = 1  # a set's first price leaves the buyer this many houses a site of it in cash (``_first_sale_price``)
    lift_spare = 300  # three players or more: extra cash kept before lifting a lone deed's mortgage
    duel_spare = 2.0  # one-on-one: a deed of a split group is bought only keeping this many times the reserve
    decisive_rounds = 30  # rounds after which a set is offered for the partner's cash, whatever it gains
    lever_rounds = 20  # rounds after which a group is offered for all a partner's loose deeds and cash

    def __init__(self, seat: int, rng: random.Random) -> None:
        super().__init__(seat, rng)
        # What it remembers of the game (kept in a save: ``memory``).
        self._refusals: dict[str, int] = {}  # offer -> how often the partner refused it
        self._wary: dict[int, int] = {}  # partner -> the turn until which it is wary (``_wary_price``)
        self._wary_swaps: dict[int, tuple[float, int]] = {}  # partner -> (the swap share refused, until)
        self._price_refusers: set[int] = set()  # partners who refused a set at its first price (``_asks_first``)
        self._levers: set[str] = set()  # ``_lever_sale`` offers made and not yet answered, by ``_offer_key``
        self._lever_refusers: set[int] = set()  # partners who refused one (``_lever_sale``)
        self._searched_turn = -1  # the turn it last looked for trades
        self._search_key: tuple[int, ...] | None = None  # the ``trade_key`` of the last search
        self._search_due = 0  # the turn by which it searches again anyway
        self._queue: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = []  # deals of the last search, best first
        # trades priced lately -> (our cash, theirs, what else the price read, our gain or None: not worth proposing)
        self._dead: dict[str, tuple[int, int, int, float | None]] = {}
        # When it last found nothing to build or lift: (the least cash at which it would, the square it
        # stood on, or ANYWHERE, its deeds as ``_Analysis.my_deeds``). It does not look again before its
        # cash reaches that, unless its deeds changed or, at the start of one of its throws, it stands
        # elsewhere (the rents ahead changed); what others buy, mortgage or build changes its reserve little.
        self._idle: tuple[int, int, tuple[int, ...]] | None = None
        self._reason = ""  # why it gave its last answer to a trade offer
        # What it works out about the position: one analysis while the holdings stand (``_now``).
        self._analysis: _Analysis | None = None
        self._group_values: dict[tuple[Any, ...], float] = {}  # see ``_group_value``

    # ------------------------------------------------------------------ the position
    def _now(self, view: GameView) -> "_Analysis":
        """The analysis of the position now (``_Analysis``): the one it made while the holdings
        version and the Offline square stand, else a new one."""
        now = self._analysis
        if now is None or now.version != view.holdings_version() or now.offline != view.offline_square:
            now = self._analysis = _Analysis(self, view, now)
        return now

    def _top(self, view: GameView) -> int:
        return view.rules.houses_per_hotel + 1

    def _rivalry(self, pos: Position) -> tuple[float, float]:
        """How much a rival's gain counts against ours, in trades and in buying (``rival_weight``,
        ``block_weight``): one-on-one, whatever the rival gains we lose, so all of it."""
        if len(pos.active) <= 2:
            return 1.0, 1.0
        return self.rival_weight, self.block_weight

    def _appraisal(self, view: GameView) -> Appraisal:
        """An ``Appraisal`` of the position now, everyone's cash included."""
        return self._now(view).appraisal(view)

    def _danger(self, view: GameView) -> int:
        """The dearest rent this seat could owe on its next throw."""
        return self._now(view).danger(view.position())

    def _mortgage_reserve(self, view: GameView) -> int:
        """What mortgaging properties outside its whole groups could raise now."""
        return self._now(view).mortgage_reserve

    def _in_set(self, view: GameView, s: int) -> bool:
        """Whether ``s`` is a street of a colour group this seat owns whole."""
        return view.edition.squares[s].kind == "street" and view.owns_group(s)

    def _reserve(self, view: GameView) -> int:
        """Cash to keep in hand: the worst next rent, less what mortgages would raise, and ``cash_floor``
        more (a rent met by selling houses back at half price loses what they cost)."""
        return self._now(view).reserve(view.position())

    # ------------------------------------------------------------------ buying and auctions
    def _worth(self, view: GameView, square: int, pay: int) -> float:
        """Gain in value from getting ``square`` for ``pay``, plus what denying it to a rival is worth."""
        return self._worth_at(view, square)(pay)

    def _worth_at(self, view: GameView, square: int, denial: bool = True) -> Callable[[int], float]:
        """``_worth`` of ``square`` as a function of the price paid: what the deed adds to our
        holdings and what it would add to the rival's are worked out once (``Appraisal``), so each
        price tried costs one valuation of our build plans. Without ``denial``: our own gain only
        (never more than ``_worth``: what denial adds is never negative)."""
        appraisal = self._appraisal(view)
        board, pos = appraisal.board, appraisal.pos
        me = self.seat
        owner = list(pos.owner)
        owner[square] = me
        mine = appraisal.traded(me, owner, (square,))
        before = appraisal.strength(me)
        cash = pos.cash[me]
        if not denial:
            return lambda pay: appraisal.worth(mine, cash - pay) - before
        price = board.price[square]
        denied = 0.0
        for q in pos.active:
            if q == me:
                continue
            owner[square] = q
            theirs = appraisal.worth(appraisal.traded(q, owner, (square,)), max(0, pos.cash[q] - price))
            denied = max(denied, theirs - appraisal.strength(q))
        block = self._rivalry(pos)[1] * denied

        def worth(pay: int) -> float:
            return appraisal.worth(mine, cash - pay) - before + block

        return worth

    def _best_lift(self, view: GameView, mortgaged: Sequence[bool]) -> int | None:
        """The mortgage to lift first: one in a group of ours, then the best earner (``mortgaged``:
        the mortgages as they are)."""
        mine = [s for s in view.owned() if mortgaged[s]]
        if not mine:
            return None
        board = board_for(view)
        return max(mine, key=lambda s: (self._in_set(view, s), board.rate[s][0] if board.rate[s] else 0))

    def _best_build(self, view: GameView, board: Board, groups: Sequence[GroupInfo]) -> tuple[int, int] | None:
        """The next house worth building: (square, cost), best return first, three houses first."""
        hpp = view.rules.houses_per_hotel
        top = hpp + 1  # (``_top``)
        turns = self.weights.horizon * max(self.weights.min_opponents, len(view.opponents()))
        best = None
        best_key = None
        level, mortgaged = view.levels(), view.mortgages()
        shortage: bool | None = None  # worked out when first needed
        for info in groups:
            squares = info.squares
            cur = min([level[s] for s in squares])
            if cur >= top:
                continue
            if True in [mortgaged[s] for s in squares]:
                continue
            target = max(cur + 1, self.build_target) if cur < self.build_target else cur + 1
            per_level = info.house_cost * len(info.squares)
            ratio = ((info.rate[rent_index(target, top)] - info.rate[rent_index(cur, top)])
                     / ((target - cur) * per_level))
            # Houses that pay back within the horizon come first; the rest only use idle money.
            key = (0 if ratio * turns >= 1.0 else 1, 0 if cur < self.build_target else 1, -ratio)
            if best_key is not None and key >= best_key:
                continue  # (the rules are asked only about a better group)
            if cur == hpp and shortage is None:
                shortage = view.bank_houses <= self.shortage_houses and self._rival_can_build(view)
            if cur == hpp and shortage:
                continue
            # the first site at the group's lowest level that may take a building now
            square = next((s for s in info.squares if level[s] == cur and view.build_problem(s) is None), None)
            if square is not None:
                best, best_key = (square, info.house_cost), key
        return best

    def _rival_can_build(self, view: GameView) -> bool:
        for q in view.opponents():
            for g in view.monopolies(q):
                if any(view.level(s) < view.rules.houses_per_hotel for s in g.squares):
                    return True
        return False


class _Deal(NamedTuple):
    """A swap of deeds ``_find_trade`` prices, with what follows from the owners alone (worked out once
    per change of owners, not at every pricing)."""
    give: tuple[int, ...]  # squares given
    take: tuple[int, ...]  # squares taken
    key: str  # the offer's ``_offer_key``
    theirs: tuple[GroupInfo, ...]  # the street groups it completes for the partner, in board order
    mine: tuple[GroupInfo, ...]  # ... and for us
    groups: tuple[int, ...]  # the indices of the groups of the squares it moves, in order


def _deals(board: Board, owner: Sequence[int], active: Sequence[int],
           me: int) -> tuple[tuple[int, list[_Deal]], ...]:
    """The swaps of deeds worth pricing with each other player ``active``, a function of the owners
    alone: its share of a sold-out group split with ``me``, for cash or our share of another such
    group split between the two of us alone. (A group split between us has no buildings.)"""
    # the sold-out groups we hold part of: (index, group, holders)
    shared: list[tuple[int, GroupInfo, set[int]]] = []
    for i, g in enumerate(board.groups):
        held = [owner[s] for s in g.squares]
        if me in held and NOBODY not in held:
            shared.append((i, g, set(held)))
    out = []
    for x in active:
        if x == me:
            continue
        # (squares, group index, the street group the move completes for the receiver or None, key part)
        wants: list[tuple[tuple[int, ...], int, GroupInfo | None, str]] = []
        gives: list[tuple[tuple[int, ...], int, GroupInfo | None, str]] = []
        for i, g, holders in shared:
            if x not in holders:
                continue
            street = g if g.kind == "street" else None
            two = len(holders) == 2
            t = tuple([s for s in g.squares if owner[s] == x])
            wants.append((t, i, street if two else None, ",".join(map(str, sorted(t)))))
            if two:
                gv = tuple([s for s in g.squares if owner[s] == me])
                gives.append((gv, i, street, ",".join(map(str, sorted(gv)))))
            # else: a group split three ways; taking x's share gathers it towards a set later
        deals = [_Deal((), t, f"{x}::{t_key}", (), (g_t,) if g_t else (), (i_t,)) for t, i_t, g_t, t_key in wants]
        deals += [_Deal(gv, t, f"{x}:{gv_key}:{t_key}", (g_gv,) if g_gv else (), (g_t,) if g_t else (),
                        (i_gv, i_t) if i_gv < i_t else (i_t, i_gv))
                  for t, i_t, g_t, t_key in wants for gv, i_gv, g_gv, gv_key in gives if i_gv != i_t]
        deals += [_Deal(gv, (), f"{x}:{gv_key}:", (g_gv,) if g_gv else (), (), (i_gv,))
                  for gv, i_gv, g_gv, gv_key in gives]
        out.append((x, deals))
    return tuple(out)


def _deal(board: Board, owner: Sequence[int], me: int, x: int, give: tuple[int, ...], take: tuple[int, ...],
          key: str | None = None) -> _Deal:
    """The ``_Deal`` of swapping ``give`` for ``take`` with ``x`` from owners ``owner``."""
    index = board.group_index
    groups = tuple(sorted({index[s] for s in give + take}))
    theirs: list[GroupInfo] = []
    mine: list[GroupInfo] = []
    for i in groups:
        g = board.groups[i]
        if g.kind != "street":
            continue
        after = [x if s in give else me if s in take else owner[s] for s in g.squares]
        first = after[0]
        if ((first == x or first == me) and after.count(first) == len(after)
                and not all(owner[s] == first for s in g.squares)):
            (theirs if first == x else mine).append(g)
    return _Deal(give, take, key if key is not None else _offer_key(x, give, take), tuple(theirs), tuple(mine),
                 groups)


_T = TypeVar("_T")


class _once(Generic[_T]):
    """A property of ``_Analysis`` worked out when first read and kept on the object (what
    ``functools.cached_property`` does, without its lock: an analysis is read by one strategy)."""

    def __init__(self, work: Callable[[Any], _T]) -> None:
        self.work = work
        self.name = work.__name__
        self.__doc__ = work.__doc__

    def __get__(self, analysis: Any, owner: type | None = None) -> _T:
        value = analysis.__dict__[self.name] = self.work(analysis)
        return value


class _Analysis:
    """What ``ruthless`` works out about one position of the holdings, for its decisions to read:
    one holdings version (``View.holdings_version``: owners, mortgages, buildings and players) and
    Offline square. Its decisions ask the same questions again and again while the holdings stand
    (at every throw of the others, every bid, every pricing of a deal), so each answer is worked
    out when first asked and kept until the holdings change (``Ruthless._now`` then makes a new
    analysis). Cash is not part of it: what depends on cash is worked out each time, or kept with
    everyone's cash (the appraisal, the bid limits).

    What depends on the deeds alone (``DEEDS_ONLY``) is taken over from the analysis before when
    the owners, the mortgages and the players are the same (a house built or sold changes nothing
    of it)."""

    DEEDS_ONLY = ("mine", "my_deeds", "mortgaged_sets", "mortgage_reserve", "best_lift", "trade_key",
                  "deals", "blockable")

    def __init__(self, strategy: RuthlessBase, view: GameView, before: "_Analysis | None" = None) -> None:
        self.version = view.holdings_version()
        self.offline = view.offline_square
        self.strategy = strategy
        self.view = view  # (the seat's view of the game: asked only about the holdings, which stand)
        self.me = strategy.seat
        self.board = board_for(view)
        self.owners = view.owners()
        self.mortgaged = view.mortgages()
        self.active = view.active_players()
        if (before is not None and before.owners == self.owners and before.mortgaged == self.mortgaged
                and before.active == self.active and before.board is self.board):
            kept = before.__dict__
            self.__dict__.update({name: kept[name] for name in self.DEEDS_ONLY if name in kept})
        self.rents: dict[int, int] = {}  # square (40 * throw + square for a rent by the throw) -> its rent
        self.dangers: dict[int, int] = {}  # square -> the dearest rent of a throw from there (``danger``)
        self.parts: dict[int, Parts] = {}  # player -> its holdings in parts (``Appraisal``)
        self.bid_limits: dict[tuple[Any, ...], int] = {}  # see ``Ruthless._bid_limit``
        self._appraised: tuple[tuple[int, ...], Appraisal] | None = None  # (everyone's cash, its appraisal)

    def appraisal(self, view: GameView) -> Appraisal:
        """An ``Appraisal`` of the position with everyone's cash now; all appraisals of these
        holdings share the parts they work out (its ``pos`` is never changed)."""
        cash = view.cash_by_seat()
        last = self._appraised
        if last is not None and last[0] == cash:
            return last[1]
        pos = Position(list(self.owners), list(self.mortgaged), list(view.levels()), list(cash), list(self.active))
        appraisal = Appraisal(self.board, pos, self.strategy.weights, self.strategy._top(view), self.parts)
        self._appraised = (cash, appraisal)
        return appraisal

    @_once
    def mine(self) -> tuple[GroupInfo, ...]:
        """The colour groups this seat owns whole (the view's ``monopolies``)."""
        group_of = self.board.group_of
        return tuple([group_of[g.squares[0]] for g in self.view.monopolies(self.me)])

    @_once
    def my_deeds(self) -> tuple[int, ...]:
        """The squares this seat owns, a mortgaged one as its negative less one."""
        owners, mortgaged, me = self.owners, self.mortgaged, self.me
        return tuple([-s - 1 if mortgaged[s] else s for s in self.board.properties if owners[s] == me])

    @_once
    def mortgaged_sets(self) -> tuple[GroupInfo, ...]:
        """This seat's whole colour groups with a mortgaged deed."""
        mortgaged = self.mortgaged
        return tuple([g for g in self.mine if True in [mortgaged[s] for s in g.squares]])

    @_once
    def mortgage_reserve(self) -> int:
        """What mortgaging properties outside its whole groups could raise (they have no buildings)."""
        kept = {s for g in self.mine for s in g.squares}
        owners, mortgaged, me, mortgage = self.owners, self.mortgaged, self.me, self.board.mortgage
        return sum(mortgage[s] for s in self.board.properties
                   if owners[s] == me and not mortgaged[s] and s not in kept)

    def danger(self, here: int) -> int:
        """The dearest rent this seat could owe on a throw from ``here``."""
        worst = self.dangers.get(here)
        if worst is None:
            worst = 0
            owners, mortgaged, rents, me, view = self.owners, self.mortgaged, self.rents, self.me, self.view
            for steps, sq, key in _throws_from(self.board)[here]:
                o = owners[sq]
                if o == me or o == NOBODY:
                    continue
                rent = rents.get(key)
                if rent is None:
                    rent = rents[key] = 0 if mortgaged[sq] else view.rent(sq, steps)
                if rent > worst:
                    worst = rent
            self.dangers[here] = worst
        return worst

    def reserve(self, here: int) -> int:
        """``Ruthless._reserve`` of a seat standing on ``here``."""
        strategy = self.strategy
        floor = strategy.cash_floor
        if len(self.active) <= 2:
            # One-on-one the duel plan (``endgame.py``) spends on the deeds that decide sets and was
            # measured with this larger floor; at a table of three or more, the smaller floor builds
            # sooner and leaves cash for the blocking offers, which won more games against three
            # ``lookahead`` (docs/strategies.md).
            floor = max(floor, strategy.duel_cash_floor)
        return max(0, self.danger(here) - self.mortgage_reserve) + floor

    @_once
    def best_build(self) -> tuple[int, int] | None:
        """The next house worth building: (square, cost) (``Ruthless._best_build``)."""
        return self.strategy._best_build(self.view, self.board, self.mine) if self.mine else None

    @_once
    def best_lift(self) -> int | None:
        """The mortgage to lift first (``Ruthless._best_lift``)."""
        return self.strategy._best_lift(self.view, self.mortgaged)

    @_once
    def threat(self) -> tuple[float, int]:
        """The rent a turn of moving is expected to cost this seat, and how many deeds are unsold
        (``Ruthless._stay_in_jail``; a utility's rent taken at an average throw, 7)."""
        landing = self.view.facts.landing
        owners, mortgaged, rents, me, board = self.owners, self.mortgaged, self.rents, self.me, self.board
        threat = 0.0
        unowned = 0
        for s in board.properties:
            o = owners[s]
            if o == NOBODY:
                unowned += 1
            elif o != me and not mortgaged[s]:
                key = 40 * 7 + s if board.dice_rent[s] else s
                rent = rents.get(key)
                if rent is None:
                    rent = rents[key] = self.view.rent(s, 7)
                threat += landing[s] * rent
        return threat, unowned

    @_once
    def trade_key(self) -> tuple[int, ...]:
        """What the trades it looks for depend on besides cash and mortgages: the owners of the
        sold-out groups it holds part of (the only groups ``_find_trade`` deals in): their squares in
        board order, then their owners."""
        owners, me = self.owners, self.me
        closed: list[int] = []
        for g in self.board.groups:
            holders = [owners[s] for s in g.squares]
            if me in holders and NOBODY not in holders:
                closed.extend(g.squares)
        return tuple(closed) + tuple([owners[s] for s in closed])

    @_once
    def blockable(self) -> tuple[tuple[GroupInfo, int, int, int], ...]:
        """The colour groups one rival holds all of but one deed, which another rival holds: (group,
        the rival holding the rest, the holder of that deed, the deed) (``Ruthless._block_offer``;
        none with fewer than three players, where the rival who would buy is the partner itself)."""
        owners, me = self.owners, self.me
        if len(self.active) < 3:
            return ()
        out = []
        for g in self.board.streets:
            holders = [owners[s] for s in g.squares]
            if NOBODY in holders or me in holders or len(set(holders)) != 2:
                continue
            a, b = sorted(set(holders), key=holders.count, reverse=True)
            if holders.count(b) == 1:
                out.append((g, a, b, g.squares[holders.index(b)]))
        return tuple(out)

    @_once
    def deals(self) -> tuple[tuple[int, list[_Deal]], ...]:
        """The swaps of deeds worth pricing with each other player (``_deals``)."""
        return _deals(self.board, self.owners, self.active, self.me)


_THROWS: dict[int, tuple[Board, list[tuple[tuple[int, int, int], ...]]]] = {}


def _throws_from(board: Board) -> list[tuple[tuple[int, int, int], ...]]:
    """For each square, the squares a throw of 2 to 12 from there reaches: (throw, square, the key of
    its rent in ``_Analysis.rents``: by the throw for a rent that depends on it). Worked out once a
    board, for ``_Analysis.danger``'s loop."""
    found = _THROWS.get(id(board))
    if found is None or found[0] is not board:
        size = len(board.price)
        table = []
        for here in range(size):
            reached = []
            for steps in range(2, 13):
                sq = (here + steps) % size
                reached.append((steps, sq, 40 * steps + sq if board.dice_rent[sq] else sq))
            table.append(tuple(reached))
        found = _THROWS[id(board)] = (board, table)
    return found[1]


def _with(values: Sequence[bool], square: int, value: bool) -> list[bool]:
    """``values`` with the one at ``square`` replaced."""
    out = list(values)
    out[square] = value
    return out


def _owners_after(owner: Sequence[int], me: int, x: int, give: Sequence[int], take: Sequence[int]) -> list[int]:
    """The owners of the squares once a deal between ``me`` and ``x`` is done: ``give`` goes to
    ``x``, ``take`` to ``me``."""
    after = list(owner)
    for s in give:
        after[s] = x
    for s in take:
        after[s] = me
    return after


def _completed(board: Board, before: Sequence[int], after: Sequence[int], p: int,
               moved: Sequence[int]) -> list[GroupInfo]:
    """The street groups ``p`` owns whole with owners ``after`` and did not with ``before``, in board
    order (``moved``: the squares whose owners differ; only their groups can have changed)."""
    out = []
    groups = board.groups
    index = board.group_index
    for i in sorted({index[s] for s in moved}):
        g = groups[i]
        squares = g.squares
        if g.kind == "street" and all(after[s] == p for s in squares) and not all(before[s] == p for s in squares):
            out.append(g)
    return out


def _offer_key(recipient: int, give: Sequence[int], take: Sequence[int]) -> str:
    return f"{recipient}:{','.join(map(str, sorted(give)))}:{','.join(map(str, sorted(take)))}"
