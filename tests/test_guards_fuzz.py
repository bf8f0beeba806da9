"""Issue 26's campaign kept in CI: every file kind through the real reader with damaged bytes and
random JSON, and random lines (huge numbers, non-ASCII digits, control characters) typed into the
text mode. A file is refused with its own error naming it, or it is accepted; a line is answered
with a line. Nothing else: no other exception, no traceback."""

from __future__ import annotations

import io
import json
import sys
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scenario import new_game  # noqa: E402

from monopoly.engine import Game, PositionError, Roll  # noqa: E402
from monopoly.session.model import UIState  # noqa: E402
from monopoly.storage import saves  # noqa: E402
from monopoly.storage.positions import read_position  # noqa: E402
from monopoly.storage.records import RecordError, read_source  # noqa: E402
from monopoly.text.console import Console  # noqa: E402
from monopoly.text.loop import TextGame  # noqa: E402

FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
SLOW_FUZZ = settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))


@lru_cache(maxsize=None)
def originals() -> dict[str, bytes]:
    """One good file of each kind: a save, a position and a record."""
    game = Game.new(["Ann", "Bob"], "us", seed=4, first_player=0)
    game.apply(Roll(0))
    position = {"players": [{"name": "Ann", "cash": 900, "owns": ["Boardwalk"]}, {"name": "Bob"}], "seed": 3}
    return {
        "save": saves.to_text(saves.make_document(game, None, {"tokens": ["Car", "Dog"]})).encode("utf-8"),
        "position": json.dumps(position).encode("utf-8"),
        "record": json.dumps(game.record()).encode("utf-8"),
    }


def read(kind: str, path: Path) -> None:
    """The real reader of that kind of file; its own refusal is the only error allowed."""
    try:
        if kind == "save":
            saves.read_save(path)
        elif kind == "position":
            read_position(path)
        else:
            read_source(str(path), path.parent)
    except (saves.SaveError, PositionError, RecordError) as exc:
        assert str(path) in str(exc) or "position file" in str(exc), str(exc)
        assert "\x1b" not in str(exc)


def damaged(data: bytes, edits: list[tuple[int, int, bytes]]) -> bytes:
    out = bytearray(data)
    for where, cut, insert in edits:
        at = where % (len(out) + 1)
        out[at:at + cut] = insert
    return bytes(out)


EDITS = st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 8),
                           st.sampled_from([b"", b"9" * 30, b"-", b"\x00", b"\xff", b"[", b"{", b'"', b"1e999",
                                            b"null", b"true", b"\x1b[2J", "²".encode(), b"[" * 200, b"0.5"])),
                 min_size=1, max_size=6)


@pytest.mark.parametrize("kind", ["save", "position", "record"])
@FUZZ
@given(edits=EDITS)
def test_damaged_bytes_of_every_file_kind_are_refused_cleanly(kind: str, edits: list[tuple[int, int, bytes]]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"{kind}.json"
        path.write_bytes(damaged(originals()[kind], edits))
        read(kind, path)


LEAVES = (st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False)
          | st.text(max_size=8) | st.sampled_from(["Boardwalk", "Ann", "random", "ruthless", "\x1b]0;x\x07"]))
JSON = st.recursive(LEAVES, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                                       max_size=4), max_leaves=20)


def paths(value: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [at]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += paths(inner, at + (key,))
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            found += paths(inner, at + (i,))
    return found


def replaced(document: Any, at: tuple[Any, ...], value: Any) -> Any:
    if not at:
        return value
    copy = json.loads(json.dumps(document))
    node = copy
    for key in at[:-1]:
        node = node[key]
    node[at[-1]] = value
    return copy


@pytest.mark.parametrize("kind", ["save", "position", "record"])
@FUZZ
@given(data=st.data())
def test_a_value_of_any_type_anywhere_in_every_file_kind_is_refused_cleanly(kind: str, data: st.DataObject) -> None:
    document = json.loads(originals()[kind])
    every = paths(document)
    at = every[data.draw(st.integers(0, len(every) - 1))]
    changed = replaced(document, at, data.draw(JSON))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"{kind}.json"
        path.write_text(json.dumps(changed), "utf-8")
        read(kind, path)


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["save", "position", "record"])
@SLOW_FUZZ
@given(data=st.data())
def test_many_values_changed_in_every_file_kind_are_refused_cleanly(kind: str, data: st.DataObject) -> None:
    document = json.loads(originals()[kind])
    for _ in range(data.draw(st.integers(1, 4))):
        every = paths(document)
        document = replaced(document, every[data.draw(st.integers(0, len(every) - 1))], data.draw(JSON))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"{kind}.json"
        path.write_text(json.dumps(document), "utf-8")
        read(kind, path)


# ---------------------------------------------------------------------------------------- typed lines
WORDS = ["roll", "buy", "auction", "bid", "pass", "deed", "owners", "build", "sell", "log", "trade bob", "mortgage",
         "houses ann", "assets", "help", "board", "credit", "undo", "rent", "place", "settle", "card", "go"]
NUMBERS = st.one_of(st.integers(0, 50).map(str), st.integers(10**12, 10**40).map(str),
                    st.integers(1, 6000).map(lambda n: "9" * n), st.sampled_from(["²", "①", "٣", "१", "³", "½",
                                                                                  "$1,0,0", "20M", "-5", "1e9"]))
ODD = st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\n\r"), max_size=12)
LINE = st.one_of(
    st.tuples(st.sampled_from(WORDS), NUMBERS).map(" ".join),
    st.tuples(st.sampled_from(WORDS), NUMBERS, NUMBERS).map(" ".join),
    NUMBERS,
    st.tuples(st.sampled_from(WORDS), ODD).map(" ".join),
    ODD,
)


def play_lines(lines: list[str]) -> str:
    game = new_game((1, 2), (2, 1), (3, 4), (6, 6), (1, 1), (5, 2))
    out = io.StringIO()
    console = Console(io.StringIO("".join(f"{line}\n" for line in lines)), out, echo=True)
    with tempfile.TemporaryDirectory() as folder:
        text = TextGame(console, game, None, UIState(tokens=["Car", "Dog"][: game.view.player_count]), Path(folder))
        try:
            console.say(text.run())
        except EOFError:
            pass
    return out.getvalue()


@FUZZ
@given(lines=st.lists(LINE, min_size=1, max_size=12))
def test_random_lines_with_huge_numbers_and_odd_digits_never_end_the_text_mode(lines: list[str]) -> None:
    out = play_lines(["roll"] + lines)
    assert "\x1b" not in out


@pytest.mark.slow
@SLOW_FUZZ
@given(lines=st.lists(LINE, min_size=10, max_size=40))
def test_long_runs_of_random_lines_never_end_the_text_mode(lines: list[str]) -> None:
    play_lines(lines)


def test_the_fuzzed_originals_are_accepted(tmp_path: Path) -> None:
    checks: dict[str, Callable[[Path], Any]] = {"save": saves.read_save, "position": read_position,
                                                "record": lambda p: read_source(str(p), tmp_path)}
    for kind, data in originals().items():
        path = tmp_path / f"{kind}.json"
        path.write_bytes(data)
        checks[kind](path)
