"""``ruthless``'s lever sale (``Ruthless._lever_sale``, issue 28's turn limit), in scripted
positions: in a long game, a group it can complete for a partner (the railroads here) is offered
for all the partner's loose deeds and cash; the partner's answer decides, and a partner that
refused one is not asked again."""

from __future__ import annotations

from monopoly.ai import GameView, make_strategy
from monopoly.engine import AcceptTrade, Offer, RejectTrade
from monopoly.engine.state import Decision, DecisionKind as K, TradeOffer

from test_ai_strategies import BALTIC, MEDITERRANEAN, ORIENTAL, READING, VERMONT, ask_strategy, situation

PENNSYLVANIA_RR, B_AND_O, SHORT_LINE = 15, 25, 35
KENTUCKY, INDIANA, ILLINOIS = 21, 23, 24
ATLANTIC, VENTNOR, MARVIN_GARDENS = 26, 27, 29


def _dead_board(turn: int, decision: Decision | None = None):
    """Four players, every group split so that no usual deal completes one: ruthless (seat 0) holds
    Reading and Indiana; seat 1 the other three railroads, Kentucky, Atlantic and brown (whole);
    seat 2 Illinois and Ventnor; seat 3 Marvin Gardens, Oriental and Vermont. Seat 1 has $2,000."""
    owners = {READING: 0, INDIANA: 0,
              PENNSYLVANIA_RR: 1, B_AND_O: 1, SHORT_LINE: 1, KENTUCKY: 1, ATLANTIC: 1, MEDITERRANEAN: 1, BALTIC: 1,
              ILLINOIS: 2, VENTNOR: 2, MARVIN_GARDENS: 3, ORIENTAL: 3, VERMONT: 3}
    game = situation(players=4, owners=owners, cash={0: 1500, 1: 2000, 2: 1500, 3: 1500}, decision=decision)
    game.state.turn.number = turn
    return game


def test_a_long_game_offers_a_group_for_the_partners_loose_deeds_and_cash():
    ruthless = make_strategy("ruthless", 0, seed=5)
    late = ruthless.lever_rounds * 4
    offer = ruthless._lever_sale(GameView(_dead_board(late), 0))
    # Reading completes seat 1's railroads; it pays with Kentucky and Atlantic (not brown, which it
    # owns whole) and all its cash (a railroad has no house to keep cash for)
    assert offer is not None and (offer.recipient, offer.give, offer.take, offer.cash) == (
        1, (READING,), (KENTUCKY, ATLANTIC), -2000)
    # not earlier in the game
    assert make_strategy("ruthless", 0, seed=5)._lever_sale(GameView(_dead_board(late - 1), 0)) is None


def test_a_partner_that_takes_any_deal_completing_a_group_takes_it():
    ruthless = make_strategy("ruthless", 0, seed=5)
    late = ruthless.lever_rounds * 4
    offer = ruthless._lever_sale(GameView(_dead_board(late), 0))
    assert offer is not None
    asked = TradeOffer(0, 1, give=list(offer.give), take=list(offer.take), cash=offer.cash)
    game = _dead_board(late, Decision(K.TRADE_RESPONSE, 1, trade=asked))
    assert ask_strategy("basic", game, seat=1) == AcceptTrade(1)
    assert ask_strategy("hoarder", game, seat=1) == RejectTrade(1)


def test_a_partner_that_refused_one_is_not_asked_again_and_the_memory_is_saved():
    ruthless = make_strategy("ruthless", 0, seed=5)
    view = GameView(_dead_board(ruthless.lever_rounds * 4), 0)
    offer = ruthless._lever_sale(view)
    assert offer is not None
    ruthless.trade_answered(view, Offer(0, 1, offer.give, offer.take, offer.cash), accepted=False)
    assert ruthless._lever_sale(view) is None
    restored = make_strategy("ruthless", 0, seed=5)
    restored.restore(ruthless.memory())
    assert restored._lever_sale(view) is None
    # an accepted one teaches nothing: the partner is asked again when the position offers a deal
    other = make_strategy("ruthless", 0, seed=5)
    offer = other._lever_sale(view)
    assert offer is not None
    other.trade_answered(view, Offer(0, 1, offer.give, offer.take, offer.cash), accepted=True)
    assert not other.memory()["levers"] and not other.memory()["lever_refusers"]
    assert other._lever_sale(view) is not None


def test_a_set_of_our_own_streets_is_never_the_lever():
    # Ruthless owns yellow whole (unbuilt) and seat 1 nothing it could complete: no lever sale.
    owners = {ATLANTIC: 0, VENTNOR: 0, MARVIN_GARDENS: 0, KENTUCKY: 1, INDIANA: 2, ILLINOIS: 3, READING: 1}
    game = situation(players=4, owners=owners, cash={0: 1500, 1: 2000, 2: 1500, 3: 1500})
    ruthless = make_strategy("ruthless", 0, seed=5)
    game.state.turn.number = ruthless.lever_rounds * 4
    assert ruthless._lever_sale(GameView(game, 0)) is None
