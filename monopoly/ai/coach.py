"""A hint for the decision a person faces: each legal choice with the estimated chance of winning
right after it, best first, what the hard computer would pick, and one line of reason.

Fair by construction: everything is read from the seat's own view (``GameView(game, seat)``) and
imagined on a ``Snapshot`` of it (``chances``: cash, deeds, buildings, tokens, never the decks or
the dice), and the hard computer (``ruthless``) is asked on the same view. The choices:

- a deed to buy: buy it at its price, or let it go (to auction: estimated as bought at its price
  by the opponent it would help most who can pay, or by nobody; under rules without auctions the
  bank keeps it);
- in jail: throw for doubles (the position as it stands; on the last throw, the fine paid), pay the
  fine, use a card;
- an offer: accept (the trade made) or refuse (nothing changes);
- a bid: the next step (estimated as winning the deed at it), or drop out (the deed to the high
  bidder at the high bid, else as for a deed let go);
- income tax: the flat amount or the percentage of the worth;
- a fine or a card (pay or draw): the fine, or a card's average cash for the seat (``tactics.card_expectation``:
  the deck's cards as printed, never the order they lie in);
- a debt to raise money for: which deed to mortgage or which building to sell first (the best few);
- a mortgaged deed received: lift the mortgage now, or keep it and pay the interest;
- building, at the seat's own throw (outside jail) when it may build: where to put the next house,
  or build nothing (the best few).

A hint is an estimate of the model fitted on computer games (``docs/strategies.md``), not advice
that cannot be wrong. Other decisions (the Offline token, placing an auctioned building) get none.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import (NOBODY, Action, AcceptTrade, AuctionItem, Bid, Build, Buy, DeclineToBuy, DecisionKind as K, Game,
                      Mortgage, PassBid, PayIncomeTax, PayJailFine, PayOrDraw, RejectTrade, Roll, SellBuilding,
                      SettleMortgagedTransfer, UseJailCard, View)
from .chances import Estimator, Snapshot
from .registry import make_strategy
from .strategy import ANSWERS
from .tactics import card_expectation
from .view import GameView

COMPUTER = "ruthless"
"""The strategy whose pick a hint names: the hard computer."""

KINDS = (K.BUY, K.ROLL, K.TRADE_RESPONSE, K.AUCTION, K.INCOME_TAX, K.PAY_OR_DRAW, K.RAISE_FUNDS, K.MORTGAGED_TRANSFER)
"""The decisions a hint is given for (a throw: in jail, or where the seat may build)."""

MOST = 6
"""The choices a hint lists where there may be many (deeds to mortgage, streets to build on): the best."""


@dataclass(frozen=True)
class Choice:
    """One legal answer: the action, a short label ("buy", "refuse", "bid $61"), the seat's estimated
    chance of winning right after it, and what the estimate assumed (may be empty)."""

    action: Action
    label: str
    chance: float
    assumed: str = ""


@dataclass(frozen=True)
class Hint:
    """The choices of ``player``'s decision, best first; the hard computer's pick among them (None when
    it picked something else); the chance as it stands; a one-line reason."""

    player: int
    kind: K
    now: float
    choices: tuple[Choice, ...]
    computer: Choice | None
    reason: str

    @property
    def best(self) -> Choice:
        return self.choices[0]


def _pct(x: float) -> str:
    return f"{round(100 * x)}%"


class _Coach:
    def __init__(self, view: GameView) -> None:
        self.view = view
        self.me = view.seat
        self.estimator = Estimator.of(view)
        self.snap = Snapshot.of(view)

    def chance(self, snap: Snapshot) -> float:
        return self.estimator.chance(snap, self.me)

    def let_go(self, square: int, price: int, bidders: list[int]) -> tuple[Snapshot, str]:
        """The deed ``square`` bought at ``price`` by whichever of ``bidders`` it helps most (and who can
        pay), or by nobody when none can."""
        v = self.view
        best: tuple[float, int, Snapshot] | None = None
        for o in bidders:
            if o == self.me or v.bankrupt(o) or v.cash(o) < price:
                continue
            after = self.snap.bought(o, square, price)
            gain = self.estimator.chance(after, o) - self.estimator.chance(self.snap, o)
            if best is None or gain > best[0]:
                best = (gain, o, after)
        if best is None:
            return self.snap, "nobody buys it"
        return best[2], f"{v.name(best[1])} buys it for {v.money(price)}"

    def choices(self) -> list[Choice]:
        v, me, snap = self.view, self.me, self.snap
        ask = v.pending
        if ask.kind == K.BUY:
            out = [Choice(Buy(me), "buy", self.chance(snap.bought(me, ask.square, ask.amount)))]
            if v.is_legal(DeclineToBuy(me)):
                if v.rules.auctions:
                    after, assumed = self.let_go(ask.square, v.square(ask.square).price, v.opponents())
                    out.append(Choice(DeclineToBuy(me), "auction", self.chance(after), assumed))
                else:
                    out.append(Choice(DeclineToBuy(me), "decline", self.chance(snap), "the bank keeps it"))
            return [c for c in out if v.is_legal(c.action)]
        if ask.kind == K.ROLL:
            if not v.in_jail(me):
                return self.building()
            fine = v.edition.jail_fine
            freed = snap.paid(me, fine)
            freed.jailed[me] = False
            out = [Choice(PayJailFine(me), "fine", self.chance(freed))]
            carded = snap.copy()
            carded.jailed[me] = False
            carded.jail_cards[me] -= 1
            out.append(Choice(UseJailCard(me), "card", self.chance(carded)))
            if v.last_jail_throw(me):
                out.append(Choice(Roll(me), "roll", self.chance(freed), "no doubles: the fine is paid"))
            else:
                out.append(Choice(Roll(me), "roll", self.chance(snap), "still in jail until doubles"))
            return [c for c in out if v.is_legal(c.action)]
        if ask.kind == K.TRADE_RESPONSE and ask.offer is not None:
            o = ask.offer
            cards = len(o.give_cards) - len(o.take_cards)
            after = snap.traded(o.proposer, o.recipient, o.give, o.take, o.cash, cards, self.estimator.tables)
            return [c for c in (Choice(AcceptTrade(me), "accept", self.chance(after)),
                                Choice(RejectTrade(me), "refuse", self.chance(snap))) if v.is_legal(c.action)]
        if ask.kind == K.AUCTION and ask.auction is not None:
            a = ask.auction
            if a.item != AuctionItem.SQUARE:
                return []
            out = []
            step = v.bid_range(me)
            if step is not None:
                low = step[0]
                out.append(Choice(Bid(me, low), f"bid {v.money(low)}", self.chance(snap.bought(me, a.square, low))))
            if a.high_bidder not in (NOBODY, me):
                after = snap.bought(a.high_bidder, a.square, a.high_bid)
                assumed = f"{v.name(a.high_bidder)} buys it for {v.money(a.high_bid)}"
            else:
                after, assumed = self.let_go(a.square, a.high_bid + 1, list(a.bidders))
            out.append(Choice(PassBid(me), "pass", self.chance(after), assumed))
            return [c for c in out if v.is_legal(c.action)]
        if ask.kind == K.INCOME_TAX:
            percent = v.square(ask.square).percent * v.income_tax_worth(me) // 100
            return [c for c in (Choice(PayIncomeTax(me, False), "flat", self.chance(snap.paid(me, ask.amount)),
                                       f"{v.money(ask.amount)}"),
                                Choice(PayIncomeTax(me, True), "percent", self.chance(snap.paid(me, percent)),
                                       f"{v.money(percent)}")) if v.is_legal(c.action)]
        if ask.kind == K.PAY_OR_DRAW:
            deck = ask.deck or ""
            mean = round(card_expectation(v, deck)) if deck else 0
            card = (f"a card brings {v.money(mean)} on average" if mean >= 0
                    else f"a card costs {v.money(-mean)} on average")
            return [c for c in (Choice(PayOrDraw(me, False), f"pay {v.money(ask.amount)}",
                                       self.chance(snap.paid(me, ask.amount))),
                                Choice(PayOrDraw(me, True), "draw", self.chance(snap.paid(me, -mean)), card))
                    if v.is_legal(c.action)]
        if ask.kind == K.RAISE_FUNDS:
            return self.raising()
        if ask.kind == K.MORTGAGED_TRANSFER:
            sq = ask.square
            lift = SettleMortgagedTransfer(me, sq, True)
            keep = SettleMortgagedTransfer(me, sq, False)
            out = [Choice(keep, f"keep it mortgaged ({v.money(v.mortgage_interest(sq))} interest)",
                          self.chance(snap.paid(me, v.mortgage_interest(sq))))]
            if v.is_legal(lift):
                lifted = snap.lifted(sq, v.lift_cost(sq))
                out.append(Choice(lift, f"lift the mortgage ({v.money(v.lift_cost(sq))})", self.chance(lifted)))
            return [c for c in out if v.is_legal(c.action)]
        return []

    def raising(self) -> list[Choice]:
        """A debt: each deed that may be mortgaged and each building that may be sold, as the first step."""
        v, me, snap = self.view, self.me, self.snap
        out: list[Choice] = []
        for action in v.legal_actions(me):
            if isinstance(action, Mortgage):
                sq = action.square
                after = snap.mortgaged_at(sq, self.estimator.tables.mortgage[sq])
                out.append(Choice(action, f"mortgage {v.square(sq).name}", self.chance(after)))
            elif isinstance(action, SellBuilding):
                sq = action.square
                after = snap.copy()
                after.cash[me] += v.sale_refund(sq)
                if after.level[sq] == 5:
                    after.bank_hotels += 1
                    after.bank_houses -= 4
                else:
                    after.bank_houses += 1
                after.level[sq] -= 1
                out.append(Choice(action, f"sell a building on {v.square(sq).name}", self.chance(after)))
        return out

    def building(self) -> list[Choice]:
        """At the seat's throw: a round of houses on each group that may be built on (the next building
        on each of its streets at the lowest level, as far as the cash goes: one house alone on a
        set loses the double rent of the others), or none."""
        v, me, snap = self.view, self.me, self.snap
        builds = [a for a in v.legal_actions(me) if isinstance(a, Build)]
        if not builds:
            return []
        out = [Choice(Roll(me), "build nothing", self.chance(snap))]
        done: set[str] = set()
        for action in builds:
            group = v.group_of(action.square)
            if group is None or group.id in done:
                continue
            done.add(group.id)
            low = min(snap.level[sq] for sq in group.squares)
            after, spent, count = snap, 0, 0
            for sq in group.squares:
                cost = v.build_cost(sq)
                if snap.level[sq] == low and low < 5 and after.cash[me] >= cost:
                    after, spent, count = after.built(sq, cost), spent + cost, count + 1
            first = next(a for a in builds if v.group_of(a.square) == group)
            what = "hotel" if low == 4 else "house"
            out.append(Choice(first, f"build {count} {what}{'s' if count > 1 else ''} on {group.name} "
                                     f"({v.money(spent)})", self.chance(after)))
        return out

    def computer(self, choices: list[Choice]) -> Choice | None:
        """The hard computer's answer, found among ``choices`` (a bid of any amount counts as the bid)."""
        v = self.view
        ask = v.pending
        strategy = make_strategy(COMPUTER, self.me)
        building = ask.kind == K.ROLL and not v.in_jail(self.me)
        method = "jail" if ask.kind == K.ROLL else ANSWERS.get(ask.kind)
        if method is None:
            return None
        try:
            answer = (strategy.act_anytime(v) or Roll(self.me)) if building else getattr(strategy, method)(v, ask)
        except Exception:  # a failing strategy costs the hint its "computer" line, nothing more
            return None
        for c in choices:
            if c.action == answer or (isinstance(answer, Bid) and isinstance(c.action, Bid)):
                return c
            if isinstance(answer, Build) and isinstance(c.action, Build) and \
                    v.group_of(answer.square) == v.group_of(c.action.square):
                return c  # a round of houses on that group
        return None


