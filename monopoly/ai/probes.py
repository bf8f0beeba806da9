"""Fixed trade probes: positions built with the engine's position API, one offer each, and the answer
``ruthless`` must give (issue 12). ``benchmarks/bench_ai_strength.py`` prints them as a table and
``tests/test_ai_probes.py`` runs them as tests.

``LOPSIDED`` are offers no computer of any level should take (issue 37: not milkable), asked of any
strategy; ``lopsided_proposals`` looks the other way, at what a strategy proposes in a position, and
``asks_too_much`` says whether an offer asks over twice the printed value of what it gives (the
measure of ``monopoly/reports/manners.py``).

In every probe "Ann" (seat 0, whose turn it is) offers the computer "Cpu" (seat 1) a deal; the
computer's answer and its reason are read from ``ComputerPlayers`` as a front end reads them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import AcceptTrade, Game, PlayerSetup, Position, ProposeTrade, build_game
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


LOPSIDED: tuple[Probe, ...] = (
    Probe("Virginia Avenue ($160) offered for $500",
          (PlayerSetup("Ann", owns=("Virginia Avenue",)), PlayerSetup("Cpu")), ("Virginia Avenue",), (), -500, False, ""),
    Probe("Virginia Avenue ($160) offered for $500, four players",
          (PlayerSetup("Ann", owns=("Virginia Avenue",)), PlayerSetup("Cpu")) + _others(2),
          ("Virginia Avenue",), (), -500, False, ""),
    Probe("an ordinary street at three times its price", (PlayerSetup("Ann", owns=("Kentucky Avenue",)),
                                                          PlayerSetup("Cpu", owns=("Baltic Avenue",))),
          ("Kentucky Avenue",), (), -660, False, ""),
    Probe("all its cash for one mortgaged deed", (PlayerSetup("Ann", mortgaged=("Boardwalk",)),
                                                  PlayerSetup("Cpu", cash=900)),
          ("Boardwalk",), (), -900, False, ""),
    Probe("all its cash for one mortgaged deed, four players",
          (PlayerSetup("Ann", mortgaged=("Boardwalk",)), PlayerSetup("Cpu", cash=900)) + _others(2),
          ("Boardwalk",), (), -900, False, ""),
    Probe("its railroad for a tenth of the price", (PlayerSetup("Ann"), PlayerSetup("Cpu", owns=("Reading Railroad",))),
          (), ("Reading Railroad",), 20, False, ""),
)
"""Offers every strategy must refuse (issue 37): paying three times a lone deed's price, all its cash
for one mortgaged deed, selling a deed for a tenth of its price. The reason is not checked."""


def printed_value(game: Game, squares: tuple[int, ...], cash: int, cards: int) -> int:
    """The printed value of one side of an offer: deeds at their price (mortgaged: the mortgage),
    cash at face value, a Get Out of Jail Free card at $50."""
    edition, view = game.edition, game.view
    deeds = 0
    for s in squares:
        deeds += edition.squares[s].mortgage if view.mortgaged(s) else edition.squares[s].price
    return deeds + max(0, cash) + 50 * cards


def asks_too_much(game: Game, offer: ProposeTrade) -> bool:
    """Whether ``offer`` asks its recipient more than twice the printed value of what it gives,
    or asks something for nothing."""
    gets = printed_value(game, offer.give, offer.cash, len(offer.give_cards))
    gives = printed_value(game, offer.take, -offer.cash, len(offer.take_cards))
    return gives > 2 * gets


PROPOSAL_POSITIONS: tuple[tuple[str, tuple[PlayerSetup, ...]], ...] = (
    ("the last orange deed held by a seat that never sold it",
     (PlayerSetup("Ann", owns=("St. James Place", "Baltic Avenue")),
      PlayerSetup("Cpu", owns=("Tennessee Avenue", "New York Avenue", "Reading Railroad")))),
    ("a swap of the last deeds of two sets",
     (PlayerSetup("Ann", owns=("Illinois Avenue", "Oriental Avenue", "Vermont Avenue")),
      PlayerSetup("Cpu", owns=("Kentucky Avenue", "Indiana Avenue", "Connecticut Avenue")))),
    ("the last dark blue deed, four players",
     (PlayerSetup("Ann", owns=("Boardwalk",)), PlayerSetup("Cpu", owns=("Park Place", "Short Line"))) + _others(2)),
)
"""Positions in which a computer ("Cpu", whose turn it is) may well propose a deal to Ann."""


def lopsided_proposals(strategy: str, players: tuple[PlayerSetup, ...], steps: int = 8) -> list[ProposeTrade]:
    """The offers ``strategy`` makes in the position (as "Cpu", seat 1, about to throw) that ask
    too much (``asks_too_much``): each offer it makes is refused and it is asked again, ``steps``
    times at most, before it throws."""
    position = Position(players=players, current_player="Cpu", turn=9)
    game = build_game(position, seed=1, keep_log=False)
    computers = ComputerPlayers(game, {1: strategy}, seed=1)
    bad: list[ProposeTrade] = []
    for _ in range(steps):
        action = computers.next_action(game)
        if not isinstance(action, ProposeTrade):
            break
        if asks_too_much(game, action):
            bad.append(action)
        game.apply(action)
        answer = game.view.safe_action(game.view.pending_player)  # Ann refuses
        if game.view.pending_player != 1 and answer is not None:
            game.apply(answer)
    return bad


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
