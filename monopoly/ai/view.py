"""A computer player's window on a game: the engine's read view for its seat, and a little more.

A strategy sees the game through a ``GameView``: the engine's ``View`` made for the strategy's
seat (``monopoly/engine/view.py``; a player argument left out means that seat), so every rule
it asks about is answered by the engine itself, and it has no way to change anything. The
adapter adds only what concerns computer players: the board's landing frequencies
(``facts``), the seat's record of refused trade offers (``refused_recently``, ``refused_offers``),
the table manners' question of deeds not to hand back yet (``held_lately``, ``hands_back``),
another seat's view for imagining its reasoning (``partner_view``), and the questions
only computer players ask, answered from the engine's own answers (``opponents``,
``sale_refund``). (Whole groups,
which strategies ask for again and again, the engine keeps until a deed changes hands.)

``Claim``, ``Offer``, ``Auction``, ``Pending`` and ``pending_of`` are the engine's own and are
re-exported here for the strategies.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ..engine import NOBODY, Auction, Claim, DecisionKind as K, Offer, Pending, View, pending_of

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

    __slots__ = ("_refused", "_held")
    seat: int  # always a seat's view

    def __init__(self, game: "Game", seat: int, refused: dict[RefusalKey, int] | None = None,
                 held: "Callable[[View, int, int], int] | None" = None) -> None:
        super().__init__(game, seat)
        self._refused: dict[RefusalKey, int] = refused if refused is not None else {}
        self._held = held

    @property
    def facts(self) -> "BoardFacts":
        """Landing frequencies and rent per opponent turn for this board (see ``board.py``)."""
        from .board import board_facts
        rules = self.rules
        return board_facts(self.edition, rules.jail_doubles_roll_again, rules.doubles_roll_again,
                           rules.three_doubles_jail)

    # The computer players' own questions, answered from the engine's (nobody else asks them).
    def opponents(self, player: int | None = None) -> list[int]:
        """The other seats still in the game, in seat order (a new list each time)."""
        me = self._p(player)
        return [p for p in self.active_players() if p != me]

    def sale_refund(self, square: int) -> int:
        """What selling the next building on ``square`` would pay now (``building_sale``)."""
        return self.building_sale(square).refund

    def refused_offers(self) -> dict[RefusalKey, int]:
        """The seat's record of refused offers still held back (offer -> until which turn), a copy."""
        now = self.turn
        return {key: until for key, until in self._refused.items() if until > now}

    def partner_view(self, seat: int) -> "GameView":
        """The view of the same game from ``seat``'s side, with no record of refused offers: what a
        strategy imagining ``seat``'s reasoning may read (all of it public)."""
        return GameView(self._game, seat)

    def refused_recently(self, recipient: int, give: tuple[int, ...], take: tuple[int, ...]) -> bool:
        """True when this seat offered ``recipient`` these properties recently and was refused.

        (A strategy asks it of every deal it looks at, and most name one square a side or none:
        those need no sorting.)"""
        until = self._refused.get((recipient, tuple(give) if len(give) < 2 else tuple(sorted(give)),
                                   tuple(take) if len(take) < 2 else tuple(sorted(take))))
        return until is not None and self.turn < until

    def held_lately(self, square: int, player: int) -> bool:
        """True when the table's manners would hold back a deal handing ``square`` to ``player``, who
        held it lately (``Manners.held_until``; always False for a seat that keeps no manners): a
        strategy leaves such deals out of its search."""
        return self._held is not None and self._held(self, square, player) > self.turn

    def held_until(self, square: int, player: int) -> int:
        """The turn from which a deal may hand ``square`` to ``player`` again (``held_lately``)."""
        return self._held(self, square, player) if self._held is not None else 0

    def hands_back(self, partner: int, give: tuple[int, ...], take: tuple[int, ...]) -> bool:
        """True when a deal with ``partner`` (``give`` to it, ``take`` from it) would hand a deed back
        to a player who held it lately (``held_lately``)."""
        held = self._held
        if held is None:
            return False
        turn = self.turn
        for s in give:
            if held(self, s, partner) > turn:
                return True
        me = self.seat
        for s in take:
            if held(self, s, me) > turn:
                return True
        return False


__all__ = ["Auction", "Claim", "GameView", "K", "NOBODY", "Offer", "Pending", "RefusalKey", "pending_of"]
