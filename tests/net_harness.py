"""Helpers of the network tests: a hosted game on 127.0.0.1, raw protocol clients and a bot policy."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from monopoly.net.bots import PREFERENCE, choose
from monopoly.net.link import Link
from monopoly.net.protocol import VERSION, message
from monopoly.net.server import HostedGame, Server
from monopoly.session.rule_options import chosen_rules
from monopoly.storage.starts import Started, start_from_command_line

def started(save_dir: Path, players: str = "Ann,Bob,cpu", seed: int = 5, max_turns: int = 60,
            edition: str = "us") -> Started:
    rules = chosen_rules(edition, [f"max_turns={max_turns}"] if max_turns else [], None)
    game, _ = start_from_command_line(None, players, edition, seed, rules, save_dir)
    assert game is not None
    return game


async def serve(save_dir: Path, **kwargs: Any) -> tuple[Server, HostedGame, int]:
    hosted = HostedGame(started(save_dir, **kwargs), save_dir)
    server = Server([hosted])
    server.bad_code_delay = 0.0
    port = await server.start("127.0.0.1", 0)
    return server, hosted, port


class Raw:
    """A protocol client without a front end: send messages, wait for the one wanted."""

    def __init__(self, link: Link) -> None:
        self.link = link
        self.last: dict[str, Any] | None = None  # the last welcome or update
        self.seen: list[dict[str, Any]] = []

    @classmethod
    async def open(cls, port: int, code: str | None = None) -> "Raw":
        raw = cls(await Link.open("127.0.0.1", port))
        if code is not None:
            raw.link.send(message("hello", code=code))
        return raw

    def send(self, kind: str, **fields: Any) -> None:
        self.link.send(message(kind, **fields))

    def send_raw(self, data: bytes) -> None:
        self.link.writer.write(data)

    async def next(self, timeout: float = 5.0) -> dict[str, Any]:
        data = await asyncio.wait_for(self.link.receive(), timeout)
        self.seen.append(data)
        if data["type"] in ("welcome", "update"):
            self.last = data
        return data

    async def until(self, kind: str, timeout: float = 5.0) -> dict[str, Any]:
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            data = await self.next(max(0.01, end - loop.time()))
            if data["type"] == kind:
                return data

    async def close(self) -> None:
        self.link.close()
        await asyncio.sleep(0)


async def play_bot(raw: Raw, stop_after: float = 120.0) -> int:
    """Play with ``choose`` until the game is over: the number of actions sent."""
    sent = 0
    loop = asyncio.get_running_loop()
    end = loop.time() + stop_after
    if raw.last is not None:  # what was seen before: act on it first
        move = choose(raw.last)
        if move is not None:
            raw.link.send(move)
            sent += 1
    while True:
        data = await raw.next(max(0.01, end - loop.time()))
        if data["type"] not in ("welcome", "update", "refused"):
            continue
        last = raw.last
        assert last is not None
        if last["game"]["over"]:
            return sent
        if data["type"] == "refused":
            await asyncio.sleep(0.02)
        move = choose(last)
        if move is not None:
            raw.link.send(move)
            sent += 1


def dumps(data: Any) -> str:
    return json.dumps(data, sort_keys=True)


__all__ = ["PREFERENCE", "Raw", "VERSION", "choose", "dumps", "play_bot", "serve", "started"]


class ServerThread:
    """A hosted game served by a loop in a thread, for tests that drive a client synchronously
    (a program in a pseudo-terminal)."""

    def __init__(self, save_dir: Path, **kwargs: Any) -> None:
        import threading
        self.loop = asyncio.new_event_loop()
        ready = threading.Event()
        self.failed: BaseException | None = None

        def main() -> None:
            asyncio.set_event_loop(self.loop)
            try:
                self.server, self.hosted, self.port = self.loop.run_until_complete(serve(save_dir, **kwargs))
            except BaseException as exc:  # told to the test, which fails with it
                self.failed = exc
                ready.set()
                return
            ready.set()
            self.loop.run_forever()

        self.thread = threading.Thread(target=main, daemon=True)
        self.thread.start()
        ready.wait(20)
        if self.failed is not None:
            raise self.failed

    def call(self, fn: Any) -> Any:
        """Run ``fn()`` on the server's loop and return its result."""
        import concurrent.futures
        future: concurrent.futures.Future[Any] = concurrent.futures.Future()

        def run() -> None:
            try:
                future.set_result(fn())
            except BaseException as exc:
                future.set_exception(exc)
        self.loop.call_soon_threadsafe(run)
        return future.result(10)

    def stop(self) -> None:
        asyncio.run_coroutine_threadsafe(self.server.close(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