def hint(game: Game, seat: int) -> Hint | None:
    """The hint for ``seat``'s decision now, read from ``seat``'s view only; None when it has none
    waiting of a kind a hint is given for (``KINDS``)."""
    view = GameView(game, seat)
    ask = view.pending
    if ask.player != seat or ask.kind not in KINDS:
        return None
    coach = _Coach(view)
    choices = coach.choices()
    if len(choices) < 2:
        return None
    choices.sort(key=lambda c: -c.chance)
    picked = coach.computer(choices)
    if len(choices) > MOST:  # the best few, and the hard computer's pick among them
        kept = choices[:MOST]
        if picked is not None and picked not in kept:
            kept[-1] = picked
        choices = kept
    return Hint(seat, ask.kind, coach.chance(coach.snap), tuple(choices), picked, reason(view, choices, picked))


_VERBS = {"fine": "pay the fine", "card": "use a card", "roll": "throw for doubles", "auction": "let it go to auction",
          "pass": "drop out", "flat": "pay the flat amount", "percent": "pay the percentage",
          "draw": "take a card"}


def say_choice(label: str) -> str:
    """A choice's label as a verb: "pay the fine" for "fine", "buy" for "buy"."""
    return _VERBS.get(label, label)


def reason(view: View, choices: list[Choice], picked: Choice | None) -> str:
    """One line: the best choice and its margin over the next, and the hard computer's pick."""
    best, second = choices[0], choices[1]
    margin = best.chance - second.chance
    if margin < 0.005:
        line = f"{best.label} and {second.label} come out about even ({_pct(best.chance)})"
    else:
        line = (f"{best.label}: your chance {_pct(best.chance)} if you {say_choice(best.label)}, against "
                f"{_pct(second.chance)} if you {say_choice(second.label)}")
        if second.assumed:
            line += f" ({second.assumed})"
    if picked is not None:
        line += f"; the hard computer would {say_choice(picked.label)}"
    return line + "."


def hint_lines(view: View, h: Hint | None) -> list[str]:
    """The hint in words: the reason, then each choice with its figure (and what it assumed)."""
    if h is None:
        return ["No hint now: hints are given for buying, jail, offers, bids, income tax, a fine or a card, "
                "raising money, a mortgaged deed received and building at your throw, when it is your decision."]
    lines = [f"Hint for {view.name(h.player)}: {h.reason}"]
    for c in h.choices:
        mark = " (the hard computer's pick)" if h.computer is not None and c.action == h.computer.action else ""
        extra = f", assuming {c.assumed}" if c.assumed else ""
        lines.append(f"  {c.label}: {_pct(c.chance)}{extra}{mark}")
    lines.append(f"  (now {_pct(h.now)}; estimates from what everyone can see, not certainties: "
                 "monopoly help playing)")
    return lines


__all__ = ["COMPUTER", "Choice", "Hint", "KINDS", "hint", "hint_lines", "reason", "say_choice"]
