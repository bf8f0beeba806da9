"""The turn: throwing the dice, jail, moving, landing, rent falling due and lapsing, taxes,
the Offline token, and play running on by itself between decisions.
"""

from __future__ import annotations



from . import actions as A
from . import events as E
from . import holdings as H
from .codes import DecisionKind as K, IncomeTaxMode, PaymentReason as R, Phase, RentClaimMode, Termination
from .decisions import BOARD, pending_problem, square_problem
from .editions import PROPERTY_KINDS, SquareKind as SK
from .state import NOBODY, Decision, RentClaim
from .clock import finish as clock_finish
from .decks import return_jail_card
from .table import Table


BANK = E.BANK
JAIL_SQUARE = 10
# Looked up once: the loop below runs after every action.
_RAISE_FUNDS, _AUCTION, _PLACE_BUILDING, _MORTGAGED_TRANSFER = (
    K.RAISE_FUNDS, K.AUCTION, K.PLACE_BUILDING, K.MORTGAGED_TRANSFER)
_AWAIT_ROLL, _MOVE_PENDING, _RESOLVING = Phase.AWAIT_ROLL, Phase.MOVE_PENDING, Phase.RESOLVING
# The square kinds as the edition's own members: a member is found by identity, before any
# comparison of text (``land`` runs after every move).
_UTILITY, _CARD_KINDS, _TAX, _GO_TO_JAIL = SK.UTILITY, (SK.CHANCE, SK.COMMUNITY_CHEST), SK.TAX, SK.GO_TO_JAIL
_FREE_PARKING = SK.FREE_PARKING
_ROLL, _BUY, _SALARY, _RENT = K.ROLL, K.BUY, R.SALARY, R.RENT
_AUTOMATIC = RentClaimMode.AUTOMATIC


def next_turn(g: Table) -> None:
    s = g.state
    t = s.turn  # reset in place below: cheaper than a new record, and nothing else holds it
    rules = g.rules
    limit = rules.max_turns
    if limit and t.number >= limit:
        clock_finish(g, Termination.TURN_LIMIT)
        return
    if rules.turn_limit and t.number >= rules.turn_limit:
        clock_finish(g, Termination.TURNS_PLAYED)
        return
    target = rules.net_worth_target
    if target and any(H.face_value(g.edition, rules, s, q) >= target for q in H.active_players(s)):
        clock_finish(g, Termination.TARGET_REACHED)
        return
    players = s.players
    n = len(players)
    p = t.player
    for _ in range(n):
        p = (p + 1) % n
        if not players[p].bankrupt:
            break
    number = t.number + 1
    t.player, t.number, t.phase, t.doubles, t.again = p, number, _AWAIT_ROLL, 0, False
    t.dice_total = t.steps = t.offline_moves = 0
    g.emit(E.TurnStarted, p, number)


# ---------------------------------------------------------------------- throwing and jail
def roll_problem(g: Table, a: A.Roll) -> str | None:
    d = g.waiting()
    if d.kind == _ROLL and d.player == a.player:  # the common case, answered at once
        return None
    return pending_problem(g, _ROLL, a.player)


def roll(g: Table, a: A.Roll) -> None:
    s = g.state
    p = a.player
    t = s.turn
    if s.claims:
        expire_claims(g)
    d = g.dice.roll()
    player = s.players[p]
    first, second = d
    total = first + second
    doubles = first == second
    t.phase = _RESOLVING
    if player.in_jail:
        g.emit(E.DiceRolled, p, d, "jail")
        last = last_jail_throw(g, p)
        player.jail_turns += 1
        if doubles:
            leave_jail(g, p, "doubles")
            if g.rules.offline_rule:
                t.offline_moves += 1
            if g.rules.jail_doubles_roll_again:
                t.doubles = 1
                t.again = True
            move_by(g, p, total, dice_total=total)
        elif last:
            leave_jail(g, p, "forced_fine")
            t.phase = Phase.MOVE_PENDING
            t.steps = total
            t.dice_total = total
            g.charge(p, BANK, g.edition.jail_fine, R.JAIL_FINE)
        else:
            g.emit(E.StayedInJail, p, player.jail_turns)
        return
    g.emit(E.DiceRolled, p, d, "move")
    if doubles:
        rules = g.rules
        if t.doubles < 3:  # more than three only without the jail for three doubles: the count stops there
            t.doubles += 1
        if rules.offline_rule:
            t.offline_moves += 1
        if t.doubles >= 3 and rules.three_doubles_jail:
            send_to_jail(g, p, "doubles")
            return
        t.again = rules.doubles_roll_again
    move_by(g, p, total, total)


