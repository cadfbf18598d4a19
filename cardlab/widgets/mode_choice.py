"""The mode chooser at the start of a game: practice (help offered, and counted) or game.

The drop-down is only the learner's input: a game widget reads it when a game
starts (or, before the first move, when it changes) and keeps the mode in a
kernel-side attribute from then on (`cardlab.practice`), never reading the
browser's value back for a game under way.

>>> choice = mode_choice("game", "de")
>>> choice.description, choice.value, [value for _, value in choice.options]
('Modus', 'game', ['practice', 'game'])
"""

from __future__ import annotations

import ipywidgets as widgets

from cardlab.i18n import message
from cardlab.practice import Mode, read_mode


def mode_choice(mode: str, lang: str = "en") -> widgets.Dropdown:
    """A drop-down of the two modes, each named by what it offers, at `mode`."""
    choice = widgets.Dropdown(options=[(message(f"mode.{m}", lang), str(m)) for m in Mode],
                              value=str(read_mode(mode)), description=message("mode.chooser", lang),
                              style={"description_width": "initial"},
                              layout=widgets.Layout(width="auto", max_width="100%"))
    choice.add_class("cardlab-mode")
    return choice
