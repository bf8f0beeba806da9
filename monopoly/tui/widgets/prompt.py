"""The question at the bottom of the screen: its line, and where it is too long for the rows below
the board, a block of it inside the ring."""

from __future__ import annotations

from ..layout import Layout, Rect
from ..paint import wrap
from .displayable import Displayable

class PromptLine(Displayable):
    """The question (or the hint) being asked, with the answer typed so far and its error."""

    def draw(self, lay: Layout) -> None:
        block = self.block(lay)
        if block:
            self.draw_block(lay, block)
        self.draw_line(lay, block)

    def block(self, lay: Layout) -> list[tuple[str, str]]:
        """The lines of a question (or hint) too long for the rows below the board, shown instead
        at the bottom of the ring's inside; [] when it fits where it is drawn.

        A question wraps upwards from the bottom line, but never over the board's bottom row (its
        tokens, houses and mortgage marks are what a debt or a rent question is about): where there
        is no spare line below the board (80x24), the whole question is shown inside the ring, the
        message area giving up its last lines, and the bottom line keeps its end and the answer.
        """
        ui = self.ui
        if ui is None or self.canvas.setup is not None or self.game is None:
            return []
        spare = max(0, lay.prompt.y - lay.board.bottom)
        width = self.block_width(lay)
        if ui.prompt is not None:
            lines = wrap(ui.prompt, self.question_width(lay)) or [""]
            extra = len(lines[-3:]) - 1
            if ui.prompt_error:
                x = len(lines[-1]) + 1 + len(ui.prompt_input) + 2
                if x + len(ui.prompt_error) + 2 >= lay.cols:
                    extra += 1
            if extra <= spare:
                return []
            block = [(line, "prompt") for line in wrap(ui.prompt, width)]
            if ui.prompt_error:
                block += [(line, "error") for line in wrap(f"({ui.prompt_error})", width)]
            return block[-max(1, lay.inner.h - 1):]  # whole: the bottom line keeps only its end
        if ui.hint:
            lines = wrap(ui.hint, max(20, lay.cols - 1)) or [""]
            if len(lines[-3:]) - 1 <= spare:
                return []
            return [(line, "dim") for line in wrap(ui.hint, width)][-max(1, lay.inner.h // 3):]
        return []

    def question_width(self, lay: Layout) -> int:
        """The columns of the bottom line a question may take: what the answer typed so far needs
        is kept free after it (a number or a key needs few), so a question that fits with its answer
        is shown whole there."""
        typed = len(self.ui.prompt_input) if self.ui is not None else 0
        return max(20, lay.cols - 1 - max(5, typed + 3))

    def block_width(self, lay: Layout) -> int:
        """The width of a question shown inside the ring: left of a panel beside the board (the
        offer so far, in a trade), which would otherwise cover the question's second half."""
        ui = self.ui
        if ui is not None and ui.popup is not None and ui.popup.where == "side":
            return max(12, lay.status.x - 1 - lay.inner.x - 2)
        return max(20, lay.inner.w - 2)

    @staticmethod
    def tail(text: str, width: int) -> str:
        """The end of ``text`` in ``width`` columns, for the bottom line when the whole question is
        shown above it (inside the ring): from the earliest clause that fits ("(M mortgage, S sell
        ...) [M]", "Sell it? (Y/N) [N]"), else its last line wrapped at words. Never an ellipsis
        at the start: the line reads as the question's own words."""
        if len(text) <= width:
            return text
        # a sentence or a clause after a colon first, then a phrase (after a comma, or a bracket)
        for marks in ((": ", "? ", ". ", "; "), (", ", " (")):
            starts = sorted(i + len(mark) - (1 if mark == " (" else 0)
                            for mark in marks for i in PromptLine._find_all(text, mark))
            for start in starts:
                rest = text[start:]
                if len(rest) <= width:
                    return rest[:1].upper() + rest[1:] if rest[:1].isalpha() else rest
        lines = wrap(text, width)
        return lines[-1] if lines else text[-width:]

    @staticmethod
    def _find_all(text: str, mark: str) -> list[int]:
        found, at = [], text.find(mark)
        while at >= 0:
            found.append(at)
            at = text.find(mark, at + 1)
        return found

    def draw_block(self, lay: Layout, block: list[tuple[str, str]]) -> None:
        t = self.theme
        x, w = lay.inner.x + 1, self.block_width(lay)
        top = lay.inner.bottom - len(block)
        self.fill(Rect(top - 1, lay.inner.x, len(block) + 1, w + 2))  # a blank line above it
        for i, (text, role) in enumerate(block):
            self.put(top + i, x, text.ljust(w), t(role), w)

    def draw_line(self, lay: Layout, block: list[tuple[str, str]] | None = None) -> None:
        ui = self.ui
        y = lay.prompt.y
        t = self.theme
        if ui is None:
            return
        prompt = ui.prompt
        if prompt is not None and block:
            # The whole question is in the ring (``block``): here its end and the answer.
            width = self.question_width(lay)
            tail = self.tail(" ".join(prompt.split()), width)
            x = self.put(y, 0, tail + " ", t("prompt"))
            x += self.put(y, x, ui.prompt_input, t("message"))
            self.put(y, x, "_", t("cursor"))
            if ui.prompt_error and x + 2 + len(ui.prompt_error) + 2 < lay.cols:
                self.put(y, x + 2, f"({ui.prompt_error})", t("error"))
        elif prompt is not None:
            # A question wider than the screen wraps upwards, so its end (the default) stays in view.
            lines = wrap(prompt, self.question_width(lay)) or [""]
            lines = lines[-3:]
            for i, line in enumerate(lines[:-1]):
                row = y - (len(lines) - 1) + i
                self.put(row, 0, line.ljust(lay.cols - 1), t("prompt"))
            x = self.put(y, 0, lines[-1] + " ", t("prompt"))
            x += self.put(y, x, ui.prompt_input, t("message"))
            self.put(y, x, "_", t("cursor"))
            if ui.prompt_error:
                error = f"({ui.prompt_error})"
                if x + 2 + len(error) < lay.cols:
                    self.put(y, x + 2, error, t("error"))
                else:  # no room after the answer: on its own line above the question
                    row = max(0, y - len(lines))
                    self.put(row, 0, error.ljust(lay.cols - 1), t("error"))
        elif ui.hint and block:
            self.put(y, 0, self.tail(" ".join(ui.hint.split()), lay.cols - 1).ljust(lay.cols - 1), t("dim"))
        elif ui.hint:
            # A hint wider than the screen wraps upwards too, so none of it is cut off.
            lines = wrap(ui.hint, max(20, lay.cols - 1)) or [""]
            lines = lines[-3:]
            for i, line in enumerate(lines):
                self.put(y - (len(lines) - 1) + i, 0, line.ljust(lay.cols - 1), t("dim"))
