"""The rule options a game is set up with.

Editions differ (the UK book forbids double rent on a group with a mortgaged site, the .com
book lets rent be claimed until the second player following rolls, ...). Each difference is a
named field here rather than a branch on the edition's name, so any mix can be played and
tested.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Mapping

RENT_CLAIM_MODES = ("next_roll", "next_throw", "second_roll", "automatic")
INCOME_TAX_MODES = ("choice", "flat")
AUCTION_LIMITS = ("cash", "assets")
SHORT_GAMES = ("none", "time_limit", "dotcom")


@dataclass(frozen=True)
class Rules:
    """Every rule option of one game; saved with it and never changed during play."""

    rent_claim: str = "next_roll"
    income_tax: str = "choice"
    double_rent_with_mortgage: bool = True
    jail_doubles_roll_again: bool = False
    auction_limit: str = "cash"
    settle_in_property: bool = False
    mortgage_interest: int = 10
    short_game: str = "none"
    time_limit_minutes: int = 0
    time_limit_three_houses: bool = True
    offline_rule: bool = False
    max_turns: int = 0

    def __post_init__(self) -> None:
        choices = {
            "rent_claim": RENT_CLAIM_MODES,
            "income_tax": INCOME_TAX_MODES,
            "auction_limit": AUCTION_LIMITS,
            "short_game": SHORT_GAMES,
        }
        for name, allowed in choices.items():
            value = getattr(self, name)
            if value not in allowed:
                raise ValueError(f"rule option {name} must be one of {', '.join(allowed)}, not {value!r}")
        for name in ("mortgage_interest", "time_limit_minutes", "max_turns"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError(f"rule option {name} must be a whole number of at least 0, not {value!r}")
        for name in ("double_rent_with_mortgage", "jail_doubles_roll_again", "settle_in_property", "offline_rule",
                     "time_limit_three_houses"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"rule option {name} must be true or false")
        if self.short_game == "time_limit" and self.time_limit_minutes <= 0:
            raise ValueError("the time-limit game needs time_limit_minutes above 0")

    # Derived rules: one place that says what each short game changes.
    @property
    def houses_per_hotel(self) -> int:
        """Houses needed on every site of a group before a hotel.

        Three in the .com short game, and in the time-limit game where the book says so (the US
        books do; the UK and .com books keep four).
        """
        if self.short_game == "dotcom" or (self.short_game == "time_limit" and self.time_limit_three_houses):
            return 3
        return 4

    @property
    def jail_turns(self) -> int:
        """Turns a jailed player may try for doubles; the .com short game allows one."""
        return 1 if self.short_game == "dotcom" else 3

    @property
    def effective_income_tax(self) -> str:
        return "flat" if self.short_game == "dotcom" else self.income_tax

    @property
    def deeds_dealt(self) -> int:
        return {"time_limit": 2, "dotcom": 3}.get(self.short_game, 0)

    @property
    def deeds_free(self) -> bool:
        return self.short_game == "dotcom"

    @property
    def ends_at_first_bankruptcy(self) -> bool:
        return self.short_game == "dotcom"

    @property
    def hotel_value_in_houses(self) -> int:
        """What a hotel counts for in the final valuation, in houses of its site.

        The time-limit books value a hotel as five houses; the .com short game as the hotel plus
        the three houses turned in for it.
        """
        return 4 if self.short_game == "dotcom" else 5

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Rules":
        """Build rules from a mapping; unknown names are refused so typos do not pass silently."""
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"unknown rule option(s): {', '.join(unknown)}")
        return cls(**dict(data))

    def with_options(self, **changes: Any) -> "Rules":
        return replace(self, **changes)
