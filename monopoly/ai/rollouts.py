"""Play-outs: imagined futures of a game, played a few rounds ahead by ``ruthless`` at every seat.

``expert`` (``expert.py``) compares its candidate answers to a decision by playing each of them out
many times and comparing where it stands at the end. One play-out

- takes a copy of the game with what is hidden drawn afresh (``View.determinized``: the deck order
  and the dice to come; nothing the seat could not know is used);
- starts its ``ruthless`` players from what the real ones remember (``Memories``): the seat its
  own memory, each other seat what the answers its offers got imply (``Expert.trade_seen``).
  Fresh players would make a just-refused offer again at once and open every set's sale at the
  first price, which a ``ruthless`` player stops asking once refused, so the play-outs put the
  rivals' deals later than they come; an answer the candidate itself is or gets is heard there too;
- carries out the candidate (an action, or nothing) and lets ``ruthless`` play every seat for
  ``rounds`` rounds, a ``Plan`` adjusting the seat's own play (a different cash floor, an offer it
  does not make);
- scores the seat's share of the players' worth at the end as ``ruthless`` values a position
  (``valuation.strength``: cash, and each deed by the rent it should bring, whole groups by their
  build plans; nothing for a bankrupt seat, all for the winner), a smooth measure that tells small
  differences apart where who-wins-in-six-rounds would mostly be nobody. (The printed worth,
  ``View.face_value``, was tried first: it counts a deed at its price and a house at its cost
  however little cash is left, so play-outs scored by it bought and built beyond what pays, and
  lost to ``ruthless``.)

Common random numbers: play-out ``i`` of every candidate uses the same seed, so the same dice and
cards; a difference between candidates is then the candidates' and not luck's (``Trial.paired``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from ..engine import AcceptTrade, Action, DecisionKind as K, Game, ProposeTrade, RejectTrade, View
from .chances import Estimator, Snapshot
from .players import ComputerPlayers
from .ruthless import Ruthless
from .valuation import Position, board_for, strength
from .view import GameView, RefusalKey

ROLLOUT_STRATEGY = "ruthless"
"""The strategy that plays every seat in a play-out: fast, and the strongest we have."""


@dataclass(frozen=True)
class Plan:
    """A candidate: what the seat does now (``action``; None: nothing) and how it plays on in the
    play-out: ``cash_floor`` replaces ruthless's (None keeps it); ``withheld`` is an offer
    (recipient, deeds given, deeds taken) it does not make for a few rounds."""

    action: Action | None
    cash_floor: int | None = None
    withheld: tuple[int, tuple[int, ...], tuple[int, ...]] | None = None


@dataclass
class Trial:
    """The scores of one candidate's play-outs, by seed (play-out ``i`` used seed ``i`` of the decision)."""

    plan: Plan
    scores: list[float] = field(default_factory=list)

    def mean(self) -> float:
        return math.fsum(self.scores) / len(self.scores) if self.scores else 0.0

    def paired(self, other: "Trial") -> tuple[float, float]:
        """The mean of this trial's scores less ``other``'s, play-out by play-out (same seeds), and
        the standard error of that mean."""
        n = min(len(self.scores), len(other.scores))
        if n == 0:
            return 0.0, math.inf
        diffs = [a - b for a, b in zip(self.scores[:n], other.scores[:n])]
        mean = math.fsum(diffs) / n
        if n < 2:
            return mean, math.inf
        var = math.fsum((d - mean) ** 2 for d in diffs) / (n - 1)
        return mean, math.sqrt(var / n)


def worth_share(game: Game, seat: int) -> float:
    """``seat``'s share of what the players still in the game are worth as ``ruthless`` values them
    (0 once bankrupt, 1 once the winner)."""
    view = game.view
    if view.bankrupt(seat):
        return 0.0
    outcome = view.outcome
    if outcome is not None and outcome.winner >= 0:
        return 1.0 if outcome.winner == seat else 0.0
    mine = GameView(game, seat)
    board, pos = board_for(mine), Position.of(mine)
    top = view.rules.houses_per_hotel + 1
    weights = Ruthless.weights
    worths = {p: max(0.0, strength(board, pos, p, weights, top)) for p in pos.active}
    total = math.fsum(worths.values())
    return worths.get(seat, 0.0) / total if total > 0 else 0.0


