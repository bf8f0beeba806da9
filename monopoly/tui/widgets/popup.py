"""A pop-up box over the board (a list, the help, an auction) or beside it (the offer of a trade)."""

from __future__ import annotations

from ...present import model as M
from ..layout import Layout, Rect
from ..paint import wrap
from .displayable import Displayable

class PopupBox(Displayable):
    """The pop-up of the UI state, if one is open; ``show`` draws a given one."""

    def draw(self, lay: Layout) -> None:
        if self.ui is not None and self.ui.popup is not None:
            self.show(lay, self.ui.popup)

    def show(self, lay: Layout, popup: M.Popup) -> None:
        t = self.theme
        if popup.where == "side":
            # over the right-hand part of the ring's inside, leaving the deed card in view (and the
            # blank columns before the squares on the right)
            area = Rect(lay.inner.y, lay.status.x - 1, lay.inner.h, lay.status.right - lay.status.x + 2)
        else:
            area = lay.board if lay.board.h >= 10 else Rect(1, 0, lay.rows - 2, lay.cols)
        max_h = area.h - 2
        width_cap = area.w - 6
        lines: list[tuple[str, str]] = []
        for text, role in popup.lines:
            parts = wrap(text, width_cap, subsequent_indent=" " * popup.indent) if text else [""]
            lines += [(part.rstrip(), role) for part in parts]
        if len(lines) + (3 if popup.footer else 2) > max_h:
            # Short of room (eight bidders on 80x24): blank spacing lines go before any text is cut.
            lines = [line for line in lines if line[0]]
        widest = max([len(s) for s, _ in lines] + [1])
        columns = 1
        if len(lines) + 3 > max_h and 2 * (widest + 3) + 2 <= area.w:
            columns = 2
        per_col = -(-len(lines) // columns) if lines else 1
        w = min(area.w, max(columns * (widest + 3) + 1, len(popup.title) + 6, len(popup.footer) + 4))
        h = min(max_h, per_col + (3 if popup.footer else 2))
        if popup.where == "side":
            w, h = area.w, area.h
        rect = Rect(area.y + (area.h - h) // 2, area.x + (area.w - w) // 2, h, w)
        if popup.where != "side":
            # Clear the inside of the ring first: scraps of the deed frame and of messages beside a
            # narrower box would read as part of it.
            self.fill(lay.inner)
            self.fill(Rect(rect.y, area.x, rect.h, area.w))
        self.box(rect, t("title"), popup.title, t("title"))
        col_w = (w - 2) // columns
        last_row = rect.bottom - (3 if popup.footer else 2)
        for i, (text, role) in enumerate(lines):
            col, row = divmod(i, per_col)
            y = rect.y + 1 + row
            if y > last_row:
                continue
            self.put(y, rect.x + 2 + col * col_w, text, t(role), col_w - 2)
        if popup.footer:
            self.put(rect.bottom - 2, rect.x + 2, popup.footer, t("dim"), w - 4)
