"""The computed landing frequencies and rents that ``ruthless`` values the board by."""

from __future__ import annotations

import pytest

from monopoly.ai.board import board_facts, landing_frequencies
from monopoly.engine import (DecisionKind as K, DeclineToBuy, Game, Landed, PassBid, PayIncomeTax, PayOrDraw, Roll,
                             SentToJail, load_edition)


@pytest.mark.parametrize("edition", ["us", "uk", "dotcom"])
def test_frequencies_are_a_distribution_over_the_board(edition):
    ed = load_edition(edition)
    landing, jail = landing_frequencies(ed)
    assert len(landing) == 40
    assert all(f > 0 for f in landing)
    # A turn brings a little more than one landing (doubles and card moves add some).
    assert 1.05 < sum(landing) < 1.25
    assert 0.03 < jail < 0.08
    facts = board_facts(ed)
    assert facts.landing == landing
    for sq in ed.squares:
        if sq.kind == "street":
            assert len(facts.rent_rate[sq.index]) == 6
            assert facts.rent_rate[sq.index][3] > facts.rent_rate[sq.index][0]


def test_us_board_ranks_as_published_analyses_do():
    ed = load_edition("us")
    landing, _ = landing_frequencies(ed)
    # Illinois Avenue is the most landed-on street; the streets after jail beat the first side.
    streets = [sq.index for sq in ed.squares if sq.kind == "street"]
    assert max(streets, key=lambda s: landing[s]) == 24
    assert landing[19] > landing[1] and landing[16] > landing[37]
    # Go To Jail is landed on as often as its neighbours (the token stops there before jail).
    assert landing[30] > 0.02
    # The orange group returns more per house than dark blue or brown.
    facts = board_facts(ed)

    def per_cost(group):
        g = next(g for g in ed.groups if g.id == group)
        gain = facts.group_rate(g.squares, 3) - facts.group_rate(g.squares, 0)
        return gain / (3 * ed.squares[g.squares[0]].house_cost * len(g.squares))

    assert per_cost("orange") > per_cost("dark_blue") > per_cost("brown")


def test_chain_matches_landings_counted_in_play():
    """Drive the engine with tokens that only move; the counts agree with the chain."""
    game = Game.new(["A", "B"], rules={"max_turns": 0}, seed=11, keep_log=False, first_player=0)
    counts = [0] * 40
    jail = 0
    turns = 0
    while turns < 12000:
        d = game.view.pending
        p = d.player
        if game.state.claims:
            c = game.state.claims[0]
            from monopoly.engine import ClaimRent
            action = ClaimRent(c.owner, c.id)
        elif d.kind == K.ROLL:
            action = Roll(p)
            turns += 1
        elif d.kind == K.BUY:
            action = DeclineToBuy(p)
        elif d.kind == K.AUCTION:
            action = PassBid(p)
        elif d.kind == K.INCOME_TAX:
            action = PayIncomeTax(p, False)
        elif d.kind == K.PAY_OR_DRAW:
            action = PayOrDraw(p, False)
        else:  # pragma: no cover - nobody owns anything, so nothing else can come up
            raise AssertionError(d.kind)
        for event in game.apply(action):
            if isinstance(event, Landed):
                counts[event.square] += 1
            elif isinstance(event, SentToJail):
                jail += 1
    landing, _ = landing_frequencies(load_edition("us"))
    total = sum(counts)
    expected_total = sum(landing)
    for sq in range(40):
        share = counts[sq] / total
        assert abs(share - landing[sq] / expected_total) < 0.004, sq
