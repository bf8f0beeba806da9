"""Games kept apart (issue 16): an identity and an autosave per game, no save replaced without a
question, saves racing between programs, the autosave's log appended, leftovers of interrupted saves."""

from __future__ import annotations

import json
import multiprocessing
import os
import time
from pathlib import Path

import pytest

from monopoly.storage import saves
from monopoly.engine import Game

UI = {"tokens": ["Car", "Dog"], "fastmove": False, "show_cash": True, "elapsed": 1.0}


def new_game(seed: int = 4, names: tuple[str, str] = ("Ann", "Bob")) -> Game:
    return Game.new(list(names), "us", seed=seed, first_player=0)


def play(game: Game, actions: int) -> None:
    """Go on with the first legal answer each time (throws, buying, bids ...)."""
    for _ in range(actions):
        if game.view.over:
            return
        legal = game.legal_actions(game.view.pending.player)
        game.apply(legal[0])


# ---------------------------------------------------------------------------------------- F7: one autosave a game
def test_f7_two_games_in_one_folder_autosave_apart_and_both_are_listed(tmp_path: Path) -> None:
    first, second = saves.GameRecord(tmp_path), saves.GameRecord(tmp_path)
    game1, game2 = new_game(1, ("Ann", "Bob")), new_game(2, ("Cy", "Dee"))
    path1 = first.autosave(game1, None, UI)
    path2 = second.autosave(game2, None, UI)  # a new game never replaces another's autosave
    assert path1 != path2 and path1.name.startswith("autosave-") and path2.name.startswith("autosave-")
    assert saves.read_save(path1).game.view.name(0) == "Ann"
    assert saves.read_save(path2).game.view.name(0) == "Cy"
    listed = {e.name: e.players for e in saves.list_saves(tmp_path)}
    assert listed == {path1.stem: ("Ann", "Bob"), path2.stem: ("Cy", "Dee")}


def test_f7_the_identity_is_kept_in_every_save_of_the_game(tmp_path: Path) -> None:
    record = saves.GameRecord(tmp_path)
    game = new_game()
    auto = record.autosave(game, None, UI)
    named = record.save("mine", game, None, UI)
    for path in (auto, named):
        loaded = saves.read_save(path)
        assert loaded.game_id == record.game_id
        assert saves.GameRecord.resumed(tmp_path, loaded).autosave_path == auto


def test_f7_two_sessions_resumed_from_one_save_keep_both_progresses(tmp_path: Path) -> None:
    record = saves.GameRecord(tmp_path)
    game = new_game()
    start = record.save("start", game, None, UI)
    one, two = saves.read_save(start), saves.read_save(start)
    session1 = saves.GameRecord.resumed(tmp_path, one)
    session2 = saves.GameRecord.resumed(tmp_path, two)
    play(one.game, 12)
    play(two.game, 3)
    path1 = session1.autosave(one.game, None, UI)
    path2 = session2.autosave(two.game, None, UI)  # the older progress must not replace the newer
    assert path1 != path2 and session2.forked_from == record.game_id and session1.forked_from is None
    assert saves.read_save(path1).game.to_dict() == one.game.to_dict()
    assert saves.read_save(path2).game.to_dict() == two.game.to_dict()
    play(one.game, 5)  # each goes on in its own file
    assert session1.autosave(one.game, None, UI) == path1
    assert session2.autosave(two.game, None, UI) == path2


def _save_as_shared_name(folder: str, seed: int, start: multiprocessing.synchronize.Barrier,
                         results: multiprocessing.Queue) -> None:
    game = new_game(seed, ("Ann", "Bob") if seed == 1 else ("Cy", "Dee"))
    record = saves.GameRecord(folder)
    look = saves.peek

    def slow_look(path: Path) -> saves.Holder | None:  # widen the gap between looking and writing
        found = look(path)
        time.sleep(0.2)
        return found

    saves.peek = slow_look  # this child process only
    start.wait()
    try:
        record.save("shared", game, None, UI)
        results.put((seed, "saved"))
    except saves.SaveConflict:
        results.put((seed, "asked"))


