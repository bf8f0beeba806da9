"""``ruthless``, the default: the strongest computer player we have.

Everything it does is priced by ``valuation.strength``, which values a position from the rent
it should bring (landing frequencies computed in ``board.py``), so it prefers the groups that
pay best on this board and spends money where it returns most.

- Buying and bidding: it buys when the property is worth its price to it (its own gain, plus
  what it denies the rival who would gain most), and bids up to that worth, mortgaging lesser
  properties when a property is worth it and cash is short. At a table of three or more, a street
  that completes a set (its own or a rival's) is bid for with what mortgaging lesser deeds would
  raise as well, less the dearest rent of its next throw (``_table_bid_limit``).
- Building: it builds towards three houses on every group it owns as fast as its cash allows,
  best return first, mortgaging properties outside its groups to pay; it keeps enough cash to
  pay the dearest rent it could land on next (less what mortgages would raise) and $50 more
  ($150 one-on-one). At a table of three or more, a lone deed's mortgage is lifted only with
  ``lift_spare`` more in hand: that cash pays for blocks and bids. While the bank
  is short of houses and a rival could build, it keeps its four-house streets rather than
  trading the houses in for hotels, so the houses stay out of the rivals' hands.
- Scarce buildings: when buildings are ordered for auction it orders every house its build
  plan would pay for (mortgaging lesser property included); while the bank is short of houses
  and a rival could build, it orders at least all the houses the bank has left (as far as its
  streets take them and it can pay for one), to corner them, and orders no hotels.
- One-on-one (``endgame.py``): a deed that completes a set or blocks the rival's is bought and bid
  for with every mortgage of lesser deeds it takes; a deed goes to auction when the rival cannot
  bid its price; other deeds get at most ``duel_bid_share`` of the price in auctions, a split
  group's deed is bought only from money to spare, and a mortgaged set is freed before anything else.
- Jail: early, while deeds are for sale and the board is cheap, it leaves at once (card first);
  once landing costs more per turn than it gains, it stays and throws for doubles.
- Income tax: whichever is cheaper. Pay-or-draw: whichever costs less on average.
- Debts: it raises money with the least loss of value per unit raised (an unimproved lone
  street before a railroad, a mortgage before a house), and goes bankrupt at once when even
  selling everything would not pay.
- Rent: it claims every rent at once.
- Trading, as the computer editions did: it proposes a trade only if it would accept it if
  offered (its gain, less ``rival_weight`` of the partner's, beats ``propose_margin``); the
  partner must gain too by the same measure of worth, and every refusal makes it leave the
  partner more of the gain next time. A refused offer is not repeated to that player for a
  few rounds (``ComputerPlayers`` enforces this); it looks for other trades meanwhile. It
  never completes a group for a rival unless it completes one at least nearly as good in the
  same deal or is paid the group's worth in cash (``_sets_price``; halved while the partner could
  not pay it, at most ``short_halvings`` times: ``_least_cash``). A partner who refused a deal completing a group
  for it is offered such deals for ``WARY_ROUNDS`` rounds only at the price its own rule would ask
  in the partner's place (evidence of answers only: it never looks at the partner's kind). Its answers to offers are predictable: it
  accepts exactly when its gain, measured the same way, is at least ``accept_margin``. At a table of
  three or more it refuses a swap of sets in which the partner's set, built with the cash the
  partner holds after the deal, would be worth more than ours built with ours (``_outbuilt``).
- Handing a set over (for cash, or in a swap that completes one of ours too): its first offer asks
  all the partner's cash but ``sale_keep`` houses a site of the set handed (``_first_sale_price``),
  so the partner cannot build it up at once; refused, the deal is priced as usual, and a partner
  that refused such a first price is offered every later deal at the usual price (``_asks_first``).
- A long game (``decisive_rounds`` rounds and more), which the turn limit would leave won by
  nobody: a set is offered at that first price whatever the partner gains by our measure, when
  the deal pays us (``_decisive_sale``), once a deal, even to a partner that refused a first
  price before; the partner's answer decides. Before that, after ``lever_rounds`` rounds, a group
  of any kind it can complete for a partner (railroads and utilities too; never a set of its own
  streets) is offered for all the partner's deeds outside its whole groups and its cash
  (``_lever_sale``): those deeds turn groups split three ways into groups the next deals can
  complete. A partner that refused one is not asked again.
- Keeping sets from forming between rivals (three players or more): when one rival holds all of a
  colour group but the one deed another rival holds, it offers that rival ``block_factor`` times
  the price for it, when the deed plus half the set's worth to the first rival repays that; at
  the start of anyone's throw, since a rival proposes its deal at the start of its own. Short of
  the cash, it first mortgages lesser deeds when they would pay for it (``_block_fundable``).
"""

from __future__ import annotations

from ...engine import Action, DecisionKind as K
from ..registry import register_strategy
from ..view import GameView
from .base import BID_STEP, NEVER, SEARCH_ROUNDS, _completed, _deal
from .memory import Memory


@register_strategy
class Ruthless(Memory):
    name = "ruthless"
    description = "values everything by expected rent; trades hard, builds fast (the default)"

    # ------------------------------------------------------------------ any time
    def act_anytime(self, view: GameView) -> Action | None:
        throw = view.pending_kind == K.ROLL
        own_throw = throw and view.pending_player == self.seat
        sleep = self.quiet
        if (sleep is not None and not own_throw
                and sleep.holds(view.holdings_version(), view.cash(), view.pending_player if throw else None, view.turn)):
            return None  # nothing it waits for happened (``quiet``), and this is not its own throw
        if view.in_debt():
            return None  # raise_funds deals with debts; nothing is spent meanwhile
        if own_throw and (turn := view.turn) != self._searched_turn:
            self._searched_turn = turn
            # Search again when the groups a trade could complete changed hands, and every
            # SEARCH_ROUNDS rounds anyway (cash and mortgages change prices); meanwhile, after a
            # refusal, propose the next deal the last search found.
            key = self._trade_key(view)
            if key != self._search_key or turn >= self._search_due:
                if len(self._dead) > 256:
                    self._dead.clear()
                self._search_key = key
                self._search_due = turn + SEARCH_ROUNDS * view.player_count
                offer = self._find_trade(view)
            else:
                offer = self._follow_up(view) if self._queue else None
            # The lever and decisive sales of long games are looked for at every throw: searched only
            # with the others, they came too late to keep as many games from the turn limit.
            if offer is None:
                offer = self._lever_sale(view)
            if offer is None:
                offer = self._decisive_sale(view)
            if offer is not None:
                return offer
            block = self._block_offer(view)
            if block is not None:
                return block
        elif throw and self._now(view).blockable:
            # At the start of a rival's throw too: a rival proposes its deals at the start of its own
            # throw, so a block made only at ours comes too late for the rival who throws before us.
            block = self._block_offer(view, None if own_throw else view.pending_player)
            if block is not None:
                return block
        return self._develop(view, own_throw)


__all__ = ["BID_STEP", "NEVER", "Ruthless", "_completed", "_deal"]
