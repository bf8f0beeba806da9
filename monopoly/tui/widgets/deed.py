"""The card inside the ring: the title deed of the square in focus, or the card just drawn."""

from __future__ import annotations

from ...engine import Game
from ...present import model as M
from ..layout import Layout, Rect
from ..paint import wrap
from .displayable import Displayable

class DeedCard(Displayable):
    """A Chance or Community Chest card while one is read (and no cursor is out), else a deed."""

    def draw(self, lay: Layout) -> None:
        game, ui = self.game_and_ui()
        if ui.card is not None and ui.cursor is None:
            self.card(lay.deed, *ui.card)
        else:
            self.deed(lay.deed, game, M.focus_square(game, ui))

    def deed(self, rect: Rect, game: Game, square: int) -> None:
        t = self.theme
        card = M.deed_card(game, square)
        self.box(rect, t("frame"))
        inner_w = rect.w - 2
        head = card.title.center(inner_w)[:inner_w]
        self.put(rect.y + 1, rect.x + 1, head, t.group(card.group_colour) if card.group_colour else t("title"))
        footer = [part for note in card.footer for part in wrap(note, inner_w - 2)]
        used = 1 + (1 if card.owner_line else 0) + len(card.lines) + len(footer)
        gap = 1 if rect.h - 2 - used >= 3 else 0  # a larger card spaces its parts out
        y = rect.y + 2 + gap
        if card.owner_line:
            role = "mortgaged" if "MORTGAGED" in card.owner_line else ("owner" if "Owner" in card.owner_line else "good")
            self.put(y, rect.x + 2, card.owner_line, t(role), inner_w - 2)
            y += 1 + gap
        for text, amount, applies in card.lines:
            if y >= rect.bottom - 1:
                break
            line = M.deed_line(text, amount, inner_w)
            self.put(y, rect.x + 1, line, t("deed_highlight") if applies else t("deed"), inner_w)
            y += 1
        y += gap
        for part in footer:
            if y >= rect.bottom - 1:
                break
            self.put(y, rect.x + 2, part, t("dim"))
            y += 1

    def card(self, rect: Rect, deck: str, text: str) -> None:
        t = self.theme
        self.box(rect, t("title"))
        inner_w = rect.w - 2
        self.put(rect.y + 1, rect.x + 1, deck.upper().center(inner_w), t("title"))
        y = rect.y + 3
        for part in wrap(text, inner_w - 2):
            if y >= rect.bottom - 1:
                break
            self.put(y, rect.x + 2, part, t("message"))
            y += 1
