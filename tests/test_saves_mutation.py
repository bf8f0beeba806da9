"""Damaged saves at random (issue 16): real saves cut short, with flipped bytes, huge and non-finite
numbers, values of the wrong type, odd Unicode, keys given twice or left out. Each is either
refused with the usual message naming the file, or loads and plays on with every invariant kept,
shows on the screen's model, and saves again. A few seconds: it runs with the rest of the suite.
"""

from __future__ import annotations

import json
import random
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from monopoly.storage import saves
from monopoly.engine import Game, check_invariants
from monopoly.present import model as M
from monopoly.storage.starts import resume

UI = {"tokens": ["Car", "Dog", "Hat"], "fastmove": False, "show_cash": True, "elapsed": 30.0}
Path_ = tuple[Any, ...]


@lru_cache(maxsize=None)
def bases() -> tuple[str, ...]:
    """Real saves, as JSON text: a new game of people, and a game well under way with computers."""
    ai = pytest.importorskip("monopoly.ai")
    fresh = Game.new(["Ann", "Bob", "Cy"], "us", seed=11)
    played = Game.new(["Ann", "CPU1", "CPU2"], "uk", {"short_game": "time_limit", "time_limit_minutes": 90}, seed=12)
    computers = ai.ComputerPlayers(played, {1: "basic", 2: "ruthless"}, seed=13)
    people = ai.ComputerPlayers(played, {0: "random"}, seed=14)  # plays the person's seat
    for _ in range(250):
        if played.view.over:
            break
        action = computers.next_action(played) or people.next_action(played)
        played.apply(action)
    return tuple(saves.to_text(saves.make_document(game, cp, UI)) for game, cp in ((fresh, None),
                                                                                       (played, computers)))


def leaves(value: Any, at: Path_ = ()) -> list[Path_]:
    """The path of every value in the document (objects and lists included)."""
    found = [at]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += leaves(inner, at + (key,))
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            found += leaves(inner, at + (i,))
    return found


def dump(value: Any, at: Path_, here: Path_, raw: str | None, twice: bool) -> str:
    """JSON text of ``value`` with the node at ``at`` written as ``raw`` text (or, for an object
    and ``twice``, with its first key given a second time holding ``raw``)."""
    if here == at and raw is not None and not (twice and isinstance(value, dict) and value):
        return raw
    if isinstance(value, dict):
        parts = [f"{json.dumps(k)}: {dump(v, at, here + (k,), raw, twice)}" for k, v in value.items()]
        if here == at and twice and value:
            parts.append(f"{json.dumps(next(iter(value)))}: {raw}")
        return "{" + ", ".join(parts) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(dump(v, at, here + (i,), raw, twice) for i, v in enumerate(value)) + "]"
    return json.dumps(value)


ODD_TEXT = ["", "\\ud800", "\\udfff x", "\\u0000", "a\\nb", "\\u202eAnn", "漢字漢字", "e\\u0301", "🎩", "x" * 300,
            "Ann", "CPU1", "random", "scripted"]
ODD_NUMBERS = ["1" + "0" * 5000, "-1" + "0" * 400, "1" + "0" * 20, "18446744073709551617", "-1", "0", "1e400",
               "-1e400", "Infinity", "-Infinity", "NaN", "1.5", "0.0", "2147483648", "999999999", "7", "40"]
OTHER = ["null", "true", "false", "[]", "{}", "[1, 2]", '{"a": 1}', "[[]]"]
REPLACEMENTS = st.sampled_from(ODD_NUMBERS + OTHER) | st.sampled_from(ODD_TEXT).map(lambda t: f'"{t}"') \
    | st.integers(-2**70, 2**70).map(str)


@st.composite
def damaged(draw: st.DrawFn) -> tuple[int, bytes]:
    base_index = draw(st.integers(0, len(bases()) - 1))
    text = bases()[base_index]
    kind = draw(st.sampled_from(["truncate", "flip", "replace", "replace", "replace", "twice", "drop"]))
    if kind == "truncate":
        data = text.encode("utf-8")
        return base_index, data[:draw(st.integers(0, len(data) - 1))]
    if kind == "flip":
        data = bytearray(text.encode("utf-8"))
        for _ in range(draw(st.integers(1, 4))):
            data[draw(st.integers(0, len(data) - 1))] ^= draw(st.integers(1, 255))
        return base_index, bytes(data)
    document = json.loads(text)
    paths = leaves(document)
    at = draw(st.sampled_from(paths))
    if kind == "drop":
        if not at:
            return base_index, b""
        parent = document
        for step in at[:-1]:
            parent = parent[step]
        del parent[at[-1]]
        return base_index, json.dumps(document).encode("utf-8")
    raw = draw(REPLACEMENTS)
    return base_index, dump(document, at, (), raw, kind == "twice").encode("utf-8")


def plays_on(loaded: saves.LoadedGame, folder: Path) -> None:
    """A save that loads is a game: invariants hold while it is played, the screen can show it, it saves."""
    game = loaded.game
    check_invariants(game)
    try:
        started = resume(loaded)
    except saves.SaveError as exc:  # scripted dice: refused as edited, cleanly
        assert "scripted" in str(exc)
        return
    ui = started.ui
    M.clock_line(game, ui)
    M.decision_hint(game, [0])
    game.set_clock(int(ui.elapsed))
    check_invariants(game)
    chooser = random.Random(0)
    for _ in range(60):
        if game.view.over:
            break
        action = loaded.computers.next_action(game) if loaded.computers is not None else None
        if action is None:
            legal = game.legal_actions()
            if not legal:
                break
            action = chooser.choice(legal)
        game.apply(action)
        check_invariants(game)
    record = saves.GameRecord(folder)
    again = saves.read_save(record.autosave(game, loaded.computers, ui.settings()))
    assert again.game.to_dict() == game.to_dict()


@settings(max_examples=160, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(damaged())
def test_a_damaged_save_is_refused_cleanly_or_plays_on(case: tuple[int, bytes]) -> None:
    _, content = case
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "mutant.json"
        path.write_bytes(content)
        for entry in saves.list_saves(folder):  # the resume list never stops on it
            entry.describe()
        try:
            loaded = saves.read_save(path)
        except saves.SaveError as exc:
            assert str(exc).startswith(str(path)), str(exc)
            return
        plays_on(loaded, Path(folder) / "again")


def test_the_unharmed_bases_play_on() -> None:
    for text in bases():
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "base.json"
            path.write_text(text, "utf-8")
            plays_on(saves.read_save(path), Path(folder) / "again")
