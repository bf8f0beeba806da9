"""The changes between two values of plain JSON data, and a client's copy kept up to date by them.

Since version 3 of the protocol (``docs/protocol.md``) an update carries what changed in the public
view and the public state since the update before it, not the whole of them: in a running game one
action changes a few fields (a cash, a position, the decision waited for) of a state of some two
thousand values, and the server sent every client the whole of it after every action, which was
most of its work and of the bytes sent. The welcome (and a ``sync``) carries them whole.

A change is ``[path, value]``: the keys and indices from the top to the place, and the value it now
holds. ``changes`` finds the smallest places that differ (an object with the same keys and a list
of the same length are looked into; anything else is replaced whole), ``patched`` applies them.
``patched`` copies what lies on a change's path and shares the rest, so a value handed out before
(a client's last update) is never changed under its holder's feet.

``Follower`` is the client's side: it keeps the last whole view, state and prompt, numbers the
updates (``seq``) and turns each into the whole update a version 2 client saw, so what reads the
messages (the text client, the curses client's session, the bots) reads them as before. An update
that does not follow the one before (``seq`` skipped) raises ``OutOfStep``: the client asks for a
``sync`` and takes up again from the whole state it answers with.
"""

from __future__ import annotations

from typing import Any

from .protocol import ProtocolError

Path = list[Any]  # keys (str) and indices (int) from the top of a value down to one place in it
Change = list[Any]  # [path, value]


def changes(old: Any, new: Any) -> list[Change]:
    """The changes that make ``old`` into ``new`` (both plain JSON data): [] when they are equal."""
    out: list[Change] = []
    if old != new or type(old) is not type(new):
        _differ(old, new, [], out)
    return out


def _differ(old: Any, new: Any, path: Path, out: list[Change]) -> None:
    """``old`` and ``new`` differ: their changes, looked for as deep as the shapes stay alike."""
    if type(old) is dict and type(new) is dict and old.keys() == new.keys():
        for key, value in new.items():
            was = old[key]
            if was != value or type(was) is not type(value):
                _differ(was, value, path + [key], out)
    elif type(old) is list and type(new) is list and len(old) == len(new):
        for index, (was, value) in enumerate(zip(old, new)):
            if was != value or type(was) is not type(value):
                _differ(was, value, path + [index], out)
    else:
        out.append([path, new])


def patched(value: Any, changes_: list[Any]) -> Any:
    """``value`` with ``changes_`` applied: a new value sharing what they leave alone (``value`` is
    unchanged). ``ProtocolError`` (``not_json``) for changes that do not fit ``value``."""
    try:
        for change in changes_:
            path, new = change
            value = _set(value, path, 0, new)
    except (TypeError, ValueError, KeyError, IndexError):
        raise ProtocolError("not_json", "an update's changes do not fit the state they change") from None
    return value


def _set(value: Any, path: list[Any], depth: int, new: Any) -> Any:
    if depth == len(path):
        return new
    key = path[depth]
    if type(value) is dict and type(key) is str and key in value:
        copy = dict(value)
    elif type(value) is list and type(key) is int and 0 <= key < len(value):
        copy = list(value)  # type: ignore[assignment]
    else:
        raise KeyError(key)
    copy[key] = _set(value[key], path, depth + 1, new)
    return copy


class OutOfStep(Exception):
    """An update that does not follow the last one taken: ask the server for a ``sync``."""


WHOLE = ("game", "state", "prompt")  # what a welcome and a sync carry whole and an update changes


class Follower:
    """A client's copy of what the server told it: the public view (``game``), the public state
    (``state``) and this seat's ``prompt``, with the number of the last update (``seq``)."""

    def __init__(self) -> None:
        self.seq: int | None = None
        self.whole: dict[str, Any] = {}
        self.syncing = False
        self.request: Any = None  # the answer to a request that came in an update skipped while syncing

    def take(self, data: dict[str, Any]) -> dict[str, Any] | None:
        """``data`` as a version 2 client saw it (a whole update), or None when there is nothing to
        hand on (an update skipped while a sync is asked for). A ``sync`` is handed on as a whole
        update without events. ``OutOfStep``: send a ``sync``; ``ProtocolError`` for updates that
        do not fit."""
        kind = data["type"]
        if kind in ("welcome", "sync"):
            seq = data.get("seq")
            if type(seq) is not int:
                raise ProtocolError("not_json", f"a {kind} without its number (seq)")
            self.seq = seq
            self.whole = {key: data.get(key) for key in WHOLE}
            if kind == "welcome":
                return data
            whole = dict(data, type="update", events=data.get("events", []), notes=data.get("notes", []))
            if self.syncing and self.request is not None and "request" not in whole:
                whole["request"] = self.request
            self.syncing, self.request = False, None
            return whole
        if kind == "options":  # the seat's whole prompt: the next updates' prompts are told against it
            if isinstance(data.get("prompt"), dict):
                self.whole["prompt"] = data["prompt"]
            return data
        if kind != "update":
            return data
        seq = data.get("seq")
        if type(seq) is not int:
            raise ProtocolError("not_json", "an update without its number (seq)")
        if self.syncing or self.seq is None:
            if "request" in data:
                self.request = data["request"]
            return None
        if seq != self.seq + 1:
            self.syncing = True
            self.request = data.get("request")
            raise OutOfStep(f"update {seq} came after {self.seq}")
        found = data.get("changes", {})
        if not isinstance(found, dict):
            raise ProtocolError("not_json", "an update's changes are an object")
        whole = self.whole
        for key in ("game", "state"):
            if key in found:
                whole[key] = patched(whole[key], found[key])
        if "prompt" in data:
            whole["prompt"] = data["prompt"]
        self.seq = seq
        out = {k: v for k, v in data.items() if k != "changes"}
        out.update(whole)
        if isinstance(out["prompt"], dict):  # each update a prompt of its own, as when each carried one
            out["prompt"] = dict(out["prompt"])
        return out
