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


# ---------------------------------------------------------------- the other decisions (issue 39, item 4)
def test_raising_money_mortgages_the_lone_deed_before_breaking_a_set():
    """Ann owes Bob rent with $10: mortgaging her lone Baltic Avenue ranks above any orange deed."""
    from monopoly.engine import ClaimRent, Mortgage
    position = Position((PlayerSetup("Ann", cash=10, owns=(ST_JAMES, TENNESSEE, NEW_YORK, 3), square=37),
                         PlayerSetup("Bob", owns=(39,)), PlayerSetup("Cy")))
    game = build_game(position, dice=ScriptedDice([(1, 1)]))
    game.apply(Roll(0))
    if game.view.pending.kind != K.RAISE_FUNDS:  # rent is claimed under these rules
        game.apply(ClaimRent(1, game.view.claims()[0].id))
    assert game.view.pending.kind == K.RAISE_FUNDS and game.view.pending.player == 0
    h = hint(game, 0)
    assert h is not None and h.kind == K.RAISE_FUNDS
    assert h.best.action == Mortgage(0, 3), h.choices
    assert all(isinstance(c.action, Mortgage) for c in h.choices)
    assert "mortgage Baltic Avenue" in h.reason


def test_building_at_your_throw_ranks_a_round_of_houses_above_none():
    from monopoly.engine import Build
    position = Position((PlayerSetup("Ann", cash=1500, owns=(ST_JAMES, TENNESSEE, NEW_YORK)), PlayerSetup("Bob"),
                         PlayerSetup("Cy")))
    game = build_game(position, dice=ScriptedDice([]))
    assert game.view.pending.kind == K.ROLL
    h = hint(game, 0)
    assert h is not None and h.kind == K.ROLL
    assert isinstance(h.best.action, Build) and h.best.action.square in (ST_JAMES, TENNESSEE, NEW_YORK)
    assert h.best.label == "build 3 houses on Orange ($300)", h.choices
    assert any(c.label == "build nothing" for c in h.choices)
    assert h.computer is not None and h.computer.label == h.best.label


def test_a_mortgaged_deed_received_and_a_fine_or_a_card_get_hints():
    from monopoly.engine import Mortgage, PayOrDraw, SettleMortgagedTransfer
    # Bob gives Ann a mortgaged Baltic Avenue for $1: keep (10% interest) or lift (the mortgage and 10%)
    position = Position((PlayerSetup("Ann", owns=(1,)), PlayerSetup("Bob", owns=(3,)), PlayerSetup("Cy")))
    game = build_game(position, dice=ScriptedDice([]))
    game.apply(Mortgage(1, 3))
    game.apply(ProposeTrade(0, 1, (), (3,), 1))
    game.apply(AcceptTrade(1))
    assert game.view.pending.kind == K.MORTGAGED_TRANSFER and game.view.pending.player == 0
    h = hint(game, 0)
    assert h is not None and {c.action for c in h.choices} == {SettleMortgagedTransfer(0, 3, True),
                                                               SettleMortgagedTransfer(0, 3, False)}
    # a fine of 10 or a Chance card (the UK board): both ranked, the card's average said
    from scenario import card_on_top, new_game, place
    game = new_game(edition="uk")
    card_on_top(game, "community_chest", "community_chest-fine-or-chance")
    place(game, 0, 10)
    game.dice.add((3, 4))
    game.apply(Roll(0))
    assert game.view.pending.kind == K.PAY_OR_DRAW
    h = hint(game, 0)
    assert h is not None and {c.action for c in h.choices} == {PayOrDraw(0, False), PayOrDraw(0, True)}
    assert any("on average" in c.assumed for c in h.choices)
    assert any("take a card" in line or "pay the fine" in line or "draw" in line for line in hint_lines(game.view, h))


def test_the_sessions_figures_read_only_the_public_state():
    """The one place every front end asks (``session.coaching``): two games alike in all that is public
    but their decks and dice give the same chances, offer figures and hint."""
    from monopoly.engine import Offer
    from monopoly.session.coaching import hint as session_hint, offer_chances, win_chances
    one = set_completing_purchase(dice=((3, 4), (1, 1), (2, 2)), shuffle_with=1)
    two = set_completing_purchase(dice=((3, 4), (6, 5), (4, 3)), shuffle_with=2)
    assert win_chances(one, 0) == win_chances(two, 0) and abs(sum(win_chances(one, 0)) - 1) < 1e-9
    offer = Offer(0, 1, (ST_JAMES,), (), -50)
    assert offer_chances(one, 0, offer) == offer_chances(two, 0, offer)
    assert session_hint(one, 0) == session_hint(two, 0) == hint(one, 0)
    assert win_chances(one, None) == win_chances(one, 1)  # a spectator's figures are everyone's
