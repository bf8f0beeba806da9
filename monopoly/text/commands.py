"""The text mode's commands, in one table, and the parsing of a typed line.

A command is typed as its word, an alias or its letter (the C64 option bar's first letters:
D R T M H O C F S Q), or any unambiguous beginning of its word; the answers to the decision
waiting (buy, auction, bid, pass ...) come first, so "b" buys when a purchase is asked and shows
the board otherwise. Squares are named by board number (0-39, as ``board`` lists them) or by an
unambiguous beginning of their name ("deed board" finds Boardwalk); players by seat number or
the beginning of their name. Nothing here changes the game: the loop (``loop.py``) runs what
is parsed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Sequence

from ..engine import BOARD_SIZE, Game
from ..session.questions import whole_number


@dataclass(frozen=True)
class Command:
    """One command: its word, letter, other words, how it is typed and what it does."""

    name: str
    letter: str
    usage: str
    help: str
    aliases: tuple[str, ...] = ()

    def words(self) -> tuple[str, ...]:
        return (self.name,) + self.aliases


# Answers to the decision waiting; offered only when that decision is asked (``loop.answers``).
ANSWERS: tuple[Command, ...] = (
    Command("roll", "d", "roll", "throw the dice (the option bar's Dice)", ("dice", "throw")),
    Command("fine", "", "fine", "pay the jail fine and leave jail before throwing"),
    Command("card", "", "card", "use a Get Out of Jail Free card"),
    Command("buy", "b", "buy", "buy the property for its price", ("yes", "y")),
    Command("auction", "", "auction", "do not buy: the property goes to auction", ("no", "n", "decline")),
    Command("decline", "", "decline", "do not buy: the property stays with the bank (rules without auctions)",
            ("no", "n")),
    Command("bid", "b", "bid AMOUNT  or  AMOUNT  or  PLAYER AMOUNT", "bid in the auction (as another bidder: "
            "their name or number first)"),
    Command("pass", "p", "pass", "drop out of the auction", ("drop",)),
    Command("flat", "f", "flat", "pay the flat income tax"),
    Command("percent", "p", "percent", "pay the percentage of your total worth"),
    Command("pay", "p", "pay", "pay the fine"),
    Command("draw", "d", "draw", "take the card instead"),
    Command("accept", "", "accept", "accept the offer", ("yes", "y")),
    Command("refuse", "r", "refuse", "refuse the offer", ("no", "n", "reject")),
    Command("lift", "l", "lift", "lift the mortgage on the deed received now"),
    Command("keep", "k", "keep", "keep the deed mortgaged (the interest is paid now)"),
    Command("place", "p", "place SQUARE", "put the Offline token, or the building bought at auction, on a square"),
    Command("settle", "", "settle ITEMS", "offer property to the creditor to settle the rent (UK rule)"),
    Command("bankrupt", "", "bankrupt", "declare bankruptcy (only when nothing more can be raised)"),
    Command("go", "g", "go", "let the computer throw without claiming rent", ("continue",)),
)

# Always offered (the C64 option bar's ten options, then the views and the other verbs).
GENERAL: tuple[Command, ...] = (
    Command("rent", "r", "rent [PLAYER]", "claim the rent owed to you (before the next throw)", ("claim",)),
    Command("trade", "t", "trade [FROM] TO ITEMS for ITEMS", "offer properties, cash ($100) and jail cards "
            "(card, 2 cards); e.g. trade bob boardwalk, $100 for reading, card"),
    Command("mortgage", "m", "mortgage SQUARE", "mortgage a property (or lift the mortgage if it has one)"),
    Command("houses", "h", "houses  or  houses PLAYER N [PLAYER N ...] [hotels]", "what can be built and sold; "
            "with orders: buildings the bank is short of go to auction"),
    Command("owners", "o", "owners [PLAYER]", "who owns what; one player's holdings"),
    Command("cash", "c", "cash", "show or hide the cash in the prompt and at the end of each turn"),
    Command("fastmove", "f", "fastmove", "tell the computer players' turns in brief"),
    Command("save", "s", "save [NAME]", "save the game under a name"),
    Command("quit", "q", "quit", "end the game: everyone is valued and the richest wins"),
    Command("board", "b", "board", "every square with its number, owner, buildings and tokens"),
    Command("deed", "", "deed [SQUARE]", "the title deed of a square, the rent due now marked"),
    Command("assets", "a", "assets [PLAYER]", "a player's holdings, each with its worth (a is always assets: "
            "auction is n or no, accept is y or yes)"),
    Command("credit", "", "credit", "everyone's cash"),
    Command("odds", "", "odds", "everyone's estimated chance of winning, as the computer players reckon it"),
    Command("hint", "", "hint", "your choices now, each with your estimated chance of winning after it, and what "
            "the hard computer would do"),
    Command("log", "l", "log [N]", "the last N things that happened (default 20)"),
    Command("build", "", "build SQUARE [N]", "put N houses (or a hotel) on a street, one at a time"),
    Command("sell", "", "sell SQUARE [N]", "sell N buildings on a street back to the bank"),
    Command("clock", "", "clock", "the time left in the time-limit game"),
    Command("stats", "n", "stats", "the game in numbers: net worth over the turns, rent, money by reason, "
            "each property's earnings"),
    Command("undo", "u", "undo", "take back your last action (never a throw or a card, nor past another "
            "player's action)"),
    Command("brief", "", "brief", "a short prompt (who, and >) or the full one again"),
    Command("help", "?", "help [COMMAND]", "the commands, or how one is typed"),
)

# Letters that never change meaning with the question asked (issue 26: "a" was auction at a
# purchase, accept at an offer and assets otherwise).
FIXED_LETTERS = {"a": "assets"}

BAR_ORDER = ("roll", "rent", "trade", "mortgage", "houses", "owners", "cash", "fastmove", "save", "quit")


class CommandError(ValueError):
    """A line that is not a command now; the message says what is allowed."""


@dataclass(frozen=True)
class Parsed:
    command: Command
    args: str  # the rest of the line, as typed


def _find(word: str, commands: Sequence[Command]) -> list[Command]:
    exact = [c for c in commands if word in c.words()]
    if exact:
        return exact[:1]
    lettered = [c for c in commands if len(word) == 1 and c.letter == word]
    if lettered:
        return lettered[:1]
    return [c for c in commands if any(w.startswith(word) for w in c.words())]


def parse_line(line: str, answers: Sequence[Command], offered: Sequence[str] | None = None) -> Parsed:
    """The command typed on ``line``: the decision's ``answers`` first, then the general commands.

    A line that is a number (or a player and a number) during an auction is a bid. ``CommandError``
    says what may be typed when nothing matches (``offered``: the words the prompt shows), or which
    commands a beginning could be.
    """
    text = line.strip()
    if not text:
        raise CommandError("type a command (help lists them)")
    word, _, rest = text.partition(" ")
    word = word.lower()
    if len(word) > 1 and word.endswith("!"):  # "roll!": the command, insisting (its args begin with "!")
        word, rest = word[:-1], "!" + rest
    bid = next((c for c in answers if c.name == "bid"), None)
    tokens = text.split()
    if bid is not None and parse_amount(tokens[-1].rstrip("!")) is not None and (
            len(tokens) == 1 or word == "bid" or not _find(word, tuple(answers) + GENERAL)):
        return Parsed(bid, text[3:].strip() if word == "bid" else text)
    if word in FIXED_LETTERS:  # a letter that means one thing whatever is asked
        return Parsed(command(FIXED_LETTERS[word]), rest.strip())
    for pool in (answers, GENERAL):
        found = _find(word, pool)
        if len(found) == 1:
            return Parsed(found[0], rest.strip())
        if len(found) > 1:
            raise CommandError(f"{word!r} could be {', '.join(c.name for c in found)}: type more of it")
    if offered is None:
        offered = [c.name for c in answers] + [c.name for c in GENERAL if c.name in BAR_ORDER] + ["help"]
    allowed = ", ".join(offered)
    if _find(word, ANSWERS):
        raise CommandError(f"{word!r} answers nothing asked now; type one of: {allowed}")
    raise CommandError(f"no command {word!r}; type one of: {allowed}")


def command(name: str) -> Command:
    return next(c for c in ANSWERS + GENERAL if c.name == name)


# ---------------------------------------------------------------------------------------- names
def _by_prefix(text: str, named: Iterable[tuple[int, str]], what: str) -> int:
    """The one item whose name is ``text`` or begins with it (else whose words do); ``CommandError``
    when none or several fit, naming them."""
    key = " ".join(text.lower().split())
    items = list(named)
    exact = [i for i, n in items if n.lower() == key]
    if exact:
        return exact[0]
    for fits in (lambda n: n.lower().startswith(key),
                 lambda n: any(w.startswith(key) for w in re.split(r"[\s.&-]+", n.lower()))):
        found = [(i, n) for i, n in items if fits(n)]
        if len(found) == 1:
            return found[0][0]
        if len(found) > 1:
            names = ", ".join(n for _, n in found[:6]) + (" ..." if len(found) > 6 else "")
            raise CommandError(f"{text!r} could be {names}: type more of the name")
    raise CommandError(f"no {what} called {text!r}")


def find_square(game: Game, text: str, among: Sequence[int] = ()) -> int:
    """A square by board number (0-39) or by (a beginning of) its name; a name that fits one of
    ``among`` (say, the squares a trader owns) is taken as that one."""
    t = text.strip()
    if not t:
        raise CommandError("name a square: its number on the board (0-39) or its name")
    index = number(t, "a square's number")
    if index is not None:
        if index < BOARD_SIZE:
            return index
        raise CommandError(f"squares are numbered 0 to {BOARD_SIZE - 1}")
    squares = game.view.edition.squares
    if among:
        try:
            return _by_prefix(t, ((s, squares[s].name) for s in among), "square")
        except CommandError:
            pass
    return _by_prefix(t, ((s.index, s.name) for s in squares), "square")


def find_player(game: Game, text: str) -> int:
    """A player by seat number (1-8, as listed) or by (a beginning of) their name."""
    t = text.strip()
    count = game.view.player_count
    seat = number(t, "a player's number")
    if seat is not None:
        if 1 <= seat <= count:
            return seat - 1
        raise CommandError(f"players are numbered 1 to {count}")
    if not t:
        raise CommandError("name a player: their number or name")
    return _by_prefix(t, ((p, game.view.name(p)) for p in range(count)), "player")


def split_items(text: str) -> list[str]:
    """``"boardwalk, park place and $100"`` as its items."""
    parts = re.split(r",|\band\b|\+", text)
    return [p.strip() for p in parts if p.strip()]


def number(text: str, what: str = "a number") -> int | None:
    """A whole number typed in ASCII digits, or None when ``text`` is not one; ``CommandError``
    when it has too many digits (``questions.whole_number``: the one reading of a typed number)."""
    try:
        return whole_number(text, what)
    except ValueError as exc:
        raise CommandError(str(exc)) from None


def parse_amount(text: str) -> int | None:
    """A sum of money as typed ("$1,200", "200", "20M"), or None when it is not one ("1,5": a comma
    only between thousands); ``CommandError`` when it has too many digits."""
    cleaned = re.sub(r"[\s$£_]", "", text)
    if "," in cleaned:
        if not re.fullmatch(r"[0-9]{1,3}(,[0-9]{3})+[mM]?", cleaned):
            return None
        cleaned = cleaned.replace(",", "")
    if cleaned[-1:] in ("m", "M"):
        cleaned = cleaned[:-1]
    return number(cleaned, "an amount") if cleaned else None
