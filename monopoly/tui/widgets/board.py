"""The ring of forty squares: each one's name in its group's colour, its owner, buildings and tokens."""

from __future__ import annotations

from ...engine import NOBODY, Game
from ...present import model as M
from ..layout import Layout
from .displayable import Displayable

class Board(Displayable):
    """The squares of the board, the cursor's and the marked ones lit."""

    def draw(self, lay: Layout) -> None:
        self.draw_cells(lay, *self.game_and_ui())

    def draw_cells(self, lay: Layout, game: Game, ui: M.UIState) -> None:
        t = self.theme
        current = game.view.current_player
        for sq in range(40):
            rect = lay.cell(sq)
            c = M.cell(game, sq, ui.display_pos)
            kind = game.edition.squares[sq].kind
            if ui.cursor == sq:
                name_attr = t("cursor")
            elif sq in ui.marked:
                name_attr = t("marked")
            elif c.group_colour:
                name_attr = t.group(c.group_colour)
            elif kind in ("go", "jail", "free_parking", "go_to_jail"):
                name_attr = t("corner")
            else:
                name_attr = t("square")
            width = rect.w - 1  # one column of space between cells
            arrow = self.glyphs.arrow if ui.cursor == sq else ""
            name_lines = M.cell_name_lines(game, sq, width - len(arrow), max(1, rect.h - 2))
            shared = rect.h < 3  # the marks and the tokens on one line
            if rect.h >= 4:
                # A name one line too long for its two lines ("NORTH / CAROLINA / AVENUE") is written
                # whole on three, the marks then sharing the last line with the tokens.
                longer = M.cell_name_lines(game, sq, width - len(arrow), rect.h - 1)
                if len(longer) > len(name_lines) and len(longer) > rect.h - 2:
                    name_lines, shared = longer, True
            for k, line in enumerate(name_lines):
                self.put(rect.y + k, rect.x, ((arrow if k == 0 else "") + line).ljust(width), name_attr)
            if shared:
                self._draw_status_marks(rect.y + rect.h - 1, rect.x, width, c, current)
            else:
                marks_y = rect.y + max(1, rect.h - 2)
                self._draw_status_marks(marks_y, rect.x, width, M.Cell(
                    c.name, c.group_colour, c.owner, c.mortgaged, c.houses, c.hotel, (), (), c.offline), current)
                self._draw_status_marks(marks_y + 1, rect.x, width, M.Cell(
                    c.name, "", NOBODY, False, 0, False, c.tokens, c.jailed), current)

    def _draw_status_marks(self, y: int, x: int, width: int, c: M.Cell, current: int) -> None:
        """The status line of a cell, each mark in its own colour."""
        t = self.theme
        text = c.status(width)
        self.put(y, x, text, t("square"))
        pos = 0
        if c.owner != NOBODY:
            mark = text[:len(str(c.owner + 1)) + (len(M.MORTGAGE_MARK) if c.mortgaged else 0)]
            self.put(y, x, mark, t("mortgaged") if c.mortgaged else t("owner"))
            pos = len(mark)
        # buildings
        i = text.find("H", pos)
        if c.hotel and i >= 0:
            self.put(y, x + i, "H", t("hotel"))
        elif c.houses:
            i = text.find("h", pos)
            if i >= 0:
                self.put(y, x + i, text[i:i + c.houses], t("house"))
        # tokens, right-aligned after their sign ("@13", a prisoner "#2"): never a bare number
        marks = c.token_marks(width)
        start = x + width - len(marks)
        for k, (ch, p) in enumerate(marks):
            if p is None:
                attr = t("jailed") if ch == M.PRISONER_MARK else t("token")
            elif p in c.jailed:
                attr = t("jailed")
            elif p == current:
                attr = t("token_current")
            else:
                attr = t("token")
            self.put(y, start + k, ch, attr)
