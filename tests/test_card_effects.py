"""The card-effect registry (``monopoly/engine/effects.py``): one entry for every kind of card
effect, read by the engine when a card is played and by the computer players alike. Adding a kind
of effect is one entry there, its ``CardKind`` and a case here."""

from __future__ import annotations

import pytest

from monopoly.engine import EFFECTS, CardKind, CardOdds, Roll, card_destination, edition_ids, load_edition
from monopoly.engine import events as E

from scenario import ANN, act, card_on_top, new_game, of, place


def test_every_kind_of_effect_has_one_entry() -> None:
    assert set(EFFECTS) == set(CardKind) and all(e.kind is k for k, e in EFFECTS.items())


@pytest.mark.parametrize("edition", edition_ids())
def test_every_card_has_what_its_effect_needs(edition: str) -> None:
    ed = load_edition(edition)
    for deck in ("chance", "community_chest"):
        for card in ed.deck(deck):
            assert card.effect is EFFECTS[card.kind]
            assert all(card.param(name) is not None for name in card.effect.needs), card.id


def _draws(edition: str) -> list[tuple[str, str, int]]:
    """(deck, card, square of the deck) for every card of an edition, on its first deck square."""
    ed = load_edition(edition)
    out = []
    for deck in ("chance", "community_chest"):
        square = next(sq.index for sq in ed.squares if sq.kind == deck and sq.index > 3)
        out += [(deck, card.id, square) for card in ed.deck(deck)]
    return out


@pytest.mark.parametrize("edition", ["us", "uk", "dotcom"])
def test_a_card_played_sends_the_token_where_the_registry_says(edition: str) -> None:
    """The engine's move of every card (the first ``Moved`` after it is drawn, or jail) is the
    registry's ``destination``, which the computer players read for their landing odds."""
    ed = load_edition(edition)
    for deck, card_id, square in _draws(edition):
        game = new_game((1, 2), edition=edition)
        place(game, ANN, square - 3)
        card_on_top(game, deck, card_id)
        events = act(game, Roll(ANN))
        card = next(c for c in ed.deck(deck) if c.id == card_id)
        drawn = next(i for i, e in enumerate(events) if isinstance(e, E.CardDrawn))
        after = events[drawn + 1:]
        where = card_destination(ed, card, square)
        if where is None:
            assert of(after, E.SentToJail) and of(after, E.SentToJail)[0].reason == "card", card_id
        elif card.moves:
            assert of(after, E.Moved)[0].end == where, card_id
        else:
            assert where == square and not of(after, E.Moved), card_id


def test_the_cash_a_card_is_expected_to_move() -> None:
    odds = CardOdds(opponents=3, houses=4, hotels=1, jail_fine=50, landing_bonus=200)
    us = load_edition("us")
    cards = {c.kind: c for deck in ("chance", "community_chest") for c in us.deck(deck)}
    expected = {kind: cards[kind].effect.expected_cash(cards[kind], odds) for kind in cards}
    assert expected[CardKind.PAY_EACH_PLAYER] == -cards[CardKind.PAY_EACH_PLAYER].param("amount") * 3
    assert expected[CardKind.COLLECT_FROM_EACH_PLAYER] == cards[CardKind.COLLECT_FROM_EACH_PLAYER].param("amount") * 3
    repairs = cards[CardKind.REPAIRS]
    assert expected[CardKind.REPAIRS] == -(4 * repairs.param("per_house") + repairs.param("per_hotel"))
    assert expected[CardKind.GO_TO_JAIL] == -50 and expected[CardKind.GET_OUT_OF_JAIL_FREE] == 25
    assert expected[CardKind.MOVE_RELATIVE] == 0  # a move's worth is where it goes: the landing odds


def test_the_rent_a_card_move_charges() -> None:
    """Only a move to the nearest railroad or utility changes the rent (the computer players' landing
    odds read the same entry)."""
    us = load_edition("us")
    cards = [c for deck in ("chance", "community_chest") for c in us.deck(deck)]
    with_rates = {c.kind for c in cards if c.effect.rent_rates is not None}
    assert with_rates == {CardKind.ADVANCE_TO_NEAREST}
    railroad = next(c for c in cards if c.kind is CardKind.ADVANCE_TO_NEAREST and c.param("target") == "railroad")
    assert railroad.effect.rent_rates is not None and railroad.effect.rent_rates(railroad)[0] == 2
