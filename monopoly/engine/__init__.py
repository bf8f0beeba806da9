"""The rules engine: a pure, replayable model of a game of Monopoly.

No curses, no printing, no files, no global randomness. See ``docs/engine.md``.
"""

from .actions import (ACTION_TYPES, AcceptTrade, Action, Bid, Build, Buy, ClaimRent, DeclareBankruptcy, DeclineToBuy,
                      EndGame, LiftMortgage, Mortgage, MoveOffline, OrderBuildings, PassBid, PayIncomeTax, PayJailFine,
                      PayOrDraw, ProposeTrade, RejectTrade, Roll, SellBuilding, SettleMortgagedTransfer, UseJailCard,
                      action_from_dict)
from .actions import malformed
from .codes import (AuctionItem, AuctionLimit, Code, DecisionKind, IncomeTaxMode, PaymentReason, Phase, RentClaimMode,
                    ShortGame, Termination)
from .dice import DiceSource, RandomDice, ScriptedDice
from .editions import EDITION_IDS, Edition, Square, load_edition
from .editions import DECKS, Group
from .errors import EditionError, IllegalActionError, MonopolyError, SaveFormatError
from .events import BANK, Event
from .events import Landed, SentToJail
from .game import Game, describe_decision
from .invariants import InvariantError, check_invariants, check_state
from .rules import OptionInfo, Rules, rule_options
from .state import NOBODY, Decision, Outcome
from .view import Auction, Claim, Offer, Pending, PlayerInfo, SaleEstimate, View
from .view import pending_of

__all__ = [
    "ACTION_TYPES", "AcceptTrade", "Action", "Auction", "AuctionItem", "AuctionLimit", "BANK", "Claim", "Code",
    "IncomeTaxMode", "Offer", "OptionInfo", "PaymentReason", "Pending", "Phase", "PlayerInfo", "RentClaimMode",
    "SaleEstimate", "ShortGame", "Termination", "View", "rule_options", "Bid", "Build", "Buy", "ClaimRent", "DeclareBankruptcy",
    "Decision", "DecisionKind", "DeclineToBuy", "DiceSource", "EDITION_IDS", "Edition", "EditionError", "EndGame",
    "Event", "Game", "IllegalActionError", "InvariantError", "LiftMortgage", "MonopolyError", "Mortgage", "MoveOffline",
    "NOBODY", "OrderBuildings", "Outcome", "PassBid", "PayIncomeTax", "PayJailFine", "PayOrDraw", "ProposeTrade",
    "RandomDice", "RejectTrade", "Roll", "Rules", "SaveFormatError", "ScriptedDice", "SellBuilding",
    "SettleMortgagedTransfer", "Square", "UseJailCard", "action_from_dict", "check_invariants", "check_state",
    "describe_decision", "load_edition",
    "DECKS", "Group", "Landed", "SentToJail", "malformed", "pending_of",  # for the computer players
]
