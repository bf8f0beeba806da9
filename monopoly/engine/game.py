"""The game: what is pending, which actions are legal, and applying one action.

``Game`` is the single source of truth for the screen, the computer players, saves and tests.
Every change goes through ``apply``: it checks the action against the rules (raising
``IllegalActionError`` and changing nothing when it is not allowed), carries it out, lets play
run on until the next decision someone must take, and returns the events that happened.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from . import actions as A
from . import events as E
from . import holdings as H
from .dice import DiceSource, RandomDice, dice_from_dict
from .editions import DECKS, Edition, load_edition
from .errors import EditionError, IllegalActionError, SaveFormatError
from .rules import Rules
from .serial import from_plain, to_plain
from .view import View
from .state import (NOBODY, AuctionState, Decision, DecisionKind as K, GameState, Outcome, PlayerState,
                    RentClaim, TradeOffer, TurnState)

BANK = E.BANK
SAVE_FORMAT = "monopoly-save"
SAVE_VERSION = 1
MIN_PLAYERS, MAX_PLAYERS = 2, 8
JAIL_SQUARE = 10
BOARD = 40

# Decisions during which no new trade may be offered (one offer is answered at a time).
_NO_NEW_TRADES = {K.TRADE_RESPONSE, K.GAME_OVER}


def _illegal(message: str) -> IllegalActionError:
    return IllegalActionError(message)


class Game:
    """One game of Monopoly. Create with ``Game.new`` or ``Game.from_dict``."""

    def __init__(self, edition: Edition, rules: Rules, state: GameState, dice: DiceSource,
                 log: list[E.Event] | None = None, keep_log: bool = True) -> None:
        self.edition = edition
        self.rules = rules
        self.state = state
        self.dice = dice
        self.keep_log = keep_log
        self.log: list[E.Event] = log if log is not None else []
        self._events: list[E.Event] = []
        self._new: list[Decision] = []
        self._roll = Decision(K.ROLL, NOBODY)
        self._view: View | None = None
        self._checks: dict[type, Callable[[Any], None]] = {}
        self._doers: dict[type, Callable[[Any], None]] = {}
        for cls in A.ACTION_TYPES.values():
            self._checks[cls] = getattr(self, f"_check_{cls.verb}")
            self._doers[cls] = getattr(self, f"_do_{cls.verb}")

    # ------------------------------------------------------------------ creation
    @classmethod
    def new(cls, players: Sequence[str], edition: str | Edition = "us",
            rules: Rules | Mapping[str, Any] | None = None, *, seed: int | None = None,
            dice: DiceSource | None = None, first_player: int | None = None, keep_log: bool = True) -> "Game":
        """Set up a game: money dealt, decks shuffled, starting player found, short-game deeds dealt.

        ``rules`` may be a ``Rules`` value, or a mapping of options that change the edition's
        defaults. Without ``first_player`` everyone throws the dice and the highest starts.
        """
        ed = load_edition(edition) if isinstance(edition, str) else edition
        names = [str(n).strip() for n in players]
        if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
            raise ValueError(f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(names)}")
        if any(not n for n in names):
            raise ValueError("every player needs a name")
        if len(set(n.lower() for n in names)) != len(names):
            raise ValueError("two players have the same name")
        if isinstance(rules, Rules):
            chosen = rules
        else:
            chosen = ed.default_rules(**dict(rules or {}))
        source = dice if dice is not None else RandomDice(seed)
        decks = []
        for deck in DECKS:
            order = list(range(len(ed.deck(deck))))
            source.shuffle(order)
            decks.append(order)
        state = GameState(
            edition=ed.id,
            players=[PlayerState(name=n, cash=ed.starting_cash) for n in names],
            owner=[NOBODY] * BOARD, mortgaged=[False] * BOARD, houses=[0] * BOARD, hotel=[False] * BOARD,
            bank_houses=ed.bank_houses, bank_hotels=ed.bank_hotels, decks=decks)
        game = cls(ed, chosen, state, source, keep_log=keep_log)
        game._setup(first_player)
        return game

    def _setup(self, first_player: int | None) -> None:
        n = len(self.state.players)
        if first_player is None:
            contenders = list(range(n))
            while len(contenders) > 1:
                throws = {}
                for p in contenders:
                    d = self.dice.roll()
                    throws[p] = d[0] + d[1]
                    self._emit(E.StartingRoll(p, d))
                best = max(throws.values())
                contenders = [p for p in contenders if throws[p] == best]
            first_player = contenders[0]
        if not 0 <= first_player < n:
            raise ValueError(f"first_player must be a seat from 0 to {n - 1}")
        self._emit(E.FirstPlayer(first_player))
        self.state.turn = TurnState(player=first_player)
        if self.rules.deeds_dealt:
            deeds = list(self.edition.properties)
            self.dice.shuffle(deeds)
            order = [(first_player + i) % n for i in range(n)]
            for _ in range(self.rules.deeds_dealt):
                for p in order:
                    square = deeds.pop()
                    price = 0 if self.rules.deeds_free else self.edition.squares[square].price
                    self.state.owner[square] = p
                    self._transfer(p, BANK, price, "deed")
                    self._emit(E.DeedDealt(p, square, price))
        self._emit(E.TurnStarted(first_player, 1))
        self._finish_apply()

    # ------------------------------------------------------------------ queries
    @property
    def view(self) -> View:
        """The read view of this game: every question about it (see ``view.py``)."""
        view = self._view
        if view is None:
            view = self._view = View(self)
        return view

    @property
    def players(self) -> list[PlayerState]:
        return self.state.players

    @property
    def over(self) -> bool:
        return self.state.outcome is not None

    @property
    def outcome(self) -> Outcome | None:
        return self.state.outcome

    @property
    def current_player(self) -> int:
        """Whose turn it is (not always who must decide now: see ``pending``)."""
        return self.state.turn.player

    @property
    def pending(self) -> Decision:
        """The decision the game waits for. Read it; change the game only through ``apply``."""
        s = self.state
        if s.outcome is not None:
            return Decision(K.GAME_OVER, NOBODY)
        if s.stack:
            return s.stack[-1]
        roll = self._roll
        if roll.player != s.turn.player:  # one value per player's throw: this is asked very often
            roll = self._roll = Decision(K.ROLL, s.turn.player)
        return roll

    def active_players(self) -> list[int]:
        return [i for i, p in enumerate(self.state.players) if not p.bankrupt]

    def square(self, index: int):
        return self.edition.squares[index]

    def owner(self, square: int) -> int:
        return self.state.owner[square]

    def owned(self, player: int) -> list[int]:
        return H.owned(self.state, player)

    def claims(self, owner: int | None = None) -> list[RentClaim]:
        """Rent that can still be claimed (by ``owner``, or by anyone)."""
        return [c for c in self.state.claims if owner is None or c.owner == owner]

    def rent_of(self, square: int, dice_total: int = 7) -> int:
        return H.rent(self.edition, self.rules, self.state, square, dice_total)

    def liquid_value(self, player: int) -> int:
        """Cash plus what the bank would pay now (the "property value" shown during play)."""
        return H.liquid_value(self.edition, self.rules, self.state, player)

    def property_value(self, player: int) -> int:
        """What a player's holdings would raise from the bank now, without the cash."""
        return self.liquid_value(player) - self.state.players[player].cash

    def face_value(self, player: int) -> int:
        """The end-of-game valuation of everything the player has."""
        return H.face_value(self.edition, self.rules, self.state, player)

    def level(self, square: int) -> int:
        return H.level(self.rules, self.state, square)

    def lift_cost(self, square: int) -> int:
        m = self.edition.squares[square].mortgage
        return m + H.ceil_percent(m, self.rules.mortgage_interest)

    def money(self, amount: int) -> str:
        return self.edition.money(amount)

    def legal_actions(self, player: int | None = None) -> list[A.Action]:
        """Every concrete legal action now, for ``player`` or for everyone.

        Bids are listed at the smallest raise; any larger affordable bid is legal too. Trades are
        open-ended and not listed: build a ``ProposeTrade`` and ask ``is_legal``. ``EndGame`` is
        always legal while the game runs and is not listed.
        """
        if self.over or (player is not None and not 0 <= player < len(self.state.players)):
            return []  # NOBODY (-1) would otherwise be taken for the owner of every unowned square
        candidates: list[A.Action] = []
        d = self.pending
        if d.kind == K.ROLL:
            candidates += [A.Roll(d.player), A.PayJailFine(d.player), A.UseJailCard(d.player)]
        elif d.kind == K.BUY:
            candidates += [A.Buy(d.player), A.DeclineToBuy(d.player)]
        elif d.kind == K.AUCTION and d.auction is not None:
            for b in d.auction.bidders:
                candidates += [A.Bid(b, d.auction.high_bid + 1), A.PassBid(b)]
        elif d.kind == K.INCOME_TAX:
            candidates += [A.PayIncomeTax(d.player, False), A.PayIncomeTax(d.player, True)]
        elif d.kind == K.PAY_OR_DRAW:
            candidates += [A.PayOrDraw(d.player, False), A.PayOrDraw(d.player, True)]
        elif d.kind == K.RAISE_FUNDS:
            candidates.append(A.DeclareBankruptcy(d.player))
        elif d.kind == K.TRADE_RESPONSE:
            candidates += [A.AcceptTrade(d.player), A.RejectTrade(d.player)]
        elif d.kind == K.MORTGAGED_TRANSFER:
            candidates += [A.SettleMortgagedTransfer(d.player, d.square, True),
                           A.SettleMortgagedTransfer(d.player, d.square, False)]
        elif d.kind == K.MOVE_OFFLINE:
            candidates += [A.MoveOffline(d.player, s) for s in self.edition.properties]
        elif d.kind == K.PLACE_BUILDING:
            candidates += [A.Build(d.player, s) for s in H.owned(self.state, d.player)]
        seen: set[A.Action] = set()
        result: list[A.Action] = []
        for action in candidates:
            if (player is None or action.player == player) and action not in seen and self.is_legal(action):
                seen.add(action)
                result.append(action)
        who = self.active_players() if player is None else [player]
        for p in who:
            if not self.state.players[p].bankrupt:
                result += self._any_time_actions(p, d)
        return result

    def _any_time_actions(self, p: int, d: Decision) -> list[A.Action]:
        """The legal claim, build, sell, mortgage and lift actions of one player, found directly.

        Equivalent to trying each candidate with ``is_legal`` (a test checks that), but without
        the cost of an exception per refused candidate.
        """
        s, e, r = self.state, self.edition, self.rules
        out: list[A.Action] = [A.ClaimRent(p, c.id) for c in s.claims if c.owner == p]
        if self.deal_problem(p) is not None:
            return out
        placing = d.kind == K.PLACE_BUILDING and d.player == p
        cash = 0 if self.in_debt(p) else s.players[p].cash  # a debtor may not spend
        for sq in H.owned(s, p):
            square = e.squares[sq]
            built = s.houses[sq] or s.hotel[sq]
            if s.mortgaged[sq]:
                if cash >= self.lift_cost(sq):
                    out.append(A.LiftMortgage(p, sq))
                continue
            if square.kind == "street":
                if (not placing and not s.building_orders and cash >= square.house_cost
                        and H.build_problem(e, r, s, p, sq) is None):
                    out.append(A.Build(p, sq))
                if built and H.sell_problem(e, r, s, p, sq) is None:
                    out.append(A.SellBuilding(p, sq))
                if built or H.group_has_buildings(e, s, sq):
                    continue
            out.append(A.Mortgage(p, sq))
        return out

    def is_legal(self, action: A.Action) -> bool:
        try:
            self.check(action)
        except IllegalActionError:
            return False
        return True

    def check(self, action: A.Action) -> None:
        """Raise ``IllegalActionError`` saying why ``action`` is not allowed now."""
        checker = self._checks.get(type(action))  # keyed by the action classes only
        if checker is None:
            raise _illegal(f"{action!r} is not an action")
        s = self.state
        if s.outcome is not None:
            raise _illegal("the game is over")
        problem = A.malformed(action)
        if problem is not None:
            raise _illegal(problem)
        p = action.player
        if not 0 <= p < len(s.players):
            raise _illegal(f"there is no player {p!r}")
        if s.players[p].bankrupt:
            raise _illegal(f"{s.players[p].name} is bankrupt and out of the game")
        checker(action)

    # ------------------------------------------------------------------ applying
    def apply(self, action: A.Action) -> list[E.Event]:
        """Carry out one action and play on to the next decision; return what happened."""
        self.check(action)
        self._events = []
        self._doers[type(action)](action)
        return self._finish_apply()

    def set_clock(self, seconds: int) -> list[E.Event]:
        """Tell the engine how long the game has been played (the clock belongs to the front end).

        In the time-limit game, once the agreed time is reached the player in play finishes the
        move and the game ends with a valuation.
        """
        self._events = []
        s = self.state
        s.clock_seconds = max(int(seconds), s.clock_seconds)
        if (self.rules.short_game == "time_limit" and not s.time_up and s.outcome is None
                and s.clock_seconds >= self.rules.time_limit_minutes * 60):
            s.time_up = True
            self._emit(E.TimeUp())
            # Rent still claimable is part of the moves being finished: it is paid now.
            claims, s.claims = s.claims, []
            for c in claims:
                self._charge(c.payer, c.owner, c.amount, "rent")
        return self._finish_apply()

    def seconds_left(self) -> int | None:
        if self.rules.short_game != "time_limit":
            return None
        return max(0, self.rules.time_limit_minutes * 60 - self.state.clock_seconds)

    def _finish_apply(self) -> list[E.Event]:
        self._flush()
        self._settle()
        events = self._events
        self._events = []
        if self.keep_log:
            self.log.extend(events)
        return events

    def _emit(self, event: E.Event) -> None:
        self._events.append(event)

    def _push(self, decision: Decision) -> None:
        """Queue a decision; decisions queued by one step are taken in the order queued."""
        self._new.append(decision)

    def _flush(self) -> None:
        if self._new:
            self.state.stack.extend(reversed(self._new))
            self._new.clear()

    def _settle(self) -> None:
        """Play on by itself until someone has a decision to take (or the game ends)."""
        s = self.state
        while s.outcome is None:
            self._flush()
            if s.stack:
                top = s.stack[-1]
                if top.kind == K.RAISE_FUNDS and s.players[top.player].cash >= top.amount:
                    s.stack.pop()
                    self._transfer(top.player, top.creditor, top.amount, top.reason)
                    self._emit(E.DebtPaid(top.player, top.creditor, top.amount, top.reason))
                    continue
                if top.kind == K.AUCTION and top.auction is not None and top.auction.decided:
                    s.stack.pop()
                    self._close_auction(top.auction)
                    continue
                if top.kind == K.PLACE_BUILDING and not any(
                        H.build_problem(self.edition, self.rules, s, top.player, sq, top.reason == "hotel") is None
                        for sq in H.owned(s, top.player)):
                    s.stack.pop()  # nowhere left to put it: the bank takes it back and refunds the bid
                    self._transfer(BANK, top.player, top.amount, "building refund")
                    self._continue_building_auctions()
                    continue
                if top.kind == K.MORTGAGED_TRANSFER and (not s.mortgaged[top.square]
                                                         or s.owner[top.square] != top.player):
                    s.stack.pop()  # already lifted (at once, so no more interest) or passed on
                    continue
                return
            t = s.turn
            player = s.players[t.player]
            if t.phase == "await_roll":
                if s.time_up:
                    self._finish("time_up")
                return
            if t.phase == "move_pending":
                t.phase = "resolving"
                if not player.bankrupt:
                    steps, t.steps = t.steps, 0
                    self._move_by(t.player, steps)
                continue
            if t.offline_moves > 0 and self.rules.offline_rule and not player.bankrupt:
                t.offline_moves -= 1
                self._push(Decision(K.MOVE_OFFLINE, t.player, reason="doubles"))
                continue
            if s.time_up:
                self._finish("time_up")
                return
            if t.again and not player.bankrupt and not player.in_jail:
                t.again = False
                t.phase = "await_roll"
                return
            self._next_turn()

    def _next_turn(self) -> None:
        s = self.state
        n = len(s.players)
        if self.rules.max_turns and s.turn.number >= self.rules.max_turns:
            self._finish("turn_limit")
            return
        p = s.turn.player
        for _ in range(n):
            p = (p + 1) % n
            if not s.players[p].bankrupt:
                break
        s.turn = TurnState(player=p, number=s.turn.number + 1)
        self._emit(E.TurnStarted(p, s.turn.number))

    def _finish(self, termination: str) -> None:
        s = self.state
        values = [self.face_value(p) for p in range(len(s.players))]
        active = self.active_players()
        if termination == "turn_limit" or not active:
            winner = NOBODY
        else:
            winner = max(active, key=lambda p: (values[p], -p))
        s.outcome = Outcome(termination, winner, values)
        s.stack.clear()
        s.claims.clear()
        self._emit(E.GameOver(termination, winner, tuple(values)))

    # ------------------------------------------------------------------ money
    def _transfer(self, payer: int, payee: int, amount: int, reason: str) -> None:
        """The one place money moves. The payer must hold the cash (checked by the callers)."""
        if amount <= 0:
            return
        s = self.state
        if payer == BANK:
            s.bank_paid_out += amount
        else:
            assert s.players[payer].cash >= amount, "a transfer would make cash negative"
            s.players[payer].cash -= amount
        if payee == BANK:
            s.bank_paid_in += amount
        else:
            s.players[payee].cash += amount
        self._emit(E.Paid(payer, payee, amount, reason))

    def _charge(self, payer: int, payee: int, amount: int, reason: str) -> None:
        """Make ``payer`` pay now, or owe it: a raise-funds decision when the cash is short."""
        if amount <= 0:
            return
        if payee != BANK and self.state.players[payee].bankrupt:
            payee = BANK
        if self.state.players[payer].cash >= amount:
            self._transfer(payer, payee, amount, reason)
        else:
            self._emit(E.DebtRaised(payer, payee, amount, reason))
            self._push(Decision(K.RAISE_FUNDS, payer, amount=amount, creditor=payee, reason=reason))

    # ------------------------------------------------------------------ turn: rolling and jail
    def _require_pending(self, kind: str, player: int) -> Decision:
        d = self.pending
        if d.kind != kind:
            raise _illegal(f"that is not possible now: the game is waiting for {describe_decision(self, d)}")
        if d.player != player:
            raise _illegal(f"it is {self.state.players[d.player].name}'s decision, not "
                           f"{self.state.players[player].name}'s")
        return d

    def _check_roll(self, a: A.Roll) -> None:
        self._require_pending(K.ROLL, a.player)

    def _do_roll(self, a: A.Roll) -> None:
        s = self.state
        p = a.player
        t = s.turn
        self._expire_claims()
        d = self.dice.roll()
        player = s.players[p]
        total = d[0] + d[1]
        doubles = d[0] == d[1]
        t.phase = "resolving"
        if player.in_jail:
            self._emit(E.DiceRolled(p, d, "jail"))
            player.jail_turns += 1
            if doubles:
                self._leave_jail(p, "doubles")
                if self.rules.offline_rule:
                    t.offline_moves += 1
                if self.rules.jail_doubles_roll_again:
                    t.doubles = 1
                    t.again = True
                self._move_by(p, total, dice_total=total)
            elif player.jail_turns >= self.rules.jail_turns:  # see last_jail_throw
                self._leave_jail(p, "forced_fine")
                t.phase = "move_pending"
                t.steps = total
                t.dice_total = total
                self._charge(p, BANK, self.edition.jail_fine, "jail fine")
            else:
                self._emit(E.StayedInJail(p, player.jail_turns))
            return
        self._emit(E.DiceRolled(p, d, "move"))
        if doubles:
            t.doubles += 1
            if self.rules.offline_rule:
                t.offline_moves += 1
            if t.doubles >= 3:
                self._send_to_jail(p, "doubles")
                return
            t.again = True
        self._move_by(p, total, dice_total=total)

    def last_jail_throw(self, player: int) -> bool:
        """Whether ``player``'s next throw is their last try for doubles in jail: without doubles
        they then pay the fine and move."""
        pl = self.state.players[player]
        return pl.in_jail and pl.jail_turns + 1 >= self.rules.jail_turns

    def _jail_fine_allowed(self, p: int) -> bool:
        return self.state.players[p].jail_turns < max(1, self.rules.jail_turns - 1)

    def _check_pay_jail_fine(self, a: A.PayJailFine) -> None:
        self._require_pending(K.ROLL, a.player)
        player = self.state.players[a.player]
        if not player.in_jail:
            raise _illegal(f"{player.name} is not in jail")
        if not self._jail_fine_allowed(a.player):
            raise _illegal("the fine can be paid before throwing only on the first turns in jail; throw now")
        if player.cash < self.edition.jail_fine:
            raise _illegal(f"the fine is {self.money(self.edition.jail_fine)} and {player.name} has "
                           f"{self.money(player.cash)}")

    def _do_pay_jail_fine(self, a: A.PayJailFine) -> None:
        self._transfer(a.player, BANK, self.edition.jail_fine, "jail fine")
        self._leave_jail(a.player, "fine")

    def _check_use_jail_card(self, a: A.UseJailCard) -> None:
        self._require_pending(K.ROLL, a.player)
        player = self.state.players[a.player]
        if not player.in_jail:
            raise _illegal(f"{player.name} is not in jail")
        if not player.jail_cards:
            raise _illegal(f"{player.name} has no Get Out of Jail Free card")

    def _do_use_jail_card(self, a: A.UseJailCard) -> None:
        deck = self.state.players[a.player].jail_cards.pop(0)
        self._return_jail_card(deck)
        self._leave_jail(a.player, "card")

    def _return_jail_card(self, deck: str) -> None:
        di = DECKS.index(deck)
        order = self.state.decks[di]
        for i, card in enumerate(self.edition.deck(deck)):
            if card.kind == "get_out_of_jail_free" and i not in order:
                order.append(i)
                return

    def _leave_jail(self, p: int, how: str) -> None:
        player = self.state.players[p]
        player.in_jail = False
        player.jail_turns = 0
        self._emit(E.LeftJail(p, how))

    def _send_to_jail(self, p: int, reason: str) -> None:
        player = self.state.players[p]
        player.position = JAIL_SQUARE
        player.in_jail = True
        player.jail_turns = 0
        if self.state.turn.player == p:
            self.state.turn.again = False
        self._emit(E.SentToJail(p, reason))

    # ------------------------------------------------------------------ movement and landing
    def _move_by(self, p: int, steps: int, dice_total: int = 0, **landing: int) -> None:
        """Move forward, collecting the salary when passing or landing on GO, then land."""
        player = self.state.players[p]
        start = player.position
        if dice_total:
            self.state.turn.dice_total = dice_total
        end = (start + steps) % BOARD
        player.position = end
        self._emit(E.Moved(p, start, end, steps))
        if start + steps >= BOARD:
            self._emit(E.PassedGo(p, self.edition.go_salary))
            self._transfer(BANK, p, self.edition.go_salary, "salary")
        self._land(p, end, **landing)

    def _move_back(self, p: int, steps: int) -> None:
        player = self.state.players[p]
        start = player.position
        player.position = (start - steps) % BOARD
        self._emit(E.Moved(p, start, player.position, -steps))
        self._land(p, player.position)

    def _land(self, p: int, index: int, railroad_multiplier: int = 1, utility_multiplier: int = 0) -> None:
        s = self.state
        sq = self.edition.squares[index]
        self._emit(E.Landed(p, index))
        if sq.kind == "go_to_jail":
            self._send_to_jail(p, "square")
        elif sq.kind in DECKS:
            self._draw(p, sq.kind)
        elif sq.kind == "tax":
            if sq.percent and self.rules.effective_income_tax == "choice":
                self._emit(E.TaxChoiceNeeded(p, sq.amount, sq.percent))
                self._push(Decision(K.INCOME_TAX, p, square=index, amount=sq.amount))
            else:
                self._charge(p, BANK, sq.amount, "tax")
        elif sq.is_property:
            owner = s.owner[index]
            offline_here = self.rules.offline_rule and s.offline_square == index
            if owner == NOBODY:
                self._push(Decision(K.BUY, p, square=index, amount=sq.price))
            elif owner == p:
                pass
            elif s.mortgaged[index]:
                self._emit(E.NoRent(index, owner, "mortgaged"))
            elif offline_here:
                self._emit(E.NoRent(index, owner, "offline"))
            else:
                if sq.kind == "utility" and utility_multiplier:
                    d = self.dice.roll()
                    self._emit(E.DiceRolled(p, d, "utility"))
                    total = d[0] + d[1]
                else:
                    total = s.turn.dice_total
                amount = H.rent(self.edition, self.rules, s, index, total, railroad_multiplier, utility_multiplier)
                self._rent_due(owner, p, index, amount)
            if offline_here and owner not in (NOBODY,):
                self._push(Decision(K.MOVE_OFFLINE, owner, reason="landed"))

    def _rent_due(self, owner: int, payer: int, square: int, amount: int) -> None:
        s = self.state
        if amount <= 0:
            return
        if self.rules.rent_claim == "automatic" or s.time_up:
            # once time is up no later throw comes to claim it by: rent is paid with the move
            self._charge(payer, owner, amount, "rent")
            return
        claim = RentClaim(s.next_claim, owner, payer, square, amount, s.turn.number)
        s.next_claim += 1
        s.claims.append(claim)
        self._emit(E.RentDue(claim.id, owner, payer, square, amount))

    def _expire_claims(self) -> None:
        """Rent not claimed in time is lost: before the next throw of all (``next_throw``, the UK
        book: a payer's own throw after doubles too), or before the next (or second following)
        player throws. Called as a throw is made, so every claim open then is from an earlier throw."""
        s = self.state
        if not s.claims:
            return
        any_throw = self.rules.rent_claim == "next_throw"
        window = 2 if self.rules.rent_claim == "second_roll" else 1
        keep = []
        for c in s.claims:
            if any_throw or s.turn.number >= c.turn + window:
                self._emit(E.RentLapsed(c.id, c.owner, c.payer, c.amount))
            else:
                keep.append(c)
        s.claims = keep

    # ------------------------------------------------------------------ cards
    def _draw(self, p: int, deck: str) -> None:
        s = self.state
        di = DECKS.index(deck)
        index = s.decks[di].pop(0)
        card = self.edition.deck(deck)[index]
        self._emit(E.CardDrawn(p, deck, card.id, card.text))
        if card.kind == "get_out_of_jail_free":
            s.players[p].jail_cards.append(deck)
            self._emit(E.JailCardGained(p, deck))
            return
        s.decks[di].append(index)
        self._card_effect(p, card.kind, card.param)

    def _card_effect(self, p: int, kind: str, param: Callable[..., Any]) -> None:
        s = self.state
        player = s.players[p]
        others = [o for o in self.active_players() if o != p]
        if kind == "advance_to":
            self._move_by(p, (param("square") - player.position) % BOARD)
        elif kind == "advance_to_nearest":
            target = param("target")
            steps = next(k for k in range(1, BOARD + 1)
                         if self.edition.squares[(player.position + k) % BOARD].kind == target)
            self._move_by(p, steps, railroad_multiplier=param("rent_multiplier", 1),
                          utility_multiplier=param("dice_multiplier", 0))
        elif kind == "move_relative":
            spaces = param("spaces")
            if spaces < 0:
                self._move_back(p, -spaces)
            else:
                self._move_by(p, spaces)
        elif kind == "move_back_to":
            self._move_back(p, (player.position - param("square")) % BOARD)
        elif kind == "go_to_jail":
            self._send_to_jail(p, "card")
        elif kind == "pay":
            self._charge(p, BANK, param("amount"), "card")
        elif kind == "collect":
            self._transfer(BANK, p, param("amount"), "card")
        elif kind == "pay_each_player":
            for o in others:
                self._charge(p, o, param("amount"), "card")
        elif kind == "collect_from_each_player":
            for o in others:
                self._charge(o, p, param("amount"), "card")
        elif kind == "repairs":
            houses = sum(s.houses[i] for i in H.owned(s, p))
            hotels = sum(1 for i in H.owned(s, p) if s.hotel[i])
            self._charge(p, BANK, houses * param("per_house") + hotels * param("per_hotel"), "repairs")
        elif kind == "pay_or_draw":
            self._push(Decision(K.PAY_OR_DRAW, p, amount=param("amount"), reason=param("deck")))
        else:
            raise EditionError(f"unknown card effect {kind!r}")

    def _check_pay_or_draw(self, a: A.PayOrDraw) -> None:
        self._require_pending(K.PAY_OR_DRAW, a.player)

    def _do_pay_or_draw(self, a: A.PayOrDraw) -> None:
        d = self.state.stack.pop()
        if a.draw:
            self._draw(a.player, d.reason)
        else:
            self._charge(a.player, BANK, d.amount, "card")

    # ------------------------------------------------------------------ taxes
    def _check_income_tax(self, a: A.PayIncomeTax) -> None:
        self._require_pending(K.INCOME_TAX, a.player)

    def _do_income_tax(self, a: A.PayIncomeTax) -> None:
        d = self.state.stack.pop()
        sq = self.edition.squares[d.square]
        if a.percent:
            worth = H.income_tax_worth(self.edition, self.rules, self.state, a.player)
            amount = (worth * sq.percent + 50) // 100
        else:
            amount = sq.amount
        self._charge(a.player, BANK, amount, "tax")

    # ------------------------------------------------------------------ buying and auctions
    def _check_buy(self, a: A.Buy) -> None:
        d = self._require_pending(K.BUY, a.player)
        cash = self.state.players[a.player].cash
        if cash < d.amount:
            raise _illegal(f"{self.edition.squares[d.square].name} costs {self.money(d.amount)} and you have "
                           f"{self.money(cash)}: mortgage or sell first, or let it go to auction")

    def _do_buy(self, a: A.Buy) -> None:
        d = self.state.stack.pop()
        self._transfer(a.player, BANK, d.amount, "purchase")
        self.state.owner[d.square] = a.player
        self._emit(E.Bought(a.player, d.square, d.amount))

    def _check_decline(self, a: A.DeclineToBuy) -> None:
        self._require_pending(K.BUY, a.player)

    def _do_decline(self, a: A.DeclineToBuy) -> None:
        d = self.state.stack.pop()
        self._start_auction("square", d.square, a.player, self.active_players())

    def _start_auction(self, item: str, square: int, first: int, bidders: list[int]) -> None:
        n = len(self.state.players)
        ordered = sorted(bidders, key=lambda b: (b - first) % n)
        auction = AuctionState(item=item, square=square, bidders=ordered)
        self._emit(E.AuctionStarted(item, square, tuple(ordered)))
        self._push(Decision(K.AUCTION, ordered[0] if ordered else NOBODY, square=square, auction=auction))

    def _ask_next(self, decision: Decision, after: int) -> None:
        """Point the auction at the next bidder after ``after`` who is not the high bidder."""
        auction = decision.auction
        assert auction is not None
        n = len(self.state.players)
        waiting = [b for b in auction.bidders if b != auction.high_bidder]
        if waiting:
            decision.player = min(waiting, key=lambda b: (b - after - 1) % n)
            auction.asking = auction.bidders.index(decision.player)

    def bid_limit(self, player: int) -> int:
        """The highest bid ``player`` can make good now: nothing while they have a debt to raise (a
        debtor may raise cash, not spend it), so a front end or a computer asked to bid sees at once
        that it can only pass. A higher bid is refused, or under the UK rule (``auction_limit``
        "assets") accepted and voids the auction."""
        if self.in_debt(player):
            return 0
        if self.rules.auction_limit == "assets":
            return self.liquid_value(player)
        return self.state.players[player].cash

    def bid_voids(self, player: int, amount: int) -> bool:
        """Whether a bid of ``amount`` by ``player`` would void the auction (the UK rule: a bid
        beyond the bidder's assets is allowed and voids it); under the US rule such a bid is
        refused instead."""
        return self.rules.auction_limit == "assets" and amount > self.bid_limit(player)

    def _check_bid(self, a: A.Bid) -> None:
        d = self.pending
        if d.kind != K.AUCTION or d.auction is None:
            raise _illegal("there is no auction to bid in")
        auction = d.auction
        if a.player not in auction.bidders:
            raise _illegal(f"{self.state.players[a.player].name} is not bidding in this auction")
        if a.player == auction.high_bidder:
            raise _illegal("you already hold the highest bid")
        if not isinstance(a.amount, int) or a.amount <= auction.high_bid or a.amount < 1:
            raise _illegal(f"a bid must be more than {self.money(auction.high_bid)}")
        self._check_not_in_debt(a.player)
        limit = self.bid_limit(a.player)
        if a.amount > limit and self.rules.auction_limit != "assets":
            raise _illegal(f"a bid of {self.money(a.amount)} is more than your cash ({self.money(limit)})")

    def _do_bid(self, a: A.Bid) -> None:
        s = self.state
        d = s.stack[-1]
        assert d.auction is not None
        if self.bid_voids(a.player, a.amount):
            s.stack.pop()
            self._emit(E.AuctionVoided(a.player, a.amount, d.auction.item, d.auction.square))
            if d.auction.item != "square":
                s.building_orders.clear()  # the scarce buildings stay with the bank
            return
        d.auction.high_bid = a.amount
        d.auction.high_bidder = a.player
        self._emit(E.BidMade(a.player, a.amount))
        self._ask_next(d, a.player)

    def _check_pass(self, a: A.PassBid) -> None:
        d = self.pending
        if d.kind != K.AUCTION or d.auction is None:
            raise _illegal("there is no auction to pass in")
        if a.player not in d.auction.bidders:
            raise _illegal(f"{self.state.players[a.player].name} is not bidding in this auction")
        if a.player == d.auction.high_bidder:
            raise _illegal("the highest bidder cannot pass")

    def _do_pass(self, a: A.PassBid) -> None:
        d = self.state.stack[-1]
        assert d.auction is not None
        d.auction.bidders.remove(a.player)
        self._emit(E.BidderPassed(a.player))
        self._ask_next(d, a.player)

    def _close_auction(self, auction: AuctionState) -> None:
        s = self.state
        winner = auction.high_bidder
        if winner == NOBODY:
            self._emit(E.AuctionUnsold(auction.item, auction.square))
            if auction.item != "square":
                s.building_orders.clear()
            return
        self._emit(E.AuctionWon(winner, auction.item, auction.square, auction.high_bid))
        if auction.item == "square":
            s.owner[auction.square] = winner
            self._emit(E.PropertyTransferred(auction.square, BANK, winner))
            self._charge(winner, BANK, auction.high_bid, "auction")
            return
        for order in s.building_orders:
            if order[0] == winner:
                order[1] -= 1
        s.building_orders = [o for o in s.building_orders if o[1] > 0]
        self._push(Decision(K.PLACE_BUILDING, winner, amount=auction.high_bid, reason=auction.item))
        self._charge(winner, BANK, auction.high_bid, "auction")

    # ------------------------------------------------------------------ rent claims
    def _check_claim_rent(self, a: A.ClaimRent) -> None:
        for c in self.state.claims:
            if c.id == a.claim:
                if c.owner != a.player:
                    raise _illegal("only the owner can claim that rent")
                return
        raise _illegal("there is no such rent to claim (it may have lapsed)")

    def _do_claim_rent(self, a: A.ClaimRent) -> None:
        s = self.state
        claim = next(c for c in s.claims if c.id == a.claim)
        s.claims.remove(claim)
        self._charge(claim.payer, claim.owner, claim.amount, "rent")

    # ------------------------------------------------------------------ buildings
    def deal_problem(self, player: int) -> str | None:
        """Why ``player`` may not build, sell, mortgage, lift or offer a trade now, or None.

        Once the time-limit game's clock has run out only the player in play finishes the move
        (and a debtor still raises what the move made them owe); nobody else deals any more.
        """
        if self.state.outcome is not None:
            return "the game is over"
        if self.state.time_up and player != self.state.turn.player and not self.in_debt(player):
            return "time is up: only the player in play may finish the move"
        return None

    def _check_any_time(self, player: int) -> None:
        problem = self.deal_problem(player)
        if problem is not None:
            raise _illegal(problem)

    def in_debt(self, player: int) -> bool:
        """Whether ``player`` has a debt to raise: until it is paid they may raise cash, not spend it."""
        return any(d.kind == K.RAISE_FUNDS and d.player == player for d in self.state.stack)

    def _check_not_in_debt(self, player: int) -> None:
        if self.in_debt(player):
            raise _illegal(f"{self.state.players[player].name} must pay the debt before spending money")

    def _check_build(self, a: A.Build) -> None:
        d = self.pending
        placing = d.kind == K.PLACE_BUILDING and d.player == a.player
        if not placing:  # placing a building won at auction completes a deal already made
            self._check_any_time(a.player)
        if not isinstance(a.square, int) or not 0 <= a.square < BOARD:
            raise _illegal(f"there is no square {a.square!r}")
        problem = H.build_problem(self.edition, self.rules, self.state, a.player, a.square,
                                  (d.reason == "hotel") if placing else None)
        if problem:
            raise _illegal(problem)
        if not placing:
            self._check_not_in_debt(a.player)
            if self.state.building_orders:
                raise _illegal("houses the bank is short of are being auctioned: wait for the auction to end")
            cost = H.build_cost(self.edition, a.square)
            if self.state.players[a.player].cash < cost:
                raise _illegal(f"a building on {self.edition.squares[a.square].name} costs {self.money(cost)}; "
                               f"you have {self.money(self.state.players[a.player].cash)}")

    def _do_build(self, a: A.Build) -> None:
        s = self.state
        d = self.pending
        placing = d.kind == K.PLACE_BUILDING and d.player == a.player
        cost = H.build_cost(self.edition, a.square)
        if placing:
            s.stack.pop()
            cost = 0
        if s.houses[a.square] == self.rules.houses_per_hotel:
            s.bank_houses += s.houses[a.square]
            s.houses[a.square] = 0
            s.hotel[a.square] = True
            s.bank_hotels -= 1
        else:
            s.houses[a.square] += 1
            s.bank_houses -= 1
        self._transfer(a.player, BANK, cost, "building")
        self._emit(E.BuildingBought(a.player, a.square, s.houses[a.square], s.hotel[a.square], cost))
        if placing:
            self._continue_building_auctions()

    def _check_sell_building(self, a: A.SellBuilding) -> None:
        self._check_any_time(a.player)
        if not isinstance(a.square, int) or not 0 <= a.square < BOARD:
            raise _illegal(f"there is no square {a.square!r}")
        problem = H.sell_problem(self.edition, self.rules, self.state, a.player, a.square)
        if problem:
            raise _illegal(problem)

    def _do_sell_building(self, a: A.SellBuilding) -> None:
        s = self.state
        sale = H.building_sale(self.edition, self.rules, s, a.square)
        for square, left, hotel, refund in sale.steps:
            if hotel:
                s.hotel[square] = False
                s.bank_hotels += 1
            s.bank_houses -= left - s.houses[square]
            s.houses[square] = left
            self._transfer(BANK, a.player, refund, "building sold")
            self._emit(E.BuildingSold(a.player, square, left, hotel, refund))
        if sale.spread is not None:
            for square, houses in sale.spread:
                s.houses[square] = houses
            self._emit(E.HotelBreakdown(a.player, self.edition.squares[a.square].group, sale.spread))

    def sale_refund(self, square: int) -> int:
        """What selling the next building on ``square`` pays now (a hotel the bank cannot turn
        back into houses pays for them, and may take the group's other hotels with it)."""
        return H.building_sale(self.edition, self.rules, self.state, square).refund

    def _check_order_buildings(self, a: A.OrderBuildings) -> None:
        self._check_any_time(a.player)
        s = self.state
        if s.building_orders:
            raise _illegal("a building auction is already under way")
        orders = [tuple(o) for o in a.orders]
        players = [o[0] for o in orders]
        if len(set(players)) != len(players) or len(players) < 2:
            raise _illegal("an order for scarce buildings needs two or more different players")
        supply = s.bank_hotels if a.hotels else s.bank_houses
        what = "hotels" if a.hotels else "houses"
        for p, count in orders:
            if not isinstance(p, int) or not 0 <= p < len(s.players) or s.players[p].bankrupt:
                raise _illegal(f"there is no player {p!r} in the game")
            self._check_any_time(p)  # once time is up, only the player in play may still buy
            if not isinstance(count, int) or count < 1:
                raise _illegal("each order is for at least one building")
            if count > H.build_capacity(self.edition, self.rules, s, p, a.hotels):
                raise _illegal(f"{s.players[p].name} has no room for {count} {what}")
        if supply < 1:
            raise _illegal(f"the bank has no {what} left")
        if sum(c for _, c in orders) <= supply:
            raise _illegal(f"the bank has enough {what} ({supply}): no auction is needed, build directly")

    def _do_order_buildings(self, a: A.OrderBuildings) -> None:
        s = self.state
        s.building_orders = [[p, c] for p, c in a.orders]
        s.building_order_hotels = a.hotels
        supply = s.bank_hotels if a.hotels else s.bank_houses
        self._emit(E.BuildingsOrdered(tuple((p, c) for p, c in a.orders), a.hotels, supply))
        self._continue_building_auctions()

    def _continue_building_auctions(self) -> None:
        s = self.state
        supply = s.bank_hotels if s.building_order_hotels else s.bank_houses
        if len(s.building_orders) >= 2 and supply > 0 and sum(o[1] for o in s.building_orders) > supply:
            bidders = [o[0] for o in s.building_orders]
            self._start_auction("hotel" if s.building_order_hotels else "house", NOBODY, bidders[0], bidders)
        else:
            s.building_orders.clear()

    # ------------------------------------------------------------------ mortgages
    def _check_property_of(self, player: int, square: Any) -> None:
        if not isinstance(square, int) or not 0 <= square < BOARD:
            raise _illegal(f"there is no square {square!r}")
        if not self.edition.squares[square].is_property:
            raise _illegal(f"{self.edition.squares[square].name} is not a property")
        if self.state.owner[square] != player:
            raise _illegal(f"{self.state.players[player].name} does not own {self.edition.squares[square].name}")

    def _check_mortgage(self, a: A.Mortgage) -> None:
        self._check_any_time(a.player)
        self._check_property_of(a.player, a.square)
        name = self.edition.squares[a.square].name
        if self.state.mortgaged[a.square]:
            raise _illegal(f"{name} is already mortgaged")
        if H.group_has_buildings(self.edition, self.state, a.square):
            raise _illegal(f"sell the buildings on {name}'s group before mortgaging it")

    def _do_mortgage(self, a: A.Mortgage) -> None:
        amount = self.edition.squares[a.square].mortgage
        self.state.mortgaged[a.square] = True
        self._transfer(BANK, a.player, amount, "mortgage")
        self._emit(E.Mortgaged(a.player, a.square, amount))

    def _check_lift_mortgage(self, a: A.LiftMortgage) -> None:
        self._check_any_time(a.player)
        self._check_property_of(a.player, a.square)
        name = self.edition.squares[a.square].name
        if not self.state.mortgaged[a.square]:
            raise _illegal(f"{name} is not mortgaged")
        self._check_not_in_debt(a.player)
        cost = self.lift_cost(a.square)
        if self.state.players[a.player].cash < cost:
            raise _illegal(f"lifting the mortgage on {name} costs {self.money(cost)}")

    def _do_lift_mortgage(self, a: A.LiftMortgage) -> None:
        cost = self.lift_cost(a.square)
        self.state.mortgaged[a.square] = False
        self._transfer(a.player, BANK, cost, "mortgage lifted")
        self._emit(E.MortgageLifted(a.player, a.square, cost))

    def _check_settle_mortgage(self, a: A.SettleMortgagedTransfer) -> None:
        d = self._require_pending(K.MORTGAGED_TRANSFER, a.player)
        if a.square != d.square:
            raise _illegal(f"the decision is about {self.edition.squares[d.square].name}")
        if a.lift:
            self._check_not_in_debt(a.player)  # lifting spends, as a LiftMortgage would
        if a.lift and self.state.players[a.player].cash < self.lift_cost(a.square):
            raise _illegal(f"lifting the mortgage costs {self.money(self.lift_cost(a.square))}")

    def _do_settle_mortgage(self, a: A.SettleMortgagedTransfer) -> None:
        self.state.stack.pop()
        m = self.edition.squares[a.square].mortgage
        if a.lift:
            self._do_lift_mortgage(A.LiftMortgage(a.player, a.square))
        else:
            self._charge(a.player, BANK, H.ceil_percent(m, self.rules.mortgage_interest), "mortgage interest")

    # ------------------------------------------------------------------ trades
    def _check_propose_trade(self, a: A.ProposeTrade) -> None:
        self._check_any_time(a.player)
        if self.pending.kind in _NO_NEW_TRADES:
            raise _illegal("another offer is waiting for an answer")
        self._check_trade_terms(TradeOffer(a.player, a.recipient, list(a.give), list(a.take), a.cash,
                                           list(a.give_cards), list(a.take_cards), a.settle_debt))

    def _check_trade_terms(self, t: TradeOffer) -> None:
        s = self.state
        if not isinstance(t.recipient, int) or not 0 <= t.recipient < len(s.players) or s.players[t.recipient].bankrupt:
            raise _illegal(f"there is no player {t.recipient!r} to trade with")
        if t.recipient == t.proposer:
            raise _illegal("a player cannot trade with themselves")
        if not isinstance(t.cash, int) or isinstance(t.cash, bool):
            raise _illegal("the cash in a trade is a whole amount")
        if len(set(t.give)) != len(t.give) or len(set(t.take)) != len(t.take):
            raise _illegal("a property is named twice in the trade")
        for side, squares in ((t.proposer, t.give), (t.recipient, t.take)):
            for sq in squares:
                self._check_property_of(side, sq)
                if H.group_has_buildings(self.edition, s, sq):
                    raise _illegal(f"{self.edition.squares[sq].name}'s group has buildings: sell them before trading")
                if any(d.kind == K.MORTGAGED_TRANSFER and d.square == sq for d in s.stack):
                    raise _illegal(f"the interest on {self.edition.squares[sq].name}'s mortgage is due first: "
                                   "pay it or lift the mortgage before passing the deed on")
        for side, cards in ((t.proposer, t.give_cards), (t.recipient, t.take_cards)):
            held = list(s.players[side].jail_cards)
            for c in cards:
                if c not in held:
                    raise _illegal(f"{s.players[side].name} does not hold that Get Out of Jail Free card")
                held.remove(c)
        payer, amount = (t.proposer, t.cash) if t.cash >= 0 else (t.recipient, -t.cash)
        if s.players[payer].cash < amount:
            raise _illegal(f"{s.players[payer].name} has only {self.money(s.players[payer].cash)} in cash")
        if amount and not t.settle_debt:
            self._check_not_in_debt(payer)
        if t.settle_debt:
            if not self.may_settle_in_property(t.proposer, t.recipient):
                raise _illegal("there is no rent owed to this player that may be settled in property")
            if t.take or t.take_cards or t.cash < 0:
                raise _illegal("a settlement gives property and cash to the creditor, and takes nothing")
        elif not (t.give or t.take or t.give_cards or t.take_cards):
            raise _illegal("a trade must include at least one property or card")

    def may_settle_in_property(self, debtor: int, creditor: int | None = None) -> bool:
        """Whether ``debtor`` may offer property (with any cash) to settle the rent they owe
        (``creditor``, or the creditor of their debt): the UK book allows it for rent alone."""
        if not self.rules.settle_in_property:
            return False
        for d in self.state.stack:
            if (d.kind == K.RAISE_FUNDS and d.player == debtor and d.reason == "rent" and d.creditor >= 0
                    and (creditor is None or d.creditor == creditor)):
                return True
        return False

    def _debt_between(self, debtor: int, creditor: int) -> Decision | None:
        for d in self.state.stack:
            if d.kind == K.RAISE_FUNDS and d.player == debtor and d.creditor == creditor:
                return d
        return None

    def _do_propose_trade(self, a: A.ProposeTrade) -> None:
        offer = TradeOffer(a.player, a.recipient, list(a.give), list(a.take), a.cash, list(a.give_cards),
                           list(a.take_cards), a.settle_debt)
        self._emit(E.TradeProposed(a.player, a.recipient, a.give, a.take, a.cash, a.give_cards, a.take_cards,
                                   a.settle_debt))
        self._push(Decision(K.TRADE_RESPONSE, a.recipient, trade=offer))

    def _check_accept_trade(self, a: A.AcceptTrade) -> None:
        d = self._require_pending(K.TRADE_RESPONSE, a.player)
        assert d.trade is not None
        try:
            self._check_trade_terms(d.trade)
        except IllegalActionError as exc:
            raise _illegal(f"the offer no longer stands ({exc}); refuse it") from None

    def _do_accept_trade(self, a: A.AcceptTrade) -> None:
        s = self.state
        d = s.stack.pop()
        t = d.trade
        assert t is not None
        self._emit(E.TradeAnswered(t.proposer, t.recipient, True))
        if t.settle_debt:
            debt = self._debt_between(t.proposer, t.recipient)
            if debt is not None:
                s.stack.remove(debt)
        if t.cash > 0:
            self._transfer(t.proposer, t.recipient, t.cash, "trade")
        elif t.cash < 0:
            self._transfer(t.recipient, t.proposer, -t.cash, "trade")
        for giver, receiver, squares, cards in ((t.proposer, t.recipient, t.give, t.give_cards),
                                                (t.recipient, t.proposer, t.take, t.take_cards)):
            for sq in squares:
                self._hand_over(sq, giver, receiver)
            for c in cards:
                s.players[giver].jail_cards.remove(c)
                s.players[receiver].jail_cards.append(c)
                self._emit(E.JailCardPassed(giver, receiver, c))

    def _hand_over(self, square: int, giver: int, receiver: int) -> None:
        self.state.owner[square] = receiver
        self._emit(E.PropertyTransferred(square, giver, receiver))
        if self.state.mortgaged[square] and self.rules.mortgage_interest:
            self._push(Decision(K.MORTGAGED_TRANSFER, receiver, square=square))

    def _check_reject_trade(self, a: A.RejectTrade) -> None:
        self._require_pending(K.TRADE_RESPONSE, a.player)

    def _do_reject_trade(self, a: A.RejectTrade) -> None:
        d = self.state.stack.pop()
        assert d.trade is not None
        self._emit(E.TradeAnswered(d.trade.proposer, d.trade.recipient, False))

    # ------------------------------------------------------------------ debts and bankruptcy
    def can_declare_bankruptcy(self, player: int) -> bool:
        d = self.pending
        return (d.kind == K.RAISE_FUNDS and d.player == player
                and self.liquid_value(player) < d.amount)

    def _check_bankrupt(self, a: A.DeclareBankruptcy) -> None:
        d = self._require_pending(K.RAISE_FUNDS, a.player)
        if self.liquid_value(a.player) >= d.amount:
            raise _illegal(f"selling buildings and mortgaging can still raise {self.money(d.amount)}: "
                           "raise the money instead")

    def _do_bankrupt(self, a: A.DeclareBankruptcy) -> None:
        s = self.state
        d = s.stack.pop()
        p, creditor = a.player, d.creditor
        player = s.players[p]
        for sq in H.owned(s, p):
            refund = H.building_sale_value(self.edition, self.rules, s, sq)
            if s.hotel[sq]:
                s.hotel[sq] = False
                s.bank_hotels += 1
            s.bank_houses += s.houses[sq]
            s.houses[sq] = 0
            self._transfer(BANK, p, refund, "building sold")
        self._transfer(p, creditor, player.cash, "bankruptcy")
        to_auction = []
        for sq in H.owned(s, p):
            if creditor == BANK:
                s.owner[sq] = NOBODY
                s.mortgaged[sq] = False
                self._emit(E.PropertyTransferred(sq, p, BANK))
                to_auction.append(sq)
            else:
                self._hand_over(sq, p, creditor)
        for deck in list(player.jail_cards):
            if creditor == BANK:
                self._return_jail_card(deck)
            else:
                s.players[creditor].jail_cards.append(deck)
            self._emit(E.JailCardPassed(p, creditor, deck))
        player.jail_cards.clear()
        player.bankrupt = True
        player.in_jail = False
        self._emit(E.Bankrupt(p, creditor))
        self._forget_player(p)
        if s.turn.player == p:
            s.turn.again = False
            s.turn.phase = "resolving"
            s.turn.steps = 0
            s.turn.offline_moves = 0
        active = self.active_players()
        if len(active) <= 1:
            self._new.clear()
            self._finish("last_player")
            return
        if self.rules.ends_at_first_bankruptcy:
            self._new.clear()
            self._finish("first_bankruptcy")
            return
        # An auction this bankruptcy decided (the bankrupt was the last rival) is closed now, before
        # the bank auctions the deeds: its winner must not bid there with the money already promised.
        for d, auction in [(d, d.auction) for d in s.stack if d.auction is not None and d.auction.decided]:
            s.stack.remove(d)
            self._close_auction(auction)
        for sq in to_auction:
            self._start_auction("square", sq, s.turn.player if s.turn.player != p else active[0], active)

    def _forget_player(self, p: int) -> None:
        """Drop a bankrupt player's claims, offers and pending decisions."""
        s = self.state
        s.claims = [c for c in s.claims if c.owner != p and c.payer != p]
        s.building_orders = [o for o in s.building_orders if o[0] != p]
        keep = []
        for d in s.stack:
            if d.kind == K.AUCTION and d.auction is not None:
                if p in d.auction.bidders:
                    d.auction.bidders.remove(p)
                if d.auction.high_bidder == p:
                    d.auction.high_bidder, d.auction.high_bid = NOBODY, 0
                if d.player == p:
                    self._ask_next(d, p)
                keep.append(d)
            elif d.kind == K.TRADE_RESPONSE and d.trade is not None and p in (d.trade.proposer, d.trade.recipient):
                continue
            elif d.player == p:
                continue
            else:
                if d.kind == K.RAISE_FUNDS and d.creditor == p:
                    d.creditor = BANK  # a debt to a player who has left the game is owed to the bank
                keep.append(d)
        s.stack = keep

    # ------------------------------------------------------------------ the Offline token
    def _check_move_offline(self, a: A.MoveOffline) -> None:
        self._require_pending(K.MOVE_OFFLINE, a.player)
        if not isinstance(a.square, int) or not 0 <= a.square < BOARD or not self.edition.squares[a.square].is_property:
            raise _illegal("the Offline token goes only on a square with a title deed")
        if a.square == self.state.offline_square:
            raise _illegal("move the Offline token to another square")

    def _do_move_offline(self, a: A.MoveOffline) -> None:
        self.state.stack.pop()
        self.state.offline_square = a.square
        self._emit(E.OfflineMoved(a.player, a.square))

    # ------------------------------------------------------------------ ending early
    def _check_end_game(self, a: A.EndGame) -> None:
        pass

    def _do_end_game(self, a: A.EndGame) -> None:
        self._new.clear()
        self._finish("ended")

    # ------------------------------------------------------------------ saving
    def to_dict(self) -> dict[str, Any]:
        """The whole game as JSON-compatible data: rules, state, dice, deck order and log."""
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "edition": self.edition.id,
            "rules": self.rules.to_dict(),
            "state": to_plain(self.state),
            "dice": self.dice.to_dict(),
            "log": [e.to_dict() for e in self.log],
        }

    @classmethod
    def from_dict(cls, data: Any) -> "Game":
        """Load a game saved by ``to_dict``; anything malformed raises ``SaveFormatError``."""
        if not isinstance(data, dict):
            raise SaveFormatError("a saved game is a JSON object")
        if data.get("format") != SAVE_FORMAT:
            raise SaveFormatError("this is not a saved Monopoly game (format)")
        version = data.get("version")
        if version != SAVE_VERSION:
            raise SaveFormatError(f"saved with format version {version!r}; this program reads version {SAVE_VERSION}")
        for key in ("edition", "rules", "state", "dice", "log"):
            if key not in data:
                raise SaveFormatError(f"{key}: missing")
        try:
            edition = load_edition(data["edition"]) if isinstance(data["edition"], str) else None
        except EditionError as exc:
            raise SaveFormatError(f"edition: {exc}") from None
        if edition is None:
            raise SaveFormatError("edition: expected text")
        if not isinstance(data["rules"], dict):
            raise SaveFormatError("rules: expected an object")
        try:
            rules = Rules.from_dict(data["rules"])
        except (TypeError, ValueError) as exc:
            raise SaveFormatError(f"rules: {exc}") from None
        state = from_plain(GameState, data["state"], "state")
        try:
            dice = dice_from_dict(data["dice"])
        except ValueError as exc:
            raise SaveFormatError(f"dice: {exc}") from None
        if not isinstance(data["log"], list):
            raise SaveFormatError("log: expected a list")
        try:
            log = [E.event_from_dict(e) if isinstance(e, dict) else E.event_from_dict({}) for e in data["log"]]
        except (TypeError, ValueError) as exc:
            raise SaveFormatError(f"log: {exc}") from None
        if state.edition != edition.id:
            raise SaveFormatError("state.edition does not match edition")
        game = cls(edition, rules, state, dice, log)
        from .invariants import InvariantError, check_state
        try:
            check_state(game)
        except InvariantError as exc:
            raise SaveFormatError(f"state: {exc}") from None
        return game


def describe_decision(game: Game, d: Decision) -> str:
    """A short description of a pending decision, for messages."""
    name = game.state.players[d.player].name if 0 <= d.player < len(game.state.players) else "nobody"
    sq = game.edition.squares[d.square].name if 0 <= d.square < BOARD else ""
    return {
        K.ROLL: f"{name} to throw the dice",
        K.BUY: f"{name} to buy {sq} or let it go to auction",
        K.AUCTION: "the bids in an auction",
        K.INCOME_TAX: f"{name} to choose how to pay income tax",
        K.PAY_OR_DRAW: f"{name} to pay the fine or take a card",
        K.RAISE_FUNDS: f"{name} to raise {game.money(d.amount)}",
        K.TRADE_RESPONSE: f"{name} to answer a trade offer",
        K.MORTGAGED_TRANSFER: f"{name} to lift or keep the mortgage on {sq}",
        K.MOVE_OFFLINE: f"{name} to move the Offline token",
        K.PLACE_BUILDING: f"{name} to place a {d.reason}",
        K.GAME_OVER: "nothing: the game is over",
    }.get(d.kind, d.kind)
