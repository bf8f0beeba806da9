"""The table: the game's data and the few primitives every rule uses.

A ``Table`` holds the state, the edition, the rules and the dice, and the primitives the rule
modules (``turn``, ``cards``, ``auctions``, ``debts``, ``trades``, ``buildings``, ``mortgages``,
``clock``) share: report an event (``emit``), move money (``transfer``, and ``charge``: pay now or
owe), queue a decision (``queue``; what is waiting is ``waiting()``), and the four writers of the
holdings (``give_deed``, ``set_mortgage``, ``set_buildings``, ``retire``). The rules take a
``Table`` and use nothing else of the game, so they sit below ``Game`` (``game.py``), the facade
with the commands, and never import it: catanatron's ``apply_action`` over plain state, imported
strictly downward (``tests/test_layers.py`` checks the engine's modules too).

The primitives are the engine's own: nothing outside ``monopoly/engine`` calls them
(``tests/test_boundaries.py``); a client applies actions through ``Game`` and reads ``game.view``.
"""

from __future__ import annotations

import itertools
from typing import Any, Callable, Mapping, NamedTuple, ParamSpec

from . import actions as A
from . import events as E
from .codes import DecisionKind as K, PaymentReason as R
from .dice import DiceSource
from .editions import Edition
from .rules import Rules
from .state import NOBODY, Decision, GameState

BANK = E.BANK
P = ParamSpec("P")
_ROLL, _GAME_OVER = K.ROLL, K.GAME_OVER
_JACKPOT = R.JACKPOT


def pot_reasons(rules: Rules) -> frozenset[str]:
    """The payments to the bank that go to the Free Parking pot under ``rules`` (none without it)."""
    if not rules.free_parking_pot:
        return frozenset()
    reasons = {R.TAX, R.JAIL_FINE}
    if rules.pot_card_payments:
        reasons |= {R.CARD, R.REPAIRS}
    return frozenset(reasons)


HOLDINGS_STAMPS = itertools.count(1)
"""One sequence for every game in the process, so a stamp never names two different holdings,
even for a client that moves from one game object to another (a load, a replay)."""


class Entry(NamedTuple):
    """One input to a game: an action (or ``None`` for a clock reading that ended the time-limit
    game), the clock reading before it, and where its events start in the log."""

    action: A.Action | None
    clock: int
    log_start: int


Landing = Callable[["Table", int, int], None]
"""What landing on a square does, for a kind of square whose rules sit above the move
(``routes.LANDINGS``): called with the table, the player and the square."""


