"""The screen's model under one name: everything the front ends read as ``M.name``.

The curses screen, the text mode and the network's screens ask one namespace what a board cell
says, what the deed card holds, which options have something to do and how an event reads. The
answers live in modules of one job each (``board``, ``deeds``, ``panel``, ``option_bar``,
``history``, ``messages``, ``resume``, ``trades``), the words in ``session.words`` and the screen's
state in ``session.model``; this gathers them, so a drawing module imports one name.
"""

from __future__ import annotations

from ..session.model import MAX_MESSAGES, Message, Popup, UIState, default_tokens, persons
# Two values of the same deeds, each always named so: what the bank would pay now (mortgage values,
# half the building costs: the panel, the holdings) and the printed prices (the final valuation).
from ..session.words import (BANK_VALUE, PRINTED_NOTE, buildings_words, card_words, computers_join_text,
                             event_lines, format_event, item_name, join_words, label, name, names, new_game_text,
                             since_lines, square_name, tie_note, trade_lines, trade_summary, turn_end_text,
                             valuation_rows)
from .auctions import scarce_left_text
from .board import (MARKS_LEGEND, MORTGAGE_MARK, OFFLINE_MARK, PRISONER_MARK, TOKEN_MARK, Cell, ahead, cell,
                    cell_name_lines, focus_square, position_of)
from .deeds import DEED_SHORT, DeedCard, deed_card, deed_line
from .history import HISTORY_MONEY, HistoryLine, event_concerns, event_moves_money, history, history_rows, history_title
from .messages import log_lines, wrap
from .option_bar import actions_by_person, claim_window_hint, decision_hint, describe, option_enabled, why_not
from .panel import (claims_lines, clock_line, holdings_lines, owners_rows, panel_player, player_entry,
                    player_summary)
from .resume import board_label, resume_detail, resume_rows
from .trades import offer_so_far

__all__ = [
    # the screen's state (the session's)
    "MAX_MESSAGES", "Message", "Popup", "UIState", "default_tokens", "persons",
    # the words of the game (the session's)
    "BANK_VALUE", "PRINTED_NOTE", "buildings_words", "card_words", "computers_join_text", "event_lines",
    "format_event", "item_name", "join_words", "label", "name", "names", "new_game_text", "since_lines",
    "square_name", "tie_note", "trade_lines", "trade_summary", "turn_end_text", "valuation_rows",
    # the board
    "MARKS_LEGEND", "MORTGAGE_MARK", "OFFLINE_MARK", "PRISONER_MARK", "TOKEN_MARK", "Cell", "ahead", "cell",
    "cell_name_lines", "focus_square", "position_of",
    # the deed card
    "DEED_SHORT", "DeedCard", "deed_card", "deed_line",
    # the history
    "HISTORY_MONEY", "HistoryLine", "event_concerns", "event_moves_money", "history", "history_rows",
    "history_title",
    # the message log
    "log_lines", "wrap",
    # the option bar
    "actions_by_person", "claim_window_hint", "decision_hint", "describe", "option_enabled", "why_not",
    # the side panel
    "claims_lines", "clock_line", "holdings_lines", "owners_rows", "panel_player", "player_entry",
    "player_summary",
    # the resume list, a trade being built, a shortage auction's end
    "board_label", "resume_detail", "resume_rows", "offer_so_far", "scarce_left_text",
]
