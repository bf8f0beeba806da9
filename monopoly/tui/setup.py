"""The curses set-up: the questions on screen and the resume list (the questions themselves and how a
game starts are shared with the text mode: ``storage/starts.py``)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from ..storage import saves
from ..storage.starts import (GamePlan, Started, start_game, resume, ask_new_game)
from ..present.resume import resume_detail, resume_rows
from ..session.model import UIState
from .play import LeaveProgram
from ..session.questions import (CHOICE, NUMBER, TEXT, YESNO, Question, parse_hours_minutes)
from .screen import Screen, SetupView


# ---------------------------------------------------------------------------------------- the questions
class _Back(Exception):
    """ESC at a new-game question after the first: ask the one before again."""


class SetupScreens:
    def __init__(self, screen: Screen, save_dir: str | Path, edition: str | None, seed: int | None,
                 rules: dict[str, Any] | None = None) -> None:
        self.screen = screen
        self.rules = dict(rules or {})  # options chosen on the command line: the rule questions' defaults
        self.save_dir = Path(save_dir)
        self.edition = edition
        self.seed = seed
        self.view = SetupView("set-up", [])
        screen.ui = UIState(tokens=[])
        screen.game = None
        # The new-game questions answered so far (None outside them), answers to give again
        # without asking after going back, and the answer to offer as the default of the question
        # gone back to.
        self._given: list[Any] | None = None
        self._replay: list[Any] = []
        self._again: tuple[Any] | None = None

    def note(self, text: str, role: str = "message") -> None:
        self.view.lines.append((text, role))

    def ask(self, question: Question, shown: str | None = None) -> Any:
        """Ask, and write the question with its answer into the page. ESC goes back to the
        question before (inside the new-game questions); at the first, it offers to leave."""
        self.screen.setup = self.view
        given = self._given
        if given is not None and len(given) < len(self._replay):  # answered before going back
            answer = self._replay[len(given)]
            given.append(answer)
            self.note(f"{question.text} {shown if shown is not None else _answer_text(question, answer)}", "message")
            return answer
        if self._again is not None:
            (before,) = self._again
            self._again = None
            if question.default_label is None and (question.kind != TEXT or isinstance(before, str)):
                question = replace(question, default=before)  # the answer given last time
        while True:
            self.view.items = None
            answer = self.screen.ask(question)
            if answer is not None:
                text = shown if shown is not None else _answer_text(question, answer)
                self.note(f"{question.text} {text}", "message")
                if given is not None:
                    given.append(answer)
                return answer
            if given:
                raise _Back()
            leave = self.screen.ask(Question("Leave Monopoly?", YESNO, False))
            if leave:
                raise LeaveProgram("")

    def run(self) -> Started:
        existing = saves.list_saves(self.save_dir)
        self.view.title = "set-up"
        self.note("Welcome to Monopoly. RETURN takes the answer shown in [brackets]; ESC goes back a "
                  "question (at the first, it offers to leave); ? explains a question.", "title")
        self.note("")
        if existing:
            unfinished = [e for e in existing if not e.over and not e.problem]
            self.note(f"{len(existing)} saved game{'s' if len(existing) > 1 else ''} in {self.save_dir}"
                      + (f", {len(unfinished)} not finished" if unfinished else "") + ".", "dim")
            while True:
                if not self.ask(Question("Resume a saved game?", YESNO, bool(unfinished))):
                    break
                started = self.resume_list()
                if started is not None:
                    return started
            # Each game keeps its own autosave: a new game replaces none of them (issue 16).
            self.note("A new game: the saved games stay in the resume list.", "dim")
        plan = self.new_game_questions()
        return start_game(plan, self.seed)

    def resume_list(self) -> Started | None:
        """Choose a save; a file that cannot be loaded is refused and the list comes back."""
        while True:
            existing = saves.list_saves(self.save_dir)
            if not existing:
                self.note("There are no saved games left.", "bad")
                return None
            width = self.screen.lay.cols - 6
            view = SetupView("resume a saved game",
                             self.view.lines + [(f"Choose a game (Up/Down, RETURN; ESC: back). Saves are in "
                                                 f"{self.save_dir}", "title")],
                             resume_rows(existing, width), details=[resume_detail(e) for e in existing])
            # The newest game that can go on is chosen first: RETURN must not open a finished one.
            view.selected = next((i for i, e in enumerate(existing) if not e.over and not e.problem), 0)
            ui = self.screen.ui
            if ui is not None:
                ui.hint = "Up/Down choose, RETURN loads, ESC goes back"
            choice = self.screen.choose_from_list(view)
            if ui is not None:
                ui.hint = ""
            self.screen.setup = self.view
            if choice is None:
                return None
            entry = existing[choice]
            try:
                started = resume(saves.read_save(entry.path))
            except saves.SaveError as exc:
                self.note(f"Cannot resume: {exc}", "bad")
                continue
            self.note(f"Resuming {entry.name}.", "good")
            return started

    def new_game_questions(self) -> GamePlan:
        """The shared new-game questions; ESC goes back one: they are asked again from the start,
        the answers before the one gone back to given again without asking."""
        lines = list(self.view.lines)
        self._replay = []
        try:
            while True:
                self._given = []
                try:
                    return ask_new_game(self.ask, self.note, self.edition or "us", self.rules)
                except _Back:
                    self._replay = self._given[:-1]
                    self._again = (self._given[-1],)
                    self.view.lines[:] = lines
        finally:
            self._given, self._replay, self._again = None, [], None


def _answer_text(question: Question, answer: Any) -> str:
    if question.kind == YESNO:
        return "yes" if answer else "no"
    if question.kind == CHOICE:
        for c in question.choices:
            if c.value == answer:
                return c.label
    if question.kind == NUMBER:
        return f"{answer:,}"
    if question.check is parse_hours_minutes and isinstance(answer, int):
        return f"{answer // 60} h {answer % 60:02d} min"
    if question.default_label is not None and answer == question.default:
        return question.default_label
    return str(answer)
