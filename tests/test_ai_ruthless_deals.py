"""``ruthless``'s deal tactics of issue 28, in scripted positions: what it asks for a set it hands
over when the partner is short of the full price (``Ruthless._least_cash``), in its first
offer of such a deal (``Ruthless._first_sale_price``), and in a long game whatever the partner
gains (``Ruthless._decisive_sale``)."""

from __future__ import annotations

from monopoly.ai import make_strategy
from monopoly.engine import AcceptTrade, RejectTrade
from monopoly.engine.state import Decision, DecisionKind as K, TradeOffer

from test_ai_strategies import BALTIC, CONNECTICUT, MEDITERRANEAN, ORIENTAL, VERMONT, ask_strategy, situation

PARK_PLACE, BOARDWALK = 37, 39
KENTUCKY, INDIANA, ILLINOIS = 21, 23, 24
ATLANTIC, VENTNOR, MARVIN_GARDENS = 26, 27, 29


def _swap(partner_cash: int, pays: int):
    """Seat 1 (Mediterranean, Park Place) offers Mediterranean and ``pays`` for ruthless's Boardwalk:
    ruthless completes brown, seat 1 dark blue, worth far more."""
    offer = TradeOffer(1, 0, give=[MEDITERRANEAN], take=[BOARDWALK], cash=pays)
    return situation(players=4, owners={BALTIC: 0, BOARDWALK: 0, MEDITERRANEAN: 1, PARK_PLACE: 1,
                                        ORIENTAL: 2, VERMONT: 3},
                     cash={0: 1500, 1: partner_cash}, decision=Decision(K.TRADE_RESPONSE, 0, trade=offer))


def test_a_set_is_sold_to_a_partner_short_of_the_full_price_for_what_it_can_pay_of_a_halved_one():
    # Dark blue is worth about $2,400 built up: the full price is twice that, more than seat 1 has;
    # halved twice it is about $1,200, which seat 1 can pay.
    assert ask_strategy("ruthless", _swap(1300, 1250)) == AcceptTrade(0)
    # ... but not for less than the halved price
    assert ask_strategy("ruthless", _swap(1300, 600)) == RejectTrade(0)


def test_a_partner_who_could_pay_the_full_price_is_asked_for_all_of_it():
    assert ask_strategy("ruthless", _swap(5000, 1250)) == RejectTrade(0)


def test_the_price_is_halved_at_most_short_halvings_times():
    ruthless = make_strategy("ruthless", 0)
    assert ruthless._least_cash(4800.0, 5000) == 4800.0
    assert ruthless._least_cash(4800.0, 2500) == 2400.0
    assert ruthless._least_cash(4800.0, 100) == 1200.0  # and the partner still cannot pay it
    assert ruthless._least_cash(0.0, 0) == 0.0


def test_a_set_handed_over_first_costs_the_partners_cash_but_one_house_a_site():
    # Ruthless hands seat 1 brown (Baltic) for Park Place, which completes dark blue for ruthless.
    # Its first offer asks all seat 1's cash but one house a site of brown ($50 a site); once
    # refused, the deal is priced as before (here ruthless even pays for it).
    from monopoly.ai import GameView
    from monopoly.ai.ruthless import _deal

    for partner_cash in (1500, 3000):
        game = situation(players=4, owners={BOARDWALK: 0, BALTIC: 0, PARK_PLACE: 1, MEDITERRANEAN: 1,
                                            ORIENTAL: 2, VERMONT: 3}, cash={0: 1500, 1: partner_cash})
        ruthless = make_strategy("ruthless", 0, seed=5)
        view = GameView(game, 0)
        appraisal = ruthless._appraisal(view)
        deal = _deal(appraisal.board, appraisal.pos.owner, 0, 1, (BALTIC,), (PARK_PLACE,))
        first = ruthless._price_offer(view, appraisal, 1, deal)
        assert first is not None and first[1] == -(partner_cash - 100)
        ruthless._refusals[deal.key] = 1
        usual = ruthless._price_offer(view, appraisal, 1, deal)
        assert usual is not None and usual[1] > first[1] and usual[0] < first[0]


