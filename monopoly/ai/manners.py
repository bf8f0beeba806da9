"""Table manners: the limits every computer player's trade offers keep, enforced in one place.

``ComputerPlayers`` asks ``Manners`` before it lets a computer make an offer, so no strategy can
nag, loop or ask absurd prices, whatever its search finds. Towards a person (a seat no computer
plays), whom every offer interrupts:

- **Not too often.** A person gets at most one computer offer every ``OFFER_GAP`` of their own
  turns; each offer in a row they refuse doubles the wait (up to ``OFFER_GAP`` times eight), so a
  person who keeps saying no is asked less and less; an acceptance resets it.
- **Never the same refusal twice.** An offer refused is not made again (with any cash or jail cards)
  until one of its deeds has changed hands.
- **No absurd prices.** An offer may not ask for more than ``ASK_LIMIT`` times the face value of
  what the person gets (a deed's price, its mortgage value when mortgaged, cash, $50 a jail card),
  except when it hands that person the last deeds of a group and they have accepted a computer's
  offer before, and then never more than ``SET_ASK_LIMIT`` times; nor so much cash that the person could not meet the rent their next throw may
  cost (``cannot_afford``): never "all your cash" for a deed.

And at every table, between computers too:

- **No circles.** A deed does not go back to a player who held it within ``RETURN_ROUNDS`` rounds,
  so deeds are not sold back and forth or passed round the table.

Offers made to settle a debt with the creditor are exempt: the rules let the debtor make them.
``cannot_afford`` is the rule a strategy's answers keep: never pay so much in a deal that the rent
its next throw may cost could not be met.

What a strategy with a published recipe (the benchmark opponents) does is left as published: such a
strategy sets ``Strategy.mannered`` False.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from ..engine import NOBODY, Offer, ProposeTrade, View
from .chances import Snapshot, Tables, tables_for
from .chances.tables import JAIL_SQUARE, RAILROAD, STREET, THROWS

OFFER_GAP = 3
RETURN_ROUNDS = 12
ASK_LIMIT = 2
SET_ASK_LIMIT = 3
JAIL_CARD_FACE = 50


@dataclass
class Manners:
    """What the controller remembers to keep the manners (saved with the computer players)."""

    last_offer: dict[int, int] = field(default_factory=dict)   # recipient -> turn of the last offer to it
    refusals: dict[int, int] = field(default_factory=dict)     # recipient -> refusals in a row
    traders: set[int] = field(default_factory=set)             # players who accepted a computer's offer
    refused: dict[tuple[int, int, tuple[int, ...], tuple[int, ...]], tuple[int, ...]] = field(default_factory=dict)
    """(proposer, recipient, deeds given, deeds taken) -> the position it was refused in (``_signature``)."""
    held: dict[int, list[tuple[int, int]]] = field(default_factory=dict)
    """Square -> (a player who held it, the turn it left them), the latest few."""
    owners: tuple[int, ...] = ()
    version: int = -1
    window: int = field(default=0, compare=False)  # turns a deed is kept from going back (``watch``)

    # ------------------------------------------------------------------ watching the board
    def watch(self, view: View) -> None:
        """Note the deeds that changed hands since the last look (cheap when nothing did)."""
        version = view.holdings_version()
        if version == self.version:
            return
        self.version = version
        owners = view.owners()
        turn = view.turn
        # (the window only shrinks, as players leave: what is out of it now never counts again)
        self.window = window = RETURN_ROUNDS * max(2, len(view.active_players()))
        if len(self.owners) == len(owners):
            for sq, (before, now) in enumerate(zip(self.owners, owners)):
                if before != now and before != NOBODY:
                    trail = self.held.setdefault(sq, [])
                    trail.append((before, turn))
                    del trail[:-4]
        self.owners = owners
        for sq in [sq for sq, trail in self.held.items() if not trail or turn - trail[-1][1] >= window]:
            del self.held[sq]

    # ------------------------------------------------------------------ the rules
    def problem(self, view: View, offer: ProposeTrade, person: bool, reply: bool = False) -> str | None:
        """Why good manners hold ``offer`` back now, or None. ``person``: the recipient is a person;
        ``reply``: a counter-offer, made at once to a person who has just offered, which waits for
        no turn."""
        if offer.settle_debt:
            return None
        recipient, turn = offer.recipient, view.turn
        players = max(2, len(view.active_players()))
        for sq, to in [(sq, recipient) for sq in offer.give] + [(sq, offer.player) for sq in offer.take]:
            if self.held_lately(view, sq, to):
                return f"{view.edition.squares[sq].name} would go back to a player who held it lately"
        if not person:
            return None
        last = self.last_offer.get(recipient)
        gap = OFFER_GAP * (1 << min(3, self.refusals.get(recipient, 0))) * players
        if not reply and last is not None and turn - last < gap:
            return "that player was asked lately"
        key = (offer.player, recipient, tuple(sorted(offer.give)), tuple(sorted(offer.take)))
        seen = self.refused.get(key)
        if seen is not None and seen == _signature(view, offer.give + offer.take):
            return "that player refused the same deeds and nothing has changed since"
        if self._absurd(view, offer):
            return "it asks more than twice what the other side gets"
        if offer.cash < 0 and cannot_afford(view, recipient, Offer(offer.player, recipient, offer.give, offer.take,
                                                                    offer.cash, offer.give_cards, offer.take_cards)):
            return "it would leave that player without the cash their next rent may need"
        return None

    def held_lately(self, view: View, square: int, player: int) -> bool:
        """Whether ``player`` held ``square`` within ``RETURN_ROUNDS`` rounds (no circles: a deal may
        not hand it back to them yet)."""
        return self.held_until(view, square, player) > view.turn

    def held_until(self, view: View, square: int, player: int) -> int:
        """The turn from which a deal may hand ``square`` back to ``player`` (``RETURN_ROUNDS``
        rounds after it left them; 0 if they never held it). A strategy asks it
        (``GameView.held_lately``) to leave such deals out of its search rather than find them and
        have them held back."""
        if view.holdings_version() != self.version:
            self.watch(view)
        trail = self.held.get(square)
        if not trail:
            return 0
        until = 0
        for p, t in trail:
            if p == player and t + self.window > until:
                until = t + self.window
        return until

    def _absurd(self, view: View, offer: ProposeTrade) -> bool:
        gets = face_value(view, offer.give, max(0, offer.cash), len(offer.give_cards))
        gives = face_value(view, offer.take, max(0, -offer.cash), len(offer.take_cards))
        if gives <= ASK_LIMIT * max(gets, 1):
            return False
        if gives > SET_ASK_LIMIT * max(gets, 1):
            return True  # not even for a set: five deeds and cash for one mortgaged deed is no offer
        return not (offer.recipient in self.traders and completes_group(view, offer.recipient, offer.give, offer.take))

    def offered(self, view: View, offer: ProposeTrade) -> None:
        if not offer.settle_debt:
            self.last_offer[offer.recipient] = view.turn

    def answered(self, view: View, offer: Offer, accepted: bool) -> None:
        if accepted:
            self.refusals[offer.recipient] = 0
            self.traders.add(offer.recipient)
            return
        self.refusals[offer.recipient] = self.refusals.get(offer.recipient, 0) + 1
        key = (offer.proposer, offer.recipient, tuple(sorted(offer.give)), tuple(sorted(offer.take)))
        self.refused[key] = _signature(view, offer.give + offer.take)
        if len(self.refused) > 400:  # the oldest go first (dicts keep their order)
            for old in list(self.refused)[:100]:
                del self.refused[old]

    # ------------------------------------------------------------------ saving
    def to_dict(self) -> dict[str, Any]:
        return {
            "last_offer": sorted([k, v] for k, v in self.last_offer.items()),
            "refusals": sorted([k, v] for k, v in self.refusals.items()),
            "traders": sorted(self.traders),
            "refused": [[k[0], k[1], list(k[2]), list(k[3]), list(v)] for k, v in self.refused.items()],
            "held": sorted([sq, [list(x) for x in trail]] for sq, trail in self.held.items()),
            "owners": list(self.owners),
        }

    @classmethod
    def from_dict(cls, data: Any) -> "Manners":
        """What ``to_dict`` wrote; raises ``ValueError`` or ``TypeError`` on anything malformed."""
        if not isinstance(data, dict):
            raise ValueError("manners: not a record")
        m = cls()
        m.last_offer = {int(k): int(v) for k, v in data.get("last_offer", [])}
        m.refusals = {int(k): int(v) for k, v in data.get("refusals", [])}
        m.traders = {int(x) for x in data.get("traders", [])}
        m.refused = {(int(p), int(r), tuple(int(x) for x in g), tuple(int(x) for x in t)): tuple(int(x) for x in s)
                     for p, r, g, t, s in data.get("refused", [])}
        m.held = {int(sq): [(int(p), int(t)) for p, t in trail] for sq, trail in data.get("held", [])}
        m.owners = tuple(int(x) for x in data.get("owners", []))
        return m


def _signature(view: View, squares: Sequence[int]) -> tuple[int, ...]:
    """The position as a refusal remembers it: the owners of the deal's deeds."""
    return tuple(view.owner(sq) for sq in sorted(squares))


