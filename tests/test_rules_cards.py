"""Scenarios: Chance and Community Chest, every card of the 1980s US decks and the UK extras.

The dice are scripted, so decks lie in their printed order; ``card_on_top`` picks the card drawn.
Chance squares: 7, 22, 36. Community Chest squares: 2, 17, 33.
"""

from __future__ import annotations

import pytest

from monopoly.engine import ClaimRent, DecisionKind as K, Game, PayOrDraw, Roll, UseJailCard
from monopoly.engine import events as E

from scenario import (ANN, BOB, CAT, act, bottom_card, build, card_on_top, cash, deck_order, give, jail,
                      new_game, of, paid, place, position, set_cash)

THREE = ("Ann", "Bob", "Cat")



def _draw(deck: str, card: str, at: int, *more_rolls, game: Game | None = None, players=THREE, **options):
    """Ann throws 7 onto the card square ``at`` with ``card`` on top of ``deck``; returns (game, events)."""
    game = game or new_game(players=players, **options)
    card_on_top(game, deck, card)
    place(game, ANN, at - 7)
    game.dice.add((3, 4), *more_rolls)
    events = act(game, Roll(ANN))
    drawn = of(events, E.CardDrawn)
    assert drawn and drawn[0].card == card and drawn[0].player == ANN
    return game, events


def _to_anns_next_turn(game: Game) -> None:
    """Bob and Cat each throw 10 (Just Visiting) so that Ann is next to throw."""
    game.dice.add((4, 6), (4, 6))
    act(game, Roll(BOB))
    act(game, Roll(CAT))
    assert game.view.pending.kind == K.ROLL and game.view.pending.player == ANN


# ---------------------------------------------------------------- the decks
def test_cards_decks_are_shuffled_from_the_game_seed():
    a = Game.new(["Ann", "Bob"], seed=7, first_player=0)
    b = Game.new(["Ann", "Bob"], seed=7, first_player=0)
    c = Game.new(["Ann", "Bob"], seed=8, first_player=0)
    def decks(game: Game) -> list[tuple[str, ...]]:
        return [deck_order(game, deck) for deck in ("chance", "community_chest")]

    printed = [[card.id for card in a.edition.deck(deck)] for deck in ("chance", "community_chest")]
    assert decks(a) == decks(b)
    assert decks(a) != decks(c)
    assert [len(ids) for ids in printed] == [16, 16]
    assert sorted(decks(a)[0]) == sorted(printed[0]) and sorted(decks(a)[1]) == sorted(printed[1])
    assert list(decks(a)[0]) != printed[0]  # actually shuffled


def test_cards_the_top_card_is_drawn_and_returned_to_the_bottom():
    game = new_game()
    order = deck_order(game, "chance")
    card_on_top(game, "chance", "chance-dividend")
    place(game, ANN, 0)
    game.dice.add((3, 4))
    act(game, Roll(ANN))
    assert bottom_card(game, "chance") == "chance-dividend"
    assert len(deck_order(game, "chance")) == 16
    nxt = [card for card in order if card != "chance-dividend"]
    assert list(deck_order(game, "chance")) == nxt + [order[6]]


def test_cards_get_out_of_jail_free_is_kept_until_used_then_goes_to_the_bottom():
    game, events = _draw("chance", "chance-jail-free", 7)
    assert of(events, E.JailCardGained) == [E.JailCardGained(ANN, "chance")]
    assert game.view.jail_cards(ANN) == ("chance",)
    assert len(deck_order(game, "chance")) == 15 and "chance-jail-free" not in deck_order(game, "chance")
    _to_anns_next_turn(game)
    jail(game, ANN)
    act(game, UseJailCard(ANN))
    assert game.view.jail_cards(ANN) == () and not game.view.in_jail(ANN)
    assert bottom_card(game, "chance") == "chance-jail-free" and len(deck_order(game, "chance")) == 16


