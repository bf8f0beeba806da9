"""The option bar's commands, in one table: what each is called, its label and first letter, and a
line of help. The curses screen binds them to keys (``tui/keys.py``), the text mode to words
(``text/commands.py``), and the session says which have something to do now (``model.option_enabled``).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Option:
    command: str
    label: str
    key: str  # the first letter selects it directly
    help: str


OPTIONS: tuple[Option, ...] = (
    Option("dice", "Dice", "d", "throw the dice, or answer the question waiting for you"),
    Option("rent", "Rent", "r", "claim rent someone owes you (before the next throw)"),
    Option("trade", "Trade", "t", "offer properties, cash and jail cards to another player"),
    Option("mortgage", "Mortgage", "m", "mortgage a property, or lift a mortgage"),
    Option("houses", "Houses", "h", "buy or sell houses and hotels"),
    Option("owners", "Owners", "o", "who owns what; one player's cash and property"),
    Option("cash", "Cash", "c", "show or hide everyone's cash and property value"),
    Option("fastmove", "Fastmove", "f", "move tokens at once and play computer turns faster"),
    Option("save", "Save", "s", "save the game under a name"),
    Option("quit", "Quit", "q", "end the game: everyone is valued and the richest wins"),
)

# On the host's own screen of a network game S takes the host's commands instead: the game is
# autosaved on the host after every action already, so there is nothing for Save to do there.
HOST_COMMANDS = Option("save", "Server", "s", "the host's commands: who, codes, cpu NAME, person NAME, end")


def hosting(options: tuple[Option, ...] = OPTIONS) -> tuple[Option, ...]:
    """The option bar of the host's own seat: Save's place taken by the host's commands."""
    return tuple(HOST_COMMANDS if o.command == "save" else o for o in options)
