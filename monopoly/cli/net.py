"""``monopoly host`` and ``monopoly join``: a game served over the network, and a seat at it.

``host`` takes the shared game options (``cli/game.py``) and where to listen; ``join`` the
server's address and a join code. Both are described in ``docs/playing.md``; the messages between
them in ``docs/protocol.md``.
"""

from __future__ import annotations

import argparse

from .terminal import terminal_problem
from .game import EXIT_USAGE, Parser, UsageProblem, game_parser, parse, refused, request, wrapped


def host_command(argv: list[str]) -> int:
    """``monopoly host``: serve one game; people join it from their own terminals."""
    from ..net.protocol import DEFAULT_PORT
    parser = game_parser(
        "monopoly host", "Serve a game over the network: it prints the command that joins each person's "
        "seat (with a code for that seat only) and a spectator code. Without --headless you play the first "
        "person's seat here.",
        ['monopoly host --players "Ann,Bob,cpu"', "monopoly host --players Ann,Bob --headless --bind 127.0.0.1",
         "monopoly host --load mygame --tls-cert c.pem --tls-key k.pem"])
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, metavar="N",
                        help=f"the TCP port (default {DEFAULT_PORT}; 0 picks a free one)")
    parser.add_argument("--bind", default=None, metavar="ADDRESS",
                        help="the address to listen on (default all; 127.0.0.1: this machine)")
    parser.add_argument("--headless", action="store_true",
                        help="only serve: this terminal takes the host's commands")
    parser.add_argument("--text", action="store_true",
                        help="play your seat line by line, with the host's commands (/help)")
    parser.add_argument("--pace", choices=("normal", "fast"), default="normal",
                        help="normal (default): computers play at a pace people can follow; fast: at once")
    parser.add_argument("--tls-cert", metavar="PEM", help="serve over TLS with this certificate chain")
    parser.add_argument("--tls-key", metavar="PEM", help="the certificate's private key")
    args = parse(parser, argv)
    if isinstance(args, int):
        return args
    if not 0 <= args.port < 65536:
        return refused(UsageProblem("--port: a port is 0 to 65535"))
    if not (args.players or args.load or args.position):
        return refused(UsageProblem("say who plays: --players \"Ann,Bob,cpu\", --load NAME or --position FILE"))
    try:
        wanted = request(args)
    except UsageProblem as problem:
        return refused(problem)
    assert wanted.started is not None
    import sys
    from ..net.host import SeatFront, host_main
    from ..net.server import collect_for_serving
    play: SeatFront | None = None
    if not (args.headless or args.text) and sys.stdin.isatty() and sys.stdout.isatty():
        cannot_draw = terminal_problem("monopoly host --text")
        if cannot_draw is not None:
            return refused(UsageProblem(cannot_draw))
        from ..tui.remote import seat_screen
        play = seat_screen
    collect_for_serving()  # the game is loaded: the collector set for a server (why: its docstring)
    from ..text.client import run_client
    return host_main(wanted.started, wanted.save_dir, args.bind, args.port, args.headless, args.tls_cert,
                     args.tls_key, paced=args.pace == "normal", play=play, line_seat=run_client)


def join_command(argv: list[str]) -> int:
    """``monopoly join HOST[:PORT] CODE``: play the seat the code joins (or watch, with a spectator code)."""
    parser = Parser(
        prog="monopoly join", usage="monopoly join HOST[:PORT] CODE [options]",
        description=wrapped("Join a game that monopoly host serves: the seat of the join code, or a spectator's "
                            "place with the spectator code: on a curses screen, or line by line with --text. "
                            "Type help in the game."),
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="examples:\n  monopoly join 192.168.1.20 Xb3k... --text\n  monopoly join localhost:7700 Xb3k... --text")
    parser.add_argument("address", metavar="HOST[:PORT]", help="the server (default port 7627)")
    parser.add_argument("code", metavar="CODE", help="the join code the host gave you")
    parser.add_argument("--text", action="store_true",
                        help="line by line (also without a terminal); by default a curses screen")
    parser.add_argument("--tls", action="store_true", help="the server uses TLS (monopoly host --tls-cert)")
    parser.add_argument("--ca", metavar="PEM", help="with --tls: trust this certificate authority (or self-signed "
                        "certificate) instead of the system's")
    args = parse(parser, positionals_last(argv, flags=("-h", "--help", "--text", "--tls"), valued=("--ca",)))
    if isinstance(args, int):
        return args
    import sys
    if not args.text and sys.stdin.isatty() and sys.stdout.isatty():
        problem = terminal_problem("monopoly join --text")
        if problem is not None:
            return refused(UsageProblem(problem))
        from ..tui.remote import join_screen
        return join_screen(args.address, args.code, args.tls, args.ca)
    from ..text.client import join_main
    return join_main(args.address, args.code, args.tls, args.ca)


def positionals_last(argv: list[str], flags: tuple[str, ...], valued: tuple[str, ...]) -> list[str]:
    """The options first, then ``--`` and the rest: a join code is URL-safe base64 and may begin
    with ``-``, which argparse would otherwise take for an option it does not know."""
    options: list[str] = []
    rest: list[str] = []
    words = iter(argv)
    for word in words:
        if word in flags or any(word.startswith(v + "=") for v in valued):
            options.append(word)
        elif word in valued:
            options += [word, next(words, "")]
        elif word == "--":
            rest += list(words)
        else:
            rest.append(word)
    return options + ["--"] + rest


__all__ = ["EXIT_USAGE", "host_command", "join_command", "positionals_last"]
