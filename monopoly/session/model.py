"""The screen's state: what the screen shows besides the game itself, kept by the session.

The session keeps the messages it says, the popup it opens, the dice and card on show and who is a
person at the keyboard; part of it (tokens, settings, the clock) is saved with the game. How any of
it is shown, as text, is the presentation layer's (``monopoly.present``): the session imports
nothing above it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from ..engine import Game

MAX_MESSAGES = 300


@dataclass
class Message:
    text: str
    role: str = "message"  # a theme role: message, good, bad, rent, title


@dataclass
class Popup:
    title: str
    lines: list[tuple[str, str]]  # (text, theme role)
    footer: str = "press any key"
    where: str = "center"  # "center" over the board, or "side": the right of the ring's inside
    indent: int = 2  # where wrapped lines continue


@dataclass
class UIState:
    """What the screen shows besides the game itself; small, and saved in part with the game."""

    tokens: list[str]
    fastmove: bool = False
    show_cash: bool = True
    show_chances: bool = False  # each player's estimated chance of winning in the players list (W)
    elapsed: float = 0.0  # seconds of play so far (the clock of the time-limit game)
    bar_index: int = 0
    messages: list[Message] = field(default_factory=list)
    display_pos: dict[int, int] = field(default_factory=dict)  # token positions while animating
    cursor: int | None = None  # a board cursor (trade, mortgage, houses ...)
    cursor_title: str = ""
    marked: set[int] = field(default_factory=set)  # squares chosen with the cursor so far
    candidates: tuple[int, ...] = ()  # where the cursor may go
    prompt: str | None = None
    prompt_input: str = ""
    prompt_error: str = ""
    hint: str = ""
    popup: Popup | None = None
    dice: tuple[int, int] | None = None
    card: tuple[str, str] | None = None  # (deck name, text) of the card just drawn
    auction_left: float | None = None  # the asked bidder's countdown (0: waiting; silence drops nobody out)
    deferred: tuple[Any, ...] | None = None  # a question put off with ESC: do not ask again at once
    save_name: str | None = None  # the name the game was last saved under (kept in the autosave too)
    # Whose turn the side panel shows while a move is on show (the engine has moved on to the next
    # player's turn by then); None: whose turn it is.
    panel_player: int | None = None
    # The estimated chances of winning the players list shows (``show_chances``), in seat order, as
    # the session last gave them (after each action); empty: none to show.
    chances: tuple[float, ...] = ()

    def say(self, text: str, role: str = "message") -> None:
        self.messages.append(Message(text, role))
        del self.messages[:-MAX_MESSAGES]

    def settings(self) -> dict[str, Any]:
        """The part of the UI state kept in a save file."""
        data: dict[str, Any] = {"tokens": list(self.tokens), "fastmove": self.fastmove,
                                "show_cash": self.show_cash, "elapsed": round(self.elapsed, 1)}
        if self.show_chances:  # written only when on, so older saves and versions read the same
            data["show_chances"] = True
        if self.save_name:  # a game resumed through its autosave still offers its own name at Save
            data["save_name"] = self.save_name
        return data

    @classmethod
    def from_settings(cls, data: dict[str, Any], game: Game) -> "UIState":
        tokens = list(data.get("tokens") or default_tokens(game, game.view.player_count))
        ui = cls(tokens=tokens, fastmove=bool(data.get("fastmove", False)),
                 show_cash=bool(data.get("show_cash", True)), show_chances=data.get("show_chances") is True)
        ui.elapsed = max(float(data.get("elapsed", 0)), float(game.view.clock_seconds))
        name = data.get("save_name")
        ui.save_name = name if isinstance(name, str) and name.isprintable() and len(name) <= 64 else None
        return ui


def default_tokens(game: Game, n: int) -> list[str]:
    tokens = list(game.edition.tokens)
    return [tokens[i % len(tokens)] for i in range(n)]


def persons(game: Game, computer_seats: Iterable[int]) -> list[int]:
    comp = set(computer_seats)
    return [p for p in game.view.active_players() if p not in comp]
