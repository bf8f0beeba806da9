"""The coach's figures, asked in one place by every front end: each player's estimated chance of
winning (``win_chances``), how an offer being drawn up would move them (``offer_chances``) and the
hint for a seat's decision (``hint``).

``Session`` and the network seat's ``net.remote.RemoteSession`` answer these through their own game:
the local game, or the replica a network seat keeps of the public state the server sends. Either way
the figures are made from ``seat``'s view (``ai.view.GameView``) and the ``ai.chances`` snapshot of
it, which reads cash, deeds, buildings, tokens and jail only: never the deck order or the dice to
come. The curses screen's players list and trade panel, its hint pop-up, the text mode's ``odds``
and ``hint`` all come through here, so the figures cannot differ between front ends.
"""

from __future__ import annotations

from typing import Sequence

from ..ai.chances import Estimator, Snapshot
from ..ai.coach import Hint, hint_lines
from ..ai.coach import hint as coach_hint
from ..ai.view import GameView
from ..engine import NOBODY, Game, Offer


def _view(game: Game, seat: int | None) -> GameView:
    """``seat``'s view; a spectator (None) sees what the player whose turn it is sees of the public state."""
    view = game.view
    if seat is None or not 0 <= seat < view.player_count:
        seat = view.current_player if view.current_player != NOBODY else 0
    return GameView(game, seat)


def win_chances(game: Game, seat: int | None = None) -> tuple[float, ...]:
    """Each seat's estimated chance of winning as ``seat`` sees the game, in seat order (0 for a
    player out); they add up to 1."""
    view = _view(game, seat)
    return tuple(Estimator.of(view).chances(Snapshot.of(view)))


def offer_chances(game: Game, seat: int | None, offer: Offer) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """The chances now and as they would be were ``offer`` made and accepted as it stands (deeds,
    cash and jail cards changing hands; a mortgaged deed costs its new owner the interest)."""
    view = _view(game, seat)
    estimator = Estimator.of(view)
    snap = Snapshot.of(view)
    cards = len(offer.give_cards) - len(offer.take_cards)
    after = snap.traded(offer.proposer, offer.recipient, offer.give, offer.take, offer.cash, cards,
                        estimator.tables)
    return tuple(estimator.chances(snap)), tuple(estimator.chances(after))


def chance_text(chance: float) -> str:
    """A chance as the screen shows it, in at most four characters: "34%", "<1%" for a player
    still in with almost none, ">99%" for one all but sure to win."""
    if chance <= 0:
        return "0%"
    if chance < 0.005:
        return "<1%"
    if chance > 0.995 and chance < 1:
        return ">99%"
    return f"{round(100 * chance)}%"


def offer_words(game: Game, offer: Offer, before: Sequence[float], after: Sequence[float]) -> str:
    """How ``offer`` as it stands moves both sides' chances, in a line: "If accepted: Ann 43% -> 51%,
    Bob 28% -> 20% (estimates)"."""
    view = game.view
    parts = [f"{view.name(p)} {chance_text(before[p])} -> {chance_text(after[p])}"
             for p in (offer.proposer, offer.recipient) if p < len(before) and p < len(after)]
    return "If accepted: " + ", ".join(parts) + " (estimates)"


def hint(game: Game, seat: int) -> Hint | None:
    """The coach's hint for ``seat``'s decision now (``ai.coach.hint``), from ``seat``'s view only."""
    return coach_hint(game, seat)


__all__ = ["Hint", "chance_text", "hint", "hint_lines", "offer_chances", "offer_words", "win_chances"]
