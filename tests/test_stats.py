"""The story of a game in numbers agrees with its event log: rent received equals rent paid, money
by reason adds up to each player's change of cash, landings are the ``Landed`` events, and net
worth is the engine's valuation at the end of each turn."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from monopoly.storage import saves
from monopoly.cli import main
from monopoly.engine import ClaimRent, Roll, events as E, game_from_record
from monopoly.reports.stats import MARKS, Tally, chart, game_stats, stats_text
from records_games import RULES, played, seeded
from scenario import ANN, BOB, act, give, new_game

GAMES = [("us", 1), ("uk", 2), ("dotcom", 3), ("auto", 4), ("us", 5)]


@pytest.mark.parametrize("kind, seed", GAMES)
def test_the_figures_agree_with_the_event_log(kind: str, seed: int) -> None:
    game = seeded(kind, seed)
    stats = game_stats(game.record())
    tally = stats.tally
    paid = [e for e in game.log if isinstance(e, E.Paid)]
    rent = [e for e in paid if e.reason == "rent"]
    assert rent, "the game has rent in it"
    assert sum(tally.rent_paid) == sum(e.amount for e in rent)
    assert sum(tally.rent_received) + tally.rent_to_bank == sum(tally.rent_paid)
    assert sum(tally.property_rent) == sum(tally.rent_paid)
    for p in range(3):
        assert stats.start_cash[p] + sum(tally.money[p].values()) == game.view.cash(p) == stats.final_cash[p]
        assert tally.rent_received[p] == sum(e.amount for e in rent if e.payee == p)
        assert tally.money[p].get("salary", 0) == sum(e.amount for e in paid if e.payee == p and e.reason == "salary")
    landed = Counter(e.square for e in game.log if isinstance(e, E.Landed))
    assert tally.landings == [landed[s] for s in range(40)]
    assert all(game.edition.squares[s].price for s in range(40) if tally.property_rent[s])


@pytest.mark.parametrize("kind, seed", GAMES[:3])
def test_net_worth_is_the_valuation_at_the_end_of_each_turn(kind: str, seed: int) -> None:
    game = seeded(kind, seed)
    record = game.record()
    stats = game_stats(record)
    assert stats.turns[0] == 0 and stats.turns == sorted(set(stats.turns))
    assert [line[-1] for line in stats.worth] == [game.view.face_value(p) for p in range(3)]
    starts = {}
    for i, step in enumerate(record["steps"]):
        for event in step["events"]:
            if event["event"] == "turn_started":
                starts.setdefault(event["turn"], i + 1)
    for turn in (2, 10, 30):
        at = game_from_record(record, starts[turn + 1])  # the step that ended ``turn``
        point = stats.turns.index(turn)
        assert [line[point] for line in stats.worth] == [at.view.face_value(p) for p in range(3)]


def test_a_claim_is_paid_for_its_own_square() -> None:
    game = new_game((1, 2), players=("Ann", "Bob"), first=1)
    give(game, ANN, 1, 3)
    tally = Tally(2)
    tally.feed(act(game, Roll(BOB)))  # Bob lands on Baltic Avenue (3)
    (claim,) = game.view.claims(ANN)
    tally.feed(act(game, ClaimRent(ANN, claim.id)))
    assert tally.property_rent[3] == claim.amount == 8  # $4, doubled: Ann owns both browns
    assert tally.rent_paid == [0, 8] and tally.rent_received == [8, 0]
    assert tally.money[BOB]["rent"] == -8 and tally.landings[3] == 1


def test_the_chart_marks_each_player_apart_without_colour() -> None:
    lines = chart([[100, 200, 300], [300, 200, 100]], ["Ann", "Bob"], [0, 1, 2], lambda a: f"${a}")
    body = "\n".join(lines)
    assert MARKS[0] in body and MARKS[1] in body
    assert lines[-1].split() == [MARKS[0], "Ann", MARKS[1], "Bob"]
    assert lines[0].startswith("$300") and "turn 0" in lines[-2] and "turn 2" in lines[-2]
    assert chart([[]], ["Ann"], [], str) == ["(no turns played)"]


def test_stats_prints_the_text_and_json_for_a_save(tmp_path, capsys) -> None:
    game = seeded("uk", 2)
    saves.write_save(tmp_path, "g", game)
    assert main(["stats", "g", "--save-dir", str(tmp_path)]) == 0
    text = capsys.readouterr().out
    assert text.splitlines() == stats_text(game_stats(game.record()))
    assert "Net worth" in text and "Money by reason" in text and "rent earned" in text
    assert main(["stats", "g", "--save-dir", str(tmp_path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [p["name"] for p in data["players"]] == ["Ann", "Bob", "Cy"]
    assert sum(p["rent_paid"] for p in data["players"]) == sum(x["rent"] for x in data["properties"])
    assert len(data["players"][0]["net_worth"]) == len(data["turns"])
    assert main(["stats", "missing", "--save-dir", str(tmp_path)]) == 1
    assert "monopoly stats: " in capsys.readouterr().err


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(sorted(RULES)), seed=st.integers(0, 10**6))
def test_rent_and_money_add_up_in_any_seeded_game(kind: str, seed: int) -> None:
    edition = "us" if kind == "auto" else kind
    game, _ = played(edition, seed, turns=40, **RULES[kind])
    stats = game_stats(game.record())
    tally = stats.tally
    assert sum(tally.rent_received) + tally.rent_to_bank == sum(tally.rent_paid) == sum(tally.property_rent)
    assert [stats.start_cash[p] + sum(tally.money[p].values()) for p in range(3)] == stats.final_cash
    assert sum(tally.landings) == sum(1 for e in game.log if isinstance(e, E.Landed))


def test_the_charts_turns_are_apart_even_when_the_chart_is_narrow() -> None:
    # Issue 26: a chart of a few turns read "turn 0turn 2".
    for points in (2, 3, 12):
        lines = chart([list(range(points))], ["Ann"], list(range(points)), lambda a: f"${a}")
        assert "turn 0 " in lines[-2] and lines[-2].rstrip().endswith(f"turn {points - 1}"), lines[-2]


def test_squares_that_share_a_name_are_one_row_of_the_property_table() -> None:
    # Issue 26: the three Chance squares (and Community Chest's) were rows of their own.
    game = seeded("us", 1)
    lines = stats_text(game_stats(game.record()))
    table = lines[next(i for i, line in enumerate(lines) if line.startswith("property")) + 1:]
    names = [line[:24].strip() for line in table]
    assert len(names) == len(set(names)), names
    landed = Counter(game.edition.squares[e.square].name for e in game.log if isinstance(e, E.Landed))
    chance = next(line for line in table if line.startswith("Chance "))
    assert int(chance.split()[-1]) == landed["Chance"]


def test_a_running_games_last_worth_is_not_called_final() -> None:
    """Played by hand: ``monopoly stats`` of an autosave mid-game headed its column "final worth"."""
    game = new_game((1, 2), (3, 4))
    act(game, Roll(ANN))
    assert not game.view.over
    header = next(line for line in stats_text(game_stats(game.record())) if "rent paid" in line)
    assert "worth now" in header and "final" not in header
