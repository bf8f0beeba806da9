"""The rule options a game is set up with.

Editions differ (the UK book forbids double rent on a group with a mortgaged site, the .com
book lets rent be claimed until the second player following rolls, ...). Each difference is a
named field here rather than a branch on the edition's name, so any mix can be played and
tested. Each field declares its type and carries its help text: validation, the command line's
``--rule`` and the set-up's questions are all driven by these declarations, so a new option
cannot skip any of them.
"""

from __future__ import annotations

import typing
from dataclasses import dataclass, field, fields, replace
from functools import cached_property, lru_cache
from typing import Any, Mapping

from .codes import AuctionLimit, Code, IncomeTaxMode, RentClaimMode, ShortGame
from .serial import to_plain

# The allowed texts of each choice option, for callers that list them.
RENT_CLAIM_MODES = tuple(m.value for m in RentClaimMode)
INCOME_TAX_MODES = tuple(m.value for m in IncomeTaxMode)
AUCTION_LIMITS = tuple(m.value for m in AuctionLimit)
SHORT_GAMES = tuple(m.value for m in ShortGame)


def _option(default: Any, help: str, title: str, *, words: Mapping[Any, str] | None = None,
            low: int | None = None, high: int | None = None) -> Any:
    """A rule option: its default, a one-line help, a short plain-words title, words for its values
    (``words``; a number option's 0 may have words of its own, such as "no limit") and, for a
    number, the range a game can use (``low`` to ``high``)."""
    return field(default=default, metadata={"help": help, "title": title, "words": dict(words or {}),
                                            "low": low, "high": high})


# The most a number option can be: what a game can use, and far from the limits of a save or a screen.
MAX_MONEY = 100_000  # starting cash, a salary, a stake: a board's prices are a few hundred
MAX_TURNS = 100_000  # a long simulated game lasts about a thousand turns
MAX_MINUTES = 100 * 60  # a hundred hours of the time-limit game


