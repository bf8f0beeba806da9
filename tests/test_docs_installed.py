"""The docs work for a user who installed the program, not only in a clone (issue 38).

Commands in README, the help and the pages name the example position by its word (``--position
example``), which an installed copy finds in ``monopoly/docs``; the in-program guide is there
(``monopoly help``); no page gives a command that no longer exists; and README and
``docs/performance.md`` give the same figure for ``bench_peers.py``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from monopoly.cli.game import game_parser, request
from monopoly.cli.guide import docs_folder, position_file

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def test_no_command_names_the_example_by_its_place_in_a_clone() -> None:
    for page in PAGES:
        for line in page.read_text("utf-8").splitlines():
            assert not re.search(r"--position\s+docs/", line), f"{page.name}: {line}"


def test_the_example_position_is_found_by_its_word(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert Path(position_file("example")).is_file()
    assert Path(position_file("example")).parent.parent == docs_folder()
    monkeypatch.chdir(tmp_path)  # from another folder, as a user would type it
    args = game_parser("monopoly", "", []).parse_args(["--position", "example", "--save-dir", str(tmp_path)])
    wanted = request(args)
    assert wanted.started is not None and wanted.started.game.view.player_count == 3
    (tmp_path / "example").write_text("{}")  # a file of that name comes first
    assert position_file("example") == "example"


def test_no_page_gives_the_removed_compile_command() -> None:
    for page in PAGES:
        assert "python -m monopoly.compile" not in page.read_text("utf-8"), page.name


def test_readme_and_the_performance_page_give_the_same_peer_figure() -> None:
    readme = next(line for line in (ROOT / "README.md").read_text("utf-8").splitlines()
                  if line.startswith("| four `basic`, speed against gamescomputersplay"))
    table = next(line for line in (ROOT / "docs" / "performance.md").read_text("utf-8").splitlines()
                 if line.startswith("| against gamescomputersplay"))
    ours = re.search(r"\| (\d\.\d+)x per player-turn", readme)
    theirs = re.search(r"ours/peer (\d\.\d+)", table)
    assert ours and theirs, (readme, table)
    assert abs(float(ours.group(1)) - float(theirs.group(1))) < 0.01
