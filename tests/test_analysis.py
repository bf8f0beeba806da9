"""``monopoly analyse``: each player's chance of winning over a game, and its turning points."""

from __future__ import annotations

import json
import subprocess
import sys

from monopoly.engine import AcceptTrade, PlayerSetup, Position, ProposeTrade, Roll, build_game
from monopoly.reports.analysis import analyse, analysis_text

TENNESSEE, NEW_YORK, ST_JAMES = 18, 19, 16


def blunder_game():
    """Ann sells Bob the deed that completes his orange set, for $1."""
    position = Position((PlayerSetup("Ann", owns=(ST_JAMES,)), PlayerSetup("Bob", owns=(TENNESSEE, NEW_YORK)),
                         PlayerSetup("Cy")), seed=5)
    game = build_game(position)
    game.apply(ProposeTrade(0, 1, (ST_JAMES,), (), -1))
    game.apply(AcceptTrade(1))
    game.apply(Roll(0))
    return game


def test_the_blunder_is_the_largest_turning_point_against_its_maker():
    game = blunder_game()
    result = analyse(game.record())
    first = result.points[0]
    who, move = first.swing()
    assert "St. James Place" in first.text or "accepts" in first.text
    assert first.before[0] > first.after[0]  # Ann's chance fell
    assert who in (0, 1) and abs(move) > 0.05
    assert result.turns[0] == 1 and abs(sum(result.chances[0]) - 1) < 1e-9


def test_the_text_and_the_json_say_the_same():
    game = blunder_game()
    result = analyse(game.record())
    text = "\n".join(analysis_text(result))
    assert "Turning points" in text and "Ann" in text
    data = result.to_json()
    assert data["players"] == ["Ann", "Bob", "Cy"] and data["turning_points"][0]["step"] == result.points[0].step
    json.dumps(data)


def test_the_command_reads_a_record_file(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(blunder_game().record()))
    done = subprocess.run([sys.executable, "-m", "monopoly", "analyse", str(path)], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0 and "Turning points" in done.stdout
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    done = subprocess.run([sys.executable, "-m", "monopoly", "analyse", str(bad)], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 1 and "Traceback" not in done.stderr


def test_the_text_mode_says_the_odds_in_one_line():
    done = subprocess.run([sys.executable, "-m", "monopoly", "text", "--players", "Ann,cpu:hard", "--seed", "5"],
                          input="odds\nquit\ny\n", capture_output=True, text=True, timeout=60)
    line = next(x for x in done.stdout.splitlines() if "Estimated chances of winning" in x)
    figures = [int(part.rsplit(" ", 1)[1].rstrip("%")) for part in line.split(": ", 1)[1].split(" (")[0].split(", ")]
    assert len(figures) == 2 and 98 <= sum(figures) <= 102


def answered_blunder_game():
    """Ann accepts Bob's offer of $1 for the deed that completes his orange set."""
    position = Position((PlayerSetup("Ann", owns=(ST_JAMES,)), PlayerSetup("Bob", owns=(TENNESSEE, NEW_YORK)),
                         PlayerSetup("Cy")), seed=5)
    game = build_game(position)
    game.apply(ProposeTrade(1, 0, (), (ST_JAMES,), 1))
    game.apply(AcceptTrade(0))
    game.apply(Roll(0))
    return game


def test_the_costly_decisions_name_the_blunder_of_the_offer_made():
    result = analyse(blunder_game().record())
    assert result.persons == [0, 1, 2]  # a record does not say who the computers were
    dearest = result.costly[0][0]
    assert dearest.step == 2 and dearest.player == 0 and dearest.cost() > 0.05
    assert "St. James Place" in dearest.text
    assert result.costly[1] == []  # Bob's acceptance raised his chance
    text = "\n".join(analysis_text(result))
    assert "Costly decisions" in text and "Ann, turn 1:" in text


def test_the_costly_decisions_say_what_the_hard_computer_would_have_done():
    result = analyse(answered_blunder_game().record(), computers=[1, 2])
    assert result.persons == [0] and set(result.costly) == {0}
    dearest = result.costly[0][0]
    assert dearest.step == 2 and "the hard computer would refuse here" in dearest.computer
    data = result.to_json()
    assert data["persons"] == [0] and data["costly_decisions"][0]["computer"] == dearest.computer
    costly = "\n".join(analysis_text(result)).split("Costly decisions", 1)[1]
    assert "Ann, turn 1:" in costly and "  Bob" not in costly


def test_the_plot_is_an_svg_of_the_chances(tmp_path):
    import xml.etree.ElementTree as ET
    path = tmp_path / "game.json"
    path.write_text(json.dumps(blunder_game().record()))
    plot = tmp_path / "chances.svg"
    done = subprocess.run([sys.executable, "-m", "monopoly", "analyse", str(path), "--plot", str(plot)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "Costly decisions" in done.stdout
    root = ET.fromstring(plot.read_text(encoding="utf-8"))
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    lines = root.findall("{http://www.w3.org/2000/svg}polyline")
    assert len(lines) == 3
    texts = {t.text for t in root.iter("{http://www.w3.org/2000/svg}text")}
    assert {"Ann", "Bob", "Cy", "100%"} <= texts
    done = subprocess.run([sys.executable, "-m", "monopoly", "analyse", str(path), "--plot",
                           str(tmp_path / "no" / "such" / "dir.svg")], capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and "cannot write" in done.stderr and "Traceback" not in done.stderr


def test_deep_refines_with_play_outs_and_keeps_the_blunder_first():
    game = blunder_game()
    quick = analyse(game.record())
    deep = analyse(game.record(), deep=(4, 1))
    assert deep.deep == (4, 1) and quick.deep is None
    assert deep.turns == quick.turns and len(deep.chances) == len(quick.chances)
    assert all(abs(sum(cs) - 1) < 1e-6 for cs in deep.chances)
    assert deep.chances != quick.chances, "the play-outs moved the figures"
    first = deep.points[0]
    # the play-outs from the offer already play Bob's answer: the swing comes at the offer or the acceptance
    assert first.before[0] > first.after[0] + 0.05 and first.step in (1, 2), first
    costly = deep.costly[0][0]
    assert costly.before > costly.after + 0.05 and costly.step == 2  # Ann's deal, counted from before the offer
    assert deep.to_json()["deep"] == {"playouts": 4, "rounds": 1}
    assert "refined by 4 play-outs of 1 rounds" in "\n".join(analysis_text(deep))
    assert analyse(game.record(), deep=(4, 1)).chances == deep.chances, "seeded: the same figures again"


def test_deep_from_the_command_line_and_its_bad_input(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(blunder_game().record()))
    done = subprocess.run([sys.executable, "-m", "monopoly", "analyse", str(path), "--deep", "--playouts", "2",
                           "--json"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["deep"]["playouts"] == 2
    done = subprocess.run([sys.executable, "-m", "monopoly", "analyse", str(path), "--deep", "--playouts", "lots"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "1 to 200" in done.stderr and "Traceback" not in done.stderr
