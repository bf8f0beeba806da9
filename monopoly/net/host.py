"""``monopoly host``: serve one game, print how each person joins, and take the host's commands.

With ``--headless`` the terminal only serves: it prints the join commands and takes the host's
commands (``help``). Without it the host also plays the first person seat here: on a terminal on
the game's screen, the front end of ``monopoly join`` connected to this server over the loopback
(``_host_on_screen``; the screen is a layer above, handed in as ``play``), else (``--text``) line
by line through the same text client a remote player uses, where the host's commands start with
``/`` (``/help``).
"""

from __future__ import annotations

import asyncio
import difflib
import shlex
import signal
import ssl
import sys
import threading
from pathlib import Path
from typing import Any, Awaitable, Callable, TextIO

from ..engine import EditionError
from ..session.safe_text import shown
from ..session.words import over_line
from ..storage.places import default_save_dir
from ..storage.starts import Started
from .addresses import join_address
from .link import stdin_lines
from .protocol import DEFAULT_PORT
from .server import HostedGame, Server, tls_context

# The host's commands as the game's screen runs them: a line typed -> (what they said, False when
# the host stops serving).
HostCommands = Callable[[str], "tuple[list[str], bool]"]
# The front end of the host's own seat on the game's screen: (address, port, code, TLS, the join
# lines to keep among its messages, the host's commands) -> the exit code. The curses screen is a
# layer above this one.
SeatFront = Callable[[str, int, str, "ssl.SSLContext | None", list[str], HostCommands], int]
# The host's own seat played line by line (``text.client.run_client``, given by the command line:
# the line client is a front end, a layer above this one): host, port, join code, output, the lines
# typed, TLS, and the host's own commands taken first (``on_line``); the exit code.
LineSeat = Callable[..., Awaitable[int]]

HOST_COMMANDS = ("codes", "who", "cpu", "person", "end", "quit", "help")
# words a host may try for a command, and the command meant
LIKELY = {"computer": "cpu", "bot": "cpu", "ai": "cpu", "human": "person", "back": "person", "code": "codes",
          "join": "codes", "players": "who", "list": "who", "stop": "quit", "exit": "quit", "finish": "end"}
HOST_HELP = [
    "Host commands: codes (the join commands again), who (who is connected), cpu NAME (a computer plays",
    "  NAME's seat while they are away), person NAME (hand it back), end (end the game: the richest wins),",
    "  quit (stop serving; the game is saved and resumes with monopoly host --load).",
]


def resume_line(save_dir: Path, name: str, serving: str = "") -> str:
    """The command that hosts this game again after a stop or a crash; ``serving``: the options
    that serve it as now (the same port, so that the join lines given out work again)."""
    folder = "" if Path(save_dir).resolve() == default_save_dir().resolve() else f" --save-dir {save_dir}"
    return f"monopoly host --load {name}{folder}{serving}"


def serving_options(bind: str | None, port: int, headless: bool, paced: bool, text: bool = False,
                    tls: tuple[str, str] | None = None) -> str:
    """The options of ``monopoly host`` that serve as this run does (``port``: the one listened on;
    ``tls``: the certificate and key files, without which a resumed host would serve plain TCP and
    every ``--tls`` join line would fail)."""
    words = [f"--bind {bind}"] if bind else []
    words += [f"--port {port}"] if port != DEFAULT_PORT else []
    words += ["--headless"] if headless else ["--text"] if text else []
    words += [] if paced else ["--pace fast"]
    words += [f"--tls-cert {shlex.quote(tls[0])} --tls-key {shlex.quote(tls[1])}"] if tls else []
    return "".join(" " + w for w in words)


def join_lines(hosted: HostedGame, address: str, port: int, tls: bool) -> list[str]:
    where = address if port == DEFAULT_PORT else f"{address}:{port}"
    if ":" in address and port != DEFAULT_PORT:
        where = f"[{address}]:{port}"
    extra = " --tls" if tls else ""
    view = hosted.game.view
    lines = [f"  {view.name(seat)}: monopoly join {where} {code}{extra}"
             for seat, code in sorted(hosted.codes.seats.items())]
    lines.append(f"  spectators: monopoly join {where} {hosted.codes.spectator}{extra}")
    return lines


