"""One guarded reader and one safe writer for every file the program opens.

Reading (``read_json``: saves, position files, records): only an ordinary file is opened, without
waiting (a named pipe would block for ever) and checked on the open handle (a link to a device is
refused before a byte is read); at most ``MAX_FILE_BYTES``; text that is valid UTF-8; JSON without
duplicate keys, non-finite numbers or numbers beyond ``limit`` (what a game can hold), nested at
most ``MAX_DEPTH`` deep. Every refusal is one message naming the file and, for a number, the field.

Writing (``write_bytes``, ``open_log``, ``open_lock``): a new file goes through a temporary file
beside the target, moved into place; no file is ever opened through a symbolic link, and a folder
entry that is a link is refused rather than written through.

The error each caller raises is its own (``SaveError``, ``PositionError``, ``RecordError``): every
function takes the class to raise.
"""

from __future__ import annotations

import gc
import json
import os
import re
import stat
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

from ..session.safe_text import shown

MAX_FILE_BYTES = 32 * 2**20  # a 1,000-turn game is about 0.5 MB; a file 60 times that is no save
MAX_DEPTH = 40  # a save nests about 8 deep; a position less
GAME_NUMBER_LIMIT = 2**53  # beyond any amount, turn, clock or seed a game makes (and exact in a double)
MAX_DIGITS = 20  # a number written with more digits than this is refused before Python reads it

Raise = Callable[[str], Exception]

_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_BINARY = getattr(os, "O_BINARY", 0)


class FileProblem(Exception):
    """A file that cannot be used (the default error of these functions)."""


def where(path: str | os.PathLike[str]) -> str:
    """A file's name as a message shows it: control characters escaped."""
    return shown(os.fspath(path))


# ---------------------------------------------------------------------------------------- reading
def read_bytes(path: str | os.PathLike[str], error: Raise = FileProblem, limit: int = MAX_FILE_BYTES,
               what: str = "a save") -> bytes:
    """The bytes of an ordinary file of at most ``limit`` bytes; anything else raises ``error``."""
    name = where(path)
    try:
        info = os.stat(path)  # follows a link: a link to an ordinary file may be read
    except OSError as exc:
        raise error(f"{name}: cannot be read ({_reason(exc)})") from None
    if not stat.S_ISREG(info.st_mode):
        raise error(f"{name}: not an ordinary file")
    if info.st_size > limit:
        raise error(f"{name}: too large for {what} ({info.st_size:,} bytes; at most {limit:,})")
    try:
        fd = os.open(path, os.O_RDONLY | _NONBLOCK | _BINARY)
    except OSError as exc:
        raise error(f"{name}: cannot be read ({_reason(exc)})") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # replaced between the look and the open
            raise error(f"{name}: not an ordinary file")
        chunks, total = [], 0
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            total += len(chunk)
            if total > limit:  # it grew while being read
                raise error(f"{name}: too large for {what} (more than {limit:,} bytes)")
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError as exc:
        raise error(f"{name}: cannot be read ({_reason(exc)})") from None
    finally:
        os.close(fd)


def decode(path: str | os.PathLike[str], raw: bytes, error: Raise = FileProblem, what: str = "a saved game") -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise error(f"{where(path)}: not {what} (the file is not text)") from None


class _Refused(ValueError):
    """Something the JSON reader met that no file of ours holds."""


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Refused(f"the key {shown(key)!r} appears twice in one object")
            seen.add(key)
    return result


def _no_constant(text: str) -> Any:
    raise _Refused(f"a number is {text}")


