"""The client's end of the connection to ``monopoly host``: the address parsed, TLS, the link that
sends and receives one message a line (each update applied to the copy it keeps), the words for a
host that cannot be reached, and the exit codes of ``monopoly join``.

Every client uses it: the line client (``text/client.py``) and a seat on the local game's own
screen (``net/remote.py``, ``tui/remote.py``); the host's own seat reads its lines with ``stdin_lines``.
"""

from __future__ import annotations

import asyncio
import ssl
import threading
from typing import Any, TextIO

from .delta import Follower, OutOfStep
from .protocol import DEFAULT_PORT, MAX_LINE, SERVER_TYPES, ProtocolError, decode, encode, message

CONNECT_TIMEOUT = 10.0
EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_DROPPED = 0, 1, 2, 3


class ServerGarbage(Exception):
    """The server sent what is not this protocol."""


class Dropped(Exception):
    """The connection ended."""


def parse_address(text: str) -> tuple[str, int]:
    """``HOST``, ``HOST:PORT``, ``[V6]:PORT``: (host, port); ``ValueError`` when it is not one."""
    host, port = text, DEFAULT_PORT
    if text.startswith("["):
        end = text.find("]")
        if end < 0:
            raise ValueError(f"{text!r}: an IPv6 address in brackets lacks its ]")
        host, rest = text[1:end], text[end + 1:]
        if rest:
            if not rest.startswith(":"):
                raise ValueError(f"{text!r}: expected :PORT after the address")
            port = _port(rest[1:])
    elif text.count(":") == 1:
        host, _, p = text.partition(":")
        port = _port(p)
    if not host:
        raise ValueError(f"{text!r}: no host")
    return host, port


def _port(text: str) -> int:
    if not text.isdigit() or not 0 < int(text) < 65536:
        raise ValueError(f"{text!r} is not a port (1 to 65535)")
    return int(text)


class Link:
    """A connection to a server: one message a line each way. What it receives is whole: each
    update's changes applied to the copy it keeps (``delta.Follower``), and a ``sync`` asked for
    when an update is missing, so a client reads every update as holding the whole game."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self.follower = Follower()

    @classmethod
    async def open(cls, host: str, port: int, tls: ssl.SSLContext | None = None,
                   timeout: float = CONNECT_TIMEOUT) -> "Link":
        reader, writer = await asyncio.wait_for(
            asyncio.open_connection(host, port, ssl=tls, limit=MAX_LINE,
                                    server_hostname=host if tls is not None else None), timeout)
        return cls(reader, writer)

    def send(self, data: dict[str, Any]) -> None:
        self.writer.write(encode(data))

    async def receive(self) -> dict[str, Any]:
        """The next message, whole; ``Dropped`` at the end, ``ServerGarbage`` for what is not the
        protocol."""
        while True:
            try:
                line = await self.reader.readline()
            except ValueError:
                raise ServerGarbage(f"a line longer than {MAX_LINE} bytes") from None
            except (ConnectionError, OSError) as exc:
                raise Dropped(str(exc)) from None
            if not line:
                raise Dropped("the server closed the connection")
            try:
                whole = self.follower.take(decode(line, SERVER_TYPES))
            except ProtocolError as exc:
                raise ServerGarbage(str(exc)) from None
            except OutOfStep:
                self.send(message("sync"))
                continue
            if whole is not None:
                return whole

    def close(self) -> None:
        try:
            self.writer.close()
        except Exception:  # closing what is already gone
            pass


def client_tls(ca: str | None) -> ssl.SSLContext:
    """TLS that checks the server's certificate (against ``ca`` if given, else the system's)."""
    return ssl.create_default_context(cafile=ca)


def unreachable(host: str, port: int, exc: BaseException, tls: bool, ca: bool = True) -> str:
    """Why the connection could not be made, with what to try: a certificate that cannot be checked
    is most often the host's own (self-signed), which ``--ca`` names; a TLS handshake that meets
    plain TCP means the host does not serve over TLS."""
    words = f"cannot reach {host}:{port} ({exc or exc.__class__.__name__})"
    if isinstance(exc, ssl.SSLCertVerificationError):
        hint = ("give the host's certificate file with --ca FILE (a self-signed certificate is checked "
                "against it)" if not ca else "the certificate given with --ca is not the host's")
        return f"{words}: the host's certificate could not be checked; {hint}"
    if tls and isinstance(exc, ssl.SSLError):
        return f"{words}: the host does not seem to serve over TLS; join without --tls"
    return words


def ended_unanswered(tls: bool) -> str:
    """Why a connection the host closed before answering the hello may have ended: most often a
    host that serves over TLS, joined without ``--tls`` (the host hangs up on the plain text)."""
    if tls:
        return "the host closed the connection before answering"
    return ("the host closed the connection before answering: if it serves over TLS (its join lines "
            "end in --tls), join with --tls (and --ca FILE for a certificate of its own)")


def stdin_lines(loop: asyncio.AbstractEventLoop, source: TextIO) -> "asyncio.Queue[str | None]":
    """A queue of the lines of ``source``, read by a daemon thread (None at its end)."""
    queue: asyncio.Queue[str | None] = asyncio.Queue()

    def read() -> None:
        try:
            for line in source:
                loop.call_soon_threadsafe(queue.put_nowait, line)
        except (OSError, ValueError):
            pass
        try:
            loop.call_soon_threadsafe(queue.put_nowait, None)
        except RuntimeError:  # the loop has closed
            pass

    threading.Thread(target=read, daemon=True, name="monopoly-join-input").start()
    return queue
