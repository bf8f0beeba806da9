"""``monopoly replay``: step through a game forward and back, by action and by turn, play it at a
speed, and continue it from any step as a new game (the file replayed untouched)."""

from __future__ import annotations

import json

import pytest

from monopoly.storage import saves
from monopoly.engine import game_from_record
from monopoly.session.model import UIState
from monopoly.tui.replay import Replayer, show
from records_games import played, seeded

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def state(game) -> str:
    return json.dumps(game.to_dict(), sort_keys=True)


def test_stepping_forward_and_back_shows_the_game_after_that_many_steps() -> None:
    record = seeded("us", 1).record()
    r = Replayer(record)
    for _ in range(7):
        r.next_action()
    assert r.steps == 7 and state(r.game) == state(game_from_record(record, 7))
    r.previous_action()
    assert r.steps == 6 and state(r.game) == state(game_from_record(record, 6))
    r.previous_action()
    r.go(-5)
    assert r.steps == 0
    r.go(10 ** 6)
    assert r.steps == r.total and state(r.game) == state(game_from_record(record))


def test_turns_step_to_where_each_turn_begins() -> None:
    r = Replayer(seeded("uk", 2).record())
    r.next_turn()
    assert r.turn == 2 and r.steps == r.starts[2]
    r.next_action()
    r.previous_turn()
    assert r.turn == 2 and r.steps == r.starts[2], "back to the start of this turn"
    r.previous_turn()
    assert r.turn == 1 and r.steps == 0
    r.go_to_turn(20)
    assert r.turn == 20 and r.steps == r.starts[20]
    with pytest.raises(KeyError):
        r.go_to_turn(r.last_turn + 1)


def test_the_screen_shows_the_steps_dice_card_and_messages() -> None:
    record = seeded("us", 1).record()
    r = Replayer(record)
    ui = UIState(tokens=["Car", "Dog", "Hat"])
    card_step = next(i for i, s in enumerate(record["steps"]) if any(e["event"] == "card_drawn" for e in s["events"]))
    r.go(card_step + 1)
    show(r, ui)
    drawn = next(e for e in record["steps"][card_step]["events"] if e["event"] == "card_drawn")
    assert ui.card == (r.game.edition.deck_name(drawn["deck"]), drawn["text"])
    ended = [e["event"] for e in record["steps"][card_step]["events"]][-1] == "turn_started"
    assert (ui.dice is None) is ended and ui.messages  # a step that ended the turn: no dice of the one before
    r.next_turn()
    show(r, ui)
    assert ui.messages[-1].text.startswith(f"Turn {r.turn}:") and ui.card is None
    r.go(0)
    show(r, ui)
    assert ui.dice is None, "nobody has thrown yet"


def test_a_continued_game_goes_on_from_the_step_and_records_its_past() -> None:
    record = seeded("dotcom", 3).record()
    r = Replayer(record)
    r.go_to_turn(12)
    game = r.continued()
    assert state(game) == state(r.game)
    assert game.record()["steps"] == record["steps"][: r.steps]


# ---------------------------------------------------------------------------------------- on a terminal
tui = pytest.importorskip("tui_harness")


@pytest.fixture
def save_dir(tmp_path):
    game, computers = played("us", 8, turns=40)
    saves.write_save(tmp_path, "old", game, computers)
    return tmp_path


def test_replay_steps_forward_and_back_and_continues_from_a_step(save_dir) -> None:
    original = (save_dir / "old.json").read_bytes()
    record = saves.read_save(save_dir / "old.json").game.record()
    total = len(record["steps"])
    with tui.TuiSession(["replay", "old", "--save-dir", str(save_dir)], rows=30, cols=100) as s:
        s.wait_for(f"Step 0 of {total}, turn 1")
        s.wait_for("REPLAY")
        s.send("right")
        s.wait_for(f"Step 1 of {total}")
        s.send("right", "right")
        s.wait_for(f"Step 3 of {total}")
        s.send("left")
        s.wait_for(f"Step 2 of {total}")
        s.send("down")
        s.wait_for("turn 3 of")
        s.send("up")
        s.wait_for("turn 2 of")
        s.send("g")
        s.answer("Go to turn:", "10", "enter")
        s.wait_for("turn 10 of")
        steps = int(s.wait_for(tui.re.compile(r"Step (\d+) of")).group(1))
        s.send("+", "+", "+", " ")
        s.wait_for("playing")
        s.wait_for(tui.re.compile(rf"Step (?!{steps} )\d+ of"))
        s.send(" ")
        s.wait_for("paused")
        s.send("g")
        s.answer("Go to turn:", "10", "enter")
        s.wait_for(f"Step {steps} of")
        s.send("c")
        s.answer("save it as", *["backspace"] * 20, "mine", "enter")
        s.answer("Play it now?", "n")
        s.wait_for("Saved as mine.")
        s.send("q")
        assert s.wait_exit() == 0
    assert b"saved as mine; play it with: monopoly --load mine" in bytes(s.output)
    assert (save_dir / "old.json").read_bytes() == original, "the game replayed is untouched"
    continued = saves.read_save(save_dir / "mine.json")
    assert state(continued.game) == state(game_from_record(record, steps))
    assert continued.computers is not None and continued.computers.names == {0: "ruthless", 1: "basic", 2: "cautious"}


