"""Where the saved games are kept, wherever the game is started from, by every command (the curses
game, the text mode, ``--position``, ``record``, ``stats`` and ``replay``).

Saves must not depend on the folder the command is typed in, or a game started elsewhere would
find none of the earlier ones. The folder is, first found:

1. ``--save-dir DIR`` on the command line;
2. the environment variable ``MONOPOLY_SAVE_DIR``;
3. the project's own ``saves/`` folder (beside ``monopoly/``) when the game runs from a checkout;
4. otherwise a per-user folder following the platform's convention: ``%LOCALAPPDATA%\\monopoly\\saves``
   on Windows, ``~/Library/Application Support/monopoly/saves`` on macOS, and
   ``$XDG_DATA_HOME/monopoly/saves`` (``~/.local/share/monopoly/saves``) elsewhere.
"""

from __future__ import annotations

import ntpath
import os
import posixpath
import shlex
import sys
from pathlib import Path
from typing import Mapping

from . import saves

SAVE_DIR_ENV = "MONOPOLY_SAVE_DIR"
PACKAGE_DIR = Path(__file__).resolve().parent.parent  # the ``monopoly`` package (this is monopoly/storage)


def is_checkout(package_dir: Path = PACKAGE_DIR) -> bool:
    """Whether the package runs from the project's own folder (its ``pyproject.toml`` beside it)
    rather than from an installation (site-packages has none)."""
    return (package_dir.parent / "pyproject.toml").is_file()


def user_save_dir(environ: Mapping[str, str] | None = None, platform: str | None = None,
                  home: Path | None = None) -> Path:
    """The per-user save folder this platform's convention gives."""
    return user_data_dir(environ, platform, home) / "saves"


def user_log_file(environ: Mapping[str, str] | None = None, platform: str | None = None,
                  home: Path | None = None) -> Path:
    """The program's log (errors inside computer players and front ends, for a bug report): in the
    per-user data folder, never beside the saves of a checkout, so a person always finds it at
    the same place."""
    return user_data_dir(environ, platform, home) / "monopoly.log"


def user_data_dir(environ: Mapping[str, str] | None = None, platform: str | None = None,
                  home: Path | None = None) -> Path:
    """The per-user data folder this platform's convention gives (``NoSaveFolder`` without a home)."""
    env = os.environ if environ is None else environ
    system = sys.platform if platform is None else platform
    if system.startswith("win"):
        chosen = env.get("LOCALAPPDATA")
        base = Path(chosen) if chosen and ntpath.isabs(chosen) else _home(home) / "AppData" / "Local"
    elif system == "darwin":
        base = _home(home) / "Library" / "Application Support"
    else:
        # The XDG convention: a relative XDG_DATA_HOME is invalid and ignored (else the saves would
        # depend on the folder the game is started from).
        base = _absolute(env.get("XDG_DATA_HOME")) or _home(home) / ".local" / "share"
    return base / "monopoly"


class NoSaveFolder(ValueError):
    """No per-user folder can be found (no home folder): the message says how to choose one."""


def _absolute(value: str | None) -> Path | None:
    return Path(value) if value and posixpath.isabs(value) else None


def _home(home: Path | None) -> Path:
    if home is not None:
        return home
    try:
        found = Path.home()
    except (RuntimeError, KeyError, OSError):  # HOME unset and the user missing from the password file
        found = Path("~")
    if not found.is_absolute():
        raise NoSaveFolder(f"no home folder to keep the saves in (HOME is not set): choose a folder with "
                           f"--save-dir DIR or {SAVE_DIR_ENV}")
    return found


def default_save_dir(environ: Mapping[str, str] | None = None, platform: str | None = None,
                     home: Path | None = None, package_dir: Path = PACKAGE_DIR) -> Path:
    """The save folder when no ``--save-dir`` is given (see the module's list)."""
    env = os.environ if environ is None else environ
    chosen = env.get(SAVE_DIR_ENV, "").strip()
    if chosen:
        return Path(chosen).expanduser()
    if is_checkout(package_dir):
        return package_dir.parent / saves.DEFAULT_SAVE_DIR
    return user_save_dir(env, platform, home)


def same_folder(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    """Whether two folder names lead to the same place (relative names taken from here)."""
    return Path(a).expanduser().resolve() == Path(b).expanduser().resolve()


def resume_command(save_dir: str | os.PathLike[str], name: str, text_mode: bool = False) -> str:
    """The command that resumes the save ``name`` (in the line-by-line mode with ``text_mode``).

    ``--load NAME`` looks in the default save folder only, so a game kept elsewhere (``--save-dir``)
    needs the folder in the command too, or the player would be sent to another file or to none.
    """
    command = f"monopoly {'--text ' if text_mode else ''}--load {name}"
    try:
        default = default_save_dir()
    except NoSaveFolder:  # no default folder: the command must name this one
        default = None
    if default is None or not same_folder(save_dir, default):
        command += f" --save-dir {shlex.quote(str(save_dir))}"
    return command


def newer_recovered(loaded: "saves.LoadedGame | None", save_dir: str | os.PathLike[str],
                    text_mode: bool = False) -> str | None:
    """A line saying that a newer state of the game just resumed was recovered from a save cut
    short (``saves.tidy`` keeps it as ``recovered-NAME.json``), with the command that resumes it;
    None when there is none. Without it, ``--load NAME`` (the command the game printed) resumed the
    older file with no word of the newer one."""
    if loaded is None or loaded.game_id is None:
        return None
    folder = Path(loaded.path).parent
    stem = Path(loaded.path).stem
    if stem.startswith(saves.RECOVERED_PREFIX):
        return None
    base = saves.RECOVERED_PREFIX + stem[:32 - len(saves.RECOVERED_PREFIX) - 3]
    best: tuple[int, Path, int] | None = None
    try:
        candidates = sorted(folder.glob(f"{base}*.json"))
    except OSError:
        return None
    for path in candidates:
        try:
            found = saves.read_save(path)
        except (saves.SaveError, OSError):
            continue
        steps = len(found.game.journal)
        if found.game_id == loaded.game_id and steps > len(loaded.game.journal) and (best is None or steps > best[0]):
            best = (steps, path, found.game.view.turn)
    if best is None:
        return None
    _, path, turn = best
    return (f"A newer state of this game (turn {turn}; this one is at turn {loaded.game.view.turn}) was kept from a "
            f"save that was cut short, as {path.stem}. To play on from it instead: "
            f"{resume_command(save_dir, path.stem, text_mode)}")
