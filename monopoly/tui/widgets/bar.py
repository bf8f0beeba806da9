"""The option bar along the top: a command a label, the selected one lit, the unusable ones dim."""

from __future__ import annotations

from ..layout import Layout
from .displayable import Displayable

class OptionBar(Displayable):
    """The top line: the options of ``canvas.options``."""

    def draw(self, lay: Layout) -> None:
        t = self.theme
        ui = self.ui
        self.put(0, 0, " " * lay.cols, t("bar"))
        x = 1
        for i, option in enumerate(self.canvas.options):
            text = f" {option.label} "
            enabled = self.canvas.enabled.get(option.command, True)
            if self.canvas.bar_active and ui is not None and i == ui.bar_index:
                attr = t("bar_selected")
            elif not enabled:
                attr = t("bar_dim")
            else:
                attr = t("bar")
            if option.command == "fastmove" and ui is not None and ui.fastmove:
                text = text[:-1] + "*"  # Fastmove is on
            x += self.put(0, x, text, attr)
            x += 0 if lay.cols < 82 else 1
        self.put(0, lay.cols - 3, " ? ", t("bar_flag"))