def test_a_continued_game_can_be_played_at_once(save_dir) -> None:
    with tui.TuiSession(["replay", "old", "--save-dir", str(save_dir)], rows=30, cols=100) as s:
        s.wait_for("Step 0 of")
        s.send("down", "down", "c")
        s.answer("save it as", "enter")
        s.answer("Play it now?", "y")
        s.wait_for("Dice")
        s.wait_gone("REPLAY")
    assert (save_dir / "old-turn3.json").is_file()


def test_replay_refuses_a_bad_file_and_a_missing_terminal(tmp_path, capsys) -> None:
    from monopoly.cli import main
    (tmp_path / "x.json").write_text("[]", "utf-8")
    assert main(["replay", str(tmp_path / "x.json")]) == 1
    assert "monopoly replay: " in capsys.readouterr().err


def test_the_docs_list_the_replays_keys() -> None:
    from pathlib import Path
    from monopoly.tui.replay import KEYS
    text = (Path(__file__).resolve().parent.parent / "docs" / "records.md").read_text("utf-8")
    table = text[text.index("| key | in the replay |"):]
    names = {"previous_action": "Left", "next_action": "Right", "previous_turn": "Up", "next_turn": "Down",
             "go_to_turn": "| G |", "play": "SPACE", "faster": "+", "slower": "-", "first": "Home", "last": "End",
             "continue": "| C |", "quit": "Q or ESC", "analysis": "| A |"}
    assert {k.command for k in KEYS} == set(names)
    for word in names.values():
        assert word in table


def test_the_line_mode_steps_and_continues_from_a_step(save_dir, capsys, monkeypatch) -> None:
    import io
    from monopoly.cli import main
    original = (save_dir / "old.json").read_bytes()
    record = saves.read_save(save_dir / "old.json").game.record()
    monkeypatch.setattr("sys.stdin", io.StringIO("n\nn 2\np\nt\nb\ng 5\ns\nc later\nc later\nx\nq\n"))
    assert main(["replay", "--text", "old", "--save-dir", str(save_dir)]) == 0
    out = capsys.readouterr().out
    assert "Step 0 of" in out and "[Step 1 of" in out and "[Step 3 of" in out and "Step 2 of" in out
    r = Replayer(record)
    r.go_to_turn(5)
    assert f"Step {r.steps} of {r.total}, turn 5 of" in out
    assert "Saved as later; play it with: monopoly --load later" in out
    assert "a save of that name exists" in out, "the second save under one name is refused"
    assert "No command 'x': n, p, t, b, g N, s, c NAME or q" in out, "an unknown word: one line, not the help"
    assert out.count("g N: go to turn N") == 1, "the help is shown once, at the start"
    assert state(saves.read_save(save_dir / "later.json").game) == state(game_from_record(record, r.steps))
    assert (save_dir / "old.json").read_bytes() == original


def test_the_line_mode_takes_the_words_as_well_as_the_letters(save_dir, capsys, monkeypatch) -> None:
    """Tried by hand: ``quit`` was refused (only ``q``), and each unknown word reprinted the help."""
    import io
    from monopoly.cli import main
    monkeypatch.setattr("sys.stdin", io.StringIO("next\nshow\nhelp\nQuit\nn\n"))
    assert main(["replay", "--text", "old", "--save-dir", str(save_dir)]) == 0
    out = capsys.readouterr().out
    assert "[Step 1 of" in out and "No command" not in out
    assert out.count("g N: go to turn N") == 2  # at the start, and for help
    assert "[Step 2 of" not in out, "quit ended the replay: the n after it was never read"


def test_a_step_that_ends_the_turn_shows_no_dice_of_the_player_before() -> None:
    """Played by hand: the curses replay showed the previous player's dice beside the new turn's
    player, after a throw that ended a turn at once."""
    record = seeded("us", 1).record()
    r = Replayer(record)
    ui = UIState(tokens=["Car", "Dog", "Hat"])
    kinds = [[e["event"] for e in s["events"]] for s in record["steps"]]
    step = next(i for i, k in enumerate(kinds) if "dice_rolled" in k and "turn_started" in k
                and k.index("turn_started") > max(j for j, e in enumerate(k) if e == "dice_rolled"))
    r.go(step + 1)
    show(r, ui)
    assert ui.messages[-1].text.startswith("Turn "), ui.messages[-1].text
    assert ui.dice is None, "the new turn has had no throw yet"


def test_the_replay_bar_names_every_key_within_80_columns() -> None:
    # At 80 columns the spaced-out bar (85 characters) lost its last key, Q:quit.
    from monopoly.tui.replay import KEYS, bar_text
    for cols in (80, 120):
        text = bar_text(cols)
        assert len(text) <= cols
        assert all(k.label in text for k in KEYS if k.label)
        assert text.rstrip().endswith("Q:quit")
    assert "  " in bar_text(120).strip()  # spaced out where there is room