@dataclass(frozen=True)
class Rules:
    """Every rule option of one game; saved with it and never changed during play."""

    rent_claim: RentClaimMode = _option(
        RentClaimMode.NEXT_ROLL, "until when the owner may claim rent: before the next player throws, before any next "
        "throw (the payer's own after doubles too), before the second player following throws, or charged at once",
        "Claiming rent",
        words={"next_roll": "before the next player throws", "next_throw": "before the next throw of all",
               "second_roll": "before the second player after throws", "automatic": "paid at once, no claim"})
    income_tax: IncomeTaxMode = _option(
        IncomeTaxMode.CHOICE, "the flat amount or a percentage of worth, chosen before the worth is known, or the "
        "flat amount only", "Income tax",
        words={"choice": "flat amount or a percentage of worth", "flat": "flat amount only"})
    double_rent_with_mortgage: bool = _option(
        True, "a complete colour group doubles unimproved rent even with a site mortgaged",
        "Double rent on a set with a mortgaged site")
    jail_doubles_roll_again: bool = _option(False, "doubles thrown to leave jail give another throw",
                                            "Doubles out of jail throw again")
    auction_limit: AuctionLimit = _option(
        AuctionLimit.CASH, "bids go up to the bidder's cash, or up to their assets, a bid beyond which voids "
        "the auction", "How high a bid may go",
        words={"cash": "up to the cash in hand", "assets": "up to all assets, a bid beyond them voiding the auction"})
    settle_in_property: bool = _option(False, "rent that cannot be paid may be settled partly in property",
                                       "Rent settled in property")
    mortgage_interest: int = _option(10, "percent interest on lifting a mortgage or receiving a mortgaged deed",
                                     "Mortgage interest (percent)", words={0: "no interest"}, low=0, high=100)
    short_game: ShortGame = _option(
        ShortGame.NONE, "a short game: none, a time limit (the richest wins when time is up) or the .com "
        "short game (free deeds, ends at the first bankruptcy)", "Short game",
        words={"none": "no, the full game", "time_limit": "time limit, then the richest wins",
               "dotcom": "the .com short game"})
    time_limit_minutes: int = _option(0, "minutes of the time-limit game", "Minutes of the time-limit game",
                                      words={0: "not set"}, low=0, high=MAX_MINUTES)
    time_limit_three_houses: bool = _option(True, "in the time-limit game a hotel needs three houses a site",
                                            "Time-limit game: a hotel on three houses")
    offline_rule: bool = _option(False, "the .com Offline token: no rent on the square it stands on",
                                 "The .com Offline token")
    max_turns: int = _option(0, "stop after this many turns, nobody winning (0: no limit)",
                             "Stop after turns, nobody winning", words={0: "no limit"}, low=0, high=MAX_TURNS)
    # The two-player text game's differences from the classic book.
    auctions: bool = _option(True, "a deed the player who landed declines to buy is auctioned (off: it stays "
                             "with the bank)", "Auction a declined deed")
    bankrupt_deeds_auctioned: bool = _option(
        True, "the deeds of a player bankrupt to the bank are auctioned (off: the bank keeps them for sale)",
        "Auction a bankrupt's deeds")
    doubles_roll_again: bool = _option(True, "doubles give another throw", "Doubles throw again")
    three_doubles_jail: bool = _option(True, "the third doubles in a turn send the thrower to jail",
                                       "Three doubles send you to jail")
    max_players: int = _option(8, "the most players a game takes", "Most players", low=2, high=8)
    # House rules.
    starting_cash: int = _option(0, "cash each player starts with (0: the board's amount)", "Starting cash",
                                 words={0: "the board's amount"}, low=0, high=MAX_MONEY)
    go_salary: int = _option(0, "salary for passing GO (0: the board's amount)", "Salary for passing GO",
                             words={0: "the board's amount"}, low=0, high=MAX_MONEY)
    go_landing_double: bool = _option(False, "landing exactly on GO pays double salary",
                                      "Double salary for landing on GO")
    free_parking_pot: bool = _option(
        False, "taxes and fines go to a pot on Free Parking; who lands there takes it", "Free Parking jackpot")
    pot_card_payments: bool = _option(False, "with the jackpot, card payments to the bank go to the pot too",
                                      "Card payments into the jackpot")
    pot_stake: int = _option(0, "with the jackpot, the bank puts this in the pot at the start and after each win",
                             "Jackpot stake from the bank", words={0: "none"}, low=0, high=MAX_MONEY)
    jail_no_rent: bool = _option(False, "a player in jail collects no rent", "No rent collected from jail")
    even_building: bool = _option(True, "houses are built and sold evenly across a colour group",
                                  "Build evenly")
    turn_limit: int = _option(0, "the game ends after this many turns and the richest player wins (0: no limit)",
                              "End after turns, richest wins", words={0: "no limit"}, low=0, high=MAX_TURNS)
    net_worth_target: int = _option(
        0, "the game ends when a player is worth this much at the end of a turn, the richest winning (0: none)",
        "End at a net worth, richest wins", words={0: "no target"}, low=0, high=10 * MAX_MONEY)

    def __post_init__(self) -> None:
        for name, kind in _declared().items():
            value = getattr(self, name)
            object.__setattr__(self, name, _checked(name, kind, value, *_bounds()[name]))
        if self.short_game == ShortGame.TIME_LIMIT and self.time_limit_minutes <= 0:
            raise ValueError("the time-limit game needs time_limit_minutes above 0")

    # Derived rules: one place that says what each short game changes. Worked out once per
    # value (the rules never change, and the engine asks some of these at every throw).
    @cached_property
    def houses_per_hotel(self) -> int:
        """Houses needed on every site of a group before a hotel.

        Three in the .com short game, and in the time-limit game where the book says so (the US
        books do; the UK and .com books keep four).
        """
        if self.short_game == ShortGame.DOTCOM or (
                self.short_game == ShortGame.TIME_LIMIT and self.time_limit_three_houses):
            return 3
        return 4

    @cached_property
    def jail_turns(self) -> int:
        """Turns a jailed player may try for doubles; the .com short game allows one."""
        return 1 if self.short_game == ShortGame.DOTCOM else 3

    @cached_property
    def effective_income_tax(self) -> IncomeTaxMode:
        return IncomeTaxMode.FLAT if self.short_game == ShortGame.DOTCOM else self.income_tax

    @cached_property
    def deeds_dealt(self) -> int:
        return {ShortGame.TIME_LIMIT: 2, ShortGame.DOTCOM: 3}.get(self.short_game, 0)

    @cached_property
    def deeds_free(self) -> bool:
        return self.short_game == ShortGame.DOTCOM

    @cached_property
    def ends_at_first_bankruptcy(self) -> bool:
        return self.short_game == ShortGame.DOTCOM

    @cached_property
    def hotel_value_in_houses(self) -> int:
        """What a hotel counts for in the final valuation, in houses of its site.

        The time-limit books value a hotel as five houses; the .com short game as the hotel plus
        the three houses turned in for it.
        """
        return 4 if self.short_game == ShortGame.DOTCOM else 5

    def to_dict(self) -> dict[str, Any]:
        """The options as plain data (``serial.to_plain``, as the state, actions and events)."""
        plain: dict[str, Any] = to_plain(self)
        return plain

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Rules":
        """Build rules from a mapping; unknown names are refused so typos do not pass silently."""
        unknown = sorted(set(data) - set(_declared()))
        if unknown:
            raise ValueError(f"unknown rule option(s): {', '.join(unknown)}")
        return cls(**dict(data))  # each value checked by its option's declared type and range

    def with_options(self, **changes: Any) -> "Rules":
        return replace(self, **changes)


