"""Issue 26: every file read by one guarded reader, every write kept inside its folder, and a lock
that cannot hang a game. Each test fails without its fix."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest

from monopoly.engine import Game, PositionError, Roll
from monopoly.session.signals import held_interrupts
from monopoly.storage import files, save_lock, saves
from monopoly.storage.positions import read_position
from monopoly.storage.records import RecordError, read_source, write_record

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))  # the pseudo-terminal harness
POSITION = {"players": [{"name": "Ann"}, {"name": "Bob"}]}
posix_only = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX files")


def monopoly(*args: str, timeout: float = 60, **kwargs: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "monopoly", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=timeout, **kwargs)


def position_file(tmp_path: Path, data: Any = None, text: str | None = None) -> Path:
    path = tmp_path / "position.json"
    path.write_text(text if text is not None else json.dumps(POSITION if data is None else data), "utf-8")
    return path


def refused_position(path: Path, expected: str) -> str:
    with pytest.raises(PositionError) as caught:
        read_position(path)
    message = str(caught.value)
    assert str(path) in message and expected in message, message
    return message


# ---------------------------------------------------------------------------------------- the reader
@posix_only
def test_a_position_file_that_is_a_named_pipe_is_refused_without_waiting(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    started = time.monotonic()
    refused_position(fifo, "not an ordinary file")
    assert time.monotonic() - started < 5


@posix_only
def test_simulate_position_from_a_named_pipe_does_not_wait(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    result = monopoly("simulate", "--position", str(fifo), "--games", "1", timeout=30)
    assert result.returncode == 1 and "not an ordinary file" in result.stderr, result.stderr


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_a_position_file_linked_to_an_endless_device_is_refused_before_reading(tmp_path: Path) -> None:
    link = tmp_path / "zero.json"
    link.symlink_to("/dev/zero")
    refused_position(link, "not an ordinary file")


def test_a_position_file_nested_100000_deep_is_refused(tmp_path: Path) -> None:
    refused_position(position_file(tmp_path, text="[" * 100_000 + "]" * 100_000), "nested")


def test_a_position_file_nested_beyond_the_bound_is_refused_naming_the_field(tmp_path: Path) -> None:
    deep: Any = 1
    for _ in range(files.MAX_DEPTH + 5):
        deep = [deep]
    message = refused_position(position_file(tmp_path, dict(POSITION, extra=deep)), "nested more than")
    assert "extra" in message


def test_a_position_file_over_the_size_cap_is_refused_unread(tmp_path: Path) -> None:
    path = position_file(tmp_path, text=json.dumps(POSITION) + " " * (2**20 + 10))
    refused_position(path, "too large")


@pytest.mark.parametrize("number", [2**64 + 1, 10**30, 2**53 + 1])
def test_a_position_number_beyond_what_a_game_holds_is_refused_naming_the_field(tmp_path: Path, number: int) -> None:
    data = {"players": [{"name": "Ann", "cash": number}, {"name": "Bob"}]}
    message = refused_position(position_file(tmp_path, text=json.dumps(data)), "too large")
    if number <= 2**64:
        assert "players[0].cash" in message


@pytest.mark.parametrize("field", ["turn", "debt.amount", "rules.mortgage_interest", "seed"])
@pytest.mark.parametrize("number", [2**64 + 1, 2**60])
def test_each_number_of_a_position_beyond_a_save_is_refused(tmp_path: Path, field: str, number: int) -> None:
    # Issue 26: a turn, debt, mortgage interest or seed above 2**64 was played, and its autosave
    # then refused forever. Beyond 2**64 the parser refuses the number; below, the field is named.
    data: dict[str, Any] = {"turn": {"turn": number}, "seed": {"seed": number},
                            "debt.amount": {"debt": {"player": "Ann", "amount": number}},
                            "rules.mortgage_interest": {"rules": {"mortgage_interest": number}}}[field]
    message = refused_position(position_file(tmp_path, dict(POSITION, **data)), "too large")
    assert number > 2**64 or field in message, message


def test_a_5000_digit_number_in_a_position_names_the_file(tmp_path: Path) -> None:
    text = '{"players": [{"name": "Ann", "cash": ' + "9" * 5000 + '}, {"name": "Bob"}]}'
    refused_position(position_file(tmp_path, text=text), "too many digits")


def test_a_position_seed_beyond_a_save_is_refused(tmp_path: Path) -> None:
    refused_position(position_file(tmp_path, dict(POSITION, seed=2**60)), "seed")


def test_a_position_the_reader_accepts_can_be_saved_and_loaded_again(tmp_path: Path) -> None:
    from monopoly.engine import build_game
    data = {"players": [{"name": "Ann", "cash": 2**53}, {"name": "Bob"}]}
    game = build_game(read_position(position_file(tmp_path, data)), seed=1)
    path = saves.write_save(tmp_path, "big", game)
    assert saves.read_save(path).game.view.cash(0) == 2**53


# ---------------------------------------------------------------------------------------- records by hand
def record_file(tmp_path: Path, change: Any) -> Path:
    game = Game.new(["Ann", "Bob"], "us", seed=3, first_player=0)
    game.apply(Roll(0))
    record = json.loads(json.dumps(game.record()))
    change(record)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), "utf-8")
    return path


@pytest.mark.parametrize("change, expected", [
    (lambda r: r["steps"][0]["events"].append(7), "steps[0].events"),
    (lambda r: r["steps"][0].__setitem__("action", ["roll", 0]), "steps[0].action"),
    (lambda r: r["steps"].append(3), "steps[1]"),
    (lambda r: r["opening"].append("x"), "opening"),
    (lambda r: r["origin"].__setitem__("dice", {"kind": "scripted", "rolls": []}), "record"),
    (lambda r: r["origin"].__setitem__("players", 5), "record"),
])
def test_a_hand_edited_record_is_refused_with_its_field(tmp_path: Path, change: Any, expected: str) -> None:
    path = record_file(tmp_path, change)
    with pytest.raises(RecordError) as caught:
        read_source(str(path), tmp_path)
    assert str(path) in str(caught.value) and expected in str(caught.value), str(caught.value)


@pytest.mark.parametrize("command", ["record", "stats"])
def test_record_and_stats_of_a_hand_edited_record_exit_1_without_a_traceback(tmp_path: Path, command: str) -> None:
    path = record_file(tmp_path, lambda r: r["steps"][0]["events"].append(7))
    result = monopoly(command, str(path), "--save-dir", str(tmp_path))
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr


# ---------------------------------------------------------------------------------------- damaged saves
def save_document(tmp_path: Path) -> dict[str, Any]:
    game = Game.new(["Ann", "Bob"], "us", seed=4, first_player=0)
    game.apply(Roll(0))
    return json.loads(saves.to_text(saves.make_document(game, None, {"tokens": ["Car", "Dog"]})))


def damaged_save(tmp_path: Path, change: Any) -> Path:
    document = save_document(tmp_path)
    change(document)
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(document), "utf-8")
    return path


@pytest.mark.parametrize("change, expected", [
    (lambda d: d["game"]["origin"].__setitem__("players", ["Ann"]), "game.origin"),
    (lambda d: d["game"]["origin"].__setitem__("edition", "nowhere"), "game.origin"),
    (lambda d: d["game"]["origin"].__setitem__("rules", {"rent_claim": 7}), "game.origin"),
    (lambda d: d["game"]["log"][2].__setitem__("player", "Ann"), "game.log[2].player"),
    (lambda d: d["game"]["log"][2].__setitem__("dice", "4 5"), "game.log[2].dice"),
    (lambda d: d["game"]["log"].__setitem__(1, [1, 2]), "game.log[1]"),
    (lambda d: d["game"]["log"][1].__setitem__("event", []), "game.log[1]"),  # found by the fuzz test
    (lambda d: d["ui"].__setitem__("tokens", ["Car\x00", "Dog"]), "ui.tokens"),
    (lambda d: d["ui"].__setitem__("tokens", ["\x1b[2J", "Dog"]), "ui.tokens"),
])
def test_a_damaged_save_is_refused_at_load_not_later(tmp_path: Path, change: Any, expected: str) -> None:
    path = damaged_save(tmp_path, change)
    with pytest.raises(saves.SaveError) as caught:
        saves.read_save(path)
    assert str(path) in str(caught.value) and expected in str(caught.value), str(caught.value)


@pytest.mark.parametrize("change", [{"take": [7]}, {"give": [0]}, {"recipient": 1}, {"recipient": 7}],
                         ids=["a-chance-square", "go", "to-itself", "nobody"])
def test_a_damaged_open_offer_of_a_computer_is_refused_at_load(tmp_path: Path, change: dict[str, Any]) -> None:
    # A Chance square among the deeds of the open offer loaded, then a KeyError in the ruthless
    # player's bookkeeping once the offer was answered.
    from monopoly.ai import ComputerPlayers
    from monopoly.engine import ProposeTrade
    game = Game.new(["Ann", "Bob"], "us", seed=4, first_player=0)
    computers = ComputerPlayers(game, {1: "ruthless"}, seed=3)
    document = json.loads(saves.to_text(saves.make_document(game, computers, {"tokens": ["Car", "Dog"]})))
    document["computers"]["offer"] = {**ProposeTrade(1, 0, give=(1,)).to_dict(), **change}
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(document), "utf-8")
    with pytest.raises(saves.SaveError, match="computers.offer"):
        saves.read_save(path)
    document["computers"]["offer"] = ProposeTrade(1, 0, give=(1,)).to_dict()
    path.write_text(json.dumps(document), "utf-8")
    assert saves.read_save(path).computers is not None  # an offer the game could have made loads


def test_a_journal_that_does_not_replay_is_refused_by_record_stats_and_replay(tmp_path: Path) -> None:
    def change(document: dict[str, Any]) -> None:
        document["game"]["journal"][0][0] = {"action": "buy", "player": 1}
    path = damaged_save(tmp_path, change)
    with pytest.raises(RecordError) as caught:
        read_source(str(path), tmp_path)
    assert "does not replay" in str(caught.value)
    for command in ("record", "stats", "replay"):
        result = monopoly(command, str(path), *(["--text"] if command == "replay" else []), input="")
        assert result.returncode == 1 and "Traceback" not in result.stderr, (command, result.stderr)


def test_replay_without_save_dir_works_as_documented(tmp_path: Path) -> None:
    game = Game.new(["Ann", "Bob"], "us", seed=4, first_player=0)
    game.apply(Roll(0))
    path = saves.write_save(tmp_path, "mine", game)
    result = monopoly("replay", str(path), "--text", input="q\n")
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr


@pytest.mark.skipif(not hasattr(os, "forkpty"), reason="needs a pseudo-terminal")
def test_replay_without_save_dir_works_on_the_curses_screen_too(tmp_path: Path) -> None:
    from tui_harness import TuiSession
    game = Game.new(["Ann", "Bob"], "us", seed=4, first_player=0)
    game.apply(Roll(0))
    path = saves.write_save(tmp_path, "mine", game)
    with TuiSession(["replay", str(path)], env={"MONOPOLY_SAVE_DIR": str(tmp_path / "saves")}, cwd=tmp_path) as s:
        s.wait_for("REPLAY")
        s.send("q")
        assert s.wait_exit() == 0


# ---------------------------------------------------------------------------------------- the writer
def planted(tmp_path: Path, entry: Path) -> Path:
    """A link planted as ``entry`` pointing at a file outside the folder; the target."""
    target = tmp_path / "outside" / "precious.txt"
    target.parent.mkdir(exist_ok=True)
    target.write_text("keep me\n" * 1000, "utf-8")
    entry.parent.mkdir(parents=True, exist_ok=True)
    entry.symlink_to(target)
    return target


def a_game() -> Game:
    game = Game.new(["Ann", "Bob"], "us", seed=4, first_player=0)
    game.apply(Roll(0))
    return game


def test_a_link_planted_as_the_autosaves_event_log_is_never_followed(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    record = saves.GameRecord(folder)
    target = planted(tmp_path, folder / f"{record.autosave_name}{saves.LOG_SUFFIX}")
    with pytest.raises(saves.SaveError, match="symbolic link"):
        record.autosave(a_game())
    assert target.read_text("utf-8") == "keep me\n" * 1000


def test_a_link_planted_as_the_event_log_after_the_first_autosave_is_never_followed(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    record = saves.GameRecord(folder)
    game = a_game()
    record.autosave(game)
    log = record.autosave_path.with_suffix(saves.LOG_SUFFIX)
    log.unlink()
    target = planted(tmp_path, log)
    with pytest.raises(saves.SaveError, match="symbolic link"):
        record.autosave(game)
    assert target.read_text("utf-8") == "keep me\n" * 1000


def test_a_link_planted_as_the_lock_file_is_never_followed(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    missing = tmp_path / "outside" / "created-through-the-link"
    missing.parent.mkdir()
    (folder / saves.LOCK_NAME).symlink_to(missing)
    with pytest.raises(saves.SaveError, match="symbolic link"):
        saves.GameRecord(folder).autosave(a_game())
    assert not missing.exists()


@pytest.mark.parametrize("name", ["mine", "autosave"])
def test_a_link_planted_as_a_save_is_refused_and_its_target_kept(tmp_path: Path, name: str) -> None:
    folder = tmp_path / "saves"
    record = saves.GameRecord(folder)
    entry = folder / (f"{record.autosave_name}.json" if name == "autosave" else f"{name}.json")
    target = planted(tmp_path, entry)
    if name == "autosave":  # what the link shows is not this game's: the autosave moves to a new name
        assert record.autosave(a_game()) != entry
    else:
        with pytest.raises(saves.SaveError):
            record.save(name, a_game(), agreed=saves.peek(entry))  # even when told to replace it
    assert target.read_text("utf-8") == "keep me\n" * 1000
    assert entry.is_symlink()


def test_a_link_planted_as_a_simulation_record_is_never_followed(tmp_path: Path) -> None:
    folder = tmp_path / "records"
    target = planted(tmp_path, folder / "game-00001.json")
    with pytest.raises(RecordError, match="symbolic link"):
        write_record(folder, 0, a_game())
    assert target.read_text("utf-8") == "keep me\n" * 1000
    result = monopoly("simulate", "--games", "1", "--records", str(folder), "--max-turns", "20")
    assert result.returncode == 1 and "symbolic link" in result.stderr and "Traceback" not in result.stderr
    assert target.read_text("utf-8") == "keep me\n" * 1000


def test_the_writer_writes_an_ordinary_file_in_place(tmp_path: Path) -> None:
    path = files.write_bytes(tmp_path / "a" / "b.json", b"{}\n")
    assert path.read_bytes() == b"{}\n" and not list(path.parent.glob("*.tmp"))


# ---------------------------------------------------------------------------------------- the lock
HOLDER = textwrap.dedent("""
    import fcntl, os, sys, time
    fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o666)
    fcntl.flock(fd, fcntl.LOCK_EX)
    print("held", flush=True)
    time.sleep(60)
