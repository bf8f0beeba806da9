"""The table's manners (``monopoly/ai/manners.py``), as ``ComputerPlayers`` keeps them for every
strategy: offers to a person not too often, no refusal asked again, no deed sent back to who held it
lately, no absurd price; and a computer never pays so much that its next rent could not be met."""

from __future__ import annotations

import pytest

from monopoly.ai import ComputerPlayers
from monopoly.ai.manners import OFFER_GAP, RETURN_ROUNDS, Manners, cannot_afford
from monopoly.engine import (AcceptTrade, ClaimRent, LiftMortgage, Mortgage, Offer, ProposeTrade, RejectTrade, Game,
                             SaveFormatError, ScriptedDice, arrange)

MEDITERRANEAN, BALTIC, ORIENTAL, VERMONT, CONNECTICUT = 1, 3, 6, 8, 9
ST_CHARLES, VIRGINIA, NEW_YORK, BOARDWALK, PARK_PLACE = 11, 14, 19, 39, 37


def new_game(players=2, rolls=((3, 4),) * 1000):
    return Game.new([f"P{i}" for i in range(players)], dice=ScriptedDice(list(rolls)), first_player=0)


def plain_answer(game):
    """A person who throws, declines, passes and refuses: nothing changes hands by their choice."""
    for action in game.legal_actions(game.view.pending.player):
        if type(action).__name__ in ("Roll", "DeclineToBuy", "PassBid", "RejectTrade", "PayIncomeTax",
                                     "PayJailFine", "DeclareBankruptcy", "PayOrDraw", "SettleMortgagedTransfer"):
            return action
    raise AssertionError(f"no answer to {game.view.pending.kind}")


def play(game, players, turns, answer=plain_answer):
    """Play ``turns`` turns; the offers the computers made, with the turn each was made."""
    offers = []
    end = game.view.turn + turns
    while game.view.turn < end:
        action = players.next_action(game) or answer(game)
        if isinstance(action, ProposeTrade):
            offers.append((game.view.turn, action))
        game.apply(action)
    return offers


def test_a_person_who_keeps_refusing_is_asked_less_and_less(strategy_class):
    # Each offer names another deed, so no refusal is repeated: only the gap holds them back.
    deeds = [ORIENTAL, VERMONT, CONNECTICUT, ST_CHARLES, VIRGINIA, NEW_YORK]

    def offer(self, view):
        left = [sq for sq in deeds if view.owner(sq) == 1]
        asked = getattr(self, "asked", 0)
        self.asked = asked + 1
        deed = left[asked % len(left)]
        return ProposeTrade(self.seat, 1, (), (deed,), view.edition.squares[deed].price)

    strategy_class("asker", act_anytime=offer)
    game = new_game()
    arrange(game, owners={sq: 1 for sq in deeds})
    players = ComputerPlayers(game, {0: "asker"})
    offers = play(game, players, 200)
    gaps = [b[0] - a[0] for a, b in zip(offers, offers[1:])]
    round_ = 2  # turns in a round at a table of two
    least = [OFFER_GAP * round_ * 2 ** min(k, 3) for k in range(1, len(gaps) + 1)]  # doubled after each no
    assert len(gaps) >= 4 and all(g >= w for g, w in zip(gaps, least))
    assert all(g <= w + round_ for g, w in zip(gaps, least))  # and asked again once the wait is over
    assert len(offers) <= 10  # the person's 100 turns: at most 10 offers


def test_an_accepted_offer_makes_the_person_asked_at_the_usual_pace_again(strategy_class):
    def offer(self, view):
        mine = [sq for sq in view.owned(0) if sq in (ORIENTAL, VERMONT, CONNECTICUT)]
        if not mine:
            return None
        self.asked = getattr(self, "asked", -1) + 1
        return ProposeTrade(self.seat, 1, (mine[self.asked % len(mine)],), (), -10)

    strategy_class("seller", act_anytime=offer)
    game = new_game()
    arrange(game, owners={ORIENTAL: 0, VERMONT: 0, CONNECTICUT: 0})
    players = ComputerPlayers(game, {0: "seller"})
    answers = iter([RejectTrade(1), AcceptTrade(1), AcceptTrade(1)])

    def person(game):
        if game.view.pending.kind.value == "trade_response":
            return next(answers, RejectTrade(1))
        return plain_answer(game)

    offers = play(game, players, 60, person)
    turns = [t for t, _ in offers]
    assert OFFER_GAP * 2 * 2 <= turns[1] - turns[0] <= OFFER_GAP * 2 * 2 + 2  # one refusal: twice the gap
    assert OFFER_GAP * 2 <= turns[2] - turns[1] <= OFFER_GAP * 2 + 2  # after an acceptance: the plain gap
    assert players.manners.traders == {1}


def test_a_refusal_is_not_asked_again_with_other_cash(strategy_class):
    def offer(self, view):
        self.cash = getattr(self, "cash", 60) + 50
        return ProposeTrade(self.seat, 1, (), (BALTIC,), self.cash)

    strategy_class("haggler", act_anytime=offer)
    game = new_game()
    arrange(game, owners={MEDITERRANEAN: 0, BALTIC: 1})
    players = ComputerPlayers(game, {0: "haggler"})
    offers = play(game, players, 120)
    assert len(offers) == 1  # the same deeds at any price: not again while nothing changes