@pytest.mark.skipif(os.name != "posix", reason="forks two savers")
def test_f7_two_programs_saving_one_new_name_at_once_never_both_hear_saved(tmp_path: Path) -> None:
    context = multiprocessing.get_context("fork")
    for round_ in range(2):
        folder = tmp_path / str(round_)
        start, results = context.Barrier(2), context.Queue()
        workers = [context.Process(target=_save_as_shared_name, args=(str(folder), seed, start, results))
                   for seed in (1, 2)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join(30)
        outcome = dict(results.get(timeout=5) for _ in workers)
        assert sorted(outcome.values()) == ["asked", "saved"], outcome
        winner = next(seed for seed, said in outcome.items() if said == "saved")
        first = saves.read_save(folder / "shared.json").game.view.name(0)
        assert first == ("Ann" if winner == 1 else "Cy"), "the file holds the game that was told it is saved"


# ---------------------------------------------------------------------------------------- F6: asked first
def test_f6_a_save_named_after_a_file_elsewhere_does_not_replace_another_game(tmp_path: Path) -> None:
    other, folder = tmp_path / "other", tmp_path / "saves"
    theirs = saves.write_save(folder, "foo", new_game(2, ("Cy", "Dee")), None, UI)
    before = theirs.read_bytes()
    mine = saves.read_save(saves.write_save(other, "foo", new_game(1), None, UI))
    record = saves.GameRecord.resumed(folder, mine)
    with pytest.raises(saves.SaveConflict) as caught:
        record.save("foo", mine.game, None, UI)
    assert not caught.value.same_game and "another game (Cy, Dee" in str(caught.value)
    assert theirs.read_bytes() == before
    record.save("foo", mine.game, None, UI, agreed=caught.value.found)  # the player said yes
    assert saves.read_save(theirs).game.view.name(0) == "Ann"


def test_an_agreement_holds_only_for_what_was_there_when_asked(tmp_path: Path) -> None:
    theirs = saves.GameRecord(tmp_path)
    theirs.save("foo", new_game(2, ("Cy", "Dee")), None, UI)
    mine = saves.GameRecord(tmp_path)
    with pytest.raises(saves.SaveConflict) as caught:
        mine.save("foo", new_game(), None, UI)
    game = new_game(2, ("Cy", "Dee"))
    play(game, 4)
    theirs.save("foo", game, None, UI)  # changed while the question was on screen
    with pytest.raises(saves.SaveConflict):
        mine.save("foo", new_game(), None, UI, agreed=caught.value.found)


def test_a_newer_state_of_the_same_game_is_not_replaced_without_a_question(tmp_path: Path) -> None:
    start = saves.write_save(tmp_path, "foo", new_game(), None, UI)
    one, two = saves.read_save(start), saves.read_save(start)
    session1, session2 = saves.GameRecord.resumed(tmp_path, one), saves.GameRecord.resumed(tmp_path, two)
    play(one.game, 10)
    session1.save("foo", one.game, None, UI)  # its own file, as it left it: no question
    play(one.game, 2)
    session1.save("foo", one.game, None, UI)
    with pytest.raises(saves.SaveConflict) as caught:
        session2.save("foo", two.game, None, UI)
    assert caught.value.same_game and "as another session left it" in str(caught.value)


def test_a_version_1_save_still_loads_and_gets_an_identity(tmp_path: Path) -> None:
    game = new_game()
    document = {"format": saves.SAVE_FORMAT, "version": 1, "saved_at": "2024-01-01T00:00:00",
                "game": game.to_dict(), "computers": None, "ui": UI}
    path = tmp_path / "autosave.json"
    path.write_text(json.dumps(document), "utf-8")
    loaded = saves.read_save(path)
    assert loaded.game_id is None
    record = saves.GameRecord.resumed(tmp_path, loaded)
    assert record.autosave(loaded.game, None, UI) != path and path.read_text("utf-8") == json.dumps(document)


# ---------------------------------------------------------------------------------------- the log kept apart
def test_the_autosave_appends_new_events_and_keeps_the_save_small(tmp_path: Path) -> None:
    record = saves.GameRecord(tmp_path)
    game = new_game()
    path = record.autosave(game, None, UI)
    log = path.with_suffix(saves.LOG_SUFFIX)
    sizes = []
    for _ in range(8):
        before = log.read_bytes()
        play(game, 25)
        record.autosave(game, None, UI)
        assert log.read_bytes().startswith(before), "the events already written stay as they were"
        sizes.append(path.stat().st_size)
    assert len(log.read_text("utf-8").splitlines()) == len(game.log) > 50
    assert json.loads(path.read_text("utf-8"))["game"]["log"] == [], "the events are not in the save itself"
    # the save grows only by the journal of inputs, a few dozen bytes an action (not by the events)
    assert (max(sizes) - min(sizes)) / (7 * 25) < 100
    loaded = saves.read_save(path)
    assert loaded.game.to_dict() == game.to_dict()


def test_a_resumed_autosave_goes_on_appending(tmp_path: Path) -> None:
    record = saves.GameRecord(tmp_path)
    game = new_game()
    play(game, 20)
    path = record.autosave(game, None, UI)
    loaded = saves.read_save(path)
    again = saves.GameRecord.resumed(tmp_path, loaded)
    log = path.with_suffix(saves.LOG_SUFFIX)
    before = log.read_bytes()
    play(loaded.game, 20)
    assert again.autosave(loaded.game, None, UI) == path
    assert log.read_bytes().startswith(before) and len(log.read_bytes()) > len(before)
    assert saves.read_save(path).game.to_dict() == loaded.game.to_dict()


def autosaved(folder: Path, actions: int) -> tuple[Game, Path, Path]:
    """A game played for ``actions`` and autosaved: the game, its autosave and the autosave's log."""
    game = new_game()
    play(game, actions)
    path = saves.GameRecord(folder).autosave(game, None, UI)
    return game, path, path.with_suffix(saves.LOG_SUFFIX)


def test_events_a_crash_appended_past_the_save_are_ignored_then_cut(tmp_path: Path) -> None:
    game, path, log = autosaved(tmp_path, 10)
    with open(log, "ab") as handle:
        handle.write(b'{"event": "half a line')
    assert saves.read_save(path).game.to_dict() == game.to_dict()
    loaded = saves.read_save(path)
    resumed = saves.GameRecord.resumed(tmp_path, loaded)
    play(loaded.game, 5)
    resumed.autosave(loaded.game, None, UI)
    assert b"half a line" not in log.read_bytes()
    assert saves.read_save(path).game.to_dict() == loaded.game.to_dict()


def test_a_damaged_or_missing_log_is_refused(tmp_path: Path) -> None:
    _, path, log = autosaved(tmp_path, 10)
    data = bytearray(log.read_bytes())
    data[5] ^= 1
    log.write_bytes(bytes(data))
    with pytest.raises(saves.SaveError, match="does not match"):
        saves.read_save(path)
    log.write_bytes(bytes(data[:20]))
    with pytest.raises(saves.SaveError, match="shorter"):
        saves.read_save(path)
    log.unlink()
    with pytest.raises(saves.SaveError, match="cannot be read"):
        saves.read_save(path)


# ---------------------------------------------------------------------------------------- F9: leftovers
def _leftover(target: Path, content: bytes, age: float) -> Path:
    """A temporary file as an interrupted save leaves it, ``age`` seconds older than its target."""
    tmp = target.parent / f".{target.stem}-x1y2z3.tmp"
    tmp.write_bytes(content)
    if target.exists():
        stamp = target.stat().st_mtime - age
        os.utime(tmp, (stamp, stamp))
    return tmp


def test_f9_leftover_temporary_files_are_removed(tmp_path: Path) -> None:
    record = saves.GameRecord(tmp_path)
    game = new_game()
    path = record.autosave(game, None, UI)
    stale = _leftover(path, path.read_bytes(), age=60)  # an older state: the save has moved on
    broken = tmp_path / ".foo-abc.tmp"
    broken.write_bytes(path.read_bytes()[:300])  # cut short: nothing to recover
    orphan = tmp_path / f"autosave-{'0' * 12}{saves.LOG_SUFFIX}"  # the log of an autosave never written
    orphan.write_text("{}\n", "utf-8")
    steps = orphan.with_suffix(saves.STEPS_SUFFIX)  # and its steps
    steps.write_text('{"at": 0, "clock": 0}\n', "utf-8")
    kept = record.steps_path  # the steps of an autosave that is there stay
    kept.write_text("", "utf-8")
    assert saves.tidy(tmp_path) == []
    assert not stale.exists() and not broken.exists() and not orphan.exists() and not steps.exists()
    assert kept.exists()
    assert saves.read_save(path).game.to_dict() == game.to_dict()
    assert path.with_suffix(saves.LOG_SUFFIX).exists()


def test_f9_a_leftover_newer_than_its_save_is_recovered(tmp_path: Path) -> None:
    record = saves.GameRecord(tmp_path)
    game = new_game()
    path = record.autosave(game, None, UI)
    play(game, 15)
    newer = saves.make_document(game, None, UI, record.game_id)
    tmp = _leftover(path, saves.to_text(newer).encode("utf-8"), age=0)
    later = time.time() + 5
    os.utime(tmp, (later, later))
    (recovered,) = saves.tidy(tmp_path)
    assert not tmp.exists() and recovered.name.startswith(saves.RECOVERED_PREFIX)
    assert saves.read_save(recovered).game.to_dict() == game.to_dict()
    assert recovered.stem in [e.name for e in saves.list_saves(tmp_path)]


def test_f9_a_recovered_autosave_takes_its_log_from_its_target(tmp_path: Path) -> None:
    record = saves.GameRecord(tmp_path)
    game = new_game()
    path = record.autosave(game, None, UI)
    play(game, 15)
    document = json.loads(path.read_text("utf-8"))
    record.autosave(game, None, UI)  # appends the events; then pretend the move into place never came
    newer = json.loads(path.read_text("utf-8"))
    path.write_text(json.dumps(document), "utf-8")
    tmp = _leftover(path, json.dumps(newer).encode("utf-8"), age=0)
    later = time.time() + 5
    os.utime(tmp, (later, later))
    (recovered,) = saves.tidy(tmp_path)
    assert saves.read_save(recovered).game.to_dict() == game.to_dict()


def test_resuming_a_named_save_keeps_the_games_identity_and_its_own_autosave(tmp_path: Path) -> None:
    # Issue 26: with nothing else running, resuming a named save always "forked" the game: its own
    # autosave, left by the session that saved it, counted as another session's progress.
    record = saves.GameRecord(tmp_path)
    game = new_game()
    play(game, 4)
    record.autosave(game, None, UI)
    named = record.save("mine", game, None, UI)
    loaded = saves.read_save(named)
    again = saves.GameRecord.resumed(tmp_path, loaded)
    play(loaded.game, 3)
    path = again.autosave(loaded.game, None, UI)
    assert again.forked_from is None and again.game_id == record.game_id and path == record.autosave_path
    assert saves.read_save(path).game.to_dict() == loaded.game.to_dict()
    assert sorted(p.name for p in tmp_path.glob("*.json")) == sorted([named.name, path.name])


# ---------------------------------------------------------------------------------------- the steps file (issue 25)
def test_steps_past_the_autosave_are_replayed_and_end_at_a_damaged_line(tmp_path: Path) -> None:
    """A game server appends each input to the steps file and writes the whole autosave now and
    then: a crash between two whole writes loses no step (the engine replays them)."""
    record, game = saves.GameRecord(tmp_path), new_game(5)
    play(game, 6)
    record.autosave(game, None, UI)
    before = len(game.journal)
    for _ in range(5):  # five actions, each step written as it is taken
        play(game, 1)
        record.append_steps(game)
    loaded = saves.read_save(record.autosave_path)
    assert loaded.steps == 5 and loaded.game.to_dict() == game.to_dict()
    steps = record.steps_path.read_bytes()
    record.steps_path.write_bytes(steps[:-3])  # the last line cut short by a crash of the system
    assert saves.read_save(record.autosave_path).steps == 4
    lines = steps.splitlines(keepends=True)
    record.steps_path.write_bytes(b"".join(lines[:2]) + b'{"at": 99, "clock": 0}\n' + b"".join(lines[2:]))
    assert saves.read_save(record.autosave_path).steps == 2  # out of order: the steps end there
    bad = json.loads(lines[2])
    bad["action"] = {"action": "buy", "player": 7}
    record.steps_path.write_bytes(b"".join(lines[:2]) + json.dumps(bad).encode() + b"\n")
    loaded = saves.read_save(record.autosave_path)
    assert loaded.steps == 2 and len(loaded.game.journal) == before + 2


def test_a_whole_autosave_empties_the_steps_it_holds(tmp_path: Path) -> None:
    record, game = saves.GameRecord(tmp_path), new_game(6)
    record.autosave(game, None, UI)
    play(game, 3)
    record.append_steps(game)
    taken = record.autosave_snapshot(game, None, UI)  # as a writer thread does, while play goes on
    play(game, 2)
    record.append_steps(game)
    record.write_snapshot(taken)
    record.snapshot_written(taken)
    assert record.steps_path.stat().st_size > 0  # the last two steps are not in the autosave
    loaded = saves.read_save(record.autosave_path)
    assert loaded.steps == 2 and loaded.game.to_dict() == game.to_dict()
    record.autosave(game, None, UI)
    assert not record.steps_path.exists()  # all in the autosave
    play(game, 1)
    record.append_steps(game)  # and the next step starts the file again
    assert saves.read_save(record.autosave_path).steps == 1
    record.autosave(game, None, UI)
    # A session that appends no steps (a local game resuming the autosave) removes what it finds.
    play(game, 2)
    record.append_steps(game)
    local = saves.GameRecord.resumed(tmp_path, saves.read_save(record.autosave_path))
    local.autosave(saves.read_save(record.autosave_path).game, None, UI)
    assert not record.steps_path.exists()
    assert saves.read_save(record.autosave_path).game.to_dict() == game.to_dict()
