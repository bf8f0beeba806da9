"""Keys belong to the moment they were typed for (issue 14): a hot-seat game in a pseudo-terminal,
with D typed again while a token moves and while a computer plays; nothing may act early."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

if sys.platform.startswith("win"):
    pytest.skip("the pseudo-terminal harness is POSIX only", allow_module_level=True)

from tui_harness import TuiSession  # noqa: E402

from monopoly.storage import saves  # noqa: E402
from monopoly.engine import events as E  # noqa: E402

# With this seed Bob starts, throws 4+6 to Just Visiting; the computer CPU1 throws 4+6 there too
# (no decision for anyone), and then it is Ann's turn (found with the engine; see the assertions).
SEED = 1218


def throws(folder: Path) -> dict[str, int]:
    """How many times each player has thrown to move, from the game's autosave."""
    (path,) = folder.glob("autosave-*.json")
    game = saves.read_save(path).game
    counts = {p.name: 0 for p in game.view.players()}
    for event in game.log:
        if isinstance(event, E.DiceRolled) and event.purpose == "move":
            counts[game.view.name(event.player)] += 1
    return counts


def test_keys_typed_during_a_move_and_a_computers_turn_do_not_act_on_a_later_turn(tmp_path: Path) -> None:
    pytest.importorskip("monopoly.ai")
    with TuiSession(["--players", "Ann,Bob,cpu", "--seed", str(SEED), "--save-dir", str(tmp_path)]) as s:
        s.wait_for("Bob: D to throw the dice")
        s.send("d")
        s.wait_for("Bob moves... any key skips the move")  # the bottom line says what happens now
        s.send("d")  # pressed again while the token moves: it only skips the move
        s.wait_for("CPU1 (computer) is playing")
        s.send("d")  # during the computer's wait: skips it, throws nothing for anyone
        s.wait_for("CPU1 throws 4 and 6")
        s.send("d")  # while the computer's throw is shown: skips, and is not kept for Ann
        s.wait_for("Ann: D to throw the dice")
        s.settle(1.0)
        assert "Ann throws" not in s.text()
        s.send("\x03")
        s.wait_exit()
    assert throws(tmp_path) == {"Ann": 0, "Bob": 1, "CPU1": 1}
