"""The coach on the screen: W shows or hides each player's estimated chance of winning in the players
list, I shows the hint for the decision waiting in a pop-up (at the option bar, at a one-key
question, in an auction), and the trade panel says how the offer as it stands moves both sides'
chances. The figures are the session's (``session.coaching``, through ``Session.win_chances``,
``offer_chances`` and ``hint``), so a seat at a hosted game computes them on its own copy of the
public state; this part only renders them.
"""

from __future__ import annotations

import time

from ..engine import Offer
from ..present import model as M
from ..session.coaching import hint_lines, offer_words
from . import keys as KEYS
from .play import Controller


def coach_seat(controller: Controller) -> int | None:
    """The seat whose view the figures are made from: the one person at this screen (a seat at a
    hosted game), else the person at the keyboard now (a spectator: None, the session's choice)."""
    persons = controller.session.persons
    if len(persons) == 1:
        return persons[0]
    return controller.keyboard() if persons else None


def refresh_chances(controller: Controller) -> None:
    """The players list's win chances, fresh at each redraw after an action; none when hidden, or
    when the estimate cannot be made (the list then shows none rather than stopping the game)."""
    ui = controller.ui
    if not ui.show_chances:
        ui.chances = ()
        return
    try:
        ui.chances = controller.session.win_chances(coach_seat(controller))
    except Exception:  # an estimate is a help, never a reason to stop the game
        ui.chances = ()


def offer_figures(controller: Controller, offer: Offer) -> list[tuple[str, str]]:
    """The trade panel's line saying how ``offer`` as it stands moves both sides' chances (none while
    it offers nothing)."""
    if not (offer.give or offer.take or offer.cash or offer.give_cards or offer.take_cards):
        return []
    try:
        before, after = controller.session.offer_chances(coach_seat(controller), offer)
        return [(offer_words(controller.game, offer, before, after), "dim")]
    except Exception:  # as for the chances: no figure rather than no trade
        return []


class CoachDialogs(Controller):
    """The win chances switch and the hint: a part of ``play.GameController``."""

    # How long the last hint took, from the key to the pop-up drawn (seconds): for the tests and
    # for anyone timing it (``docs/playing.md`` gives the figures measured).
    hint_seconds: float = 0.0

    def toggle_chances(self) -> None:
        ui = self.ui
        ui.show_chances = not ui.show_chances
        refresh_chances(self)
        self.say("Win chances now shown in the players list (estimates, not certainties)" if ui.show_chances
                 else "Win chances now hidden", "dim")
        self.session.autosave()  # the switch is one of the screen's settings, kept with the game

    def show_hint(self) -> None:
        """The hint for the decision of the person at the keyboard, in a pop-up."""
        started = time.perf_counter()
        seat = coach_seat(self)
        try:
            lines = hint_lines(self.game.view, self.session.hint(seat) if seat is not None else None)
        except Exception:  # as for the chances: no hint rather than no game
            lines = ["No hint now: the estimate could not be made."]
        shown = [(lines[0], "title")] + [(line, "message") for line in lines[1:]]
        popup = M.Popup("Hint (estimates, not certainties)", shown, footer="any key goes back")
        self.ui.popup = popup
        self.screen.render()  # drawn once here to time it, then kept until a key
        self.hint_seconds = time.perf_counter() - started
        self.screen.show_popup(popup)

    def view_key(self, ch: str) -> bool:
        """W or I pressed where they are not an answer (a one-key question, an auction): done, True."""
        command = KEYS.VIEW_KEYS.get(ch.lower())
        if command == "chances":
            self.toggle_chances()
        elif command == "hint":
            self.show_hint()
        else:
            return False
        return True