def test_cards_community_chest_jail_card_goes_back_to_its_own_deck():
    game, _ = _draw("community_chest", "community_chest-jail-free", 17)
    assert game.view.jail_cards(ANN) == ("community_chest",)
    _to_anns_next_turn(game)
    jail(game, ANN)
    act(game, UseJailCard(ANN))
    assert bottom_card(game, "community_chest") == "community_chest-jail-free"
    assert len(deck_order(game, "community_chest")) == 16 and len(deck_order(game, "chance")) == 16


# ---------------------------------------------------------------- money cards
@pytest.mark.parametrize("deck, card, at, change", [
    ("chance", "chance-dividend", 7, 50),
    ("chance", "chance-building-loan", 22, 150),
    ("chance", "chance-poor-tax", 36, -15),
    ("community_chest", "community_chest-bank-error", 17, 200),
    ("community_chest", "community_chest-doctor", 17, -50),
    ("community_chest", "community_chest-stock", 33, 45),
    ("community_chest", "community_chest-xmas-fund", 17, 100),
    ("community_chest", "community_chest-tax-refund", 17, 20),
    ("community_chest", "community_chest-life-insurance", 33, 100),
    ("community_chest", "community_chest-hospital", 17, -100),
    ("community_chest", "community_chest-school-tax", 17, -150),
    ("community_chest", "community_chest-services", 17, 25),
    ("community_chest", "community_chest-beauty", 33, 10),
    ("community_chest", "community_chest-inherit", 17, 100),
])
def test_cards_money_from_or_to_the_bank(deck, card, at, change):
    game, events = _draw(deck, card, at)
    assert paid(events, "card") == ([(-1, ANN, change)] if change > 0 else [(ANN, -1, -change)])
    assert cash(game) == [1500 + change, 1500, 1500]
    assert position(game, ANN) == at and game.view.current_player == BOB


def test_cards_pay_each_player():
    game, events = _draw("chance", "chance-chairman", 7)
    assert paid(events, "card") == [(ANN, BOB, 50), (ANN, CAT, 50)]
    assert cash(game) == [1400, 1550, 1550]


def test_cards_collect_from_each_player():
    game, events = _draw("community_chest", "community_chest-opera", 17)
    assert paid(events, "card") == [(BOB, ANN, 50), (CAT, ANN, 50)]
    assert cash(game) == [1600, 1450, 1450]


def test_cards_collect_from_each_player_one_who_cannot_pay_must_raise_it():
    game = new_game(players=THREE)
    set_cash(game, CAT, 20)
    give(game, CAT, "Baltic Avenue")
    game, events = _draw("community_chest", "community_chest-opera", 17, game=game)
    assert paid(events, "card") == [(BOB, ANN, 50)]
    assert of(events, E.DebtRaised) == [E.DebtRaised(CAT, ANN, 50, "card")]
    assert game.view.pending.kind == K.RAISE_FUNDS and game.view.pending.player == CAT and game.view.pending.creditor == ANN
    assert cash(game) == [1550, 1450, 20]


def test_cards_pay_each_player_with_too_little_pays_in_order_and_owes_the_rest():
    game = new_game(players=THREE)
    set_cash(game, ANN, 80)
    game, events = _draw("chance", "chance-chairman", 7, game=game)
    assert paid(events, "card") == [(ANN, BOB, 50)]
    assert of(events, E.DebtRaised) == [E.DebtRaised(ANN, CAT, 50, "card")]
    assert cash(game) == [30, 1550, 1500] and min(cash(game)) >= 0


@pytest.mark.parametrize("deck, card, per_house, per_hotel", [
    ("chance", "chance-repairs", 25, 100),
    ("community_chest", "community_chest-street-repairs", 40, 115),
])
def test_cards_repairs_per_house_and_per_hotel(deck, card, per_house, per_hotel):
    game = new_game(players=THREE)
    give(game, ANN, "Mediterranean Avenue", "Baltic Avenue", "Park Place", "Boardwalk")
    build(game, {1: 2, 3: 2, 37: 4, 39: "hotel"})
    give(game, BOB, "Oriental Avenue", "Vermont Avenue", "Connecticut Avenue")
    build(game, {6: 1, 8: 1, 9: 1})  # Bob's houses are not Ann's to repair
    game, events = _draw(deck, card, 22 if deck == "chance" else 17, game=game)
    assert paid(events, "repairs") == [(ANN, -1, 8 * per_house + per_hotel)]


