"""The text mode's views: the board, a title deed, a player's assets, everyone's cash, the owners,
the help. Each is a list of plain lines, worked out from the game's read view alone; the deed and
the owners lists are the curses screen's own (``session.model``), written out as lines.
"""

from __future__ import annotations

from typing import Sequence

from ..engine import BOARD_SIZE, NOBODY, Game
from ..present import model as M
from ..session.words import label
from .commands import ANSWERS, BAR_ORDER, GENERAL, Command


def _buildings(game: Game, square: int) -> str:
    view = game.view
    if view.hotel(square):
        return "hotel"
    houses = view.houses(square)
    return f"{houses} house{'s' if houses > 1 else ''}" if houses else ""


def board_lines(game: Game) -> list[str]:
    """Every square: its number, name, price or owner, buildings, mortgage, and who stands there."""
    view = game.view
    out = []
    for i in range(BOARD_SIZE):
        sq = view.square(i)
        parts = []
        if sq.is_property:
            owner = view.owner(i)
            parts.append(f"for sale {view.money(sq.price)}" if owner == NOBODY else f"owner {label(game, owner)}")
            if view.mortgaged(i):
                parts.append("mortgaged")
            if _buildings(game, i):
                parts.append(_buildings(game, i))
            if view.offline_square == i:
                parts.append("Offline")
        elif sq.kind == "free_parking" and view.rules.free_parking_pot:
            parts.append(f"jackpot {view.money(view.pot())}")
        here = [pl for pl in view.players() if not pl.bankrupt and pl.position == i]
        visiting = [pl.name for pl in here if not pl.in_jail]
        jailed = [pl.name for pl in here if pl.in_jail]
        if visiting:
            parts.append("here: " + ", ".join(visiting))
        if jailed:
            parts.append("in jail: " + ", ".join(jailed))
        group = _group(game, i)
        if group:
            parts.append(f"{group} group")
        out.append(f"{i:>2} {sq.name:<24} {'; '.join(parts)}".rstrip())
    return out


def _group(game: Game, square: int) -> str:
    """The colour group a street belongs to ("dark blue"), or "" for other squares."""
    view = game.view
    group = view.group_of(square)
    if group is None or not view.square(square).kind == "street":
        return ""
    return group.name


def deed_lines(game: Game, square: int) -> list[str]:
    """The title deed of a square (the curses screen's card), the rent that applies now marked."""
    card = M.deed_card(game, square)
    group = _group(game, square)
    out = [f"{card.title} (square {square}" + (f", {group} group)" if group else ")")]
    if card.owner_line:
        out.append(card.owner_line)
    width = max((len(text) for text, _, _ in card.lines), default=0)
    for text, amount, now in card.lines:
        out.append(f"  {text:<{width}} {amount:>8}{'  <- now' if now else ''}")
    out += list(card.footer)
    return out


def assets_lines(game: Game, player: int, show_cash: bool = True) -> list[str]:
    """A player's holdings (the Spectrum's A): each property with what it is worth, then the totals
    (with the cash hidden, ``cash``, neither the cash nor the totals)."""
    view = game.view
    pl = view.player(player)
    cash = f"cash {view.money(pl.cash)}" if show_cash else "cash hidden (cash shows it)"
    out = [f"{label(game, player)}: {cash}" + ("  BANKRUPT" if pl.bankrupt else "")
           + ("  in jail" if pl.in_jail else "")]
    for s in view.owned(player):
        sq = view.square(s)
        if view.mortgaged(s):
            worth = f"mortgaged, lift for {view.money(view.lift_cost(s))}"
        else:
            worth = f"mortgage value {view.money(sq.mortgage)}"
        built = _buildings(game, s)
        if built:
            worth += f"; {built}, sold back for {view.money(view.building_sale_value(s))}"
        group = _group(game, s)
        shown = f"{sq.name} ({group})" if group else sq.name
        out.append(f"  {shown:<36} price {view.money(sq.price):>7}  {worth}")
    if not view.owned(player):
        out.append("  no property")
    if pl.jail_cards:
        out.append(f"  Get Out of Jail Free cards: {len(pl.jail_cards)}")
    if not show_cash:
        return out
    out.append(f"  The bank would pay {view.money(view.property_value(player))} for it all; "
               f"cash and all that: {view.money(view.liquid_value(player))}; "
               f"value at the printed prices: {view.money(view.face_value(player))}")
    return out


def credit_lines(game: Game, show_cash: bool = True) -> list[str]:
    """Everyone's cash (the Spectrum's C); with the cash hidden (``cash``), only that it is."""
    view = game.view
    if not show_cash:
        return ["The cash is hidden: type cash to show it."]
    out = []
    for pl in view.players():
        state = "bankrupt" if pl.bankrupt else view.money(pl.cash) + ("  in jail" if pl.in_jail else "")
        out.append(f"{label(game, pl.seat):<10} {state}")
    return out


def owners_lines(game: Game, ui: M.UIState, player: int | None) -> list[str]:
    """Every property with its owner's number (the curses Owners list), or one player's holdings."""
    if player is None:
        return ["Owners (number = owner, (M) = mortgaged):"] + [text for text, _ in M.owners_rows(game)]
    return [text for text, _ in M.holdings_lines(game, ui, player)]


def help_lines(answers: Sequence[Command]) -> list[str]:
    """Every command that can be typed now: the answers to the decision waiting, then the rest."""
    out = []
    if answers:
        out.append("Answers now:")
        out += [_help_line(c) for c in answers]
    out.append("Commands (a word, its letter, or the start of the word):")
    order = {n: i for i, n in enumerate(BAR_ORDER)}
    out += [_help_line(c) for c in sorted(GENERAL, key=lambda c: order.get(c.name, len(order)))]
    later = [c for c in ANSWERS if c not in answers]
    if later:
        out.append("Answers to other questions, typed when the game asks them (help WORD for one):")
        out += [_help_line(c) for c in later]
    out.append("Squares: their number (board lists them) or the start of the name; players: number or name.")
    out.append("End of input or Ctrl-C saves the game and tells how to resume it.")
    out.append("The whole guide, outside the game: monopoly help playing.")
    return out


def _help_line(c: Command) -> str:
    letter = f"({c.letter}) " if c.letter else ""
    return f"  {c.usage:<34} {letter}{c.help}"

