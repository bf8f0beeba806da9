"""The ``monopoly`` command: play in the terminal, or ``monopoly simulate`` computer-only games."""

from __future__ import annotations

import sys
from typing import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "simulate":
        from .ai.simulate import main as simulate_main
        return simulate_main(args[1:])
    from .tui.app import main as play_main
    return play_main(args)


if __name__ == "__main__":
    sys.exit(main())
