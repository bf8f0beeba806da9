"""The story of a game in numbers: net worth over the turns, rent, money by reason, and what each
property earned and how often it was landed on. ``monopoly stats SAVE`` prints it.

Everything is counted from the engine's events, so the figures agree with the log by
construction: every ``Paid`` is one movement of money, counted out of its payer and into its
payee under its reason. Net worth is the engine's end-of-game valuation (``View.face_value``:
cash, printed prices, mortgaged deeds at the mortgage, buildings at cost) at the end of each
turn, read from the game itself as the record is replayed step by step (exact, and a replay
costs milliseconds).

Rent is put down to the property it was charged for: a claim's ``RentDue`` names it; rent charged
at once (automatic claims, or a debt the payer must raise) is for the square the payer last
landed on. Rent paid to the bank (its owner went bankrupt before the payer could pay) counts as
paid by the payer and received by nobody, and is listed as ``rent_to_bank``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from ..engine import BANK, BOARD_SIZE, Game, PaymentReason
from ..engine import events as E

CHART_HEIGHT = 12
CHART_WIDTH = 60
MARKS = "ox*+#@%&"  # one per player: the chart reads without colour


# ---------------------------------------------------------------------------------------- counting
class Tally:
    """Counts fed events: money by reason per player, rent per property and per player, landings.

    Works on a live stream as well as a log, so a simulation can count without keeping a log.
    """

    def __init__(self, players: int) -> None:
        self.players = players
        self.money: list[dict[str, int]] = [{} for _ in range(players)]  # reason -> net amount
        self.rent_paid = [0] * players
        self.rent_received = [0] * players
        self.rent_to_bank = 0
        self.property_rent = [0] * BOARD_SIZE
        self.landings = [0] * BOARD_SIZE
        self._last_landed = [0] * players
        self._claims: list[tuple[int, int, int, int]] = []  # (payer, owner, amount, square) awaiting payment

    def feed(self, events: Sequence[E.Event]) -> None:
        for event in events:
            if isinstance(event, E.Paid):
                self._paid(event)
            elif isinstance(event, E.Landed):
                self.landings[event.square] += 1
                self._last_landed[event.player] = event.square
            elif isinstance(event, E.RentDue):
                self._claims.append((event.payer, event.owner, event.amount, event.square))
            elif isinstance(event, E.RentLapsed):
                self._claim_square(event.payer, event.owner, event.amount)

    def _claim_square(self, payer: int, owner: int, amount: int) -> int | None:
        """The square of the open claim this payment settles (any owner's, when paid to the bank)."""
        for i, (p, o, a, square) in enumerate(self._claims):
            if p == payer and a == amount and (o == owner or owner == BANK):
                del self._claims[i]
                return square
        return None

    def _paid(self, event: E.Paid) -> None:
        reason = str(event.reason)
        if event.payer != BANK:
            book = self.money[event.payer]
            book[reason] = book.get(reason, 0) - event.amount
        if event.payee != BANK:
            book = self.money[event.payee]
            book[reason] = book.get(reason, 0) + event.amount
        if event.reason != PaymentReason.RENT:
            return
        square = self._claim_square(event.payer, event.payee, event.amount)
        if square is None:
            square = self._last_landed[event.payer]
        self.property_rent[square] += event.amount
        self.rent_paid[event.payer] += event.amount
        if event.payee == BANK:
            self.rent_to_bank += event.amount
        else:
            self.rent_received[event.payee] += event.amount


# ---------------------------------------------------------------------------------------- one game
@dataclass
class GameStats:
    """The figures of one game (``to_json`` is the ``--json`` form, documented in docs/records.md)."""

    names: list[str]
    squares: list[str]
    money_format: Any
    turns: list[int] = field(default_factory=list)  # the turn each point of ``worth`` closes (0: the start)
    worth: list[list[int]] = field(default_factory=list)  # per player, net worth at each point
    start_cash: list[int] = field(default_factory=list)
    final_cash: list[int] = field(default_factory=list)
    tally: Tally | None = None
    over: bool = True  # whether the game had ended: the last worth is "final" only then

    def to_json(self) -> dict[str, Any]:
        tally = self.tally
        assert tally is not None
        players = []
        for p, name in enumerate(self.names):
            players.append({
                "name": name, "start_cash": self.start_cash[p], "final_cash": self.final_cash[p],
                "net_worth": self.worth[p], "rent_paid": tally.rent_paid[p], "rent_received": tally.rent_received[p],
                "money_by_reason": dict(sorted(tally.money[p].items())),
            })
        properties = [{"square": s, "name": self.squares[s], "rent": tally.property_rent[s],
                       "landings": tally.landings[s]}
                      for s in range(BOARD_SIZE) if tally.property_rent[s] or tally.landings[s]]
        return {"turns": self.turns, "players": players, "properties": properties,
                "rent_to_bank": tally.rent_to_bank}


def _worths(game: Game) -> list[int]:
    view = game.view
    return [view.face_value(p) for p in range(view.player_count)]


def game_stats(record: dict[str, Any]) -> GameStats:
    """The figures of the game a record describes, counted as it is replayed."""
    from ..storage.records import walk
    count = StatsCount()
    for steps, game, events in walk(record):
        count.step(steps, game, events)
    return count.result()


class StatsCount:
    """The figures counted as a record is replayed: ``step`` is told of each step as ``walk``
    yields it (steps played, the game, that step's events), then ``result`` reads the game's end.

    A replay made for another reason counts too: ``monopoly stats`` counts in the replay that
    checks the file (``read_source``'s ``follow``), and a long game is replayed once, not twice.
    (That replay then sets the record's last clock reading, which moves nothing but the clock: a
    reading that ends the game is a step of its own.)
    """

    def __init__(self) -> None:
        self.stats: GameStats | None = None
        self.tally: Tally | None = None
        self.game: Game | None = None

    def step(self, steps: int, game: Game, events: list[E.Event]) -> None:
        if self.stats is None:
            view = game.view
            n = view.player_count
            self.stats = GameStats([view.name(p) for p in range(n)], [view.square(s).name for s in range(BOARD_SIZE)],
                                   view.money, worth=[[] for _ in range(n)])
            self.tally = self.stats.tally = Tally(n)
        stats, tally = self.stats, self.tally
        assert tally is not None
        tally.feed(events)
        if steps == 0:
            # The opening (deeds dealt and paid for) is counted: start from the cash before it.
            stats.start_cash = [game.view.cash(p) - sum(tally.money[p].values()) for p in range(tally.players)]
            _point(stats, 0, game)
        else:
            started = [e.turn for e in events if isinstance(e, E.TurnStarted)]
            if started:
                _point(stats, started[0] - 1, game)
        self.game = game

    def result(self) -> GameStats:
        """The figures, the game's end read from the game as the last step left it."""
        stats, game = self.stats, self.game
        assert stats is not None and game is not None
        if game.view.over or not stats.turns or stats.turns[-1] != game.view.turn:
            _point(stats, game.view.turn, game)
        stats.final_cash = [game.view.cash(p) for p in range(game.view.player_count)]
        stats.over = game.view.over
        return stats


def _point(stats: GameStats, turn: int, game: Game) -> None:
    if stats.turns and stats.turns[-1] == turn:  # the same turn again (a step that ended it twice)
        for line, value in zip(stats.worth, _worths(game)):
            line[-1] = value
        return
    stats.turns.append(turn)
    for line, value in zip(stats.worth, _worths(game)):
        line.append(value)


def property_figures(results: Sequence[Any], edition: str) -> dict[str, Any]:
    """Rent earned and landings on each property summed over a simulation's games (results
    carrying ``rent`` and ``landings`` per square), as ``simulate --json`` reports them; empty
    when the run did not count rent."""
    if not results or not all(r.rent for r in results):
        return {}
    from ..engine import load_edition
    squares = load_edition(edition).squares
    return {"properties": [
        {"square": s, "name": squares[s].name, "rent": sum(r.rent[s] for r in results),
         "landings": sum(r.landings[s] for r in results)}
        for s in range(BOARD_SIZE) if squares[s].price]}


# ---------------------------------------------------------------------------------------- text
def chart(series: list[list[int]], labels: list[str], xs: list[int], money: Any,
          height: int = CHART_HEIGHT, width: int = CHART_WIDTH) -> list[str]:
    """A line chart in text: one mark per player (``MARKS``), later players drawn over earlier
    ones where they meet; the y axis in money, the x axis in turns."""
    points = max((len(s) for s in series), default=0)
    if points == 0:
        return ["(no turns played)"]
    top = max(max(s) for s in series if s)
    bottom = min(min(s) for s in series if s)
    span = max(1, top - bottom)
    columns = min(width, points)
    grid = [[" "] * columns for _ in range(height)]
    for p, values in enumerate(series):
        for c in range(columns):
            i = c * (points - 1) // max(1, columns - 1) if columns > 1 else points - 1
            row = round((values[i] - bottom) * (height - 1) / span)
            grid[height - 1 - row][c] = MARKS[p % len(MARKS)]
    axis = [money(top), money((top + bottom) // 2), money(bottom)]
    pad = max(len(a) for a in axis)
    lines = []
    for r, cells in enumerate(grid):
        label = axis[0] if r == 0 else axis[2] if r == height - 1 else axis[1] if r == (height - 1) // 2 else ""
        lines.append(f"{label:>{pad}} |{''.join(cells)}")
    lines.append(" " * pad + " +" + "-" * columns)
    first, last = f"turn {xs[0]}", f"turn {xs[-1]}"
    # the last turn at the chart's right edge, and never run into the first ("turn 0turn 2")
    lines.append(" " * (pad + 2) + first + " " * max(1, columns - len(first) - len(last)) + last)
    lines.append(" " * (pad + 2) + "   ".join(f"{MARKS[p % len(MARKS)]} {name}" for p, name in enumerate(labels)))
    return lines


def stats_text(stats: GameStats) -> list[str]:
    """The figures as text: the net-worth chart, then tables per player and per property."""
    tally = stats.tally
    assert tally is not None
    money = stats.money_format
    lines = ["Net worth at the end of each turn:", ""]
    lines += chart(stats.worth, stats.names, stats.turns, money)
    width = max(12, *(len(n) for n in stats.names))
    worth = "final worth" if stats.over else "worth now"  # a game still being played has no final worth yet
    lines += ["", f"{'':<{width}} {'rent paid':>12} {'rent received':>14} {worth:>12}"]
    for p, name in enumerate(stats.names):
        lines.append(f"{name:<{width}} {money(tally.rent_paid[p]):>12} {money(tally.rent_received[p]):>14} "
                     f"{money(stats.worth[p][-1]):>12}")
    if tally.rent_to_bank:
        lines.append(f"(rent paid to the bank, its owner bankrupt: {money(tally.rent_to_bank)})")
    reasons = sorted({r for book in tally.money for r in book})
    sizes = [max(9, len(r)) for r in reasons]
    lines += ["", "Money by reason (in +, out -):",
              f"{'':<{width}}" + "".join(f" {r:>{w}}" for r, w in zip(reasons, sizes))]
    for p, name in enumerate(stats.names):
        lines.append(f"{name:<{width}}" + "".join(f" {money(tally.money[p].get(r, 0)):>{w}}"
                                                  for r, w in zip(reasons, sizes)))
    lines += ["", f"{'property':<24} {'rent earned':>12} {'landed on':>10}"]
    # Squares that share a name (the three Chance and three Community Chest squares) are one row.
    rows: dict[str, list[int]] = {}
    for s in range(BOARD_SIZE):
        row = rows.setdefault(stats.squares[s], [0, 0, s])
        row[0] += tally.property_rent[s]
        row[1] += tally.landings[s]
    for name, (rent, landed, _) in sorted(rows.items(), key=lambda kv: (-kv[1][0], -kv[1][1], kv[1][2])):
        if rent or landed:
            lines.append(f"{name[:24]:<24} {money(rent):>12} {landed:>10}")
    return lines
