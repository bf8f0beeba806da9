"""``monopoly join HOST[:PORT] CODE --text``: a seat (or a spectator's place) at a hosted game, line by line
(without ``--text`` the seat is played on the local game's own screen: ``net/remote.py``, ``tui/remote.py``).

The client renders what the server sends and parses what the person types; it works out no rule.
Every event arrives as the line the local front ends show, and is printed as it comes. When this
seat may act the prompt lists its commands (the server's words for its legal actions): type one,
its number, ``bid N``, ``rent``, ``go`` (let a throw go without claiming), ``trade ...``, ``who``,
``help`` or ``quit``. A server that sends something that is not the protocol is named and left:
the client exits with code 1.

A front end, so it lives with the line mode; the connection itself is the network's (``net/link.py``).
"""

from __future__ import annotations

import asyncio
import json
import ssl
import sys
from dataclasses import dataclass
from typing import Any, Callable, TextIO

from ..net.link import (EXIT_DROPPED, EXIT_FAILED, EXIT_OK, EXIT_USAGE, Dropped, Link, ServerGarbage, client_tls,
                        ended_unanswered, parse_address, stdin_lines, unreachable)
from ..net.protocol import message
from ..present.comings import comings_and_goings
from ..session.safe_text import shown


@dataclass
class Typed:
    """A line the person typed, turned into what to send (or to do here)."""

    send: dict[str, Any] | None = None
    show: list[str] | None = None
    leave: bool = False
    again: str | None = None  # the line to take again once ``send`` (``options``) is answered
    hold: bool = False  # not a command now, and the game does not ask this seat: keep it until it does


# the verbs of actions on squares a player may take out of turn, grouped in the prompt when there
# are two or more (``TextClient.listed``), and what each group counts
GROUPED = {"mortgage": "deeds", "unmortgage": "deeds", "build": "streets", "sell": "streets"}

HELP = [  # (each line within 80 columns: a terminal would break them mid-word)
    "Commands: type a command the prompt lists (or its number), e.g. roll, buy,",
    "  auction, pass, accept, build Park Place, mortgage Boardwalk (mortgage alone,",
    "  or its number, lists the deeds; so do build, sell and unmortgage); bid N bids",
    "  N; rent claims your rent; go lets a throw go without claiming; trade NAME",
    "  give ITEMS for ITEMS (items: squares, $100, card) proposes a trade; who shows",
    "  everyone's cash and place; board lists the owned squares; quit leaves (the",
    "  seat stays yours: join again with the same code).",
]


