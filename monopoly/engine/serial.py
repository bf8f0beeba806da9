"""Plain-JSON conversion of the state dataclasses, with validation on the way back in.

One generic converter driven by the type hints: adding a field to the state needs no new
save code, and a malformed save is refused with the path of the offending value
(``state.players[2].cash: expected a whole number``).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from functools import lru_cache
from typing import Any

from .codes import Code
from .errors import SaveFormatError


def to_plain(value: Any) -> Any:
    if dataclasses.is_dataclass(value):
        return {f.name: to_plain(getattr(value, f.name)) for f in dataclasses.fields(value)
                if f.metadata.get("saved", True)}
    if isinstance(value, (list, tuple)):
        return [to_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): to_plain(v) for k, v in value.items()}
    return value


@lru_cache(maxsize=None)
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def from_plain(cls: Any, data: Any, path: str) -> Any:
    """Build a value of type ``cls`` from JSON data or raise ``SaveFormatError`` naming ``path``."""
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
