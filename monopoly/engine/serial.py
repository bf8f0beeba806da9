"""Plain-JSON conversion of the engine's dataclasses, with validation on the way back in.

One generic converter driven by the type hints serves the state, actions and events:
adding a field needs no new save code, and malformed data is refused with the path of the
offending value (``state.players[2].cash: expected a whole number``). Positions, written by people
in their own plain form (squares by name, players as objects), are read by ``position.py`` into the
typed ``Position``; rule options are checked by their declared types and ranges (``rules.py``),
with messages that name the option and what it allows.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from functools import lru_cache
from typing import Any

from .codes import Code
from .errors import SaveFormatError


_SCALARS = frozenset({int, str, float, bool, type(None)})


def to_plain(value: Any) -> Any:
    """``value`` as plain JSON data: dataclasses as objects of their saved fields, tuples as lists.

    It runs for every update a server sends and every autosave, so the saved fields of each
    dataclass type are looked up once (``_FIELDS``) and plain values return at once."""
    cls = type(value)
    if cls in _SCALARS:
        return value
    if cls not in _FIELDS:
        _FIELDS[cls] = _saved_fields(cls)
    names = _FIELDS[cls]
    if names is not None:
        out = {}
        for name in names:
            field = getattr(value, name)
            out[name] = field if type(field) in _SCALARS else to_plain(field)
        return out
    if isinstance(value, (list, tuple)):  # the board's lists of 40 numbers: no call for each
        return [v if type(v) in _SCALARS else to_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): to_plain(v) for k, v in value.items()}
    return value


_FIELDS: dict[type, tuple[str, ...] | None] = {}  # ``_saved_fields`` of each type met


def _saved_fields(cls: type) -> tuple[str, ...] | None:
    """The names of a dataclass type's saved fields, in order (None: not a dataclass)."""
    if not dataclasses.is_dataclass(cls):
        return None
    return tuple(f.name for f in dataclasses.fields(cls) if f.metadata.get("saved", True))


@lru_cache(maxsize=None)
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def from_plain(cls: Any, data: Any, path: str, defaults: bool = False) -> Any:
    """Build a value of type ``cls`` from JSON data or raise ``SaveFormatError`` naming ``path``.

    With ``defaults``, a dataclass field missing from the data takes its default (an action or a
    rule option left out); without, every field must be there (a saved state is whole)."""
    if cls is Any:
        return data
    origin = typing.get_origin(cls)
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(cls)
        if data is None and type(None) in options:
            return None
        inner = [o for o in options if o is not type(None)]
        return from_plain(inner[0], data, path)
    if origin is list:
        if not isinstance(data, list):
            raise SaveFormatError(f"{path}: expected a list")
        (item,) = typing.get_args(cls)
        return [from_plain(item, v, f"{path}[{i}]") for i, v in enumerate(data)]
    if origin is tuple:
        if not isinstance(data, (list, tuple)):
            raise SaveFormatError(f"{path}: expected a list")
        args = typing.get_args(cls)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_plain(args[0], v, f"{path}[{i}]") for i, v in enumerate(data))
        if len(data) != len(args):
            raise SaveFormatError(f"{path}: expected a list of {len(args)}")
        return tuple(from_plain(a, v, f"{path}[{i}]") for i, (a, v) in enumerate(zip(args, data)))
    if origin is dict:
        if not isinstance(data, dict) or not all(isinstance(k, str) for k in data):
            raise SaveFormatError(f"{path}: expected an object")
        _, value_type = typing.get_args(cls)
        return {k: from_plain(value_type, v, f"{path}.{k}") for k, v in data.items()}
    if isinstance(cls, type) and dataclasses.is_dataclass(cls):
        if not isinstance(data, dict):
            raise SaveFormatError(f"{path}: expected an object")
        hints = _hints(cls)
        saved = [f for f in dataclasses.fields(cls) if f.metadata.get("saved", True)]
        unknown = sorted(set(data) - {f.name for f in saved})
        if unknown:
            raise SaveFormatError(f"{path}: unknown field {unknown[0]!r}")
        kwargs = {}
        for f in saved:
            if f.name not in data:
                if defaults and (f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING):
                    continue
                raise SaveFormatError(f"{path}.{f.name}: missing")
            kwargs[f.name] = from_plain(hints[f.name], data[f.name], f"{path}.{f.name}")
        return cls(**kwargs)
    if isinstance(cls, type) and issubclass(cls, Code):
        try:
            return cls(data)
        except ValueError:
            raise SaveFormatError(f"{path}: expected one of {cls.allowed()}, not {data!r}") from None
    if cls is bool:
        if not isinstance(data, bool):
            raise SaveFormatError(f"{path}: expected true or false")
        return data
    if cls is int:
        if not isinstance(data, int) or isinstance(data, bool):
            raise SaveFormatError(f"{path}: expected a whole number")
        return data
    if cls is str:
        if not isinstance(data, str):
            raise SaveFormatError(f"{path}: expected text")
        return data
    raise SaveFormatError(f"{path}: cannot read a value of type {cls!r}")
