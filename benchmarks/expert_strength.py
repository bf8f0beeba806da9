"""The ``expert`` level against ``ruthless``: its share of games won heads-up and at a table of four,
and how long it thinks (``bench_ai_strength.py --only expert [--seconds]`` prints this).

Each game is seeded as ``monopoly simulate`` seeds it (``tournament.game_seed``) and game ``i``
seats ``expert`` in seat ``i mod players``, so it plays every seat equally often; the rest are
``ruthless``. A game stopped by the turn limit counts as not won, and heads-up games between two
``ruthless`` often stall (about a fifth of them), so parity is not 50%: the same games are also
played with ``expert`` given no time (it then answers exactly as ``ruthless``), and that control's
share is the one to beat; a paired comparison, game by game on the same seeds, gives the
difference with its interval. The decision times are those of the decisions ``expert`` played out
(each at most its budget, ``Expert.budget``), and, with ``seconds``, the longest wait for any of
its actions. With ``playouts`` it has no time limit and plays that many play-outs a candidate, so
its games replay exactly whatever the machine's load (the times then show what they cost).
"""

from __future__ import annotations

import math
import statistics
import time
from dataclasses import dataclass
from multiprocessing import Pool

from monopoly.ai.expert import Expert
from monopoly.ai.players import ComputerPlayers
from monopoly.engine import Game
from monopoly.reports.tournament import DEFAULT_MAX_TURNS, game_seed, wilson


ENOUGH_PLAYOUTS = 24
"""Issue 37's least play-outs a candidate at the 0.5 s budget, four players."""


@dataclass(frozen=True)
class ExpertGame:
    """One game: whether expert won, whether the turn limit stopped it, and its thinking times."""

    won: bool
    lost: bool
    unfinished: bool
    thought: tuple[tuple[float, int], ...]  # each decision it played out: seconds, least play-outs a candidate
    longest: float  # the longest wait for any one of its actions


def play(job: tuple[int, int, int, str, float, int]) -> ExpertGame:
    """Game ``index`` of ``players`` players with seed ``seed``: expert in seat ``index % players``,
    with ``budget`` seconds a decision (0: it plays as ruthless, the control) or, with ``playouts``
    above 0, no time limit and that many play-outs a candidate (its games then replay exactly)."""
    index, players, seed, edition, budget, playouts = job
    Expert.budget = budget if playouts <= 0 or budget <= 0 else math.inf
    if playouts > 0:
        Expert.rollouts = playouts
    gseed = game_seed(seed, index)
    seat = index % players
    game = Game.new([f"P{i + 1}" for i in range(players)], edition, {"max_turns": DEFAULT_MAX_TURNS},
                    seed=gseed, keep_log=False)
    computers = ComputerPlayers(game, {p: "expert" if p == seat else "ruthless" for p in range(players)}, seed=gseed)
    expert = computers.strategy(seat)
    assert isinstance(expert, Expert)
    thought: list[tuple[float, int]] = []
    expert.thought = thought
    longest = 0.0
    while True:
        start = time.perf_counter()
        action = computers.next_action(game)
        spent = time.perf_counter() - start
        if action is None:
            break
        if action.player == seat:
            longest = max(longest, spent)
        game.push(action)
    outcome = game.view.outcome
    assert outcome is not None
    return ExpertGame(outcome.winner == seat, outcome.winner >= 0 and outcome.winner != seat, outcome.winner < 0,
                      tuple(thought), longest)


def measure(players: int, games: int, seed: int, jobs: int, edition: str = "us",
            budget: float = Expert.budget, playouts: int = 0) -> list[ExpertGame]:
    jobs_list = [(i, players, seed, edition, budget, playouts) for i in range(games)]
    if jobs <= 1:
        return [play(job) for job in jobs_list]
    with Pool(jobs) as pool:
        return list(pool.imap(play, jobs_list))


def share(results: list[ExpertGame]) -> str:
    games = len(results)
    won = sum(r.won for r in results)
    low, high = wilson(won, games)
    return (f"won {won}/{games} = {100 * won / max(1, games):.1f}% (95% CI {100 * low:.1f}-{100 * high:.1f}%), "
            f"lost {sum(r.lost for r in results)}, unfinished {sum(r.unfinished for r in results)}")


def paired(results: list[ExpertGame], control: list[ExpertGame]) -> str:
    """The paired comparison, game by game on the same seeds: won minus control's won, and (won less
    lost) minus the control's, each a mean with its 95% interval (normal approximation)."""
    def interval(diffs: list[int]) -> str:
        n = len(diffs)
        mean = sum(diffs) / max(1, n)
        sd = statistics.stdev(diffs) if n > 1 else math.inf
        half = 1.96 * sd / math.sqrt(max(1, n))
        return f"{mean:+.3f} (95% CI {mean - half:+.3f} to {mean + half:+.3f})"
    wins = [int(r.won) - int(c.won) for r, c in zip(results, control)]
    net = [(int(r.won) - int(r.lost)) - (int(c.won) - int(c.lost)) for r, c in zip(results, control)]
    return f"paired on the same seeds, a game: wins {interval(wins)}; wins less losses {interval(net)}"


def report(players: int, results: list[ExpertGame], control: list[ExpertGame], seconds: bool) -> str:
    """``results`` of expert and ``control`` (the same games, expert given no time) as lines of text."""
    games = len(results)
    lines = [f"expert vs {players - 1} ruthless ({'heads-up' if players == 2 else f'{players} players'}), "
             f"{games} games, seats rotated: expert {share(results)}",
             f"  control, the same games with no time (it plays as ruthless): {share(control)}",
             f"  {paired(results, control)}"]
    if seconds:
        thought = sorted(t for r in results for t, _ in r.thought)
        if thought:
            lines.append(f"  decisions played out: {len(thought)} ({len(thought) / games:.0f} a game), seconds each: "
                         f"median {statistics.median(thought):.2f}, 90th percentile "
                         f"{thought[int(0.9 * (len(thought) - 1))]:.2f}, max {thought[-1]:.2f}; "
                         f"longest wait for one action {max(r.longest for r in results):.2f}")
            counts = sorted(n for r in results for _, n in r.thought)
            enough = sum(n >= ENOUGH_PLAYOUTS for n in counts)
            lines.append(f"  play-outs a candidate (the least of a decision's): 10th percentile "
                         f"{counts[len(counts) // 10]}, median {statistics.median(counts):.0f}, "
                         f"max {counts[-1]}; {enough} of {len(counts)} decisions "
                         f"({100 * enough / len(counts):.0f}%) got at least {ENOUGH_PLAYOUTS}")
    return "\n".join(lines)
