"""The documentation's examples run as written."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _python_blocks(path: Path) -> list[str]:
    return re.findall(r"```python\n(.*?)```", path.read_text(encoding="utf-8"), re.S)


def test_engine_doc_example_plays_a_whole_game(capsys):
    example = _python_blocks(ROOT / "docs" / "engine.md")[-1]
    namespace: dict = {}
    exec(compile(example, "docs/engine.md", "exec"), namespace)
    game = namespace["game"]
    assert game.view.over
    assert game.view.outcome.termination == "last_player"
    assert "winner:" in capsys.readouterr().out


def test_engine_doc_creation_snippet_runs():
    snippet = _python_blocks(ROOT / "docs" / "engine.md")[0]
    namespace: dict = {}
    exec(compile(snippet, "docs/engine.md", "exec"), namespace)
    assert namespace["game"].view.current_player == 0


def test_the_exit_codes_are_documented() -> None:
    """Played by hand: ``monopoly join``'s exit code 3 (the host went away) and the codes for
    Ctrl-C and SIGTERM were in no document."""
    from monopoly.net.link import EXIT_DROPPED, EXIT_FAILED, EXIT_USAGE
    from monopoly.tui.app import EXIT_INTERRUPTED
    text = (Path(__file__).resolve().parent.parent / "docs" / "playing.md").read_text(encoding="utf-8")
    section = text.split("## Exit codes", 1)[1].split("\n## ", 1)[0]
    rows = {line.split("|")[1].strip(): line for line in section.splitlines() if line.startswith("| ")}
    assert {str(EXIT_FAILED), str(EXIT_USAGE), str(EXIT_DROPPED), str(EXIT_INTERRUPTED)} <= set(rows)
    assert "the host went away" in rows[str(EXIT_DROPPED)]
    assert "SIGTERM" in rows[str(EXIT_INTERRUPTED)] and "Ctrl-C" in rows[str(EXIT_INTERRUPTED)]
