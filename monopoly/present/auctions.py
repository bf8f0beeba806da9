"""The bid an auction asks of a bidder, phrased once for every front end.

An auction is not answered with one fixed choice (a bid is an amount), so it is its own value, a
``BidPrompt``: what is sold, the highest bid and who made it, who still bids, the amounts the bidder
may offer (with a few steps up from the highest bid), and the two answers, bid and drop out. The
curses screen shows its lines in the auction box and asks its amount question, the text mode says
its line and takes its words as commands, and the network sends its line as the question.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from ..engine import NOBODY, DecisionKind as K, Game
from ..engine import actions as A
from ..session.words import buildings_words, item_name, join_words, name
from .prompts import Answer

# the raises offered on top of the highest bid (clipped to what the bidder may bid)
STEPS = (10, 50, 100)


@dataclass(frozen=True)
class BidPrompt:
    """The auction as ``player`` (one of its bidders) sees it. ``low``/``high``: the bids they may
    make (``high`` None: any higher bid, which voids the auction beyond their assets; both None:
    they cannot bid now); ``steps``: suggested bids, the first the default; ``answers``: bid (the
    default amount) and drop out, when they may; ``asked``: the bidder the auction waits for;
    ``who``: the bidder's name."""

    player: int
    who: str
    asked: int
    what: str
    price: str
    high_text: str
    bidders: tuple[int, ...]
    bidder_names: str
    low: int | None
    high: int | None
    steps: tuple[int, ...]
    answers: tuple[Answer, ...]
    money_low: str
    money_high: str

    @property
    def kind(self) -> K:
        return K.AUCTION

    @property
    def default(self) -> int | None:
        """The amount a bid takes when none is given (RETURN at the amount question)."""
        return self.steps[0] if self.steps else None

    def title(self) -> str:
        """"Auction of Baltic Avenue (printed price $60)"."""
        return f"Auction of {self.what}" + (f" (printed price {self.price})" if self.price else "")

    def range_text(self) -> str:
        """"Ann may bid $30 to $500" ("" when they cannot bid now)."""
        if self.low is None:
            return ""
        return f"{self.who} may bid {self.money_low}" + (f" to {self.money_high}" if self.high is not None else " or more")

    def words(self) -> str:
        """The answers as the line modes name them: "bid N or pass"."""
        parts = [("bid N" if a.word == "bid" else a.word) for a in self.answers]
        return " or ".join(parts)

    def line(self) -> str:
        """The auction in one line, for a line mode: "Auction of Baltic Avenue (printed price $60):
        highest bid $20 by Bob; Ann may bid $21 to $500. Still bidding: Ann and Bob (bid N or pass)"."""
        can = self.range_text()
        words = f" ({self.words()})" if self.answers else ""
        return f"{self.title()}: {self.high_text}{'; ' + can if can else ''}. Still bidding: {self.bidder_names}{words}"

    def amount_question(self) -> str:
        """The question of the amount, "Ann bids" (a front end adds the range and the default its
        own way: the curses prompt as "($21-$500) [$30]")."""
        return f"{self.who} bids"

    def answer(self, word: str) -> Answer | None:
        w = word.strip().lower()
        found = [a for a in self.answers if w in (a.word, a.key) or (w and a.word.startswith(w))]
        return found[0] if len(found) == 1 else None


def bid_prompt(game: Game, player: int) -> BidPrompt | None:
    """The auction under way as ``player`` sees it, when they are one of its bidders."""
    view = game.view
    d = view.pending
    a = d.auction
    if view.over or d.kind != K.AUCTION or a is None or player not in a.bidders:
        return None
    money = view.money
    price = money(view.square(a.square).price) if a.item == "square" else ""
    high_text = (f"highest bid {money(a.high_bid)} by {name(game, a.high_bidder)}" if a.high_bidder != NOBODY
                 else "no bid yet")
    bids = view.bid_range(player) if player != a.high_bidder else None
    low, top = bids if bids is not None else (None, None)
    steps: tuple[int, ...] = ()
    answers: list[Answer] = []
    if low is not None:
        limit = view.bid_limit(player)
        cap = top if top is not None else max(limit, low)
        base = a.high_bid if a.high_bidder != NOBODY else 0
        wanted = sorted({max(low, min(cap, base + step)) for step in STEPS})
        steps = tuple(wanted)
        answers.append(Answer("b", "bid", "bid an amount", A.Bid(player, steps[0]),
                              f"from {money(low)}"))
    if player == d.player:
        answers.append(Answer("p", "pass", "drop out", A.PassBid(player)))
    return BidPrompt(player, name(game, player), d.player, item_name(game, str(a.item), a.square), price, high_text, tuple(a.bidders),
                     join_words([name(game, b) for b in a.bidders]), low, top, steps, tuple(answers),
                     money(low) if low is not None else "", money(top) if top is not None else "")


def scarce_left_text(game: Game, left: Iterable[tuple[int, int]], hotels: bool, supply: int) -> str:
    """After a shortage auction: the people whose orders were not all met, and what to do."""
    items = [f"{name(game, p)} {buildings_words(c, hotels)}" for p, c in left]
    what = "hotels" if hotels else "houses"
    if supply > 0:
        return f"The auction is over. Still wanted: {join_words(items)}. Build them with Houses (H)."
    return (f"The auction is over and the bank has no {what} left. Still wanted: {join_words(items)}; "
            f"build them with Houses (H) once the bank has {what} again.")
