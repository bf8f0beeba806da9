"""The text mode as a program: piped commands give the same transcript every run, the end of input
and Ctrl-C save the game, the set-up's questions are asked line by line, and a game saved in one
front end resumes in the other."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from tui_harness import REPO, TuiSession  # noqa: E402

from monopoly.storage import saves  # noqa: E402
from monopoly.storage.starts import resume  # noqa: E402

# Answers for whatever is asked, over and over: enough for a game to reach its turn limit.
CYCLE = ["roll", "buy", "pass", "flat", "pay", "keep", "refuse", "rent", "go", "board", "credit", "bankrupt"]


def text_mode(tmp_path: Path, *args: str, commands: list[str] | str = (), timeout: float = 120
              ) -> subprocess.CompletedProcess[str]:
    typed = commands if isinstance(commands, str) else "".join(f"{c}\n" for c in commands)
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, "-m", "monopoly", "--text", *args, "--save-dir", str(tmp_path)],
                          input=typed, capture_output=True, text=True, timeout=timeout, cwd=REPO, env=env)


def autosave_of(folder: Path) -> Path:
    """The one autosave in ``folder`` (``autosave.json``, or a game's own ``autosave-ID.json``)."""
    found = sorted(folder.glob("autosave*.json"))
    assert len(found) == 1, found
    return found[0]


def test_piped_commands_give_the_same_transcript_every_run(tmp_path: Path) -> None:
    commands = CYCLE * 60 + ["quit", "yes"]
    runs = [text_mode(tmp_path / str(i), "--players", "Ann,Bob,cpu", "--seed", "7", "--rule", "max_turns=60",
                      commands=commands) for i in range(2)]
    for i, run in enumerate(runs):
        assert run.returncode == 0, run.stderr
        assert "Traceback" not in run.stdout + run.stderr
        assert "Game over (" in run.stdout
    assert runs[0].stdout.replace(str(tmp_path / "0"), "DIR") == runs[1].stdout.replace(str(tmp_path / "1"), "DIR")
    assert "CPU1 throws" in runs[0].stdout and "Ann, turn " in runs[0].stdout


def test_the_end_of_input_saves_and_says_how_to_resume(tmp_path: Path) -> None:
    run = text_mode(tmp_path, "--players", "Ann,Bob", "--seed", "3", commands=["roll"])
    assert run.returncode == 0
    last = run.stdout.splitlines()[-1]
    autosave = autosave_of(tmp_path)
    assert last == (f"End of input. The game is saved in {autosave}; resume it with: "
                    f"monopoly --text --load {autosave.stem} --save-dir {tmp_path}")
    again = text_mode(tmp_path, "--load", autosave.stem, commands=["credit", "log 3"])
    assert again.returncode == 0
    assert f"Resumed from {autosave}." in again.stdout
    before = run.stdout.split("> roll\n", 1)[1].splitlines()
    told = [line for line in before if not line.startswith(("Ann, turn", "Bob, turn", "End of input"))]
    log = again.stdout.split("> log 3\n", 1)[1].splitlines()[:3]
    assert told[-2] in log and f"Resumed from {autosave}. Type help for the commands." in log  # log reaches back
    assert "1 Ann " in again.stdout and "2 Bob " in again.stdout


def test_ctrl_c_saves_and_exits_cleanly(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO), "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "monopoly", "text", "--players", "Ann,Bob", "--seed", "3",
                             "--save-dir", str(tmp_path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=REPO, env=env,
                            # as from a terminal, even when the tests run in the background (where
                            # the shell hands its children Ctrl-C ignored)
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write("roll\n")
    proc.stdin.flush()
    deadline = time.monotonic() + 30
    while not list(tmp_path.glob("autosave*.json")) and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.3)  # waiting at the next prompt
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, err
    assert "Traceback" not in out + err
    assert "Interrupted. The game is saved in" in out and "monopoly --text --load autosave" in out


def test_the_set_up_questions_line_by_line(tmp_path: Path) -> None:
    answers = ["2",  # the UK board
               "3",  # the two-player text game's rules
               "y",  # change the options one by one
               "", "", "", "", "", "", "5", "", "", "",  # rent_claim ... max_turns; mortgage interest 5
               "", "", "", "", "3",  # auctions ... three doubles; three players after all
               "", "", "", "", "", "", "", "",  # starting cash ... the net-worth target
               "3", "", "Zed", "n", "", "", "n", "", "Kim", "y", "9", "", "roll"]
    run = text_mode(tmp_path, "--seed", "4", commands=answers)
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "Edition: (1 Classic US, 2 UK (London), 3 .com Edition) [1]> 2" in out
    assert "Rules: (1 UK (London) rules, 2 US rules, 3 two-player text game, 4 house rules) [1]> 3" in out
    assert ("Claiming rent: (1 before the next player throws, 2 before the next throw of all, 3 before the second "
            "player after throws, 4 paid at once, no claim) [3]> ") in out
    assert "Mortgage interest (percent): (0-100) [no interest]> 5" in out
    assert "Most players: (2-8) [2]> 3" in out
    assert "How many players? (2-3) [2]> 3" in out
    assert "Name (up to 7 letters) [Bob]> " in out  # the second player: RETURN takes Bob
    assert "Computer levels:" in out and "Level: (E easy, N normal, H hard, X expert, O other) [H]> 9" in out
    assert "  choose one of E, N, H, X, O" in out  # a level that is not offered
    assert "Kim" in out and "A new game on the" in out
    rules = saves.read_save(autosave_of(tmp_path)).game.view.rules
    assert rules.rent_claim == "second_roll" and rules.mortgage_interest == 5 and rules.income_tax == "flat"


def test_the_set_up_offers_levels_with_what_each_is(tmp_path: Path) -> None:
    from monopoly.ai.levels import LEVELS
    answers = ["", "", "", "3",  # the US board and rules, three players
               "", "", "",  # Ann, a person
               "", "", "y", "e",  # Bob: easy
               "", "", "y", "o", "2",  # Cy: other, the second listed (hoarder)
               "roll"]
    run = text_mode(tmp_path, "--seed", "4", commands=answers)
    assert run.returncode == 0, run.stderr
    out = run.stdout.splitlines()
    told = out.index("Computer levels:")
    assert out[told + 1:told + 1 + len(LEVELS)] == [f"  {level.key.upper()} {level.name:<6}  {level.strategy}: "
                                                    f"{level.description}" for level in LEVELS]
    assert out.count("Computer levels:") == 1  # told once, before the first computer's level
    assert "  2 hoarder: basic that never trades: buys, builds and keeps everything (a benchmark opponent)" in out
    assert saves.read_save(autosave_of(tmp_path)).computers.names == {1: "basic", 2: "hoarder"}


def test_players_take_levels_and_strategies_by_name(tmp_path: Path) -> None:
    run = text_mode(tmp_path, "--players", "Ann,cpu:easy,cpu:Hard,cpu:v3", "--seed", "4", commands=["roll"])
    assert run.returncode == 0, run.stderr
    assert saves.read_save(autosave_of(tmp_path)).computers.names == {1: "basic", 2: "ruthless", 3: "v3"}
    bad = text_mode(tmp_path, "--players", "Ann,cpu:master")
    assert bad.returncode == 2
    assert ("unknown strategy 'master': choose a level (easy, normal, hard, expert) or a strategy (ruthless, basic, "
            "cautious, random, hoarder, generous, v3, lookahead, value, expert)") in bad.stderr


@pytest.mark.parametrize("args, said", [
    (["--players", "Ann"], "a game has 2 to 8 players"),
    (["--players", "Ann,Bob", "--rule", "nosuch=1"], "unknown rule option 'nosuch'"),
    (["--players", "Ann,Bob", "--rule", "auction_limit=all"], "cash | assets"),
    (["--players", "Ann,Bob", "--preset", "zz"], "its presets are: us, uk, text_game"),
    (["--players", "Ann,Bob,Cy", "--preset", "text_game"], "these rules take at most 2 players, not 3"),
    (["--load", "nothing-here"], "no such save"),
    (["--load", "x", "--players", "Ann,Bob"], "leave out --players"),
])
def test_usage_mistakes_exit_with_a_message(tmp_path: Path, args: list[str], said: str) -> None:
    run = text_mode(tmp_path, *args)
    assert run.returncode in (1, 2) and said in run.stderr and "Traceback" not in run.stderr


def test_a_text_save_resumes_on_the_curses_screen(tmp_path: Path) -> None:
    run = text_mode(tmp_path, "--players", "Ann,Bob", "--seed", "5", "--rule", "rent_claim=automatic",
                    commands=["roll", "buy", "save mine"])
    assert "Game saved as mine" in run.stdout
    started = resume(saves.read_save(tmp_path / "mine.json"))  # as the curses game loads it
    assert started.save_name == "mine" and len(started.ui.tokens) == 2
    assert started.game.view.rules.rent_claim == "automatic"
    pytest.importorskip("pyte")
    with TuiSession(["--load", "mine", "--save-dir", str(tmp_path)]) as screen:
        screen.wait_for("Resumed from")
        screen.send("\x03")
        assert screen.wait_exit() == 130


def test_a_curses_save_resumes_in_the_text_mode(tmp_path: Path) -> None:
    pytest.importorskip("pyte")
    with TuiSession(["--players", "Ann,Bob", "--seed", "2", "--save-dir", str(tmp_path)]) as screen:
        screen.wait_for("to throw the dice")
        screen.send("s")
        screen.answer("Name for this save", "fromtui", "enter")
        screen.answer("Continue this game?", "n")
        assert screen.wait_exit() == 0
    run = text_mode(tmp_path, "--load", "fromtui", commands=["credit", "save"])
    assert run.returncode == 0, run.stderr
    assert f"Resumed from {tmp_path / 'fromtui.json'}." in run.stdout
    assert "Game saved as fromtui" in run.stdout  # the save keeps its name


def test_help_points_to_the_rule_options(tmp_path: Path) -> None:
    run = text_mode(tmp_path, "--help")
    assert run.returncode == 0
    assert "usage: monopoly text" in run.stdout and "monopoly rules" in run.stdout


def test_the_set_up_offers_the_saves_to_resume(tmp_path: Path) -> None:
    text_mode(tmp_path, "--players", "Ann,Bob", "--seed", "5", commands=["roll", "save older"])
    text_mode(tmp_path, "--players", "Cy,Dee", "--seed", "6", commands=["save newer"])
    run = text_mode(tmp_path, commands=["y", "x", "older", "credit"])  # a save by its number or its name
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "Resume a saved game? (Y/N) [N]> y" in out
    assert re.search(r"^ +\d older +\S+ \S+ +turn \d+ +Ann, Bob$", out, re.M)
    assert "  choose one of 1, 2, 3, " in out
    assert "Resuming older." in out and "1 Ann " in out


def test_every_command_finds_the_saves_in_the_same_folder_wherever_it_is_started(tmp_path: Path) -> None:
    # The text mode, record and stats used "saves/" of the current folder while the curses game
    # used its own rule: a game saved by one was not found by the others.
    folder, elsewhere = tmp_path / "my saves", tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {**os.environ, "MONOPOLY_SAVE_DIR": str(folder)}
    first = subprocess.run([sys.executable, "-m", "monopoly", "--text", "--players", "Ann,Bob", "--seed", "3"],
                           input="roll\nsave mine\n", capture_output=True, text=True, timeout=120, cwd=elsewhere,
                           env=env)
    assert (folder / "mine.json").is_file(), first.stdout + first.stderr
    for command in (["--text", "--load", "mine"], ["record", "mine"], ["stats", "mine"]):
        run = subprocess.run([sys.executable, "-m", "monopoly", *command], input="", capture_output=True,
                             text=True, timeout=120, cwd=elsewhere, env=env)
        assert run.returncode == 0, (command, run.stderr)
    assert not (elsewhere / "saves").exists()


@pytest.mark.parametrize("args, said", [
    (["--save-dir", "FILE", "--players", "Ann,Bob"], "not a folder"),
    (["--seed", "99999999999999999999", "--players", "Ann,Bob"], "at most 18 digits"),
    (["--load", "nothing"], "no such save"),
])
def test_the_text_mode_checks_its_command_line_as_the_curses_game_does(tmp_path: Path, args: list[str],
                                                                       said: str) -> None:
    (tmp_path / "FILE").write_text("a file, not a folder", "utf-8")
    args = [str(tmp_path / "FILE") if a == "FILE" else a for a in args]
    run = subprocess.run([sys.executable, "-m", "monopoly", "--text", *args], input="", capture_output=True,
                         text=True, timeout=60, cwd=tmp_path, env={**os.environ, "MONOPOLY_SAVE_DIR": str(tmp_path)})
    assert run.returncode in (1, 2) and said in run.stderr and "Traceback" not in run.stderr
