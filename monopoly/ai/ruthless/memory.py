"""What ``ruthless`` learns from answers to its offers, and what a saved game keeps of it."""

from __future__ import annotations

from typing import Any

from ..valuation import board_for
from ..view import GameView, Offer
from .base import WARY_ROUNDS, _owners_after, _completed, _offer_key
from .search import Search


class Memory(Search):
    """Memory: one layer of ``ruthless`` (see the module docstring)."""

    def _note_first_refusal(self, view: GameView, offer: Offer) -> None:
        """Remember a partner that refused our first offer of a deal handing it a set (``_asks_first``):
        every such deal's first offer is at the first price, so a refusal of one not refused before is
        a refusal of that price."""
        if offer.proposer != self.seat or not offer.give or offer.recipient in self._price_refusers:
            return
        if self._refusals.get(_offer_key(offer.recipient, offer.give, offer.take), 0) != 1:
            return
        after = _owners_after(view.owners(), self.seat, offer.recipient, offer.give, offer.take)
        if _completed(board_for(view), view.owners(), after, offer.recipient, tuple(offer.give) + tuple(offer.take)):
            self._price_refusers.add(offer.recipient)

    def trade_answered(self, view: GameView, offer: Offer, accepted: bool) -> None:
        """Remember the answer: a refused deal leaves the partner more of the gain next time, and a
        refused deal that would have completed a group for us makes it wary of that partner and
        group (see ``_wary_price``)."""
        key = _offer_key(offer.recipient, offer.give, offer.take)
        if offer.proposer == self.seat and key in self._levers:
            self._levers.discard(key)
            if not accepted:
                self._lever_refusers.add(offer.recipient)  # (``_lever_sale``)
        if accepted:
            self._refusals.pop(key, None)
            return
        self._refusals[key] = self._refusals.get(key, 0) + 1
        self._note_first_refusal(view, offer)
        if offer.proposer != self.seat or not offer.take:
            return
        owners = view.owners()
        after = _owners_after(owners, self.seat, offer.recipient, offer.give, offer.take)
        moved = tuple(offer.give) + tuple(offer.take)
        board = board_for(view)
        # the evidence kept: it will not hand us a set for cash and lone deeds, or for a set of its
        # own worth this share of ours or less
        mine = _completed(board, owners, after, self.seat, moved)
        if not mine:
            return
        until = view.turn + WARY_ROUNDS * view.player_count
        theirs = _completed(board, owners, after, offer.recipient, moved)
        if not theirs:
            self._wary[offer.recipient] = until
            return
        ratio = self._swap_ratio(view, board, view.player_count, tuple(theirs), tuple(mine))
        last = self._wary_swaps.get(offer.recipient)
        if last is not None and view.turn < last[1]:
            ratio = max(ratio, last[0])
        self._wary_swaps[offer.recipient] = (ratio, until)

    def memory(self) -> dict[str, Any]:
        key = self._search_key
        idle = self._idle
        return {"refusals": dict(self._refusals), "searched_turn": self._searched_turn, "search_due": self._search_due,
                "search_key": [list(key), []] if key is not None else None,  # (a second list: mortgages, once)
                "queue": [[x, list(give), list(take)] for x, give, take in self._queue],
                "idle": [idle[0], idle[1], list(idle[2])] if idle is not None else None,
                "dead": {k: list(v) for k, v in self._dead.items()},
                "wary": {str(x): until for x, until in self._wary.items()},
                "wary_swaps": {str(x): list(v) for x, v in self._wary_swaps.items()},
                "price_refusers": sorted(self._price_refusers),
                "levers": sorted(self._levers), "lever_refusers": sorted(self._lever_refusers)}

    def restore(self, memory: dict[str, Any]) -> None:
        self._refusals = {str(k): int(v) for k, v in dict(memory.get("refusals", {})).items()}
        self._wary = {int(x): int(until) for x, until in dict(memory.get("wary", {})).items()}
        self._wary_swaps = {int(x): (float(v[0]), int(v[1])) for x, v in dict(memory.get("wary_swaps", {})).items()}
        self._price_refusers = {int(x) for x in list(memory.get("price_refusers", []))}
        self._levers = {str(k) for k in list(memory.get("levers", []))}
        self._lever_refusers = {int(x) for x in list(memory.get("lever_refusers", []))}
        self._searched_turn = int(memory.get("searched_turn", -1))
        self._search_due = int(memory.get("search_due", 0))
        self._dead = {str(k): (int(v[0]), int(v[1]), int(v[2]), None if len(v) < 4 or v[3] is None else float(v[3]))
                      for k, v in dict(memory.get("dead", {})).items()}
        key = memory.get("search_key")
        # (a key an older version saved has mortgages in its second list: it matches nothing, so it searches afresh)
        self._search_key = tuple(int(x) for x in key[0]) if key and not key[1] else None
        self._queue = [(int(x), tuple(int(s) for s in give), tuple(int(s) for s in take))
                       for x, give, take in list(memory.get("queue", []))]
        idle = memory.get("idle")
        self._idle = (int(idle[0]), int(idle[1]), tuple(int(s) for s in idle[2])) if idle else None
        self.quiet = None