Memories = dict[int, tuple[dict[str, Any], dict[RefusalKey, int]]]
"""What a play-out's players start remembering, by seat: a ``ruthless`` memory (``Strategy.restore``)
and the offers refused to that seat, held back until a turn. Seats not named start afresh."""


def play_out(view: GameView, plan: Plan, seed: int, rounds: int, memories: Memories | None = None) -> float:
    """One play-out of ``plan`` for ``view``'s seat from the game now, with hidden chance drawn from
    ``seed``: the seat's worth share ``rounds`` rounds on (see the module docstring). ``memories``:
    what the players start remembering (fresh when None)."""
    seat = view.seat
    game = view.determinized(seed)
    n = game.view.player_count
    players = ComputerPlayers(game, {p: ROLLOUT_STRATEGY for p in range(n)}, seed=seed)
    if memories:
        for p, (memory, refused) in memories.items():
            players.recall(p, memory, refused)
    own = players.strategy(seat)
    if plan.cash_floor is not None and isinstance(own, Ruthless):
        own.cash_floor = plan.cash_floor
    if plan.withheld is not None:
        recipient, give, take = plan.withheld
        players.hold_back_offer(seat, recipient, give, take, game.view.turn + 2 * n)
    if plan.action is not None:
        offer = view.pending.offer if view.pending_kind == K.TRADE_RESPONSE else None
        game.apply(plan.action)  # checked: the copy is this game, so what is legal here is legal there
        if (offer is not None and players.is_computer(offer.proposer)
                and isinstance(plan.action, (AcceptTrade, RejectTrade))):
            # the proposer hears the answer as in a real game: a refused offer is not made again at once
            players.note_answer(offer, isinstance(plan.action, AcceptTrade))
        elif isinstance(plan.action, ProposeTrade) and players.is_computer(plan.action.recipient):
            players.offer_made(plan.action)  # the seat hears the answer as in a real game
    play_rounds(game, players, rounds)
    return worth_share(game, seat)


def play_rounds(game: Game, players: ComputerPlayers, rounds: int) -> None:
    """Let ``players`` play ``game`` on for ``rounds`` rounds (of the players still in), or to its end."""
    table = game.view
    end = table.turn + rounds * len(table.active_players())
    next_action, push = players.next_action, game.push
    while table.turn < end and not table.over:
        action = next_action(game)
        if action is None:
            break
        push(action)


def played_out_chances(view: View, estimator: Estimator, playouts: int, rounds: int,
                       seed: int = 0) -> tuple[float, ...]:
    """Each seat's chance of winning refined by play-outs (``monopoly analyse --deep``): the mean,
    over ``playouts`` imagined futures, of the estimate ``rounds`` rounds on (1 for the winner of a
    play-out that ends the game). Each future is drawn from what ``view`` may know
    (``View.determinized``: the decks and the dice drawn afresh from ``seed`` and the play-out's
    number), and ``ruthless`` plays every seat. Play-out ``i`` of one call uses the same seeds as
    play-out ``i`` of another with the same ``seed``: two positions compared so see the same luck."""
    n = view.player_count
    totals = [0.0] * n
    for i in range(max(1, playouts)):
        future = seed * 7919 + i
        game = view.determinized(future)
        players = ComputerPlayers(game, {p: ROLLOUT_STRATEGY for p in range(n)}, seed=future)
        play_rounds(game, players, rounds)
        table = game.view
        outcome = table.outcome
        if outcome is not None and outcome.winner >= 0:
            totals[outcome.winner] += 1.0
            continue
        for p, c in enumerate(estimator.chances(Snapshot.of(table))):
            totals[p] += c
    count = max(1, playouts)
    return tuple(t / count for t in totals)