def test_a_deed_does_not_go_back_to_a_computer_that_held_it_lately(strategy_class):
    # Seat 0 sold Boardwalk to seat 1 a turn ago; seat 1 (a computer) offers it straight back.
    def offer(self, view):
        if view.owner(BOARDWALK) == 1:
            return ProposeTrade(self.seat, 0, (BOARDWALK,), (), -300)
        return None

    strategy_class("returner", act_anytime=offer)
    strategy_class("buyer", answer_trade=lambda self, view, ask: AcceptTrade(self.seat))
    game = new_game()
    arrange(game, owners={BOARDWALK: 0})
    players = ComputerPlayers(game, {0: "buyer", 1: "returner"})
    players.manners.watch(game.view)
    arrange(game, owners={BOARDWALK: 1})  # the sale
    offers = play(game, players, RETURN_ROUNDS * 2 - 1)
    assert offers == []  # held back within the window
    offers = play(game, players, 4)
    assert [o.give for _, o in offers] == [(BOARDWALK,)]  # after it, the deal may be made


def test_an_absurd_price_is_held_back_unless_it_completes_a_set_for_a_trader(strategy_class):
    manners = Manners()
    game = new_game()
    arrange(game, owners={MEDITERRANEAN: 1, BALTIC: 0, PARK_PLACE: 0, VIRGINIA: 1}, cash={1: 1500})
    view = game.view
    lopsided = ProposeTrade(0, 1, (PARK_PLACE,), (VIRGINIA,), -900)  # $350 for $1,040
    assert manners.problem(view, lopsided, person=True) == "it asks more than twice what the other side gets"
    assert manners.problem(view, lopsided, person=False) is None  # between computers: the answer decides
    set_sale = ProposeTrade(0, 1, (BALTIC,), (), -160)  # Baltic completes brown for seat 1
    assert manners.problem(view, set_sale, person=True) is not None  # a player not known to trade
    manners.traders.add(1)
    assert manners.problem(view, set_sale, person=True) is None
    assert manners.problem(view, ProposeTrade(0, 1, (BALTIC,), (), -120), person=True) is None  # twice: fine
    # Not even a set-completing deed, for a player who trades, may cost more than three times its face
    # (seen in play: five deeds and $470 for mortgaged Boardwalk, which completed the person's set).
    assert manners.problem(view, ProposeTrade(0, 1, (BALTIC,), (), -400), person=True) is not None


def test_manners_survive_a_save_and_a_damaged_record_is_refused(strategy_class):
    game = new_game()
    players = ComputerPlayers(game, {1: "ruthless"})
    players.manners.last_offer = {0: 5}
    players.manners.refusals = {0: 2}
    players.manners.traders = {0}
    players.manners.refused = {(1, 0, (3,), ()): (1, 0)}
    players.manners.held = {3: [(0, 4)]}
    data = players.to_dict()
    again = ComputerPlayers.from_dict(game, data)
    assert again.manners.to_dict() == players.manners.to_dict()
    data["manners"]["refused"] = [["x"]]
    with pytest.raises(SaveFormatError):
        ComputerPlayers.from_dict(game, data)
    del data["manners"]  # a save from before the manners: fresh ones
    assert ComputerPlayers.from_dict(game, data).manners == Manners()


def test_a_computer_is_not_milked_of_the_cash_its_next_rent_needs():
    # The reported case: Virginia Avenue ($160) offered for $500 to a computer holding $533.
    game = new_game()
    arrange(game, owners={VIRGINIA: 0, NEW_YORK: 0, ST_CHARLES: 0}, cash={0: 1500, 1: 533})
    offer = Offer(0, 1, (VIRGINIA,), (), -500)
    assert cannot_afford(game.view, 1, offer)
    assert not cannot_afford(game.view, 1, Offer(0, 1, (VIRGINIA,), (), -160))
    players = ComputerPlayers(game, {1: "ruthless", 0: "ruthless"})
    for seat in (1,):
        strategy = players.strategy(seat)
        accepted, reason = strategy._judge(players.view(seat), offer)
        assert not accepted and "rent" in reason


def test_a_person_is_never_asked_for_the_cash_their_next_rent_needs():
    # The played case: Mayfair (completing the person's set) for Bow Street and all £446 of their cash.
    manners = Manners()
    game = new_game(players=3)
    arrange(game, owners={PARK_PLACE: 1, BOARDWALK: 0, VIRGINIA: 1, NEW_YORK: 2, 18: 2, 16: 2},
            buildings={NEW_YORK: 3, 18: 3, 16: 3}, cash={1: 446}, squares={1: 10})
    view = game.view
    all_cash = ProposeTrade(0, 1, (BOARDWALK,), (VIRGINIA,), -446)
    assert manners.problem(view, all_cash, person=True) == \
        "it would leave that player without the cash their next rent may need"
    assert manners.problem(view, ProposeTrade(0, 1, (BOARDWALK,), (VIRGINIA,), -150), person=True) is None


def test_a_strategy_can_ask_which_deeds_the_manners_keep_from_going_back():
    # The view answers what the controller would hold back, so ruthless's search leaves such deals
    # out rather than find them again at every throw and have them held back.
    game = Game.new(["A", "B", "C", "D"], "us", {"max_turns": 400}, seed=5, first_player=0, keep_log=False)
    players = ComputerPlayers(game, dict(enumerate(["ruthless"] * 4)), seed=5)
    held_back: list[str] = []
    judge = players._held_back

    def held(seat, action, point):
        why = judge(seat, action, point)
        if why:
            held_back.append(why)
        return why

    players._held_back = held  # type: ignore[method-assign]
    while not game.view.over and game.view.turn < 300:
        game.apply(players.next_action(game))
    assert not [why for why in held_back if "held it lately" in why]
    mannered = players.view(0)
    for square in range(40):
        for player in range(4):
            assert mannered.held_lately(square, player) == players.manners.held_lately(game.view, square, player)
            assert mannered.held_lately(square, player) == (mannered.held_until(square, player) > game.view.turn)
    unmannered = ComputerPlayers(game, {0: "value"}, seed=5).view(0)
    assert not any(unmannered.held_lately(s, p) for s in range(40) for p in range(4))