class Table:
    """The state of one game and the primitives of its rules; see the module docstring."""

    def __init__(self, edition: Edition, rules: Rules, state: GameState, dice: DiceSource,
                 log: list[E.Event] | None = None, keep_log: bool = True) -> None:
        self.edition = edition
        self.rules = rules
        self.state = state
        self.dice = dice
        self.keep_log = keep_log
        self.log: list[E.Event] = log if log is not None else []
        # How the game began and the inputs since (kept with the log): see history.py.
        self.origin: dict[str, Any] | None = None
        self.journal: list[Entry] = []
        self.journal_plain: list[list[Any]] = []  # the journal as saved, converted once an entry
        self.log_cuts = 0  # how often the log was cut back (by undo): a log written out before must be rewritten
        self._events: list[E.Event] = []  # one list for the game's life, handed over as a copy
        self.reporting = True
        """Whether events are built: off for a simulation that reads none (``Game.stop_reporting``)."""
        self.queued: list[Decision] = []
        """The decisions queued by the step under way (``queue``), taken in the order queued."""
        self._serial = 0  # the last decision's number (``numbered``)
        self._roll = Decision(K.ROLL, NOBODY)  # the throw asked now (or last)
        self._rolls: dict[int, Decision] = {}  # each player's throw decision
        self._roll_at = (0, 0, NOBODY)  # the point of the turn (turn, doubles, player) of the throw last numbered
        self._over: Decision | None = None
        self.landings: Mapping[str, Landing] = {}
        """The landing table (``routes.LANDINGS``), handed over by ``Game``: ``turn`` moves the
        token and looks up here what a square of another topic (the decks) does."""
        self.instant_claims: frozenset[int] = frozenset()
        """Owners whose rent is paid with the move, as if claimed the moment it fell due
        (``Game.claim_rent_at_once``): a simulation's computers that always claim at once."""
        self.shared: Any = None
        """What every view of this game shares (their kept answers: ``view.py``), made by the first."""
        # Bumped whenever a deed changes hands, the game is rearranged (``forget_history``) or an
        # action is taken back: answers that depend on ownership alone (``View.monopolies``) are
        # kept until it moves. Both numbers move only through ``holdings_moved``.
        self.deeds_moved = 0
        self.holdings_stamp = next(HOLDINGS_STAMPS)
        """Taken afresh from ``HOLDINGS_STAMPS`` whenever the owners, mortgages or buildings may have
        changed (``holdings_moved``): see ``View.holdings_version``."""
        self.landing_counts: list[int] | None = None  # see ``Game.count_landings``
        # Payments to the bank that go to the Free Parking pot instead (rule option free_parking_pot).
        self._pot_reasons: frozenset[str] = pot_reasons(rules)

    def waiting(self) -> Decision:
        """The decision the game waits for: the one statement of it (the view's ``pending``,
        ``pending_kind``, ``moment`` ... read it here). The engine's live record: the rules read
        it; clients get a frozen copy from ``view.pending``.

        The top of the stack, else nothing once the game is over, else the throw of the player in
        play (one record per player, made once: this is asked very often)."""
        s = self.state
        if s.stack:  # the stack is emptied when a game ends
            return s.stack[-1]
        if s.outcome is not None:
            over = self._over
            if over is None:
                over = self._over = Decision(_GAME_OVER, NOBODY)
            return over
        roll = self._roll
        if roll.player != s.turn.player:
            p = s.turn.player
            made = self._rolls.get(p)
            if made is None:
                made = self._rolls[p] = Decision(_ROLL, p)
            roll = self._roll = made
        return roll

    def numbered(self, d: Decision) -> Decision:
        """``d``, a decision waiting, with its number (``Decision.serial``), given when a client
        first sees it, from one count of the game: a new decision, and a new throw (a throw's
        record serves each of its player's throws), has a higher number than any seen before."""
        if d.kind is _ROLL:
            turn = self.state.turn
            at = (turn.number, turn.doubles, turn.player)
            if self._roll_at != at or not d.serial:
                self._serial += 1
                d.serial = self._serial
                self._roll_at = at
        elif not d.serial:
            self._serial += 1
            d.serial = self._serial
        return d

    def emit(self, make: Callable[P, E.Event], *fields: P.args, **named: P.kwargs) -> None:
        """Report an event: ``make(*fields)``, built only when someone reads the events (a
        simulation that reads none builds none: ``reporting``). Every rule reports through this."""
        if self.reporting:
            self._events.append(make(*fields, **named))

    def begin(self) -> None:
        """No events yet for the action about to be carried out."""
        self._events.clear()

    def queue(self, decision: Decision) -> None:
        """Queue a decision; decisions queued by one step are taken in the order queued."""
        self.queued.append(decision)

    def flush_queue(self) -> None:
        if self.queued:
            self.state.stack.extend(reversed(self.queued))
            self.queued.clear()

    # The holdings (owners, mortgages, buildings and the bank's stock of them, the players still in
    # the game) change only through these four, so that every change takes a new holdings version.
    def give_deed(self, square: int, owner: int) -> None:
        """The one place a deed changes hands (``owner`` NOBODY: back to the bank)."""
        self.state.owner[square] = owner
        self.holdings_moved(deeds=True)

    def set_mortgage(self, square: int, mortgaged: bool) -> None:
        """The one place a mortgage is taken out or cleared."""
        self.state.mortgaged[square] = mortgaged
        self.holdings_moved()

    def set_buildings(self, square: int, houses: int, hotel: bool = False) -> None:
        """The one place buildings change: ``square`` gets ``houses`` (and a hotel or not), and
        the bank's stock takes back or gives out the difference."""
        s = self.state
        s.bank_houses += s.houses[square] - houses
        s.bank_hotels += s.hotel[square] - hotel
        s.houses[square] = houses
        s.hotel[square] = hotel
        self.holdings_moved()

    def retire(self, player: int) -> None:
        """The one place a player leaves the game (bankrupt)."""
        self.state.players[player].bankrupt = True
        self.holdings_moved()

    def holdings_moved(self, deeds: bool = False) -> None:
        """A new holdings version (``View.holdings_version``), and a new count of deeds moved when
        owners may have changed: what the view's kept answers are checked against."""
        self.holdings_stamp = next(HOLDINGS_STAMPS)
        if deeds:
            self.deeds_moved += 1

    def transfer(self, payer: int, payee: int, amount: int, reason: R) -> None:
        """The one place money moves. The payer must hold the cash (checked by the callers).

        Under the Free Parking jackpot, the payments to the bank it names go to the pot (off the
        bank's books) and the jackpot taken is paid out of it."""
        if amount <= 0:
            return
        s = self.state
        players = s.players
        if payer == BANK:
            if reason == _JACKPOT:
                assert s.pot >= amount, "the jackpot paid out more than the pot holds"
                s.pot -= amount
            else:
                s.bank_paid_out += amount
        else:
            who = players[payer]
            assert who.cash >= amount, "a transfer would make cash negative"
            who.cash -= amount
        if payee == BANK:
            if self._pot_reasons and reason in self._pot_reasons:
                s.pot += amount
                self.emit(E.Paid, payer, payee, amount, reason)
                self.emit(E.IntoPot, payer, amount, s.pot)
                return
            s.bank_paid_in += amount
        else:
            players[payee].cash += amount
        self.emit(E.Paid, payer, payee, amount, reason)

    def stake_pot(self) -> None:
        """The bank's stake into the Free Parking pot (rule option ``pot_stake``), at the start of a
        game and each time the pot is taken."""
        stake = self.rules.pot_stake if self.rules.free_parking_pot else 0
        if stake > 0:
            s = self.state
            s.bank_paid_out += stake
            s.pot += stake
            self.emit(E.IntoPot, BANK, stake, s.pot)

    def take_pot(self, player: int) -> None:
        """``player`` landed on Free Parking: the pot is theirs, and the bank's stake goes back in."""
        if self.state.pot > 0:
            self.transfer(BANK, player, self.state.pot, _JACKPOT)
            self.stake_pot()

    def charge(self, payer: int, payee: int, amount: int, reason: R) -> None:
        """Make ``payer`` pay now, or owe it: a raise-funds decision when the cash is short."""
        if amount <= 0:
            return
        if payee != BANK and self.state.players[payee].bankrupt:
            payee = BANK
        if self.state.players[payer].cash >= amount:
            self.transfer(payer, payee, amount, reason)
        else:
            self.emit(E.DebtRaised, payer, payee, amount, reason)
            self.queue(Decision(K.RAISE_FUNDS, payer, amount=amount, creditor=payee, reason=str(reason)))

    def number_like(self, other: "Table") -> None:
        """Go on numbering decisions where ``other`` is (an imagined copy of it: the decision
        waiting keeps its number)."""
        self._serial = other._serial
        self._roll_at = other._roll_at
