"""The real-table assistant: type in what you saw at a Five Sons table, see what follows.

A player gives their seat and hand, then event by event what they saw (a
question: who asked, which cards, who showed, and the card if they saw it; or
a guess). Each entry is checked at once: one that breaks the log's order or
that no deal can explain is refused with the engine's reason and the log is
unchanged. Undo takes back the last entry. The knowledge graph, the notes
sheet and the solution's chances follow every entry; the log saves (a
download link) and loads as a `cardlab/1` observation log.

>>> from cardlab.cards import parse_cards
>>> from cardlab.fivesons.record import AskSeen
>>> assistant = Assistant()
>>> assistant.start(4, 0, parse_cards("KH JC AH 5H JD"))
>>> qs, th = parse_cards("QS 3H")
>>> assistant.add(AskSeen(0, qs, th, 2, shown=qs)); assistant.status.value
'<p role="status">Event 1 added.</p>'
>>> assistant.add(AskSeen(1, qs, th, 1)); print(assistant.status.value)
<p role="status">Refused: event 2: seat 1 cannot answer its own question</p>
>>> len(assistant.observations.events)
1
"""

from __future__ import annotations

import base64
import html
from dataclasses import replace
from typing import Any

import ipywidgets as widgets

from cardlab.cards import Card
from cardlab.errors import CardlabError, RecordError
from cardlab.fivesons.graph import fivesons_graph
from cardlab.fivesons.knowledge import FiveSonsKnowledge
from cardlab.fivesons.narration import error_to_learner
from cardlab.fivesons.record import FiveSonsLog, SeenEvent
from cardlab.fivesons.render.notes import notes_svg
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.fivesons.widgets.assistant_form import EventForm
from cardlab.i18n import message, percent
from cardlab.records import dump_record, parse_record, read_record
from cardlab.render.graph import graph_html
from cardlab.widgets.controls import FOCUS_CLASS, ButtonSpec, ControlBar, record_upload
from cardlab.widgets.guard import guard

#: How many solution pairs the chances list shows, likeliest first.
TOP_PAIRS = 6
_LABEL = {"description_width": "initial"}
_WRAP = widgets.Layout(flex_flow="row wrap", align_items="center")


