"""What the game says, in words: one sentence for each engine event, and the wording it needs.

Both front ends tell the game in these words: the curses screen on its message line, the text
mode one line each. Keeping the wording here, and nowhere else, is what makes the two read
alike (and a change to a sentence a change to both). Nothing here draws, prints or touches
curses; every answer comes from the game's read view and its edition.
"""

from __future__ import annotations

from typing import Iterable

from ..engine import BANK, BOARD_SIZE, NOBODY, Game, Offer
from ..engine import events as E
from .summary import SinceLastTurn


# ---------------------------------------------------------------------------------------- names
def name(game: Game, player: int) -> str:
    if player == BANK:
        return "the bank"
    if 0 <= player < game.view.player_count:
        return game.view.name(player)
    return "nobody"


def label(game: Game, player: int) -> str:
    """A player with their number, as prompts refer to them: "1 Ann"."""
    return f"{player + 1} {name(game, player)}"


def square_name(game: Game, square: int) -> str:
    return game.edition.squares[square].name if 0 <= square < BOARD_SIZE else "a building"


def item_name(game: Game, item: str, square: int) -> str:
    if item == "square":
        return square_name(game, square)
    return "a hotel" if item == "hotel" else "a house"


def names(game: Game, squares: Iterable[int]) -> str:
    items = [game.edition.squares[s].name for s in squares]
    return join_words(items)


def join_words(items: list[str]) -> str:
    if not items:
        return "nothing"
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


def card_words(game: Game, cards: Iterable[str]) -> list[str]:
    return [f"a Get Out of Jail Free card ({game.edition.deck_name(d)})" for d in cards]


# ---------------------------------------------------------------------------------------- events
_PAID_SILENT = {"salary", "purchase", "building", "building sold", "mortgage", "mortgage lifted", "deed",
                "auction"}
_JAIL_HOW = {
    "doubles": "throws doubles and leaves jail",
    "fine": "pays the fine and leaves jail",
    "card": "uses a Get Out of Jail Free card and leaves jail",
    "forced_fine": "threw no doubles on the last of three tries in jail: pays the fine and leaves jail",
}
# When a claim lapses (rule option ``rent_claim``), said when the rent becomes claimable.
_CLAIM_UNTIL = {
    "next_roll": ", until the next player throws",
    "next_throw": ", until the next throw",
    "second_roll": ", until the second player after throws",
}
_JAIL_WHY = {"square": "", "card": " (the card says so)", "doubles": " for throwing three doubles"}
ENDINGS = {
    "last_player": "only one player is left",
    "time_up": "the time is up",
    "first_bankruptcy": "a player went bankrupt",
    "ended": "the game was stopped",
    "turn_limit": "the turn limit was reached",
    "turns_played": "the agreed number of turns was played",
    "target_reached": "a player reached the agreed net worth",
}


# What an action taken back was, in words ("the house built on Baltic Avenue").
_UNDONE = {
    "build": "the building put on {square}", "sell_building": "the building sold on {square}",
    "mortgage": "the mortgage on {square}", "lift_mortgage": "lifting the mortgage on {square}",
    "propose_trade": "the trade offer", "decline": "letting {square} go to auction", "buy": "the purchase",
    "bid": "the bid", "pass": "leaving the auction", "claim_rent": "the rent claimed",
    "order_buildings": "the order for buildings", "settle_mortgage": "the answer about the mortgage on {square}",
    "income_tax": "the choice of income tax", "pay_or_draw": "the choice of the fine",
    "pay_jail_fine": "paying the jail fine", "use_jail_card": "using the jail card",
    "move_offline": "moving the Offline token", "accept_trade": "accepting the offer",
    "reject_trade": "refusing the offer",
}


def undone_words(game: Game, action: dict[str, object]) -> str:
    """An action taken back (``ActionUndone.action``), in words."""
    text = _UNDONE.get(str(action.get("action")), "the last action")
    square = action.get("square")
    where = square_name(game, square) if isinstance(square, int) and 0 <= square < 40 else "the square"
    return text.format(square=where)


def undo_refused(reason: str) -> str:
    """Why nothing was undone, in one phrase: a reason that says "nothing ..." itself is not
    prefixed with "Nothing to undo" (which read "Nothing to undo: nothing to take back: ...")."""
    if reason.lower().startswith("nothing"):
        return reason[:1].upper() + reason[1:]
    return f"Nothing to undo: {reason}"


