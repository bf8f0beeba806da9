"""A small kit for rule scenarios: a game with scripted dice, a board arranged by hand, and one
call that applies an action and checks every invariant afterwards.

Scenario tests read like the rulebooks: arrange the board (owners, positions, cash, the top card),
script the dice, apply the actions a player would take, then assert on the events and the state.
Arranging goes through the engine's position API (``monopoly.engine.arrange``), which checks the
board and keeps the bank's books; playing always goes through ``Game.apply``, and reading through
``game.view`` (or the saved game, ``to_dict``, for what a view does not show: the order of the decks).
"""

from __future__ import annotations

from typing import Iterable, Mapping, Sequence, TypeVar

from hypothesis import strategies as _st

from monopoly.engine import DECKS, Action, Game, Rules, ScriptedDice, arrange, check_invariants
from monopoly.engine import events as E

Ev = TypeVar("Ev", bound=E.Event)

ANN, BOB, CAT, DAN = 0, 1, 2, 3


def new_game(*rolls: tuple[int, int], players: Sequence[str] = ("Ann", "Bob"), edition: str = "us",
             first: int | None = 0, **options) -> Game:
    """A game whose dice throw ``rolls`` in order and whose decks lie in their printed order.

    ``first`` picks the starting seat without the starting throws (``None`` throws for it);
    keyword arguments change the edition's default rule options.
    """
    game = Game.new(list(players), edition, options or None, dice=ScriptedDice(rolls), first_player=first)
    check_invariants(game)
    return game


def dice(game: Game, *rolls: tuple[int, int]) -> None:
    """Script more throws."""
    game.dice.add(*rolls)  # type: ignore[attr-defined]


def act(game: Game, action: Action) -> list[E.Event]:
    """Apply one action, check every invariant, and return the events."""
    events = game.apply(action)
    check_invariants(game)
    return events


def of(events: Iterable[E.Event], kind: type[Ev]) -> list[Ev]:
    """The events of one kind, in order."""
    return [e for e in events if isinstance(e, kind)]


def paid(events: Iterable[E.Event], reason: str | None = None) -> list[tuple[int, int, int]]:
    """Money movements as (payer, payee, amount), optionally only those for ``reason``."""
    return [(e.payer, e.payee, e.amount) for e in of(events, E.Paid) if reason is None or e.reason == reason]


def square(game: Game, name: str) -> int:
    """The index of the square called ``name`` on this game's board."""
    for sq in game.edition.squares:
        if sq.name == name:
            return sq.index
    raise KeyError(name)


def give(game: Game, player: int, *names_or_indices: str | int, mortgaged: bool = False) -> None:
    """Make ``player`` the owner of these properties (by name or index)."""
    arrange(game, owners={item: player for item in names_or_indices},
            mortgaged={item: mortgaged for item in names_or_indices})


def clear_deeds(game: Game) -> None:
    """Give every deed back to the bank (as after a short game's deal), so a test arranges its own board."""
    arrange(game, owners={sq: None for sq in game.edition.properties})


def place(game: Game, player: int, where: str | int) -> None:
    """Put a token on a square without moving it there."""
    arrange(game, squares={player: where})


def set_cash(game: Game, player: int, cash: int) -> None:
    """Change a player's cash; the engine books the difference with the bank."""
    arrange(game, cash={player: cash})


def jail(game: Game, player: int, turns_tried: int = 0) -> None:
    """Put a player in jail, as if sent there, having already tried for doubles ``turns_tried`` times."""
    arrange(game, jail={player: turns_tried})


def card_on_top(game: Game, deck: str, card_id: str) -> None:
    """Move the card with this id to the top of its deck (the rest keep their order)."""
    arrange(game, top_cards={deck: [card_id]})


def hand_jail_card(game: Game, player: int, deck: str = "chance") -> None:
    """Take the deck's Get Out of Jail Free card out of the deck and give it to ``player``."""
    arrange(game, jail_cards={player: [*game.view.jail_cards(player), deck]})


def deck_order(game: Game, deck: str) -> tuple[str, ...]:
    """The ids of the cards still in a deck, top first.

    Read from the saved game (``to_dict``), which a test may take between any two decisions; a
    ``position_of`` is refused while an auction or an offer waits.
    """
    cards = game.edition.deck(deck)
    return tuple(cards[i].id for i in game.to_dict()["state"]["decks"][DECKS.index(deck)])


def bottom_card(game: Game, deck: str) -> str:
    return deck_order(game, deck)[-1]


def cash(game: Game) -> list[int]:
    return list(game.view.cash_by_seat())


def position(game: Game, player: int) -> int:
    return game.view.position(player)


def build(game: Game, buildings: Mapping[str | int, int | str]) -> None:
    """Stand buildings on streets (street -> houses or "hotel"), taken from the bank's stock.

    A group is set up in one call, since every street of it must stay evenly built.
    """
    arrange(game, buildings=buildings)


def random_rules_game(seed: int, edition: str, options: dict, players: int, max_turns: int = 60) -> Game:
    """A seeded game of ``players`` with the drawn rule options (``RULE_OPTIONS``), for the property tests."""
    if options["short_game"] == "time_limit":
        options = {**options, "time_limit_minutes": 30}
    rules = Rules.from_dict({**options, "max_turns": max_turns})
    return Game.new([f"P{i}" for i in range(players)], edition=edition, rules=rules, seed=seed)


# Every rule option at random, for the property tests (hypothesis strategies).
RULE_OPTIONS = _st.fixed_dictionaries({
    "rent_claim": _st.sampled_from(["next_roll", "next_throw", "second_roll", "automatic"]),
    "income_tax": _st.sampled_from(["choice", "flat"]),
    "double_rent_with_mortgage": _st.booleans(),
    "jail_doubles_roll_again": _st.booleans(),
    "auction_limit": _st.sampled_from(["cash", "assets"]),
    "settle_in_property": _st.booleans(),
    "mortgage_interest": _st.sampled_from([0, 10]),
    "short_game": _st.sampled_from(["none", "none", "time_limit", "dotcom"]),
    "offline_rule": _st.booleans(),
    "time_limit_three_houses": _st.booleans(),
})
