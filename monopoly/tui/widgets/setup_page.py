"""The set-up screens: a title, the answers so far, and a list to choose from."""

from __future__ import annotations

from ..layout import Layout, Rect
from ..paint import SetupView, wrap
from .displayable import Canvas, Displayable
from .popup import PopupBox
from .prompt import PromptLine

class SetupPage(Displayable):
    """The whole screen while the game is set up (or before there is a game)."""

    def __init__(self, canvas: Canvas, popup: PopupBox, prompt: PromptLine) -> None:
        super().__init__(canvas)
        self.popup = popup
        self.prompt = prompt

    def draw(self, lay: Layout) -> None:
        t = self.theme
        view = self.canvas.setup or SetupView("MONOPOLY", [])
        title = " MONOPOLY " if not view.title else f" MONOPOLY - {view.title} "
        self.put(0, 0, title.ljust(lay.cols), t("bar"))
        top = 2
        room = lay.rows - 4
        lines: list[tuple[str, str]] = []
        for text, role in view.lines:
            parts = wrap(text, max(20, lay.cols - 4), subsequent_indent="  ") if text else [""]
            lines += [(part, role) for part in parts]
        items = view.items
        if items is not None:
            room_lines = max(0, room - min(len(items), room // 2 + 1) - 1)
        else:
            room_lines = room
        shown = lines[-room_lines:] if room_lines else []
        y = top
        for text, role in shown:
            self.put(y, 2, text, t(role), lay.cols - 4)
            y += 1
        if items is not None:
            detail: list[str] = []
            if view.details and 0 <= view.selected < len(view.details):
                for text in view.details[view.selected]:
                    detail += wrap(text, max(20, lay.cols - 6), subsequent_indent="  ")
            y += 1
            space = max(1, lay.rows - 2 - y - (len(detail) + 1 if detail else 0))
            first = max(0, min(view.selected - space // 2, len(items) - space))
            for i in range(first, min(len(items), first + space)):
                attr = t("cursor") if i == view.selected else t("message")
                mark = self.glyphs.arrow if i == view.selected else " "
                self.put(y, 2, f"{mark} {items[i]}".ljust(lay.cols - 4), attr, lay.cols - 4)
                y += 1
            if detail:
                y += 1
                for line in detail[: max(0, lay.rows - 2 - y)]:
                    self.put(y, 4, line, t("dim"), lay.cols - 6)
                    y += 1
        if self.ui is not None and self.ui.popup is not None:  # ? inside a set-up question
            self.fill(Rect(1, 0, lay.rows - 2, lay.cols))
            self.popup.show(lay, self.ui.popup)
        self.prompt.draw_line(lay)
