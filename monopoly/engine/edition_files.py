"""Finding the boards: the package's edition files and extra folders, players' own board files,
and the board file a save names (``list_editions``, ``load_edition``, ``saved_edition``).

The engine does no file handling of its own: it reads through the folder objects it is given.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace
from functools import lru_cache
from importlib import resources
from types import MappingProxyType
from typing import Any, Callable, Iterable, Iterator, Mapping, Protocol, runtime_checkable

from .errors import EditionError
from .edition_values import Edition
from .edition_reading import edition_from_dict


@runtime_checkable
class Folder(Protocol):
    """A folder of edition files: a ``pathlib.Path``, or what ``importlib.resources.files`` gives.

    The engine does no file handling of its own: it reads through the folder object it is given.
    """

    @property
    def name(self) -> str: ...

    def is_dir(self) -> bool: ...

    def is_file(self) -> bool: ...

    def iterdir(self) -> Iterator["Folder"]: ...

    def read_text(self, encoding: str | None = None) -> str: ...


# Extra folders searched for ``<id>.json`` edition files after the package's own, in order. A front
# end (or a test) appends a folder (a ``pathlib.Path``) here to offer boards of its own;
# ``list_editions``, ``edition_ids`` and ``load_edition`` (hence ``Game.new`` and loading a save)
# then find them by id. The files are read once for each list of folders.
EDITION_FOLDERS: list[Folder] = []

MAX_EDITION_BYTES = 256 * 1024  # a board file is about 20 KB; a larger one is not a board
MAX_EDITION_NUMBER = 2**53  # beyond any price, rent or count a game can hold


def _edition_number(text: str) -> int:
    if len(text) > 20 or abs(int(text)) > MAX_EDITION_NUMBER:
        raise ValueError(f"the number {text[:12]}{'...' if len(text) > 12 else ''} is too large")
    return int(text)


def _read_edition(file: Folder, where: str, named: bool = True, own: bool = False) -> Edition:
    """The edition in one file, checked (``named``: the file must be named after its id). A
    player's ``own`` board remembers its file and the file's digest, for the saves."""
    try:
        look = getattr(file, "stat", None)  # a file on disk (a path): its size before reading it
        size = look().st_size if callable(look) else 0
        if size > MAX_EDITION_BYTES:
            raise EditionError(f"{where}: too large for a board file (more than {MAX_EDITION_BYTES // 1024} KB)")
        text = file.read_text("utf-8")
        if len(text) > MAX_EDITION_BYTES:
            raise EditionError(f"{where}: too large for a board file (more than {MAX_EDITION_BYTES // 1024} KB)")
        data = json.loads(text, parse_int=_edition_number)
    except FileNotFoundError:
        raise EditionError(f"{where}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise EditionError(f"{where}: cannot be read: {exc}") from None
    except json.JSONDecodeError as exc:
        raise EditionError(f"{where}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except RecursionError:
        raise EditionError(f"{where}: nested too deeply") from None
    except ValueError as exc:  # a number beyond any a board holds
        raise EditionError(f"{where}: {exc}") from None
    if not isinstance(data, dict):
        raise EditionError(f"{where}: an edition file holds one JSON object")
    try:
        edition = edition_from_dict(data)
    except EditionError as exc:
        raise EditionError(f"{where}: {exc}") from None
    if named and file.name != f"{edition.id}.json":
        raise EditionError(f"{where}: the file of edition {edition.id!r} must be named {edition.id}.json")
    if own:
        edition = replace(edition, source=str(file), digest=hashlib.sha256(text.encode("utf-8")).hexdigest())
    return edition


def _edition_files(folders: tuple[Folder, ...]) -> Iterator[tuple[Folder, str, bool]]:
    """Every ``*.json`` file of the package's edition folder, then of each extra folder, with its
    name and whether it is a player's own (not the package's)."""
    package = resources.files(__package__).joinpath("editions")
    for folder, where, own in ((package, "editions", False), *((f, str(f), True) for f in folders)):
        if not isinstance(folder, Folder):
            raise EditionError(f"edition folder {folder!r}: give a pathlib.Path, not a {type(folder).__name__}")
        if not folder.is_dir():
            raise EditionError(f"edition folder {folder} is not a folder")
        for file in sorted(folder.iterdir(), key=lambda f: f.name):
            if file.name.endswith(".json") and file.is_file():
                yield file, f"{where}/{file.name}", own


@lru_cache(maxsize=16)
def _catalogue(folders: tuple[Folder, ...]) -> Mapping[str, Edition]:
    """Every edition found in the package and ``folders``, by id, in list order."""
    found: dict[str, tuple[Edition, str]] = {}
    for file, where, own in _edition_files(folders):
        edition = _read_edition(file, where, own=own)
        if edition.id in found:
            raise EditionError(f"edition {edition.id!r} is defined twice: in {found[edition.id][1]} and in {where}")
        found[edition.id] = (edition, where)
    ordered = sorted((e for e, _ in found.values()), key=lambda e: (e.order is None, e.order or 0, e.id))
    return MappingProxyType({e.id: e for e in ordered})


def _search_path(folders: Iterable[Folder] | None) -> tuple[Folder, ...]:
    return tuple(EDITION_FOLDERS if folders is None else folders)


# Boards read from players' own files (``add_edition_file``), by id, in the order added; listed
# after the folders' editions wherever no folders are named.
_FILES: dict[str, Edition] = {}
# How the file a save names is opened again (the engine does no file handling of its own): a front
# end that offers board files gives it (``set_board_file_opener(pathlib.Path)``).
_OPENER: Callable[[str], Folder] | None = None


def set_board_file_opener(opener: Callable[[str], Folder] | None) -> None:
    """How ``saved_edition`` opens the board file a save or record names (``pathlib.Path`` will do)."""
    global _OPENER
    _OPENER = opener


def forget_edition_files() -> None:
    """Take back every board added by ``add_edition_file`` (tests; a front end reading its folder again)."""
    _FILES.clear()


def _everything(folders: Iterable[Folder] | None) -> Mapping[str, Edition]:
    catalogue = _catalogue(_search_path(folders))
    if folders is not None or not _FILES:
        return catalogue
    return {**catalogue, **{k: e for k, e in _FILES.items() if k not in catalogue}}


def list_editions(folders: Iterable[Folder] | None = None) -> tuple[Edition, ...]:
    """Every edition, in the order menus show them (each has ``id`` and ``label``).

    ``folders`` are extra folders searched after the package's own (default: ``EDITION_FOLDERS``,
    and then the board files added by ``add_edition_file``). A malformed file, or two files with
    one id, raise ``EditionError``.
    """
    return tuple(_everything(folders).values())


def edition_ids(folders: Iterable[Folder] | None = None) -> tuple[str, ...]:
    """The ids of ``list_editions(folders)``, in the same order."""
    return tuple(_everything(folders))


def load_edition(edition_id: str = "us", folders: Iterable[Folder] | None = None) -> Edition:
    """The edition with this id from the package or ``folders`` (default: ``EDITION_FOLDERS`` and
    the board files added by ``add_edition_file``)."""
    catalogue = _everything(folders)
    if not isinstance(edition_id, str) or edition_id not in catalogue:
        raise EditionError(f"unknown edition {edition_id!r}; choose one of {', '.join(catalogue)}")
    return catalogue[edition_id]


def read_edition_file(file: Folder) -> Edition:
    """A player's own board file (any name), checked: ``EditionError`` names the file and the field.
    The edition remembers the file and its digest (``source``, ``digest``) for the saves."""
    return _read_edition(file, f"board file {file}", named=False, own=True)


def add_edition_file(file: Folder) -> Edition:
    """Read a player's board file and offer it by its id wherever editions are listed or loaded
    (``list_editions()``, ``load_edition(id)``, ``Game.new(..., edition=id)``). A file whose id is
    another board's is refused; adding the same file again reads it afresh."""
    edition = read_edition_file(file)
    other = _catalogue(_search_path(None)).get(edition.id) or _FILES.get(edition.id)
    if other is not None and other.source != edition.source:
        where = f"the board file {other.source}" if other.source else "a board of the game"
        raise EditionError(f"board file {file}: its id {edition.id!r} is already {where}'s; give it another id")
    _FILES[edition.id] = edition
    return edition


