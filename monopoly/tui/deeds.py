"""The Mortgage and Houses dialogs: the board cursor over a player's deeds to mortgage or lift, the
building orders (the computers' joined through the session) and the placing and selling of
buildings."""

from __future__ import annotations

from typing import Any

from ..engine import NOBODY, DecisionKind as K, Pending
from ..engine import actions as A
from ..present import Site, SitePrompt, building_prompt
from ..present import model as M
from ..session.questions import CHOICE, NUMBER, Choice, Question
from .play import Controller


class DeedDialogs(Controller):
    """Mortgage and Houses: the cursor over a player's deeds: a part of ``play.GameController``."""

    # ------------------------------------------------------------------ Mortgage
    def option_mortgage(self) -> None:
        p = self.choose_player("Who mortgages?", self.persons_with(A.Mortgage, A.LiftMortgage))
        if p is not None:
            self.mortgage_dialog(p)

    def mortgage_dialog(self, p: int, debt: Pending | None = None) -> None:
        """The mortgage cursor over ``p``'s properties; with ``debt``, it ends once the debt is paid."""
        game = self.game
        start = None
        while not game.view.over:
            squares = self.legal_squares(p, A.Mortgage, A.LiftMortgage)
            if not squares:
                self.say(f"{M.name(game, p)} has nothing more to mortgage or lift", "dim")
                self.screen.flush_keys()
                return
            how, sq = self.screen.board_cursor(
                f"{M.name(game, p)} - mortgage cursor: RETURN mortgages or lifts, D done", squares, start)
            if how != "pick" or sq is None:
                return
            start = sq
            if game.view.mortgaged(sq):
                lift, interest = game.view.lift_cost(sq), game.view.mortgage_interest(sq)
                name = game.edition.squares[sq].name
                sure = self.yes_no(f"{M.name(game, p)}: lift the mortgage on {name} for {game.view.money(lift)} "
                                   f"({game.view.money(lift - interest)} + {game.view.money(interest)} interest)?", True)
                if sure:
                    self.apply(A.LiftMortgage(p, sq))
            else:
                self.apply(A.Mortgage(p, sq))
            if debt is not None and game.view.pending.serial != debt.serial:
                self.screen.flush_keys()
                return

    # ------------------------------------------------------------------ Houses
    def option_houses(self) -> None:
        builders = self.persons_with(A.Build)
        sellers = self.persons_with(A.SellBuilding)
        if builders and sellers:
            answer = self.ask(Question("Houses:", CHOICE, "buy", (Choice("b", "buy", "buy"), Choice("s", "sell", "sell"))))
        elif builders:
            answer = "buy"
        else:
            # Nobody can build (short of cash, say): why, before any selling (issue 26).
            self.say(self._why_not("houses"), "dim")
            answer = "sell" if self.yes_no("No building can be bought now. Sell buildings instead?", False) else None
        if answer == "buy":
            self.buy_houses(builders)
        elif answer == "sell":
            p = self.choose_player("Who sells?", sellers)
            if p is not None:
                self.sell_dialog(p)

    def buy_houses(self, builders: list[int]) -> None:
        """People order buildings; computer players add theirs; a shortage goes to auction."""
        game = self.game
        view = game.view
        orders: list[tuple[int, int]] = []
        hotels = False  # an order of hotels when the first buyer's streets take only hotels
        while True:
            left = [p for p in builders if p not in [o[0] for o in orders]]
            if not left:
                break
            if orders:
                p = self.choose_player("Anyone else buying? Player", left, default=NOBODY, allow_none=True)
                if p is None or p == NOBODY:
                    break
            else:
                p = self.choose_player("Who buys houses?", left)
                if p is None:
                    return
                hotels = view.build_capacity(False, p) == 0 and view.build_capacity(True, p) > 0
            room = view.build_capacity(hotels, p) or 1
            cost_hint = min(view.build_cost(s) for s in self.legal_squares(p, A.Build))
            most = max(1, min(room, view.cash(p) // max(1, cost_hint)))
            count = self.ask(Question(f"{M.name(game, p)}: how many buildings?", NUMBER, 1, low=1, high=most))
            if count is None:
                if not orders:
                    return
                break
            orders.append((p, count))
        if self.order_scarce_buildings(orders, hotels):
            return
        for p, count in orders:
            self.place_houses(p, count)

    def computer_orders(self, hotels: bool) -> list[tuple[int, int]]:
        """The buildings each computer player would order now too (those ordering any)."""
        found = self.session.building_orders(hotels)
        for line in found.stumbles:
            self.say(line, "bad")
        return list(found.orders)

    def order_scarce_buildings(self, orders: list[tuple[int, int]], hotels: bool) -> bool:
        """With the computer players' orders added, auction what the bank is short of: True when
        the auction starts (otherwise the people place their buildings themselves)."""
        game = self.game
        if not orders:
            return False
        joined = self.computer_orders(hotels)
        # Everyone's orders; if those cannot go to auction, the people's alone (as before).
        for candidate in [orders + joined] + ([orders] if joined else []):
            if not game.view.shortage_auction(candidate, hotels):
                continue
            action = A.OrderBuildings(candidate[0][0], tuple(candidate), hotels)
            came = [o for o in candidate if o not in orders]
            if came:
                self.say(M.computers_join_text(game, came, hotels), "title")
            self._scarce = ({p: c for p, c in candidate}, hotels)
            if self.apply(action) is None:
                self._scarce = None
                return False
            return True
        return False

    def _scarce_auction_over(self) -> None:
        """Once a shortage auction is over, tell the people what they still wanted to build."""
        if self._scarce is None:
            return
        view = self.game.view
        if view.buildings_on_order or any(d.kind == K.PLACE_BUILDING for d in view.pending_decisions()):
            return
        wanted, hotels = self._scarce
        self._scarce = None
        people = self.session.people
        left = [(p, c) for p, c in wanted.items() if c > 0 and p in people]
        if left:
            supply = view.bank_hotels if hotels else view.bank_houses
            self.say(M.scarce_left_text(self.game, left, hotels, supply), "title")

    def place_houses(self, p: int, count: int) -> None:
        game = self.game
        placed = 0
        start = None
        while placed < count and not game.view.over:
            # Only the sites where the next building may go (docs/playing.md), phrased once
            # (``present``); when none is left the player is told why.
            chosen = self.pick_site(building_prompt(game, p, placed=placed, count=count, near=start),
                                    "RETURN builds, D done", f"{M.name(game, p)} cannot build any more now")
            if chosen is None:
                return
            start = chosen.square
            if self.apply(chosen.action) is not None:
                placed += 1
        if placed == count:
            self.screen.flush_keys()

    def pick_site(self, sites: SitePrompt, keys: str, none_left: str) -> Site | None:
        """The site the player picks on the board cursor among ``sites`` (None: done, or none left,
        which is said as ``none_left``)."""
        if not sites.sites:
            self.say(none_left, "dim")
            self.screen.flush_keys()
            return None
        joint = " - " if sites.job == "build" else ": "
        how, sq = self.screen.board_cursor(f"{sites.text}{joint}{keys}", sites.squares(), sites.start)
        return None if how != "pick" or sq is None else sites.site(sq)

    def sell_dialog(self, p: int, debt: Pending | None = None) -> None:
        game = self.game
        start = None
        while not game.view.over:
            chosen = self.pick_site(building_prompt(game, p, sell=True, near=start),  # phrased once (``present``)
                                    "RETURN chooses, D done", f"{M.name(game, p)} has no buildings to sell")
            if chosen is None:
                return
            start = chosen.square
            # With what it pays. Out of debt N is the default (one RETURN too many never sells a
            # building, issue 26); in debt, selling is what the player came for: Y.
            sure = self.yes_no(chosen.confirm, debt is not None)
            if not sure:
                continue
            self.apply(chosen.action)
            if debt is not None and game.view.pending.serial != debt.serial:
                self.screen.flush_keys()
                return
