"""The messages: what happened, newest last, and the rent that is owed and can be claimed."""

from __future__ import annotations

from ...engine import Game
from ...present import model as M
from ..layout import Layout
from ..paint import wrap
from .displayable import Displayable

class Messages(Displayable):
    """The log of the game with the claims of rent above it (or in a notice area of their own)."""

    def draw(self, lay: Layout) -> None:
        self.draw_panel(lay, *self.game_and_ui())

    def draw_panel(self, lay: Layout, game: Game, ui: M.UIState) -> None:
        t = self.theme
        r = lay.log
        notices = M.claims_lines(game, self.canvas.people)
        if lay.notice is not None:
            n = lay.notice
            y = n.y
            for text in notices:
                for part in wrap(text, n.w):
                    if y < n.bottom:
                        self.put(y, n.x, part, t("rent"), n.w)
                        y += 1
            notices = []
        lines: list[tuple[str, str]] = []
        for text in notices:
            lines += [(part, "rent") for part in wrap(text, r.w)]
        lines += M.log_lines(ui.messages, r.w, r.h - len(lines))
        y = r.y
        for text, role in lines[: r.h]:
            self.put(y, r.x, text, t(role), r.w)
            y += 1
