"""``monopoly analyse``: each player's estimated chance of winning, turn by turn, and the turning points.

The estimate is the computer players' own (``monopoly.ai.chances``), made from what every player can
see at each step of the record (cash, deeds, buildings, tokens: never the decks or the dice), so it
says nothing a player could not have known. A turning point is a step whose action moved someone's
chance most: "turn 43: Ann accepted CPU2's offer ...: Ann 31% -> 12%". The figures are estimates
from a model fitted on computer games (``docs/strategies.md`` gives its calibration), not
certainties.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..ai.chances import Estimator
from ..engine import Game
from ..engine import events as E
from .stats import chart
from .story import sentences

TOP = 8
"""Turning points listed."""


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


@dataclass
class Analysis:
    names: list[str]
    turns: list[int] = field(default_factory=list)
    chances: list[tuple[float, ...]] = field(default_factory=list)  # at the start of each turn in ``turns``
    points: list[TurningPoint] = field(default_factory=list)        # the largest swings first

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.names,
            "turns": [{"turn": t, "chances": [round(c, 4) for c in cs]} for t, cs in zip(self.turns, self.chances)],
            "turning_points": [{"step": p.step, "turn": p.turn, "player": p.actor, "what": p.text,
                                "before": [round(c, 4) for c in p.before],
                                "after": [round(c, 4) for c in p.after]} for p in self.points],
        }


class AnalysisCount:
    """The analysis made as a record is replayed (``step`` is told of each step, as ``walk`` or the
    check of a file yields them), so that a long game is replayed once."""

    def __init__(self, top: int = TOP) -> None:
        self.top = top
        self.analysis: Analysis | None = None
        self._estimator: Estimator | None = None
        self._last: tuple[float, ...] = ()
        self._all: list[tuple[float, TurningPoint]] = []

    def step(self, steps: int, game: Game, events: list[E.Event], actor: int = -1) -> None:
        view = game.view
        if self.analysis is None:
            self.analysis = Analysis([view.name(p) for p in range(view.player_count)])
            self._estimator = Estimator.of(view)
        estimator = self._estimator
        assert estimator is not None
        now = tuple(estimator.chances(estimator.snapshot(view)))
        a = self.analysis
        started = [e.turn for e in events if isinstance(e, E.TurnStarted)]
        if steps == 0 or started:
            a.turns.append(started[0] if started else view.turn)
            a.chances.append(now)
        if steps and self._last and events:
            said = [text for text, _ in sentences(game, events)]
            point = TurningPoint(steps, view.turn, actor, "; ".join(said[:2]) or "(nothing said)", self._last, now)
            size = abs(point.swing()[1])
            if size >= 0.005:
                self._all.append((size, point))
                if len(self._all) > 4 * self.top:
                    self._all.sort(key=lambda x: -x[0])
                    del self._all[2 * self.top:]
        self._last = now

    def result(self) -> Analysis:
        assert self.analysis is not None
        self._all.sort(key=lambda x: (-x[0], x[1].step))
        self.analysis.points = [p for _, p in self._all[:self.top]]
        return self.analysis


def analyse(record: dict[str, Any], top: int = TOP) -> Analysis:
    """The analysis of the game a record describes."""
    from ..storage.records import walk
    count = AnalysisCount(top)
    steps = record.get("steps", [])
    for n, game, events in walk(record):
        actor = steps[n - 1].get("action", {}).get("player", -1) if n else -1
        count.step(n, game, events, actor if isinstance(actor, int) else -1)
    return count.result()


def _pct(x: float) -> str:
    return f"{round(100 * x)}%"


def analysis_text(a: Analysis) -> list[str]:
    """The chances as a chart over the turns, then the turning points in words."""
    series = [[round(100 * cs[p]) for cs in a.chances] for p in range(len(a.names))]
    lines = ["Estimated chance of winning, turn by turn (estimates from the computer players' model):", ""]
    lines += chart(series, a.names, a.turns or [0], lambda v: f"{v}%")
    lines += ["", "Turning points (the steps that moved a chance most):"]
    if not a.points:
        lines.append("  none: nobody's chance moved much in one step")
    for p in a.points:
        who, _ = p.swing()
        lines.append(f"  turn {p.turn}: {p.text}: {a.names[who]} {_pct(p.before[who])} -> {_pct(p.after[who])}")
    return lines
