"""The rules engine: a pure, replayable model of a game of Monopoly.

No curses, no printing, no files, no global randomness. See ``docs/engine.md``.
"""

from . import actions, events  # the action and event types, as namespaces: ``A.Roll``, ``E.Paid``
from .actions import (ACTION_TYPES, AcceptTrade, Action, Bid, Build, Buy, ClaimRent, DeclareBankruptcy, DeclineToBuy,
                      EndGame, LiftMortgage, Mortgage, MoveOffline, OrderBuildings, PassBid, PayIncomeTax, PayJailFine,
                      PayOrDraw, ProposeTrade, RejectTrade, Roll, SellBuilding, SettleMortgagedTransfer, UseJailCard,
                      action_from_dict)
from .actions import claim_action, malformed
from .cards import card_destination
from .codes import (AuctionItem, AuctionLimit, CardKind, Code, DecisionKind, IncomeTaxMode, OfflineCause, PaymentReason, Phase,
                    RentClaimMode, ShortGame, Termination)
from .decisions import ANSWER_TYPES, DECISIONS, DecisionRule
from .dice import DiceSource, RandomDice, ScriptedDice, generator_state_ok
from .effects import EFFECTS, CardOdds, Effect
from .editions import (BOARD_SIZE, DECKS, Card, EDITION_FOLDERS, EDITION_IDS, Edition, Group, RulePreset, ShortGameOffer,
                       Square, SquareKind, edition_ids, list_editions, load_edition)
from .errors import EditionError, IllegalActionError, MonopolyError, SaveFormatError
from .events import BANK, Event
from .events import Landed, SentToJail
from .game import Game, describe_decision
from .history import RECORD_FORMAT, RECORD_VERSION
from .replay import game_from_record
from .invariants import MAX_CLOCK_SECONDS, InvariantError, check_invariants, check_state
from .names import NAME_MAX, names_problem, one_column, player_name
from .position import Debt, DeckSetup, PlayerSetup, Position, PositionError, arrange, build_game, position_of, rearrange
from .rules import OptionInfo, Rules, rule_options
from .state import NOBODY, Decision, Outcome
from .answers import Auction, Claim, Offer, Pending, PlayerInfo, SaleEstimate, pending_of
from .game import OmniscientView, View, omniscient_view
from .editions import (add_edition_file, edition_from_dict, forget_edition_files, read_edition_file,  # players' boards
                       saved_edition, set_board_file_opener)
from .public import HiddenDice, follow, public_state, replica  # a copy of a game played elsewhere
from . import versions  # the one save version and its migrations

__all__ = [
    "actions", "events", "MAX_CLOCK_SECONDS", "generator_state_ok", "NAME_MAX", "names_problem", "one_column", "player_name", "Debt", "DeckSetup", "PlayerSetup", "Position", "PositionError", "arrange", "build_game",
    "position_of", "rearrange",
    "ACTION_TYPES", "AcceptTrade", "Action", "Auction", "AuctionItem", "AuctionLimit", "BANK", "Claim", "Code",
    "IncomeTaxMode", "Offer", "OptionInfo", "PaymentReason", "Pending", "Phase", "PlayerInfo", "RentClaimMode",
    "SaleEstimate", "ShortGame", "Termination", "View", "rule_options", "Bid", "Build", "Buy", "ClaimRent", "DeclareBankruptcy",
    "Decision", "DecisionKind", "DeclineToBuy", "DiceSource", "EDITION_IDS", "Edition", "EditionError", "EndGame",
    "Event", "Game", "IllegalActionError", "InvariantError", "LiftMortgage", "MonopolyError", "Mortgage", "MoveOffline",
    "NOBODY", "OrderBuildings", "Outcome", "PassBid", "PayIncomeTax", "PayJailFine", "PayOrDraw", "ProposeTrade",
    "RandomDice", "RejectTrade", "Roll", "Rules", "SaveFormatError", "ScriptedDice", "SellBuilding",
    "SettleMortgagedTransfer", "Square", "UseJailCard", "action_from_dict", "check_invariants", "check_state",
    "describe_decision", "load_edition", "BOARD_SIZE",
    "DECKS", "Group", "Landed", "SentToJail", "claim_action", "malformed", "pending_of",  # for the computer players
]
__all__ += ["EDITION_FOLDERS", "RulePreset", "ShortGameOffer", "SquareKind", "edition_ids", "list_editions"]
__all__ += ["add_edition_file", "edition_from_dict", "forget_edition_files", "read_edition_file", "saved_edition",
            "set_board_file_opener"]
__all__ += ["RECORD_FORMAT", "RECORD_VERSION", "game_from_record"]
__all__ += ["ANSWER_TYPES", "DECISIONS", "DecisionRule", "OfflineCause", "CardKind", "card_destination", "Card"]
__all__ += ["EFFECTS", "Effect", "CardOdds"]  # the card-effect registry
__all__ += ["HiddenDice", "follow", "public_state", "replica"]
__all__ += ["OmniscientView", "omniscient_view"]  # the deck order: the engine's own tests and referees
__all__ += ["versions"]
