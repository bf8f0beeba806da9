"""The ``monopoly`` command: play on the curses screen, line by line (``--text`` or ``monopoly text``),
list the rule options (``monopoly rules``), or play computer-only games (``monopoly simulate``).

``monopoly --position FILE`` starts the terminal game from a position file (``docs/positions.md``)
instead of the set-up questions. A position file that cannot be used (missing, not JSON, an
impossible position) stops the program with exit code 1 and a message naming the file and the
problem, before the screen opens.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from .engine import Position, PositionError, build_game
from .places import default_save_dir

if TYPE_CHECKING:
    from .tui.setup import Started

EXIT_BAD_POSITION, EXIT_USAGE = 1, 2
HELP_FLAGS = ("-h", "--help")


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "simulate":
        from .ai.simulate import main as simulate_main
        return simulate_main(args[1:])
    if args and args[0] == "rules":
        return print_rules()
    from .records import COMMANDS, command
    if args and args[0] in COMMANDS:  # record, stats, replay (which takes a --text of its own)
        return command(args[0], args[1:])
    if args and args[0] == "text":
        return text_mode(args[1:])
    if "--text" in args:
        return text_mode([a for a in args if a != "--text"])
    if any(a == "--position" or a.startswith("--position=") for a in args):
        return play_position(args)
    from .tui.app import main as play_main
    code = play_main(args)
    if any(a in HELP_FLAGS for a in args):
        print("\nWithout the curses screen, line by line: monopoly --text [options] (monopoly text --help).\n")
        print_rules()
    return code


def text_mode(args: list[str]) -> int:
    """The line-by-line game: plain lines out, commands in (``monopoly.text``)."""
    from .text.app import main as text_main
    code = text_main(args)
    if any(a in HELP_FLAGS for a in args):
        print()
        print_rules()
    return code


def print_rules() -> int:
    """``monopoly rules``: every rule option, its values and each edition's default, and the presets."""
    from .rule_options import rules_listing
    print("\n".join(rules_listing()))
    return 0


def read_position(path: str | Path) -> Position:
    """The position in a JSON file, checked by setting a game up in it.

    Raises ``PositionError`` whose message names the file and what is wrong with it.
    """
    where = f"position file {str(path)!r}"
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise PositionError(f"{where}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise PositionError(f"{where}: cannot be read ({exc})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise PositionError(f"{where}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    try:
        position = Position.from_dict(data)
        build_game(position, seed=0)  # refuses an impossible position
    except PositionError as exc:
        raise PositionError(f"{where}: {exc}") from None
    return position


def start_from_position(path: str | Path, seed: int | None = None, computers: str | None = None) -> "Started":
    """The game of ``monopoly --position``: set up from the file, every seat a person except the
    ``computers`` ("Bob:ruthless,Cy": names from the position, each with an optional strategy).

    Dice come from ``seed``, else the position's seed, else a random one. Raises ``PositionError``
    for a bad file and ``ValueError`` for a bad ``computers`` list.
    """
    from .tui.model import UIState, default_tokens
    from .tui.setup import Started, computer_api
    game = build_game(read_position(path), seed=seed)
    players = None
    if computers:
        api = computer_api()
        seats: dict[int, str] = {}
        if api is None:
            raise ValueError("--computers: computer players are not available in this installation")
        names = [p.name.lower() for p in game.view.players()]
        for entry in (e.strip() for e in computers.split(",")):
            name, _, strategy = entry.partition(":")
            strategy = strategy.strip() or api[2]
            if name.strip().lower() not in names:
                raise ValueError(f"--computers: the position has no player {name.strip()!r}")
            if strategy not in api[1]:
                raise ValueError(f"--computers: unknown strategy {strategy!r}; choose from {', '.join(api[1])}")
            seats[names.index(name.strip().lower())] = strategy
        players = api[0](game, seats, seed=None if seed is None else seed + 1)
    return Started(game, players, UIState(tokens=default_tokens(game, game.view.player_count)))


def build_position_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="monopoly",
        description="Play in the terminal from a chosen position (a JSON file, see docs/positions.md).")
    parser.add_argument("--position", metavar="FILE", required=True, help="the position file")
    parser.add_argument("--computers", metavar="LIST",
                        help='players of the position the computer plays, e.g. "Bob:ruthless,Cy" '
                             "(the others are people)")
    parser.add_argument("--seed", type=int, metavar="N", help="seed the dice (default: the position's seed)")
    parser.add_argument("--save-dir", metavar="DIR", default=None,
                        help="folder of the save files (default: as for the game, see docs/playing.md)")
    return parser


def play_position(argv: list[str]) -> int:
    """``monopoly --position FILE``: check the file, then play it on the curses screen."""
    try:
        args = build_position_parser().parse_args(argv)
    except SystemExit as exc:  # --help, or a mistake argparse already explained
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    try:
        started = start_from_position(args.position, args.seed, args.computers)
    except PositionError as exc:
        print(f"monopoly: {exc}", file=sys.stderr)
        return EXIT_BAD_POSITION
    except ValueError as exc:
        print(f"monopoly: {exc}", file=sys.stderr)
        return EXIT_USAGE
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        print("monopoly: the game needs an interactive terminal (try --help)", file=sys.stderr)
        return EXIT_USAGE
    from .tui.app import play
    return play(started, Path(args.save_dir) if args.save_dir else default_save_dir(), None, args.seed)


if __name__ == "__main__":
    sys.exit(main())
