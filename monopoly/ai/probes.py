"""Fixed trade probes: positions built with the engine's position API, one offer each, and the answer
``ruthless`` must give (issue 12). ``benchmarks/bench_ai_strength.py`` prints them as a table and
``tests/test_ai_probes.py`` runs them as tests.

In every probe "Ann" (seat 0, whose turn it is) offers the computer "Cpu" (seat 1) a deal; the
computer's answer and its reason are read from ``ComputerPlayers`` as a front end reads them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import AcceptTrade, PlayerSetup, Position, ProposeTrade, build_game
from .players import ComputerPlayers


@dataclass(frozen=True)
class Probe:
    """A position, an offer from Ann to Cpu (deeds by name; ``cash`` from Ann, negative from Cpu),
    the answer expected and a few words the reason must hold."""
    name: str
    players: tuple[PlayerSetup, ...]
    give: tuple[str, ...]
    take: tuple[str, ...]
    cash: int
    accept: bool
    reason: str
    buildings: tuple[tuple[str, int | str], ...] = ()


def _others(n: int) -> tuple[PlayerSetup, ...]:
    return tuple(PlayerSetup(f"P{i}") for i in range(3, 3 + n))


ORANGE_FOR_ANN = (PlayerSetup("Ann", owns=("Tennessee Avenue", "New York Avenue")),
                  PlayerSetup("Cpu", owns=("St. James Place",)))
BLUE_FOR_ANN = (PlayerSetup("Ann", owns=("Boardwalk",)), PlayerSetup("Cpu", owns=("Park Place",)))
LIGHT_BLUE_TO_COMPLETE = ("Oriental Avenue", "Vermont Avenue")
ANN_WITH_HOTELS = ("Connecticut Avenue", "St. James Place", "Tennessee Avenue", "New York Avenue")
HOTELS = (("St. James Place", "hotel"), ("Tennessee Avenue", "hotel"), ("New York Avenue", "hotel"))

PROBES: tuple[Probe, ...] = (
    Probe("last orange deed for $230, two players", ORANGE_FOR_ANN, (), ("St. James Place",), 230, False,
          "hand you the Orange set"),
    Probe("last orange deed for $230, four players", ORANGE_FOR_ANN + _others(2), (), ("St. James Place",), 230,
          False, "hand you the Orange set"),
    Probe("last orange deed for $500, two players", ORANGE_FOR_ANN, (), ("St. James Place",), 500, False,
          "hand you the Orange set"),
    Probe("Park Place for $400 beside Ann's Boardwalk", BLUE_FOR_ANN, (), ("Park Place",), 400, False,
          "hand you the Dark Blue set"),
    Probe("New York Avenue for Water Works and $50",
          (PlayerSetup("Ann", owns=("St. James Place", "Tennessee Avenue", "Water Works")),
           PlayerSetup("Cpu", owns=("New York Avenue",))), ("Water Works",), ("New York Avenue",), 50, False,
          "hand you the Orange set"),
    Probe("red for brown: the better set for the computer",
          (PlayerSetup("Ann", owns=("Illinois Avenue", "Mediterranean Avenue")),
           PlayerSetup("Cpu", owns=("Kentucky Avenue", "Indiana Avenue", "Baltic Avenue"))),
          ("Illinois Avenue",), ("Baltic Avenue",), 0, True, "worth it"),
    Probe("a lone railroad for twice its price", (PlayerSetup("Ann"), PlayerSetup("Cpu", owns=("Reading Railroad",))),
          (), ("Reading Railroad",), 400, True, "worth it"),
    Probe("a lone railroad for half its price", (PlayerSetup("Ann"), PlayerSetup("Cpu", owns=("Reading Railroad",))),
          (), ("Reading Railroad",), 100, False, "not enough for Reading Railroad"),
    Probe("the light blue set for $350, far from danger",
          (PlayerSetup("Ann", owns=ANN_WITH_HOTELS), PlayerSetup("Cpu", cash=900, square=30, owns=LIGHT_BLUE_TO_COMPLETE)),
          ("Connecticut Avenue",), (), -350, True, "worth it", HOTELS),
    Probe("the light blue set for $350, six to nine squares before three hotels",
          (PlayerSetup("Ann", owns=ANN_WITH_HOTELS), PlayerSetup("Cpu", cash=900, square=10, owns=LIGHT_BLUE_TO_COMPLETE)),
          ("Connecticut Avenue",), (), -350, False, "rent ahead", HOTELS),
)


@dataclass(frozen=True)
class ProbeResult:
    probe: Probe
    accepted: bool
    reason: str
    counter: ProposeTrade | None

    @property
    def passed(self) -> bool:
        return self.accepted == self.probe.accept and self.probe.reason in self.reason


def run_probe(probe: Probe, strategy: str = "ruthless") -> ProbeResult:
    """Make the probe's offer in its position and read the computer's answer and reason."""
    position = Position(players=probe.players, buildings=probe.buildings, current_player="Ann", turn=9)
    game = build_game(position, seed=1, keep_log=False)
    squares = game.edition.squares
    index = {sq.name: i for i, sq in enumerate(squares)}
    game.apply(ProposeTrade(0, 1, tuple(index[n] for n in probe.give), tuple(index[n] for n in probe.take),
                            probe.cash))
    players = ComputerPlayers(game, {1: strategy}, seed=1)
    answer = players.next_action(game)
    reply = players.last_reply
    reason = reply.reason if reply is not None else ""
    return ProbeResult(probe, isinstance(answer, AcceptTrade), reason, reply.counter if reply is not None else None)
