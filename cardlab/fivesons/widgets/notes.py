"""The learner's notes sheet for Five Sons: mark, check against the engine, fill in.

The grid has a row for every card the learner does not hold and a column
for every other seat and the solution. Each cell is a button that cycles
through unsure, holds and lacks. "Check my notes" compares the marks with
what the learner's own observation log proves (`notes_check`), and says
why each wrong mark is wrong and which event made a fact certain; "Fill in"
writes every certainty. Only the learner's log is ever read.

>>> from cardlab.fivesons.game import FiveSonsGame
>>> from cardlab.fivesons.rules import FiveSonsRules
>>> game = FiveSonsGame.deal(FiveSonsRules(players=3), seed=1)
>>> sheet = NotesSheet(lambda: game.observation_log(0))
>>> sheet.grid.columns[-1]["name"], len(sheet.grid.rows)
('Solution', 15)
>>> sheet.cycle("QS|1"); sheet.grid.marks
{'QS|1': 'holds'}
"""

from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import traitlets

from cardlab.cards import Card, CardName
from cardlab.deal_counting import SOLUTION
from cardlab.fivesons.knowledge import Location
from cardlab.fivesons.notes_check import HOLDS, LACKS, Marks, NotesChecker, Verdict
from cardlab.fivesons.reasoning import to_learner
from cardlab.fivesons.record import FiveSonsLog
from cardlab.fivesons.story import event_sentence
from cardlab.i18n import Count, Text, message, percent
from cardlab.widgets.controls import FOCUS_CLASS, ButtonSpec, ControlBar
from cardlab.widgets.guard import KernelOwned, script

_HERE = Path(__file__).parent
#: Pressing a cell moves its mark on to the next one.
_NEXT = {None: HOLDS, HOLDS: LACKS, LACKS: None}
#: How many verdicts of each kind the feedback lists before saying how many more.
SHOWN = 8


class NotesGrid(KernelOwned):
    """Cards by places, each cell a button; the browser only asks to cycle a cell.

    The grid's cells are fixed when it is made; the marks are the sheet's (`NotesSheet`)
    and only drawn here.
    """

    _esm = script(_HERE / "notes.js")
    _css = _HERE / "notes.css"
    rows = traitlets.List(traitlets.Dict()).tag(sync=True)
    columns = traitlets.List(traitlets.Dict()).tag(sync=True)
    marks = traitlets.Dict().tag(sync=True)
    verdicts = traitlets.Dict().tag(sync=True)
    labels = traitlets.Dict().tag(sync=True)
    caption = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._cells = frozenset(f"{row['code']}|{column['id']}" for row in self.rows
                                for column in self.columns)
        self._handlers: list[Callable[[str], None]] = []
        self.on_msg(self._message)

    def on_cycle(self, handler: Callable[[str], None]) -> None:
        """Call `handler` with a cell's key ("QS|2") when the browser presses it."""
        self._handlers.append(handler)

    def _message(self, _widget: object, content: object, _buffers: object) -> None:
        if isinstance(content, dict) and isinstance(content.get("cycle"), str) \
                and content["cycle"] in self._cells:
            for handler in self._handlers:
                handler(content["cycle"])


