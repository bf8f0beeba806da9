"""The rules engine: a pure, replayable model of a game of Monopoly.

No curses, no printing, no files, no global randomness. See ``docs/engine.md``.
"""

from .actions import (ACTION_TYPES, AcceptTrade, Action, Bid, Build, Buy, ClaimRent, DeclareBankruptcy, DeclineToBuy,
                      EndGame, LiftMortgage, Mortgage, MoveOffline, OrderBuildings, PassBid, PayIncomeTax, PayJailFine,
                      PayOrDraw, ProposeTrade, RejectTrade, Roll, SellBuilding, SettleMortgagedTransfer, UseJailCard,
                      action_from_dict)
from .dice import DiceSource, RandomDice, ScriptedDice
from .editions import EDITION_IDS, Edition, Square, load_edition
from .errors import EditionError, IllegalActionError, MonopolyError, SaveFormatError
from .events import BANK, Event
from .game import Game, describe_decision
from .invariants import InvariantError, check_invariants, check_state
from .position import Debt, DeckSetup, PlayerSetup, Position, PositionError, arrange, build_game, position_of, rearrange
from .rules import Rules
from .state import NOBODY, Decision, DecisionKind, Outcome

__all__ = [
    "ACTION_TYPES", "AcceptTrade", "Action", "BANK", "Bid", "Build", "Buy", "ClaimRent", "DeclareBankruptcy",
    "Decision", "DecisionKind", "DeclineToBuy", "DiceSource", "EDITION_IDS", "Edition", "EditionError", "EndGame",
    "Event", "Game", "IllegalActionError", "InvariantError", "LiftMortgage", "MonopolyError", "Mortgage", "MoveOffline",
    "NOBODY", "OrderBuildings", "Outcome", "PassBid", "PayIncomeTax", "PayJailFine", "PayOrDraw", "ProposeTrade",
    "RandomDice", "RejectTrade", "Roll", "Rules", "SaveFormatError", "ScriptedDice", "SellBuilding",
    "SettleMortgagedTransfer", "Square", "UseJailCard", "action_from_dict", "check_invariants", "check_state",
    "describe_decision", "load_edition",
]
