"""``monopoly simulate``: options, the JSON report, seat rotation, and results independent of --jobs."""

from __future__ import annotations

import json

import pytest

from monopoly.reports.tournament import game_seed, play_game, run_games, seating, summarize, wilson
from monopoly.cli.simulate import main
from monopoly.cli import main as cli_main

SMALL = ["--games", "6", "--max-turns", "150", "--seed", "4"]


def run_json(capsys, *args):
    assert main([*SMALL, "--json", *args]) == 0
    out, err = capsys.readouterr()
    assert err == ""  # no progress bar when stderr is not a terminal
    lines = out.strip().splitlines()
    assert len(lines) == 1  # exactly one JSON object
    return json.loads(lines[0])


def test_json_report_has_the_promised_keys(capsys):
    report = run_json(capsys, "--strategies", "ruthless,basic,basic,basic")
    for key in ("games", "seed", "edition", "strategies", "results", "unfinished", "turns", "player_turns", "seconds",
                "games_per_s", "landings"):
        assert key in report
    assert report["games"] == 6 and report["seed"] == 4 and report["edition"] == "us"
    assert report["strategies"] == ["ruthless", "basic", "basic", "basic"]
    assert set(report["results"]) == {"ruthless", "basic"}
    assert report["results"]["ruthless"]["seats"] == 1 and report["results"]["basic"]["seats"] == 3
    for r in report["results"].values():
        assert set(r) >= {"seats", "wins", "win_share", "ci95"}
        assert r["win_share"] == pytest.approx(r["wins"] / 6, abs=1e-6)
        assert r["ci95"][0] <= r["win_share"] <= r["ci95"][1]
    assert sum(r["wins"] for r in report["results"].values()) + report["unfinished"] == 6
    assert set(report["turns"]) == {"mean", "median"}
    assert set(report["landings"]) == {str(i) for i in range(40)} | {"jail"}
    # Every turn brings at least one landing (a jailed turn may not), and tokens do go to jail.
    assert sum(report["landings"][str(i)] for i in range(40)) > 0.8 * report["player_turns"]
    assert report["landings"]["30"] > 0 and report["landings"]["jail"] >= report["landings"]["30"]


def test_results_do_not_depend_on_jobs(capsys):
    one = run_json(capsys, "--strategies", "random,basic,cautious", "--jobs", "1")
    two = run_json(capsys, "--strategies", "random,basic,cautious", "--jobs", "2")
    for report in (one, two):
        del report["seconds"], report["games_per_s"]
    assert one == two


def test_seats_rotate_between_games():
    assert seating(["a", "b", "c"], 0) == ["a", "b", "c"]
    assert seating(["a", "b", "c"], 1) == ["b", "c", "a"]
    assert seating(["a", "b", "c"], 3) == ["a", "b", "c"]
    results = run_games(4, ["ruthless", "random"], seed=2, max_turns=200)
    for r in results:
        if r.winner is not None:
            assert seating(["ruthless", "random"], r.index)[r.winner_seat] == r.winner


def test_games_are_reproducible_from_the_seed():
    assert game_seed(1, 5) == game_seed(1, 5) != game_seed(2, 5)
    assert play_game(3, ["basic", "cautious"], seed=9, max_turns=200) == play_game(3, ["basic", "cautious"], seed=9,
                                                                                 max_turns=200)


def test_unfinished_games_are_won_by_nobody():
    results = run_games(2, ["basic", "basic", "basic", "basic"], seed=1, max_turns=10)
    assert all(r.winner is None and r.termination == "turn_limit" and r.turns == 10 for r in results)
    report = summarize(results, ["basic"] * 4, "us", 1, 10, 1.0)
    assert report["unfinished"] == 2 and report["results"]["basic"]["wins"] == 0
    assert report["player_turns"] == 20


def test_human_readable_report(capsys):
    assert cli_main(["simulate", *SMALL, "--strategies", "ruthless,random", "--edition", "uk"]) == 0
    out = capsys.readouterr().out
    assert "6 games, edition uk" in out and "ruthless" in out and "random" in out and "games/s" in out


@pytest.mark.parametrize("args, message", [
    (["--strategies", "ruthless,grandmaster"], "unknown strategy"),
    (["--strategies", "ruthless"], "2 to 8"),
    (["--games", "0"], "at least 1"),
    (["--edition", "mars"], "invalid choice"),
])
def test_bad_options_are_refused(capsys, args, message):
    assert main(args) == 2
    assert message in capsys.readouterr().err


def test_help(capsys):
    assert main(["--help"]) == 0
    assert "--strategies" in capsys.readouterr().out


def test_wilson_interval():
    assert wilson(0, 0) == (0.0, 0.0)
    low, high = wilson(50, 100)
    assert low < 0.5 < high and high - low == pytest.approx(0.192, abs=0.01)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_progress_bar_only_on_a_terminal(capsys, monkeypatch):
    import io
    import sys

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main([*SMALL, "--json", "--strategies", "basic,random"]) == 0
    assert "6/6 games" in terminal.getvalue()
    json.loads(capsys.readouterr().out)  # stdout still holds exactly the JSON object
