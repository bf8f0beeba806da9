"""``monopoly simulate`` with records, per-property figures and a chart: each game's record
replays to the very game the run played; the figures add up over the games; the chart is SVG."""

from __future__ import annotations

import json
import xml.dom.minidom

from monopoly.reports.tournament import Extras, play_game, run_games
from monopoly.cli.simulate import main
from monopoly.engine import game_from_record
from monopoly.storage.records import read_source, record_name
from monopoly.reports.stats import game_stats

STRATEGIES = ("ruthless", "basic", "cautious")


def test_each_game_of_a_run_writes_a_record_that_replays_to_it(tmp_path) -> None:
    plain = run_games(3, STRATEGIES, "uk", seed=4, max_turns=60)
    kept = run_games(3, STRATEGIES, "uk", seed=4, max_turns=60, jobs=2, extras=Extras(str(tmp_path)))
    assert kept == plain, "keeping the log changes nothing in the games"
    assert sorted(p.name for p in tmp_path.iterdir()) == [record_name(i) for i in range(3)]
    for result in plain:
        record = read_source(str(tmp_path / record_name(result.index))).record
        game = game_from_record(record)
        assert game.view.over and game.view.outcome.termination == result.termination
        assert game.view.turn == result.turns


def test_a_plain_run_keeps_no_log_and_counts_no_rent() -> None:
    assert play_game(0, STRATEGIES, "us", 1, 40).rent == ()


def test_json_adds_rent_and_landings_per_property_summed_over_the_games(tmp_path, capsys) -> None:
    assert main(["--games", "3", "--strategies", ",".join(STRATEGIES), "--max-turns", "60", "--seed", "2",
                 "--json", "--records", str(tmp_path)]) == 0
    report = json.loads(capsys.readouterr().out)
    per_game = [game_stats(read_source(str(tmp_path / record_name(i))).record).tally for i in range(3)]
    for entry in report["properties"]:
        s = entry["square"]
        assert entry["rent"] == sum(t.property_rent[s] for t in per_game)
        assert entry["landings"] == sum(t.landings[s] for t in per_game) == report["landings"][str(s)]
    assert sum(e["rent"] for e in report["properties"]) == sum(sum(t.rent_paid) for t in per_game) > 0


def test_plot_writes_an_svg_chart_of_win_shares_and_lengths(tmp_path, capsys) -> None:
    target = tmp_path / "run.svg"
    assert main(["--games", "4", "--strategies", "ruthless,basic", "--max-turns", "50", "--plot", str(target)]) == 0
    capsys.readouterr()
    svg = xml.dom.minidom.parse(str(target)).documentElement
    assert svg.tagName == "svg"
    words = " ".join(t.firstChild.data for t in svg.getElementsByTagName("text"))
    assert "Win share" in words and "Game length" in words and "ruthless" in words and "unfinished" in words
    assert len(svg.getElementsByTagName("rect")) > 4


def test_unwritable_targets_are_refused_before_any_game(tmp_path, capsys) -> None:
    (tmp_path / "file").write_text("x")
    assert main(["--games", "1", "--records", str(tmp_path / "file")]) == 1
    assert "--records" in capsys.readouterr().err
    assert main(["--games", "1", "--plot", str(tmp_path)]) == 1
    assert "--plot" in capsys.readouterr().err
    assert main(["--games", "1", "--plot", str(tmp_path / "no" / "x.svg")]) == 1
    assert "no folder" in capsys.readouterr().err