def face_value(view: View, deeds: Sequence[int], cash: int, cards: int) -> int:
    """A side of a deal at face value: deeds at their price (their mortgage value when mortgaged),
    cash, and ``JAIL_CARD_FACE`` a jail card (in the board's money)."""
    squares = view.edition.squares
    total = sum(squares[sq].mortgage if view.mortgaged(sq) else squares[sq].price for sq in deeds)
    return total + cash + cards * JAIL_CARD_FACE * view.edition.starting_cash // 1500


def completes_group(view: View, player: int, give: Sequence[int], take: Sequence[int]) -> bool:
    """Whether the deeds ``give`` (less ``take``) make a whole group for ``player``."""
    edition = view.edition
    for sq in give:
        group = next((g for g in edition.groups if sq in g.squares), None)
        if group and all((view.owner(x) == player and x not in take) or x in give for x in group.squares):
            return True
    return False


# ---------------------------------------------------------------------- what a player must keep
def keep_back(t: Tables, s: Snapshot, p: int) -> int:
    """Cash ``p`` should keep in hand: what its next throw's dearest rent would need beyond what it
    could raise by mortgages and sales, and a little for taxes and cards."""
    return max(0, worst_bill(t, s, p) - raisable(t, s, p)) + int(60 / t.scale)


def cannot_afford(view: View, seat: int, offer: Offer) -> bool:
    """Would accepting ``offer`` leave ``seat`` without the cash its next throw's rent may need?"""
    r = view.rules
    t = tables_for(view.edition, r.jail_doubles_roll_again, r.doubles_roll_again, r.three_doubles_jail)
    snap = Snapshot.of(view)
    cards = len(offer.give_cards) - len(offer.take_cards)
    after = snap.traded(offer.proposer, offer.recipient, offer.give, offer.take, offer.cash, cards, t)
    paid = snap.cash[seat] - after.cash[seat]
    return paid > 0 and after.cash[seat] < keep_back(t, after, seat)


