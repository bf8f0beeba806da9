"""Each decision a person answers with one choice, as one value for every front end.

``decision_prompt(game, player)`` is the prompt of the decision waiting for ``player`` when it is
one of ``PROMPTED``'s kinds (None otherwise: the front ends ask the others their own way, with a
cursor, an amount or a list). A prompt's answers are the legal actions that answer it, so a front
end that offers a prompt's answers offers exactly what the engine takes.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import DecisionKind as K, Game
from ..engine import actions as A
from ..session.words import name, square_name

# the decision kinds phrased here, for every front end (a throw only in jail), and the actions
# that answer them
PROMPTED = (K.BUY, K.INCOME_TAX, K.PAY_OR_DRAW, K.TRADE_RESPONSE, K.MORTGAGED_TRANSFER, K.ROLL)
ANSWERS = (A.Roll, A.PayJailFine, A.UseJailCard, A.Buy, A.DeclineToBuy, A.PayIncomeTax, A.PayOrDraw, A.AcceptTrade,
           A.RejectTrade, A.SettleMortgagedTransfer)


@dataclass(frozen=True)
class Answer:
    """One answer to a prompt: the key the curses screen takes, the word typed in the text mode and
    sent by the network client as the action's command, what it does (``label``, beside its key on
    the screen; ``detail``, after its word in a line mode), and the action itself."""

    key: str
    word: str
    label: str
    action: A.Action
    detail: str = ""


@dataclass(frozen=True)
class Prompt:
    """A decision put to a person. ``default`` indexes the answer RETURN gives (None: none);
    ``yes_no``: the first answer is a yes and the second a no (the curses screen asks Y/N);
    ``note``: a line said before the question (the last throw in jail); ``instead``: what else the
    player may do first, when only one answer is offered (raise the money for a deed)."""

    player: int
    kind: K
    text: str
    answers: tuple[Answer, ...]
    default: int | None = 0
    yes_no: bool = False
    note: str = ""
    instead: str = ""

    def words(self) -> str:
        """The answers as the line modes name them: "buy or auction", "flat (pay $200) or percent (...)"."""
        parts = [a.word if not a.detail else f"{a.word}: {a.detail}" if self.yes_no else f"{a.word} ({a.detail})"
                 for a in self.answers]
        return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " or " + parts[-1]

    def line(self) -> str:
        """The question with its answers, for a line mode: "Ann: buy Baltic Avenue for $60? (buy or
        auction)", "Ann, income tax: flat (pay $200) or percent (pay 10% of your total worth)"."""
        if self.instead:
            return f"{self.text}: {self.words()}, or {self.instead}"
        return f"{self.text} ({self.words()})" if self.text.endswith("?") else f"{self.text} {self.words()}"

    def answer(self, word: str) -> Answer | None:
        """The answer a word (or its first letters, or a key) names; None when none or several do."""
        w = word.strip().lower()
        if not w:
            return self.answers[self.default] if self.default is not None else None
        exact = [a for a in self.answers if w in (a.word, a.key)]
        if len(exact) == 1:
            return exact[0]
        starts = [a for a in self.answers if a.word.startswith(w)]
        return starts[0] if len(starts) == 1 else None


def decision_prompt(game: Game, player: int) -> Prompt | None:
    """The prompt of the decision waiting for ``player``, when it is one of ``PROMPTED``'s."""
    view = game.view
    d = view.pending
    if d.player != player or view.over or d.kind not in PROMPTED:
        return None
    who = name(game, player)
    money = view.money
    if d.kind == K.ROLL:
        if not view.in_jail(player):
            return None
        fine = money(view.edition.jail_fine)
        answers = [Answer("t", "roll", "throw for doubles", A.Roll(player), "for doubles")]
        if view.is_legal(A.PayJailFine(player)):
            answers.append(Answer("p", "fine", f"pay {fine}", A.PayJailFine(player), f"pay {fine}"))
        if view.is_legal(A.UseJailCard(player)):
            answers.append(Answer("c", "card", "use your card", A.UseJailCard(player), "use your Get Out of Jail Free card"))
        note = (f"{who}'s last throw in jail: without doubles, {who} pays {fine} and moves"
                if view.last_jail_throw(player) else "")
        return Prompt(player, d.kind, f"{who} is in jail:", tuple(answers), 0, note=note)
    if d.kind == K.BUY:
        sq = square_name(game, d.square)
        let_go = (Answer("n", "auction", "auction it", A.DeclineToBuy(player)) if view.rules.auctions
                  else Answer("n", "decline", "decline it", A.DeclineToBuy(player), "it stays with the bank"))
        if view.is_legal(A.Buy(player)):
            return Prompt(player, d.kind, f"{who}: buy {sq} for {money(d.amount)}?",
                          (Answer("y", "buy", "buy", A.Buy(player)), let_go), 0, yes_no=True)
        return Prompt(player, d.kind, f"{who}: {sq} costs {money(d.amount)} and {who} has {money(view.cash(player))}",
                      (let_go,), 0, instead="raise the money first (mortgage, houses)")
    if d.kind == K.INCOME_TAX:
        tax = view.square(d.square)
        return Prompt(player, d.kind, f"{who}, income tax:", (
            Answer("f", "flat", f"pay {money(tax.amount)}", A.PayIncomeTax(player, False), f"pay {money(tax.amount)}"),
            Answer("p", "percent", f"pay {tax.percent}% of worth", A.PayIncomeTax(player, True),
                   f"pay {tax.percent}% of your total worth")), 0)
    if d.kind == K.PAY_OR_DRAW:
        deck = view.edition.deck_name(d.deck) if d.deck else "card"
        return Prompt(player, d.kind, f"{who}:", (
            Answer("p", "pay", f"pay {money(d.amount)}", A.PayOrDraw(player, False), money(d.amount)),
            Answer("d", "draw", f"take a {deck}", A.PayOrDraw(player, True), f"take a {deck}")), 0)
    if d.kind == K.TRADE_RESPONSE and d.offer is not None:
        return Prompt(player, d.kind, f"{who}: accept the offer from {name(game, d.offer.proposer)}?", (
            Answer("y", "accept", "accept", A.AcceptTrade(player)),
            Answer("n", "refuse", "refuse", A.RejectTrade(player))), 1, yes_no=True)
    if d.kind == K.MORTGAGED_TRANSFER:
        sq = square_name(game, d.square)
        interest = money(view.mortgage_interest(d.square))
        keep = Answer("k", "keep", f"keep it mortgaged, pay {interest} interest",
                      A.SettleMortgagedTransfer(player, d.square, False), f"it mortgaged, paying {interest} interest")
        lift = A.SettleMortgagedTransfer(player, d.square, True)
        cost = money(view.lift_cost(d.square))
        kept: tuple[Answer, ...] = ((Answer("l", "lift", f"lift the mortgage for {cost}", lift,
                                            f"the mortgage, for {cost}"), keep) if view.is_legal(lift) else (keep,))
        return Prompt(player, d.kind, f"{who}, {sq} is mortgaged:", kept, len(kept) - 1)
    return None