def format_event(game: Game, event: E.Event) -> tuple[str, str] | None:
    """How an event reads on the message line: (text, theme role), or None to stay silent."""
    def n(p: int) -> str:
        return name(game, p)

    money = game.view.money
    if isinstance(event, E.StartingRoll):
        a, b = event.dice
        return f"{n(event.player)} throws {a} and {b} ({a + b}) to see who starts", "message"
    if isinstance(event, E.FirstPlayer):
        return f"{n(event.player)} starts the game.", "title"
    if isinstance(event, E.DeedDealt):
        cost = f" for {money(event.price)}" if event.price else ""
        return f"{n(event.player)} is dealt {square_name(game, event.square)}{cost}", "message"
    if isinstance(event, E.TurnStarted):
        return f"Turn {event.turn}: {n(event.player)} to play.", "title"
    if isinstance(event, E.DiceRolled):
        a, b = event.dice
        if event.purpose == "jail":
            extra = " - doubles!" if a == b else ""
            return f"{n(event.player)} tries for doubles: {a} and {b}{extra}", "message"
        if event.purpose == "utility":
            return f"{n(event.player)} throws {a} and {b} for the rent", "message"
        extra = " - doubles!" if a == b else ""
        return f"{n(event.player)} throws {a} and {b}{extra}", "message"
    if isinstance(event, E.Moved):
        if event.steps < 0:
            return f"{n(event.player)} goes back {-event.steps} squares", "message"
        return None
    if isinstance(event, E.PassedGo):
        # the same event whether the token passed GO or stopped on it: words true of both
        return f"{n(event.player)} reaches GO: collects {money(event.salary)}", "good"
    if isinstance(event, E.Landed):
        return f"{n(event.player)} lands on {square_name(game, event.square)}", "message"
    if isinstance(event, E.CardDrawn):
        return f"{game.edition.deck_name(event.deck)}: {event.text}", "title"
    if isinstance(event, E.Paid):
        if event.reason in _PAID_SILENT:
            return None
        if event.reason == "rent":
            return f"{n(event.payer)} pays {n(event.payee)} {money(event.amount)} rent", "rent"
        if event.reason == "building refund":
            return f"The bank refunds {money(event.amount)} to {n(event.payee)}", "message"
        if event.reason == "jackpot":
            return f"{n(event.payee)} takes the Free Parking jackpot: {money(event.amount)}!", "good"
        if event.reason == "bankruptcy":
            return f"{n(event.payer)} hands {money(event.amount)} to {n(event.payee)}", "bad"
        what = {"tax": " in tax", "jail fine": " (the jail fine)", "mortgage interest": " in mortgage interest",
                "repairs": " for repairs", "card": "", "trade": ""}.get(event.reason, "")
        if event.payer == BANK:
            return f"{n(event.payee)} collects {money(event.amount)} from the bank{what}", "good"
        return f"{n(event.payer)} pays {n(event.payee)} {money(event.amount)}{what}", "message"
    if isinstance(event, E.RentDue):
        until = _CLAIM_UNTIL.get(str(getattr(game.rules.rent_claim, "value", game.rules.rent_claim)), "")
        return (f"{n(event.owner)} may claim {money(event.amount)} rent from {n(event.payer)} "
                f"for {square_name(game, event.square)}{until}", "rent")
    if isinstance(event, E.RentLapsed):
        return f"{n(event.owner)} did not claim the {money(event.amount)} rent from {n(event.payer)}: it is lost", "bad"
    if isinstance(event, E.NoRent):
        if event.reason == "mortgaged":
            return f"{square_name(game, event.square)} is mortgaged: no rent", "message"
        if event.reason == "offline":
            return f"{square_name(game, event.square)} is offline: no rent", "message"
        if event.reason == "jail":
            return f"{n(event.owner)} is in jail: no rent for {square_name(game, event.square)}", "message"
        return None
    if isinstance(event, E.Bought):
        return f"{n(event.player)} buys {square_name(game, event.square)} for {money(event.price)}", "good"
    if isinstance(event, E.IntoPot):
        who = "The bank puts" if event.payer == BANK else f"{n(event.payer)}'s payment puts"
        return f"{who} {money(event.amount)} in the Free Parking pot (now {money(event.pot)})", "message"
    if isinstance(event, E.Declined):
        return f"{square_name(game, event.square)} stays with the bank (no auction)", "message"
    if isinstance(event, E.AuctionStarted):
        return f"Auction of {item_name(game, event.item, event.square)}!", "title"
    if isinstance(event, E.BidMade):
        return f"{n(event.player)} bids {money(event.amount)}", "message"
    if isinstance(event, E.BidderPassed):
        return f"{n(event.player)} drops out of the bidding", "message"
    if isinstance(event, E.AuctionWon):
        return (f"{n(event.player)} wins {item_name(game, event.item, event.square)} for "
                f"{money(event.amount)}", "good")
    if isinstance(event, E.AuctionUnsold):
        return f"Nobody bid: {item_name(game, event.item, event.square)} stays with the bank", "message"
    if isinstance(event, E.AuctionVoided):
        what = (f"{square_name(game, event.square)} stays" if event.item == "square"
                else f"the {event.item}s stay")
        return (f"{n(event.player)} bids {money(event.amount)}, more than all their assets: the auction is "
                f"void and {what} with the bank", "bad")
    if isinstance(event, E.SentToJail):
        return f"{n(event.player)} goes to jail{_JAIL_WHY.get(event.reason, '')}!", "bad"
    if isinstance(event, E.LeftJail):
        return f"{n(event.player)} {_JAIL_HOW.get(event.how, 'leaves jail')}", "message"
    if isinstance(event, E.StayedInJail):
        return f"{n(event.player)} stays in jail (try {event.turns})", "message"
    if isinstance(event, E.JailCardGained):
        return f"{n(event.player)} keeps the Get Out of Jail Free card", "good"
    if isinstance(event, E.JailCardPassed):
        card = f"{n(event.giver)}'s Get Out of Jail Free card ({game.edition.deck_name(event.deck)})"
        if event.receiver == BANK:
            return f"{card} goes back under its deck", "message"
        return f"{card} passes to {n(event.receiver)}", "message"
    if isinstance(event, E.TaxChoiceNeeded):
        return (f"Income tax: {n(event.player)} pays {money(event.flat)} or {event.percent}% "
                "of total worth", "message")
    if isinstance(event, E.BuildingBought):
        what = "a hotel" if event.hotel else "a house"
        cost = f" for {money(event.cost)}" if event.cost else ""
        return f"{n(event.player)} puts {what} on {square_name(game, event.square)}{cost}", "good"
    if isinstance(event, E.BuildingSold):
        what = "the hotel" if event.hotel else "a house"
        return (f"{n(event.player)} sells {what} on {square_name(game, event.square)} for "
                f"{money(event.refund)}", "message")
    if isinstance(event, E.HotelBreakdown):
        group = next((g.name for g in game.edition.groups if g.id == event.group), event.group)
        spread = ", ".join(f"{game.edition.squares[s].short} {h}" for s, h in event.levels)
        return (f"Not enough houses left to replace a hotel! The {group} set is rearranged: "
                f"{spread}", "bad")
    if isinstance(event, E.Mortgaged):
        return (f"{n(event.player)} mortgages {square_name(game, event.square)} for "
                f"{money(event.amount)}", "message")
    if isinstance(event, E.MortgageLifted):
        return (f"{n(event.player)} lifts the mortgage on {square_name(game, event.square)} for "
                f"{money(event.amount)}", "message")
    if isinstance(event, E.TradeProposed):
        offer = Offer(event.proposer, event.recipient, tuple(event.give), tuple(event.take), event.cash,
                      tuple(event.give_cards), tuple(event.take_cards), event.settle_debt)
        return trade_summary(game, offer), "title"
    if isinstance(event, E.TradeAnswered):
        verb = "accepts" if event.accepted else "refuses"
        return f"{n(event.recipient)} {verb} the offer from {n(event.proposer)}", "good" if event.accepted else "bad"
    if isinstance(event, E.PropertyTransferred):
        if event.giver == BANK:
            return None
        if event.receiver == BANK:
            return f"{square_name(game, event.square)} goes back to the bank", "message"
        return f"{square_name(game, event.square)} passes to {n(event.receiver)}", "message"
    if isinstance(event, E.DebtRaised):
        return (f"{n(event.debtor)} owes {n(event.creditor)} {money(event.amount)} and must raise the "
                "money", "bad")
    if isinstance(event, E.DebtPaid):
        return f"{n(event.debtor)} has raised the money: the debt is paid", "good"
    if isinstance(event, E.Bankrupt):
        return f"{n(event.player)} is bankrupt and out of the game!", "bad"
    if isinstance(event, E.OfflineMoved):
        return f"{n(event.player)} moves the Offline token to {square_name(game, event.square)}", "message"
    if isinstance(event, E.BuildingsOrdered):
        total = sum(c for _, c in event.orders)
        fate = "it goes to auction" if event.available == 1 else "they go to auction one by one"
        return f"The bank has {buildings_words(event.available, event.hotels)} for {total} ordered: {fate}", "title"
    if isinstance(event, E.TimeUp):
        return "Time is up! The game ends when this move is over.", "bad"
    if isinstance(event, E.ActionUndone):
        return f"{n(event.player)} takes back {undone_words(game, event.action)}", "title"
    if isinstance(event, E.GameOver):
        why = ENDINGS.get(event.termination, event.termination)
        if event.winner == NOBODY:
            return f"Game over ({why}): nobody wins.", "title"
        note = tie_note(game, event.winner, event.values)
        return (f"Game over ({why}): {n(event.winner)} wins with {money(event.values[event.winner])}"
                f"{note}!", "title")
    return None


