"""Saved games on disk: each game with its own identity and autosave, written without losing another's.

A save file is one JSON object::

    {"format": "monopoly-terminal-save", "version": 3, "saved_at": "2024-05-01T20:15:00",
     "game_id": "3f9a...", "revision": "a81c...", "log_file": null or {"events": N, "bytes": B, "sha256": H},
     "game": <Game.to_dict()>, "computers": <ComputerPlayers.to_dict()> or null,
     "ui": {"tokens": [...], "fastmove": false, "show_cash": true, "elapsed": 1234.5}}

Identity. A game gets a ``game_id`` when it is created; every save of it keeps it, and every write
gets a fresh ``revision``. A ``GameRecord`` is one playing session's view of its game: it knows the
revision it last read or wrote in each file, and before writing over a file (under a lock on the
save folder, so two programs never interleave) it checks what the file holds now. A file holding
another game, or a state of this game the session has not seen (another session's progress), is
never replaced silently: an explicit save raises ``SaveConflict`` for the screen to ask, and an
autosave moves to a new identity (the game goes on under a new autosave, and both are kept).

The autosave. Each game autosaves to ``autosave-<first 12 digits of its id>.json`` after every
turn, so games never share one. Its event log, which grows all game long, is kept apart in
``<same name>.events``, one event a line, and only new events are appended; the save holds the
log's length and checksum, so a write costs the same at turn 1,000 as at turn 1. A save made
with Save holds the log inside it: one file to keep or copy.

The steps file. A game server saves after every action without writing the whole game each time:
``GameRecord.append_steps`` adds each new input (an action or a clock reading, as a record's step,
``docs/records.md``) as one line to ``<autosave name>.steps``, and the whole autosave is written
now and then (``autosave_snapshot`` then ``write_snapshot``, which a writer thread may do). The
engine is deterministic, so loading the autosave replays the steps past it (``read_save``): the
game comes back as it was at its last step. A line cut short or that does not replay ends the
steps there. Every whole autosave written by a session that does not append steps removes the
file, so steps never outlive the game they continue.

Writing goes through a temporary file beside the target, moved into place with ``os.replace``:
a crash never leaves half a save. A temporary file a crash left behind is removed by ``tidy``,
or kept as ``recovered-NAME.json`` when it holds a complete save newer than its target.

Reading never writes, and never trusts the file: only an ordinary file of at most
``MAX_SAVE_BYTES`` is read; JSON with duplicate keys, non-finite or absurdly large numbers, text
that is not valid Unicode, non-integer versions, duplicate player names or damaged random
generator states is refused with a ``SaveError`` naming the file and what is wrong.

The modules. This one is the home of the public API and holds no code of its own; each job is in
a module of its own, the lower ones first:

- ``save_format``: the format's constants, ``SaveError`` and the values (``Holder``, ``LogTail``,
  ``Snapshot``, ``LoadedGame``, ``SaveInfo``);
- ``save_names``: save names, and the file a name or ``--load`` means;
- ``save_writing``: the document, its JSON laid out for reading, the atomic write;
- ``save_lock``: the save folder's lock;
- ``save_checks``: what the engine does not check of a save;
- ``save_reading``: reading and loading (``read_save``), and ``peek``;
- ``save_record``: one game's saves (``GameRecord``, ``write_save``);
- ``save_folder``: the list of saves (``list_saves``) and ``tidy``.
"""

from __future__ import annotations

from .save_checks import check_events, check_ui
from .save_folder import list_saves, tidy
from .save_format import (AUTOSAVE_NAME, AUTOSAVE_PREFIX, DEFAULT_SAVE_DIR, LOG_SUFFIX, MAX_SAVE_BYTES, MAX_STEPS,
                          MAX_WHOLE_NUMBER, READABLE_VERSIONS, RECOVERED_PREFIX, SAVE_FORMAT, SAVE_VERSION,
                          STEPS_SUFFIX, Holder, LoadedGame, LogTail, SaveConflict, SaveError, SaveInfo, Snapshot)
from .save_lock import LOCK_NAME, LockBusy, folder_lock
from .save_names import (NAME_PATTERN, NAME_RULE, RESERVED_NAMES, NameRefused, chosen_name, is_autosave_name,
                         name_problem, resolve, save_path, validate_name)
from .save_reading import load_document, parse_json, peek, read_save
from .save_record import GameRecord, write_save
from .save_writing import make_document, new_identity, to_text, write_document

__all__ = [
    "AUTOSAVE_NAME", "AUTOSAVE_PREFIX", "DEFAULT_SAVE_DIR", "LOG_SUFFIX", "MAX_SAVE_BYTES", "MAX_STEPS",
    "MAX_WHOLE_NUMBER", "READABLE_VERSIONS", "RECOVERED_PREFIX", "SAVE_FORMAT", "SAVE_VERSION", "STEPS_SUFFIX",
    "Holder", "LoadedGame", "LogTail", "SaveConflict", "SaveError", "SaveInfo", "Snapshot",
    "NAME_PATTERN", "NAME_RULE", "RESERVED_NAMES", "NameRefused", "chosen_name", "is_autosave_name", "name_problem",
    "resolve", "save_path", "validate_name",
    "make_document", "new_identity", "to_text", "write_document",
    "LOCK_NAME", "LockBusy", "folder_lock",
    "check_events", "check_ui",
    "load_document", "parse_json", "peek", "read_save",
    "GameRecord", "write_save",
    "list_saves", "tidy",
]
