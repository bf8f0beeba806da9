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