def host_command(hosted: HostedGame, line: str, say: Callable[[str], None], address: str, port: int,
                 tls: bool, prefix: str = "") -> bool:
    """Run one host command; False to stop serving. ``prefix``: what the host types before a
    command (``/`` when they play a seat in the same terminal)."""
    words = line.strip().split()
    if not words:
        return True
    verb, rest = words[0].lower(), " ".join(words[1:]).lower()
    view = hosted.game.view
    seat = next((p for p in range(view.player_count) if view.name(p).lower() == rest), None)
    if verb == "codes":
        for text in join_lines(hosted, address, port, tls):
            say(text)
    elif verb == "who":
        present = hosted.present()
        for p in range(view.player_count):
            state = ("computer" if p in hosted.computer_seats() else "connected" if p in present else "away")
            say(f"  {view.name(p)}: {state}")
        spectators = sum(1 for c in hosted.clients if c.seat is None and not c.closed)
        say(f"  spectators: {spectators}")
    elif verb in ("cpu", "person"):
        if seat is None:
            say(f"No player called {rest!r}")
        else:
            said = hosted.hand_to_computer(seat) if verb == "cpu" else hosted.hand_back(seat)
            who = view.name(seat)
            if said != "done":
                say(f"{who}: {said}")
            else:
                say(f"A computer plays {who} now ({prefix}person {who} hands the seat back)." if verb == "cpu"
                    else f"{who} plays their seat again.")
    elif verb == "end":
        if hosted.game.view.over:
            say("The game is already over.")
            return True
        hosted.end()
        if hosted.on_over is None:  # else it said who won
            say("The game is ended.")
    elif verb == "quit":
        return False
    elif verb in ("help", "?"):
        for text in HOST_HELP:
            say(text)
    else:
        say(unknown_command(verb, prefix))
    return True


def unknown_command(verb: str, prefix: str = "") -> str:
    """One line for a command the host does not have: the nearest one it has, or all of them
    (the whole help is one command away: a mistyped word should not bury the game's lines)."""
    near = LIKELY.get(verb) or next(iter(difflib.get_close_matches(verb, HOST_COMMANDS, n=1, cutoff=0.6)), None)
    guess = f"did you mean {prefix}{near}? " if near else ""
    return (f"Unknown command '{shown(prefix + verb)}': {guess}the commands are "
            f"{', '.join(prefix + c for c in HOST_COMMANDS)}.")


def host_main(started: Started, save_dir: Path, bind: str | None, port: int, headless: bool,
              tls_cert: str | None = None, tls_key: str | None = None, stdin: TextIO | None = None,
              stdout: TextIO | None = None, paced: bool = True, play: SeatFront | None = None,
              line_seat: LineSeat | None = None) -> int:
    """Serve the game until ``quit``, the end of the host's input (headless: never), or a signal.
    ``play``: the front end of the host's own seat (the game's screen, run by the caller's layer);
    without it the host plays line by line, with ``line_seat`` (which the command line gives: the
    line client); with neither the host only serves, as headless."""
    out = stdout or sys.stdout
    source = stdin or sys.stdin

    def say(text: str) -> None:
        print(text, file=out, flush=True)

    tls: ssl.SSLContext | None = None
    files = (tls_cert, tls_key) if tls_cert and tls_key else None  # said again in the resume line
    if tls_cert or tls_key:
        if not (tls_cert and tls_key):
            print("monopoly host: --tls-cert and --tls-key go together", file=sys.stderr)
            return 2
        try:
            tls = tls_context(tls_cert, tls_key)
        except (OSError, ssl.SSLError) as exc:
            print(f"monopoly host: cannot use the TLS certificate: {exc}", file=sys.stderr)
            return 1
    try:
        hosted = HostedGame(started, save_dir, paced=paced)
    except EditionError as exc:  # a board file of one's own that cannot be sent to the players
        print(f"monopoly host: {exc}", file=sys.stderr)
        return 1
    if not hosted.codes.seats:
        print("monopoly host: the game has no person seat to join (only computers play)", file=sys.stderr)
    server = Server([hosted], log=lambda text: say(f"[server] {text}") if headless else None)

    def announce(listened: int) -> str:
        """Say where the game is served and how each person joins it: the address named."""
        shown, where = join_address(bind)
        names = ", ".join(hosted.game.view.name(p) for p in range(hosted.game.view.player_count))
        say(f"Serving the game of {names} on {bind or 'every address'} port {listened}"
            + (" with TLS" if tls else "") + ".")
        for text in where:
            say(text)
        if hosted.resumed:
            say("The codes given before the game stopped still work. New codes, which work too, for a "
                "player who lost theirs (keep them to yourselves):")
        else:
            say("Each person joins with their own line (keep the codes to yourselves):")
        for text in join_lines(hosted, shown, listened, tls is not None):
            say(text)
        save = hosted.session.store.autosave_name if hosted.session.store is not None else "?"
        say(f"The game autosaves after every action as {save}; after a crash resume it with: "
            f"{resume_line(save_dir, save, serving_options(bind, listened, headless, paced, play is None, files))}")
        serving.append(listened)
        return shown

    serving: list[int] = []  # the port listened on, once listening

    async def close() -> None:
        """Stop serving: the game autosaved, every client told, and how to resume it said."""
        hosted.session.autosave()
        await server.close()
        again = serving_options(bind, serving[0] if serving else port, headless, paced, play is None, files)
        say(f"Stopped serving. Resume with: {resume_line(save_dir, hosted.session.store.autosave_name, again)}"
            if hosted.session.store is not None and not hosted.game.view.over else "Stopped serving.")

    if play is not None and not headless and hosted.codes.seats:
        return _host_on_screen(hosted, server, bind, port, tls, announce, close, say, source, play)

    async def main() -> int:
        try:
            listened = await server.start(bind, port, tls)
        except OSError as exc:
            print(f"monopoly host: cannot listen on {bind or 'every address'} port {port}: {exc}", file=sys.stderr)
            return 1
        loop = asyncio.get_running_loop()
        stop = asyncio.Event()
        for signum in (signal.SIGINT, signal.SIGTERM, getattr(signal, "SIGHUP", signal.SIGTERM)):
            try:
                loop.add_signal_handler(signum, stop.set)
            except (NotImplementedError, RuntimeError, ValueError):
                pass
        shown = announce(listened)
        lines = stdin_lines(loop, source)
        if headless:
            say("Type help for the host's commands.")

            def over() -> None:
                say(f"{over_line(hosted.game)} The server goes on serving the final board to whoever joins, "
                    "until you type quit (or stop it with Ctrl-C).")
            hosted.on_over = over
            if hosted.game.view.over:  # a finished game hosted again
                hosted.front.finished()
            waiter = asyncio.ensure_future(stop.wait())
            while True:
                getter = asyncio.ensure_future(lines.get())
                done, _ = await asyncio.wait({getter, waiter}, return_when=asyncio.FIRST_COMPLETED)
                if waiter in done:
                    getter.cancel()
                    break
                line = getter.result()
                if line is None:  # no more input (a service): serve until a signal
                    await waiter
                    break
                if not host_command(hosted, line, say, shown, listened, tls is not None):
                    waiter.cancel()
                    break
            code = 0
        else:
            seat = min(hosted.codes.seats) if hosted.codes.seats else None
            if seat is None or line_seat is None:
                await stop.wait()
                code = 0
            else:
                say(f"You play {hosted.game.view.name(seat)} here; host commands start with / (/help).")

                def host_line(line: str) -> bool:
                    if line.startswith("/"):
                        if not host_command(hosted, line[1:], say, shown, listened, tls is not None, "/"):
                            stop.set()
                        return True
                    return False

                client = asyncio.ensure_future(line_seat(own_address(bind), listened, hosted.codes.seats[seat],
                                                          out, lines, None if tls is None else _trusting(),
                                                          on_line=host_line))
                waiter = asyncio.ensure_future(stop.wait())
                await asyncio.wait({client, waiter}, return_when=asyncio.FIRST_COMPLETED)
                if client.done():
                    say("You left your seat: as the host, that stops the server for everyone too.")
                client.cancel()
                waiter.cancel()
                code = 0
        await close()
        return code

    return asyncio.run(main())


