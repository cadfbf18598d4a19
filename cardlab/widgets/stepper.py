"""Step through a Five Sons game and watch one perspective's knowledge grow.

Each step tells the event in words as the chosen perspective saw it (the
shown card only to the asker and the shower) and lists the certainties it
added, each with its reason.

The stepper holds observation logs only (never the solution or other
hands), and sends the browser nothing but the picture of the chosen view.
Its buttons are a `ControlBar`: toggles with ``aria-pressed``, the position
in a ``role="status"`` line, focus kept on "Next" when it runs out.

>>> from cardlab.fivesons.match import play_game
>>> from cardlab.fivesons.rules import FiveSonsRules
>>> stepper = DeductionStepper.from_game(play_game(FiveSonsRules(), ["logician"] * 4, seed=1))
>>> stepper.steps.click("next"); stepper.after
1
>>> "What seat 0 knows after 1 events" in stepper.picture.value
True
>>> stepper.perspective.value = PUBLIC; stepper.perspective.label
'The table'
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.knowledge import FiveSonsKnowledge
from cardlab.fivesons.record import FiveSonsLog
from cardlab.graphs import fivesons_graph
from cardlab.i18n import message
from cardlab.render.graph import graph_svg
from cardlab.render.notes import notes_svg
from cardlab.widgets.controls import FOCUS_CLASS, ButtonSpec, ControlBar
from cardlab.widgets.fivesons_story import story

#: The dropdown's value for the table's view: a selection widget shows nothing for None.
PUBLIC = "public"
_WRAP = widgets.Layout(flex_flow="row wrap", align_items="center")


class DeductionStepper(widgets.VBox):
    """Back and next through the events; a choice of whose view; graph or notes sheet."""

    def __init__(self, logs: dict[int | None, FiveSonsLog], lang: str = "en") -> None:
        self.logs = {PUBLIC if seat is None else seat: log for seat, log in logs.items()}
        self.lang = lang
        self.after = 0
        self.count = max(len(log.events) for log in logs.values())
        options = [(message("stepper.public", lang) if seat == PUBLIC else
                    message("stepper.seat", lang, seat=seat), seat) for seat in self.logs]
        self.perspective = widgets.Dropdown(options=options, value=options[0][1],
                                            description=message("stepper.perspective", lang))
        self.steps = ControlBar([ButtonSpec("back", message("stepper.back", lang)),
                                 ButtonSpec("next", message("stepper.next", lang),
                                            primary=True)],
                                label=message("a11y.steps", lang))
        self.views = ControlBar([ButtonSpec("graph", message("stepper.graph", lang),
                                            pressed=True),
                                 ButtonSpec("notes", message("stepper.notes", lang),
                                            pressed=False)],
                                label=message("a11y.views", lang))
        self.impossible = widgets.Checkbox(description=message("stepper.impossible", lang),
                                           indent=False)
        self.story = widgets.HTML()
        self.picture = widgets.HTML()
        self.steps.on_click(lambda button: self.step(-1 if button == "back" else 1))
        self.views.on_click(self._choose_view)
        for control in (self.perspective, self.impossible):
            control.observe(lambda _: self.render(), "value")
        super().__init__([widgets.HBox([self.perspective, self.steps], layout=_WRAP),
                          widgets.HBox([self.views, self.impossible], layout=_WRAP),
                          self.story, self.picture])
        self.add_class(FOCUS_CLASS)
        self.render()

    @classmethod
    def from_game(cls, game: FiveSonsGame, lang: str = "en") -> DeductionStepper:
        """A stepper over every seat's log of `game`, and the table's."""
        logs: dict[int | None, FiveSonsLog] = {
            seat: game.observation_log(seat) for seat in range(game.players)}
        logs[None] = game.observation_log(None)
        return cls(logs, lang)

    @property
    def view(self) -> str:
        """The picture shown: ``"graph"`` or ``"notes"``."""
        return "notes" if self.views.spec("notes").pressed else "graph"

    def step(self, delta: int) -> None:
        """Move `delta` events forward (or back), staying within the game."""
        self.after = min(max(self.after + delta, 0), self.count)
        self.render()

    def render(self) -> None:
        """Redraw the chosen view after the current number of events, and tell the event."""
        log = self.logs[self.perspective.value]
        knowledge = FiveSonsKnowledge.from_log(log, self.after)
        before = FiveSonsKnowledge.from_log(log, self.after - 1) if self.after else None
        graph = fivesons_graph(knowledge, self.lang)
        self.steps.status = message("stepper.event", self.lang, after=self.after,
                                    count=self.count)
        self.steps.update("back", disabled=self.after == 0)
        self.steps.update("next", disabled=self.after == self.count)
        self.story.value = self._story(log, knowledge, before)
        if self.view == "notes":
            self.picture.value = notes_svg(graph, self.lang)
            return
        previous = fivesons_graph(before, self.lang) if before is not None else None
        self.picture.value = graph_svg(graph, previous, self.impossible.value, self.lang)

    @property
    def sentences(self) -> list[str]:
        """The current event in words, as the chosen perspective saw it."""
        if not self.after:
            return []
        return [text.text(self.lang) for text in story(self.logs[self.perspective.value],
                                                       self.after)]

    def _story(self, log: FiveSonsLog, knowledge: FiveSonsKnowledge,
               before: FiveSonsKnowledge | None) -> str:
        """The event in words and the certainties it added, each with its reason."""
        if before is None:
            return ""
        old = {(fact.card, fact.place, fact.holds) for fact in before.facts}
        new = [fact for fact in knowledge.facts if (fact.card, fact.place, fact.holds) not in old]
        told = html.escape(message("story_step.event", self.lang, event=self.after,
                                   what=" ".join(self.sentences)))
        items = "".join(f"<li>{html.escape(fact.reason.text(self.lang))}</li>" for fact in new)
        heading = html.escape(message("story_step.new", self.lang, count=len(new)))
        return (f'<div class="cardlab-story"><p><strong>{told}</strong></p>'
                f"<p>{heading}</p><ul>{items}</ul></div>")

    def _choose_view(self, view: str) -> None:
        self.views.update("graph", pressed=view == "graph")
        self.views.update("notes", pressed=view == "notes")
        self.render()
