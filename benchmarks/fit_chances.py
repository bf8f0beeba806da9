"""Fit the valuation's weights (``monopoly/ai/chances/weights.json``) on seeded computer games, and
report its calibration on held-out games against net-worth share.

    pip install -e ".[fit]"       # numpy, for the fit only (the game reads the weights in plain Python)
    python benchmarks/fit_chances.py --games 3000 --jobs 2 [--write]

Games are played by ``monopoly simulate``'s own loop between strategies drawn at random (two to four
players, US and UK boards). Every few turns each position is kept with its features for every player;
the winner labels it. Games stopped by the turn limit are left out. Games ``i % 5 == 0`` are held out:
the fit never sees them, the calibration is measured on them only.

The model is a conditional logit: a player's chance is exp(w . features) over the sum for all players
left, fitted by Newton's method with a small ridge penalty. Brier score: the mean over held-out
positions of the squared error summed over the players; the reliability table groups predicted
chances in tenths and compares them with how often those players won.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import asdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from monopoly.ai.chances import FEATURES, Snapshot, player_features, tables_for  # noqa: E402
from monopoly.engine import load_edition  # noqa: E402
from monopoly.ai.players import ComputerPlayers  # noqa: E402
from monopoly.engine import Game  # noqa: E402

WEIGHTS = ROOT / "monopoly" / "ai" / "chances" / "weights.json"
POOL = ("ruthless", "basic", "cautious", "v3", "generous", "hoarder", "lookahead", "value", "hard")
EVERY = 6  # turns between kept positions


def play(index: int, seed: int, pool: tuple[str, ...], max_turns: int) -> dict[str, Any] | None:
    """One seeded game's kept positions (as snapshots, so that a refit needs no replay) and its winner."""
    rng = random.Random(f"fit-chances/{seed}/{index}")
    n = rng.choice((2, 3, 4, 4))
    seats = [rng.choice(pool) for _ in range(n)]
    edition = rng.choice(("us", "us", "uk"))
    gseed = rng.getrandbits(40)
    game = Game.new([f"P{i + 1}" for i in range(n)], edition, {"max_turns": max_turns}, seed=gseed, first_player=0)
    players = ComputerPlayers(game, dict(enumerate(seats)), seed=gseed)
    view = game.view
    kept: list[dict[str, Any]] = []
    offset = rng.randrange(EVERY)
    last_turn = -1
    while True:
        action = players.next_action(game)
        if action is None:
            break
        game.push(action)
        turn = view.turn
        if turn != last_turn and not view.over:
            last_turn = turn
            if turn % EVERY == offset:
                kept.append(asdict(Snapshot.of(view)))
    outcome = view.outcome
    if outcome is None or outcome.winner < 0 or outcome.termination == "turn_limit":
        return None
    return {"index": index, "winner": outcome.winner, "positions": kept, "seats": seats, "edition": edition}


def _job(args: tuple[int, int, tuple[str, ...], int]) -> dict[str, Any] | None:
    return play(*args)


def collect(games: int, seed: int, jobs: int, pool: tuple[str, ...], max_turns: int) -> list[dict[str, Any]]:
    tasks = [(i, seed, pool, max_turns) for i in range(games)]
    if jobs <= 1:
        return [g for g in map(_job, tasks) if g is not None]
    import multiprocessing
    with multiprocessing.get_context().Pool(jobs) as p:
        return [g for g in p.imap(_job, tasks, chunksize=8) if g is not None]


def arrays(data: list[dict[str, Any]]) -> tuple[Any, Any, Any, Any]:
    """Features (positions x 4 players x K), a mask of players in the game, the winner one-hot, and
    each player's share of the printed net worth (the baseline)."""
    import numpy as np
    rows, masks, wins, shares = [], [], [], []
    k = len(FEATURES)
    for game in data:
        tables = tables_for(load_edition(game["edition"]))
        for position in game["positions"]:
            snap = Snapshot(**position)
            feats = player_features(tables, snap)
            x = np.zeros((4, k))
            m = np.zeros(4)
            worth = np.zeros(4)
            for p, f in enumerate(feats):
                if f is not None:
                    x[p] = f
                    m[p] = 1
                    worth[p] = max(0.0, net_worth(tables, snap, p))
            if m[game["winner"]] == 0:
                continue
            y = np.zeros(4)
            y[game["winner"]] = 1
            rows.append(x)
            masks.append(m)
            wins.append(y)
            shares.append(worth / worth.sum() if worth.sum() > 0 else m / m.sum())
    return np.array(rows), np.array(masks), np.array(wins), np.array(shares)


def net_worth(t: Any, s: Snapshot, p: int) -> float:
    """Cash, deeds at their price (their mortgage value when mortgaged) and buildings at cost."""
    total = s.cash[p]
    for sq in t.properties:
        if s.owner[sq] == p:
            total += t.mortgage[sq] if s.mortgaged[sq] else t.price[sq] + t.house_cost[sq] * s.level[sq]
    return float(total)


