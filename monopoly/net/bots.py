"""A plain player behind the client side of the protocol, for tests and the load benchmark.

It sees only what a client sees (an ``update``'s prompt) and answers with the first legal action in
a fixed order of preference: claim rent, throw, buy, pass in auctions, pay the plainest way, refuse
offers, raise money by selling then mortgaging. The computer players of ``monopoly.ai`` need the
whole game, which a client does not have.
"""

from __future__ import annotations

from typing import Any

from .protocol import message

PREFERENCE = ("claim_rent", "roll", "buy", "pass", "income_tax", "pay_or_draw", "reject_trade",
              "settle_mortgaged_transfer", "sell_building", "mortgage", "declare_bankruptcy", "move_offline",
              "build")


def choose(update: dict[str, Any]) -> dict[str, Any] | None:
    """The message to send after an ``update`` or ``welcome`` (None: nothing to do now)."""
    p = update.get("prompt")
    if not isinstance(p, dict):
        return None
    actions = [a["action"] for a in p.get("actions", [])]
    if p.get("may_go"):
        mine = [a for a in actions if a.get("action") == "claim_rent"]
        return message("action", action=mine[0]) if mine else message("go")
    if not p.get("asked"):
        return None
    for verb in PREFERENCE:
        for a in actions:
            if a.get("action") == verb:
                return message("action", action=a)
    return message("action", action=actions[0]) if actions else None
