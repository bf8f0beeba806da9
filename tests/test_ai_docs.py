"""The example in docs/strategies.md runs as written."""

from __future__ import annotations

import re
from pathlib import Path

from monopoly.ai import STRATEGIES, unregister_strategy

DOC = Path(__file__).resolve().parent.parent / "docs" / "strategies.md"


def test_the_documented_example_strategy_works(capsys):
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)
    assert len(blocks) >= 3
    namespace: dict = {"__name__": "strategies_doc_example"}
    try:
        for block in blocks:
            exec(compile(block, str(DOC), "exec"), namespace)
        assert "landlord" in STRATEGIES
        assert namespace["game"].view.over
        assert namespace["report"]["games"] == 20
        out = capsys.readouterr().out
        assert "ruthless" in out and "of 20" in out
    finally:
        unregister_strategy("landlord")
