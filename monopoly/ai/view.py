"""A computer player's window on a game: the engine's read view for its seat, and a little more.

A strategy sees the game through a ``GameView``: the engine's ``View`` made for the strategy's
seat (``monopoly/engine/view.py``; a player argument left out means that seat), so every rule
it asks about is answered by the engine itself, and it has no way to change anything. The
adapter adds only what concerns computer players: the board's landing frequencies
(``facts``), the seat's record of refused trade offers (``refused_recently``), and a cache of
whole groups, which strategies ask for again and again between changes of ownership.

``Claim``, ``Offer``, ``Auction``, ``Pending`` and ``pending_of`` are the engine's own and are
re-exported here for the strategies.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import NOBODY, Auction, Claim, DecisionKind as K, Group, Offer, Pending, View, pending_of

if TYPE_CHECKING:
    from ..engine import Game
    from .board import BoardFacts

RefusalKey = tuple[int, tuple[int, ...], tuple[int, ...]]
"""A refused offer as the controller remembers it: (recipient, squares given, squares taken), sorted."""


class GameView(View):
    """The engine's view of ``game`` for ``seat``, with what computer players add; see the module docstring.

    ``refused`` is the seat's record of refused trade offers (offer -> the turn until which it
    is not made again), kept by ``ComputerPlayers``.
    """

    __slots__ = ("_refused", "_monopolies")
    seat: int  # always a seat's view

    def __init__(self, game: "Game", seat: int, refused: dict[RefusalKey, int] | None = None) -> None:
        super().__init__(game, seat)
        self._refused: dict[RefusalKey, int] = refused if refused is not None else {}
        self._monopolies: dict[int, tuple[tuple[int, ...], tuple[Group, ...]]] = {}  # player -> (owners, groups)

    @property
    def facts(self) -> "BoardFacts":
        """Landing frequencies and rent per opponent turn for this board (see ``board.py``)."""
        from .board import board_facts
        return board_facts(self.edition, self.rules.jail_doubles_roll_again)

    def monopolies(self, player: int | None = None) -> list[Group]:
        """The colour groups (streets only) that ``player`` owns whole, in board order (the engine's
        answer, kept until ownership changes)."""
        p = self.seat if player is None else player
        owners = self.owners()
        cached = self._monopolies.get(p)
        if cached is not None and cached[0] == owners:
            return list(cached[1])
        found = super().monopolies(p)
        self._monopolies[p] = (owners, tuple(found))
        return found

    def refused_recently(self, recipient: int, give: tuple[int, ...], take: tuple[int, ...]) -> bool:
        """True when this seat offered ``recipient`` these properties recently and was refused."""
        until = self._refused.get((recipient, tuple(sorted(give)), tuple(sorted(take))))
        return until is not None and self.turn < until


__all__ = ["Auction", "Claim", "GameView", "K", "NOBODY", "Offer", "Pending", "RefusalKey", "pending_of"]
