"""``monopoly help [PAGE]``: the player's guide and the other pages, wherever the game is installed.

The pages are ``docs/*.md`` in the project; an installed copy has them as ``monopoly/docs/``
(``setup.py``), with the example position. The board files' README lives beside the boards
(``monopoly/engine/editions/README.md``) and is offered as the page ``editions``. ``--position
example`` names the example position the same way, so the commands the pages give work after a
``pip install`` as they do in a clone.
"""

from __future__ import annotations

import os
import pydoc
import sys
from pathlib import Path

from ..storage.places import PACKAGE_DIR, is_checkout

EXIT_OK, EXIT_USAGE = 0, 2

# The pages a person asks for by name, in the order they are listed: (name, file, what it is for).
PAGES: tuple[tuple[str, str, str], ...] = (
    ("playing", "playing.md", "how to play: the screen, keys, set-up, text mode, network play"),
    ("positions", "positions.md", "position files: start a game from a chosen board"),
    ("boards", "boards.md", "a board of your own (--edition FILE.json)"),
    ("editions", "", "the board and card data files, field by field"),
    ("records", "records.md", "game records, replays and the statistics' forms"),
    ("strategies", "strategies.md", "how the computer players work, and how to write one"),
    ("protocol", "protocol.md", "the network protocol of monopoly host and join"),
    ("engine", "engine.md", "the rules engine's API, for programmers"),
    ("performance", "performance.md", "speed, and how it is measured"),
)

# Files shipped with the program that a command line names by a word: ``--position example``.
POSITIONS = {"example": Path("examples") / "position.json"}


def docs_folder() -> Path:
    """Where the pages are: the installed ``monopoly/docs``, or the project's ``docs/`` in a clone."""
    installed = PACKAGE_DIR / "docs"
    if installed.is_dir() or not is_checkout():
        return installed
    return PACKAGE_DIR.parent / "docs"


def page_file(name: str) -> Path | None:
    """The file of the page ``name``, or None when there is no such page."""
    for page, file, _ in PAGES:
        if page == name:
            return PACKAGE_DIR / "engine" / "editions" / "README.md" if not file else docs_folder() / file
    return None


def position_file(name: str) -> str:
    """``name`` as a position file: a file of that name if there is one, else the shipped position
    the word names (``example``), else ``name`` as given (its reader then says what is wrong)."""
    if name in POSITIONS and not Path(name).expanduser().exists():
        shipped = docs_folder() / POSITIONS[name]
        if shipped.is_file():
            return str(shipped)
    return name


def pages_text() -> str:
    width = max(len(name) for name, _, _ in PAGES)
    lines = ["usage: monopoly help [PAGE]", "", "Pages of the guide (monopoly help PAGE shows one):"]
    lines += [f"  {name:<{width}}  {about}" for name, _, about in PAGES]
    lines += ["", "Each command's options: monopoly COMMAND --help; the rules: monopoly rules."]
    return "\n".join(lines)


def help_command(argv: list[str]) -> int:
    """``monopoly help``: the list of pages; ``monopoly help PAGE``: that page (paged on a terminal)."""
    if not argv or argv[0] in ("-h", "--help"):
        print(pages_text())
        return EXIT_OK
    name = argv[0].lower().removesuffix(".md")
    path = page_file(name)
    if path is None or len(argv) > 1:
        print(pages_text(), file=sys.stderr)
        wrong = f"no page {argv[0]!r}" if path is None else "one page at a time"
        print(f"monopoly help: {wrong}", file=sys.stderr)
        return EXIT_USAGE
    try:
        text = path.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        print(f"monopoly help: cannot read {path}: {exc}", file=sys.stderr)
        return 1
    if sys.stdout.isatty() and sys.stdin.isatty() and os.environ.get("TERM", "dumb") != "dumb":
        pydoc.pager(text)
    else:
        sys.stdout.write(text)
    return EXIT_OK


__all__ = ["PAGES", "docs_folder", "help_command", "page_file", "position_file"]