@dataclass(frozen=True)
class OptionInfo:
    """One rule option as a front end lists it: its name, type, allowed values, default and help,
    a plain-words title, words for its values and, for a number, its range."""

    name: str
    kind: type
    choices: tuple[str, ...]  # the allowed texts of a choice option; () for true/false and numbers
    default: Any
    help: str
    title: str = ""
    words: tuple[tuple[Any, str], ...] = ()  # (value, plain words) for the values that have some
    low: int | None = None  # a number option's range
    high: int | None = None

    def parse(self, text: str) -> Any:
        """The value typed as ``text`` (``--rule name=text``); ``ValueError`` says what is allowed."""
        word = text.strip().lower()
        if self.kind is bool:
            if word in ("true", "yes", "on", "1"):
                return True
            if word in ("false", "no", "off", "0"):
                return False
            raise ValueError(f"rule option {self.name} is true or false, not {text!r}")
        if self.kind is int:
            try:
                number = int(word.replace(",", "").replace("_", ""))
            except ValueError:
                raise ValueError(f"rule option {self.name} is {self.values}, not {text!r}") from None
            return _checked(self.name, int, number, self.low, self.high)
        return _checked(self.name, self.kind, word)

    @property
    def values(self) -> str:
        """The allowed values in words, for help texts."""
        if self.kind is bool:
            return "true or false"
        if self.kind is int:
            return _range_words(self.low, self.high)
        return " | ".join(self.choices)

    def describe(self, value: Any) -> str:
        """``value`` of this option in plain words ("yes", "no limit", "paid at once, no claim")."""
        plain = _plain(value)
        for known, said in self.words:
            if known == plain and type(known) is type(plain):
                return said
        if self.kind is bool:
            return "yes" if plain else "no"
        if self.kind is int:
            return f"{plain:,}"
        return str(plain)


def rule_options() -> tuple[OptionInfo, ...]:
    """Every rule option, in declaration order: the one list front ends and help texts use."""
    return _options()


@lru_cache(maxsize=None)
def _options() -> tuple[OptionInfo, ...]:
    defaults = Rules()
    out = []
    for f in fields(Rules):
        kind = _declared()[f.name]
        choices = tuple(str(m.value) for m in kind) if issubclass(kind, Code) else ()
        meta = f.metadata
        out.append(OptionInfo(f.name, kind, choices, _plain(getattr(defaults, f.name)), meta.get("help", ""),
                              meta.get("title", "") or f.name, tuple(meta.get("words", {}).items()),
                              meta.get("low"), meta.get("high")))
    return tuple(out)


@lru_cache(maxsize=None)
def _declared() -> dict[str, type]:
    hints = typing.get_type_hints(Rules)
    return {f.name: hints[f.name] for f in fields(Rules)}


@lru_cache(maxsize=None)
def _bounds() -> dict[str, tuple[int | None, int | None]]:
    return {f.name: (f.metadata.get("low"), f.metadata.get("high")) for f in fields(Rules)}


def _range_words(low: int | None, high: int | None) -> str:
    if high is None:
        return f"a whole number of at least {low or 0}"
    return f"a whole number from {low or 0:,} to {high:,}"


def _checked(name: str, kind: type, value: Any, low: int | None = None, high: int | None = None) -> Any:
    """``value`` as option ``name`` of type ``kind`` holds it, or ``ValueError`` naming what is allowed."""
    if kind is bool:
        if not isinstance(value, bool):
            raise ValueError(f"rule option {name} must be true or false, not {value!r}")
        return value
    if kind is int:
        bottom = low or 0
        if (not isinstance(value, int) or isinstance(value, bool) or value < bottom
                or (high is not None and value > high)):
            raise ValueError(f"rule option {name} must be {_range_words(low, high)}, not {value!r}")
        return value
    if isinstance(kind, type) and issubclass(kind, Code):
        try:
            return kind(value)
        except ValueError:
            raise ValueError(f"rule option {name} must be one of {kind.allowed()}, not {value!r}") from None
    raise TypeError(f"rule option {name} has a type the engine cannot check: {kind!r}")


def _plain(value: Any) -> Any:
    return value.value if isinstance(value, Code) else value
