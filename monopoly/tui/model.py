"""The screen's model: UI state and everything said or shown about the game, as plain text.

Nothing here touches curses. The drawing code asks this module what a board cell says, what the
title-deed card holds, which options have something to do and how an engine event reads as a
message; the tests ask it the same questions directly.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field
from typing import Any, Iterable

from ..engine import BOARD_SIZE, NOBODY, DecisionKind as K, Game, actions as A, describe_decision
from ..words import (buildings_words, card_words, computers_join_text, format_event,  # noqa: F401 (re-exported)
                     item_name, join_words, label, name, names, new_game_text, square_name, tie_note, trade_lines,
                     trade_summary, turn_end_text, valuation_rows)
from .keys import OPTIONS
from .prompt import clock_text

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
    auction_left: float | None = None  # seconds before the asked bidder drops out
    deferred: tuple[Any, ...] | None = None  # a question put off with ESC: do not ask again at once

    def say(self, text: str, role: str = "message") -> None:
        self.messages.append(Message(text, role))
        del self.messages[:-MAX_MESSAGES]

    def settings(self) -> dict[str, Any]:
        """The part of the UI state kept in a save file."""
        return {"tokens": list(self.tokens), "fastmove": self.fastmove, "show_cash": self.show_cash,
                "elapsed": round(self.elapsed, 1)}

    @classmethod
    def from_settings(cls, data: dict[str, Any], game: Game) -> "UIState":
        tokens = list(data.get("tokens") or default_tokens(game, game.view.player_count))
        ui = cls(tokens=tokens, fastmove=bool(data.get("fastmove", False)),
                 show_cash=bool(data.get("show_cash", True)))
        ui.elapsed = max(float(data.get("elapsed", 0)), float(game.view.clock_seconds))
        return ui


def log_lines(messages: list[Message], width: int, room: int) -> list[tuple[str, str]]:
    """The newest messages that fit in ``room`` lines of ``width``, wrapped: (text, theme role).

    Only whole messages are shown: the tail of a wrapped message at the top would read as a
    message of its own. When the newest message alone is too long, its beginning is shown.
    Older plain messages are dimmed, so the newest stands out.
    """
    if room <= 0 or width <= 0:
        return []
    out: list[tuple[str, str]] = []
    for age, msg in enumerate(reversed(messages)):
        parts = textwrap.wrap(msg.text, width, subsequent_indent="  ") or [""]
        role = "dim" if age and msg.role == "message" else msg.role
        if len(out) + len(parts) > room:
            if not out:
                out = [(part, role) for part in parts[:room]]
            break
        out = [(part, role) for part in parts] + out
    return out


def default_tokens(game: Game, n: int) -> list[str]:
    tokens = list(game.edition.tokens)
    return [tokens[i % len(tokens)] for i in range(n)]


def scarce_left_text(game: Game, left: Iterable[tuple[int, int]], hotels: bool, supply: int) -> str:
    """After a shortage auction: the people whose orders were not all met, and what to do."""
    items = [f"{name(game, p)} {buildings_words(c, hotels)}" for p, c in left]
    what = "hotels" if hotels else "houses"
    if supply > 0:
        return f"The auction is over. Still wanted: {join_words(items)}. Build them with Houses (H)."
    return (f"The auction is over and the bank has no {what} left. Still wanted: {join_words(items)}; "
            f"build them with Houses (H) once the bank has {what} again.")


# ---------------------------------------------------------------------------------------- options
def persons(game: Game, computer_seats: Iterable[int]) -> list[int]:
    comp = set(computer_seats)
    return [p for p in game.view.active_players() if p not in comp]


def actions_by_person(game: Game, people: list[int]) -> dict[int, list[Any]]:
    return {p: game.legal_actions(p) for p in people}


def option_enabled(game: Game, people: list[int], legal: dict[int, list[Any]] | None = None) -> dict[str, bool]:
    """Which options of the bar have something to do now (the others are shown dimmed)."""
    if game.over:
        return {o.command: o.command in ("owners", "cash", "fastmove", "quit") for o in OPTIONS}
    legal = legal if legal is not None else actions_by_person(game, people)
    every = [a for p in people for a in legal.get(p, [])]
    d = game.pending
    kinds = lambda *types: any(isinstance(a, types) for a in every)  # noqa: E731
    view = game.view
    holds = lambda p: bool(view.owned(p) or view.jail_cards(p))  # noqa: E731
    others_hold = lambda p: any(q != p and holds(q) for q in view.active_players())  # noqa: E731
    can_trade = d.kind not in (K.TRADE_RESPONSE, K.GAME_OVER) and any(holds(p) or others_hold(p) for p in people)
    return {
        "dice": d.player in people and d.kind != K.GAME_OVER,
        "rent": kinds(A.ClaimRent),
        "trade": can_trade,
        "mortgage": kinds(A.Mortgage, A.LiftMortgage),
        "houses": kinds(A.Build, A.SellBuilding),
        "owners": True,
        "cash": True,
        "fastmove": True,
        "save": True,
        "quit": True,
    }


# ---------------------------------------------------------------------------------------- the board
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

    def status(self, width: int) -> str:
        """The status line as text: owner mark, buildings, tokens (tokens win when space is short)."""
        left = ""
        if self.owner != NOBODY:
            left = str(self.owner + 1) + ("m" if self.mortgaged else "")
        if self.hotel:
            left += " H" if left else "H"
        elif self.houses:
            left += (" " if left else "") + "h" * self.houses
        if self.offline:
            left += "~"
        toks = "".join(str(t + 1) for t in self.jailed) + "".join(str(t + 1) for t in self.tokens)
        if len(toks) > width:
            toks = toks[: width - 1] + "+"
        room = width - len(toks)
        if len(left) > room - (1 if toks and left else 0):
            left = left[: max(0, room - 1)]
        return left.ljust(width - len(toks)) + toks


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
    return position_of(game, ui, game.current_player)


# ---------------------------------------------------------------------------------------- the deed card
@dataclass(frozen=True)
class DeedCard:
    title: str
    group_colour: str
    owner_line: str
    lines: tuple[tuple[str, str, bool], ...]  # (label, amount, applies now)
    footer: tuple[str, ...] = ()


def _owner_line(game: Game, square: int) -> str:
    sq = game.edition.squares[square]
    if not sq.is_property:
        return ""
    owner = game.view.owner(square)
    if owner == NOBODY:
        return f"For sale: {game.money(sq.price)}"
    text = f"Owner: {label(game, owner)}"
    if game.view.mortgaged(square):
        text += "  MORTGAGED"
    return text


def deed_card(game: Game, square: int) -> DeedCard:
    """The large card of a square: price, rents (the one that applies marked), mortgage, building cost."""
    sq = game.edition.squares[square]
    m = game.money
    owner = _owner_line(game, square)
    group = game.edition.group_of(square)
    colour = group.color if group is not None and sq.kind == "street" else ""
    row = game.view.rent_row(square)  # the engine's own answer: the rent charged is read from this line
    lines: list[tuple[str, str, bool]] = []
    footer: list[str] = []
    if sq.kind == "street":
        hph = game.rules.houses_per_hotel
        lines.append(("Rent", m(sq.rent[0]), row == 0))
        lines.append(("Rent with colour set", m(sq.rent[0] * 2), row == 1))
        for h in range(1, hph + 1):
            lines.append((f"With {h} house{'s' if h > 1 else ''}", m(sq.rent[h]), row == 1 + h))
        lines.append(("With hotel", m(sq.rent[5]), row == 2 + hph))
        lines.append(("Mortgage value", m(sq.mortgage), False))
        footer.append(f"Houses cost {m(sq.house_cost)} each")
    elif sq.kind == "railroad":
        for i, rent in enumerate(sq.rent):
            text = "Rent" if i == 0 else f"If {i + 1} are owned"
            lines.append((text, m(rent), row == i))
        lines.append(("Mortgage value", m(sq.mortgage), False))
    elif sq.kind == "utility":
        for i, mult in enumerate(sq.multipliers):
            text = "One owned: dice x" if i == 0 else f"{'Both' if i == 1 else i + 1} owned: dice x"
            lines.append((text, str(mult), row == i))
        lines.append(("Mortgage value", m(sq.mortgage), False))
    elif sq.kind == "go":
        footer.append(f"Collect {m(game.edition.go_salary)} salary each time you pass.")
    elif sq.kind == "jail":
        footer.append("Just visiting, or in jail.")
        footer.append(f"Leave jail: throw doubles, pay {m(game.edition.jail_fine)} or use a card.")
    elif sq.kind == "go_to_jail":
        footer.append("Go directly to jail. Do not pass GO.")
    elif sq.kind == "free_parking":
        footer.append("A free rest: nothing happens here.")
    elif sq.kind in ("chance", "community_chest"):
        footer.append(f"Take a {game.edition.deck_name(sq.kind)} card.")
    elif sq.kind == "tax":
        if sq.percent and game.rules.effective_income_tax == "choice":
            footer.append(f"Pay {m(sq.amount)} or {sq.percent}% of your total worth.")
        else:
            footer.append(f"Pay {m(sq.amount)}.")
    if sq.is_property:
        houses = game.view.houses(square)
        if game.view.hotel(square):
            footer.insert(0, "Built: a hotel")
        elif houses:
            footer.insert(0, f"Built: {houses} house{'s' if houses > 1 else ''}")
    return DeedCard(sq.name.upper(), colour, owner, tuple(lines), tuple(footer))


def ahead(game: Game, square: int, count: int = 4) -> list[tuple[int, str]]:
    """The ``count`` squares after ``square``, each with a short state ("for sale", "Bob, 2 houses")."""
    out = []
    view = game.view
    for k in range(1, count + 1):
        i = (square + k) % BOARD_SIZE
        sq = game.edition.squares[i]
        if not sq.is_property:
            status = ""
            if sq.kind == "tax":
                status = game.money(sq.amount)
        elif view.owner(i) == NOBODY:
            status = f"for sale {game.money(sq.price)}"
        else:
            status = f"sold to {name(game, view.owner(i))}"
            if view.mortgaged(i):
                status += ", mortgaged"
            elif view.hotel(i):
                status += ", hotel"
            elif view.houses(i):
                status += f", {view.houses(i)}h"
        out.append((i, status))
    return out


# ---------------------------------------------------------------------------------------- lists
def claims_lines(game: Game, people: list[int]) -> list[str]:
    """Rent that can be claimed now; people are reminded to press R."""
    out = []
    for c in game.view.claims():
        who = name(game, c.owner)
        hint = " - press R" if c.owner in people else ""
        out.append(f"{who} may claim {game.money(c.amount)} from {name(game, c.payer)}{hint}")
    return out


def player_summary(game: Game, ui: UIState, p: int) -> str:
    pl = game.view.player(p)
    if pl.bankrupt:  # no token any more, and the word fits where the cash stood (80 columns)
        return f"{p + 1} {pl.name:<7} bankrupt"
    cash = game.money(pl.cash) if ui.show_cash else "---"
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
        right = game.money(pl.cash) if ui.show_cash else ""
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
    out = [(f"{label(game, p)} ({token})" + ("  BANKRUPT" if pl.bankrupt else ""), "title"),
           (f"Cash {game.money(pl.cash)}   Property value {game.money(view.property_value(p))}", "message")]
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


def decision_hint(game: Game, people: list[int]) -> str:
    """What the game waits for, said on the bottom line when the option bar is active."""
    d = game.pending
    if d.kind == K.GAME_OVER:
        return "The game is over."
    who = name(game, d.player)
    if d.player not in people:
        return f"{who} (computer) is thinking..."
    if d.kind == K.ROLL:
        jail = " (in jail)" if game.view.in_jail(d.player) else ""
        return f"{who}{jail}: D to throw the dice, or choose an option."
    return f"{who}: D to answer ({describe(game)}), or choose an option."


def describe(game: Game) -> str:
    return describe_decision(game, game.pending)
