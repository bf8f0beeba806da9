"""A minimal front end written for the tests: it plays every person's decisions through the
presentation layer (``monopoly.present``) and the session alone, as a web page or any other new
front end would. Prompted decisions take their default answer; the few asked otherwise (a bid, a
debt, a square to place on) take the simplest legal answer. It shows the same lines the other
front ends show, from the session's words."""

from __future__ import annotations

from typing import Sequence

from monopoly.engine import Claim, DecisionKind as K, Game
from monopoly.engine import actions as A
from monopoly.engine import events as E
from monopoly.present import bid_prompt, decision_prompt, decision_sites
from monopoly.session.session import ComputerMove, Session
from monopoly.session.words import event_lines


class PromptFront:
    """A ``FrontEnd`` of a ``Session``: what it says is in ``lines``, what it asked in ``asked``."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.lines: list[str] = []
        self.asked: list[str] = []

    @property
    def game(self) -> Game:
        return self.session.game

    def show_events(self, events: list[E.Event], computer: bool = False) -> None:
        self.lines += [said[0] for said in event_lines(self.game, events) if said is not None]

    def before_computer(self, move: ComputerMove, claims: Sequence[Claim]) -> bool:
        for claim in claims:  # a person claims the rent a computer's throw would let lapse
            self.show_events(self.session.apply(A.ClaimRent(claim.owner, claim.id)))
        return not claims

    def people_act(self) -> bool:
        session, view = self.session, self.game.view
        p = session.person_asked()
        if p is None:
            return False
        d = view.pending
        lapsing = session.lapsing_claims(d.player) if d.kind == K.ROLL else []
        mine = [c for c in lapsing if c.owner == p]
        if mine:  # one's own rent before the throw that would let it lapse, as every front end asks
            self.show_events(session.apply(A.ClaimRent(p, mine[0].id)))
            return True
        if d.player != p:  # nothing of one's own to claim after all: let the throw go
            session.let_throw(p)
            return True
        prompt = decision_prompt(self.game, p)
        if prompt is not None:
            self.asked.append(prompt.line())
            answer = prompt.answers[prompt.default if prompt.default is not None else 0]
            self.show_events(session.apply(answer.action))
            return True
        bidding = bid_prompt(self.game, p)
        if bidding is not None:  # one bid at the first step where nobody has bid yet, else out
            self.asked.append(bidding.line())
            opening = bidding.high_text == "no bid yet" and bidding.answers[0].word == "bid"
            answer = bidding.answers[0] if opening else next(a for a in bidding.answers if a.word == "pass")
            self.show_events(session.apply(answer.action))
            return True
        sites = decision_sites(self.game, p)
        if sites is not None and sites.start is not None:  # the square the prompt's cursor starts on
            self.asked.append(sites.line())
            site = sites.site(sites.start)
            assert site is not None
            self.show_events(session.apply(site.action))
            return True
        self.show_events(session.apply(self.simplest(p)))
        return True

    def simplest(self, p: int) -> A.Action:
        """The answer to a decision that is not one choice among a few: a throw, no bid, money raised
        by the first mortgage or sale that can be made (else bankruptcy), the first square allowed."""
        view = self.game.view
        d = view.pending
        legal = view.legal_actions(p, deeds=False)
        if d.kind == K.ROLL:
            return A.Roll(p)
        if d.kind == K.AUCTION:
            return A.PassBid(p)
        if d.kind == K.RAISE_FUNDS:
            for kind in (A.SellBuilding, A.Mortgage, A.DeclareBankruptcy):
                found = [a for a in legal if isinstance(a, kind)]
                if found:
                    return found[0]
        answers = [a for a in legal if not isinstance(a, A.ClaimRent)]
        return answers[0]

    def finished(self) -> None:
        self.lines.append("The game is over.")
