"""The text mode's set-up: resume a save, or the curses set-up's own questions asked line by line.

The new-game questions are the curses set-up's (``storage.starts.ask_new_game``), put as plain prompts:
each shows its choices and its default in brackets, RETURN takes the default, and a refused
answer is one line saying what is allowed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..session.questions import CHOICE, Choice, Question
from ..storage.starts import Started, ask_new_game, resume, start_game
from ..storage import saves
from .console import Console


def ask(console: Console, question: Question) -> Any:
    """Put ``question`` as a prompt until it is answered."""
    return console.ask_until(question.render().rstrip() + "> ", question.parse)


def run_setup(console: Console, save_dir: Path, edition: str | None, seed: int | None,
              rules: dict[str, Any]) -> tuple[Started, saves.LoadedGame | None]:
    """Resume a save (when there are any and that is wanted) or ask the new-game questions; the
    game, with the save it was resumed from."""
    console.say("Welcome to Monopoly. RETURN takes the answer shown in [brackets].")
    saved = [s for s in saves.list_saves(save_dir) if not s.problem]
    if saved and ask(console, Question("Resume a saved game?", "yesno", False)):
        found = resume_from_list(console, save_dir)
        if found is not None:
            return found

    def note(text: str, role: str = "message") -> None:
        console.say(text, role)

    plan = ask_new_game(lambda q: ask(console, q), note, edition or "us", rules)
    return start_game(plan, seed), None


def resume_from_list(console: Console, save_dir: Path) -> tuple[Started, saves.LoadedGame] | None:
    """Choose a save by number; a file that cannot be played is refused and the list comes back."""
    while True:
        saved = [s for s in saves.list_saves(save_dir) if not s.problem]
        if not saved:
            console.say("There are no saved games left.")
            return None
        width = max(len(s.name) for s in saved)
        for i, entry in enumerate(saved):
            console.say(f"{i + 1:>2} {entry.describe(width)}")
        choices = tuple(Choice(str(i + 1), s.name, i) for i, s in enumerate(saved[:9])) + (Choice("n", "new game", -1),)
        index = ask(console, Question("Which game?", CHOICE, 0, choices))
        if index < 0:
            return None
        try:
            loaded = saves.read_save(saves.resolve(str(saved[index].path), save_dir))
            started = resume(loaded)
        except saves.SaveError as exc:
            console.say(f"Cannot resume: {exc}")
            continue
        console.say(f"Resuming {saved[index].name}.")
        return started, loaded
