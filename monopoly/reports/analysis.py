"""``monopoly analyse``: each player's estimated chance of winning, turn by turn, and the turning points.

The estimate is the computer players' own (``monopoly.ai.chances``), made from what every player can
see at each step of the record (cash, deeds, buildings, tokens: never the decks or the dice), so it
says nothing a player could not have known. A turning point is a step whose action moved someone's
chance most: "turn 43: Ann accepted CPU2's offer ...: Ann 31% -> 12%". The figures are estimates
from a model fitted on computer games (``docs/strategies.md`` gives its calibration), not
certainties.

For each person (a seat no computer played: a save names its computer seats, a record file does
not, and then every seat counts as a person) the analysis lists the costly decisions: the steps
where that player's own action (an offer they made counts when it is accepted) lowered their own
chance most, with what the hard computer would have done there when the decision is one the
coach gives a hint for (``monopoly.ai.coach``: the record is replayed to that step and ``ruthless``
asked on the player's view). ``--plot FILE.svg`` draws the chances (``plot.chances_svg``).

``--deep`` (``analyse(..., deep=(playouts, rounds))``) refines the figures with play-outs
(``ai.rollouts.played_out_chances``): at the start of each turn, and before and after each
candidate turning point and costly decision, the estimate is the mean of the model's estimate a few
rounds on over imagined futures (decks and dice drawn afresh; ``ruthless`` plays every seat). The
same seeds serve every step, so the two sides of a step see the same luck. The turning points are
then ranked again by the refined swings, among the largest the quick pass found.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from ..ai.chances import Estimator
from ..ai.coach import hint, say_choice
from ..ai.rollouts import played_out_chances
from ..engine import Bid, Game, action_from_dict
from ..engine import events as E
from .plot import chances_svg
from .stats import chart
from .story import sentences

TOP = 8
"""Turning points listed."""

COSTLY = 3
"""Costly decisions listed for each person."""

DEEP_PLAYOUTS = 8
"""Play-outs per position with ``--deep``."""

DEEP_ROUNDS = 2
"""Rounds each ``--deep`` play-out plays before the model's estimate is read."""

DEEP_SEED = 39
"""The seed of the ``--deep`` play-outs (the same at every step: common random numbers)."""

COSTLY_LEAST = 0.01
"""The least fall of a player's own chance that counts as a cost."""

NOT_DECISIONS = {"roll"}
"""Actions whose effect is the dice's, not a choice's."""


@dataclass(frozen=True)
class TurningPoint:
    """One step that moved the chances: who acted, what happened, the chances before and after."""

    step: int
    turn: int
    actor: int
    text: str
    before: tuple[float, ...]
    after: tuple[float, ...]

    def swing(self) -> tuple[int, float]:
        """The player whose chance moved most, and by how much (negative: fell)."""
        moves = [a - b for a, b in zip(self.after, self.before)]
        who = max(range(len(moves)), key=lambda p: (abs(moves[p]), -p))
        return who, moves[who]


@dataclass(frozen=True)
class CostlyDecision:
    """A step where ``player``'s own action lowered their chance: ``before`` and ``after`` are that
    player's; ``computer`` what the hard computer would have done instead ("" when not told)."""

    step: int
    turn: int
    player: int
    text: str
    before: float
    after: float
    computer: str = ""

    def cost(self) -> float:
        return self.before - self.after


