"""The ``monopoly`` command: the one home of every way in (``pyproject.toml``'s script).

``COMMANDS`` is the table of its commands, one record each with the line ``monopoly --help``
shows and the function that runs it. Without a command the game opens on the curses screen
(``monopoly play``); options written before a command go with it (``monopoly --save-dir DIR
text``). The games take the same options (``cli/game.py``); the curses screen itself starts in
``tui/app.py``. A file that cannot be used (a save, a position) stops the program with exit code 1
and a message naming it, before any screen opens; a mistake in the command gives exit code 2.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import textwrap
from dataclasses import dataclass
from typing import Callable, Sequence

from .. import __version__
from ..session.safe_text import shown
from .game import EXIT_USAGE, GameRequest, Parser, UsageProblem, game_options, game_parser, parse, refused, request
from .logs import set_up_log
from .terminal import terminal_problem

HELP_FLAGS = ("-h", "--help")
EXIT_INTERRUPTED = 130
EXIT_OUTPUT = 1  # standard output could not be written (a full disk, a closed stream)
EXIT_BUG = 1


@dataclass(frozen=True)
class Command:
    """One command: its name, the line the overview shows, and what runs it (with the words after it)."""

    name: str
    summary: str
    run: Callable[[list[str]], int]
    needs_input: bool = True  # a game, or a replay: standard input must be open


def _play(argv: list[str]) -> int:
    return curses_game(argv)


def _text(argv: list[str]) -> int:
    return text_game(argv)


def _host(argv: list[str]) -> int:
    from .net import host_command
    return host_command(argv)


def _join(argv: list[str]) -> int:
    from .net import join_command
    return join_command(argv)


def _simulate(argv: list[str]) -> int:
    from .simulate import main as simulate_main
    return simulate_main(argv)


def _rules(argv: list[str]) -> int:
    if argv:
        parser = Parser(prog="monopoly rules", description="Every rule option with its values "
                                         "and each board's default, then the named presets.")
        args = parse(parser, argv)
        if isinstance(args, int):
            return args
    return print_rules()


def _records(name: str) -> Callable[[list[str]], int]:
    def run(argv: list[str]) -> int:
        from .records import command
        return command(name, argv)
    return run


def _help(argv: list[str]) -> int:
    from .guide import help_command
    return help_command(argv)


COMMANDS: dict[str, Command] = {c.name: c for c in (
    Command("play", "the game on the curses board (what monopoly alone does)", _play),
    Command("text", "the game line by line: any terminal, a screen reader or a script", _text),
    Command("host", "serve a game over the network; people join it from their terminals", _host),
    Command("join", "take a seat at a game that monopoly host serves", _join),
    Command("simulate", "computer players against each other, without a screen", _simulate, False),
    Command("rules", "every rule option, its values and each board's default", _rules, False),
    Command("record", "a saved game turn by turn (or its record as JSON)", _records("record"), False),
    Command("replay", "step through a saved game; continue it from any step", _records("replay")),
    Command("stats", "a saved game in numbers: net worth, rent, money by reason", _records("stats"), False),
    Command("analyse", "chances of winning over a saved game, and its turning points",
            _records("analyse"), False),
    Command("help", "the player's guide and the other pages (monopoly help playing)", _help, False),
)}

OVERVIEW = ("Monopoly in a terminal, in the spirit of the 1980s computer editions: two to eight players at "
            "one keyboard or over the network, any mix of people and computer players. Without a command "
            "monopoly opens the set-up, which starts a new game or resumes a saved one.")

EXAMPLES = (
    ('monopoly --players "Ann,Bob,cpu:normal"', "two people and a computer"),
    ("monopoly --load mygame", "resume a saved game"),
    ("monopoly --position example --computers Bob", "start from a position"),
    ("monopoly text --players Ann,cpu --seed 7", "line by line, a seeded game"),
    ("monopoly record mygame | less", "a saved game turn by turn"),
)


def overview() -> str:
    """``monopoly --help``: what the program is, its commands one a line, and a few examples."""
    width = min(100, max(40, shutil.get_terminal_size().columns - 2))
    lines = ["usage: monopoly [COMMAND] [options]", ""]
    lines += textwrap.wrap(OVERVIEW, width) + ["", "commands:"]
    lines += [f"  {c.name:<9} {c.summary}" for c in COMMANDS.values()]
    lines += ["", "Each command has its own --help (monopoly play --help lists the game's options;",
              "monopoly rules the rule options). monopoly --version: the version.", "", "examples:"]
    lines += [f"  {command:<46} {what}" for command, what in EXAMPLES]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; whatever the environment (a closed or full standard stream, an encoding that
    cannot show a name), one line on standard error and a non-zero exit, never a traceback. A reader
    that goes away (``monopoly rules | head``) is no error: the program stops quietly with exit 0."""
    if sys.stdout is None:  # started with the stream closed (``>&-``)
        _complain("standard output is closed")
        return EXIT_USAGE
    _tolerant_output()
    log_file = set_up_log() if argv is None else None  # the real program; a test's call keeps its own logging
    try:
        code = _main(argv)
        sys.stdout.flush()
        return code
    except BrokenPipeError:  # ``| head`` read what it wanted
        _silence_stdout()
        return 0
    except OSError as exc:  # standard output on a full device, or gone
        _complain(f"cannot write the output ({exc.strerror or exc})")
        _silence_stdout()
        return EXIT_OUTPUT
    except KeyboardInterrupt:  # Ctrl-C before a game began (each game saves itself on its own Ctrl-C)
        _complain("interrupted")
        return EXIT_INTERRUPTED
    except Exception as exc:  # a bug: in words here, with its traceback in the log for a bug report
        if log_file is None:
            raise
        from ..session.bug_log import logged
        _complain(logged(f"an unexpected problem stopped the program ({exc.__class__.__name__}: {exc})", exc)
                  + " (please send it with a bug report)")
        return EXIT_BUG


