"""Board editions: squares, title deeds, card decks and rule presets, loaded from data files.

An edition is immutable data. Everything that differs between boards (names, prices, rents,
taxes, card texts, currency, tokens, its label, the short games it offers, default rule options
and named rule presets) lives in one ``editions/<id>.json`` file; nothing here knows one board from
another. Editions are discovered, not listed: adding a board is adding one file, to the package's
folder or to a folder named in ``EDITION_FOLDERS``.

The modules. This one is the home of the public API and holds no code of its own:
``edition_values`` (the squares, groups, presets and ``Edition``), ``edition_reading`` (a board's
data checked into an ``Edition``) and ``edition_files`` (the boards found in folders and files).
"""

from __future__ import annotations

from .edition_files import (EDITION_FOLDERS, EDITION_IDS, MAX_EDITION_BYTES, MAX_EDITION_NUMBER, Folder,
                            add_edition_file, edition_ids, forget_edition_files, list_editions, load_edition,
                            read_edition_file, saved_edition, set_board_file_opener)
from .edition_reading import CARD_EFFECTS, EDITION_FORMAT, MAX_AMOUNT, MAX_TEXT, edition_from_dict
from .edition_values import (BOARD_SIZE, DECKS, PROPERTY_KINDS, SQUARE_KINDS, Edition, Group, RulePreset,
                             ShortGameOffer, Square, SquareKind)
from .effects import Card  # a card is its effect with a text (effects.py)

__all__ = [
    "BOARD_SIZE", "DECKS", "PROPERTY_KINDS", "SQUARE_KINDS", "Card", "Edition", "Group", "RulePreset", "ShortGameOffer",
    "Square", "SquareKind",
    "CARD_EFFECTS", "EDITION_FORMAT", "MAX_AMOUNT", "MAX_TEXT", "edition_from_dict",
    "EDITION_FOLDERS", "EDITION_IDS", "MAX_EDITION_BYTES", "MAX_EDITION_NUMBER", "Folder", "add_edition_file",
    "edition_ids", "forget_edition_files", "list_editions", "load_edition", "read_edition_file", "saved_edition",
    "set_board_file_opener",
]
