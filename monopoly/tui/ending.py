"""Save and Quit: the save name asked and checked, a file that holds another game replaced only
when the player agrees, and the confirmation before the game ends."""

from __future__ import annotations

from pathlib import Path

from ..engine import NOBODY, Game
from ..engine import actions as A
from ..present import model as M
from ..session.questions import TEXT, YESNO, Question
from ..storage import saves
from ..storage.places import resume_command
from . import keys as KEYS
from .leave import LeaveProgram

# Typing room at the Save prompt: longer than a save name, so a name too long is refused with a
# message instead of being cut to one that fits.
SAVE_NAME_TYPING = 64
from .play import Controller


class EndingDialogs(Controller):
    """Save and Quit: a part of ``play.GameController``."""

    # ------------------------------------------------------------------ Save and Quit
    def save_as(self) -> Path | None:
        """Ask for a name and save. A file holding anything but what this game left there (another
        game, or this game as another session left it) is replaced only when the player agrees,
        and asked again if it changes before the save is written."""
        default = self.save_name or self._free_save_name()
        agreed: saves.Holder | None = None
        name: str | None = None
        while True:
            if name is None:
                name = self.ask(Question("Name for this save", TEXT, default, check=saves.chosen_name,
                                         max_len=SAVE_NAME_TYPING))
                if name is None:
                    return None
            try:
                path = self.session.save(name, agreed)
                break
            except saves.SaveConflict as conflict:
                if self.yes_no(f"{name} holds {conflict.found.describe(conflict.same_game)}: replace it?", False):
                    agreed = conflict.found
                else:
                    agreed, name, default = None, None, self._free_save_name()
            except saves.SaveError as exc:
                self.say(str(exc), "bad")
                return None
        self.say(f"Game saved as {name} ({path})", "good")
        self.refresh()
        return path

    def _free_save_name(self) -> str:
        return self.session.free_name()

    def option_save(self) -> None:
        path = self.save_as()
        if path is None:
            return
        more = self.yes_no("Continue this game?", True)
        if more is False:
            raise LeaveProgram(f"Game saved in {path}. Resume it with: "
                               f"{resume_command(self.save_dir, self.save_name or path.stem)}")

    def option_quit(self) -> None:
        sure = self.yes_no("Quit this game?", False)
        if not sure:
            return
        if self.yes_no("Save it first?", False) and self.save_as() is None:
            # Ending now would lose the game: the autosave is about to hold the finished game.
            self.say("The game was not saved, so it goes on: Quit again to end it.", "bad")
            return
        self.apply(A.EndGame(self.keyboard()))
