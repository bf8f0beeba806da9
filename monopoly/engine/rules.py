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

# The allowed texts of each choice option, for callers that list them.
RENT_CLAIM_MODES = tuple(m.value for m in RentClaimMode)
INCOME_TAX_MODES = tuple(m.value for m in IncomeTaxMode)
AUCTION_LIMITS = tuple(m.value for m in AuctionLimit)
SHORT_GAMES = tuple(m.value for m in ShortGame)


def _option(default: Any, help: str) -> Any:
    return field(default=default, metadata={"help": help})


@dataclass(frozen=True)
class Rules:
    """Every rule option of one game; saved with it and never changed during play."""

    rent_claim: RentClaimMode = _option(
        RentClaimMode.NEXT_ROLL, "until when the owner may claim rent: before the next player throws (next_roll), "
        "before any next throw (next_throw), before the second player following throws (second_roll), or "
        "charged at once (automatic)")
    income_tax: IncomeTaxMode = _option(
        IncomeTaxMode.CHOICE, "income tax: the flat amount or a percentage of worth, chosen first (choice), or "
        "the flat amount only (flat)")
    double_rent_with_mortgage: bool = _option(
        True, "a complete colour group doubles unimproved rent even with a site mortgaged")
    jail_doubles_roll_again: bool = _option(False, "doubles thrown to leave jail give another throw")
    auction_limit: AuctionLimit = _option(
        AuctionLimit.CASH, "bids up to the bidder's cash (cash), or up to their assets, a bid beyond which "
        "voids the auction (assets)")
    settle_in_property: bool = _option(False, "rent that cannot be paid may be settled partly in property")
    mortgage_interest: int = _option(10, "percent interest on lifting a mortgage or receiving a mortgaged deed")
    short_game: ShortGame = _option(
        ShortGame.NONE, "a short game: none, time_limit (a valuation when time is up) or dotcom (the .com short "
        "game)")
    time_limit_minutes: int = _option(0, "minutes of the time-limit game")
    time_limit_three_houses: bool = _option(True, "in the time-limit game a hotel needs three houses a site")
    offline_rule: bool = _option(False, "the .com Offline token: no rent on the square it stands on")
    max_turns: int = _option(0, "stop after this many turns, nobody winning (0: no limit)")

    def __post_init__(self) -> None:
        for name, kind in _declared().items():
            value = getattr(self, name)
            object.__setattr__(self, name, _checked(name, kind, value))
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
        return {f.name: _plain(getattr(self, f.name)) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Rules":
        """Build rules from a mapping; unknown names are refused so typos do not pass silently."""
        unknown = sorted(set(data) - set(_declared()))
        if unknown:
            raise ValueError(f"unknown rule option(s): {', '.join(unknown)}")
        return cls(**dict(data))

    def with_options(self, **changes: Any) -> "Rules":
        return replace(self, **changes)


@dataclass(frozen=True)
class OptionInfo:
    """One rule option as a front end lists it: its name, type, allowed values, default and help."""

    name: str
    kind: type
    choices: tuple[str, ...]  # the allowed texts of a choice option; () for true/false and numbers
    default: Any
    help: str

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
                return _checked(self.name, int, int(word))
            except ValueError:
                raise ValueError(f"rule option {self.name} is a whole number of at least 0, not {text!r}") from None
        return _checked(self.name, self.kind, word)

    @property
    def values(self) -> str:
        """The allowed values in words, for help texts."""
        if self.kind is bool:
            return "true or false"
        if self.kind is int:
            return "a whole number of at least 0"
        return " | ".join(self.choices)


def rule_options() -> tuple[OptionInfo, ...]:
    """Every rule option, in declaration order: the one list front ends and help texts use."""
    defaults = Rules()
    out = []
    for f in fields(Rules):
        kind = _declared()[f.name]
        choices = tuple(str(m.value) for m in kind) if issubclass(kind, Code) else ()
        out.append(OptionInfo(f.name, kind, choices, _plain(getattr(defaults, f.name)), f.metadata.get("help", "")))
    return tuple(out)


@lru_cache(maxsize=None)
def _declared() -> dict[str, type]:
    hints = typing.get_type_hints(Rules)
    return {f.name: hints[f.name] for f in fields(Rules)}


def _checked(name: str, kind: type, value: Any) -> Any:
    """``value`` as option ``name`` of type ``kind`` holds it, or ``ValueError`` naming what is allowed."""
    if kind is bool:
        if not isinstance(value, bool):
            raise ValueError(f"rule option {name} must be true or false, not {value!r}")
        return value
    if kind is int:
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ValueError(f"rule option {name} must be a whole number of at least 0, not {value!r}")
        return value
    if isinstance(kind, type) and issubclass(kind, Code):
        try:
            return kind(value)
        except ValueError:
            raise ValueError(f"rule option {name} must be one of {kind.allowed()}, not {value!r}") from None
    raise TypeError(f"rule option {name} has a type the engine cannot check: {kind!r}")


def _plain(value: Any) -> Any:
    return value.value if isinstance(value, Code) else value
