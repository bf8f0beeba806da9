"""Showing what happened on screen: the dice, the tokens moving square by square, the cards, one
message an event, and what the others did since a person's last turn.

The pauses are the session's (``STEP``, ``COMPUTER_MOVE``, ``WATCH_PACE``) and ``play.CARD_READ``.
"""

from __future__ import annotations

from ..engine import BOARD_SIZE
from ..engine import events as E
from ..present import model as M
from ..session.session import COMPUTER_MOVE, STEP, WATCH_PACE
from ..session.summary import since_last_turn
from . import play
from .play import Controller


class ShowingEvents(Controller):
    """Events shown: a part of ``play.GameController``."""

    def present(self, events: list[E.Event], computer: bool = False) -> None:
        """Show what happened: dice, moving tokens, cards and one message per event."""
        ui, game = self.ui, self.game
        self._skip_rest = False
        moved = False
        turn_over = False
        for ev, shown in zip(events, M.event_lines(game, events)):
            if isinstance(ev, (E.DiceRolled, E.Moved)):
                ui.panel_player = ev.player  # the panel shows the mover until the move is off the screen
            if isinstance(ev, (E.DiceRolled, E.StartingRoll)):
                ui.dice = ev.dice
            elif isinstance(ev, E.Moved):
                if not computer:
                    ui.hint = f"{M.name(game, ev.player)} moves... any key skips the move"
                self._animate(ev, computer)
                moved = True
                ui.card = None  # a card that moved the token: now the deed of where it landed
            elif isinstance(ev, E.SentToJail):
                ui.display_pos.pop(ev.player, None)
            elif isinstance(ev, E.CardDrawn):
                ui.card = (game.edition.deck_name(ev.deck), ev.text)
            elif isinstance(ev, E.AuctionWon) and ev.item != "square" and self._scarce is not None:
                wanted = self._scarce[0]
                wanted[ev.player] = wanted.get(ev.player, 0) - 1
            elif isinstance(ev, E.TurnStarted):
                turn_over = True
                # the panel names whoever the messages now say plays (it named the last mover: CPU1
                # while "Turn 5: CPU2 to play" was on show)
                ui.panel_player = ev.player
                if ui.card is not None and not computer and not self._skip_rest:
                    # A card that ends the turn where it was drawn (Go to Jail, Get Out of Jail
                    # Free) would go with the next turn before anyone read it: a pause first.
                    ui.hint = "Read the card... any key goes on"
                    self.refresh()
                    self._skip_rest = self.pause(play.CARD_READ)
                ui.card = None
                ui.dice = None
                ui.deferred = None
            if isinstance(ev, E.TurnStarted):
                prev, self._turn_of = self._turn_of, ev.player
                pl = game.view.player(prev)
                if ui.show_cash and ev.turn > 1 and prev != ev.player and not pl.bankrupt:
                    self.say(M.turn_end_text(game, prev), "dim")
            if shown is not None:
                self.say(*shown)
                if isinstance(ev, E.TradeAnswered):
                    self._say_trade_reply(ev)
            if isinstance(ev, E.TurnStarted) and ev.player in self.session.people:
                self._say_since_last_turn(ev.player)
        self._scarce_auction_over()
        ui.display_pos.clear()
        if moved or computer:
            self.refresh()
        if computer and not self._skip_rest:
            self.pause(WATCH_PACE if self.watching and turn_over else self.pace)
        if moved or computer:
            # Keys typed while a token moved or a computer played were meant for that moment (to
            # skip it): none of them may answer the decision that comes next.
            self.screen.flush_keys()
        ui.panel_player = None  # the move is over: the panel is about whose turn it is
        ui.hint = self.decision_hint()
        self.refresh()

    def _say_trade_reply(self, ev: E.TradeAnswered) -> None:
        """Beside a computer's answer to a trade offer: its reason, and word of a counter-offer
        (which it then makes like any offer)."""
        reply = getattr(self.cp, "last_reply", None)  # a stand-in for the computers may have none
        if reply is None or (reply.proposer, reply.recipient, reply.accepted) != (ev.proposer, ev.recipient,
                                                                                  ev.accepted):
            return
        more = "; it makes a counter-offer" if reply.counter is not None else ""
        self.say(f"{M.name(self.game, ev.recipient)}: {reply.reason}{more}", "message")

    def _say_since_last_turn(self, person: int) -> None:
        """What the others did since ``person``'s last turn (``session.summary``), as the turn starts."""
        since = since_last_turn(self.game.log, person, self.game.view.player_count)
        if since is not None:
            for text, role in M.since_lines(self.game, since):
                self.say(text, role)

    def _animate(self, ev: E.Moved, computer: bool = False) -> None:
        ui = self.ui
        if ui.fastmove or self._skip_rest or ev.steps == 0:
            ui.display_pos[ev.player] = ev.end
            return
        step = 1 if ev.steps > 0 else -1
        pause = min(STEP, COMPUTER_MOVE / abs(ev.steps)) if computer else STEP
        pos = ev.start
        for _ in range(abs(ev.steps)):
            pos = (pos + step) % BOARD_SIZE
            ui.display_pos[ev.player] = pos
            self.refresh()
            if self.pause(pause):
                ui.display_pos[ev.player] = ev.end
                break