def test_cards_repairs_with_no_buildings_cost_nothing():
    game, events = _draw("chance", "chance-repairs", 7)
    assert paid(events) == [] and cash(game) == [1500, 1500, 1500]


# ---------------------------------------------------------------- movement cards
@pytest.mark.parametrize("deck, card, at, target, salary", [
    ("chance", "chance-go", 36, 0, 200),
    ("community_chest", "community_chest-go", 17, 0, 200),
    ("chance", "chance-illinois", 7, 24, 0),
    ("chance", "chance-illinois", 36, 24, 200),
    ("chance", "chance-st-charles", 7, 11, 0),
    ("chance", "chance-st-charles", 22, 11, 200),
    ("chance", "chance-reading", 7, 5, 200),
    ("chance", "chance-boardwalk", 36, 39, 0),
])
def test_cards_advance_to_a_square_collecting_salary_when_passing_go(deck, card, at, target, salary):
    game, events = _draw(deck, card, at)
    assert position(game, ANN) == target
    assert paid(events, "salary") == ([(-1, ANN, 200)] if salary else [])
    assert [e.square for e in of(events, E.Landed)] == [at, target]
    if target:
        assert game.view.pending.kind == K.BUY and game.view.pending.square == target


@pytest.mark.parametrize("card", ["chance-railroad-1", "chance-railroad-2"])
@pytest.mark.parametrize("at, railroad", [(7, 15), (22, 25), (36, 5)])
def test_cards_nearest_railroad_unowned_may_be_bought(card, at, railroad):
    game, events = _draw("chance", card, at)
    assert position(game, ANN) == railroad
    assert paid(events, "salary") == ([(-1, ANN, 200)] if at == 36 else [])
    assert game.view.pending.kind == K.BUY and game.view.pending.square == railroad and game.view.pending.amount == 200


@pytest.mark.parametrize("owned, rent", [(1, 50), (2, 100), (4, 400)])
def test_cards_nearest_railroad_owned_pays_twice_the_rent(owned, rent):
    game = new_game(players=THREE)
    give(game, BOB, *(15, 25, 35, 5)[:owned])
    game, events = _draw("chance", "chance-railroad-1", 7, game=game)
    assert [(e.owner, e.square, e.amount) for e in of(events, E.RentDue)] == [(BOB, 15, rent)]


def test_cards_nearest_railroad_mortgaged_pays_nothing():
    game = new_game(players=THREE)
    give(game, BOB, 15, mortgaged=True)
    game, events = _draw("chance", "chance-railroad-1", 7, game=game)
    assert of(events, E.RentDue) == [] and of(events, E.NoRent) == [E.NoRent(15, BOB, "mortgaged")]


@pytest.mark.parametrize("at, utility", [(7, 12), (22, 28), (36, 12)])
def test_cards_nearest_utility_unowned_may_be_bought(at, utility):
    game, events = _draw("chance", "chance-utility", at)
    assert position(game, ANN) == utility
    assert paid(events, "salary") == ([(-1, ANN, 200)] if at == 36 else [])
    assert game.view.pending.kind == K.BUY and game.view.pending.square == utility
    assert [e.purpose for e in of(events, E.DiceRolled)] == ["move"]


@pytest.mark.parametrize("both", [False, True])
def test_cards_nearest_utility_owned_pays_ten_times_a_fresh_throw(both):
    game = new_game(players=THREE)
    give(game, BOB, *((12, 28) if both else (28,)))
    game, events = _draw("chance", "chance-utility", 22, (2, 1), game=game)
    assert of(events, E.DiceRolled)[-1] == E.DiceRolled(ANN, (2, 1), "utility")
    assert [(e.owner, e.square, e.amount) for e in of(events, E.RentDue)] == [(BOB, 28, 30)]
    claim = of(events, E.RentDue)[0].claim
    act(game, ClaimRent(BOB, claim))
    assert cash(game) == [1470, 1530, 1500]