def saved_edition(edition_id: Any, file: Any) -> Edition:
    """The edition a save or record names: by id, or for a player's own board (``file``: the
    ``{"path", "sha256"}`` it was saved with) the same file again. ``EditionError`` when the file is
    gone or was changed since (a changed board could not continue the saved game)."""
    if file is None:
        return load_edition(edition_id)
    if not (isinstance(file, dict) and isinstance(file.get("path"), str) and isinstance(file.get("sha256"), str)):
        raise EditionError("edition_file: expected {\"path\": text, \"sha256\": text}")
    path, digest = file["path"], file["sha256"]
    try:
        known: Edition | None = load_edition(edition_id)
    except EditionError:
        known = None
    if known is not None and known.digest == digest:
        return known
    if _OPENER is None:
        raise EditionError(f"this game was played on the board file {path}, and this program reads no board "
                           "files")
    place = _OPENER(path)
    if not place.is_file():
        raise EditionError(f"this game was played on the board file {path}, which is gone: put the file back "
                           "there to go on with the game")
    edition = read_edition_file(place)
    if edition.digest != digest:
        raise EditionError(f"the board file {path} has changed since this game was saved: the game needs the "
                           "board as it was")
    if edition.id != edition_id:
        raise EditionError(f"the board file {path} holds edition {edition.id!r}, not {edition_id!r}")
    if known is None:
        _FILES[edition.id] = edition
    return edition


# The package's own editions (no extra folders), for callers that want a fixed list such as a
# command line's choices; ``edition_ids()`` also sees ``EDITION_FOLDERS``.
EDITION_IDS = edition_ids(())
