"""The ``monopoly`` command, one parser for every way in:

- ``monopoly [play] [options]``: the game on the curses screen;
- ``monopoly text [options]`` (or ``monopoly --text``): the game line by line;
- ``monopoly simulate``: computer-only games; ``monopoly rules``: every rule option;
- ``monopoly record | stats | replay SAVE``: a game turn by turn, in numbers, or stepped through;
- ``monopoly host [options]``: serve a game over the network; ``monopoly join HOST[:PORT] CODE``: play
  a seat of it (``cli/net.py``, ``docs/protocol.md``).

The two games take the same options (``cli/game.py``). A file that cannot be used (a save, a position)
stops the program with exit code 1 and a message naming it, before any screen opens; a mistake in the
command gives exit code 2.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Sequence

from ..session.safe_text import shown
from .game import EXIT_USAGE, GameRequest, UsageProblem, game_parser, parse, refused, request

HELP_FLAGS = ("-h", "--help")
COMMANDS = ("play", "text", "simulate", "rules", "record", "stats", "replay", "host", "join")


EXIT_INTERRUPTED = 130
EXIT_OUTPUT = 1  # standard output could not be written (a full disk, a closed stream)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; whatever the environment (a closed or full standard stream, an encoding that
    cannot show a name), one line on standard error and a non-zero exit, never a traceback."""
    if sys.stdout is None:  # started with the stream closed (``>&-``)
        _complain("standard output is closed")
        return EXIT_USAGE
    _tolerant_output()
    try:
        code = _main(argv)
        sys.stdout.flush()
        return code
    except OSError as exc:  # standard output on a full device, or gone
        _complain(f"cannot write the output ({exc.strerror or exc})")
        _silence_stdout()
        return EXIT_OUTPUT
    except KeyboardInterrupt:  # Ctrl-C before a game began (each game saves itself on its own Ctrl-C)
        _complain("interrupted")
        return EXIT_INTERRUPTED


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
    first = args[0] if args else ""
    if first == "simulate":
        from .simulate import main as simulate_main
        return simulate_main(args[1:])
    if first == "rules":
        return print_rules()
    if first in ("record", "stats", "replay"):
        from .records import command
        return command(first, args[1:])
    if sys.stdin is None and first not in ("simulate", "rules", "record", "stats"):  # ``<&-``: nothing to play with
        _complain("standard input is closed")
        return EXIT_USAGE
    if first == "text":
        return text_game(args[1:])
    if first in ("host", "join"):
        from .net import host_command, join_command
        return host_command(args[1:]) if first == "host" else join_command(args[1:])
    if "--text" in args:
        return text_game([a for a in args if a != "--text"])
    return curses_game(args[1:] if first == "play" else args)


def curses_game(argv: list[str]) -> int:
    """``monopoly [play]``: the game on the curses screen."""
    parser = game_parser(
        "monopoly", "Play Monopoly in the terminal: people at one keyboard and computer players, in the "
        "spirit of the 1980s computer editions. Without options the set-up asks its questions (or offers "
        "to resume a saved game). Other commands: monopoly text | simulate | rules | record | stats | "
        "replay, each with --help. In the game, ? lists the keys (docs/playing.md).",
        ['monopoly --players "Ann,Bob,cpu:normal"', "monopoly --load mygame",
         "monopoly --position docs/examples/position.json --computers Bob",
         "monopoly --preset text_game --rule mortgage_interest=10", "monopoly text --players Ann,cpu"])
    asked = wanted_game(parser, argv, "\nWithout the curses screen, line by line: monopoly text [options] "
                                      "(monopoly text --help).\n")
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


def terminal_problem() -> str | None:
    """Why curses cannot drive this terminal (no TERM, or one it does not know), or None."""
    term = os.environ.get("TERM", "")
    try:
        import curses
    except ImportError:
        return "curses is not available in this Python (play line by line: monopoly text)"
    try:
        curses.setupterm(term or None, sys.stdout.fileno())
    except (curses.error, OSError, ValueError):
        shown_term = f"TERM={shown(term)}" if term else "TERM is not set"
        return (f"the curses screen cannot drive this terminal ({shown_term}); set TERM (e.g. TERM=xterm-256color) "
                "or play line by line: monopoly text")
    return None


def text_game(argv: list[str]) -> int:
    """``monopoly text``: the game line by line (any terminal, a screen reader, or a script)."""
    parser = game_parser(
        "monopoly text", "Play Monopoly line by line: plain text out, one command a line in (any terminal, "
        "a screen reader, or a script). Without options the set-up asks its questions. In the game, "
        "help lists the commands (docs/playing.md).",
        ["monopoly text --players Ann,cpu", "monopoly text --seed 7 --players Ann,Bob < moves.txt",
         "monopoly --text --load mygame"])
    parser.add_argument("--colour", "--color", action="store_true",
                        help="colour the messages (only on a real terminal)")
    asked = wanted_game(parser, argv, "")
    if isinstance(asked, int):
        return asked
    args, wanted = asked
    from ..text.app import main as text_main
    return text_main(wanted.started, wanted.save_dir, wanted.edition, wanted.seed, wanted.rules, args.colour)


def wanted_game(parser: argparse.ArgumentParser, argv: list[str],
                help_lead: str) -> tuple[argparse.Namespace, GameRequest] | int:
    """The options and the game they ask for, or the exit code: after ``--help`` (which ends with
    ``help_lead`` and the rule options), ``--version``, or a mistake said on standard error."""
    args = parse(parser, argv)
    if isinstance(args, int):
        if any(a in HELP_FLAGS for a in argv):
            print(help_lead)
            print_rules()
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


__all__ = ["COMMANDS", "EXIT_USAGE", "main"]


if __name__ == "__main__":
    sys.exit(main())
