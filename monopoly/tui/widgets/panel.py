"""The panel inside the ring: the player in focus, the squares ahead of them, and everyone."""

from __future__ import annotations

from ...engine import Game
from ...present import model as M
from ...session.coaching import chance_text
from ..layout import Layout
from .displayable import Displayable

class PlayerStatus(Displayable):
    """The player in focus: name, token, cash, the dice, the turn and the clock."""

    def draw(self, lay: Layout) -> None:
        self.draw_panel(lay, *self.game_and_ui())

    def draw_panel(self, lay: Layout, game: Game, ui: M.UIState) -> None:
        t = self.theme
        r = lay.status
        p = M.panel_player(game, ui)
        pl = game.view.player(p)
        token = ui.tokens[p] if p < len(ui.tokens) else ""
        computer = p in self.canvas.computers if self.canvas.computers is not None else p not in self.canvas.people
        who = " (computer)" if computer else ""
        self.put(r.y, r.x, f"{p + 1} {pl.name}", t("title"), r.w)
        self.put(r.y, r.x + len(pl.name) + 3, f"{token}{who}", t("message"), r.w - len(pl.name) - 3)
        if ui.show_cash:
            self.put(r.y + 1, r.x, f"Cash {game.view.money(pl.cash)}  {M.BANK_VALUE} {game.view.money(game.view.property_value(p))}",
                     t("good"), r.w)
        else:
            self.put(r.y + 1, r.x, "Cash hidden (C shows it)", t("dim"), r.w)
        x = r.x
        if ui.dice is not None:
            a, b = ui.dice
            x += self.put(r.y + 2, x, f" {a} ", t("dice"))
            x += 1
            x += self.put(r.y + 2, x, f" {b} ", t("dice"))
            x += 2
        turn = f"Turn {game.view.turn}"
        if pl.in_jail:
            turn += "  IN JAIL"
        self.put(r.y + 2, x, turn, t("message"), r.right - x)
        clock = M.clock_line(game, ui)
        if clock is not None:
            self.put(r.y + 3, r.x, clock, t("clock"), r.w)


class Ahead(Displayable):
    """The squares the player in focus may land on next, and what each would cost."""

    def draw(self, lay: Layout) -> None:
        self.draw_panel(lay, *self.game_and_ui())

    def draw_panel(self, lay: Layout, game: Game, ui: M.UIState) -> None:
        t = self.theme
        r = lay.ahead
        here = M.position_of(game, ui, M.panel_player(game, ui))
        self.put(r.y, r.x, "Ahead:", t("dim"))
        name_w = 8 if r.w < 50 else 22  # full names where there is room
        for k, (sq, status) in enumerate(M.ahead(game, here, min(8, r.h - 1), max(0, r.w - name_w - 1))):
            c = M.cell(game, sq)
            y = r.y + 1 + k
            shown = c.name if name_w == 8 else game.edition.squares[sq].name[:name_w]
            self.put(y, r.x, f"{shown:<{name_w}}", t.group(c.group_colour) if c.group_colour else t("square"))
            self.put(y, r.x + name_w + 1, status, t("message"), r.w - name_w - 1)


class Players(Displayable):
    """Every player a line (two where there is room), or two columns of short entries."""

    def draw(self, lay: Layout) -> None:
        self.draw_panel(lay, *self.game_and_ui())

    def draw_panel(self, lay: Layout, game: Game, ui: M.UIState) -> None:
        t = self.theme
        r = lay.players
        if r.h <= 0:
            return
        n = game.view.player_count
        # Two lines a player (the token, the bank value) in the side panel, or where a tall screen has room.
        wide = (lay.side is not None and r == lay.side) or (lay.cell_h >= 3 and r.h >= 1 + 2 * n)
        y = r.y
        if wide or r.h > n:
            self.put(y, r.x, "Players", t("dim"))
            y += 1
        if n <= r.h - (y - r.y) or wide:
            for p in range(n):
                if y >= r.bottom:
                    break
                attr = self.player_attr(game, p)
                self.put(y, r.x, M.player_summary(game, ui, p)[: r.w].ljust(min(r.w, 24)), attr, r.w)
                figure = self.chance(game, ui, p)
                if figure and r.w >= 25:  # after the cash (and jail's J): "1 Ann       $1,500 J  34%"
                    self.put(y, r.x + min(r.w, 26) - len(figure), figure, self.theme("good"), len(figure))
                y += 1
                if wide and y < r.bottom:
                    pl = game.view.player(p)
                    if not pl.bankrupt:
                        extra = ui.tokens[p] if p < len(ui.tokens) else ""
                        if ui.show_cash:
                            extra += f"  {M.BANK_VALUE.lower()} {game.view.money(game.view.property_value(p))}"
                        if pl.jail_cards:
                            extra += f"  cards {len(pl.jail_cards)}"
                        self.put(y, r.x + 2, extra, t("dim"), r.w - 2)
                        y += 1
            return
        # two columns of short entries
        half = (r.w - 1) // 2
        rows = r.bottom - y
        for p in range(n):
            col, row = divmod(p, rows)
            figure = self.chance(game, ui, p)
            room = half - len(figure) - 1 if figure and half >= 12 else half
            entry = M.player_entry(game, ui, p, room)
            if room < half:
                entry = entry.ljust(room) + " " + figure
            self.put(y + row, r.x + col * (half + 1), entry, self.player_attr(game, p))

    @staticmethod
    def chance(game: Game, ui: M.UIState, p: int) -> str:
        """``p``'s estimated chance of winning as the list shows it (W), or "" when not shown."""
        if not ui.show_chances or p >= len(ui.chances) or game.view.bankrupt(p):
            return ""
        return chance_text(ui.chances[p])

    def player_attr(self, game: Game, p: int) -> int:
        t = self.theme
        if game.view.bankrupt(p):
            return t("dim")
        if p == game.view.current_player:
            return t("current")
        return t("message")
