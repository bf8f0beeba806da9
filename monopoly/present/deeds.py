"""The title-deed card of a square, as plain text: its owner, its rents (the one that applies
marked), its mortgage value and building cost, or what a square without a deed does.

The curses deed card and the text mode's deed command both show this card, so a rent is worded
once; the rent that applies is the engine's own answer (``rent_row``), never worked out here.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import NOBODY, Game
from ..session.words import label


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
