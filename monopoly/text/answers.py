"""The text mode's answers to the decisions asked: roll, fine, card, buy, auction, bid, pay or draw,
accept or refuse, lift or keep, place, settle, bankrupt, and rent claimed or let go.
"""

from __future__ import annotations

from ..engine import DecisionKind as K, Offer
from ..engine import actions as A
from ..present.auctions import bid_prompt
from ..session.words import name
from .commands import CommandError, find_player, find_square, parse_amount
from .loop import TextCore, handles


class AnswerCommands(TextCore):
    """The answers to decisions: a part of ``loop.TextGame``."""

    # the answers
    @handles("roll")
    def do_roll(self, p: int, args: str) -> None:
        self.need(p, K.ROLL)
        if not args.startswith("!"):
            self.claims_first(p)
        self.apply(A.Roll(p))

    def claims_first(self, thrower: int) -> None:
        """A throw that would let people's rent lapse is refused, saying whose rent and how to claim
        it (``rent``), or to throw anyway (``roll!``): nobody's rent is lost unawares."""
        view = self.game.view
        lapsing = self.session.lapsing_claims(thrower)
        if not lapsing:
            return
        owed = "; ".join(f"{name(self.game, c.owner)} {view.money(c.amount)} from {name(self.game, c.payer)}"
                         for c in lapsing)
        own = any(c.owner == thrower for c in lapsing)
        others = sorted({name(self.game, c.owner) for c in lapsing if c.owner != thrower})
        how = "rent claims it" if own else f"rent {others[0].lower()} claims it for {others[0]}"
        raise CommandError(f"a throw now lets rent lapse ({owed}): {how}, or roll! throws anyway")

    @handles("fine")
    def do_fine(self, p: int, args: str) -> None:
        self.need(p, K.ROLL)
        self.apply(A.PayJailFine(p))

    @handles("card")
    def do_card(self, p: int, args: str) -> None:
        self.need(p, K.ROLL)
        self.apply(A.UseJailCard(p))

    @handles("buy")
    def do_buy(self, p: int, args: str) -> None:
        self.need(p, K.BUY)
        self.apply(A.Buy(p))

    @handles("auction")
    def do_auction(self, p: int, args: str) -> None:
        self.need(p, K.BUY)
        self.apply(A.DeclineToBuy(p))

    @handles("decline")
    def do_decline(self, p: int, args: str) -> None:
        self.need(p, K.BUY)
        self.apply(A.DeclineToBuy(p))

    @handles("bid")
    def do_bid(self, p: int, args: str) -> None:
        d = self.need(p, K.AUCTION)
        game, view = self.game, self.game.view
        sure = args.rstrip().endswith("!")
        words = args.rstrip("! ").split()
        amount = parse_amount(words[-1]) if words else None
        if words and amount is None:
            raise CommandError("bid an amount: bid 120, or 120, or a bidder and an amount: bob 120 "
                               "(bid alone bids the amount the prompt offers)")
        bidder = find_player(game, " ".join(words[:-1])) if len(words) > 1 else d.player
        a = d.auction
        assert a is not None
        if bidder not in a.bidders or self.session.is_computer(bidder):
            raise CommandError(f"{name(game, bidder)} is not a person bidding in this auction")
        asked = bid_prompt(game, bidder)  # the amounts it may bid, phrased once (``present``)
        if asked is None or asked.low is None or asked.default is None:
            raise CommandError(f"{name(game, bidder)} cannot bid now")
        if amount is None:
            amount = asked.default
        if amount < asked.low or (asked.high is not None and amount > asked.high):
            raise CommandError(asked.range_text())
        if view.bid_voids(amount, bidder) and not sure:
            assets = view.money(view.bid_limit(bidder))
            raise CommandError(f"that is more than {name(game, bidder)}'s assets ({assets}) and voids the auction: "
                               f"type bid {amount}! to bid it all the same")
        self.apply(A.Bid(bidder, amount))

    @handles("pass")
    def do_pass(self, p: int, args: str) -> None:
        self.need(p, K.AUCTION)
        self.apply(A.PassBid(p))

    @handles("flat")
    def do_flat(self, p: int, args: str) -> None:
        self.need(p, K.INCOME_TAX)
        self.apply(A.PayIncomeTax(p, False))

    @handles("percent")
    def do_percent(self, p: int, args: str) -> None:
        self.need(p, K.INCOME_TAX)
        self.apply(A.PayIncomeTax(p, True))

    @handles("pay")
    def do_pay(self, p: int, args: str) -> None:
        self.need(p, K.PAY_OR_DRAW)
        self.apply(A.PayOrDraw(p, False))

    @handles("draw")
    def do_draw(self, p: int, args: str) -> None:
        self.need(p, K.PAY_OR_DRAW)
        self.apply(A.PayOrDraw(p, True))

    @handles("accept")
    def do_accept(self, p: int, args: str) -> None:
        self.need(p, K.TRADE_RESPONSE)
        self.apply(A.AcceptTrade(p))

    @handles("refuse")
    def do_refuse(self, p: int, args: str) -> None:
        self.need(p, K.TRADE_RESPONSE)
        self.apply(A.RejectTrade(p))

    @handles("lift")
    def do_lift(self, p: int, args: str) -> None:
        d = self.need(p, K.MORTGAGED_TRANSFER)
        self.apply(A.SettleMortgagedTransfer(p, d.square, True))

    @handles("keep")
    def do_keep(self, p: int, args: str) -> None:
        d = self.need(p, K.MORTGAGED_TRANSFER)
        self.apply(A.SettleMortgagedTransfer(p, d.square, False))

    @handles("place")
    def do_place(self, p: int, args: str) -> None:
        d = self.need(p, K.MOVE_OFFLINE, K.PLACE_BUILDING)
        square = find_square(self.game, args)
        self.apply(A.MoveOffline(p, square) if d.kind == K.MOVE_OFFLINE else A.Build(p, square))

    @handles("settle")
    def do_settle(self, p: int, args: str) -> None:
        d = self.need(p, K.RAISE_FUNDS)
        if not self.game.view.may_settle_in_property(p):
            raise CommandError("rent may be settled in property only under the UK rule, and only rent")
        give, cash, cards = self.items(p, args)
        self.propose(Offer(p, d.creditor, tuple(give), (), cash, cards, (), True))

    @handles("bankrupt")
    def do_bankrupt(self, p: int, args: str) -> None:
        self.need(p, K.RAISE_FUNDS)
        self.apply(A.DeclareBankruptcy(p))

    @handles("go")
    def do_go(self, p: int, args: str) -> None:
        if self.game.view.pending.player == p:
            raise CommandError("go lets another player throw; it is your move")
        self.session.let_throw(p)

    # the option bar
    @handles("rent")
    def do_rent(self, p: int, args: str) -> None:
        """``rent``: claim the rent owed to the player prompted; ``rent NAME``: another person's
        (they must agree: ``Session.permission``)."""
        view = self.game.view
        owner = find_player(self.game, args) if args else p
        claims = [c for c in view.claims(owner)]
        if not claims:
            waiting = sorted({name(self.game, c.owner) for c in view.claims() if c.owner in self.session.people})
            more = f"; rent NAME claims another's ({', '.join(waiting)} may claim now)" if waiting else ""
            raise CommandError(f"{name(self.game, owner)} has no rent to claim just now{more}")
        for claim in claims:
            self.act(p, A.ClaimRent(claim.owner, claim.id))
