"""Game records outside the engine: ``monopoly record`` prints a game turn by turn with the
screen's own sentences, ``--json`` gives the record, and either a save or a record file is read."""

from __future__ import annotations

import json

import pytest

from monopoly.storage import saves
from monopoly.cli import main
from monopoly.engine import Game, events as E, game_from_record
from monopoly.storage.records import RecordError, read_source, turn_starts, walk
from monopoly.reports.story import record_text
from monopoly.session.words import format_event
from records_games import seeded


def state_of(game: Game) -> str:
    return json.dumps(game.to_dict(), sort_keys=True)


@pytest.mark.parametrize("kind, seed", [("us", 1), ("uk", 2), ("dotcom", 3)])
def test_the_text_is_the_screens_sentences_turn_by_turn(kind: str, seed: int) -> None:
    game = seeded(kind, seed)
    lines = record_text(game.record())
    said = [format_event(game, e)[0] for e in game.log if format_event(game, e) is not None]
    body = [line.strip() for line in lines if line.strip()]
    assert [s for s in body if s in set(said)] == said, "every sentence, in the order of the log"
    titles = [line for line in lines if line.startswith("Turn ")]
    assert titles == [format_event(game, e)[0] for e in game.log if isinstance(e, E.TurnStarted)]
    assert all(line.startswith("  ") for line in lines[lines.index(titles[0]) + 1:] if line and line not in titles)


def test_walking_a_record_passes_through_every_step(tmp_path) -> None:
    record = seeded("uk", 2).record()
    wanted = {0: None, 1: None, 25: None, len(record["steps"]): None}
    for steps, game, events in walk(record):
        if steps in wanted:
            assert state_of(game) == state_of(game_from_record(record, steps))
            assert [e.to_dict() for e in events] == (record["opening"] if steps == 0
                                                      else record["steps"][steps - 1]["events"])


def test_each_turn_begins_at_the_step_its_turn_started_event_follows() -> None:
    record = seeded("us", 1).record()
    starts = turn_starts(record)
    assert starts[1] == 0 and sorted(starts) == list(range(1, len(starts) + 1))
    for turn, steps in starts.items():
        assert game_from_record(record, steps).view.turn == turn


def test_record_prints_the_text_and_json_that_replays(tmp_path, capsys) -> None:
    game = seeded("dotcom", 3)
    saves.write_save(tmp_path, "mine", game)
    assert main(["record", "mine", "--save-dir", str(tmp_path)]) == 0
    assert capsys.readouterr().out.splitlines() == record_text(game.record())
    assert main(["record", str(tmp_path / "mine.json"), "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert state_of(game_from_record(record)) == state_of(game)
    (tmp_path / "mine.record.json").write_text(json.dumps(record), "utf-8")
    assert read_source(str(tmp_path / "mine.record.json")).record == record, "a record file reads as itself"
    assert main(["record", str(tmp_path / "mine.record.json")]) == 0
    assert capsys.readouterr().out.splitlines() == record_text(game.record())


@pytest.mark.parametrize("content, why", [
    ("", "empty|bad JSON|damaged"),
    ("{not json", "bad JSON"),
    ('{"format": "something else"}', "neither a saved game nor a game record"),
    ('[1, 2]', "neither a saved game nor a game record"),
    ('{"format": "monopoly-record", "version": 1, "origin": {}, "steps": []}', "record origin"),
])
def test_a_file_that_is_no_record_is_refused_with_its_reason(tmp_path, capsys, content: str, why: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, "utf-8")
    with pytest.raises(RecordError, match=why):
        read_source(str(path))
    assert main(["record", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("monopoly record: ") and "Traceback" not in err


def test_a_damaged_step_names_the_step(tmp_path) -> None:
    record = seeded("us", 1).record()
    record["steps"][4]["action"] = {"action": "fly", "player": 0}
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record), "utf-8")
    with pytest.raises(RecordError, match="step 5"):
        read_source(str(path))


def test_a_missing_file_and_bad_arguments_are_usage_messages(tmp_path, capsys) -> None:
    assert main(["record", "nowhere", "--save-dir", str(tmp_path)]) == 1
    assert "no such save" in capsys.readouterr().err
    assert main(["record"]) == 2
    assert "SAVE_OR_RECORD" in capsys.readouterr().err


def test_a_save_of_a_game_without_a_record_says_so(tmp_path, capsys) -> None:
    from scenario import ANN, give, new_game
    game = new_game((3, 4))
    give(game, ANN, "Boardwalk")  # arranged by hand: no origin to replay from
    saves.write_save(tmp_path, "arranged", game)
    for command in ("record", "stats", "replay"):
        assert main([command, "arranged", "--save-dir", str(tmp_path)]) == 1
        err = capsys.readouterr().err
        assert err.startswith(f"monopoly {command}: ") and "has no record" in err


def test_the_records_rules_are_written_as_the_rule_options_take_them() -> None:
    """Played by hand: ``monopoly record`` listed rules as Python writes them (``auctions False``)."""
    from monopoly.engine import Game
    game = Game.new(["Ann", "Bob"], "us", {"auctions": False, "go_landing_double": True}, seed=3)
    text = " ".join(record_text(game.record()))
    assert "True" not in text and "False" not in text
    assert "auctions false" in text and "go_landing_double true" in text