def test_cards_nearest_utility_fresh_throw_of_doubles_gives_no_extra_turn():
    game = new_game(players=THREE)
    give(game, BOB, 28)
    game, events = _draw("chance", "chance-utility", 22, (6, 6), game=game)
    assert of(events, E.RentDue)[0].amount == 120
    assert game.view.current_player == BOB


def test_cards_nearest_utility_own_utility_no_throw():
    game = new_game(players=THREE)
    give(game, ANN, 28)
    game, events = _draw("chance", "chance-utility", 22, game=game)
    assert [e.purpose for e in of(events, E.DiceRolled)] == ["move"] and of(events, E.RentDue) == []


def test_cards_go_back_three_spaces_onto_income_tax():
    game, events = _draw("chance", "chance-back-3", 7)
    assert of(events, E.Moved)[-1] == E.Moved(ANN, 7, 4, -3)
    assert position(game, ANN) == 4 and game.view.pending.kind == K.INCOME_TAX
    assert paid(events, "salary") == []


def test_cards_go_back_three_spaces_onto_a_property():
    game = new_game(players=THREE)
    give(game, BOB, "New York Avenue")
    game, events = _draw("chance", "chance-back-3", 22, game=game)
    assert position(game, ANN) == 19
    assert [(e.owner, e.amount) for e in of(events, E.RentDue)] == [(BOB, 16)]


def test_cards_go_back_three_spaces_onto_community_chest_draws_again():
    game = new_game(players=THREE)
    card_on_top(game, "community_chest", "community_chest-inherit")
    game, events = _draw("chance", "chance-back-3", 36, game=game)
    assert position(game, ANN) == 33
    assert [(e.deck, e.card) for e in of(events, E.CardDrawn)] == [
        ("chance", "chance-back-3"), ("community_chest", "community_chest-inherit")]
    assert cash(game)[ANN] == 1600


@pytest.mark.parametrize("deck, card, at", [
    ("chance", "chance-jail", 7), ("chance", "chance-jail", 36), ("community_chest", "community_chest-jail", 33)])
def test_cards_go_to_jail(deck, card, at):
    game, events = _draw(deck, card, at)
    assert of(events, E.SentToJail) == [E.SentToJail(ANN, "card")]
    assert game.view.in_jail(ANN) and position(game, ANN) == 10
    assert paid(events) == [] and game.view.current_player == BOB


def test_cards_go_to_jail_after_doubles_ends_the_turn():
    game = new_game(players=THREE)
    card_on_top(game, "chance", "chance-jail")
    place(game, ANN, 3)
    game.dice.add((2, 2))
    act(game, Roll(ANN))
    assert game.view.in_jail(ANN) and game.view.current_player == BOB


# ---------------------------------------------------------------- UK cards
def test_cards_uk_go_back_to_old_kent_road_without_salary():
    game, events = _draw("community_chest", "community_chest-old-kent-road", 33, edition="uk")
    assert position(game, ANN) == 1 and of(events, E.Moved)[-1].steps < 0
    assert paid(events) == [] and game.view.pending.kind == K.BUY and game.view.pending.square == 1


def test_cards_uk_birthday_collect_from_each_player():
    game, events = _draw("community_chest", "community_chest-birthday", 17, edition="uk")
    assert paid(events, "card") == [(BOB, ANN, 10), (CAT, ANN, 10)]


def test_cards_uk_pay_a_fine_or_take_a_chance_pay():
    game, events = _draw("community_chest", "community_chest-fine-or-chance", 17, edition="uk")
    assert game.view.pending.kind == K.PAY_OR_DRAW and game.view.pending.player == ANN and game.view.pending.amount == 10
    events = act(game, PayOrDraw(ANN, draw=False))
    assert paid(events) == [(ANN, -1, 10)] and of(events, E.CardDrawn) == []
    assert game.view.current_player == BOB


def test_cards_uk_pay_a_fine_or_take_a_chance_draw():
    game, _ = _draw("community_chest", "community_chest-fine-or-chance", 17, edition="uk")
    card_on_top(game, "chance", "chance-crossword")
    events = act(game, PayOrDraw(ANN, draw=True))
    assert [(e.deck, e.card) for e in of(events, E.CardDrawn)] == [("chance", "chance-crossword")]
    assert paid(events) == [(-1, ANN, 100)] and bottom_card(game, "chance") == "chance-crossword"
    assert bottom_card(game, "community_chest") == "community_chest-fine-or-chance"