def _tolerant_output() -> None:
    """Output that shows a character its encoding lacks (an ASCII-only terminal, a name with "é") as
    "?", rather than failing."""
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None and stream.errors == "strict":
                stream.reconfigure(errors="replace")  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            pass


def _complain(message: str) -> None:
    try:
        print(f"monopoly: {message}", file=sys.stderr, flush=True)
    except (OSError, ValueError, AttributeError):
        pass


def _silence_stdout() -> None:
    """Point standard output at the null device, so the interpreter's last flush finds nothing to fail on."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def command_first(args: list[str]) -> list[str]:
    """``args`` with the command word first: ``--save-dir DIR text --players Ann,cpu`` becomes
    ``text --save-dir DIR --players Ann,cpu``. Options before the command are the game options
    (``cli/game.py``); those that take a value are stepped over with it, so a save named ``text``
    (``--load text``) stays a save."""
    valued = [option for action in game_options()._actions if action.nargs != 0 for option in action.option_strings]
    i = 0
    while i < len(args):
        word = args[i]
        if word == "--":
            return args
        if word.startswith("-"):
            named = word.split("=", 1)[0]
            takes = named in valued or ("=" not in word and len([o for o in valued if o.startswith(named)]) == 1
                                        and named.startswith("--") and named not in HELP_FLAGS)
            i += 2 if takes and "=" not in word else 1
            continue
        if word in COMMANDS and i > 0:
            return [word, *args[:i], *args[i + 1:]]
        return args
    return args


def _main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    from ..engine import EditionError
    from ..storage.boards import edition_arguments, load_user_boards
    load_user_boards()
    try:
        args = edition_arguments(args)
    except EditionError as exc:
        print(f"monopoly: --edition: {exc}", file=sys.stderr)
        return EXIT_USAGE
    args = command_first(args)
    first = args[0] if args else ""
    if first in HELP_FLAGS:
        print(overview())
        return 0
    if args == ["--version"]:
        print(f"monopoly {__version__}")
        return 0
    command = COMMANDS.get(first)
    if command is None and first and not first.startswith("-"):
        _complain(f"no command {shown(first)!r}: the commands are {', '.join(COMMANDS)} (monopoly --help)")
        return EXIT_USAGE
    if command is None:  # options only: the game on the curses screen (``--text``: line by line)
        command, args = (COMMANDS["text"], [a for a in args if a != "--text"]) if "--text" in args \
            else (COMMANDS["play"], args)
    else:
        args = args[1:]
    if command.needs_input and sys.stdin is None and not any(a in HELP_FLAGS for a in args):  # ``<&-``
        _complain("standard input is closed")
        return EXIT_USAGE
    return command.run(args)


def curses_game(argv: list[str]) -> int:
    """``monopoly [play]``: the game on the curses screen."""
    parser = game_parser(
        "monopoly play", (
            "Play Monopoly on a curses board: people at one keyboard and computer players. Without options "
            "the set-up asks its questions (or offers to resume a saved game). In the game, ? lists the "
            "keys; monopoly help playing is the guide."),
        ['monopoly --players "Ann,Bob,cpu:normal"', "monopoly --load mygame",
         "monopoly --position example --computers Bob",
         "monopoly --preset text_game --rule mortgage_interest=10"])
    asked = wanted_game(parser, argv)
    if isinstance(asked, int):
        return asked
    _, wanted = asked
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return refused(UsageProblem("the game needs an interactive terminal (try --help, or monopoly text)"))
    problem = terminal_problem()
    if problem is not None:
        return refused(UsageProblem(problem))
    from ..tui.app import play, tidy_save_dir
    tidy_save_dir(wanted.save_dir)
    return play(wanted.started, wanted.save_dir, wanted.edition, wanted.seed, wanted.rules)


def text_game(argv: list[str]) -> int:
    """``monopoly text``: the game line by line (any terminal, a screen reader, or a script)."""
    parser = game_parser(
        "monopoly text", (
            "Play Monopoly line by line: plain text out, one command a line in (any terminal, a screen "
            "reader, or a script). Without options the set-up asks its questions. In the game, help lists "
            "the commands; monopoly help playing is the guide."),
        ["monopoly text --players Ann,cpu", "monopoly text --seed 7 --players Ann,Bob < moves.txt",
         "monopoly text --load mygame"])
    parser.add_argument("--colour", "--color", action="store_true",
                        help="colour the messages (only on a real terminal)")
    asked = wanted_game(parser, argv)
    if isinstance(asked, int):
        return asked
    args, wanted = asked
    from ..text.app import main as text_main
    return text_main(wanted.started, wanted.save_dir, wanted.edition, wanted.seed, wanted.rules, args.colour)


def wanted_game(parser: argparse.ArgumentParser, argv: list[str]) -> tuple[argparse.Namespace, GameRequest] | int:
    """The options and the game they ask for, or the exit code: after ``--help``, ``--version``, or a
    mistake said on standard error."""
    args = parse(parser, argv)
    if isinstance(args, int):
        return args
    try:
        return args, request(args)
    except UsageProblem as problem:
        return refused(problem)


def print_rules() -> int:
    """``monopoly rules``: every rule option, its values and each edition's default, and the presets."""
    from ..session.rule_options import rules_listing
    print("\n".join(rules_listing()))
    return 0


__all__ = ["COMMANDS", "EXIT_USAGE", "command_first", "main", "overview"]


if __name__ == "__main__":
    sys.exit(main())
