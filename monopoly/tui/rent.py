"""Claiming rent on screen: the R option, R inside a question, the owner asked before a throw that
would let their claim lapse, and the countdown before another's throw that would.

The countdown's length is ``play.CLAIM_WINDOW`` (read from there, where the tests shorten it).
"""

from __future__ import annotations

import time

from ..engine import actions as A
from ..present import model as M
from . import keys as KEYS
from . import play
from .play import Controller, decision_marker
from .screen import key_char


class RentDialogs(Controller):
    """Rent claims: a part of ``play.GameController``."""

    def claim_window(self, thrower: int) -> bool:
        """Before a throw that would let another person's rent claim lapse (a computer's, or a
        person's in hot-seat play): a countdown of ``CLAIM_WINDOW`` seconds (Fastmove too: a person
        needs the time) on the bottom line. R (or another option) is kept and done first (True);
        SPACE, RETURN or D lets the thrower throw at once."""
        game = self.game
        deadline = time.monotonic() + play.CLAIM_WINDOW
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                for owner in {c.owner for c in self.session.lapsing_claims()}:
                    self.session.let_throw(owner)
                return False
            self.ui.hint = M.claim_window_hint(game, self.session.people, thrower, left)
            self.refresh()
            key = self.screen.read_key(min(1.0, left))
            if key is None:
                continue
            if key in KEYS.ENTER or KEYS.command("message", key) == "skip" or key_char(key).lower() == "d":
                for owner in {c.owner for c in self.session.lapsing_claims()}:
                    self.session.let_throw(owner)
                return False
            if self.pause_key(key, keep_options=True):
                return True
            self.say("R claims the rent; SPACE lets the computer throw now", "dim")

    # ------------------------------------------------------------------ Rent
    def option_rent(self) -> None:
        game = self.game
        owners = sorted({c.owner for c in game.view.claims() if c.owner in self.session.people})
        p = self.choose_player("Who claims rent?", owners)
        if p is None:
            return
        for claim in game.view.claims(p):
            self.apply(A.ClaimRent(p, claim.id))

    def _claim_during_question(self) -> bool:
        """R pressed while a question is open (the screen's ``on_claim_key``): claim the rent now,
        without putting the question off first; True when the decision asked has changed."""
        if self._claiming:
            return False
        if not M.option_enabled(self.game, self.session.people).get("rent"):
            self.say(self._why_not("rent"), "dim")
            return False
        marker = decision_marker(self.game)
        self._claiming = True
        try:
            self.option_rent()
        finally:
            self._claiming = False
        return decision_marker(self.game) != marker

    def claim_before_throwing(self, p: int) -> bool | None:
        """An owner about to throw with rent still to claim is asked first (the throw would let it
        lapse). True: go on and throw; False: the claim changed the game (the payer must raise the
        money); None: put off (ESC)."""
        game = self.game
        claims = [c for c in self.session.lapsing_claims(p) if c.owner == p]
        if not claims:
            return True
        owed = " and ".join(f"{game.view.money(c.amount)} from {M.name(game, c.payer)}" for c in claims)
        answer = self.yes_no(f"{M.name(game, p)}: claim the rent first ({owed})? A throw now lets it lapse", True)
        if answer is None:
            return None
        if answer:
            d = game.view.pending
            for claim in claims:
                self.apply(A.ClaimRent(p, claim.id))
            return game.view.pending.serial == d.serial
        return True
