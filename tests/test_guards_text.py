"""Issue 26: what is typed, what is printed and where the program runs. Typed numbers read one way
(ASCII digits, a sane length), undecodable input and stop-signal storms survived, text from files
and input shown with its control characters escaped, and each hostile environment one line and a
non-zero exit (or it works). Each test fails without its fix."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Sequence

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scenario import give, new_game  # noqa: E402

from monopoly.engine import Game, Roll  # noqa: E402
from monopoly.session.model import UIState  # noqa: E402
from monopoly.session.questions import parse_hours_minutes, parse_number, whole_number  # noqa: E402
from monopoly.session.safe_text import shown  # noqa: E402
from monopoly.storage import places, saves  # noqa: E402
from monopoly.text.commands import CommandError, find_player, find_square, parse_amount  # noqa: E402
from monopoly.text.console import Console  # noqa: E402
from monopoly.text.loop import TextGame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
ESC = "\x1b"


def monopoly(*args: str, timeout: float = 60, env: dict[str, str] | None = None, **kwargs: Any
             ) -> subprocess.CompletedProcess[Any]:
    return subprocess.run([sys.executable, "-m", "monopoly", *args], capture_output=True, cwd=ROOT, timeout=timeout,
                          env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}, **kwargs)


def session(game: Game, lines: Sequence[str], tmp_path: Path) -> str:
    out = io.StringIO()
    console = Console(io.StringIO("".join(f"{line}\n" for line in lines)), out, echo=True)
    text = TextGame(console, game, None, UIState(tokens=["Car", "Dog", "Hat"][: game.view.player_count]), tmp_path)
    try:
        console.say(text.run())
    except EOFError:
        pass
    return out.getvalue()


# ---------------------------------------------------------------------------------------- typed numbers
@pytest.mark.parametrize("text", ["²", "①", "٣", "१", "-1", "1.5", "", " "])
def test_only_ascii_digits_are_a_number(text: str) -> None:
    assert whole_number(text) is None


def test_a_number_with_too_many_digits_is_refused_with_a_message() -> None:
    with pytest.raises(ValueError, match="at most 12 digits"):
        whole_number("9" * 5000)
    with pytest.raises(CommandError, match="at most 12 digits"):
        parse_amount("$" + "9" * 5000)
    with pytest.raises(ValueError):
        parse_number("9" * 5000, low=0)
    with pytest.raises(ValueError):
        parse_number("٣", low=0)
    with pytest.raises(ValueError):
        parse_hours_minutes("9" * 5000)


def test_squares_and_players_by_unicode_digits_are_names_not_crashes() -> None:
    game = new_game((1, 2))
    for text in ("²", "①", "³"):
        with pytest.raises(CommandError, match="no (square|player) called"):
            find_square(game, text)
        with pytest.raises(CommandError, match="no (square|player) called"):
            find_player(game, text)


HOSTILE_LINES = ["deed ²", "bid ²", "owners ³", "build ² 1", "deed ①", "sell ① ²", "log " + "9" * 5000,
                 "bid " + "9" * 5000, "9" * 5000, "trade bob $" + "9" * 5000 + " for card",
                 "houses ann " + "9" * 5000, "log ٣", "deed " + "1" * 30]


def test_hostile_numbers_typed_in_the_text_mode_are_one_line_each(tmp_path: Path) -> None:
    game = new_game((1, 2), (2, 1))
    out = session(game, ["roll"] + HOSTILE_LINES + ["credit"], tmp_path)
    assert "Traceback" not in out
    assert "at most 12 digits" in out
    assert out.count("Ann") > 3  # the game went on to the last command


def test_a_huge_bid_at_an_auction_is_refused_and_the_auction_goes_on(tmp_path: Path) -> None:
    game = new_game((1, 2), (2, 1))
    out = session(game, ["roll", "auction", "9" * 5000, "bid " + "9" * 4400, "bid ²", "10"], tmp_path)
    assert "at most 12 digits" in out and "Traceback" not in out
    assert "bids $10" in out or "$10" in out


def test_undecodable_input_is_reported_not_fatal(tmp_path: Path) -> None:
    result = monopoly("text", "--players", "Ann,Bob", "--seed", "2", "--save-dir", str(tmp_path),
                      input=b"\xff\xfe\x80 roll\nroll\n", env={"PYTHONIOENCODING": "utf-8"})
    out = result.stdout.decode("utf-8", "replace")
    err = result.stderr.decode("utf-8", "replace")
    assert "Traceback" not in err and "No command" in out and "The game is saved in" in out, (out[-800:], err)


# ---------------------------------------------------------------------------------------- leaving
def test_the_exit_autosave_survives_a_storm_of_stop_signals(tmp_path: Path) -> None:
    process = subprocess.Popen([sys.executable, "-m", "monopoly", "text", "--players", "Ann,Bob", "--seed", "2",
                                "--save-dir", str(tmp_path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert process.stdout is not None and process.stdin is not None
    seen = b""
    deadline = time.monotonic() + 60
    while b"help>" not in seen and time.monotonic() < deadline:
        seen += os.read(process.stdout.fileno(), 4096)
    for _ in range(5):
        process.send_signal(signal.SIGTERM)
        time.sleep(0.005)
    out, err = process.communicate(timeout=60)
    process.stdin.close()
    assert b"Traceback" not in err, err.decode()
    assert b"The game is saved in" in seen + out, (seen + out).decode()[-600:]
    assert process.returncode == 130


def test_the_text_mode_tidies_what_an_interrupted_save_left(tmp_path: Path) -> None:
    junk = tmp_path / ".mine-x1y2z3.tmp"
    junk.write_text("half a save", "utf-8")
    orphan = tmp_path / "autosave-0123456789ab.events"
    orphan.write_text("", "utf-8")
    result = monopoly("text", "--players", "Ann,Bob", "--save-dir", str(tmp_path), input=b"")
    assert result.returncode == 0, result.stderr
    assert not junk.exists() and not orphan.exists()


def test_the_text_mode_exits_non_zero_when_the_game_could_not_be_saved(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("", "utf-8")
    result = monopoly("text", "--players", "Ann,Bob", "--save-dir", str(blocker / "saves"), input=b"")
    assert b"The game could not be saved" in result.stdout
    assert result.returncode != 0 and b"Traceback" not in result.stderr


def test_an_empty_save_dir_is_refused() -> None:
    result = monopoly("text", "--players", "Ann,Bob", "--save-dir", "", input=b"")
    assert result.returncode == 2 and b"empty folder name" in result.stderr


def test_a_relative_xdg_data_home_is_ignored(tmp_path: Path) -> None:
    home = tmp_path / "home"
    found = places.user_save_dir({"XDG_DATA_HOME": "relative/data"}, "linux", home)
    assert found == home / ".local" / "share" / "monopoly" / "saves"
    assert places.user_save_dir({"XDG_DATA_HOME": "/abs"}, "linux", home) == Path("/abs/monopoly/saves")


def test_no_home_folder_is_one_message(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_home() -> Path:
        raise RuntimeError("Could not determine home directory.")
    monkeypatch.setattr(Path, "home", staticmethod(no_home))
    with pytest.raises(places.NoSaveFolder, match="--save-dir"):
        places.user_save_dir({}, "linux")
    from monopoly.cli.game import UsageProblem, game_parser, request
    monkeypatch.setattr(places, "is_checkout", lambda package_dir=places.PACKAGE_DIR: False)
    monkeypatch.delenv(places.SAVE_DIR_ENV, raising=False)
    import monopoly.cli.game as cli_game
    monkeypatch.setattr(cli_game, "default_save_dir", lambda: places.default_save_dir(package_dir=Path("/nowhere")))
    args = game_parser("monopoly", "", []).parse_args(["--players", "Ann,Bob"])
    with pytest.raises(UsageProblem, match="HOME"):
        request(args)


def test_every_command_runs_without_a_home_folder(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    # HOME unset and the user missing from the password file: looking for the per-user board
    # files ended every command, even `monopoly rules`, with a traceback.
    def no_home() -> Path:
        raise RuntimeError("Could not determine home directory.")
    monkeypatch.setattr(Path, "home", staticmethod(no_home))
    for name in ("HOME", "XDG_DATA_HOME", "MONOPOLY_EDITIONS_DIR", places.SAVE_DIR_ENV):
        monkeypatch.delenv(name, raising=False)
    from monopoly.cli import main
    assert main(["rules"]) == 0 and "mortgage_interest" in capsys.readouterr().out
    assert main(["simulate", "--games", "1", "--max-turns", "5"]) == 0
    capsys.readouterr()


# ---------------------------------------------------------------------------------------- text made safe
def test_shown_escapes_control_characters() -> None:
    assert shown("x\x1b]0;pwned\x07\x1b[2J") == "x\\x1b]0;pwned\\x07\\x1b[2J"
    assert shown("a\nb") == "a\\x0ab" and shown("a\nb", newlines=True) == "a\nb"
    assert shown("Zoé £5 \u202e") == "Zoé £5 \\u202e"
    assert shown("\x9b2J\x00") == "\\x9b2J\\x00"


def test_the_text_console_never_prints_an_escape_sequence() -> None:
    out = io.StringIO()
    Console(io.StringIO(""), out).say(f"no command '{ESC}]0;pwned\x07{ESC}[2J'")
    assert ESC not in out.getvalue() and "\\x1b" in out.getvalue()


def test_unknown_rule_options_in_a_save_are_shown_escaped(tmp_path: Path) -> None:
    game = Game.new(["Ann", "Bob"], "us", seed=4, first_player=0)
    game.apply(Roll(0))
    document = json.loads(saves.to_text(saves.make_document(game, None, {})))
    document["game"]["rules"][f"x{ESC}]0;pwned\x07{ESC}[2J"] = 1
    path = tmp_path / "evil.json"
    path.write_text(json.dumps(document), "utf-8")
    for command in (["text", "--load", str(path)], ["record", str(path)], ["--load", str(path)]):
        result = monopoly(*command, input=b"")
        assert result.returncode == 1, result.stderr
        assert ESC.encode() not in result.stderr + result.stdout and b"\\x1b" in result.stderr, result.stderr


def test_a_position_player_name_asked_for_is_shown_escaped(tmp_path: Path) -> None:
    path = tmp_path / "position.json"
    path.write_text(json.dumps({"players": [{"name": "Ann"}, {"name": "Bob"}]}), "utf-8")
    result = monopoly("text", "--position", str(path), "--computers", f"x{ESC}[2J", input=b"")
    assert result.returncode == 2 and b"has no player" in result.stderr
    assert ESC.encode() not in result.stderr


def test_a_file_name_with_an_escape_is_shown_escaped(tmp_path: Path) -> None:
    result = monopoly("record", str(tmp_path / f"x{ESC}[2J.json"))
    assert result.returncode == 1 and ESC.encode() not in result.stderr and b"\\x1b" in result.stderr


# ---------------------------------------------------------------------------------------- the environment
@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
@pytest.mark.parametrize("command", [["--help"], ["text", "--help"], ["rules"],
                                     ["simulate", "--games", "1", "--max-turns", "10"],
                                     ["text", "--players", "Ann,Bob", "--save-dir", "DIR"], ["record", "SAVE"],
                                     ["stats", "SAVE"]])
def test_standard_output_on_a_full_device_is_one_line_and_exit_1(tmp_path: Path, command: list[str]) -> None:
    game = Game.new(["Ann", "Bob"], "us", seed=4, first_player=0)
    game.apply(Roll(0))
    save = saves.write_save(tmp_path, "mine", game)
    command = [{"SAVE": str(save), "DIR": str(tmp_path)}.get(c, c) for c in command]
    with open("/dev/full", "wb") as full:
        result = subprocess.run([sys.executable, "-m", "monopoly", *command], stdin=subprocess.DEVNULL, stdout=full,
                                stderr=subprocess.PIPE, cwd=ROOT, timeout=60, env={**os.environ, "PYTHONPATH": str(ROOT)})
    err = result.stderr.decode()
    assert result.returncode == 1 and "Traceback" not in err and "cannot write the output" in err, err
    assert err.count("\n") == 1, err
    if "--players" in command:  # the game was kept all the same
        assert list(tmp_path.glob("autosave-*.json"))


@pytest.mark.skipif(os.name != "posix", reason="closes a descriptor before the program starts")
@pytest.mark.parametrize("closed, command", [(1, ["rules"]), (1, ["text", "--players", "Ann,Bob"]),
                                             (0, ["text", "--players", "Ann,Bob"])])
def test_a_closed_standard_stream_is_one_line(tmp_path: Path, closed: int, command: list[str]) -> None:
    if command[0] == "text":
        command = command + ["--save-dir", str(tmp_path)]
    result = subprocess.run([sys.executable, "-m", "monopoly", *command],
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL if closed == 0 else None,
                            stderr=subprocess.PIPE, cwd=ROOT, timeout=60, preexec_fn=lambda: os.close(closed),
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert result.returncode == 2 and b"is closed" in result.stderr and b"Traceback" not in result.stderr, result.stderr


def test_rules_work_with_standard_input_closed() -> None:
    result = subprocess.run([sys.executable, "-m", "monopoly", "rules"], capture_output=True, cwd=ROOT, timeout=60,
                            preexec_fn=lambda: os.close(0), env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert result.returncode == 0 and b"mortgage_interest" in result.stdout, result.stderr


def test_a_save_dir_with_a_name_too_long_is_one_line(tmp_path: Path) -> None:
    long = tmp_path / ("a" * 300) / "saves"
    for command in (["text", "--players", "Ann,Bob", "--save-dir", str(long)],
                    ["text", "--load", str(long / "x.json")], ["record", "a" * 300]):
        result = monopoly(*command, input=b"")
        assert result.returncode in (1, 2) and b"Traceback" not in result.stderr, result.stderr
        assert result.stderr.count(b"\n") == 1


def test_an_ascii_only_output_encoding_with_non_ascii_names_works(tmp_path: Path) -> None:
    result = monopoly("text", "--players", "Zoé,Bjørn", "--edition", "uk", "--save-dir", str(tmp_path),
                      input=b"roll\nboard\n", env={"PYTHONIOENCODING": "ascii", "LC_ALL": "C"})
    assert result.returncode == 0 and b"Traceback" not in result.stderr, result.stderr
    assert b"Zo?" in result.stdout


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
@pytest.mark.parametrize("term", [None, "no-such-terminal", f"x{ESC}[2J"])
def test_no_or_an_unknown_term_is_one_line_and_exit_2(tmp_path: Path, term: str | None) -> None:
    pytest.importorskip("curses")
    env = {k: v for k, v in os.environ.items() if k != "TERM"}
    if term is not None:
        env["TERM"] = term
    env["PYTHONPATH"] = str(ROOT)
    main, child = os.openpty()
    try:
        result = subprocess.run([sys.executable, "-m", "monopoly", "--players", "Ann,Bob", "--save-dir", str(tmp_path)],
                                stdin=child, stdout=child, stderr=subprocess.PIPE, cwd=ROOT, env=env, timeout=60)
    finally:
        os.close(main)
        os.close(child)
    assert result.returncode == 2 and b"cannot drive this terminal" in result.stderr, result.stderr
    assert b"Traceback" not in result.stderr and ESC.encode() not in result.stderr


def test_a_building_count_or_log_length_out_of_range_is_explained(tmp_path: Path) -> None:
    """``build SQUARE N`` takes 1 to 5 buildings and ``log N`` one line or more: any other number
    is explained, never read as part of a square's name nor shown as the whole log."""
    game = new_game((1, 2), (2, 1))
    give(game, 0, "Mediterranean Avenue", "Baltic Avenue")
    out = session(game, ["build baltic 9", "sell baltic 0", "log 0", "log -3", "log x", "build baltic 1", "log 1"],
                  tmp_path)
    assert "Traceback" not in out
    assert "1 to 5 buildings at a time, not 9" in out and "1 to 5 buildings at a time, not 0" in out
    assert "No square called" not in out
    assert out.count("The log shows a whole number of lines from 1") == 3
    assert "puts a house on Baltic Avenue" in out


def test_a_comma_is_taken_only_between_thousands() -> None:
    # "bid 1,5" was taken as $15 (found by a play-test): a misplaced comma is not an amount.
    assert parse_amount("$1,200") == 1200 and parse_amount("12,000,000") == 12_000_000
    assert parse_amount("1,200M") == 1200
    for typo in ("1,5", "12,00", ",500", "1,2,3", "1200,"):
        assert parse_amount(typo) is None