@dataclass
class Analysis:
    names: list[str]
    turns: list[int] = field(default_factory=list)
    chances: list[tuple[float, ...]] = field(default_factory=list)  # at the start of each turn in ``turns``
    points: list[TurningPoint] = field(default_factory=list)        # the largest swings first
    persons: list[int] = field(default_factory=list)                # the seats no computer played
    costly: dict[int, list[CostlyDecision]] = field(default_factory=dict)  # by person, the dearest first
    steps: list[int] = field(default_factory=list)                  # the step at which each of ``turns`` begins
    deep: tuple[int, int] | None = None                             # (play-outs, rounds) when refined

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.names,
            "deep": None if self.deep is None else {"playouts": self.deep[0], "rounds": self.deep[1]},
            "turns": [{"turn": t, "chances": [round(c, 4) for c in cs]} for t, cs in zip(self.turns, self.chances)],
            "turning_points": [{"step": p.step, "turn": p.turn, "player": p.actor, "what": p.text,
                                "before": [round(c, 4) for c in p.before],
                                "after": [round(c, 4) for c in p.after]} for p in self.points],
            "persons": self.persons,
            "costly_decisions": [{"player": c.player, "step": c.step, "turn": c.turn, "what": c.text,
                                  "before": round(c.before, 4), "after": round(c.after, 4),
                                  "computer": c.computer}
                                 for p in self.persons for c in self.costly.get(p, [])],
        }


def said(game: Game, events: list[E.Event]) -> str:
    """What a step did, as a turning point says it: its first three sentences."""
    lines = [text for text, _ in sentences(game, [e for e in events if not isinstance(e, E.TurnStarted)])]
    return "; ".join(lines[:3]) or "(nothing said)"


class AnalysisCount:
    """The analysis made as a record is replayed (``step`` is told of each step, as ``walk`` or the
    check of a file yields them), so that a long game is replayed once."""

    def __init__(self, top: int = TOP, computers: Iterable[int] = ()) -> None:
        self.top = top
        self.analysis: Analysis | None = None
        self._computers = set(computers)
        self._estimator: Estimator | None = None
        self._last: tuple[float, ...] = ()
        self._all: list[tuple[float, TurningPoint]] = []
        self._costly: dict[int, list[CostlyDecision]] = {}
        self._offers: dict[int, int] = {}  # recipient -> proposer of the offer waiting

    def step(self, steps: int, game: Game, events: list[E.Event], actor: int = -1,
             action: dict[str, Any] | None = None) -> None:
        """Told of one step: the game after it, its events, who acted and (when known) the action as
        the record writes it, for the costly decisions."""
        view = game.view
        if self.analysis is None:
            seats = range(view.player_count)
            persons = [p for p in seats if p not in self._computers]
            self.analysis = Analysis([view.name(p) for p in seats], persons=persons)
            self._estimator = Estimator.of(view)
        estimator = self._estimator
        assert estimator is not None
        now = tuple(estimator.chances(estimator.snapshot(view)))
        a = self.analysis
        started = [e.turn for e in events if isinstance(e, E.TurnStarted)]
        if steps == 0 or started:
            a.turns.append(started[0] if started else view.turn)
            a.chances.append(now)
            a.steps.append(steps)
        if steps and self._last and events:
            point = TurningPoint(steps, view.turn, actor, said(game, events), self._last, now)
            size = abs(point.swing()[1])
            if size >= 0.005:
                self._all.append((size, point))
                if len(self._all) > 4 * self.top:
                    self._all.sort(key=lambda x: -x[0])
                    del self._all[2 * self.top:]
            if action is not None:
                self._cost(steps, view.turn, action, point, now)
        self._last = now

    def _cost(self, steps: int, turn: int, action: dict[str, Any], point: TurningPoint,
              now: tuple[float, ...]) -> None:
        """Count the step against the players whose own decision it was, where it lowered their chance."""
        assert self.analysis is not None
        verb, actor = action.get("action"), action.get("player")
        if not isinstance(actor, int) or verb in NOT_DECISIONS:
            return
        if verb == "propose_trade":
            recipient = action.get("recipient")
            if isinstance(recipient, int):
                self._offers[recipient] = actor
        deciders = [actor]
        if verb in ("accept_trade", "reject_trade"):
            proposer = self._offers.pop(actor, None)
            if proposer is not None and verb == "accept_trade":
                deciders.append(proposer)
        for p in deciders:
            if p not in self.analysis.persons or p >= len(now) or self._last[p] - now[p] < COSTLY_LEAST:
                continue
            kept = self._costly.setdefault(p, [])
            kept.append(CostlyDecision(steps, turn, p, point.text, self._last[p], now[p]))
            kept.sort(key=lambda c: (-c.cost(), c.step))
            del kept[COSTLY:]

    def candidates(self) -> list[TurningPoint]:
        """The largest swings found (more than ``top`` of them), the largest first."""
        self._all.sort(key=lambda x: (-x[0], x[1].step))
        return [p for _, p in self._all]

    def result(self) -> Analysis:
        assert self.analysis is not None
        self._all.sort(key=lambda x: (-x[0], x[1].step))
        self.analysis.points = [p for _, p in self._all[:self.top]]
        self.analysis.costly = {p: list(self._costly.get(p, [])) for p in self.analysis.persons}
        return self.analysis


