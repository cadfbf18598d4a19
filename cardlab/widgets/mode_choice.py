"""The mode chooser at the start of a game: practice (help offered, and counted) or game.

The drop-down is only the learner's input: a game widget reads it when a game
starts (or, before the first move, when it changes) and keeps the mode in a
kernel-side attribute from then on (`cardlab.practice`), never reading the
browser's value back for a game under way.

>>> choice = mode_choice("game", "de")
>>> choice.description, choice.value, choice.options
('Modus', 'game', (('Übung', 'practice'), ('Partie', 'game')))
>>> choice.note.value
'<p class="cardlab-choice-note">Partie: ohne Hilfe; das Ergebnis zählt</p>'
"""

from __future__ import annotations

import ipywidgets as widgets

from cardlab.i18n import message
from cardlab.practice import Mode, read_mode
from cardlab.widgets.described_choice import DescribedChoice


def mode_choice(mode: str, lang: str = "en") -> DescribedChoice:
    """A drop-down of the two modes at `mode`, each named in the menu and described by what
    it offers below it."""
    offers = {str(m): message(f"mode.{m}", lang) for m in Mode}
    choice = DescribedChoice([(message(f"mode.name_{m}", lang), str(m)) for m in Mode],
                             str(read_mode(mode)), offers,
                             description=message("mode.chooser", lang),
                             style={"description_width": "initial"},
                             layout=widgets.Layout(width="auto", max_width="100%"))
    choice.add_class("cardlab-mode")
    return choice