def last_jail_throw(g: Table, player: int) -> bool:
    """Whether ``player``'s next throw is their last try for doubles in jail: without doubles
    they then pay the fine and move."""
    pl = g.state.players[player]
    return pl.in_jail and pl.jail_turns + 1 >= g.rules.jail_turns


def _jailed_problem(g: Table, p: int) -> str | None:
    """Why ``p`` may not act as a prisoner about to throw (pay the fine, use a card), or None."""
    problem = pending_problem(g, K.ROLL, p)
    if problem:
        return problem
    player = g.state.players[p]
    return None if player.in_jail else f"{player.name} is not in jail"


def pay_jail_fine_problem(g: Table, a: A.PayJailFine) -> str | None:
    problem = _jailed_problem(g, a.player)
    if problem:
        return problem
    player = g.state.players[a.player]
    if player.jail_turns >= max(1, g.rules.jail_turns - 1):
        return "the fine can be paid before throwing only on the first turns in jail; throw now"
    if player.cash < g.edition.jail_fine:
        return f"the fine is {g.edition.money(g.edition.jail_fine)} and {player.name} has {g.edition.money(player.cash)}"
    return None


def pay_jail_fine(g: Table, a: A.PayJailFine) -> None:
    g.transfer(a.player, BANK, g.edition.jail_fine, R.JAIL_FINE)
    leave_jail(g, a.player, "fine")


def use_jail_card_problem(g: Table, a: A.UseJailCard) -> str | None:
    problem = _jailed_problem(g, a.player)
    if problem:
        return problem
    player = g.state.players[a.player]
    if not player.jail_cards:
        return f"{player.name} has no Get Out of Jail Free card"
    return None


def use_jail_card(g: Table, a: A.UseJailCard) -> None:
    deck = g.state.players[a.player].jail_cards.pop(0)
    return_jail_card(g, deck)
    leave_jail(g, a.player, "card")


def leave_jail(g: Table, p: int, how: str) -> None:
    player = g.state.players[p]
    player.in_jail = False
    player.jail_turns = 0
    g.emit(E.LeftJail, p, how)


def send_to_jail(g: Table, p: int, reason: str) -> None:
    player = g.state.players[p]
    player.position = JAIL_SQUARE
    player.in_jail = True
    player.jail_turns = 0
    if g.state.turn.player == p:
        g.state.turn.again = False
    g.emit(E.SentToJail, p, reason)
    counts = g.landing_counts
    if counts is not None:  # ``Game.count_landings``: arrivals in jail come after the squares
        counts[BOARD] += 1


# ---------------------------------------------------------------------- moving and landing
def move_by(g: Table, p: int, steps: int, dice_total: int = 0, railroad_multiplier: int = 1,
            utility_multiplier: int = 0) -> None:
    """Move forward, collecting the salary when passing or landing on GO, then land."""
    player = g.state.players[p]
    start = player.position
    if dice_total:
        g.state.turn.dice_total = dice_total
    end = (start + steps) % BOARD
    player.position = end
    g.emit(E.Moved, p, start, end, steps)
    if start + steps >= BOARD:
        rules = g.rules
        salary = rules.go_salary or g.edition.go_salary  # ``holdings.go_salary``, asked at every lap
        if end == 0 and rules.go_landing_double:
            salary *= 2
        g.emit(E.PassedGo, p, salary)
        g.transfer(BANK, p, salary, _SALARY)
    land(g, p, end, railroad_multiplier, utility_multiplier)


def move_back(g: Table, p: int, steps: int) -> None:
    player = g.state.players[p]
    start = player.position
    player.position = (start - steps) % BOARD
    g.emit(E.Moved, p, start, player.position, -steps)
    land(g, p, player.position)