def _long_game(turn: int, yellow: bool):
    """One-on-one: ruthless holds two reds (and yellow with hotels when ``yellow``) and $10,000;
    seat 1 holds the third red, dark blue and brown, unbuilt, and $8,000, at turn ``turn``."""
    owners = {KENTUCKY: 0, INDIANA: 0, ILLINOIS: 1, MEDITERRANEAN: 1, BALTIC: 1, PARK_PLACE: 1, BOARDWALK: 1}
    hotels = {}
    if yellow:
        owners.update({ATLANTIC: 0, VENTNOR: 0, MARVIN_GARDENS: 0})
        hotels = dict.fromkeys((ATLANTIC, VENTNOR, MARVIN_GARDENS), "hotel")
    game = situation(players=2, owners=owners, houses=hotels, cash={0: 10000, 1: 8000})
    game.state.turn.number = turn
    return game


def test_a_long_game_is_offered_a_set_for_the_partners_cash():
    # After ``decisive_rounds`` rounds the reds are offered to seat 1 for all its cash but a house a
    # site ($150 on red): red stays bare while yellow earns, whatever seat 1 would gain by our measure.
    from monopoly.ai import GameView

    ruthless = make_strategy("ruthless", 0, seed=5)
    late = ruthless.decisive_rounds * 2
    offer = ruthless._decisive_sale(GameView(_long_game(late, yellow=True), 0))
    assert offer is not None and (offer.recipient, offer.give, offer.take, offer.cash) == (
        1, (KENTUCKY, INDIANA), (), -(8000 - 450))
    # not earlier in the game; and the usual pricing finds no price for the sale at which seat 1 gains
    early = GameView(_long_game(late - 1, yellow=True), 0)
    assert make_strategy("ruthless", 0, seed=5)._decisive_sale(early) is None
    from monopoly.ai.ruthless import _deal
    usual = make_strategy("ruthless", 0, seed=5)
    appraisal = usual._appraisal(early)
    sale = _deal(appraisal.board, appraisal.pos.owner, 0, 1, (KENTUCKY, INDIANA), ())
    assert usual._price_offer(early, appraisal, 1, sale) is None
    # without a set of its own too: in a long game the cash is worth more than two reds
    alone = make_strategy("ruthless", 0, seed=5)._decisive_sale(GameView(_long_game(late, yellow=False), 0))
    assert alone is not None and alone.give == (KENTUCKY, INDIANA) and alone.cash == -(8000 - 450)


def test_a_decisive_sale_refused_is_not_offered_again():
    from monopoly.ai import GameView
    from monopoly.engine import Offer

    ruthless = make_strategy("ruthless", 0, seed=5)
    view = GameView(_long_game(ruthless.decisive_rounds * 2, yellow=True), 0)
    offer = ruthless._decisive_sale(view)
    assert offer is not None
    ruthless.trade_answered(view, Offer(0, 1, offer.give, offer.take, offer.cash), accepted=False)
    assert ruthless._decisive_sale(view) is None


def test_no_set_is_offered_for_less_than_it_pays_us():
    # A partner with $300 would pay $0 (a house a site kept): no deal then, however long the game.
    from monopoly.ai import GameView

    from monopoly.engine import arrange

    ruthless = make_strategy("ruthless", 0, seed=5)
    game = _long_game(ruthless.decisive_rounds * 2, yellow=True)
    arrange(game, cash={1: 300})
    assert ruthless._decisive_sale(GameView(game, 0)) is None


