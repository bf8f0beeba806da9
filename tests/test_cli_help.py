"""``monopoly --help`` and each command's ``--help`` fit a screen and list what there is (issue 38).

The overview lists every command with one line each; a command's own help gives its options in a
line or two each (the rule options are ``monopoly rules``), with a description wrapped to the
terminal. A reader that goes away (``| head``) ends the program quietly with exit 0, and options
written before a command go with it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from monopoly.cli import COMMANDS, command_first, main

ROOT = Path(__file__).resolve().parent.parent
EVERY_COMMAND = ("play", "text", "host", "join", "simulate", "rules", "record", "replay", "stats")


def _help(capsys: pytest.CaptureFixture[str], argv: list[str]) -> list[str]:
    assert main(argv) == 0
    return capsys.readouterr().out.rstrip("\n").split("\n")


@pytest.fixture(autouse=True)
def _eighty_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")


def test_the_overview_lists_every_command_in_one_line_each(capsys: pytest.CaptureFixture[str]) -> None:
    lines = _help(capsys, ["--help"])
    assert len(lines) <= 40, "\n".join(lines)
    assert all(len(line) <= 80 for line in lines), "\n".join(lines)
    for name in EVERY_COMMAND + ("help",):
        assert sum(line.startswith(f"  {name} ") for line in lines) == 1, name
    assert set(EVERY_COMMAND) <= set(COMMANDS)


@pytest.mark.parametrize("command", EVERY_COMMAND + ("help",))
def test_each_commands_help_fits_a_screen(capsys: pytest.CaptureFixture[str], command: str) -> None:
    lines = _help(capsys, [command, "--help"])
    assert len(lines) <= 42, "\n".join(lines)
    assert all(len(line) <= 80 for line in lines), "\n".join(lines)  # the description is wrapped too
    assert lines[0].startswith(f"usage: monopoly {command}")


def test_the_edition_option_says_it_takes_a_board_file(capsys: pytest.CaptureFixture[str]) -> None:
    text = "\n".join(_help(capsys, ["play", "--help"]))
    assert "FILE.json" in text and "{us,uk,dotcom}" not in text


def test_options_before_the_command_go_with_it() -> None:
    assert command_first(["--save-dir", "DIR", "text", "--players", "Ann,cpu"]) == [
        "text", "--save-dir", "DIR", "--players", "Ann,cpu"]
    assert command_first(["--save-dir=DIR", "replay", "x"]) == ["replay", "--save-dir=DIR", "x"]
    assert command_first(["--load", "text"]) == ["--load", "text"]  # a save named "text"
    assert command_first(["--save", "DIR", "text"]) == ["text", "--save", "DIR"]  # argparse's abbreviation
    assert command_first(["text", "--seed", "3"]) == ["text", "--seed", "3"]


def _monopoly(*args: str, stdin: bytes = b"", cwd: Path = ROOT) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "monopoly", *args], input=stdin, capture_output=True, timeout=120,
                          cwd=cwd, env={**os.environ, "PYTHONPATH": str(ROOT)})


def test_the_save_folder_given_before_text_is_the_games(tmp_path: Path) -> None:
    # ``monopoly --save-dir DIR text ...`` said "unrecognized arguments: text".
    run = _monopoly("--save-dir", str(tmp_path), "text", "--players", "Ann,Bob", "--seed", "3",
                    stdin=b"save mine\nquit\n")
    assert run.returncode == 0, run.stderr
    assert (tmp_path / "mine.json").is_file()


def test_an_unknown_command_is_one_line_naming_the_commands() -> None:
    run = _monopoly("sumilate")
    err = run.stderr.decode()
    assert run.returncode == 2 and err.count("\n") == 1 and "simulate" in err and "Traceback" not in err, err


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX pipe")
@pytest.mark.parametrize("command", [["rules"], ["--help"], ["play", "--help"]])
def test_a_reader_that_goes_away_ends_the_program_quietly(command: list[str]) -> None:
    # ``monopoly rules | head`` ended with "cannot write the output (Broken pipe)" and exit 1. The
    # reader here is gone before the program writes, so every write meets the closed pipe.
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        run = subprocess.run([sys.executable, "-m", "monopoly", *command], stdout=write_end, stderr=subprocess.PIPE,
                             cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=60)
    finally:
        os.close(write_end)
    assert run.returncode == 0 and run.stderr == b"", run.stderr


def test_the_pages_of_the_guide_are_there_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    from monopoly.cli.guide import PAGES, page_file

    lines = _help(capsys, ["help"])
    for name, _, _ in PAGES:
        assert any(line.startswith(f"  {name} ") for line in lines), name
        path = page_file(name)
        assert path is not None and path.is_file(), name
    out = _help(capsys, ["help", "playing"])
    assert out[0] == "# Playing Monopoly in the terminal"
    assert main(["help", "nothing"]) == 2
