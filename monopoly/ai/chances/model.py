"""The fitted model: each player's chance of winning from its features (a conditional logit).

Every player still in the game gets a score, the weighted sum of its features (``features.py``);
its chance of winning is ``exp(score)`` over the sum of everyone's. The weights were fitted on
positions from seeded computer games (``benchmarks/fit_chances.py``, which writes
``weights.json``); the figures of its calibration are in ``docs/strategies.md``.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Sequence

from .features import FEATURES, player_features
from .snapshot import Snapshot
from .tables import Tables


@dataclass(frozen=True)
class Model:
    """Weights by feature name (``FEATURES`` order); what they were fitted on, in ``source``."""

    weights: tuple[float, ...]
    source: str = ""

    def scores(self, t: Tables, s: Snapshot) -> list[float | None]:
        w = self.weights
        out: list[float | None] = []
        for f in player_features(t, s):
            if f is None:
                out.append(None)
                continue
            score = 0.0
            for a, b in zip(w, f):  # one by one, in order: the same sum on every Python
                score += a * b
            out.append(score)
        return out

    def chances(self, t: Tables, s: Snapshot) -> list[float]:
        """Each seat's chance of winning (0 for a player out of the game); they add up to 1."""
        return softmax(self.scores(t, s))


def softmax(scores: Sequence[float | None]) -> list[float]:
    top = max((x for x in scores if x is not None), default=0.0)
    ex = [0.0 if x is None else math.exp(x - top) for x in scores]
    total = 0.0
    for e in ex:
        total += e
    return [e / total for e in ex] if total > 0 else [0.0 for _ in ex]


def model_from(data: dict[str, object]) -> Model:
    """A model from its JSON form ({"features": [...], "weights": [...], "source": "..."}); a feature the
    file does not name weighs nothing, so an old file still loads."""
    names = data.get("features", [])
    weights = data.get("weights", [])
    if not isinstance(names, list) or not isinstance(weights, list) or len(names) != len(weights):
        raise ValueError("a model file names its features and gives one weight each")
    by_name = {str(n): float(w) for n, w in zip(names, weights)}
    return Model(tuple(by_name.get(name, 0.0) for name in FEATURES), str(data.get("source", "")))


@lru_cache(maxsize=1)
def shipped_model() -> Model:
    """The model shipped with the package (``weights.json``)."""
    text = resources.files(__package__).joinpath("weights.json").read_text(encoding="utf-8")
    return model_from(json.loads(text))
