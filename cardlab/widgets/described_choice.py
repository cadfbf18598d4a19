"""A drop-down with short option names and, as text below it, what the chosen one means.

A native menu never wraps its text: at phone width a long option ("Beginner: asks
at random and ...") is cut off. The menu shows a short name, and the sentence
that says what it does wraps in the paragraph below.

>>> choice = DescribedChoice([("Game", "game"), ("Practice", "practice")], "game",
...                          {"game": "no help", "practice": "hints, counted"})
>>> choice.note.value
'<p class="cardlab-choice-note">no help</p>'
>>> choice.value = "practice"; choice.note.value
'<p class="cardlab-choice-note">hints, counted</p>'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

import ipywidgets as widgets


class DescribedChoice(widgets.Dropdown):
    """A drop-down of `options` (short name, value) at `value`, and `note`: the description
    of the chosen value (from `descriptions`) as a paragraph to place below it (`parts`)."""

    def __init__(self, options: Sequence[tuple[str, str]], value: str,
                 descriptions: Mapping[str, str], **kwargs: Any) -> None:
        super().__init__(options=list(options), value=value, **kwargs)
        self._descriptions = dict(descriptions)
        self.note = widgets.HTML()
        self.observe(lambda _: self._describe(), "value")
        self._describe()

    @property
    def parts(self) -> list[widgets.Widget]:
        """The menu and its note, in the order they stand on the page."""
        return [self, self.note]

    def _describe(self) -> None:
        text = self._descriptions.get(self.value, "")
        self.note.value = f'<p class="cardlab-choice-note">{escape(text)}</p>'
