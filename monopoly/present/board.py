"""What a board square shows, as plain text: its name lines, its marks and who stands on it.

The curses board draws these cells and the text mode prints them; both read the marks from here, so
the help page's legend (``MARKS_LEGEND``) and the board agree. Also the few squares ahead of a
token, each with a short state, for the side panel.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from typing import Iterable

from ..engine import BOARD_SIZE, NOBODY, Game
from ..session.model import UIState
from ..session.words import name


# The marks of a board square. Owners and tokens are both player numbers, so the tokens carry a sign
# of their own: "3    @3" is "owned by player 3, player 3 stands here", with or without colours.
TOKEN_MARK = "@"  # before the numbers of the players standing on a square
PRISONER_MARK = "#"  # before the numbers of the players in jail (the Jail square only)
MORTGAGE_MARK = "m"  # after the owner's number
OFFLINE_MARK = "~"  # the .com Offline token

# What a square's marks say: the help page and docs/playing.md show this table.
MARKS_LEGEND: tuple[tuple[str, str], ...] = (
    ("3", "a number alone: the owner, player 3"),
    (f"3{MORTGAGE_MARK}", f"the owner's number then {MORTGAGE_MARK}: mortgaged"),
    ("hhh H", "houses (an h each), a hotel"),
    (f"{TOKEN_MARK}13", f"after {TOKEN_MARK}: the tokens there, players 1 and 3 (whose turn it is: highlighted)"),
    (f"{PRISONER_MARK}2", f"after {PRISONER_MARK}: in jail, player 2 (on the Jail square)"),
    (OFFLINE_MARK, "the Offline token (.com rule): no rent there"),
)


@dataclass(frozen=True)
class Cell:
    """What one board square shows: its name line and a status line of marks."""

    name: str
    group_colour: str  # the edition's colour of the group ("" for no colour group)
    owner: int  # NOBODY when unowned
    mortgaged: bool
    houses: int
    hotel: bool
    tokens: tuple[int, ...]  # players on the square (not in jail)
    jailed: tuple[int, ...]  # players in jail (square 10 only)
    offline: bool = False

    def token_marks(self, width: int) -> list[tuple[str, int | None]]:
        """Who stands here in at most ``width`` columns, a character at a time with its player
        (None for a sign): "#2" for a prisoner, then "@13" for players 1 and 3; "+" ends a cut list."""
        marks: list[tuple[str, int | None]] = []
        for sign, players in ((PRISONER_MARK, self.jailed), (TOKEN_MARK, self.tokens)):
            if players:
                marks.append((sign, None))
                marks += [(str(p + 1), p) for p in players]
        if len(marks) > width:
            marks = marks[: max(0, width - 1)] + [("+", None)]
        return marks[:width] if width > 0 else []

    def status(self, width: int) -> str:
        """The status line as text: owner mark, buildings, tokens (tokens win when space is short)."""
        left = ""
        if self.owner != NOBODY:
            left = str(self.owner + 1) + (MORTGAGE_MARK if self.mortgaged else "")
        if self.hotel:
            left += " H" if left else "H"
        elif self.houses:
            left += (" " if left else "") + "h" * self.houses
        if self.offline:
            left += OFFLINE_MARK
        toks = "".join(ch for ch, _ in self.token_marks(width))
        # The tokens' sign keeps them apart from the marks on their left: no space needed between.
        room = width - len(toks)
        if len(left) > room:
            left = left[: max(0, room)]
        return left.ljust(room) + toks


def cell(game: Game, square: int, positions: dict[int, int] | None = None) -> Cell:
    view = game.view
    sq = game.edition.squares[square]
    group = game.edition.group_of(square)
    colour = group.color if group is not None and sq.kind == "street" else ""
    here = []
    jailed = []
    for pl in view.players():
        if pl.bankrupt:
            continue
        pos = (positions or {}).get(pl.seat, pl.position)
        if pos != square:
            continue
        if pl.in_jail and square == 10 and pl.seat not in (positions or {}):
            jailed.append(pl.seat)
        else:
            here.append(pl.seat)
    offline = view.offline_square == square and sq.is_property
    return Cell(sq.short, colour, view.owner(square), view.mortgaged(square), view.houses(square),
                view.hotel(square), tuple(here), tuple(jailed), offline)


def position_of(game: Game, ui: UIState, player: int) -> int:
    return ui.display_pos.get(player, game.view.position(player))


def focus_square(game: Game, ui: UIState) -> int:
    """The square the title-deed card shows: the cursor's, else the current player's token's."""
    if ui.cursor is not None:
        return ui.cursor
    return position_of(game, ui, game.view.current_player)


def cell_name_lines(game: Game, square: int, width: int, lines: int) -> list[str]:
    """A board cell's name in ``lines`` lines of ``width``: the full name where it fits whole
    (wrapped, capitals as the squares print), else the edition's short name ("PACIFI" at 80 columns).
    Free Parking shows the jackpot waiting there, if any, on its last line."""
    sq = game.edition.squares[square]
    if width <= 0:
        return [""]
    pot = game.view.pot() if sq.kind == "free_parking" else 0
    if pot and lines > 1:
        return _name_lines(sq.name, sq.short, width, lines - 1) + [game.view.money(pot)[:width]]
    return _name_lines(sq.name, sq.short, width, lines)


def _name_lines(name: str, short: str, width: int, lines: int) -> list[str]:
    full = textwrap.wrap(name.upper(), width)
    if full and len(full) <= lines and all(len(part) <= width for part in full) and \
            not any(len(word) > width for word in name.split()):
        return full
    return [short[:width]]


def _fitting(forms: Iterable[str], width: int | None) -> str:
    """The first of ``forms`` (longest first) that fits ``width``; the last one, cut, if none does."""
    listed = list(forms)
    for form in listed:
        if width is None or len(form) <= width:
            return form
    return listed[-1][: max(0, width or 0)]


def ahead(game: Game, square: int, count: int = 4, width: int | None = None) -> list[tuple[int, str]]:
    """The ``count`` squares after ``square``, each with a short state ("for sale", "Bob, 2 houses");
    with ``width``, the longest wording that fits it whole (never a word cut in half)."""
    out = []
    view = game.view
    for k in range(1, count + 1):
        i = (square + k) % BOARD_SIZE
        sq = game.edition.squares[i]
        if not sq.is_property:
            status = ""
            if sq.kind == "tax":
                status = game.view.money(sq.amount)
        elif view.owner(i) == NOBODY:
            price = game.view.money(sq.price)
            status = _fitting((f"for sale {price}", price), width)
        else:
            who = name(game, view.owner(i))
            extra = ""
            if view.mortgaged(i):
                extra = ", mortgaged"
            elif view.hotel(i):
                extra = ", hotel"
            elif view.houses(i):
                extra = f", {view.houses(i)}h"
            short = {", mortgaged": " (m)", ", hotel": " H"}.get(extra, extra)
            status = _fitting((f"sold to {who}{extra}", f"{who}{extra}", f"{who}{short}"), width)
        out.append((i, status))
    return out
