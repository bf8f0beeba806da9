"""The controller's bookkeeping of one decision point: which computers acted there, how often,
and which are done (``ComputerPlayers`` makes one for nearly every action, so it is kept small)."""

from __future__ import annotations

NO_OFFERS: frozenset[int] = frozenset()


class Point:
    """What has happened at one decision point (one is made for nearly every action: kept small)."""

    __slots__ = ("used", "done", "traded")

    def __init__(self) -> None:
        self.used: dict[int, int] = {}
        self.done: set[int] = set()
        self.traded: frozenset[int] = NO_OFFERS  # the seats that made an offer here (rare)

    def used_list(self) -> list[list[int]]:
        return [[seat, n] for seat, n in sorted(self.used.items())]