def test_a_partner_who_refused_a_first_price_is_offered_the_usual_price_and_the_memory_is_saved():
    # Seat 1 can complete brown (with Baltic) or light blue (with Connecticut); either swap for
    # Park Place completes dark blue for ruthless. Once seat 1 refused the first price of one,
    # the other opens at the usual price (not refused itself yet); seat 2 is still asked the
    # first price (never refused); the memory survives ``memory``/``restore``.
    from monopoly.ai import GameView
    from monopoly.ai.ruthless import _deal
    from monopoly.engine import Offer

    game = situation(players=4, owners={BOARDWALK: 0, BALTIC: 0, CONNECTICUT: 0,
                                        PARK_PLACE: 1, MEDITERRANEAN: 1, ORIENTAL: 1, VERMONT: 1},
                     cash={0: 1500, 1: 1500, 2: 1500})
    ruthless = make_strategy("ruthless", 0, seed=5)
    view = GameView(game, 0)

    def price(x: int, give: tuple, take: tuple, strategy=ruthless):
        appraisal = strategy._appraisal(view)
        deal = _deal(appraisal.board, appraisal.pos.owner, 0, x, give, take)
        priced = strategy._price_offer(view, appraisal, x, deal)
        assert priced is not None
        return priced[1]

    first_brown = price(1, (BALTIC,), (PARK_PLACE,))
    first_blue = price(1, (CONNECTICUT,), (PARK_PLACE,))
    assert first_brown == -(1500 - 100) and first_blue == -(1500 - 150)
    # a refusal of a deal handing no set (a block) teaches nothing about the first price
    ruthless.trade_answered(view, Offer(0, 1, (), (MEDITERRANEAN,), 90), False)
    assert price(1, (CONNECTICUT,), (PARK_PLACE,)) == first_blue
    ruthless.trade_answered(view, Offer(0, 1, (BALTIC,), (PARK_PLACE,), first_brown), False)
    usual_blue = price(1, (CONNECTICUT,), (PARK_PLACE,))
    assert usual_blue > first_blue
    assert ruthless._asks_first(2) and not ruthless._asks_first(1)
    restored = make_strategy("ruthless", 0, seed=5)
    restored.restore(ruthless.memory())
    assert not restored._asks_first(1) and restored._asks_first(2)
    assert price(1, (CONNECTICUT,), (PARK_PLACE,), restored) == usual_blue


def _dark_blue_for_light_blue(players: int, ours: int, theirs: int):
    """Seat 1 offers Park Place (dark blue for ruthless, who holds Boardwalk) for Connecticut
    (light blue for seat 1, who holds Oriental and Vermont): a set for each side."""
    offer = TradeOffer(1, 0, give=[PARK_PLACE], take=[CONNECTICUT], cash=0)
    owners = {BOARDWALK: 0, CONNECTICUT: 0, PARK_PLACE: 1, ORIENTAL: 1, VERMONT: 1}
    if players == 4:
        owners.update({BALTIC: 2, MEDITERRANEAN: 3})
    return situation(players=players, owners=owners, cash={0: ours, 1: theirs},
                     decision=Decision(K.TRADE_RESPONSE, 0, trade=offer))


def test_a_swap_of_sets_is_refused_at_a_table_when_the_partner_would_build_its_set_first():
    # Built up without limit, dark blue is worth more than light blue; but with $100 against
    # the partner's $1,500, light blue goes up at once while dark blue waits: refused.
    from monopoly.ai import GameView

    game = _dark_blue_for_light_blue(4, 100, 1500)
    ruthless = make_strategy("ruthless", 0, seed=5)
    assert ruthless._judge(GameView(game, 0), game.view.pending.offer) == (
        False, "you could build the Light Blue set before it could build its own")
    # with the cash on its side the same swap is taken
    assert ask_strategy("ruthless", _dark_blue_for_light_blue(4, 1500, 100)) == AcceptTrade(0)
    assert ask_strategy("ruthless", _dark_blue_for_light_blue(4, 1500, 1500)) == AcceptTrade(0)


def test_one_on_one_the_funds_after_a_swap_of_sets_are_left_to_the_valuation():
    from monopoly.ai import GameView
    from monopoly.ai.ruthless import _completed
    from monopoly.ai.valuation import apply_trade

    game = _dark_blue_for_light_blue(2, 100, 1500)
    ruthless = make_strategy("ruthless", 0, seed=5)
    offer = game.view.pending.offer
    appraisal = ruthless._appraisal(GameView(game, 0))
    board, pos = appraisal.board, appraisal.pos
    after = apply_trade(pos, 1, 0, offer.give, offer.take, 0)
    moved = (PARK_PLACE, CONNECTICUT)
    handed = _completed(board, pos.owner, after.owner, 1, moved)
    assert handed and not ruthless._outbuilt(GameView(game, 0), board, pos, after, 1, handed, moved)
