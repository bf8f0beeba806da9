"""Scenarios: Income Tax (the US choice, or flat), Luxury Tax, Super Tax and ISP Fee.

Square 4 is Income Tax on every board; square 38 is Luxury Tax (US, $75), Super Tax (UK, £100) or
ISP Fee (.com, $75M).
"""

from __future__ import annotations

import pytest

from monopoly.engine import DecisionKind as K, IllegalActionError, Mortgage, PayIncomeTax, Roll
from monopoly.engine import events as E

from scenario import ANN, BOB, act, build, cash, give, new_game, of, paid, place, set_cash


def _to_income_tax(game):
    place(game, ANN, 1)
    game.dice.add((1, 2))
    return act(game, Roll(ANN))


def test_income_tax_us_choice_is_asked_before_the_worth_is_known():
    game = new_game()
    events = _to_income_tax(game)
    assert of(events, E.TaxChoiceNeeded) == [E.TaxChoiceNeeded(ANN, 200, 10)]
    assert paid(events) == []
    d = game.view.pending
    assert d.kind == K.INCOME_TAX and d.player == ANN
    assert set(game.legal_actions(ANN)) >= {PayIncomeTax(ANN, False), PayIncomeTax(ANN, True)}
    with pytest.raises(IllegalActionError, match="Ann's decision"):
        game.apply(PayIncomeTax(BOB, True))


def test_income_tax_us_flat_amount():
    game = new_game()
    _to_income_tax(game)
    events = act(game, PayIncomeTax(ANN, percent=False))
    assert paid(events) == [(ANN, -1, 200)]
    assert cash(game) == [1300, 1500] and game.view.current_player == BOB


def test_income_tax_us_ten_percent_of_total_worth():
    game = new_game()
    # Worth: cash $1000; printed prices Mediterranean $60 + Baltic $60 + Boardwalk $400 (mortgaged: the
    # printed price still counts) + Reading $200; four houses at cost $50 each = $200. Total $1920.
    set_cash(game, ANN, 1000)
    give(game, ANN, "Mediterranean Avenue", "Baltic Avenue", "Reading Railroad")
    give(game, ANN, "Boardwalk", mortgaged=True)
    build(game, {1: 2, 3: 2})
    _to_income_tax(game)
    events = act(game, PayIncomeTax(ANN, percent=True))
    assert paid(events) == [(ANN, -1, 192)]
    assert cash(game) == [808, 1500]


def test_income_tax_us_ten_percent_counts_a_hotel_at_the_cost_of_five_buildings():
    game = new_game()
    set_cash(game, ANN, 1000)
    give(game, ANN, "Park Place", "Boardwalk")
    build(game, {37: 4, 39: "hotel"})
    _to_income_tax(game)
    events = act(game, PayIncomeTax(ANN, percent=True))
    # 1000 + 350 + 400 + 4 x 200 + 5 x 200 = 3550
    assert paid(events) == [(ANN, -1, 355)]


def test_income_tax_ten_percent_can_be_less_than_the_flat_amount():
    game = new_game()
    set_cash(game, ANN, 500)
    _to_income_tax(game)
    assert paid(act(game, PayIncomeTax(ANN, percent=True))) == [(ANN, -1, 50)]


def test_income_tax_flat_when_the_option_says_so():
    game = new_game(income_tax="flat")
    events = _to_income_tax(game)
    assert of(events, E.TaxChoiceNeeded) == [] and paid(events) == [(ANN, -1, 200)]
    assert game.view.current_player == BOB


def test_income_tax_uk_is_a_flat_200():
    game = new_game(edition="uk")
    events = _to_income_tax(game)
    assert paid(events) == [(ANN, -1, 200)] and game.view.pending.kind == K.ROLL
    assert game.view.money(200) == "£200"


def test_income_tax_dotcom_offers_the_choice_in_millions():
    game = new_game(edition="dotcom")
    events = _to_income_tax(game)
    assert of(events, E.TaxChoiceNeeded) == [E.TaxChoiceNeeded(ANN, 200, 10)]


@pytest.mark.parametrize("edition, amount, name", [
    ("us", 75, "Luxury Tax"), ("uk", 100, "Super Tax"), ("dotcom", 75, "ISP Fee")])
def test_luxury_tax_super_tax_isp_fee_flat(edition, amount, name):
    game = new_game(edition=edition)
    assert game.view.square(38).name == name
    place(game, ANN, 35)
    game.dice.add((1, 2))
    events = act(game, Roll(ANN))
    assert paid(events) == [(ANN, -1, amount)]
    assert of(events, E.TaxChoiceNeeded) == [] and cash(game) == [1500 - amount, 1500]


def test_tax_the_player_short_of_cash_must_raise_it():
    game = new_game()
    set_cash(game, ANN, 30)
    give(game, ANN, "Reading Railroad")
    place(game, ANN, 35)
    game.dice.add((1, 2))
    events = act(game, Roll(ANN))
    assert of(events, E.DebtRaised) == [E.DebtRaised(ANN, -1, 75, "tax")]
    assert game.view.pending.kind == K.RAISE_FUNDS and cash(game) == [30, 1500]
    events = act(game, Mortgage(ANN, 5))
    assert paid(events) == [(-1, ANN, 100), (ANN, -1, 75)]
    assert cash(game) == [55, 1500] and game.view.current_player == BOB
