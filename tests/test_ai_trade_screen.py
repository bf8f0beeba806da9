"""On the screen, a computer's answer to a person's trade offer comes with its reason, and a
refusal with a counter-offer the person then answers (issue 12). The real program in a
pseudo-terminal (``tui_harness``)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from tui_harness import TuiSession  # noqa: E402

POSITION = {
    "edition": "us",
    "seed": 5,
    "players": [
        {"name": "Ann", "cash": 1500, "square": 0, "owns": ["Reading Railroad"]},
        {"name": "Cpu", "cash": 1500, "square": 0, "owns": ["Boardwalk"]},
    ],
    "current_player": "Ann",
    "turn": 3,
}


def test_a_refusal_shows_its_reason_and_the_counter_offer_is_asked(tmp_path: Path) -> None:
    pytest.importorskip("monopoly.ai")
    path = tmp_path / "position.json"
    path.write_text(json.dumps(POSITION), encoding="utf-8")
    args = ["--position", str(path), "--computers", "Cpu:ruthless", "--save-dir", str(tmp_path)]
    with TuiSession(args, rows=30, cols=100) as s:
        s.answer("Ann: D to throw the dice", "t")
        s.answer("Ann gives", "d")  # nothing given
        s.answer("Ann asks Cpu for", "enter")  # the cursor starts on Cpu's only deed, Boardwalk
        s.send("d")
        s.answer("Cash in this trade: who pays?", "1", "enter")  # in a trade, a key ends with RETURN
        s.answer("Ann pays how much?", "100", "enter")
        s.answer("Make this offer?", "y", "enter")
        s.wait_for(re.compile(r"Cpu: not enough for Boardwalk; it makes a\s+(\S+\s+)*counter-offer"))  # wrapped or not
        s.wait_for("Ann: accept the offer from Cpu?")
        s.send("n")
        s.wait_for("Ann refuses the offer from Cpu")
        s.send("q")
        s.answer("Quit this game?", "y")
        s.answer("Save it first?", "n")
        s.answer("Final valuation", "x")
        assert s.wait_exit() == 0