def tie_note(game: Game, winner: int, values: Iterable[int]) -> str:
    """" (level with Bob: the tie goes to the earlier seat)" when others are worth as much as the winner.

    The engine breaks a tie on value by seat order; saying so keeps "Ann wins with $1,500" from
    puzzling a player who also has $1,500.
    """
    worth = list(values)
    if not 0 <= winner < len(worth):
        return ""
    level = [name(game, p) for p, v in enumerate(worth)
             if p != winner and v == worth[winner] and not game.view.bankrupt(p)]
    if not level:
        return ""
    return f" (level with {join_words(level)}: the tie goes to the earlier seat)"


def buildings_words(count: int, hotels: bool) -> str:
    """"1 house", "3 hotels"."""
    what = "hotel" if hotels else "house"
    return f"{count} {what}{'' if count == 1 else 's'}"


def computers_join_text(game: Game, orders: Iterable[tuple[int, int]], hotels: bool) -> str:
    """The message naming the computer players who join an order of scarce buildings."""
    items = [f"{name(game, p)} ({buildings_words(c, hotels)})" for p, c in orders]
    verb = "joins" if len(items) == 1 else "join"
    return f"Computer player{'' if len(items) == 1 else 's'} {join_words(items)} {verb} the order"


def trade_summary(game: Game, offer: Offer) -> str:
    """One sentence for an offer: who gives what for what."""
    p, r = name(game, offer.proposer), name(game, offer.recipient)
    gives = [game.edition.squares[s].name for s in offer.give] + card_words(game, offer.give_cards)
    takes = [game.edition.squares[s].name for s in offer.take] + card_words(game, offer.take_cards)
    if offer.cash > 0:
        gives.append(game.view.money(offer.cash))
    elif offer.cash < 0:
        takes.append(game.view.money(-offer.cash))
    if offer.settle_debt:
        return f"{p} offers {r} {join_words(gives)} to settle the debt"
    return f"{p} offers {r} {join_words(gives)} for {join_words(takes)}"


