"""``Game.determinized``: a copy of a game with what is hidden drawn afresh, for a computer player to
imagine futures from. Everything public is carried over, nothing hidden is, and the game itself is
untouched."""

from __future__ import annotations

import json

from monopoly.ai import ComputerPlayers
from monopoly.engine import DECKS, Game, omniscient_view, public_state


def played(turns: int = 30, players: int = 3, seed: int = 11) -> Game:
    """A seeded game of computers played ``turns`` turns in."""
    game = Game.new([f"P{i}" for i in range(players)], "us", {"max_turns": 500}, seed=seed)
    computers = ComputerPlayers(game, {p: "ruthless" for p in range(players)}, seed=seed)
    while game.view.turn < turns and not game.view.over:
        action = computers.next_action(game)
        assert action is not None
        game.apply(action)
    return game


def throws(game: Game, n: int = 12) -> list[tuple[int, int]]:
    return [game.dice.roll() for _ in range(n)]


def test_everything_public_is_carried_over():
    game = played()
    for seed in range(5):
        copy = game.determinized(seed)
        assert public_state(copy) == public_state(game)  # all but the decks' order
        assert copy.view.pending == game.view.pending
        assert copy.view.legal_actions() == game.view.legal_actions()
        for deck in DECKS:  # the same cards, perhaps in another order
            assert sorted(c.id for c in omniscient_view(copy).deck_order(deck)) == sorted(c.id for c in omniscient_view(game).deck_order(deck))


def test_the_deck_order_and_the_dice_are_drawn_afresh_for_each_seed():
    game = played()
    future = throws(Game.from_dict(game.to_dict()))  # the dice the game itself will throw
    copies = [game.determinized(seed) for seed in range(4)]
    orders = {tuple(tuple(c.id for c in omniscient_view(copy).deck_order(deck)) for deck in DECKS) for copy in copies}
    assert len(orders) == len(copies)
    dice = [throws(copy) for copy in copies]
    assert len({tuple(d) for d in dice}) == len(copies)
    assert future not in dice  # the game's own generator is not carried over
    own = tuple(tuple(c.id for c in omniscient_view(game).deck_order(deck)) for deck in DECKS)
    assert own not in orders


def test_one_seed_gives_one_copy():
    game = played()
    a, b = game.determinized(7), game.view.determinized(7)
    assert [omniscient_view(a).deck_order(d) for d in DECKS] == [omniscient_view(b).deck_order(d) for d in DECKS]
    assert throws(a) == throws(b)


def test_the_game_is_untouched_by_its_copies_played_forward():
    game = played()
    before = json.dumps(game.to_dict(), sort_keys=True)
    copy = game.determinized(3)
    assert not copy.keep_log and copy.log == []
    computers = ComputerPlayers(copy, {p: "ruthless" for p in range(3)}, seed=3)
    while copy.view.turn < game.view.turn + 20 and not copy.view.over:
        action = computers.next_action(copy)
        assert action is not None
        copy.push(action)
    assert copy.view.turn > game.view.turn
    assert json.dumps(game.to_dict(), sort_keys=True) == before
