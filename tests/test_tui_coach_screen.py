"""The coach on the real screen at 80x24, in a pseudo-terminal (pyte): W puts each player's estimated
chance of winning in the players list, I shows the hint at the buy question, and both are quick."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from test_tui_app import autosave_of, start, two_person_seed
from tui_harness import read_save

HINT_LATENCY = 1.0  # seconds from the key to the pop-up on screen, through the pseudo-terminal: generous


def test_w_shows_the_win_chances_and_i_the_hint_at_80x24(tmp_path: Path) -> None:
    pytest.importorskip("monopoly.ai")
    seed, first, second, _, _ = two_person_seed()
    with start(tmp_path, "--players", "Ann,Bob", "--seed", str(seed)) as s:
        s.wait_for(f"{first}: D to throw the dice")
        assert not re.search(r"\$1,500 +\d+%", s.text()), "off by default"
        s.send("w")
        s.wait_for("Win chances now shown")
        s.wait_for(re.compile(r"1 Ann +\$1,500 +\d+%"))
        figures = [int(x) for x in re.findall(r"\$1,500 +(\d+)%", s.text())]
        assert len(figures) == 2 and 98 <= sum(figures) <= 102, s.dump()
        s.send("d")
        s.wait_for("(Y/N)")
        sent = time.monotonic()
        s.send("i")
        s.wait_for("Hint for")
        latency = time.monotonic() - sent
        s.wait_for("the hard computer")
        screen = s.text()
        assert "buy:" in screen and "%" in screen
        print(f"hint latency at the screen: {latency * 1000:.0f} ms")
        assert latency < HINT_LATENCY, latency
        s.send("x")  # any key goes back to the question, still asked
        s.wait_gone("Hint for")
        s.wait_for("(Y/N)")
        s.send("y")
        s.wait_for(re.compile(r"1 Ann +\$\d[\d,]* +\d+%"))
        s.send("q")
        s.answer("Quit this game?", "y")
        s.answer("Save it first?", "n")
        s.answer("Final valuation", "x")
        assert s.wait_exit() == 0
    assert read_save(autosave_of(tmp_path))["ui"].get("show_chances") is True


def test_the_trade_panel_shows_the_offers_figures_at_80x24(tmp_path: Path) -> None:
    pytest.importorskip("monopoly.ai")
    seed, first, second, _, _ = two_person_seed()
    number = "1" if first == "Ann" else "2"
    with start(tmp_path, "--players", "Ann,Bob", "--seed", str(seed)) as s:
        s.answer(f"{first}: D to throw the dice", "d")
        s.answer("(Y/N)", "y")
        s.wait_for(f"{second}: D to throw")
        s.send("t")
        s.answer("Who offers a trade?", number, "enter")
        s.wait_for(f"{first} gives: arrows move")
        assert "If accepted" not in s.text()
        s.send("enter")  # marks the first (and only) deed
        s.wait_for(re.compile(rf"If accepted: {first} \d+% ->"))
        s.send("enter")  # unmarks it: an offer of nothing has no figures
        s.wait_gone("If accepted")
        s.send("esc")
        s.wait_gone("Offer so far")