def trade_lines(game: Game, offer: Offer) -> list[tuple[str, str]]:
    """An offer laid out for a pop-up: each side's properties, cards and cash."""
    out: list[tuple[str, str]] = []
    for giver, squares, cards, cash in ((offer.proposer, offer.give, offer.give_cards, max(0, offer.cash)),
                                        (offer.recipient, offer.take, offer.take_cards, max(0, -offer.cash))):
        other = offer.recipient if giver == offer.proposer else offer.proposer
        out.append((f"{label(game, giver)} gives {name(game, other)}:", "title"))
        items = []
        for s in squares:
            mark = " (mortgaged)" if game.view.mortgaged(s) else ""
            items.append(f"  {game.edition.squares[s].name}{mark}")
        items += [f"  {c}" for c in card_words(game, cards)]
        if cash:
            items.append(f"  {game.view.money(cash)} in cash")
        out += [(i, "message") for i in (items or ["  nothing"])]
    if offer.settle_debt:
        out.append(("(in settlement of the debt)", "message"))
    return out


# "Property" says two things: what the bank would pay now (shown during play) and the printed
# prices of the final valuation. Each has its own label.
BANK_VALUE = "Bank value"
PRINTED_NOTE = "Printed: deeds at printed prices (mortgaged ones at the mortgage), buildings at cost"