class TextClient:
    """The line-mode client: prints what the server sends, sends what the person types."""

    def __init__(self, out: TextIO, say_prompt: bool = True) -> None:
        self.out = out
        self.seat: int | None = None
        self.name: str | None = None
        self.game: dict[str, Any] = {}
        self.prompt: dict[str, Any] | None = None
        self.waiting_for: int | None = None  # the person the game waits for (the update's ``waiting_for``)
        self._shown: Any = None
        self._over_said = False  # the end of the game is said once
        self._seen: set[int] = set()  # the seats seen connected (one that comes again is back)
        self.say_prompt = say_prompt
        self.outbox: list[dict[str, Any]] = []  # messages to send that no line typed asked for (``options``)

    def say(self, text: str) -> None:
        """Print a line; text from the server is shown safely (a hostile server's escape sequences
        are printed, not obeyed)."""
        try:
            self.out.write(shown(text, newlines=True) + "\n")
            self.out.flush()
        except (BrokenPipeError, ValueError):
            pass

    # ------------------------------------------------------------------ from the server
    def receive(self, data: dict[str, Any]) -> str | None:
        """Show a message; the reason to leave, when the server says goodbye."""
        kind = data["type"]
        if kind == "welcome":
            self.seat = data.get("seat")
            self.name = data.get("name")
            if self.seat is None:
                self.say("Watching the game as a spectator (you cannot act). Type quit to leave.")
            else:
                self.say(f"You play {self.name}. Type help for the commands.")
            for entry in data.get("recent", []):
                if isinstance(entry, dict) and entry.get("text"):
                    self.say(str(entry["text"]))
            self.update(data)
        elif kind == "update":
            self.update(data)
        elif kind == "options":  # this seat's whole list: the prompt shown with it, or a line taken again
            got = data.get("prompt")
            if isinstance(got, dict) or self.prompt is not None:  # whole: never asked for again
                self.prompt = dict(got if isinstance(got, dict) else self.prompt or {}, complete=True)
                if not self.game.get("over"):
                    self.show_prompt()
        elif kind == "refused":
            self.say(f"Refused: {data.get('reason')}")
        elif kind == "error":
            if data.get("code") in ("bad_code", "slow_down", "timeout", "full", "too_long"):
                return str(data.get("error"))  # said once, as the reason for leaving
            self.say(f"Error from the server: {data.get('error')}")
        elif kind == "bye":
            return str(data.get("reason", "the server said goodbye"))
        return None

    def update(self, data: dict[str, Any]) -> None:
        for entry in data.get("events", []):
            if isinstance(entry, dict) and entry.get("text"):
                self.say(str(entry["text"]))
        for entry in data.get("since", []):  # this seat's turn began: what the others did since its last
            if isinstance(entry, dict) and entry.get("text"):
                self.say(str(entry["text"]))
        for note in data.get("notes", []):
            self.say(str(note))
        game = data.get("game")
        if isinstance(game, dict):
            self.tell_comings_and_goings(self.game, game)
            self.game = game
        self.prompt = data.get("prompt") if isinstance(data.get("prompt"), dict) else None
        waiting = data.get("waiting_for")
        self.waiting_for = waiting if isinstance(waiting, int) and not isinstance(waiting, bool) else None
        if self.game.get("over"):
            if not self._over_said:
                self._over_said = True
                winner = self.game.get("winner")
                who = self.player_name(winner) if isinstance(winner, int) and winner >= 0 else "nobody"
                self.say(f"The game is over: {who} wins.")
            return
        p = self.prompt
        waited = p is not None and bool(p.get("asked") or p.get("may_go"))
        if self.seat is not None and p is not None and not p.get("complete", True) and waited:
            # the game waits for this seat: its prompt lists what it must answer; the whole list
            # (its deeds too, as a local game offers them) is asked for and shown when it comes
            self.outbox.append(message("options"))
            return
        self.show_prompt()

    def tell_comings_and_goings(self, before: dict[str, Any], after: dict[str, Any]) -> None:
        """Say which other person left the game or came back since the last update: the waiting
        line alone would go on saying someone is away after they rejoined."""
        for line in comings_and_goings(before.get("players"), after.get("players"), self.seat, self._seen,
                                       bool(after.get("over"))):
            self.say(line)

    def player_name(self, seat: Any) -> str:
        players = self.game.get("players", [])
        if isinstance(seat, int) and 0 <= seat < len(players):
            return str(players[seat].get("name"))
        return "nobody"

    def commands(self) -> list[str]:
        """What the prompt lists: each command, or a group's word and size ("mortgage (7 deeds)")."""
        return [label for label, _ in self.listed()]

    def listed(self) -> list[tuple[str, list[dict[str, Any]]]]:
        """The prompt's items in order, each its label and its actions: the actions on squares a
        player may take out of turn are grouped by verb when there are two or more, as the local
        text mode offers "mortgage" and lists the deeds when it is typed alone (one deed each
        would make the prompt of a player who owns much run over several lines)."""
        actions = self.prompt.get("actions", []) if self.prompt else []
        verbs = [str(a.get("command", "")).split(" ", 1)[0] for a in actions]
        items: list[tuple[str, list[dict[str, Any]]]] = []
        groups: dict[str, list[dict[str, Any]]] = {}
        for verb, action in zip(verbs, actions):
            if verb in GROUPED and verbs.count(verb) > 1:
                if verb not in groups:
                    groups[verb] = []
                    items.append((verb, groups[verb]))
                groups[verb].append(action)
            else:
                items.append((str(action.get("command")), [action]))
        return [(f"{label} ({len(acts)} {GROUPED[label]})" if label in groups else label, acts)
                for label, acts in items]

    @staticmethod
    def group_lines(verb: str, actions: list[dict[str, Any]]) -> list[str]:
        """A group's actions, listed when its word is typed alone (or its number)."""
        names = [str(a.get("command", ""))[len(verb) + 1:] for a in actions]
        return [f"You may {verb}: {', '.join(names)}", f"  Type {verb} and a name, or its beginning "
                f"({verb} {names[0].split()[0].lower()}...)."]

    def show_prompt(self, again: bool = False) -> None:
        p = self.prompt
        waiting = self.game.get("pending", {}).get("player") if self.game else None
        # Who is connected is left out: someone leaving or coming back is said in a line of its own
        # (``tell_comings_and_goings``), and the prompt, unchanged, is not printed a second time.
        players = [{k: v for k, v in pl.items() if k not in ("connected", "away")} if isinstance(pl, dict) else pl
                   for pl in self.game.get("players", [])]
        # Nor is the list of a seat not asked, which is not printed (and comes whole only on ``options``).
        shown = p if p is None or p.get("asked") or p.get("may_go") else {
            k: v for k, v in p.items() if k not in ("actions", "complete")}
        key = (json.dumps(shown, sort_keys=True), waiting, self.waiting_for, json.dumps(players, sort_keys=True))
        if key == self._shown and not again:
            return
        self._shown = key
        if p is None:
            return
        asked = self.waiting_for
        away = [i for i, pl in enumerate(self.game.get("players", [])) if isinstance(pl, dict) and pl.get("away")]
        if isinstance(asked, int) and asked in away and asked != self.seat:
            self.say(f"Waiting for {self.player_name(asked)}, who is away.")
        if p.get("question"):
            self.say(str(p["question"]))
        if p.get("may_go"):
            self.say("A throw waits: rent claims your rent, go lets the throw go.")
        commands = self.commands()
        if not (p.get("asked") or p.get("may_go") or again):
            return
        me = self.game.get("players", [{}] * (self.seat or 0 + 1))[self.seat or 0] if self.seat is not None else {}
        cash = f", {me.get('money', me.get('cash'))}" if isinstance(me, dict) and "cash" in me else ""
        listed = ", ".join(f"{i + 1} {c}" for i, c in enumerate(commands[:30]))
        more = f" (+{len(commands) - 30} more: help)" if len(commands) > 30 else ""
        if self.say_prompt:
            self.say(f"{self.name}{cash} - {listed or 'nothing to do now'}{more}>")

    # ------------------------------------------------------------------ from the person
    def typed(self, line: str) -> Typed:
        text = line.strip()
        low = text.lower()
        words = low.split()
        answered = self.answered_without_actions(text, low, words)
        if answered is not None:
            return answered
        if self.seat is not None and self.prompt is not None and not self.prompt.get("complete", True):
            # The server lists a seat's actions on its deeds (build, sell, mortgage, lift) only when
            # the game waits for it; every other line needs the whole list, asked for first.
            return Typed(send=message("options"), again=line)
        if not words:
            self.show_prompt(again=True)
            return Typed()
        if low in ("help", "?"):
            return Typed(show=HELP + [f"Now: {', '.join(self.commands()) or 'nothing to do'}"])
        if self.seat is None:
            return Typed(show=["A spectator cannot act (quit leaves)."])
        actions = self.prompt.get("actions", []) if self.prompt else []
        items = self.listed()
        if low.isdigit() and 1 <= int(low) <= len(items):
            label, chosen = items[int(low) - 1]
            if len(chosen) > 1:
                return Typed(show=self.group_lines(label.split()[0], chosen))
            return Typed(send=message("action", action=chosen[0]["action"]))
        group = next((acts for label, acts in items if len(acts) > 1 and label.split()[0] == low), None)
        if group is not None:
            return Typed(show=self.group_lines(low, group))
        exact = [a for a in actions if str(a.get("command", "")).lower() == low]
        if not exact:
            exact = [a for a in actions if str(a.get("command", "")).lower().startswith(low)]
        if len(exact) >= 1 and (len(exact) == 1 or low == "rent"):
            return Typed(send=message("action", action=exact[0]["action"]))
        if len(exact) > 1:
            return Typed(show=[f"Which one? {', '.join(str(a['command']) for a in exact)}"])
        if not self.asked() and not self.game.get("over"):
            # typed ahead (a script, or a person who knows what comes): the local text mode reads
            # a line only when it asks, so this one waits for the game to ask this seat
            return Typed(hold=True)
        return Typed(show=[f"Not a command now: {text!r}. You may type: {', '.join(self.commands()) or 'nothing yet'}"
                           " (help for more)"])

    def asked(self) -> bool:
        """Whether the game waits for this seat now (a decision, or its rent before a throw)."""
        p = self.prompt
        return p is not None and bool(p.get("asked") or p.get("may_go"))

    def answered_without_actions(self, text: str, low: str, words: list[str]) -> Typed | None:
        """The commands that name no action of the server's list (leaving, looking, letting a throw
        go, a bid of a sum, a trade): answered at once, so none waits for the seat's whole list."""
        if low in ("quit", "leave", "exit"):
            return Typed(send=message("bye"), leave=True)
        if low in ("who", "cash"):
            return Typed(show=self.who_lines())
        if low == "board":
            return Typed(show=self.board_lines())
        if low in ("odds", "hint"):
            # the coach works on a copy of the game, which the screen client keeps and this one does not
            return Typed(show=[f"'{low}' is not offered in the line client: join without --text for the "
                               "screen, whose W key shows the win chances and I the hint."])
        if self.seat is None or not words:
            return None
        if low == "go":
            return Typed(send=message("go"))
        if words[0] == "bid" and len(words) == 2 and words[1].lstrip("$").isdigit():
            return Typed(send=message("action", action={"action": "bid", "player": self.seat,
                                                        "amount": int(words[1].lstrip("$"))}))
        if words[0] == "trade":
            return self.trade(text[5:].strip())
        return None

    def find_player(self, word: str) -> int | None:
        for i, p in enumerate(self.game.get("players", [])):
            if str(p.get("name", "")).lower() == word.lower():
                return i
        return None

    def find_square(self, text: str) -> int | None:
        t = text.strip().lower()
        squares = self.game.get("squares", [])
        for i, s in enumerate(squares):
            if str(s.get("name", "")).lower() == t:
                return i
        found = [i for i, s in enumerate(squares) if str(s.get("name", "")).lower().startswith(t)]
        return found[0] if len(found) == 1 else None

    def trade(self, text: str) -> Typed:
        """``trade NAME give ITEMS for ITEMS``: items are squares, $cash and ``card``."""
        head, _, wanted = text.partition(" for ")
        words = head.split()
        if not words:
            return Typed(show=["trade NAME give ITEMS for ITEMS, e.g. trade bob give boardwalk, $100 for reading"])
        to = self.find_player(words[0])
        if to is None:
            return Typed(show=[f"Trade with whom? {words[0]!r} is not a player"])
        rest = " ".join(words[1:])
        if rest.lower().startswith("give"):
            rest = rest[4:]
        sides = []
        for holder, part in ((self.seat, rest), (to, wanted)):
            squares: list[int] = []
            cash = 0
            cards = 0
            for item in [i.strip() for i in part.split(",") if i.strip()]:
                if item.lower() in ("card", "cards"):
                    cards += 1
                elif item.lstrip("$").isdigit():
                    cash += int(item.lstrip("$"))
                else:
                    sq = self.find_square(item)
                    if sq is None:
                        return Typed(show=[f"No square called {item!r}"])
                    squares.append(sq)
            held = self.game.get("players", [])[holder].get("jail_cards", []) if holder is not None else []
            sides.append((squares, cash, list(held[:cards])))
        (give, cash_out, give_cards), (take, cash_in, take_cards) = sides
        action = {"action": "propose_trade", "player": self.seat, "recipient": to, "give": give, "take": take,
                  "cash": cash_out - cash_in, "give_cards": give_cards, "take_cards": take_cards}
        return Typed(send=message("action", action=action))

    def who_lines(self) -> list[str]:
        out = []
        g = self.game
        for p in g.get("players", []):
            where = g.get("squares", [])[p["position"]]["name"] if g.get("squares") else p.get("position")
            state = ("bankrupt" if p.get("bankrupt") else "computer" if p.get("computer")
                     else "away" if p.get("away") else "here")
            jail = ", in jail" if p.get("in_jail") else ""
            out.append(f"  {p.get('name')}: {p.get('money', p.get('cash'))}, on {where}{jail} ({state})")
        return out or ["  (no game yet)"]

    def board_lines(self) -> list[str]:
        out = []
        for i, s in enumerate(self.game.get("squares", [])):
            owner = s.get("owner", -1)
            if isinstance(owner, int) and owner >= 0:
                extra = " mortgaged" if s.get("mortgaged") else " hotel" if s.get("hotel") else (
                    f" {s.get('houses')} house(s)" if s.get("houses") else "")
                out.append(f"  {i} {s.get('name')}: {self.player_name(owner)}{extra}")
        return out or ["  Nobody owns anything yet."]


