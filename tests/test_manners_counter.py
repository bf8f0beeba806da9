"""The manners counters of issue 37 (``monopoly/reports/manners.py``) on small scripted event
sequences, so that what the benchmark and ``test_ai_manners.py`` report is counted right."""

from __future__ import annotations

from monopoly.engine import BANK, AuctionItem
from monopoly.engine import events as E
from monopoly.reports.manners import MannersCount, MannersCounter

PRICES = {1: 60, 3: 60, 6: 100, 39: 400}
SEAT = 3  # the seat that never trades
MORTGAGED: set[int] = set()


def value(square: int) -> int:
    return PRICES[square] // 2 if square in MORTGAGED else PRICES[square]


def counter() -> MannersCounter:
    MORTGAGED.clear()
    return MannersCounter(SEAT, frozenset({0, 1, 2}), value)


def offer(proposer: int, recipient: int, give: tuple[int, ...] = (), take: tuple[int, ...] = (), cash: int = 0,
          give_cards: tuple[str, ...] = (), take_cards: tuple[str, ...] = ()) -> E.TradeProposed:
    return E.TradeProposed(proposer, recipient, give, take, cash, give_cards, take_cards, False)


def answer(proposer: int, recipient: int, accepted: bool) -> E.TradeAnswered:
    return E.TradeAnswered(proposer, recipient, accepted)


def test_offers_are_counted_per_100_of_the_seats_turns() -> None:
    c = counter()
    c.start(1, 0)
    c.feed([E.TurnStarted(SEAT, 2), offer(0, SEAT, (), (6,), 120), answer(0, SEAT, False),
            E.TurnStarted(0, 3), offer(1, 2, (), (1,), 70), answer(1, 2, False),  # not to the seat
            E.TurnStarted(SEAT, 4), E.TurnStarted(SEAT, 5), E.TurnStarted(SEAT, 6)])
    count = c.finish(False)
    assert (count.seat_turns, count.offers) == (4, 1)
    assert count.offers_per_100 == 25.0


def test_the_first_turn_counts_when_it_is_the_seats() -> None:
    c = counter()
    c.start(1, SEAT)
    assert c.finish(False).seat_turns == 1


def test_the_same_deeds_offered_again_after_a_refusal_is_a_repeat_whatever_the_cash() -> None:
    c = counter()
    c.feed([offer(0, SEAT, (), (6,), 120), answer(0, SEAT, False),
            offer(0, SEAT, (), (6,), 150), answer(0, SEAT, False),  # a repeat: more cash, same deeds
            offer(1, SEAT, (), (6,), 120), answer(1, SEAT, False),  # another proposer: not a repeat
            offer(0, SEAT, (1,), (6,), 0), answer(0, SEAT, False)])  # other deeds: not a repeat
    count = c.finish(False)
    assert (count.offers, count.repeats) == (4, 1)
    assert count.repeat_share == 0.25


def test_an_offer_is_no_repeat_once_one_of_its_deeds_changed_hands() -> None:
    c = counter()
    c.feed([offer(0, SEAT, (1,), (6,)), answer(0, SEAT, False),
            E.PropertyTransferred(1, BANK, 0),  # the deed offered changed hands since
            offer(0, SEAT, (1,), (6,)), answer(0, SEAT, False),
            offer(0, SEAT, (1,), (6,)), answer(0, SEAT, False)])  # now nothing changed: a repeat
    assert c.finish(False).repeats == 1
    c = counter()
    c.feed([offer(0, SEAT, (), (6,), 100), answer(0, SEAT, False), E.Bought(0, 39, 400),  # another deed
            offer(0, SEAT, (), (6,), 100), answer(0, SEAT, False)])
    assert c.finish(False).repeats == 1
    c = counter()
    c.feed([offer(0, SEAT, (), (6,), 100), answer(0, SEAT, False), E.AuctionWon(2, AuctionItem.SQUARE, 6, 90),
            offer(0, SEAT, (), (6,), 100), answer(0, SEAT, False)])
    assert c.finish(False).repeats == 0


