"""A game's log, one section per hand or round: the current one open, older ones collapsed.

The log knows no game: a table widget splits the lines its seat was told into
`LogSection`s (a hand of cards, a round of questions) and shows them.
Each finished section is a ``<details>`` element whose ``<summary>`` says how
it ended and how many entries it holds; it is drawn once and then left alone,
so a section the learner opened stays open while the game goes on. Lines the
learner has not seen yet (since its last move) carry the class ``cardlab-new``.

>>> log = EventLog("Game log")
>>> log.show([LogSection("Hand 1", ("Dealt.", "Hand 1 is over."), "Hand 1 is over."),
...           LogSection("Hand 2", ("Dealt.", "You played the Two of Clubs."))], new=1)
>>> [part.value.startswith("<details") for part in log.sections]
[True, False]
>>> "(2 entries)</summary>" in log.sections[0].value
True
>>> log.sections[1].value.count('class="cardlab-new"')
1
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape
from typing import TypeVar

import ipywidgets as widgets

from cardlab.i18n import Count, message
from cardlab.widgets.guard import guard

T = TypeVar("T")
#: The class every log carries (browser tests and the classroom count its lines).
LOG_CLASS = "cardlab-log"
_NEW = ' class="cardlab-new"'
#: New lines are marked by a bar (not by colour alone); a collapsed section shows it can open.
#: ipywidgets sets an HTML widget's lines one widget row (28 px) apart: text here is text.
_STYLE = ("<style>.cardlab-log .widget-html-content{line-height:1.4}"
          ".cardlab-log-heading{font-size:1em;font-weight:bold;margin:.6em 0 .2em}"
          ".cardlab-log ol{margin:.2em 0;padding-left:2.2em}"
          ".cardlab-log li.cardlab-new{border-left:4px solid #1a5fb4;padding-left:.4em}"
          ".cardlab-log summary{cursor:pointer;padding:.2em 0}"
          ".cardlab-log-title{font-style:italic;margin:.2em 0}</style>")


@dataclass(frozen=True)
class LogSection:
    """One part of the game's story: its title, its lines, and how it ended (for the
    summary line once it is collapsed; empty: the title)."""

    title: str
    lines: tuple[str, ...]
    summary: str = ""


def split(items: Sequence[T], starts: Callable[[T], bool]) -> list[list[T]]:
    """`items` in runs: a new run begins at each item `starts` picks (and at the first).

    >>> split([1, 2, 0, 3, 0], lambda n: n == 0)
    [[1, 2], [0, 3], [0]]
    >>> split([], bool)
    []
    """
    runs: list[list[T]] = []
    for item in items:
        if not runs or starts(item):
            runs.append([])
        runs[-1].append(item)
    return runs


class EventLog(widgets.VBox):
    """The log under a heading; `show` redraws only the sections that changed."""

    def __init__(self, heading: str, lang: str = "en") -> None:
        self.lang = lang
        # A heading of the page's second level, as the end screen's: screen readers jump to it.
        self.heading = widgets.HTML(
            f'{_STYLE}<h2 class="cardlab-log-heading">{escape(heading)}</h2>')
        #: One HTML widget per section shown, oldest first.
        self.sections: list[widgets.HTML] = []
        super().__init__([])
        self.add_class(LOG_CLASS)
        guard(self.heading)     # shown only once there is a line, yet writable before

    def show(self, sections: Sequence[LogSection], new: int = 0) -> None:
        """Show `sections` (the last one is the current, open one); its last `new` lines
        are marked as new. Nothing at all while there is no line."""
        while len(self.sections) < len(sections):
            # Guarded now, not only once shown: the browser can write to any widget made.
            self.sections.append(guard(widgets.HTML()))
        del self.sections[len(sections):]
        for number, (section, part) in enumerate(zip(sections, self.sections, strict=True)):
            current = number == len(sections) - 1
            # Equal values are not sent again: a section the learner opened stays open.
            part.value = self._current(section, new) if current else self._finished(section)
        shown = [part for part in self.sections if part.value]
        self.children = [self.heading, *shown] if shown else []

    def _finished(self, section: LogSection) -> str:
        entries = Count("count.entries", len(section.lines)).label(self.lang)
        summary = message("event_log.summary", self.lang,
                          what=section.summary or section.title, entries=entries)
        return (f'<details class="cardlab-log-section"><summary>{escape(summary)}</summary>'
                f"{_items(section.lines, 0)}</details>")

    def _current(self, section: LogSection, new: int) -> str:
        if not section.lines:
            return ""
        # A group, not a region: two logs on one page (a lesson's two tables) would give
        # two landmarks of the same name.
        return (f'<div role="group" class="cardlab-log-section cardlab-log-current" '
                f'aria-label="{escape(section.title)}"><p class="cardlab-log-title">'
                f"{escape(section.title)}</p>{_items(section.lines, new)}</div>")


def _items(lines: Sequence[str], new: int) -> str:
    first_new = len(lines) - new
    items = "".join(f"<li{_NEW if number >= first_new else ''}>{escape(line)}</li>"
                    for number, line in enumerate(lines))
    return f"<ol>{items}</ol>"