def _finite(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise _Refused(f"the number {text[:20]} is too large")
    return value


def _whole_number(limit: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        digits = len(text.lstrip("-"))
        if digits > MAX_DIGITS:
            raise _Refused(f"the number {text[:12]}... is too large (too many digits: {digits:,})")
        value = int(text)
        if abs(value) > limit:
            raise _Refused(f"the number {text[:12]}{'...' if len(text) > 12 else ''} is too large")
        return value
    return parse


_ENCODE = json.JSONEncoder(ensure_ascii=False).encode
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")  # \uD800 to \uDFFF: half of a UTF-16 pair


def parse_json(path: str | os.PathLike[str], text: str, error: Raise = FileProblem, limit: int = 2**64) -> Any:
    """JSON as our files hold it; anything else raises ``error`` naming ``path``.

    The data is encoded again, to find a lone surrogate, only when the text escapes one: text
    that encodes as UTF-8 holds none of its own (encoding a 30 MB save's data took a third of a
    second, as long as parsing it)."""
    name = where(path)
    try:
        data = json.loads(text, object_pairs_hook=_unique_keys, parse_constant=_no_constant,
                          parse_float=_finite, parse_int=_whole_number(limit))
    except _Refused as exc:
        raise error(f"{name}: damaged ({exc})") from None
    except json.JSONDecodeError as exc:
        raise error(f"{name}: damaged or truncated (bad JSON at line {exc.lineno}, column {exc.colno})") from None
    except ValueError:  # an integer too long for Python to read
        raise error(f"{name}: damaged (a number with too many digits)") from None
    except RecursionError:
        raise error(f"{name}: damaged (nested too deeply)") from None
    try:  # a lone surrogate ("\ud800") reads, and then the file could never be written again
        if _SURROGATE_ESCAPE.search(text) is None:
            text.encode("utf-8")
        else:
            _ENCODE(data).encode("utf-8")
    except UnicodeEncodeError:
        raise error(f"{name}: damaged (it holds text that is not valid Unicode)") from None
    except RecursionError:
        raise error(f"{name}: damaged (nested too deeply)") from None
    return data


def check_tree(path: str | os.PathLike[str], data: Any, error: Raise = FileProblem,
               limit: int = GAME_NUMBER_LIMIT, depth: int = MAX_DEPTH) -> None:
    """Every number in ``data`` within ``limit`` and no value nested deeper than ``depth``; the
    message names the field (``players[1].cash``)."""
    stack: list[tuple[Any, str, int]] = [(data, "", 0)]
    while stack:
        value, at, level = stack.pop()
        if level > depth:
            raise error(f"{where(path)}: damaged ({at or 'the file'}: nested more than {depth} deep)")
        if isinstance(value, dict):
            stack.extend((v, f"{at}.{shown(str(k))}" if at else shown(str(k)), level + 1) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((v, f"{at}[{i}]", level + 1) for i, v in enumerate(value))
        elif isinstance(value, (int, float)) and not isinstance(value, bool) and abs(value) > limit:
            raise error(f"{where(path)}: {at or 'the file'}: the number {value:.6g} is too large "
                        f"(at most {limit:,})")


def read_json(path: str | os.PathLike[str], error: Raise = FileProblem, what: str = "a saved game",
              limit: int = GAME_NUMBER_LIMIT, max_bytes: int = MAX_FILE_BYTES) -> Any:
    """The JSON of a small file (a position, a record) read with every guard, numbers and nesting
    checked field by field."""
    text = decode(path, read_bytes(path, error, max_bytes, what), error, what)
    if not text.strip():
        raise error(f"{where(path)}: the file is empty")
    data = parse_json(path, text, error, 2**64)
    check_tree(path, data, error, limit)
    return data


@contextmanager
def building() -> Iterator[None]:
    """Pause the cyclic garbage collector while a document is parsed and a game built from it.

    Reading a long game's save makes millions of objects, none of them garbage; the collector
    would scan them all again and again as they pile up (about 40% of a 30 MB save's loading).
    Reference counting still frees what is dropped; the collector resumes, as it was, at the end.
    """
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


# ---------------------------------------------------------------------------------------- writing
def refuse_link(path: Path, error: Raise = FileProblem) -> None:
    """Refuse a folder entry that is a symbolic link (writing would reach outside the folder)."""
    if path.is_symlink():
        raise error(f"{where(path)}: cannot write the file (it is a symbolic link; remove it or choose "
                    "another folder)")


def ordinary_file_mode() -> int:
    """The permissions a new file gets from ``open``: read-write for all, less the umask."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


def write_bytes(path: str | os.PathLike[str], data: bytes, error: Raise = FileProblem, what: str = "the save",
                temporary_prefix: str | None = None) -> Path:
    """Write ``data`` to ``path`` atomically: a temporary file in the same folder (created new, so
    never through a link), then ``os.replace`` (which replaces a folder entry, never a link's
    target). A target that is a link is refused."""
    target = Path(path)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        refuse_link(target, error)
        fd, tmp = tempfile.mkstemp(prefix=temporary_prefix or f".{target.stem}-", suffix=".tmp", dir=target.parent)
        try:
            # mkstemp makes the file private to its owner; ours are ordinary files, created as any
            # other would be under the user's umask (a shared save folder stays readable).
            os.chmod(tmp, ordinary_file_mode())
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, target)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
    except OSError as exc:
        raise error(f"{where(target)}: cannot write {what} ({why(target, exc)})") from None
    return target


def open_nofollow(path: Path, flags: int, error: Raise = FileProblem, what: str = "the save") -> int:
    """Open (or create) ``path`` for writing without following a link; an ordinary file only."""
    name = where(path)
    refuse_link(path, error)
    try:
        fd = os.open(path, flags | _NOFOLLOW | _NONBLOCK | _BINARY, 0o666)
    except OSError as exc:
        if _NOFOLLOW and path.is_symlink():  # planted between the look and the open
            raise error(f"{name}: cannot write {what} (it is a symbolic link)") from None
        raise error(f"{name}: cannot write {what} ({why(path, exc)})") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise error(f"{name}: cannot write {what} (not an ordinary file)")
    except BaseException:
        os.close(fd)
        raise
    return fd


def why(target: Path, exc: OSError) -> str:
    if isinstance(exc, (FileExistsError, NotADirectoryError)):
        return f"{where(target.parent)} is not a folder"
    return _reason(exc)


def _reason(exc: OSError) -> str:
    return shown(exc.strerror or str(exc))
