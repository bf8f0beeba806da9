"""``ComputerPlayers``: the seats a program plays, and the one question a front end asks of them.

The front end (or the simulator) asks ``next_action(game)`` whenever it is ready to let the
computers move; it applies the action returned and asks again, until the answer is None (a
person must decide and no computer wants to act). The controller

- claims rent for computer owners at once (rent lapses when the next player throws);
- gives the computer whose decision is pending, and at the start of every throw every
  computer (whose strategy wants it), a limited number of any-time actions (build, sell,
  mortgage, lift, trade);
- answers the pending decision when it belongs to a computer (in an auction: the bidder
  being asked); an offer that no longer stands (the proposer has spent the cash offered, ...)
  is refused without asking the strategy;
- checks every action a strategy chooses with the game's rules (``View.problem``): a strategy
  that raises or answers illegally is logged on the ``monopoly.ai`` logger and the engine's safe
  default answer (``View.safe_action``) is played instead;
- remembers refused trade offers, so the same properties are not offered to the same player
  again for a while, and tells the proposer how its offer was answered;
- keeps each computer's answer to a trade offer with its reason (``last_reply``, a
  ``TradeReply``, for the front end to show beside the engine's ``TradeAnswered`` event), and
  when a computer refuses a person's offer with a counter-offer, makes that offer next (the
  person accepts or refuses it like any other; a refused counter-offer is remembered as any
  refused offer is, so it is not made again in a loop).

The front end asks one more question when people order houses or hotels the bank is short
of: ``building_order(game, seat, hotels)``, how many that computer would order too (so the
shortage auction includes it).

It never loops: each seat gets at most ``ANYTIME_LIMIT`` any-time actions and one trade
proposal at each decision point, every decision point is counted once per turn, and a
strategy that has nothing to do at a decision point is not asked again there.
"""

from __future__ import annotations

import logging
import random
from typing import Any, Mapping

from ..engine import (ANSWER_TYPES, NOBODY, AcceptTrade, Action, DecisionKind as K, Game, ProposeTrade, RejectTrade, Roll,
                      SaveFormatError, View, action_from_dict, claim_action, malformed)
from ..engine import versions
from .manners import Manners
from .offers import OfferMemory
from .points import Point
from .registry import STRATEGIES, make_strategy, seat_seed
from .strategy import ANSWERS, Strategy, TradeReply
from .view import GameView, RefusalKey

log = logging.getLogger("monopoly.ai")

ANYTIME_LIMIT = 40
"""Any-time actions one seat may take at one decision point (enough to build a group to hotels)."""

AI_FORMAT = "monopoly-ai"
AI_VERSION = versions.SAVE_VERSION  # the one version of everything saved (engine/versions.py)

# Decisions at which the deciding computer is not offered any-time actions first: its decision
# method may return them itself (a mortgage before a bid, a sale to pay a debt).
_NO_ANYTIME_FIRST = {K.RAISE_FUNDS, K.TRADE_RESPONSE, K.AUCTION, K.GAME_OVER, K.PLACE_BUILDING}

# The kinds looked at on every action, bound once: reading a member off an Enum class costs
# several times as much as reading a global, and the controller is asked after every action.
_ROLL, _TRADE_RESPONSE, _GAME_OVER = K.ROLL, K.TRADE_RESPONSE, K.GAME_OVER


def _throw_point(doubles: int, phase: Any, waiting: int, thrower: int) -> tuple[Any, ...]:
    """The bookkeeping key of a throw's decision point (as ``next_action`` makes them: a throw has
    no square, amount or bid)."""
    return (doubles, phase, waiting, _ROLL, thrower, NOBODY, 0, 0)