""")


@pytest.fixture
def held_lock(tmp_path: Path) -> Any:
    pytest.importorskip("fcntl")
    folder = tmp_path / "saves"
    folder.mkdir()
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(folder / saves.LOCK_NAME)], stdout=subprocess.PIPE,
                              text=True)
    assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
    yield folder
    holder.kill()
    holder.wait()


def test_a_lock_held_by_another_process_never_hangs_the_autosave(held_lock: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(save_lock, "LOCK_WAIT_SECONDS", 1.0)
    monkeypatch.setattr(save_lock, "LOCK_NOTICE_SECONDS", 0.2)
    record = saves.GameRecord(held_lock)
    told: list[Path] = []
    record.waiting = told.append
    first = record.game_id
    game = a_game()
    started = time.monotonic()
    path = record.autosave(game)
    assert time.monotonic() - started < 5
    assert told == [held_lock]  # "another game in this folder is saving; waiting..."
    assert record.game_id != first and record.lock_refused  # moved to a name nobody else writes
    assert saves.read_save(path).game.view.turn == game.view.turn
    started = time.monotonic()
    assert record.autosave(game) == path  # the next autosave does not wait again
    assert time.monotonic() - started < 1


def test_the_default_notice_of_a_long_wait_is_one_line_on_standard_error(held_lock: Path,
                                                                          monkeypatch: pytest.MonkeyPatch,
                                                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(save_lock, "LOCK_WAIT_SECONDS", 0.6)
    monkeypatch.setattr(save_lock, "LOCK_NOTICE_SECONDS", 0.1)
    with pytest.raises(saves.LockBusy):
        with saves.folder_lock(held_lock):
            pass
    err = capsys.readouterr().err
    assert "another game in this folder" in err and "is saving; waiting..." in err and err.count("\n") == 1


def test_ctrl_c_while_waiting_for_the_lock_keeps_the_autosave(held_lock: Path) -> None:
    record = saves.GameRecord(held_lock)
    game = a_game()
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        with held_interrupts():  # as the session autosaves: stop signals held back
            os.kill(os.getpid(), signal.SIGINT)
            path = record.autosave(game)
    assert time.monotonic() - started < 3  # gave up waiting at once
    assert saves.read_save(path).game.view.turn == game.view.turn


def test_the_text_mode_with_the_folder_locked_by_a_stopped_game_ends_and_saves(held_lock: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    started = time.monotonic()
    result = monopoly("text", "--players", "Ann,Bob", "--seed", "3", "--save-dir", str(held_lock),
                      input="roll\nbuy\n", timeout=120, env=env)
    assert time.monotonic() - started < 90
    assert "The game is saved in" in result.stdout, result.stdout[-2000:] + result.stderr
    assert "another game in this folder" in (result.stdout + result.stderr).lower()
    assert "Traceback" not in result.stderr


# ---------------------------------------------------------------------------------------- edition files
@pytest.mark.parametrize("text, expected", [
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ('{"id": "big", "jail_fine": ' + "9" * 5000 + "}", "too large"),
    ('{"id": "big", "jail_fine": 9007199254740993}', "too large"),
])
def test_a_damaged_edition_file_is_refused_naming_it(tmp_path: Path, text: str, expected: str) -> None:
    from monopoly.engine import EditionError, list_editions
    (tmp_path / "big.json").write_text(text, "utf-8")
    with pytest.raises(EditionError) as caught:
        list_editions([tmp_path])
    assert "big.json" in str(caught.value) and expected in str(caught.value), str(caught.value)


def test_an_edition_file_over_the_size_cap_is_refused_unread(tmp_path: Path) -> None:
    from monopoly.engine import EditionError, list_editions
    (tmp_path / "big.json").write_text("{}" + " " * (2**20 + 1), "utf-8")
    with pytest.raises(EditionError, match="too large"):
        list_editions([tmp_path])