def analyse(record: dict[str, Any], top: int = TOP, computers: Iterable[int] = (),
            deep: tuple[int, int] | None = None) -> Analysis:
    """The analysis of the game a record describes; ``computers`` the seats computers played (the
    others are persons, whose costly decisions are listed); ``deep``: (play-outs, rounds) to refine
    the figures with (``--deep``)."""
    from ..storage.records import walk
    count = AnalysisCount(top, computers)
    steps = record.get("steps", [])
    for n, game, events in walk(record):
        action = steps[n - 1].get("action", {}) if n else None
        actor = action.get("player", -1) if action else -1
        count.step(n, game, events, actor if isinstance(actor, int) else -1, action)
    result = count.result()
    if deep is not None:
        _deepen(record, result, count.candidates(), *deep)
    _ask_the_computer(record, result)
    return result


def _deepen(record: dict[str, Any], a: Analysis, candidates: list[TurningPoint], playouts: int, rounds: int) -> None:
    """Refine the chart, the turning points and the costly decisions with play-outs: one more replay,
    estimating at each step they need. The turning points are ranked again among ``candidates`` and
    the step before each: a play-out from an offer made already plays its answer, so the refined
    swing of a deal may come at the offer rather than at its acceptance."""
    from ..storage.records import walk
    points_at = {p.step for p in candidates}
    points_at |= {s - 1 for s in points_at if s > 1}
    wanted = set(a.steps) | points_at | {s - 1 for s in points_at}
    steps = record.get("steps", [])
    starts = {c.step: _deal_start(steps, c.step) for person in a.persons for c in a.costly.get(person, [])}
    for step, start in starts.items():
        wanted |= {start, step}
    refined: dict[int, tuple[float, ...]] = {}
    told: dict[int, tuple[int, str]] = {}  # step -> (turn, what it did)
    estimator: Estimator | None = None
    last = max(wanted, default=-1)
    for n, game, events in walk(record):
        if n in wanted:
            estimator = estimator or Estimator.of(game.view)
            refined[n] = played_out_chances(game.view, estimator, playouts, rounds, DEEP_SEED)
        if n in points_at:
            told[n] = (game.view.turn, said(game, events))
        if n >= last:
            break
    a.chances = [refined.get(s, c) for s, c in zip(a.steps, a.chances)]
    points = []
    for step in sorted(points_at):
        if step in told and step in refined and step - 1 in refined:
            action = steps[step - 1].get("action", {}) if step <= len(steps) else {}
            actor = action.get("player", -1) if isinstance(action, dict) else -1
            turn, text = told[step]
            points.append(TurningPoint(step, turn, actor if isinstance(actor, int) else -1, text,
                                       refined[step - 1], refined[step]))
    points.sort(key=lambda p: (-abs(p.swing()[1]), p.step))
    a.points = points[:len(a.points)]

    def chance(step: int, player: int, quick: float) -> float:
        return refined[step][player] if step in refined else quick

    for person in a.persons:
        kept = [CostlyDecision(c.step, c.turn, c.player, c.text, chance(starts[c.step], c.player, c.before),
                               chance(c.step, c.player, c.after), c.computer) for c in a.costly.get(person, [])]
        a.costly[person] = sorted((c for c in kept if c.cost() >= COSTLY_LEAST), key=lambda c: (-c.cost(), c.step))
    a.deep = (playouts, rounds)