def worst_bill(t: Tables, s: Snapshot, p: int) -> int:
    """The dearest rent ``p``'s next throw may land it on (from jail: as if it left)."""
    start = JAIL_SQUARE if s.jailed[p] else s.square[p]
    worst = 0
    for total, _ in THROWS:
        sq = (start + total) % 40
        o = s.owner[sq]
        if o < 0 or o == p or s.mortgaged[sq] or not s.active[o] or t.kind[sq] < 0:
            continue
        worst = max(worst, due(t, s, sq))
    return worst


def due(t: Tables, s: Snapshot, sq: int) -> int:
    """The rent a player landing on ``sq`` would owe now (a utility at a throw of 7)."""
    o = s.owner[sq]
    g = t.groups[t.group[sq]]
    if t.kind[sq] == STREET:
        lv = s.level[sq]
        if lv == 0 and all(s.owner[x] == o for x in g.squares):
            return 2 * t.rent[sq][0]
        return t.rent[sq][lv]
    held = sum(1 for x in g.squares if s.owner[x] == o)
    return t.rent[sq][held - 1] if t.kind[sq] == RAILROAD else t.multipliers[sq][held - 1] * 7


def raisable(t: Tables, s: Snapshot, p: int) -> int:
    """What ``p`` could raise from the bank: its unmortgaged deeds' mortgages and half its buildings' cost."""
    total = 0
    for sq in t.properties:
        if s.owner[sq] == p and not s.mortgaged[sq]:
            total += t.mortgage[sq] + t.house_cost[sq] * s.level[sq] // 2
    return total