def valuation_rows(game: Game) -> list[tuple[str, str]]:
    """The end-of-game table: each player's cash, property at face value and total; the winner first."""
    view = game.view
    outcome = view.outcome
    seats = range(view.player_count)
    values = list(outcome.values) if outcome is not None else [view.face_value(p) for p in seats]
    order = sorted(seats, key=lambda p: (-values[p], p))
    rows = [(f"{'Player':<12}{'Cash':>10}{'Printed':>11}{'Total':>11}", "title")]
    for p in order:
        pl = view.player(p)
        if pl.bankrupt:
            rows.append((f"{label(game, p):<12}{'bankrupt':>32}", "dim"))
            continue
        prop = values[p] - pl.cash
        mark = "  WINNER" if outcome is not None and outcome.winner == p else ""
        rows.append((f"{label(game, p):<12}{game.view.money(pl.cash):>10}{game.view.money(prop):>11}"
                     f"{game.view.money(values[p]):>11}{mark}", "good" if mark else "message"))
    rows.append((PRINTED_NOTE, "dim"))
    ending = over_line(game)
    if ending is not None:
        rows += [("", "message"), (ending, "title")]
    return rows


def over_line(game: Game) -> str | None:
    """The line that says the game is over and who won (None while it goes on): the end of the
    valuation table, and what a headless host's console says."""
    outcome = game.view.outcome
    if outcome is None:
        return None
    why = ENDINGS.get(outcome.termination, outcome.termination)
    if outcome.winner == NOBODY:
        return f"The game is over ({why}): nobody wins."
    return f"The game is over ({why}). {name(game, outcome.winner)} wins{tie_note(game, outcome.winner, outcome.values)}!"


def turn_end_text(game: Game, player: int) -> str:
    """The line said when ``player``'s turn is over: their cash and what their property would fetch."""
    return (f"{name(game, player)} ends the turn with {game.view.money(game.view.cash(player))} cash, "
            f"{game.view.money(game.view.property_value(player))} {BANK_VALUE.lower()}")


def new_game_text(game: Game) -> str:
    """The first line of a new game, naming the board."""
    board = game.view.edition.name
    board = board[4:] if board.lower().startswith("the ") else board  # not "the The .com Edition"
    return f"A new game on the {board} board."


def cannot_bid_text(game: Game, player: int, limit: int) -> str:
    """Why a bidder asked cannot raise the bid now: what they can bid, against the highest bid."""
    auction = game.view.pending.auction
    high = auction.high_bid if auction is not None else 0
    money = game.view.money
    if limit <= 0:
        return f"cannot bid now (nothing to bid with; the highest bid is {money(high)})"
    return f"can bid at most {money(limit)}, which does not beat the highest bid of {money(high)}"


# ---------------------------------------------------------------------------------------- in one line
def building_summary(game: Game, built: list[E.BuildingBought]) -> str:
    """One line for the buildings one player put up in one step: "Bob builds 4 houses for $800:
    Park Place 2 houses, Boardwalk 2 houses" (each street as it stands now)."""
    player = built[0].player
    houses = sum(1 for ev in built if not ev.hotel)
    hotels = len(built) - houses
    what = join_words([buildings_words(n, h) for n, h in ((houses, False), (hotels, True)) if n])
    cost = sum(ev.cost for ev in built)
    now: dict[int, E.BuildingBought] = {}
    for ev in built:
        now[ev.square] = ev
    streets = ", ".join(f"{square_name(game, s)} {'a hotel' if ev.hotel else buildings_words(ev.houses, False)}"
                        for s, ev in now.items())
    price = f" for {game.view.money(cost)}" if cost else ""
    return f"{name(game, player)} builds {what}{price}: {streets}"


