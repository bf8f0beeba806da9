"""The presentation layer: what the front ends say and ask, phrased once.

A decision the game waits for is a ``Prompt`` (``prompts.decision_prompt``): the question in words,
its answers each with the key the curses screen takes, the word the text mode and the network
client take, a label and the engine action it stands for, and the answer RETURN gives. The curses
screen, the text mode and the network protocol render the same prompt; none of them phrases a
decision of these kinds itself.

An auction's bid is a ``BidPrompt`` (``auctions.bid_prompt``): what is sold, the highest bid and
bidder, who still bids, the amounts a bidder may offer with a few steps up, and its answers (bid,
drop out); the curses auction box, the text mode and the network say it in its words.

A choice of squares is a ``SitePrompt`` (``sites``): where the .com Offline token goes
(``offline_prompt``), where a building bought at a shortage auction is placed (``placement_prompt``)
and where a person builds or sells (``building_prompt``), each site with what it means and its
action; the curses board cursor moves over its sites, the line modes list them.

A debt to raise funds for (``debts.debt``) is said in one line everywhere too, though each front end
raises the money its own way.
"""

from .auctions import BidPrompt, bid_prompt
from .debts import Debt, debt
from .prompts import ANSWERS, PROMPTED, Answer, Prompt, decision_prompt
from .sites import Site, SitePrompt, building_prompt, decision_sites, offline_prompt, placement_prompt

__all__ = ["ANSWERS", "PROMPTED", "Answer", "BidPrompt", "Debt", "Prompt", "Site", "SitePrompt", "bid_prompt",
           "building_prompt", "debt", "decision_prompt", "decision_sites", "offline_prompt", "placement_prompt"]
