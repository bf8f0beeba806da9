"""Who joined, left or came back at a hosted game, phrased once for both network clients (the line
client, ``text/client.py``, and a seat on the game's own screen, ``net/remote.py``)."""

from __future__ import annotations

from typing import Any


def comings_and_goings(before: Any, after: Any, seat: int | None, seen: set[int], over: bool = False) -> list[str]:
    """What to say of the other people who joined, left or came back between two public views'
    players (both clients say it in these words); ``seen``: the seats seen connected so far (kept
    up to date here: one seen before is back, one not yet has joined); ``over``: the game has
    ended (nobody is waited for)."""
    if not isinstance(after, list):
        return []
    seen.update(i for i, p in enumerate(after) if isinstance(p, dict) and p.get("connected") and before is None)
    if not isinstance(before, list):
        return []
    lines = []
    for other, (old, new) in enumerate(zip(before, after)):
        if other == seat or not isinstance(old, dict) or not isinstance(new, dict):
            continue
        if old.get("away") and new.get("connected"):
            lines.append(f"{new.get('name')} is back." if other in seen else f"{new.get('name')} joined.")
            seen.add(other)
        elif old.get("connected") and new.get("away"):
            lines.append(f"{new.get('name')} left." if over else
                         f"{new.get('name')} left; the game waits for them at their decisions.")
    return lines
