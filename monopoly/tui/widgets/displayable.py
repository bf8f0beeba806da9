"""The one drawing contract of the screen's regions (ranger's ``Displayable``).

A widget is built over the screen (any object with the ``Canvas`` shape, so the widgets need not
import the screen that holds them) and draws its region with ``draw(lay)``: from the game and the
UI state only, clipped by the screen's one drawing helper ``put``. Nothing is kept between two
draws, so a resize or Ctrl-L redraws every widget from the same state.
"""

from __future__ import annotations

from typing import Protocol

from ...engine import Game
from ...present import model as M
from ...session.options import Option
from ..layout import Layout, Rect
from ..paint import Glyphs, SetupView
from ..theme import Theme


class Canvas(Protocol):
    """What a widget reads and draws on: the screen's state and its drawing helpers."""

    @property
    def theme(self) -> Theme: ...
    @property
    def glyphs(self) -> Glyphs: ...
    @property
    def game(self) -> Game | None: ...
    @property
    def ui(self) -> M.UIState | None: ...
    @property
    def people(self) -> list[int]: ...
    @property
    def computers(self) -> set[int] | None: ...
    @property
    def options(self) -> tuple[Option, ...]: ...
    @property
    def enabled(self) -> dict[str, bool]: ...
    @property
    def bar_active(self) -> bool: ...
    @property
    def setup(self) -> SetupView | None: ...

    def put(self, y: int, x: int, text: str, attr: int = 0, width: int | None = None) -> int: ...
    def fill(self, rect: Rect, attr: int = 0) -> None: ...
    def box(self, rect: Rect, attr: int = 0, title: str = "", title_attr: int | None = None) -> None: ...


class Displayable:
    """A region of the screen: ``draw(lay)`` draws it from the screen's state.

    The screen's state and helpers are read through here, so a widget's code reads as the screen's
    did (``self.put``, ``self.theme``, ``self.ui``) while it owns none of them.
    """

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas

    def draw(self, lay: Layout) -> None:
        raise NotImplementedError

    # The screen's state, read only
    @property
    def theme(self) -> Theme:
        return self.canvas.theme

    @property
    def glyphs(self) -> Glyphs:
        return self.canvas.glyphs

    @property
    def game(self) -> Game | None:
        return self.canvas.game

    @property
    def ui(self) -> M.UIState | None:
        return self.canvas.ui

    def put(self, y: int, x: int, text: str, attr: int = 0, width: int | None = None) -> int:
        return self.canvas.put(y, x, text, attr, width)

    def fill(self, rect: Rect, attr: int = 0) -> None:
        self.canvas.fill(rect, attr)

    def box(self, rect: Rect, attr: int = 0, title: str = "", title_attr: int | None = None) -> None:
        self.canvas.box(rect, attr, title, title_attr)

    def game_and_ui(self) -> tuple[Game, M.UIState]:
        """The game and the UI state, for the widgets of the game screen (drawn only with both)."""
        game, ui = self.canvas.game, self.canvas.ui
        assert game is not None and ui is not None
        return game, ui
