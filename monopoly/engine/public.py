"""What everyone at the table sees of a game, and a copy of a game built from it alone.

The state of a game is public but for the order of the two decks; the dice generator is not in the
state at all. ``public_state`` is the state with the decks' order hidden (each deck as its cards in
index order: which cards are in it is known to all, since the Get Out of Jail Free cards held are
on the table). A client of a game played elsewhere (``monopoly join``) keeps a ``replica``: a
``Game`` set to that public state and followed from one public state to the next (``follow``). It
answers every question a screen asks (``game.view``: what is pending, the legal actions, rents,
prices) exactly as the game played elsewhere does; it never applies an action, and its dice
(``HiddenDice``) refuse to be thrown, so a replica that tried would fail loudly instead of
inventing a throw.
"""

from __future__ import annotations

from typing import Any

from .codes import DecisionKind as K
from .dice import DiceSource
from .editions import Edition
from .errors import SaveFormatError
from .invariants import InvariantError, check_state
from .rules import Rules
from .serial import from_plain, to_plain
from .state import Decision, GameState

__all__ = ["HiddenDice", "follow", "public_state", "replica"]


class HiddenDice(DiceSource):
    """The dice of a replica: they belong to the game played elsewhere and cannot be thrown here."""

    def roll(self) -> tuple[int, int]:
        raise RuntimeError("a replica of a game played elsewhere never throws the dice")

    def shuffle(self, items: list[Any]) -> None:
        raise RuntimeError("a replica of a game played elsewhere never shuffles")

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "hidden"}


def public_state(game: Any) -> dict[str, Any]:
    """The game's state as plain data with the decks' order hidden (sorted)."""
    plain: dict[str, Any] = to_plain(game.state)
    plain["decks"] = [sorted(deck) for deck in plain["decks"]]
    return plain


def _state(game_edition: Edition, rules: Rules, data: Any) -> GameState:
    state: GameState = from_plain(GameState, data, "state")
    if state.edition != game_edition.id:
        raise SaveFormatError(f"state.edition: {state.edition!r}, not this game's {game_edition.id!r}")
    return state


def replica(edition: Edition, rules: Rules, data: Any) -> Any:
    """A ``Game`` in the public state ``data`` (``public_state``), checked like a saved game's state:
    ``SaveFormatError`` says what is wrong with data that is not a game's state."""
    from .game import Game
    game = Game(edition, rules, _state(edition, rules, data), HiddenDice(), keep_log=True)
    game.disable_undo()
    _checked(game)
    return game


def follow(game: Any, data: Any) -> None:
    """Set ``game`` (a ``replica``) to the next public state. A decision still waiting keeps its
    number (``view.pending.serial``), as it does in the game played elsewhere, so a screen can tell
    a new question from the same one asked on (an auction's next bidder, a debt partly raised);
    ``SaveFormatError`` for data that is not a game's state (the replica is then unchanged)."""
    new = _state(game.edition, game.rules, data)
    old = game.state
    for mine, theirs in zip(old.stack, new.stack):
        if _same_decision(mine, theirs):
            theirs.serial = mine.serial
    game.state = new
    game.forget_history()
    try:
        check_state(game)
    except InvariantError as exc:
        game.state = old
        game.forget_history()
        raise SaveFormatError(f"state: {exc}") from None


def _same_decision(a: Decision, b: Decision) -> bool:
    """One decision still waiting: an auction of the same item (its bids and bidder asked move on),
    else the same question in every part."""
    if a.kind != b.kind:
        return False
    if a.kind == K.AUCTION:
        return (a.auction is not None and b.auction is not None and a.auction.item == b.auction.item
                and a.auction.square == b.auction.square and a.square == b.square)
    return a == b


def _checked(game: Any) -> None:
    try:
        check_state(game)
    except InvariantError as exc:
        raise SaveFormatError(f"state: {exc}") from None