async def run_client(host: str, port: int, code: str, out: TextIO, lines: "asyncio.Queue[str | None]",
                     tls: ssl.SSLContext | None = None, on_line: Callable[[str], bool] | None = None,
                     client: TextClient | None = None, ca: bool = True) -> int:
    """Join with ``code`` and play: lines typed come through ``lines`` (None: the input ended).
    ``on_line`` may take a line first (the host's own commands); ``ca``: whether a certificate file
    was given to check the host's against; the exit code."""
    client = client or TextClient(out)
    try:
        link = await Link.open(host, port, tls)
    except (OSError, asyncio.TimeoutError, ssl.SSLError) as exc:
        client.say(f"monopoly join: {unreachable(host, port, exc, tls is not None, ca)}")
        return EXIT_FAILED
    heard = False  # whether the host has answered at all (a plain hello to a TLS host: never)
    link.send(message("hello", code=code))
    incoming = asyncio.ensure_future(link.receive())
    # A line is read once the seat is joined and the last request is answered: a script's lines
    # are taken in step with the game, and a person's are anyway.
    typed: asyncio.Future[str | None] = asyncio.get_running_loop().create_future()
    request = 0  # the id of the last request sent: its answer carries it
    again: str | None = None  # a line to take again when its request (``options``) is answered
    held: str | None = None  # a line typed ahead, taken when the game next asks this seat
    try:
        while True:
            waits: set[asyncio.Future[Any]] = {incoming, typed}
            done, _ = await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
            if incoming in done:
                try:
                    data = incoming.result()
                except ServerGarbage as exc:
                    client.say(f"monopoly join: the server sent something that is not the game's protocol ({exc}); "
                               "leaving.")
                    return EXIT_FAILED
                except Dropped as exc:
                    if not heard:
                        client.say(f"monopoly join: {ended_unanswered(tls is not None)}.")
                        return EXIT_FAILED
                    client.say(f"The connection to the server ended ({exc}). Your seat is kept: join again "
                               "with the same command.")
                    return EXIT_DROPPED
                heard = True
                reason = client.receive(data)
                if reason is not None:
                    client.say(f"Leaving: {reason}")
                    return EXIT_OK if data["type"] == "bye" else EXIT_FAILED
                for wanted in client.outbox:
                    link.send(wanted)
                client.outbox.clear()
                incoming = asyncio.ensure_future(link.receive())
                answered = data["type"] in ("welcome", "error") or (data["type"] in ("update", "refused", "options")
                                                                    and data.get("request") == request)
                if held is not None and (client.asked() or client.game.get("over")):
                    typed = asyncio.get_running_loop().create_future()
                    typed.set_result(held)
                    held = None
                elif answered and held is None and not typed.done() and not isinstance(typed, asyncio.Task):
                    if again is not None:  # the line that asked for the seat's options, taken again
                        typed = asyncio.get_running_loop().create_future()
                        typed.set_result(again)
                        again = None
                    else:
                        typed = asyncio.ensure_future(lines.get())  # joined, or the request answered
            if typed in done:
                line = typed.result()
                if line is None:
                    link.send(message("bye"))
                    client.say("End of input: leaving the game (your seat is kept).")
                    return EXIT_OK
                if on_line is None or not on_line(line):
                    result = client.typed(line)
                    for text in result.show or []:
                        client.say(text)
                    if result.hold:  # no further line is read until it is taken: the order is kept
                        held = line
                        typed = asyncio.get_running_loop().create_future()
                        continue
                    if result.leave:
                        if result.send is not None:
                            link.send(result.send)
                        client.say("You left the game; your seat is kept: join again with the same code.")
                        return EXIT_OK
                    if result.send is not None:
                        request += 1
                        link.send(dict(result.send, id=request))
                        again = result.again
                        typed = asyncio.get_running_loop().create_future()  # until the answer comes
                        continue
                typed = asyncio.ensure_future(lines.get())
    finally:
        incoming.cancel()
        typed.cancel()
        link.close()


def join_main(address: str, code: str, tls: bool = False, ca: str | None = None,
              stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """``monopoly join``: the exit code."""
    out = stdout or sys.stdout
    try:
        host, port = parse_address(address)
    except ValueError as exc:
        print(f"monopoly join: {exc}", file=sys.stderr)
        return EXIT_USAGE
    context = client_tls(ca) if tls or ca else None

    async def main() -> int:
        lines = stdin_lines(asyncio.get_running_loop(), stdin or sys.stdin)
        return await run_client(host, port, code.strip(), out, lines, context, ca=ca is not None)

    try:
        return asyncio.run(main())
    except KeyboardInterrupt:
        print("\nInterrupted: your seat is kept; join again with the same command.", file=out)
        return 130