def land(g: Table, p: int, index: int, railroad_multiplier: int = 1, utility_multiplier: int = 0) -> None:
    s = g.state
    sq = g.edition.squares[index]
    g.emit(E.Landed, p, index)
    counts = g.landing_counts
    if counts is not None:  # ``Game.count_landings``
        counts[index] += 1
    kind = sq.kind
    if kind in PROPERTY_KINDS:
        owner = s.owner[index]
        offline_here = g.rules.offline_rule and s.offline_square == index
        if owner == NOBODY:
            g.queue(Decision(_BUY, p, index, sq.price))
        elif owner == p:
            pass
        elif s.mortgaged[index]:
            g.emit(E.NoRent, index, owner, "mortgaged")
        elif offline_here:
            g.emit(E.NoRent, index, owner, "offline")
        elif s.players[owner].in_jail and g.rules.jail_no_rent:
            g.emit(E.NoRent, index, owner, "jail")
        else:
            if kind is _UTILITY and utility_multiplier:
                d = g.dice.roll()
                g.emit(E.DiceRolled, p, d, "utility")
                total = d[0] + d[1]
            else:
                total = s.turn.dice_total
            amount = H.rent(g.edition, g.rules, s, index, total, railroad_multiplier, utility_multiplier)
            rent_due(g, owner, p, index, amount)
        if offline_here and owner != NOBODY:
            g.queue(Decision(K.MOVE_OFFLINE, owner, reason="landed"))
    elif kind in _CARD_KINDS:
        g.landings[kind](g, p, index)  # the decks (``routes.LANDINGS``): moving never imports cards
    elif kind is _TAX:
        if sq.percent and g.rules.effective_income_tax == IncomeTaxMode.CHOICE:
            g.emit(E.TaxChoiceNeeded, p, sq.amount, sq.percent)
            g.queue(Decision(K.INCOME_TAX, p, square=index, amount=sq.amount))
        else:
            g.charge(p, BANK, sq.amount, R.TAX)
    elif kind is _GO_TO_JAIL:
        send_to_jail(g, p, "square")
    elif kind is _FREE_PARKING and s.pot:
        g.take_pot(p)


# ---------------------------------------------------------------------- rent claims
def rent_due(g: Table, owner: int, payer: int, square: int, amount: int) -> None:
    s = g.state
    if amount <= 0:
        return
    if g.rules.rent_claim == _AUTOMATIC or s.time_up or owner in g.instant_claims:
        # once time is up no later throw comes to claim it by: rent is paid with the move (and so
        # it is for an owner who would claim it at once: ``Game.claim_rent_at_once``)
        g.charge(payer, owner, amount, _RENT)
        return
    claim = RentClaim(s.next_claim, owner, payer, square, amount, s.turn.number)
    s.next_claim += 1
    s.claims.append(claim)
    g.emit(E.RentDue, claim.id, owner, payer, square, amount)


def lapses_at_throw(g: Table, claim: RentClaim) -> bool:
    """Whether ``claim`` is lost if the player asked to throw throws now (``expire_claims``)."""
    if g.rules.rent_claim == RentClaimMode.NEXT_THROW:
        return True
    window = 2 if g.rules.rent_claim == RentClaimMode.SECOND_ROLL else 1
    return g.state.turn.number >= claim.turn + window


def expire_claims(g: Table) -> None:
    """Rent not claimed in time is lost: before the next throw of all (``next_throw``, the UK
    book: a payer's own throw after doubles too), or before the next (or second following)
    player throws. Called as a throw is made, so every claim open then is from an earlier throw."""
    s = g.state
    if not s.claims:
        return
    keep = []
    for c in s.claims:
        if lapses_at_throw(g, c):
            g.emit(E.RentLapsed, c.id, c.owner, c.payer, c.amount)
        else:
            keep.append(c)
    s.claims = keep


def claim_rent_problem(g: Table, a: A.ClaimRent) -> str | None:
    for c in g.state.claims:
        if c.id == a.claim:
            return None if c.owner == a.player else "only the owner can claim that rent"
    return "there is no such rent to claim (it may have lapsed)"


def claim_rent(g: Table, a: A.ClaimRent) -> None:
    claims = g.state.claims
    for i, claim in enumerate(claims):
        if claim.id == a.claim:
            del claims[i]
            g.charge(claim.payer, claim.owner, claim.amount, _RENT)
            return


# ---------------------------------------------------------------------- taxes
def income_tax_problem(g: Table, a: A.PayIncomeTax) -> str | None:
    return pending_problem(g, K.INCOME_TAX, a.player)


def income_tax(g: Table, a: A.PayIncomeTax) -> None:
    d = g.state.stack.pop()
    sq = g.edition.squares[d.square]
    if a.percent:
        worth = H.income_tax_worth(g.edition, g.rules, g.state, a.player)
        amount = (worth * sq.percent + 50) // 100
    else:
        amount = sq.amount
    g.charge(a.player, BANK, amount, R.TAX)


# ---------------------------------------------------------------------- the Offline token
def move_offline_problem(g: Table, a: A.MoveOffline) -> str | None:
    problem = pending_problem(g, K.MOVE_OFFLINE, a.player)
    if problem:
        return problem
    if square_problem(a.square) or not g.edition.squares[a.square].is_property:
        return "the Offline token goes only on a square with a title deed"
    if a.square == g.state.offline_square:
        return "move the Offline token to another square"
    return None


def move_offline(g: Table, a: A.MoveOffline) -> None:
    g.state.stack.pop()
    g.state.offline_square = a.square
    g.emit(E.OfflineMoved, a.player, a.square)