def test_an_offer_accepted_is_not_a_refusal() -> None:
    c = counter()
    c.feed([offer(0, SEAT, (), (6,), 100), answer(0, SEAT, True), offer(0, SEAT, (), (6,), 100),
            answer(0, SEAT, False)])
    assert c.finish(False).repeats == 0


def test_asking_over_twice_the_printed_value_is_lopsided() -> None:
    c = counter()
    c.feed([offer(0, SEAT, (), (6,), 50), answer(0, SEAT, False),  # $100 deed for $50: exactly twice, not over
            offer(0, SEAT, (), (6,), 49), answer(0, SEAT, False),  # over twice
            offer(0, SEAT, (1,), (39,), 0), answer(0, SEAT, False),  # $400 for $60
            offer(0, SEAT, (39,), (), -801), answer(0, SEAT, False),  # $801 cash for a $400 deed
            offer(0, SEAT, (), (1,), 0, ("chance",)), answer(0, SEAT, False),  # a $60 deed for a $50 card
            offer(0, SEAT, (), (), 0, (), ("chance",)), answer(0, SEAT, False)])  # a card for nothing
    count = c.finish(False)
    assert (count.offers, count.lopsided) == (6, 4)


def test_a_mortgaged_deed_counts_at_its_mortgage_value() -> None:
    c = counter()
    MORTGAGED.add(39)
    c.feed([offer(0, SEAT, (39,), (), -401), answer(0, SEAT, False)])  # $401 for a deed worth $200 mortgaged
    assert c.finish(False).lopsided == 1


def sale(seller: int, buyer: int, square: int, turn: int) -> list[E.Event]:
    return [E.TurnStarted(seller, turn), offer(seller, buyer, (square,), (), -100), answer(seller, buyer, True),
            E.PropertyTransferred(square, seller, buyer)]


def test_a_sale_bought_back_within_ten_turns_is_undone() -> None:
    c = counter()
    c.feed(sale(0, 1, 6, 20) + sale(1, 0, 6, 30))  # back to its seller at turn 30: undone
    count = c.finish(False)
    assert (count.sales, count.undone, count.games_undone) == (2, 1, 1)


def test_a_sale_passed_round_the_table_back_to_its_seller_is_undone() -> None:
    c = counter()
    c.feed(sale(0, 1, 6, 20) + sale(1, 2, 6, 24) + sale(2, 0, 6, 28))
    assert c.finish(False).undone == 1


def test_a_sale_coming_back_after_more_than_ten_turns_is_not_undone() -> None:
    c = counter()
    c.feed(sale(0, 1, 6, 20) + sale(1, 0, 6, 31))
    assert c.finish(False).undone == 0


def test_sales_with_the_seat_or_refused_do_not_count() -> None:
    c = counter()
    c.feed([E.TurnStarted(0, 5), offer(0, SEAT, (6,), (), -100), answer(0, SEAT, True),
            E.PropertyTransferred(6, 0, SEAT), offer(SEAT, 0, (6,), (), -100), answer(SEAT, 0, True),
            offer(0, 1, (6,), (), -100), answer(0, 1, False)])
    count = c.finish(False)
    assert (count.sales, count.undone) == (0, 0)


def test_counts_add_up_and_name_the_targets_they_miss() -> None:
    total = MannersCount()
    total.add(MannersCount(games=1, seat_turns=100, offers=30, repeats=3, lopsided=1, sales=2, undone=1,
                           games_undone=1))
    total.add(MannersCount(games=1, seat_turns=100, offers=0))
    assert (total.games, total.offers_per_100, total.repeat_share, total.undone_games_share) == (2, 15.0, 0.1, 0.5)
    missed = " ".join(total.missed())
    assert "offers_per_100" in missed and "repeat_share" in missed and "undone_games_share" in missed
    assert "lopsided_share" not in missed
    assert MannersCount(games=10, seat_turns=1000, offers=100, repeats=5, lopsided=10, games_undone=1).missed() == []
