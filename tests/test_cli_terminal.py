"""A terminal that cannot move the cursor is refused before curses starts (issue 38).

With ``TERM=dumb`` curses starts, shows its prompt line and never the board. Each command that
would open a curses screen (the game, a seat at a hosted game, the replay) now says in one line
that this terminal cannot draw the board and names the line by line command, with exit code 2.
The program runs in a real pseudo-terminal (``tui_harness``), as a person would start it.
"""

from __future__ import annotations

import pytest

from tui_harness import TuiSession

pytest.importorskip("curses")


@pytest.mark.parametrize("args, instead", [
    (["--players", "Ann,Bob"], "monopoly text"),
    (["play"], "monopoly text"),
    (["join", "127.0.0.1:9", "abc"], "monopoly join --text"),
])
def test_a_dumb_terminal_is_refused_in_one_line_naming_the_text_mode(tmp_path, args, instead) -> None:
    with TuiSession([*args, "--save-dir", str(tmp_path)] if args[0] != "join" else args,
                    env={"TERM": "dumb", "XDG_DATA_HOME": str(tmp_path)}) as s:
        s.wait_for("cannot move the cursor")
        assert s.wait_exit() == 2
        text = bytes(s.output).decode("utf-8", "replace")
    lines = [line for line in text.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("monopoly: this terminal (TERM=dumb)"), text
    assert lines[0].endswith(instead), text
    assert list(tmp_path.iterdir()) == [], "nothing saved, nothing logged"


def test_the_replay_on_a_dumb_terminal_names_its_text_mode(tmp_path) -> None:
    from monopoly.engine import Game, Roll
    from monopoly.storage import saves

    game = Game.new(["Ann", "Bob"], "us", seed=4, first_player=0)
    game.apply(Roll(0))
    save = saves.write_save(tmp_path, "mine", game)
    with TuiSession(["replay", str(save)], env={"TERM": "dumb"}) as s:
        s.wait_for("play line by line: monopoly replay --text")
        assert s.wait_exit() == 2