def own_address(bind: str | None) -> str:
    """Where the host's own seat connects: its server on this machine."""
    return "127.0.0.1" if bind in (None, "", "0.0.0.0", "::") else bind


def _host_on_screen(hosted: HostedGame, server: Server, bind: str | None, port: int, tls: ssl.SSLContext | None,
                    announce: Callable[[int], str], close: Callable[[], Awaitable[None]], say: Callable[[str], None],
                    source: TextIO, play: SeatFront) -> int:
    """The host plays its seat on the game's screen: the server's event loop runs in a thread of
    its own, and the screen, in this (the main) thread, joins it over the loopback as ``monopoly
    join`` would, so the host's seat is a front end like any other. The stop signals are the
    screen's (a signal handler can only be set in the main thread); leaving the seat stops the
    server, which autosaves the game."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, name="monopoly-host-server", daemon=True)
    thread.start()

    def on_loop(coroutine: Any, timeout: float | None = None) -> Any:
        return asyncio.run_coroutine_threadsafe(coroutine, loop).result(timeout)

    try:
        try:
            listened = on_loop(server.start(bind, port, tls))
        except OSError as exc:
            print(f"monopoly host: cannot listen on {bind or 'every address'} port {port}: {exc}", file=sys.stderr)
            return 1
        shown = announce(listened)
        seat = min(hosted.codes.seats)
        say(f"You play {hosted.game.view.name(seat)} on the game's screen. Give each person their line, then "
            "press Enter (the lines are kept among the screen's messages: L shows them; S there takes the host's "
            "commands).")
        try:
            source.readline()
        except (KeyboardInterrupt, OSError, ValueError):
            say("Interrupted.")
            code = 130
        else:
            intro = ["Join lines:"] + [line.strip() for line in join_lines(hosted, shown, listened, tls is not None)]

            def commands(line: str) -> tuple[list[str], bool]:
                """A host command typed on the screen, run on the server's loop (its thread)."""
                said: list[str] = []

                async def run() -> bool:
                    return host_command(hosted, line, said.append, shown, listened, tls is not None)
                going = bool(on_loop(run(), 30))
                return said, going
            code = play(own_address(bind), listened, hosted.codes.seats[seat], None if tls is None else _trusting(),
                        intro, commands)
        on_loop(close(), 30)
        return code
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(5)
        loop.close()


def _trusting() -> ssl.SSLContext:
    """The host's own client talks to its own server on this machine: it need not check the certificate."""
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context