def test_cards_dotcom_decks_are_named_for_the_edition():
    game, events = _draw("chance", "chance-dividend", 7, edition="dotcom")
    assert game.edition.deck_name("chance") == "E-Mail Just In"
    assert game.edition.deck_name("community_chest") == "Download"
    assert game.view.money(cash(game)[ANN]) == "$1,550M"


def test_cards_every_card_has_a_known_effect_and_the_decks_are_complete():
    for edition in ("us", "uk", "dotcom"):
        game = new_game(edition=edition)
        for deck in ("chance", "community_chest"):
            cards = game.edition.deck(deck)
            assert len(cards) == 16
            assert sum(c.kind == "get_out_of_jail_free" for c in cards) == 1
            assert len({c.id for c in cards}) == 16


@pytest.mark.parametrize("deck, card, change", [
    ("chance", "chance-school-fees", -150),
    ("chance", "chance-drunk-fine", -20),
    ("chance", "chance-speeding", -15),
    ("chance", "chance-building-loan", 150),
    ("chance", "chance-crossword", 100),
    ("chance", "chance-dividend", 50),
    ("community_chest", "community_chest-hospital", -100),
    ("community_chest", "community_chest-doctor", -50),
    ("community_chest", "community_chest-insurance", -50),
    ("community_chest", "community_chest-bank-error", 200),
    ("community_chest", "community_chest-annuity", 100),
    ("community_chest", "community_chest-inherit", 100),
    ("community_chest", "community_chest-stock", 50),
    ("community_chest", "community_chest-shares", 25),
    ("community_chest", "community_chest-tax-refund", 20),
    ("community_chest", "community_chest-beauty", 10),
])
def test_cards_uk_money_from_or_to_the_bank(deck, card, change):
    game, events = _draw(deck, card, 22 if deck == "chance" else 17, edition="uk")
    assert cash(game) == [1500 + change, 1500, 1500]


@pytest.mark.parametrize("card, at, target, salary", [
    ("chance-go", 7, 0, 200),
    ("chance-trafalgar", 36, 24, 200),
    ("chance-mayfair", 36, 39, 0),
    ("chance-pall-mall", 22, 11, 200),
    ("chance-marylebone", 7, 15, 0),
    ("chance-marylebone", 22, 15, 200),
])
def test_cards_uk_advance_to_a_square(card, at, target, salary):
    game, events = _draw("chance", card, at, edition="uk")
    assert position(game, ANN) == target
    assert paid(events, "salary") == ([(-1, ANN, 200)] if salary else [])


@pytest.mark.parametrize("deck, card, per_house, per_hotel", [
    ("chance", "chance-general-repairs", 25, 100), ("chance", "chance-street-repairs", 40, 115)])
def test_cards_uk_repairs(deck, card, per_house, per_hotel):
    game = new_game(players=THREE, edition="uk")
    give(game, ANN, "Park Lane", "Mayfair")
    build(game, {37: 3, 39: 4})
    game, events = _draw(deck, card, 22, game=game)
    assert paid(events, "repairs") == [(ANN, -1, 7 * per_house)]


def test_cards_uk_back_three_and_jail():
    game, _ = _draw("chance", "chance-back-3", 22, edition="uk")
    assert position(game, ANN) == 19
    game, _ = _draw("community_chest", "community_chest-jail", 17, edition="uk")
    assert game.view.in_jail(ANN)


def test_cards_dotcom_decks_have_the_us_effects_in_web_words():
    us, dotcom = new_game().edition, new_game(edition="dotcom").edition
    for deck in ("chance", "community_chest"):
        assert [(c.kind, c.params) for c in dotcom.deck(deck)] == [(c.kind, c.params) for c in us.deck(deck)]
        assert [c.text for c in dotcom.deck(deck)] != [c.text for c in us.deck(deck)]
