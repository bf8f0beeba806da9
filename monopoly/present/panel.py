"""The side panel's lists, as plain text: the players with their cash, one player's holdings,
every property's owner, rent waiting to be claimed and the clock of the time-limit game.

Hidden cash (``UIState.show_cash`` off) stays hidden in every list here, so no front end shows it
by mistake.
"""

from __future__ import annotations

from ..engine import NOBODY, Game
from ..session.model import UIState
from ..session.questions import clock_text
from ..session.words import BANK_VALUE, label, name


def panel_player(game: Game, ui: UIState) -> int:
    """The player the side panel is about: the one whose move is on show, else whose turn it is."""
    return ui.panel_player if ui.panel_player is not None else game.view.current_player


def claims_lines(game: Game, people: list[int]) -> list[str]:
    """Rent that can be claimed now; people are reminded to press R."""
    out = []
    for c in game.view.claims():
        who = name(game, c.owner)
        hint = " - press R" if c.owner in people else ""
        out.append(f"{who} may claim {game.view.money(c.amount)} from {name(game, c.payer)}{hint}")
    return out


def player_summary(game: Game, ui: UIState, p: int) -> str:
    pl = game.view.player(p)
    if pl.bankrupt:  # no token any more, and the word fits where the cash stood (80 columns)
        return f"{p + 1} {pl.name:<7} bankrupt"
    cash = game.view.money(pl.cash) if ui.show_cash else "---"
    jail = " J" if pl.in_jail else ""
    return f"{p + 1} {pl.name:<7} {cash:>8}{jail}"


def player_entry(game: Game, ui: UIState, p: int, width: int) -> str:
    """A player in the narrow two-column list (many players in a small terminal), ``width`` wide.

    The cash is what players look for, so it is shown whole and the name gives way: "1 Charl $1,500".
    """
    pl = game.view.player(p)
    if pl.bankrupt:
        right = "out"
    else:
        right = game.view.money(pl.cash) if ui.show_cash else ""
    left = f"{p + 1} {pl.name}"
    room = width - len(right) - 1 if right else width
    if room < 1:
        return right[:width]
    return (left[:room].ljust(room) + (" " + right if right else ""))[:width]


def owners_rows(game: Game) -> list[tuple[str, str]]:
    """Every property with its owner's number; mortgaged ones marked."""
    rows = []
    view = game.view
    for i in game.edition.properties:
        sq = game.edition.squares[i]
        owner = view.owner(i)
        who = str(owner + 1) if owner != NOBODY else "-"
        if view.mortgaged(i):
            rows.append((f"{who} {sq.name} (M)", "mortgaged"))
        else:
            build = ""
            if view.hotel(i):
                build = " +hotel"
            elif view.houses(i):
                build = f" +{view.houses(i)}h"
            rows.append((f"{who} {sq.name}{build}", "message" if owner != NOBODY else "dim"))
    return rows


def holdings_lines(game: Game, ui: UIState, p: int) -> list[tuple[str, str]]:
    """One player's cash, property value, jail cards and properties."""
    view = game.view
    pl = view.player(p)
    token = ui.tokens[p] if p < len(ui.tokens) else ""
    out = [(f"{label(game, p)} ({token})" + ("  BANKRUPT" if pl.bankrupt else ""), "title")]
    if ui.show_cash:
        out.append((f"Cash {game.view.money(pl.cash)}   {BANK_VALUE} {game.view.money(view.property_value(p))}", "message"))
    else:  # hidden cash stays hidden here too (C shows it)
        out.append(("Cash and bank value hidden (C shows them)", "dim"))
    if pl.jail_cards:
        out.append((f"Get Out of Jail Free cards: {len(pl.jail_cards)}", "message"))
    if pl.in_jail:
        out.append(("In jail", "bad"))
    owned = view.owned(p)
    if not owned:
        out.append(("No properties", "dim"))
    for i in owned:
        sq = game.edition.squares[i]
        extra = ""
        houses = view.houses(i)
        if view.mortgaged(i):
            extra = "  mortgaged"
        elif view.hotel(i):
            extra = "  hotel"
        elif houses:
            extra = f"  {houses} house{'s' if houses > 1 else ''}"
        out.append((f"  {sq.name}{extra}", "mortgaged" if view.mortgaged(i) else "message"))
    return out


def clock_line(game: Game, ui: UIState) -> str | None:
    """The clock of the time-limit game (time left, counting down between engine updates), else None."""
    left = game.view.seconds_left()
    if left is None:
        return None
    shown = max(0, game.rules.time_limit_minutes * 60 - int(ui.elapsed))
    return f"Clock {clock_text(min(left, shown))}"