def _deal_start(steps: list[dict[str, Any]], step: int) -> int:
    """The step a decision's cost is measured from: the one before it, or for the answer to an offer
    the one before the offer was made (a play-out from the offer already plays its answer)."""
    action = steps[step - 1].get("action", {}) if 0 < step <= len(steps) else {}
    if not isinstance(action, dict) or action.get("action") not in ("accept_trade", "reject_trade"):
        return step - 1
    for j in range(step - 1, 0, -1):
        made = steps[j - 1].get("action", {})
        if (isinstance(made, dict) and made.get("action") == "propose_trade"
                and made.get("recipient") == action.get("player")):
            return j - 1
    return step - 1


def _ask_the_computer(record: dict[str, Any], a: Analysis) -> None:
    """Fill in what the hard computer would have done at each costly decision the coach gives a hint
    for: one more replay, up to the last of them, asking at the moment before each."""
    from ..storage.records import walk
    wanted = {(c.step - 1, c.player) for p in a.persons for c in a.costly.get(p, [])}
    if not wanted:
        return
    said: dict[tuple[int, int], str] = {}
    last = max(n for n, _ in wanted)
    for n, game, _ in walk(record):
        for seat in [s for m, s in wanted if m == n]:
            h = hint(game, seat)
            if h is None or h.computer is None:
                continue
            taken = action_from_dict(record["steps"][n]["action"])
            pick = h.computer.action
            if taken == pick or (isinstance(taken, Bid) and isinstance(pick, Bid)):
                said[(n, seat)] = "the hard computer would do the same"
            else:
                said[(n, seat)] = (f"the hard computer would {say_choice(h.computer.label)} here "
                                   f"({_pct(h.computer.chance)} after it)")
        if n >= last:
            break
    for p in a.persons:
        a.costly[p] = [CostlyDecision(c.step, c.turn, c.player, c.text, c.before, c.after,
                                      said.get((c.step - 1, c.player), "")) for c in a.costly.get(p, [])]


def analysis_svg(a: Analysis) -> str:
    """The chances over the turns as an SVG chart (``--plot``)."""
    return chances_svg(a.names, a.turns, a.chances,
                       "Estimated chance of winning, turn by turn (estimates, not certainties)")


def _pct(x: float) -> str:
    return f"{round(100 * x)}%"


def point_line(a: Analysis, p: TurningPoint) -> str:
    """A turning point in words: "turn 43: Ann accepts ...: Ann 31% -> 12%"."""
    who, _ = p.swing()
    return f"turn {p.turn}: {p.text}: {a.names[who]} {_pct(p.before[who])} -> {_pct(p.after[who])}"


def analysis_text(a: Analysis) -> list[str]:
    """The chances as a chart over the turns, then the turning points in words."""
    series = [[round(100 * cs[p]) for cs in a.chances] for p in range(len(a.names))]
    how = ("estimates from the computer players' model" if a.deep is None else
           f"estimates from the computer players' model, refined by {a.deep[0]} play-outs of {a.deep[1]} rounds")
    lines = [f"Estimated chance of winning, turn by turn ({how}):", ""]
    lines += chart(series, a.names, a.turns or [0], lambda v: f"{v}%")
    lines += ["", "Turning points (the steps that moved a chance most):"]
    if not a.points:
        lines.append("  none: nobody's chance moved much in one step")
    lines += ["  " + point_line(a, p) for p in a.points]
    if a.persons:
        lines += ["", "Costly decisions (each person's own actions that lowered their chance most):"]
    for person in a.persons:
        costly = a.costly.get(person, [])
        if not costly:
            lines.append(f"  {a.names[person]}: none lowered their chance by {_pct(COSTLY_LEAST)} or more")
        for c in costly:
            tail = f"; {c.computer}" if c.computer else ""
            lines.append(f"  {a.names[person]}, turn {c.turn}: {c.text}: {_pct(c.before)} -> {_pct(c.after)}{tail}")
    return lines