class NotesSheet(widgets.VBox):
    """The notes grid, its buttons and the feedback, over the learner's log (`log_source`)."""

    def __init__(self, log_source: Callable[[], FiveSonsLog], lang: str = "en") -> None:
        self.log_source = log_source
        self.lang = lang
        self.checker = NotesChecker()
        log = log_source()
        places: list[Location] = [seat for seat in range(log.rules.players) if seat != log.me]
        places.append(SOLUTION)
        self.places = places
        self.grid = NotesGrid(
            rows=[{"code": card.code, "name": card.name(lang), "short": card.label(lang),
                   "red": card.suit.letter in "DH"}
                  for card in log.rules.deck if card not in log.hand],
            columns=[{"id": str(place), "name": self._place(place)} for place in places],
            labels={key: message(f"fivesons.notes.{key}", lang) for key in (
                "card", "holds", "lacks", "unsure", "proven", "wrong", "missing", "unproven",
                "symbol_holds", "symbol_lacks", "symbol_unsure")},
            caption=self._caption(log))
        self._marks: dict[str, str] = {}
        self.grid.on_cycle(self.cycle)
        self.controls = ControlBar([ButtonSpec("check", message("fivesons.notes.check", lang)),
                                    ButtonSpec("fill", message("fivesons.notes.fill", lang)),
                                    ButtonSpec("clear", message("fivesons.notes.clear", lang))],
                                   label=message("fivesons.notes.controls", lang))
        self.controls.on_click(self._press)
        self.feedback = widgets.HTML()
        super().__init__([self.grid, self.controls, self.feedback])
        self.add_class(FOCUS_CLASS)

    @property
    def marks(self) -> Marks:
        """The learner's marks by card and place."""
        return {(Card.parse(key.split("|")[0]), _place(key.split("|")[1])): mark
                for key, mark in self._marks.items()}

    def mark(self, card: str, place: Location, mark: str | None) -> None:
        """Set one cell: HOLDS, LACKS or None (unsure)."""
        key = f"{Card.parse(card).code}|{place}"
        marks = {k: v for k, v in self._marks.items() if k != key}
        if mark is not None:
            marks[key] = mark
        self._set_marks(marks)
        self.grid.verdicts = {k: v for k, v in self.grid.verdicts.items() if k != key}

    def cycle(self, key: str) -> None:
        """Move one cell ("QS|2") on to its next mark: unsure, holds, lacks, unsure."""
        code, place = key.split("|")
        self.mark(code, _place(place), _NEXT[self._marks.get(key)])

    def check(self) -> list[Verdict]:
        """Compare the marks with what the learner's log proves; show and return the verdicts."""
        log = self.log_source()
        self.grid.caption = self._caption(log)
        verdicts = self.checker.check(log, self.marks)
        self.grid.verdicts = {f"{v.card.code}|{v.place}": v.kind for v in verdicts}
        self.feedback.value = self._feedback(verdicts, log)
        self.controls.status = message("fivesons.notes.summary", self.lang, **{
            kind: sum(v.kind == kind for v in verdicts)
            for kind in ("proven", "wrong", "unproven", "missing")})
        return verdicts

    def fill(self) -> None:
        """Write every certainty of the learner's log into the grid (unsure cells stay)."""
        log = self.log_source()
        certain = {f"{card.code}|{place}": mark
                   for (card, place), mark in self.checker.certain(log).items()}
        self._set_marks({**self._marks, **certain})
        self.grid.verdicts = {}
        self.feedback.value = ""
        filled = Count("count.certainties", len(certain)).label(self.lang)
        self.controls.status = message("fivesons.notes.filled", self.lang, count=filled)

    def clear(self) -> None:
        """Rub out every mark."""
        self._set_marks({})
        self.grid.verdicts = {}
        self.feedback.value = ""
        self.controls.status = ""

    def _set_marks(self, marks: dict[str, str]) -> None:
        self._marks = marks
        self.grid.marks = dict(marks)

    def _press(self, button: str) -> None:
        {"check": self.check, "fill": self.fill, "clear": self.clear}[button]()

    def _place(self, place: Location) -> str:
        if place == SOLUTION:
            return message("fivesons.notes.solution", self.lang)
        return message("fivesons.notes.seat", self.lang, seat=place)

    def _caption(self, log: FiveSonsLog) -> str:
        mine = ", ".join(card.name(self.lang) for card in sorted(log.hand))
        return message("fivesons.notes.caption", self.lang, cards=mine) if log.hand else ""

    def _feedback(self, verdicts: list[Verdict], log: FiveSonsLog) -> str:
        sections = []
        for kind in ("wrong", "missing", "unproven", "proven"):
            chosen = [v for v in verdicts if v.kind == kind]
            if not chosen:
                continue
            items = "".join(f"<li>{html.escape(self._sentence(v, log))}</li>"
                            for v in chosen[:SHOWN])
            more = len(chosen) - SHOWN
            if more > 0:
                more_text = message("fivesons.notes.more", self.lang, count=more)
                items += f"<li>{html.escape(more_text)}</li>"
            heading = html.escape(message(f"fivesons.notes.heading_{kind}", self.lang))
            sections.append(f"<h3>{heading}</h3><ul>{items}</ul>")
        return f'<div class="cardlab-notes-feedback">{"".join(sections)}</div>'

    def _sentence(self, verdict: Verdict, log: FiveSonsLog) -> str:
        claim = self._claim(verdict)
        if verdict.kind == "unproven":
            return message("fivesons.notes.say_unproven", self.lang, claim=claim,
                           chance=percent(verdict.chance or 0, self.lang))
        assert verdict.reason is not None and verdict.since is not None
        since = (message("fivesons.notes.since_start", self.lang) if verdict.since == 0 else
                 message("fivesons.notes.since_event", self.lang, event=verdict.since,
                         what=event_sentence(log, verdict.since, self.lang, log.me)))
        return message(f"fivesons.notes.say_{verdict.kind}", self.lang, claim=claim,
                       why=to_learner(verdict.reason).text(self.lang), since=since)

    def _claim(self, verdict: Verdict) -> str:
        mark = verdict.mark or (HOLDS if verdict.certain else LACKS)
        where = "solution" if verdict.place == SOLUTION else "seat"
        return Text(f"fivesons.notes.claim_{mark}_{where}", seat=verdict.place,
                    card=CardName(verdict.card)).text(self.lang)


def _place(text: str) -> Location:
    return SOLUTION if text == SOLUTION else int(text)