def predict(w: Any, x: Any, m: Any) -> Any:
    import numpy as np
    s = x @ w
    s = np.where(m > 0, s, -np.inf)
    s = s - s.max(axis=1, keepdims=True)
    e = np.exp(s) * m
    return e / e.sum(axis=1, keepdims=True)


SIGNS = {"worth": 1, "log_worth": 1, "short": -1, "income": 1, "outgo": -1, "potential": 1, "near": 1,
         "next_in": 1, "next_out": -1, "risk": -1}
"""The sign a weight must have: among computer players, the strong ones spend their cash, so cash in
hand and a risky next throw go with winning; a player deciding by a model that learnt that would
leave itself broke. A weight whose fitted sign is wrong is fixed at 0 and the rest fitted again."""


def fit(x: Any, m: Any, y: Any) -> Any:
    import numpy as np
    free = list(range(x.shape[2]))
    while True:
        w = np.zeros(x.shape[2])
        w[free] = newton(x[:, :, free], m, y)
        wrong = [i for i in free if SIGNS.get(FEATURES[i], 0) * w[i] < 0]
        if not wrong:
            return w
        free = [i for i in free if i not in wrong]


def newton(x: Any, m: Any, y: Any, ridge: float = 1e-3, steps: int = 40) -> Any:
    """The conditional logit's weights by Newton's method, with a small ridge penalty."""
    import numpy as np
    k = x.shape[2]
    w = np.zeros(k)
    n = len(x)
    for _ in range(steps):
        p = predict(w, x, m)
        mean = np.einsum("gp,gpk->gk", p, x)
        grad = np.einsum("gp,gpk->k", y, x) - mean.sum(axis=0) - ridge * n * w
        second = np.einsum("gp,gpk,gpl->kl", p, x, x) - np.einsum("gk,gl->kl", mean, mean)
        hess = -(second + ridge * n * np.eye(k))
        step = np.linalg.solve(hess, grad)
        w = w - step
        if np.abs(step).max() < 1e-7:
            break
    return w


def brier(p: Any, y: Any, m: Any) -> float:
    return float((((p - y) ** 2) * m).sum(axis=1).mean())


def reliability(p: Any, y: Any, m: Any) -> list[tuple[str, int, float, float]]:
    import numpy as np
    pp, yy = p[m > 0], y[m > 0]
    out = []
    for b in range(10):
        lo, hi = b / 10, (b + 1) / 10
        sel = (pp >= lo) & ((pp < hi) if b < 9 else (pp <= hi))
        if sel.sum():
            out.append((f"{lo:.1f}-{hi:.1f}", int(sel.sum()), float(pp[sel].mean()), float(yy[sel].mean())))
    del np
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--max-turns", type=int, default=600)
    ap.add_argument("--pool", default=",".join(POOL), help="strategies drawn for the seats")
    ap.add_argument("--data", help="keep the positions in this JSON file (read it back if it exists)")
    ap.add_argument("--write", action="store_true", help="write the fitted weights to weights.json")
    args = ap.parse_args(argv)
    from monopoly.ai.registry import STRATEGIES
    pool = tuple(s for s in args.pool.split(",") if s in STRATEGIES)
    if args.data and Path(args.data).exists():
        data = json.loads(Path(args.data).read_text())
    else:
        data = collect(args.games, args.seed, args.jobs, pool, args.max_turns)
        if args.data:
            Path(args.data).write_text(json.dumps(data))
    train = [g for g in data if g["index"] % 5]
    held = [g for g in data if not g["index"] % 5]
    x, m, y, _ = arrays(train)
    w = fit(x, m, y)
    hx, hm, hy, hs = arrays(held)
    p = predict(w, hx, hm)
    print(f"games: {len(data)} finished ({len(train)} to fit, {len(held)} held out); positions: {len(x)} / {len(hx)}")
    print(f"pool: {', '.join(pool)}")
    print("weights:", ", ".join(f"{n} {v:+.3f}" for n, v in zip(FEATURES, w)))
    print(f"Brier score, held out: model {brier(p, hy, hm):.4f}, net-worth share {brier(hs, hy, hm):.4f}")
    print("reliability (held out): predicted band, players in it, mean predicted, share that won;"
          " then the same for net-worth share")
    theirs = {band: (count, mean, won) for band, count, mean, won in reliability(hs, hy, hm)}
    for band, count, mean, won in reliability(p, hy, hm):
        c2, m2, w2 = theirs.get(band, (0, 0.0, 0.0))
        print(f"  {band}  {count:6d}  {mean:.3f}  {won:.3f}   |  {c2:6d}  {m2:.3f}  {w2:.3f}")
    if args.write:
        source = (f"benchmarks/fit_chances.py --games {args.games} --seed {args.seed} --max-turns {args.max_turns}"
                  f" --pool {','.join(pool)}; Brier held out {brier(p, hy, hm):.4f} (net-worth share "
                  f"{brier(hs, hy, hm):.4f})")
        WEIGHTS.write_text(json.dumps({"features": list(FEATURES), "weights": [round(float(v), 6) for v in w],
                                       "source": source}, indent=1) + "\n")
        print(f"wrote {WEIGHTS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
