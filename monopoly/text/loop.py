"""The text mode's game loop: one prompt, one command, the events it caused, line by line.

Each time round the loop the time-limit clock is checked, then the computer players act if they
want to (at once: nobody needs to watch a token move), then the person whose decision it is is
prompted. The prompt says who decides and what can be typed; a line that is not allowed now is
answered with one line saying what is. Every change goes through ``Game.apply``, and every event
is told in the words the curses screen uses (``monopoly.session.words``). Nothing of the rules is worked
out here: what is allowed, what things cost and who may bid come from the game's read view.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Callable, Sequence

from ..engine import ANSWER_TYPES, BOARD_SIZE, NOBODY, Action, DecisionKind as K, Game, IllegalActionError, Offer, Pending
from ..engine import actions as A
from ..engine import events as E
from ..session import model as M
from ..session.session import ComputerMove, Session
from ..session.questions import clock_text, parse_yes_no
from ..session.summary import since_last_turn
from ..present import decision_prompt
from ..session.words import (cannot_bid_text, computers_join_text, event_lines, format_event, item_name, join_words,
                             name, new_game_text, odds_line, since_lines, trade_lines, turn_end_text, undo_refused,
                             valuation_rows)
from ..storage import saves
from ..storage.places import resume_command
from .commands import (ANSWERS, GENERAL, Command, CommandError, Parsed, command, find_player, find_square, number, parse_amount,
                       parse_line, split_items)
from .console import Console
from .views import assets_lines, board_lines, credit_lines, deed_lines, help_lines, owners_lines

LOG_LINES = 20  # shown by ``log`` without a number
LOG_KEPT = 500  # lines ``log`` can reach back to


# Each command's handler, by the command's name: filled by ``@handles`` on the methods below.
HANDLERS: dict[str, Callable[["TextGame", int, str], None]] = {}


def handles(name: str) -> Callable[[Callable[["TextGame", int, str], None]], Callable[["TextGame", int, str], None]]:
    """Register a method as the handler of command ``name``."""
    def register(method: Callable[["TextGame", int, str], None]) -> Callable[["TextGame", int, str], None]:
        HANDLERS[name] = method
        return method
    return register


class TextGame:
    """A game played line by line through a ``Console``: the text mode's ``FrontEnd`` of a ``Session``."""

    def __init__(self, console: Console, game: Game, computers: Any, ui: M.UIState, save_dir: str | Path,
                 save_name: str | None = None, clock: Callable[[], float] = time.monotonic,
                 loaded: saves.LoadedGame | None = None) -> None:
        self.console = console
        self.save_dir = Path(save_dir)
        self.session = Session(game, computers, ui, saves.GameRecord.opened(self.save_dir, loaded),
                               save_name=save_name, clock=clock, say=self.say)
        self.game = game
        self.cp = computers
        self.ui = ui
        self.said: list[str] = []  # everything told, for ``log``
        self._asked: tuple[Any, ...] | None = None  # the decision last put into words
        self._raise_told: tuple[Any, ...] | None = None  # the auction turn a bidder was told to raise money in
        self._turn_of = game.view.current_player
        self.brief = False  # ``brief``: the prompt is the player's name (and a debt) only

    # ------------------------------------------------------------------ who is who (the session's)
    @property
    def save_name(self) -> str | None:
        return self.session.save_name

    # ------------------------------------------------------------------ telling
    def say(self, text: str, role: str = "message") -> None:
        self.said.append(text)
        del self.said[:-LOG_KEPT]
        self.console.say(text, role)

    def show(self, lines: list[str]) -> None:
        for line in lines:
            self.console.say(line)

    def recall(self) -> None:
        """A resumed game: what happened before it was saved, for ``log`` (not printed again)."""
        for ev in self.game.log[-2 * LOG_KEPT:]:
            shown = format_event(self.game, ev)
            if shown is not None:
                self.said.append(shown[0])
        del self.said[:-LOG_KEPT]

    def introduce(self) -> None:
        """A new game: who throws what for the start, any deeds dealt, then the first autosave."""
        self.say(f"{new_game_text(self.game)} Type help for the commands.", "title")
        self.session.introduce(self)

    def show_events(self, events: list[E.Event], computer: bool = False) -> None:
        """Tell what happened, one line an event (with Fastmove, a computer's routine moves are not told)."""
        game = self.game
        for ev, shown in zip(events, event_lines(game, events)):
            if isinstance(ev, E.TurnStarted):
                prev, self._turn_of = self._turn_of, ev.player
                if self.ui.show_cash and ev.turn > 1 and prev != ev.player and not game.view.bankrupt(prev):
                    self.say(turn_end_text(game, prev), "dim")
            if shown is not None and not (computer and self.ui.fastmove and shown[1] == "message"
                                          and not self.people_concerned(ev)):
                self.say(*shown)
            if isinstance(ev, E.TurnStarted) and ev.player in self.session.people:
                self.say_since_last_turn(ev.player)

    def say_since_last_turn(self, person: int) -> None:
        """What the others did since ``person``'s last turn (``session.summary``), as the turn starts."""
        since = since_last_turn(self.game.log, person, self.game.view.player_count)
        if since is not None:
            for text, role in since_lines(self.game, since):
                self.say(text, role)

    def people_concerned(self, ev: E.Event) -> bool:
        """Whether a person takes part in this event (told even with Fastmove)."""
        seats = [getattr(ev, f, NOBODY) for f in ("player", "payer", "payee", "owner", "recipient", "proposer")]
        return any(s in self.session.people for s in seats)

    # ------------------------------------------------------------------ the session's front end
    def run(self) -> str:
        """Play until the game ends or the players leave (``Session.run``); the line to print last.

        ``EOFError`` (the input ended) and ``KeyboardInterrupt`` pass to the caller, which saves."""
        self.session.run(self)
        return "" if self.game.view.over else "The game is over."

    def before_computer(self, move: ComputerMove, claims: Sequence[Any]) -> bool:
        """People owed rent are asked first before a computer's throw lets it lapse (rent, or go)."""
        return not claims

    def people_act(self) -> bool:
        person = self.session.person_asked()
        if person is None:  # nobody at the keyboard can act: only possible in a broken save
            self.say("Nobody can move: the game stops here.", "bad")
            return False
        self.prompt(person)
        return True

    def finished(self) -> None:
        self.show([text for text, _ in valuation_rows(self.game)] + [""] + self.stats_lines())

    def act(self, p: int, action: Action) -> None:
        """Take ``action`` at ``p``'s prompt: another person's only as the session allows, named and
        confirmed (``Session.permission``); the engine's refusal is said as the command's error."""
        allowed = self.session.permission(p, action)
        if allowed.problem is not None:
            raise CommandError(allowed.problem)
        if allowed.confirm is not None and not self.confirm(allowed.confirm):
            return
        self.apply(action, at=p)

    def apply(self, action: Action, computer: bool = False, at: int | None = None) -> bool:
        try:
            events = self.session.apply(action, at=at)
        except IllegalActionError as exc:
            raise CommandError(str(exc)) from None
        self.show_events(events, computer)
        return True

    def rent_waiting(self) -> list[int]:
        """The people whose rent a throw now would let lapse (they are asked first)."""
        return sorted({c.owner for c in self.session.lapsing_claims()})

    def marker(self) -> tuple[Any, ...]:
        view = self.game.view
        d = view.pending
        a = d.auction
        return (d.kind, d.player, d.square, d.amount, len(view.pending_decisions()), view.turn,
                None if a is None else (a.high_bid, len(a.bidders)))

    # ------------------------------------------------------------------ the prompt
    def answers(self, p: int) -> list[Command]:
        """The answers ``p`` may give to the decision waiting now."""
        view = self.game.view
        d = view.pending
        if d.player != p:
            return [command("go")] if self.rent_waiting() else []
        prompt = decision_prompt(self.game, p)  # the words of its answers are the commands
        if prompt is not None:
            return [command(a.word) for a in prompt.answers]
        names: list[str] = {
            K.ROLL: ["roll"],
            K.AUCTION: ["bid", "pass"],
            K.RAISE_FUNDS: (["settle"] if view.may_settle_in_property(p) else [])
            + (["bankrupt"] if view.can_declare_bankruptcy(p) else []),
            K.MOVE_OFFLINE: ["place"],
            K.PLACE_BUILDING: ["place"],
        }.get(d.kind, [])
        return [command(n) for n in names]

    def offered(self, answers: list[Command]) -> list[str]:
        """The words a prompt shows: the answers, the option bar's commands that have something to do, help."""
        enabled = M.option_enabled(self.game, self.session.people)
        return [c.name for c in answers] + [c.name for c in GENERAL if enabled.get(c.name)] + ["help"]

    def prompt_text(self, p: int, answers: list[Command]) -> str:
        view = self.game.view
        d = view.pending
        owed = ""
        if d.kind == K.RAISE_FUNDS and d.player == p:  # while raising money, what is still missing
            owed = f", {view.money(max(0, d.amount - view.cash(p)))} still to raise"
        if self.brief:
            return f"{view.name(p)}{owed}> "
        head = f"{view.name(p)}, turn {view.turn}"
        if self.ui.show_cash:
            head += f", {view.money(view.cash(p))}"
        head += owed
        left = view.seconds_left()
        if left is not None:
            head += f", {clock_text(left)} left"
        return f"{head} - {', '.join(self.offered(answers))}> "

    def prompt(self, p: int) -> None:
        """Put the decision into words (once), ask ``p`` for a command and run it."""
        marker = self.marker()
        if marker != self._asked:
            self._asked = marker
            for text, role in self.question(p):
                self.say(text, role)
        stance = self.session.auction_stance(p)
        if stance is not None and stance.bids is None:
            if not stance.can_raise:  # nothing to raise money with: out of the bidding
                self.say(f"{name(self.game, p)} {cannot_bid_text(self.game, p, stance.limit)}", "dim")
                self.apply(A.PassBid(p))
                return
            if marker != self._raise_told:
                self._raise_told = marker
                self.say(f"{name(self.game, p)} {cannot_bid_text(self.game, p, stance.limit)}; mortgage or sell "
                         "to raise money and bid, or pass", "rent")
        answers = self.answers(p)
        line = self.console.ask(self.prompt_text(p, answers))
        try:
            self.run_command(p, parse_line(line, answers, self.offered(answers)))
        except CommandError as exc:  # one line saying what is allowed; not an event, so not logged
            text = str(exc)
            self.console.say(text[:1].upper() + text[1:], "bad")

    def question(self, p: int) -> list[tuple[str, str]]:
        """The decision waiting for ``p``, in words (said once, before the first prompt for it)."""
        game, view = self.game, self.game.view
        d = view.pending
        who = name(game, p)
        money = view.money
        if d.player != p:
            owed = ", ".join(f"{money(c.amount)} from {name(game, c.payer)}" for c in view.claims(p))
            return [(f"{who}: {name(game, d.player)} is about to throw. Claim your rent ({owed}) with rent, "
                     "or let them throw with go.", "rent")]
        prompt = decision_prompt(game, p)
        if prompt is not None:  # phrased once for every front end (``present``)
            lines = [] if d.kind != K.TRADE_RESPONSE or d.offer is None else list(trade_lines(game, d.offer))
            lines.append((prompt.line(), "message" if d.kind == K.ROLL else "title"))
            if prompt.note:
                lines.append((prompt.note, "rent"))
            return lines
        if d.kind == K.ROLL:
            return []
        if d.kind == K.AUCTION:
            return self.auction_lines(d)
        if d.kind == K.RAISE_FUNDS:
            extra = ", settle (offer property to the creditor)" if view.may_settle_in_property(p) else ""
            extra += ", or bankrupt" if view.can_declare_bankruptcy(p) else ""
            return [(f"{who} has {money(view.cash(p))} of the {money(d.amount)}: raise the rest with mortgage, "
                     f"sell or trade{extra}", "bad")]
        if d.kind in (K.MOVE_OFFLINE, K.PLACE_BUILDING):
            what = "the Offline token" if d.kind == K.MOVE_OFFLINE else f"the {d.building} you bought"
            squares = self.legal_squares(p, *ANSWER_TYPES[d.kind])
            return [(f"{who}: place {what} on one of: {self.square_list(squares)}", "title")]
        return []

    def auction_lines(self, d: Pending) -> list[tuple[str, str]]:
        game, view = self.game, self.game.view
        a = d.auction
        if a is None:
            return []
        what = item_name(game, a.item, a.square)
        price = f" (printed price {view.money(view.square(a.square).price)})" if a.item == "square" else ""
        high = (f"highest bid {view.money(a.high_bid)} by {name(game, a.high_bidder)}"
                if a.high_bidder != NOBODY else "no bid yet")
        bids = view.bid_range(d.player)
        can = ""
        if bids is not None:
            low, top = bids
            can = f"; {name(game, d.player)} may bid {view.money(low)}" + (
                f" to {view.money(top)}" if top is not None else " or more")
        bidders = join_words([name(game, b) for b in a.bidders])
        return [(f"Auction of {what}{price}: {high}{can}. Still bidding: {bidders}.", "title")]

    # ------------------------------------------------------------------ running commands
    def run_command(self, p: int, parsed: Parsed) -> None:
        HANDLERS[parsed.command.name](self, p, parsed.args)

    def need(self, p: int, *kinds: K) -> Pending:
        """The decision waiting, which must be ``p``'s and of one of ``kinds``."""
        d = self.game.view.pending
        if d.player != p or d.kind not in kinds:
            allowed = ", ".join(c.name for c in self.answers(p)) or "a command"
            raise CommandError(f"that answers nothing asked now; {name(self.game, p)} may type {allowed}")
        return d

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
        if amount is None:
            raise CommandError("bid an amount: bid 120, or 120, or a bidder and an amount: bob 120")
        bidder = find_player(game, " ".join(words[:-1])) if len(words) > 1 else d.player
        a = d.auction
        assert a is not None
        if bidder not in a.bidders or self.session.is_computer(bidder):
            raise CommandError(f"{name(game, bidder)} is not a person bidding in this auction")
        bids = view.bid_range(bidder)
        if bids is None:
            raise CommandError(f"{name(game, bidder)} cannot bid now")
        low, high = bids
        if amount < low or (high is not None and amount > high):
            top = f" to {view.money(high)}" if high is not None else " or more"
            raise CommandError(f"{name(game, bidder)} may bid {view.money(low)}{top}")
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

    @handles("trade")
    def do_trade(self, p: int, args: str) -> None:
        game = self.game
        head, sep, wanted = args.partition(" for ")
        words = head.split()
        if not words:
            raise CommandError("trade TO ITEMS for ITEMS, e.g. trade bob boardwalk, $100 for reading, card")
        proposer, recipient = p, None
        try:
            first = find_player(game, words[0])
        except CommandError:
            raise CommandError(f"trade with whom? {words[0]!r} is not a player") from None
        rest = words[1:]
        if rest:
            try:
                second = find_player(game, rest[0])
                proposer, recipient, rest = first, second, rest[1:]
            except CommandError:
                recipient = first
        else:
            recipient = first
        if rest and rest[0].lower() == "give":
            rest = rest[1:]
        if proposer not in self.session.people:
            raise CommandError(f"{name(game, proposer)} is not a person at the keyboard")
        give, cash_out, give_cards = self.items(proposer, " ".join(rest))
        take, cash_in, take_cards = self.items(recipient, wanted) if sep else ([], 0, ())
        if not (give or take or cash_out or cash_in or give_cards or take_cards):
            raise CommandError("the offer is empty: name properties, cash ($100) or jail cards (card)")
        self.propose(Offer(proposer, recipient, tuple(give), tuple(take), cash_out - cash_in, give_cards, take_cards),
                     at=p)

    def items(self, holder: int, text: str) -> tuple[list[int], int, tuple[str, ...]]:
        """Squares, cash and jail cards named in ``text`` (``boardwalk, $100, card``) from ``holder``."""
        squares: list[int] = []
        cash = 0
        count = 0
        for item in split_items(text):
            words = item.lower().split()
            if words[-1] in ("card", "cards"):
                given = number(words[0], "a number of cards")
                count += given if given is not None else 1
                continue
            amount = parse_amount(item)
            if amount is not None and (number(item) is None or amount >= BOARD_SIZE):
                cash += amount  # "$100", "100M", or a number too big for a square
                continue
            squares.append(find_square(self.game, item, self.game.view.owned(holder)))
        cards = self.game.view.jail_cards(holder)
        if count > len(cards):
            raise CommandError(f"{name(self.game, holder)} has {len(cards)} Get Out of Jail Free card(s)")
        return squares, cash, tuple(cards[:count])

    def propose(self, offer: Offer, at: int | None = None) -> None:
        problem = self.game.view.problem(offer.action())
        if problem is not None:
            raise CommandError(f"that trade is not possible: {problem}")
        if at is None:
            self.apply(offer.action())
        else:
            self.act(at, offer.action())

    def owner_person(self, square: int) -> int:
        owner = self.game.view.owner(square)
        if owner == NOBODY:
            raise CommandError(f"{self.game.view.square(square).name} is not a person's property")
        return owner

    @handles("mortgage")
    def do_mortgage(self, p: int, args: str) -> None:
        if not args:
            self.show(self.action_squares("mortgage or lift", A.Mortgage, A.LiftMortgage))
            return
        square = find_square(self.game, args)
        owner = self.owner_person(square)
        self.act(p, A.LiftMortgage(owner, square) if self.game.view.mortgaged(square) else A.Mortgage(owner, square))

    @handles("build")
    def do_build(self, p: int, args: str) -> None:
        self.buildings(p, args, lambda owner, square: A.Build(owner, square))

    @handles("sell")
    def do_sell(self, p: int, args: str) -> None:
        self.buildings(p, args, lambda owner, square: A.SellBuilding(owner, square))

    def buildings(self, p: int, args: str, make: Callable[[int, int], Action]) -> None:
        words = args.split()
        count = 1
        given = number(words[-1], "a number of buildings") if len(words) > 1 else None
        if given is not None:
            if not 1 <= given <= 5:
                raise CommandError(f"A street takes 1 to 5 buildings at a time, not {given}")
            count = given
            words.pop()
        square = find_square(self.game, " ".join(words))
        owner = self.owner_person(square)
        allowed = self.session.permission(p, make(owner, square))
        if allowed.problem is not None:
            raise CommandError(allowed.problem)
        if allowed.confirm is not None and not self.confirm(allowed.confirm):
            return
        for _ in range(count):
            self.apply(make(owner, square), at=p)

    @handles("houses")
    def do_houses(self, p: int, args: str) -> None:
        if not args:
            self.show(self.action_squares("build on", A.Build) + self.action_squares("sell on", A.SellBuilding))
            self.show(["  build SQUARE [N] and sell SQUARE [N] do it; houses PLAYER N ... orders buildings the bank "
                       "is short of (they go to auction)"])
            return
        words = args.split()
        hotels = words[-1].lower() in ("hotel", "hotels")
        if hotels:
            words.pop()
        if len(words) % 2:
            raise CommandError("order as houses PLAYER N [PLAYER N ...] [hotels], e.g. houses ann 2 bob 3")
        orders: list[tuple[int, int]] = []
        for who, n in zip(words[::2], words[1::2]):
            wanted = number(n, "a number of buildings")
            if wanted is None or wanted < 1:
                raise CommandError(f"{n!r} is not a number of buildings")
            orders.append((find_player(self.game, who), wanted))
        self.order_buildings(orders, hotels)

    def order_buildings(self, orders: list[tuple[int, int]], hotels: bool) -> None:
        """With the computer players' orders added, auction what the bank is short of; else say
        how to build."""
        view = self.game.view
        found = self.session.building_orders(hotels)
        for line in found.stumbles:
            self.say(line, "bad")
        joined = list(found.orders)
        for candidate in [orders + joined] + ([orders] if joined else []):
            if view.shortage_auction(candidate, hotels):
                came = [o for o in candidate if o not in orders]
                if came:
                    self.say(computers_join_text(self.game, came, hotels), "title")
                self.apply(A.OrderBuildings(candidate[0][0], tuple(candidate), hotels))
                return
        raise CommandError("no shortage to auction: build them with build SQUARE [N]")

    def action_squares(self, what: str, *types: type) -> list[str]:
        out = []
        for q in self.session.people:
            squares = self.legal_squares(q, *types)
            if squares:
                out.append(f"  {name(self.game, q)} can {what}: {self.square_list(squares)}")
        return out or [f"  Nobody at the keyboard can {what} anything now."]

    def legal_squares(self, p: int, *types: type[Any]) -> list[int]:
        """The squares ``p`` may act on now with these actions (each has a ``square``)."""
        return sorted({getattr(a, "square") for a in self.game.view.legal_actions(p) if isinstance(a, types)})

    def square_list(self, squares: list[int]) -> str:
        return ", ".join(f"{s} {self.game.view.square(s).name}" for s in squares) or "none"

    @handles("owners")
    def do_owners(self, p: int, args: str) -> None:
        self.show(owners_lines(self.game, self.ui, find_player(self.game, args) if args else None))

    @handles("cash")
    def do_cash(self, p: int, args: str) -> None:
        self.ui.show_cash = not self.ui.show_cash
        self.say("Cash and property now shown" if self.ui.show_cash else "Cash and property now hidden", "dim")
        view = self.game.view
        if view.rules.free_parking_pot:
            self.say(f"Free Parking jackpot: {view.money(view.pot())}", "dim")

    @handles("fastmove")
    def do_fastmove(self, p: int, args: str) -> None:
        self.ui.fastmove = not self.ui.fastmove
        self.say("FASTMOVE NOW ACTIVE" if self.ui.fastmove else "FASTMOVE NOW INACTIVE", "title")

    @handles("save")
    def do_save(self, p: int, args: str) -> None:
        """Save under a name; a file this session did not write is replaced only when agreed."""
        try:
            chosen = saves.chosen_name(args) if args else (self.save_name or self.session.free_name())
        except saves.SaveError as exc:
            raise CommandError(str(exc)) from None
        agreed: object = None
        while True:
            try:
                path = self.session.save(chosen, agreed)
                break
            except saves.SaveConflict as conflict:
                if not self.confirm(f"{conflict}: replace it?"):  # "<file> holds another game (...)"
                    return
                agreed = conflict.found
            except saves.SaveError as exc:
                raise CommandError(str(exc)) from None
        self.say(f"Game saved as {chosen} ({path}). Resume it with: "
                 f"{resume_command(self.save_dir, chosen, text_mode=True)}", "good")

    @handles("quit")
    def do_quit(self, p: int, args: str) -> None:
        if not self.confirm("Quit this game? Everyone is valued and the richest wins."):
            return
        self.act(p, A.EndGame(p))

    def confirm(self, text: str, default: bool = False) -> bool:
        shown = "yes" if default else "no"
        answer = self.console.ask_until(f"{text} (yes/no) [{shown}]> ",
                                        lambda t: parse_yes_no(t) if t.strip() else default)
        return bool(answer)

    # the views
    @handles("board")
    def do_board(self, p: int, args: str) -> None:
        self.show(board_lines(self.game))

    @handles("deed")
    def do_deed(self, p: int, args: str) -> None:
        square = find_square(self.game, args) if args else self.game.view.position(p)
        self.show(deed_lines(self.game, square))

    @handles("assets")
    def do_assets(self, p: int, args: str) -> None:
        self.show(assets_lines(self.game, find_player(self.game, args) if args else p, self.ui.show_cash))

    @handles("credit")
    def do_credit(self, p: int, args: str) -> None:
        self.show(credit_lines(self.game, self.ui.show_cash))

    @handles("odds")
    def do_odds(self, p: int, args: str) -> None:
        from ..ai.chances import win_chances
        self.say(odds_line(self.game, win_chances(self.game.view)), "dim")

    @handles("hint")
    def do_hint(self, p: int, args: str) -> None:
        from ..ai.coach import hint, hint_lines
        for line in hint_lines(self.game.view, hint(self.game, p)):
            self.say(line, "dim")

    @handles("brief")
    def do_brief(self, p: int, args: str) -> None:
        self.brief = not self.brief
        self.say("Brief prompt: the player's name and what is owed, then >; help lists the commands" if self.brief
                 else "Full prompt: who, the turn, the cash and the commands that can be typed", "dim")

    @handles("log")
    def do_log(self, p: int, args: str) -> None:
        given = number(args, "a number of lines") if args else LOG_LINES
        if not given:
            raise CommandError(f"The log shows a whole number of lines from 1 (log alone: the last {LOG_LINES})")
        self.show(self.said[-given:])

    @handles("stats")
    def do_stats(self, p: int, args: str) -> None:
        self.show(self.stats_lines())

    def stats_lines(self) -> list[str]:
        from ..reports.stats import game_stats, stats_text
        try:
            return stats_text(game_stats(self.game.record()))
        except ValueError as exc:  # a game without a record (arranged by hand, or an old save)
            return [f"No figures for this game: {exc}"]

    @handles("undo")
    def do_undo(self, p: int, args: str) -> None:
        try:
            events = self.session.undo(p)
        except IllegalActionError as exc:
            raise CommandError(undo_refused(str(exc))) from None
        self.show_events(events)
        self.session.autosave()

    @handles("clock")
    def do_clock(self, p: int, args: str) -> None:
        left = self.game.view.seconds_left()
        self.show(["This game has no clock." if left is None else f"Time left: {clock_text(left)}"])

    @handles("help")
    def do_help(self, p: int, args: str) -> None:
        answers = self.answers(p)
        if args:
            word = args.strip().lower()
            # any answer too, asked now or not (help fine, help settle ...)
            c = next((c for c in ANSWERS + GENERAL if word in c.words()), None) or parse_line(args, answers).command
            self.show([f"{c.usage}: {c.help}" + (f" (letter {c.letter})" if c.letter else "")])
            return
        self.show(help_lines(answers))


ALL_COMMANDS = ANSWERS + GENERAL  # every command has a handler in HANDLERS (tests check it)