class Assistant(widgets.VBox):
    """Set-up (players, seat, hand), the event form, undo, and what follows from the log."""

    def __init__(self, lang: str = "en", rules: FiveSonsRules | None = None) -> None:
        self.lang = lang
        self.rules = rules or FiveSonsRules()
        self.observations: FiveSonsLog | None = None
        self.players = widgets.Dropdown(options=list(range(3, 7)), value=self.rules.players,
                                        description=message("fivesons.assistant.players", lang),
                                        style=_LABEL)
        self.me = widgets.Dropdown(options=list(range(self.rules.players)), value=0,
                                   description=message("fivesons.assistant.me", lang), style=_LABEL)
        self.hand = widgets.Text(description=message("fivesons.assistant.hand", lang), style=_LABEL,
                                 placeholder="KH JC AH 5H JD")
        self.setup = ControlBar([ButtonSpec("start", message("fivesons.assistant.start", lang),
                                            primary=True)],
                                label=message("fivesons.assistant.setup", lang))
        self.form = EventForm(self.rules, lang)
        self.actions = ControlBar([ButtonSpec("add", message("fivesons.assistant.add", lang),
                                              primary=True, disabled=True),
                                   ButtonSpec("undo", message("fivesons.assistant.undo", lang),
                                              disabled=True)],
                                  label=message("fivesons.assistant.actions", lang))
        self.status = widgets.HTML()
        self.chances = widgets.HTML()
        self.picture = widgets.HTML()
        self.notes = widgets.HTML()
        self.download = widgets.HTML()
        self.upload = record_upload(message("fivesons.assistant.load", lang))
        self.players.observe(lambda change: self._players(change["new"]), "value")
        self.setup.on_click(lambda _: self.start_from_form())
        self.actions.on_click(lambda button: self.add(self.form.event())
                              if button == "add" else self.undo())
        self.upload.observe(self._uploaded, "value")
        self.form.focus_choice.observe(lambda _: self._refresh(), "value")
        super().__init__([
            widgets.HBox([self.players, self.me, self.hand, self.setup], layout=_WRAP),
            widgets.HBox([self.upload, self.download], layout=_WRAP),
            self.form, self.actions, self.status, self.chances, self.picture, self.notes])
        self.add_class(FOCUS_CLASS)
        guard(self)
        self._say(message("fivesons.assistant.welcome", lang))

    def start_from_form(self) -> None:
        """Start a log from the set-up fields; a bad hand is refused with its reason."""
        try:
            cards = tuple(Card.parse(code) for code in self.hand.value.replace(",", " ").split())
        except CardlabError as err:
            self._say(message("fivesons.assistant.refused", self.lang, why=err.text(self.lang)))
            return
        self.start(self.players.value, self.me.value, cards)

    def start(self, players: int, me: int, hand: tuple[Card, ...]) -> None:
        """Begin a new log: `players` at the table, I sit at `me` holding `hand`."""
        rules = replace(self.rules, players=players)
        data = FiveSonsLog(rules, me, hand).to_json()
        self._set(data, message("fivesons.assistant.started", self.lang, seat=me))

    def add(self, event: SeenEvent | None) -> None:
        """Add one event; refused (with the reason) if the log would break."""
        if self.observations is None or event is None:
            self._say(message("fivesons.assistant.start_first", self.lang))
            return
        events = (*self.observations.events, event)
        data = replace(self.observations, events=events).to_json()
        self._set(data, message("fivesons.assistant.added", self.lang, event=len(events)))

    def undo(self) -> None:
        """Take back the last event."""
        if self.observations is None or not self.observations.events:
            return
        data = replace(self.observations, events=self.observations.events[:-1]).to_json()
        self._set(data, message("fivesons.assistant.undone", self.lang,
                                event=len(self.observations.events)))

    def saved(self) -> str:
        """The log as `cardlab/1` JSON text."""
        if self.observations is None:
            raise RecordError("fivesons.assistant.nothing")
        return dump_record(self.observations)

    def load_bytes(self, data: bytes, name: str = "") -> None:
        """Load an observation log (a seat's); a bad file is refused with its reason."""
        try:
            log = read_record(data, name)
            if not isinstance(log, FiveSonsLog) or log.me is None:
                raise RecordError("fivesons.assistant.not_a_log")
        except CardlabError as err:
            self._say(message("fivesons.assistant.refused", self.lang, why=err.text(self.lang)))
            return
        self._set(log.to_json(), message("stepper_app.loaded", self.lang, name=name))

    def _set(self, data: dict[str, Any], done: str) -> None:
        """Check `data` as a log and by inference; take it only if both pass."""
        try:
            log = parse_record(data)
            assert isinstance(log, FiveSonsLog)
            knowledge = FiveSonsKnowledge.from_log(log)
        except CardlabError as err:
            me = data.get("me")
            told = error_to_learner(err, me) if isinstance(me, int) else err
            self._say(message("fivesons.assistant.refused", self.lang, why=told.text(self.lang)))
            return
        self.observations = log
        if (log.rules, log.me) != (self.form.rules, self.form.me):
            self.form.set_rules(log.rules, log.me)
        self._say(done)
        self._show(knowledge)

    def _show(self, knowledge: FiveSonsKnowledge) -> None:
        log = knowledge.log
        self.actions.update("add", disabled=False)
        self.actions.update("undo", disabled=not log.events)
        graph = fivesons_graph(knowledge, self.lang, you=True)
        previous = (fivesons_graph(FiveSonsKnowledge.from_log(log, len(log.events) - 1),
                                   self.lang, you=True) if log.events else None)
        self.picture.value = graph_html(graph, previous, lang=self.lang, focus=self.form.focus)
        self.notes.value = notes_svg(graph, self.lang)
        total = knowledge.worlds
        rows = "".join(
            f"<li>{html.escape(face.name(self.lang))} + {html.escape(heart.name(self.lang))}: "
            f"{html.escape(percent(n / total, self.lang))}</li>"
            for face, heart, n in knowledge.solution_pairs()[:TOP_PAIRS])
        heading = message("fivesons.assistant.chances", self.lang,
                          pairs=len(knowledge.counts.pairs))
        self.chances.value = f"<h2>{html.escape(heading)}</h2><ol>{rows}</ol>"
        payload = base64.b64encode(dump_record(log).encode("utf-8")).decode("ascii")
        self.download.value = (
            f'<a download="observations.json" href="data:application/json;base64,{payload}">'
            f'{html.escape(message("fivesons.assistant.save", self.lang))}</a>')

    def _refresh(self) -> None:
        if self.observations is not None:
            self._show(FiveSonsKnowledge.from_log(self.observations))

    def _players(self, players: int) -> None:
        self.me.options = list(range(players))

    def _uploaded(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        upload = files[0]
        self.upload.value = ()
        self.load_bytes(bytes(upload["content"]), upload["name"])

    def _say(self, text: str) -> None:
        self.status.value = f'<p role="status">{html.escape(text, quote=False)}</p>'