class ComputerPlayers(OfferMemory):
    """The computer-played seats of one game. Seats not listed are people.

    ``seats`` maps a seat to a strategy name; ``seed`` seeds every seat's own generator (by
    default the game's dice seed, or 0 for scripted dice).
    """

    def __init__(self, game: Game, seats: Mapping[int, str], seed: int | None = None) -> None:
        n = game.view.player_count
        self.seed = int(seed if seed is not None else getattr(game.dice, "seed", 0) or 0)
        self.names: dict[int, str] = {}
        self.strategies: dict[int, Strategy] = {}
        for seat, name in sorted(dict(seats).items()):
            if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
                raise ValueError(f"there is no seat {seat!r} in a game of {n} players")
            if name not in STRATEGIES:
                raise ValueError(f"unknown strategy {name!r}; choose one of {', '.join(STRATEGIES)}")
            self.names[seat] = name
            self.strategies[seat] = make_strategy(name, seat, rng=random.Random(seat_seed(self.seed, seat)))
        self._refused: dict[int, dict[RefusalKey, int]] = {seat: {} for seat in self.strategies}
        self.manners = Manners()
        """The table's manners (``manners.py``), kept for the strategies that keep them."""
        self._mannered = {seat for seat, st in self.strategies.items() if st.mannered}
        self._rolls = {seat: Roll(seat) for seat in self.strategies}  # actions are values: reuse them
        # Seats whose strategy keeps the default "always claim": no need to ask them each time.
        self._always_claims = {seat for seat, st in self.strategies.items()
                               if getattr(type(st), "claim_rent", None) is Strategy.claim_rent}
        # Seats whose strategies also act at the start of other players' throws.
        self._watchers = [seat for seat, st in self.strategies.items() if st.acts_on_others_turns]
        # Seats whose strategies want to hear how other computers' offers were answered.
        self._onlookers = [seat for seat, st in self.strategies.items()
                           if type(st).trade_seen is not Strategy.trade_seen]
        self._game: Game | None = None
        self._table: View = game.view  # the whole table's view, for the controller's own questions
        self._views: dict[int, GameView] = {}
        self._claims: dict[int, bool] = {}  # claim id -> whether its owner wants it
        self._points: dict[tuple[Any, ...], Point] = {}
        self._points_turn = -1
        self._offer: tuple[int, ProposeTrade] | None = None
        self._counter: ProposeTrade | None = None  # a counter-offer to make as soon as the answer is in
        self.last_reply: TradeReply | None = None
        """The latest answer of a computer to a trade offer, with its reason (see the module docstring)."""
        self._bind(game)

    # ------------------------------------------------------------------ queries
    def is_computer(self, seat: int) -> bool:
        return seat in self.strategies

    @property
    def seats(self) -> dict[int, str]:
        """Computer seats and their strategy names."""
        return dict(self.names)

    def strategy(self, seat: int) -> Strategy:
        return self.strategies[seat]

    def view(self, seat: int) -> GameView:
        return self._views[seat]

    def building_order(self, game: Game, seat: int, hotels: bool) -> int:
        """How many houses (hotels, with ``hotels``) computer ``seat`` would buy right now if the
        bank had them: its order when people order buildings the bank is short of.

        0 for a person, a bankrupt or indebted seat, one that may not buy now (the game is over,
        or time is up and it is not in play), or when its strategy would not build. The
        strategy's ``building_order`` is asked; its answer is capped at what the seat's groups can
        take (``build_capacity``), and a strategy that fails is logged and orders nothing.
        """
        strategy = self.strategies.get(seat)
        if strategy is None:
            return 0
        table = game.view
        if game.view.over or table.bankrupt(seat) or table.in_debt(seat) or not table.may_deal(seat):
            return 0
        room = table.build_capacity(bool(hotels), seat)
        if room <= 0:
            return 0
        if game is not self._game:
            self._bind(game)
        try:
            wanted = strategy.building_order(self._views[seat], bool(hotels))
        except Exception:  # a strategy's bug must not stop the game
            log.exception("strategy %s (seat %d) failed choosing a building order; it orders nothing",
                          strategy.name, seat)
            return 0
        if isinstance(wanted, bool) or not isinstance(wanted, int):
            log.warning("strategy %s (seat %d) ordered %r buildings, which is not a number; it orders nothing",
                        strategy.name, seat, wanted)
            return 0
        return max(0, min(wanted, room))

    def hold_back_offer(self, seat: int, recipient: int, give: tuple[int, ...], take: tuple[int, ...],
                        until_turn: int) -> None:
        """Do not let computer ``seat`` offer ``recipient`` these deeds before turn ``until_turn``, as
        if the offer had been refused: a play-out (``rollouts.py``) imagines a future in which an
        offer is not made."""
        self._refused[seat][(recipient, tuple(sorted(give)), tuple(sorted(take)))] = until_turn

    def recall(self, seat: int, memory: dict[str, Any], refused: Mapping[RefusalKey, int]) -> None:
        """Give computer ``seat`` a strategy memory (``Strategy.restore``) and a record of refused
        offers (offer -> the turn until which it is not made again): a play-out (``rollouts.py``)
        starts its players from what the real game's players remember, as far as it is known."""
        self.strategies[seat].restore(memory)
        self._refused[seat].update(refused)

    def always_claiming(self) -> frozenset[int]:
        """The computer seats whose strategy claims every rent at once (the default
        ``claim_rent``): a simulation may have the engine pay their rent with the move
        (``Game.claim_rent_at_once``) instead of asking for each claim."""
        return frozenset(self._always_claims)

    # ------------------------------------------------------------------ the main question
    def next_action(self, game: Game) -> Action | None:
        """The next action some computer player takes now, or None; see the module docstring."""
        if game is not self._game:
            self._bind(game)
        table = self._table
        # One question says what is pending and how far the game has got (``View.moment``).
        kind, player, claims, number, doubles, phase, waiting, jailed, square, amount, high_bid = table.moment()
        if kind == _GAME_OVER:
            return None
        if self._offer is not None:
            self._follow_offer(table)
        if claims:
            action = self._claim(table)
            if action is not None:
                return action
        if self._counter is not None and kind != _TRADE_RESPONSE:
            action = self._make_counter(table)
            if action is not None:
                return action
        points = self._points
        if number != self._points_turn:
            points.clear()
            self._points_turn = number
        decider = player if player in self.strategies else None
        if (kind == _ROLL and decider is not None and not jailed  # a throw is the player in play's
                and (not points or _throw_point(doubles, phase, waiting, decider) not in points)):
            action = self._new_throw(table, decider, doubles, phase, waiting)
            if action is not None:
                return action
        # A decision point within a turn (see ``View.progress``): the controller's bookkeeping key.
        key = (doubles, phase, waiting, kind, player, square, amount, high_bid)
        point = points.get(key)
        if point is None:
            point = points[key] = Point()
        # Any-time actions: the deciding computer first, then (at the start of a throw, or while
        # a person decides) every other computer.
        done = point.done
        if decider is not None and kind not in _NO_ANYTIME_FIRST and decider not in done:
            action = self._anytime(table, decider, point, kind == _ROLL)
            if action is not None:
                return action
        if kind == _ROLL or decider is None:
            thrower = player if kind == _ROLL else None
            for seat in self._watchers:
                if seat != decider and seat not in done:
                    action = self._anytime(table, seat, point, thrower=thrower)
                    if action is not None:
                        return action
        if decider is None:
            return None
        return self._answer(table, decider, kind, point)

    # ------------------------------------------------------------------ parts
    def _bind(self, game: Game) -> None:
        self._game = game
        self._table = game.view
        held = self.manners.held_until
        self._views = {seat: GameView(game, seat, self._refused[seat], held if seat in self._mannered else None)
                       for seat in self.strategies}
        self._points.clear()

    def _claim(self, table: View) -> Action | None:
        """Claim rent owed to a computer: each strategy is asked once per claim, as soon as it is due."""
        wanted = self._claims
        always = self._always_claims
        strategies = self.strategies
        claims = table.claim_owners()
        for claim_id, owner in claims:
            if owner not in strategies:
                continue
            if owner in always:
                # Legal by construction: the claim is outstanding and this computer owns it.
                return claim_action(owner, claim_id)
            if claim_id not in wanted:
                wanted[claim_id] = self._wants(table, owner, claim_id)
            if wanted[claim_id]:
                # Legal by construction: the claim is outstanding and this computer owns it.
                return claim_action(owner, claim_id)
        if len(wanted) > 64:
            self._claims = _still_open(wanted, claims)
        return None

    def _wants(self, table: View, owner: int, claim_id: int) -> bool:
        """Whether computer ``owner``'s strategy claims the rent of claim ``claim_id``."""
        strategy = self.strategies[owner]
        claim = next(c for c in table.claims(owner) if c.id == claim_id)
        try:
            return bool(strategy.claim_rent(self._views[owner], claim))
        except Exception:  # a strategy's bug must not stop the game
            log.exception("strategy %s (seat %d) failed deciding whether to claim rent; claiming it",
                          strategy.name, owner)
            return True

    def _anytime(self, table: View, seat: int, point: Point, own_throw: bool = False,
                 thrower: int | None = None) -> Action | None:
        """Ask ``seat`` for an any-time action at this point; None (and done here) when it has none
        (``own_throw``: the point is the start of the seat's own throw, where a strategy's
        ``quiet`` promise does not hold; ``thrower``: whose throw starts at the point, if anyone's)."""
        strategy = self.strategies[seat]
        quiet = strategy.quiet
        if quiet is not None and not own_throw and quiet.holds(table.holdings_version(), table.cash(seat), thrower,
                                                       table.turn):
            point.done.add(seat)  # it would answer None (``Strategy.quiet``)
            return None
        if point.used.get(seat, 0) >= ANYTIME_LIMIT or not table.may_deal(seat):
            # a seat out of the game, or one that may not deal now (time is up and it is not in
            # play), is not asked, as the engine would refuse whatever it chose
            point.done.add(seat)
            return None
        try:
            action = strategy.act_anytime(self._views[seat])
        except Exception:
            self._failed_anytime(seat)
            action = None
        if action is None:
            point.done.add(seat)
            return None
        return self._take(table, seat, action, point)

    def _new_throw(self, table: View, decider: int, doubles: int, phase: Any, waiting: int) -> Action | None:
        """The commonest question: a computer's throw outside jail, at a new point of the turn.

        Every computer that acts at the start of a throw is asked in the usual order (the thrower
        first, then the watchers), and the first any-time action chosen is taken; when nobody
        has one, the throw is the answer. Nothing is remembered about the point while nobody
        acts: once the throw is made the turn never comes back to it (the phase, the doubles or
        the turn number move on), so a point where nobody had anything to do needs no record.
        Once a seat acts, the point is recorded with the seats asked before it done there, and
        None is returned when its action is not taken: the point's usual bookkeeping then asks
        the seats still to be asked. The thrower is the player in play, whom the engine lets
        deal: its permission is checked only when it wants to act (most of the time it does
        not); a watcher's is checked before it is asked, as ``_anytime`` does."""
        strategies, views = self.strategies, self._views
        seat = decider
        try:
            action = strategies[decider].act_anytime(views[decider])
        except Exception:
            self._failed_anytime(decider)
            action = None
        if action is not None and not table.may_deal(decider):
            action = None
        if action is None:
            version = table.holdings_version()
            for seat in self._watchers:
                if seat == decider:
                    continue
                quiet = strategies[seat].quiet  # its promise to answer None (``Strategy.quiet``)
                if quiet is not None and quiet.holds(version, table.cash(seat), decider, table.turn):
                    continue
                if table.may_deal(seat):
                    try:
                        action = strategies[seat].act_anytime(views[seat])
                    except Exception:
                        self._failed_anytime(seat)
                        action = None
                    if action is not None:
                        break
            else:
                return self._rolls[decider]
        point = self._points[_throw_point(doubles, phase, waiting, decider)] = Point()
        if seat != decider:
            done = point.done
            done.add(decider)
            for other in self._watchers:
                if other == seat:
                    break
                done.add(other)
        return self._take(table, seat, action, point)

    def _take(self, table: View, seat: int, action: Action, point: Point) -> Action | None:
        """``seat``'s any-time ``action`` at ``point``, unless the controller holds it back or the
        rules forbid it (the seat is then done there)."""
        strategy = self.strategies[seat]
        held = self._held_back(seat, action, point)
        if held:
            log.debug("strategy %s (seat %d): %r held back (%s)", strategy.name, seat, action, held)
        else:
            problem = self._problem(table, seat, action)
            if problem is None:
                point.used[seat] = point.used.get(seat, 0) + 1
                if isinstance(action, ProposeTrade):
                    self._note_offer(seat, action, point)
                return action
            log.warning("strategy %s (seat %d) chose %r, which is not allowed (%s); it does nothing",
                        strategy.name, seat, action, problem)
        point.done.add(seat)
        return None

    def _failed_anytime(self, seat: int) -> None:
        """A strategy raised choosing an any-time action: logged, and it does nothing."""
        strategy = self.strategies[seat]
        log.exception("strategy %s (seat %d) failed choosing an any-time action; it does nothing",
                      strategy.name, seat)

    def _answer(self, table: View, seat: int, kind: K, point: Point) -> Action | None:
        if kind == _ROLL:
            if not table.in_jail(seat):
                return self._rolls[seat]
            method: str | None = "jail"
        elif kind == _TRADE_RESPONSE and not table.is_legal(AcceptTrade(seat)):
            # The offer no longer stands (the proposer spent the cash offered, built on a group
            # in it, ...): refusing is the only answer, so the strategy is not asked.
            offer = table.pending.offer
            if offer is not None:
                self.last_reply = TradeReply(offer.proposer, seat, False, "the offer no longer stands")
            return RejectTrade(seat)
        else:
            method = ANSWERS.get(kind)
        strategy = self.strategies[seat]
        view = self._views[seat]
        if method is None:  # no strategy method answers this kind
            return table.safe_action(seat)
        pending = table.pending
        try:
            action: Action = getattr(strategy, method)(view, pending)
        except Exception:
            log.exception("strategy %s (seat %d) failed answering %s; playing safe", strategy.name, seat, kind)
            return table.safe_action(seat)
        held = self._held_back(seat, action, point)
        if held:
            fallback = table.safe_action(seat)
            log.debug("strategy %s (seat %d): %r held back (%s); playing %r", strategy.name, seat, action, held,
                      fallback)
            return fallback
        problem = self._problem(table, seat, action)
        if problem is None and not isinstance(action, ANSWER_TYPES[kind]):
            if point.used.get(seat, 0) >= ANYTIME_LIMIT:
                problem = "too many actions before answering"
            else:
                point.used[seat] = point.used.get(seat, 0) + 1
        if problem:
            fallback = table.safe_action(seat)
            log.warning("strategy %s (seat %d) answered %s with %r, which is not allowed (%s); playing %r",
                        strategy.name, seat, kind, action, problem, fallback)
            return fallback
        if isinstance(action, ProposeTrade):
            self._note_offer(seat, action, point)
        elif kind == _TRADE_RESPONSE and isinstance(action, (AcceptTrade, RejectTrade)):
            self._reply(seat, pending, isinstance(action, AcceptTrade))
        return action

    # ------------------------------------------------------------------ saving
    def to_dict(self) -> dict[str, Any]:
        """Which seats are computers, their strategies, generators and memories, as JSON data."""
        return {
            "format": AI_FORMAT,
            "version": AI_VERSION,
            "seed": self.seed,
            "seats": {str(seat): name for seat, name in self.names.items()},
            "refused": {str(seat): [[k[0], list(k[1]), list(k[2]), until] for k, until in refused.items()]
                        for seat, refused in self._refused.items()},
            "rng": {str(seat): _rng_state(st.rng) for seat, st in self.strategies.items()},
            "memory": {str(seat): st.memory() for seat, st in self.strategies.items()},
            "offer": self._offer[1].to_dict() if self._offer is not None else None,
            "manners": self.manners.to_dict(),
            "claims": [[i, w] for i, w in self._claims.items()],
            "points": {"turn": self._points_turn,
                       "at": [[list(key), point.used_list(), sorted(point.done), sorted(point.traded)]
                              for key, point in self._points.items()]},
        }

    @classmethod
    def from_dict(cls, game: Game, data: Any) -> "ComputerPlayers":
        """Rebuild the computer players of a saved game; malformed data raises ``SaveFormatError``."""
        if not isinstance(data, dict) or data.get("format") != AI_FORMAT:
            raise SaveFormatError("computer players: not a computer-player record")
        if not versions.readable(data.get("version")):
            raise SaveFormatError(f"computer players: version {data.get('version')!r}; this program reads "
                                  f"version {AI_VERSION}")
        data = versions.upgrade_computers(data, data["version"])
        seats_raw = data.get("seats")
        seed = data.get("seed")
        if not isinstance(seats_raw, dict) or not isinstance(seed, int):
            raise SaveFormatError("computer players: seats and seed are required")
        try:
            seats = {int(k): v for k, v in seats_raw.items()}
            cp = cls(game, seats, seed=seed)
        except (TypeError, ValueError) as exc:
            raise SaveFormatError(f"computer players: {exc}") from None
        try:
            for key, entries in dict(data.get("refused", {})).items():
                seat = int(key)
                if seat in cp._refused:
                    for recipient, give, take, until in entries:
                        cp._refused[seat][(int(recipient), tuple(int(x) for x in give),
                                           tuple(int(x) for x in take))] = int(until)
            for key, state in dict(data.get("rng", {})).items():
                seat = int(key)
                if seat in cp.strategies:
                    _set_rng_state(cp.strategies[seat].rng, state)
            for key, memory in dict(data.get("memory", {})).items():
                seat = int(key)
                if seat in cp.strategies and isinstance(memory, dict):
                    cp.strategies[seat].restore(memory)
            offer = data.get("offer")
            if offer is not None:
                # checked as the engine checks an action: the controller reads its squares later
                action = action_from_dict(offer) if isinstance(offer, dict) else None
                if (not isinstance(action, ProposeTrade) or action.player not in cp.strategies
                        or malformed(action) or not all(0 <= sq < len(game.edition.squares)
                                                        for sq in action.give + action.take)):
                    raise ValueError("the open offer is not a computer's trade offer")
                cp._offer = (action.player, action)
            cp._claims = {int(i): bool(w) for i, w in data.get("claims", [])}
            if data.get("manners") is not None:  # saves from before the manners have none
                cp.manners = Manners.from_dict(data["manners"])
            points = data.get("points") or {"turn": -1, "at": []}
            cp._bind(game)
            cp._points_turn = int(points["turn"])
            for key, used, done, traded in points["at"]:
                point = Point()
                point.used = {int(seat): int(n) for seat, n in used}
                point.done = {int(x) for x in done}
                point.traded = frozenset(int(x) for x in traded)
                cp._points[tuple(key)] = point
        except (TypeError, ValueError, KeyError, IndexError, AttributeError, OverflowError) as exc:
            # whatever a damaged record trips over (a generator word out of range, a short list in
            # a strategy's memory, ...) is the file's fault: refused, never a traceback
            raise SaveFormatError(f"computer players: {exc}") from None
        return cp


def _still_open(wanted: dict[int, bool], claims: tuple[tuple[int, int], ...]) -> dict[int, bool]:
    """The controller's answers kept for the claims still open (a function of its own: the
    comprehension's closure would otherwise cost ``_claim`` a cell at every call)."""
    live = {claim_id for claim_id, _ in claims}
    return {i: w for i, w in wanted.items() if i in live}


def _rng_state(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def _set_rng_state(rng: random.Random, state: Any) -> None:
    version, internal, gauss = state
    if not isinstance(internal, list) or len(internal) != 625 or not all(isinstance(x, int) for x in internal):
        raise ValueError("a generator state is malformed")
    rng.setstate((int(version), tuple(internal), gauss))
