"""Plain-JSON conversion of the engine's dataclasses, with validation on the way back in.

One generic converter driven by the type hints serves the state, actions and events:
adding a field needs no new save code, and malformed data is refused with the path of the
offending value (``state.players[2].cash: expected a whole number``). Positions, written by people
in their own plain form (squares by name, players as objects), are read by ``position_values.py``
into the typed ``Position``; rule options are checked by their declared types and ranges (``rules.py``),
with messages that name the option and what it allows.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from functools import lru_cache
from typing import Any, Callable

from .codes import Code
from .errors import SaveFormatError


_SCALARS = frozenset({int, str, float, bool, type(None)})


def to_plain(value: Any) -> Any:
    """``value`` as plain JSON data: dataclasses as objects of their saved fields, tuples as lists.

    It runs for every update a server sends and every autosave, so the saved fields of each
    dataclass type are looked up once (``_saved_names``) and plain values return at once."""
    cls: type = type(value)
    if cls in _SCALARS:
        return value
    names = _saved_names(cls)
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


@lru_cache(maxsize=None)
def _saved_names(cls: type) -> tuple[str, ...] | None:
    """The fields a dataclass saves, looked up once per type (None: not a dataclass)."""
    if not dataclasses.is_dataclass(cls):
        return None
    return tuple(f.name for f in dataclasses.fields(cls) if f.metadata.get("saved", True))


@lru_cache(maxsize=None)
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


Reader = Callable[[Any, str], Any]
"""Reads JSON data as one type: ``reader(data, path)``, raising ``SaveFormatError`` naming ``path``."""


def from_plain(cls: Any, data: Any, path: str, defaults: bool = False) -> Any:
    """Build a value of type ``cls`` from JSON data or raise ``SaveFormatError`` naming ``path``.

    With ``defaults``, a dataclass field missing from the data takes its default (an action or a
    rule option left out); without, every field must be there (a saved state is whole)."""
    return reader(cls, defaults)(data, path)


@lru_cache(maxsize=None)
def reader(cls: Any, defaults: bool = False) -> Reader:
    """The reader of ``cls``, made once per type: the type hints are looked at here, not for every
    value read (a long game's save holds hundreds of thousands of events)."""
    if cls is Any:
        return _as_is
    origin = typing.get_origin(cls)
    if origin in (typing.Union, types.UnionType):
        return _optional(reader([o for o in typing.get_args(cls) if o is not type(None)][0]),
                         type(None) in typing.get_args(cls))
    if origin is list:
        (item,) = typing.get_args(cls)
        return _list_of(reader(item))
    if origin is tuple:
        args = typing.get_args(cls)
        if len(args) == 2 and args[1] is Ellipsis:
            return _tuple_of(reader(args[0]))
        return _fixed_tuple(tuple(reader(a) for a in args))
    if origin is dict:
        return _dict_of(reader(typing.get_args(cls)[1]))
    if isinstance(cls, type) and dataclasses.is_dataclass(cls):
        return _dataclass(cls, defaults)
    if isinstance(cls, type) and issubclass(cls, Code):
        return _code(cls)
    if cls is bool:
        return _bool
    if cls is int:
        return _int
    if cls is str:
        return _str
    return _unreadable(cls)


def _unreadable(cls: Any) -> Reader:
    def read(data: Any, path: str) -> Any:
        raise SaveFormatError(f"{path}: cannot read a value of type {cls!r}")
    return read


def _as_is(data: Any, path: str) -> Any:
    return data


def _bool(data: Any, path: str) -> bool:
    if not isinstance(data, bool):
        raise SaveFormatError(f"{path}: expected true or false")
    return data


def _int(data: Any, path: str) -> int:
    if not isinstance(data, int) or isinstance(data, bool):
        raise SaveFormatError(f"{path}: expected a whole number")
    return data


def _str(data: Any, path: str) -> str:
    if not isinstance(data, str):
        raise SaveFormatError(f"{path}: expected text")
    return data


def _optional(inner: Reader, none_allowed: bool) -> Reader:
    def read(data: Any, path: str) -> Any:
        if data is None and none_allowed:
            return None
        return inner(data, path)
    return read


def _list_of(item: Reader) -> Reader:
    def read(data: Any, path: str) -> list[Any]:
        if not isinstance(data, list):
            raise SaveFormatError(f"{path}: expected a list")
        return [item(v, f"{path}[{i}]") for i, v in enumerate(data)]
    return read


def _tuple_of(item: Reader) -> Reader:
    def read(data: Any, path: str) -> tuple[Any, ...]:
        if not isinstance(data, (list, tuple)):
            raise SaveFormatError(f"{path}: expected a list")
        return tuple([item(v, f"{path}[{i}]") for i, v in enumerate(data)])
    return read


def _fixed_tuple(items: tuple[Reader, ...]) -> Reader:
    def read(data: Any, path: str) -> tuple[Any, ...]:
        if not isinstance(data, (list, tuple)):
            raise SaveFormatError(f"{path}: expected a list")
        if len(data) != len(items):
            raise SaveFormatError(f"{path}: expected a list of {len(items)}")
        return tuple([a(v, f"{path}[{i}]") for i, (a, v) in enumerate(zip(items, data))])
    return read


def _dict_of(value: Reader) -> Reader:
    def read(data: Any, path: str) -> dict[str, Any]:
        if not isinstance(data, dict) or not all(isinstance(k, str) for k in data):
            raise SaveFormatError(f"{path}: expected an object")
        return {k: value(v, f"{path}.{k}") for k, v in data.items()}
    return read


def _code(cls: type[Code]) -> Reader:
    def read(data: Any, path: str) -> Code:
        try:
            return cls(data)
        except ValueError:
            raise SaveFormatError(f"{path}: expected one of {cls.allowed()}, not {data!r}") from None
    return read


def _dataclass(cls: type, defaults: bool) -> Reader:
    """A dataclass's reader. Its fields' readers are made at its first use, not here: a dataclass
    may hold (through a list) values of its own type."""
    saved = [f for f in dataclasses.fields(cls) if f.metadata.get("saved", True)]
    names = frozenset(f.name for f in saved)
    optional = frozenset(f.name for f in saved if defaults and (f.default is not dataclasses.MISSING
                                                                or f.default_factory is not dataclasses.MISSING))
    fields: list[tuple[str, Reader]] | None = None

    def read(data: Any, path: str) -> Any:
        nonlocal fields
        if not isinstance(data, dict):
            raise SaveFormatError(f"{path}: expected an object")
        if not names.issuperset(data):
            raise SaveFormatError(f"{path}: unknown field {sorted(set(data) - names)[0]!r}")
        if fields is None:
            hints = _hints(cls)
            fields = [(f.name, reader(hints[f.name])) for f in saved]
        kwargs = {}
        for name, read_field in fields:
            if name in data:
                kwargs[name] = read_field(data[name], f"{path}.{name}")
            elif name not in optional:
                raise SaveFormatError(f"{path}.{name}: missing")
        return cls(**kwargs)
    return read
