"""The coach's hint: the legal choices of a person's decision ranked by the estimated chance of winning."""

from __future__ import annotations

import time

from monopoly.ai.coach import hint, hint_lines
from monopoly.engine import (AcceptTrade, Bid, Buy, DeclineToBuy, DecisionKind as K, PassBid, PayIncomeTax, PlayerSetup,
                             Position, ProposeTrade, RejectTrade, Roll, ScriptedDice, build_game)

TENNESSEE, NEW_YORK, ST_JAMES = 18, 19, 16


def set_completing_purchase(dice=((3, 4),), shuffle_with=None):
    """Ann holds St. James Place and Tennessee Avenue and lands on New York Avenue."""
    position = Position((PlayerSetup("Ann", owns=(ST_JAMES, TENNESSEE), square=12), PlayerSetup("Bob"),
                         PlayerSetup("Cy")))
    game = build_game(position, dice=ScriptedDice(list(dice), shuffle_with=shuffle_with))
    game.apply(Roll(0))
    return game


def test_buying_the_deed_that_completes_your_set_comes_first():
    game = set_completing_purchase()
    assert game.view.pending.kind == K.BUY and game.view.pending.square == NEW_YORK
    h = hint(game, 0)
    assert h is not None and h.kind == K.BUY
    assert h.best.action == Buy(0) and h.best.chance > h.choices[1].chance
    assert h.choices[1].action == DeclineToBuy(0) and "buys it for $200" in h.choices[1].assumed
    assert h.computer is not None and h.computer.action == Buy(0)
    text = "\n".join(hint_lines(game.view, h))
    assert "buy" in text and "the hard computer would buy" in text and "not certainties" in text


def test_refusing_to_complete_a_rivals_set_for_a_dollar_comes_first():
    position = Position((PlayerSetup("Ann", owns=(ST_JAMES,)), PlayerSetup("Bob", owns=(TENNESSEE, NEW_YORK)),
                         PlayerSetup("Cy")))
    game = build_game(position, dice=ScriptedDice([]))
    game.apply(ProposeTrade(1, 0, (), (ST_JAMES,), 1))
    h = hint(game, 0)
    assert h is not None and h.kind == K.TRADE_RESPONSE
    assert h.best.action == RejectTrade(0) and h.best.chance - h.choices[1].chance > 0.05
    assert h.choices[1].action == AcceptTrade(0)
    assert h.computer is not None and h.computer.action == RejectTrade(0)
    assert "refuse" in h.reason


def test_no_hint_for_a_seat_not_deciding_nor_for_a_plain_throw():
    game = set_completing_purchase()
    assert hint(game, 1) is None
    fresh = build_game(Position((PlayerSetup("Ann"), PlayerSetup("Bob"))), dice=ScriptedDice([]))
    assert hint(fresh, 0) is None
    assert "No hint now" in hint_lines(fresh.view, None)[0]


def test_the_hint_reads_only_what_the_seat_can_see():
    """Two games alike in all that is public but their decks and dice to come give the same hint."""
    one = set_completing_purchase(dice=((3, 4), (1, 1), (2, 2)), shuffle_with=1)
    two = set_completing_purchase(dice=((3, 4), (6, 5), (4, 3)), shuffle_with=2)
    assert one.to_dict(include_log=False) != two.to_dict(include_log=False)  # the hidden parts differ
    assert hint(one, 0) == hint(two, 0)


def test_bids_and_income_tax_are_ranked_and_quick():
    game = set_completing_purchase()
    game.apply(DeclineToBuy(0))
    ask = game.view.pending
    assert ask.kind == K.AUCTION
    bidder = ask.auction.bidders[0]
    started = time.perf_counter()
    h = hint(game, ask.player)
    assert time.perf_counter() - started < 0.5
    assert h is not None and {type(c.action) for c in h.choices} == {Bid, PassBid}
    assert bidder == ask.player
    # income tax: with little worth the percentage is the cheaper and ranks first
    taxed = build_game(Position((PlayerSetup("Ann", cash=300), PlayerSetup("Bob")), rules=(("income_tax", "choice"),)),
                       dice=ScriptedDice([(1, 3)]))
    taxed.apply(Roll(0))
    assert taxed.view.pending.kind == K.INCOME_TAX
    h = hint(taxed, 0)
    assert h is not None and h.best.action == PayIncomeTax(0, True) and h.best.assumed == "$30"


def test_the_text_mode_has_a_hint_command():
    import subprocess
    import sys
    done = subprocess.run([sys.executable, "-m", "monopoly", "text", "--players", "Ann,cpu:hard", "--seed", "5"],
                          input="hint\nhelp hint\nquit\ny\n", capture_output=True, text=True, timeout=60)
    assert "No hint now" in done.stdout and "hard computer would do" in done.stdout
