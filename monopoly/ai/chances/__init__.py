"""Each player's estimated chance of winning a position: the one valuation of the computer players.

The interface (the coach reads it too):

- ``Estimator.of(view)``: the estimator for a game's board and rules;
- ``estimator.snapshot(view)``: the position as the view shows it (public information only: cash,
  deeds, buildings, tokens; never the decks or the dice);
- ``estimator.chances(snapshot)``: each seat's chance of winning, adding up to 1 (0 for a player out);
- ``win_chances(view)``: the two in one.

A decision is made by imagining each choice on a snapshot (``Snapshot.bought``, ``traded``,
``built``, ...) and comparing the chances after. The model is a conditional logit over a few
features a player's position has (``features.FEATURES``), fitted on seeded computer games
(``benchmarks/fit_chances.py``); its calibration on held-out games is in ``docs/strategies.md``.
"""

from __future__ import annotations

from ...engine import View
from .features import FEATURES, player_features
from .model import Model, shipped_model
from .snapshot import Snapshot
from .tables import Tables, tables_for


class Estimator:
    """Chances of winning on one board under one set of rules, by the shipped model (or ``model``)."""

    def __init__(self, tables: Tables, model: Model | None = None) -> None:
        self.tables = tables
        self.model = model or shipped_model()

    @classmethod
    def of(cls, view: View, model: Model | None = None) -> "Estimator":
        r = view.rules
        return cls(tables_for(view.edition, r.jail_doubles_roll_again, r.doubles_roll_again, r.three_doubles_jail),
                   model)

    @staticmethod
    def snapshot(view: View) -> Snapshot:
        return Snapshot.of(view)

    def chances(self, snapshot: Snapshot) -> list[float]:
        return self.model.chances(self.tables, snapshot)

    def chance(self, snapshot: Snapshot, player: int) -> float:
        return self.model.chances(self.tables, snapshot)[player]


def win_chances(view: View) -> tuple[float, ...]:
    """Each seat's estimated chance of winning the game as ``view`` shows it, in seat order."""
    estimator = Estimator.of(view)
    return tuple(estimator.chances(Snapshot.of(view)))


__all__ = ["Estimator", "FEATURES", "Model", "Snapshot", "Tables", "player_features", "shipped_model",
           "tables_for", "win_chances"]