def event_lines(game: Game, events: list[E.Event]) -> list[tuple[str, str] | None]:
    """What each event says (``format_event``), except that two or more buildings one player puts up
    among ``events`` say one line (``building_summary``) at the last of them, and nothing before."""
    lines = [format_event(game, ev) for ev in events]
    runs: dict[int, list[int]] = {}
    for i, ev in enumerate(events):
        if isinstance(ev, E.BuildingBought):
            runs.setdefault(ev.player, []).append(i)
    for indices in runs.values():
        if len(indices) < 2:
            continue
        for i in indices[:-1]:
            lines[i] = None
        built = [events[i] for i in indices]
        lines[indices[-1]] = (building_summary(game, [ev for ev in built if isinstance(ev, E.BuildingBought)]),
                              "good")
    return lines


# what a throw in jail came to (``summary.Doings.in_jail``), said after its total
JAIL_THROWS = {"stayed": " in jail (no doubles: stayed in)", "doubles": " in jail (doubles: out)",
               "fined": " in jail (no doubles at the last try: paid the fine, out)"}


def throw_words(game: Game, total: int, square: int | None, in_jail: str | None) -> str:
    """One throw of the summary: "8 to Vermont Avenue", "4 in jail (no doubles: stayed in)"."""
    where = f" to {square_name(game, square)}" if square is not None else ""
    return f"{total}{JAIL_THROWS.get(in_jail or '', '')}{where}"


def since_lines(game: Game, since: SinceLastTurn) -> list[tuple[str, str]]:
    """"Since Ann's last turn:" and one line for each other player who did anything (``session.summary``);
    a trade between two of them is said in the first one's line."""
    money = game.view.money
    head = "the game began" if since.first else f"{name(game, since.person)}'s last turn"
    out: list[tuple[str, str]] = [(f"Since {head}:", "title")]
    told: list[Offer] = []  # a trade is said in the line of the first of its two sides
    for d in since.doings:
        parts: list[str] = []
        if d.throws:
            parts.append("threw " + join_words([throw_words(game, total, sq, d.in_jail.get(k))
                                                for k, (total, sq) in enumerate(d.throws)]))
        if d.jailed:
            parts.append("went to jail")
        if d.bought:
            parts.append("bought " + join_words([f"{square_name(game, s)} ({money(p)})" for s, p in d.bought]))
        if d.won:
            parts.append("won " + join_words([f"{square_name(game, s)} at auction ({money(p)})" for s, p in d.won]))
        for owner, amount in d.rent_paid.items():
            parts.append(f"paid {name(game, owner)} {money(amount)} rent")
        if d.rent_received:
            parts.append(f"collected {money(d.rent_received)} rent")
        for deck, drawer, amount in d.cards.values():
            if amount:
                whose = "a" if drawer == d.player else f"{name(game, drawer)}'s"
                card = f"{whose} {game.view.edition.deck_name(deck)} card"
                parts.append(f"received {money(amount)} from {card}" if amount > 0 else f"paid {money(-amount)} on {card}")
        if d.tax:
            parts.append(f"paid {money(d.tax)} tax")
        if d.houses or d.hotels:
            built = join_words([buildings_words(n, h) for n, h in ((d.houses, False), (d.hotels, True)) if n])
            parts.append(f"built {built} ({money(d.building_cost)})")
        if d.sold:
            parts.append(f"sold {buildings_words(d.sold, False).replace('house', 'building')}")
        if d.mortgaged:
            parts.append("mortgaged " + names(game, d.mortgaged))
        if d.lifted:
            parts.append("lifted the mortgage on " + names(game, d.lifted))
        for offer in d.trades:
            if offer not in told:
                told.append(offer)
                parts.append("traded: " + trade_summary(game, offer).replace(" offers ", " gave ", 1))
        if d.bankrupt:
            parts.append("went bankrupt")
        out.append((f"  {name(game, d.player)} " + "; ".join(parts), "message"))
    for payer, amount in since.lapsed:
        out.append((f"  {name(game, since.person)} did not claim the {money(amount)} rent from "
                    f"{name(game, payer)}: it is lost", "bad"))
    return out


def odds_line(game: Game, chances: Iterable[float]) -> str:
    """Everyone's estimated chance of winning in one line, for the players still in the game."""
    view = game.view
    parts = [f"{name(game, p)} {round(100 * c)}%" for p, c in enumerate(chances) if not view.bankrupt(p)]
    return ("Estimated chances of winning: " + ", ".join(parts)
            + " (an estimate from what everyone can see, not a certainty: monopoly help playing)")
