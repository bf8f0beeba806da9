"""The auction on screen: the bidders in a box beside the board, a person's number and an amount
bid for that person, computers bid by their strategy, and the person asked sees a countdown.

The countdown's length is ``play.AUCTION_WAIT`` (read from there when an auction starts, so the
tests that shorten it patch it in one place).
"""

from __future__ import annotations

import time

from ..engine import DecisionKind as K, Pending
from ..engine import actions as A
from ..present import model as M
from ..session.questions import NUMBER, Question
from ..present import bid_prompt
from ..session.words import cannot_bid_text
from . import keys as KEYS
from . import play
from .play import Controller
from .screen import key_char


class AuctionDialogs(Controller):
    """Auctions: a part of ``play.GameController``."""

    # ------------------------------------------------------------------ auctions
    def run_auction(self) -> None:
        """An auction on screen: people bid with their player number and an amount; computers by
        their strategy; the person asked sees a countdown that any key restarts, and is then
        waited for: nobody drops out for silence alone."""
        game = self.game
        d = game.view.pending
        if d.kind != K.AUCTION or d.auction is None:
            return
        wait = play.AUCTION_WAIT  # the same with Fastmove: people need the time to bid
        deadline = time.monotonic() + wait
        asked_before = None
        told: tuple[int, int] | None = None  # the bidder told to raise money, at that highest bid
        try:
            while game.view.pending.serial == d.serial and not game.view.over:
                now = game.view.pending
                a = now.auction
                assert a is not None
                asked = now.player
                if asked != asked_before:
                    deadline = time.monotonic() + wait
                    asked_before = asked
                left = max(0.0, deadline - time.monotonic())
                self.ui.auction_left = left
                self.ui.popup = self._auction_popup(now, left)
                here = asked in self.session.people
                mine = self._b_bidder(now)
                self.ui.hint = (f"Auction: {M.name(game, asked)} is away; the host can hand the seat to a computer"
                                if self.seat_away(asked) else
                                f"Auction: B bids for {M.name(game, mine)}" if not here and mine is not None else
                                "Auction: a player's number bids for that player" if not here
                                else f"Auction: B bids for {M.name(game, asked)}, a player's number for that player; "
                                f"P: {M.name(game, asked)} drops out")  # P does nothing for a computer: it answers for itself
                self.refresh()
                if not here:  # a computer, or a person at another screen (a game played elsewhere)
                    move = self.session.computer_move()
                    if move is None:  # played elsewhere: a key here, or the news from there
                        key = self.screen.read_key(None)
                        if key is not None:
                            self._auction_key(d, key)
                        continue
                    if move.stumbled:
                        self.say(move.stumbled, "bad")
                    key = self.screen.read_key(self.pace * 0.6)
                    if key is not None and self._auction_key(d, key):
                        continue
                    self.apply(move.action, computer=True)
                    continue
                stance = self.session.auction_stance(asked)
                if stance is not None and stance.bids is None:
                    if not stance.can_raise:  # nothing left to raise money with: out of the bidding
                        self.say(f"{M.name(game, asked)} {cannot_bid_text(game, asked, stance.limit)}", "dim")
                        self.apply(A.PassBid(asked))
                        continue
                    if told != (asked, a.high_bid):
                        told = (asked, a.high_bid)
                        self.say(f"{M.name(game, asked)} {cannot_bid_text(game, asked, stance.limit)}: "
                                 "M mortgages or S sells to raise money, P drops out", "rent")
                # Silence drops nobody out: once the countdown has run out, the asked player is
                # waited for (a bid, or P); any key starts the countdown again.
                key = self.screen.read_key(min(1.0, left) if left > 0 else None)
                if key is not None:
                    self._auction_key(d, key)
                    deadline = time.monotonic() + wait
        finally:
            self.ui.popup = None
            self.ui.auction_left = None
        self.refresh()

    def _auction_key(self, d: Pending, key: int) -> bool:
        """Handle a key during an auction; True when a bid or a pass was made."""
        game = self.game
        d = game.view.pending  # as it stands now (the bidder asked moves on): ``d`` named the auction
        a = d.auction
        assert a is not None
        ch = key_char(key)
        if ch.lower() in KEYS.VIEW_KEYS and self.view_key(ch):  # the win chances or the hint: no bid
            return False
        if KEYS.command("auction", key) == "pass":
            if d.player in self.session.people:
                self.apply(A.PassBid(d.player))
                return True
            return False
        if KEYS.command("auction", key) == "bid":
            bidder = self._b_bidder(d)
            if bidder is not None:
                return self._bid_for(d.serial, bidder)
        if ch.isdigit() and ch != "0":
            return self._bid_for(d.serial, int(ch) - 1)
        stance = self.session.auction_stance(d.player) if d.player in self.session.people else None
        if stance is not None and stance.can_raise and ch.lower() in ("m", "s"):
            # the bidder asked may raise money to bid on (their own deeds and buildings only)
            if ch.lower() == "m":
                self.mortgage_dialog(d.player)
            else:
                self.sell_dialog(d.player)
            return False
        if KEYS.option_for_key(key) is not None or key == ord("?"):
            # the option bar is closed while the bidding runs: say so rather than ignore the key
            self.say("The options wait until the auction is over: B bids, a player's number bids as that "
                     "player, P drops out", "dim")
        return False

    def _b_bidder(self, d: Pending) -> int | None:
        """Whom B bids for: the bidder asked, when at this screen, else the one person here who
        may raise the bid (a seat at a hosted game); None when that is not one person."""
        a = d.auction
        assert a is not None
        people = self.session.people
        if d.player in people:
            return d.player
        mine = [b for b in a.bidders if b in people and b != a.high_bidder]
        return mine[0] if len(mine) == 1 else None

    def _bid_for(self, serial: int, p: int) -> bool:
        """Ask the amount ``p`` bids, in the words of their bid prompt (``present``), and bid it."""
        game = self.game
        a = game.view.pending.auction
        assert a is not None
        if p not in a.bidders or p not in self.session.people:
            self.say(f"Player {p + 1} is not a person bidding in this auction", "dim")
            return False
        if p == a.high_bidder:
            self.say(f"{M.name(game, p)} already has the highest bid", "dim")
            return False
        bidding = bid_prompt(game, p)
        limit = game.view.bid_limit(p)
        if bidding is None or bidding.low is None or bidding.default is None:
            self.say(f"{M.name(game, p)} cannot bid more than {game.view.money(limit)}", "dim")
            return False
        amount = self.ask(Question(bidding.amount_question(), NUMBER, bidding.default,
                                   low=bidding.low, high=bidding.high, money=game.view.money))
        if amount is None or game.view.pending.serial != serial:
            return False
        if game.view.bid_voids(amount, p) and not self.yes_no(
                f"That is more than {M.name(game, p)}'s assets ({game.view.money(limit)}) and voids the auction: "
                "bid it?", False):
            return False
        if game.view.pending.serial != serial:
            return False
        return self.apply(A.Bid(p, amount)) is not None

    def _auction_popup(self, d: Pending, left: float) -> M.Popup:
        """The auction box: the asked bidder's prompt (``present``) in lines, and the keys here."""
        game = self.game
        bidding = bid_prompt(game, d.player)
        assert bidding is not None
        lines: list[tuple[str, str]] = [(bidding.what, "title")]
        if bidding.price:
            lines.append((f"Printed price {bidding.price}", "dim"))
        high = bidding.high_text
        lines.append((high[:1].upper() + high[1:], "good" if high != "no bid yet" else "message"))
        lines.append(("Bidding:", "dim"))
        for b in bidding.bidders:
            tag = " (computer)" if self.session.is_computer(b) else ""
            mark = "> " if b == d.player else "  "
            lines.append((f"{mark}{M.label(game, b)}{tag}", "current" if b == d.player else "message"))
        lines.append(("", "message"))
        asked = M.name(game, d.player)
        a = d.auction
        assert a is not None
        numbers = [str(b + 1) for b in a.bidders if b != a.high_bidder and b in self.session.people]
        if self.session.is_computer(d.player):
            lines.append((f"{asked} is thinking...", "dim"))
        elif d.player not in self.session.people:  # at another screen
            if self.seat_away(d.player):  # nobody bids for them: say who can move the game on
                lines.append((f"Waiting for {asked}, who is away: the game waits for their bid. The host "
                              f"can hand the seat to a computer (cpu {asked}).", "rent"))
            else:
                lines.append((f"Waiting for {asked} to bid or drop out", "dim"))
            bidder = self._b_bidder(d)
            if bidder is not None:  # one person here: B bids for them
                lines.append((f"B: {M.name(game, bidder)} bids", "dim"))
            elif numbers:
                lines.append((f"{', '.join(numbers)}: bid as that player", "dim"))
        else:
            lines.append((f"{asked}: {int(left + 0.99)} s to bid" if left > 0 else
                          f"{asked}: waiting for a bid or P", "rent"))
            can = bidding.range_text()
            if can:
                lines.append((can, "message"))
            for answer in bidding.answers:  # its answers with their keys: B bids, P drops out
                lines.append((f"{answer.key.upper()}: {answer.label}", "dim"))
            if numbers and sum(1 for b in a.bidders if b in self.session.people) > 1:
                # only the people who may raise the bid now (one person alone has B)
                lines.append((f"{', '.join(numbers)}: bid as that player", "dim"))
        return M.Popup("Auction", lines, footer="", where="side")
