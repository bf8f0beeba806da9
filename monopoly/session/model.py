"""The screen's model: UI state and everything said or shown about the game, as plain text.

Nothing here touches curses. The drawing code asks this module what a board cell says, what the
title-deed card holds, which options have something to do and how an engine event reads as a
message; the tests ask it the same questions directly.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass, field
from typing import Any, Iterable

from ..engine import (BOARD_SIZE, NOBODY, DecisionKind as K, Game, actions as A, describe_decision,
                      list_editions)
from ..engine import events as E
# The words of the game (``words``), re-exported for the screen's code, which reads them as ``M.name``.
from .words import (BANK_VALUE as BANK_VALUE, PRINTED_NOTE as PRINTED_NOTE, buildings_words as buildings_words,
                    card_words as card_words, computers_join_text as computers_join_text, event_lines as event_lines,
                    format_event as format_event, item_name as item_name, join_words as join_words, label as label,
                    name as name, names as names, new_game_text as new_game_text, since_lines as since_lines,
                    square_name as square_name, tie_note as tie_note, trade_lines as trade_lines,
                    trade_summary as trade_summary, turn_end_text as turn_end_text, valuation_rows as valuation_rows)
from .options import OPTIONS
from .questions import clock_text

MAX_MESSAGES = 300
# Two values of the same deeds, each always named so: what the bank would pay now (mortgage values,
# half the building costs: the panel, the holdings) and the printed prices (the final valuation).


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
    show_chances: bool = False  # each player's estimated chance of winning in the players list (W)
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
    auction_left: float | None = None  # the asked bidder's countdown (0: waiting; silence drops nobody out)
    deferred: tuple[Any, ...] | None = None  # a question put off with ESC: do not ask again at once
    save_name: str | None = None  # the name the game was last saved under (kept in the autosave too)
    # Whose turn the side panel shows while a move is on show (the engine has moved on to the next
    # player's turn by then); None: whose turn it is.
    panel_player: int | None = None
    # The estimated chances of winning the players list shows (``show_chances``), in seat order, as
    # the session last gave them (after each action); empty: none to show.
    chances: tuple[float, ...] = ()

    def say(self, text: str, role: str = "message") -> None:
        self.messages.append(Message(text, role))
        del self.messages[:-MAX_MESSAGES]

    def settings(self) -> dict[str, Any]:
        """The part of the UI state kept in a save file."""
        data: dict[str, Any] = {"tokens": list(self.tokens), "fastmove": self.fastmove,
                                "show_cash": self.show_cash, "elapsed": round(self.elapsed, 1)}
        if self.show_chances:  # written only when on, so older saves and versions read the same
            data["show_chances"] = True
        if self.save_name:  # a game resumed through its autosave still offers its own name at Save
            data["save_name"] = self.save_name
        return data

    @classmethod
    def from_settings(cls, data: dict[str, Any], game: Game) -> "UIState":
        tokens = list(data.get("tokens") or default_tokens(game, game.view.player_count))
        ui = cls(tokens=tokens, fastmove=bool(data.get("fastmove", False)),
                 show_cash=bool(data.get("show_cash", True)), show_chances=data.get("show_chances") is True)
        ui.elapsed = max(float(data.get("elapsed", 0)), float(game.view.clock_seconds))
        name = data.get("save_name")
        ui.save_name = name if isinstance(name, str) and name.isprintable() and len(name) <= 64 else None
        return ui


class _PathWrapper(textwrap.TextWrapper):
    """A wrapper that breaks a word longer than the line (a save's path) after a ``/`` or ``\\``,
    never inside a name: "annbob1.jso" / "n" read as two words."""

    def _split(self, text: str) -> list[str]:
        out: list[str] = []
        room = self.width - max(len(self.initial_indent), len(self.subsequent_indent))
        for chunk in super()._split(text):
            if len(chunk) > room and ("/" in chunk or "\\" in chunk):
                out += [piece for piece in re.split(r"(?<=[/\\])", chunk) if piece]
            else:
                out.append(chunk)
        return out


def wrap(text: str, width: int, **options: Any) -> list[str]:
    """``textwrap.wrap`` that never breaks at a hyphen (a save name stays whole) and breaks a path
    too long for the line only between its folders."""
    return _PathWrapper(width, break_on_hyphens=False, **options).wrap(text)


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
        parts = wrap(msg.text, width, subsequent_indent="  ") or [""]
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
def panel_player(game: Game, ui: UIState) -> int:
    """The player the side panel is about: the one whose move is on show, else whose turn it is."""
    return ui.panel_player if ui.panel_player is not None else game.view.current_player


def persons(game: Game, computer_seats: Iterable[int]) -> list[int]:
    comp = set(computer_seats)
    return [p for p in game.view.active_players() if p not in comp]


def actions_by_person(game: Game, people: list[int]) -> dict[int, list[Any]]:
    return {p: game.legal_actions(p) for p in people}


def option_enabled(game: Game, people: list[int], legal: dict[int, list[Any]] | None = None) -> dict[str, bool]:
    """Which options of the bar have something to do now (the others are shown dimmed)."""
    if game.view.over:
        return {o.command: o.command in ("owners", "cash", "fastmove", "quit") for o in OPTIONS}
    legal = legal if legal is not None else actions_by_person(game, people)
    every = [a for p in people for a in legal.get(p, [])]
    d = game.view.pending
    view = game.view

    def kinds(*types: type) -> bool:
        return any(isinstance(a, types) for a in every)

    def holds(p: int) -> bool:
        return bool(view.owned(p) or view.jail_cards(p))

    def others_hold(p: int) -> bool:
        return any(q != p and holds(q) for q in view.active_players())

    can_trade = view.offer_problem() is None and any(holds(p) or others_hold(p) for p in people)
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
        return f"For sale: {game.view.money(sq.price)}"
    text = f"Owner: {label(game, owner)}"
    if game.view.mortgaged(square):
        text += "  MORTGAGED"
    return text


def deed_card(game: Game, square: int) -> DeedCard:
    """The large card of a square: price, rents (the one that applies marked), mortgage, building cost."""
    sq = game.edition.squares[square]
    m = game.view.money
    owner = _owner_line(game, square)
    group = game.edition.group_of(square)
    colour = group.color if group is not None and sq.kind == "street" else ""
    row = game.view.rent_row(square)  # the engine's own answer: the rent charged is read from this line
    lines: list[tuple[str, str, bool]] = []
    footer: list[str] = []
    if sq.kind == "street":
        hph = game.rules.houses_per_hotel
        table = game.view.rent_table(square)  # the engine's lines, numbered as ``rent_row``
        lines.append(("Rent", m(table[0]), row == 0))
        lines.append(("Rent with colour set", m(table[1]), row == 1))
        for h in range(1, hph + 1):
            lines.append((f"With {h} house{'s' if h > 1 else ''}", m(table[1 + h]), row == 1 + h))
        lines.append(("With hotel", m(table[2 + hph]), row == 2 + hph))
        lines.append(("Mortgage value", m(sq.mortgage), False))
        footer.append(f"Houses cost {m(sq.house_cost)} each")
    elif sq.kind == "railroad":
        for i, rent in enumerate(game.view.rent_table(square)):
            text = "Rent" if i == 0 else f"If {i + 1} are owned"
            lines.append((text, m(rent), row == i))
        lines.append(("Mortgage value", m(sq.mortgage), False))
    elif sq.kind == "utility":
        for i, mult in enumerate(game.view.rent_table(square)):
            text = "One owned: dice x" if i == 0 else f"{'Both' if i == 1 else i + 1} owned: dice x"
            lines.append((text, str(mult), row == i))
        lines.append(("Mortgage value", m(sq.mortgage), False))
    elif sq.kind == "go":
        footer.append(f"Collect {m(game.view.go_salary())} salary each time you pass.")
        if game.rules.go_landing_double:
            footer.append(f"Land exactly here: {m(2 * game.view.go_salary())}.")
    elif sq.kind == "jail":
        footer.append("Just visiting, or in jail.")
        footer.append(f"Leave jail: throw doubles, pay {m(game.edition.jail_fine)} or use a card.")
    elif sq.kind == "go_to_jail":
        footer.append("Go directly to jail. Do not pass GO.")
    elif sq.kind == "free_parking":
        if game.rules.free_parking_pot:
            footer.append(f"Jackpot: {m(game.view.pot())}, for the next player to land here.")
        else:
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


# shorter forms of the deed card's labels, for a card too narrow for the long one with its margins
DEED_SHORT = {"Rent with colour set": "With colour set"}


def deed_line(text: str, amount: str, width: int) -> str:
    """One line of the deed card, ``width`` wide: the label left, the amount right, a space between
    them and one on each side, next to the card's borders. At 80 columns "Rent with colour set
    $100" fits only without the left margin, touching the border: its short form ("With colour
    set", as "With 1 house") is taken first; a label too long even so is cut."""
    for label, left in ((text, " "), (DEED_SHORT.get(text, text), " "), (text, "")):
        room = width - len(left) - 1 - len(amount) - 1
        if len(label) <= room:
            return f"{left}{label}".ljust(width - len(amount) - 1) + amount + " "
    room = max(0, width - len(amount) - 2)
    return (text[:room].ljust(room) + " " + amount + " ")[:width]


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


# ---------------------------------------------------------------------------------------- lists
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


def decision_hint(game: Game, people: list[int]) -> str:
    """What the game waits for, said on the bottom line when the option bar is active."""
    d = game.view.pending
    if d.kind == K.GAME_OVER:
        return "The game is over."
    who = name(game, d.player)
    if d.player not in people:
        return f"{who} (computer) is thinking..."
    if d.kind == K.ROLL:
        jail = " (in jail)" if game.view.in_jail(d.player) else ""
        return f"{who}{jail}: D to throw the dice, or choose an option."
    if d.kind == K.RAISE_FUNDS:  # what is still missing, not the whole debt
        missing = max(0, d.amount - game.view.cash(d.player))
        return f"{who}: D to raise the {game.view.money(missing)} still missing, or choose an option."
    return f"{who}: D to answer ({describe(game)}), or choose an option."


def describe(game: Game) -> str:
    return describe_decision(game, game.view.pending)


# ---------------------------------------------------------------------------------------- the resume list
def board_label(edition_id: str) -> str:
    """The board's menu label ("Classic US") for an edition id as a save names it."""
    for edition in list_editions():
        if edition.id == edition_id:
            return edition.label
    return edition_id or "?"


def _last_played(entry: Any) -> str:
    return str(entry.modified.strftime("%Y-%m-%d %H:%M"))


def resume_rows(entries: list[Any], width: int) -> list[str]:
    """One line per resumable game (``saves.SaveInfo``): name, board, turn, last played, players,
    in columns that fit ``width``; what does not fit is in ``resume_detail`` of the chosen one."""
    if not entries:
        return []
    name_w = min(21, max(len(e.name) for e in entries))
    rows = []
    for e in entries:
        if e.problem:
            text = f"{e.name:<{name_w}}  {_last_played(e)}  cannot be read: {e.problem}"
        else:
            status = "game over" if e.over else f"turn {e.turn}"
            text = (f"{e.name:<{name_w}}  {board_label(e.edition):<12} {status:<9}  {_last_played(e)}  "
                    f"{', '.join(e.players)}")
        rows.append(text if len(text) <= width else text[: max(1, width - 3)] + "...")
    return rows


def resume_detail(entry: Any) -> list[str]:
    """Everything about one game in the resume list, to be wrapped under it (nothing is cut)."""
    if entry.problem:
        return [f"{entry.name} cannot be resumed: {entry.problem}", f"File: {entry.path}"]
    status = "the game is over" if entry.over else f"turn {entry.turn}"
    kind = " (its autosave)" if entry.name.startswith("autosave") else ""
    return [f"{entry.name}{kind}: {', '.join(entry.players)} on the {board_label(entry.edition)} board, "
            f"{status}, last played {_last_played(entry)}", f"File: {entry.path}"]


# ---------------------------------------------------------------------------------------- the history
# Event fields that name a player, and those that hold an amount of money (engine events are
# dataclasses: the filters read their fields instead of listing every event class).
_PLAYER_FIELDS = ("player", "payer", "payee", "owner", "giver", "receiver", "proposer", "recipient", "debtor",
                  "creditor")
_MONEY_FIELDS = ("amount", "price", "salary", "cost", "refund", "cash")
HISTORY_MONEY = "money"  # the history filter that keeps only events where money moved


def event_concerns(event: E.Event, player: int) -> bool:
    """Whether ``event`` names ``player`` (as the one who acts, pays, receives, trades ...)."""
    return any(getattr(event, f, None) == player for f in _PLAYER_FIELDS)


def event_moves_money(event: E.Event) -> bool:
    if isinstance(event, E.BidMade):  # a bid moves no money (the auction's winner pays: AuctionWon)
        return False
    return any(isinstance(getattr(event, f, None), int) and getattr(event, f) != 0 for f in _MONEY_FIELDS)


@dataclass(frozen=True)
class HistoryLine:
    turn: int  # 0: before the first turn (the throws for the start)
    text: str
    role: str


def history(game: Game, only: int | str | None = None) -> list[HistoryLine]:
    """Every event of the game as text, oldest first, each with its turn number; ``only`` a player's
    seat keeps the events naming that player, ``HISTORY_MONEY`` those where money moved."""
    out: list[HistoryLine] = []
    turn = 0
    for event in game.log:
        if isinstance(event, E.TurnStarted):
            turn = event.turn
        if only == HISTORY_MONEY and not event_moves_money(event):
            continue
        if isinstance(only, int) and not event_concerns(event, only):
            continue
        shown = format_event(game, event)
        if shown is not None:
            out.append(HistoryLine(turn, shown[0], shown[1]))
    return out


def history_rows(lines: list[HistoryLine], width: int) -> list[tuple[str, str]]:
    """The history wrapped to ``width``: the turn number at the left of each event's first row."""
    rows: list[tuple[str, str]] = []
    for line in lines:
        head = f"{line.turn:>5} " if line.turn else "start "
        parts = textwrap.wrap(line.text, max(10, width - len(head)), break_on_hyphens=False) or [""]
        rows.append((head + parts[0], line.role))
        rows += [(" " * len(head) + part, line.role) for part in parts[1:]]
    return rows


def history_title(game: Game, only: int | str | None) -> str:
    if only == HISTORY_MONEY:
        return "History: money"
    if isinstance(only, int):
        return f"History: {label(game, only)}"
    return "History"


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


# ---------------------------------------------------------------------------------------- reasons
def why_not(game: Game, people: list[int], command: str) -> str:
    """Why an option of the bar (shown dimmed) cannot be used now: a reason, never just "no"."""
    d = game.view.pending
    view = game.view
    if game.view.over:
        return "The game is over."
    if command == "dice":
        return f"It is not your move: the game waits for {describe(game)}."
    if command == "rent":
        return ("There is no rent for a person to claim just now: rent can be claimed from the moment "
                "a player lands on your property until the next throw.")
    if command == "trade":
        if d.kind == K.TRADE_RESPONSE:
            return f"An offer is waiting for {name(game, d.player)}'s answer first."
        return "No trade can be offered: nobody holds a property or a jail card."
    for p in people:  # a player in debt, or an auction under way, blocks dealing for everyone
        problem = view.deal_problem(p)
        if problem is not None:
            return f"Not now: {problem}."
    if command == "mortgage":
        if not any(view.owned(p) for p in people):
            return "Nobody at the keyboard owns a property to mortgage."
        return ("Nothing to mortgage or lift: a street with buildings in its colour set cannot be "
                "mortgaged until they are sold, and lifting needs the cash for the mortgage and its interest.")
    if command == "houses":
        sets = [(p, g) for p in people for g in view.monopolies(p)]
        if not sets and not any(view.houses(s) or view.hotel(s) for p in people for s in view.owned(p)):
            return "Nobody at the keyboard owns a whole colour set: houses go only on a complete set."
        for p, group in sets:
            for square in group.squares:
                problem = view.build_problem(square, p)
                if problem is None:
                    cost = view.build_cost(square)
                    return f"{name(game, p)} needs {game.view.money(cost)} in cash for a building on {group.name}."
            return f"{name(game, p)} cannot build on {group.name}: {view.build_problem(group.squares[0], p)}."
        return "Nobody at the keyboard can build or sell now."
    return "Nothing to do."


# ---------------------------------------------------------------------------------------- a trade being built
def offer_so_far(game: Game, proposer: int, other: int, give: list[int], take: list[int],
                 give_cards: tuple[str, ...] = (), take_cards: tuple[str, ...] = (),
                 cash: int = 0) -> list[tuple[str, str]]:
    """What each side gives in a trade under construction, by name (not by colour alone)."""
    lines: list[tuple[str, str]] = []
    for who, squares, cards, pays in ((proposer, give, give_cards, cash), (other, take, take_cards, -cash)):
        lines.append((f"{name(game, who)} gives:", "title"))
        items = [(game.edition.squares[s].name + (" (mortgaged)" if game.view.mortgaged(s) else ""), "message")
                 for s in squares]
        if cards:
            items.append((f"{len(cards)} Get Out of Jail Free card{'s' if len(cards) > 1 else ''}", "message"))
        if pays > 0:
            items.append((game.view.money(pays), "message"))
        lines += [("  " + text, role) for text, role in items] or [("  nothing yet", "dim")]
    return lines


def claim_window_hint(game: Game, people: list[int], thrower: int, seconds_left: float) -> str:
    """The bottom line while people may still claim rent before a computer throws: who may claim,
    the countdown, and what the keys do."""
    owners = " and ".join(name(game, p) for p in sorted({c.owner for c in game.view.claims() if c.owner in people}))
    who = name(game, thrower)
    return f"{owners}: R claims rent before {who} throws - {int(seconds_left + 0.99)} s  (SPACE: {who} throws now)"
