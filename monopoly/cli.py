"""The ``monopoly`` command: play on the curses screen, line by line (``--text`` or ``monopoly text``),
list the rule options (``monopoly rules``), or play computer-only games (``monopoly simulate``)."""

from __future__ import annotations

import sys
from typing import Sequence

HELP_FLAGS = ("-h", "--help")


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "simulate":
        from .ai.simulate import main as simulate_main
        return simulate_main(args[1:])
    if args and args[0] == "rules":
        return print_rules()
    if args and args[0] == "text":
        return text_mode(args[1:])
    if "--text" in args:
        return text_mode([a for a in args if a != "--text"])
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


if __name__ == "__main__":
    sys.exit(main())
