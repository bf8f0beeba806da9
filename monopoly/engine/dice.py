"""Sources of chance: dice throws and deck shuffles.

The engine never touches the global ``random`` module. A game gets a source at creation: a
seeded one in play, a scripted one in tests. Both save their state so a resumed game throws
exactly the dice the uninterrupted one would have thrown.
"""

from __future__ import annotations

import random
from math import floor
from typing import Any, Protocol, Sequence, TypeVar

T = TypeVar("T")


class DiceSource(Protocol):
    def roll(self) -> tuple[int, int]: ...

    def shuffle(self, items: list[Any]) -> None: ...

    def to_dict(self) -> dict[str, Any]: ...


def generator_state_ok(value: Any) -> bool:
    """Whether ``value`` is a ``random.Random`` state as ``getstate`` gives it (in JSON): version 3,
    624 words and a position, and the Gaussian spare. A state of zeros would throw the same numbers
    for ever, so it is refused too."""
    if not (isinstance(value, list) and len(value) == 3 and type(value[0]) is int and value[0] == 3):
        return False
    words, spare = value[1], value[2]
    return (isinstance(words, list) and len(words) == 625 and all(type(w) is int for w in words)
            and all(0 <= w < 2**32 for w in words[:624]) and 0 <= words[624] <= 624 and any(words[:624])
            and (spare is None or type(spare) is float))


class RandomDice:
    """Fair dice and shuffles from a private, seeded ``random.Random``."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
        self._rng = random.Random(self.seed)
        self._random = self._rng.random  # the generator is restored in place (``setstate``), never replaced

    def roll(self) -> tuple[int, int]:
        r = self._random  # ``floor`` of a number from 0 to 6 is what ``int`` makes of it, in half the time
        return floor(r() * 6) + 1, floor(r() * 6) + 1

    def shuffle(self, items: list[Any]) -> None:
        self._rng.shuffle(items)

    def to_dict(self) -> dict[str, Any]:
        version, internal, gauss = self._rng.getstate()
        return {"kind": "random", "seed": self.seed, "state": [version, list(internal), gauss]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "RandomDice":
        seed = data.get("seed")
        if type(seed) is not int:
            raise ValueError("dice.seed is not a whole number")
        dice = cls(seed)
        state: Any = data.get("state")
        if not generator_state_ok(state):
            raise ValueError("dice.state is not a random generator state")
        version, internal, gauss = state
        dice._rng.setstate((version, tuple(internal), gauss))
        return dice


class ScriptedDice:
    """Dice that throw a given list, for tests; shuffles leave decks in their printed order.

    Running out of throws is an error (a test that did not script enough dice), never a silent
    random throw.
    """

    def __init__(self, rolls: Sequence[tuple[int, int]] = (), shuffle_with: int | None = None) -> None:
        self.rolls: list[tuple[int, int]] = [tuple(r) for r in rolls]  # type: ignore[misc]
        for a, b in self.rolls:
            if not (1 <= a <= 6 and 1 <= b <= 6):
                raise ValueError(f"a die shows 1 to 6, not {(a, b)}")
        self.shuffle_with = shuffle_with

    def add(self, *rolls: tuple[int, int]) -> None:
        self.rolls.extend(rolls)

    def roll(self) -> tuple[int, int]:
        if not self.rolls:
            raise IndexError("the scripted dice have no throws left")
        return self.rolls.pop(0)

    def shuffle(self, items: list[Any]) -> None:
        if self.shuffle_with is not None:
            random.Random(self.shuffle_with).shuffle(items)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "scripted", "rolls": [list(r) for r in self.rolls], "shuffle_with": self.shuffle_with}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "ScriptedDice":
        return cls([tuple(r) for r in data["rolls"]], data.get("shuffle_with"))


def dice_from_dict(data: Any) -> DiceSource:
    if not isinstance(data, dict) or data.get("kind") not in ("random", "scripted"):
        raise ValueError("dice must be an object with kind 'random' or 'scripted'")
    try:
        if data["kind"] == "random":
            return RandomDice.from_dict(data)
        return ScriptedDice.from_dict(data)
    except (KeyError, TypeError, ValueError, OverflowError) as exc:  # a word of the state out of range
        raise ValueError(f"dice state is malformed ({exc})") from None
