"""Step through a Five Sons game and watch one perspective's knowledge grow.

The stepper holds observation logs only (never the solution or other
hands), and sends the browser nothing but the picture of the chosen view.

>>> from cardlab.fivesons.match import play_game
>>> from cardlab.fivesons.rules import FiveSonsRules
>>> stepper = DeductionStepper.from_game(play_game(FiveSonsRules(), ["logician"] * 4, seed=1))
>>> stepper.forward.click(); stepper.after
1
>>> "What seat 0 knows after 1 events" in stepper.picture.value
True
"""

from __future__ import annotations

import ipywidgets as widgets

from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.knowledge import FiveSonsKnowledge
from cardlab.fivesons.record import FiveSonsLog
from cardlab.graphs import fivesons_graph
from cardlab.i18n import message
from cardlab.render.graph import graph_svg
from cardlab.render.notes import notes_svg


class DeductionStepper(widgets.VBox):
    """Back and next through the events; a choice of whose view; graph or notes sheet."""

    def __init__(self, logs: dict[int | None, FiveSonsLog], lang: str = "en") -> None:
        self.logs = logs
        self.lang = lang
        self.after = 0
        self.count = max(len(log.events) for log in logs.values())
        options = [(message("stepper.public", lang) if seat is None else
                    message("stepper.seat", lang, seat=seat), seat) for seat in logs]
        self.perspective = widgets.Dropdown(options=options, value=next(iter(logs)),
                                            description=message("stepper.perspective", lang))
        self.back = widgets.Button(description=message("stepper.back", lang))
        self.forward = widgets.Button(description=message("stepper.next", lang),
                                      button_style="primary")
        self.impossible = widgets.Checkbox(description=message("stepper.impossible", lang),
                                           indent=False)
        self.view = widgets.ToggleButtons(options=[(message("stepper.graph", lang), "graph"),
                                                   (message("stepper.notes", lang), "notes")])
        self.position = widgets.Label()
        self.picture = widgets.HTML()
        self.back.on_click(lambda _: self.step(-1))
        self.forward.on_click(lambda _: self.step(1))
        for control in (self.perspective, self.impossible, self.view):
            control.observe(lambda _: self.render(), "value")
        super().__init__([
            widgets.HBox([self.perspective, self.back, self.forward, self.position]),
            widgets.HBox([self.view, self.impossible]), self.picture])
        self.render()

    @classmethod
    def from_game(cls, game: FiveSonsGame, lang: str = "en") -> DeductionStepper:
        """A stepper over every seat's log of `game`, and the table's."""
        logs = {seat: game.observation_log(seat) for seat in range(game.players)}
        logs[None] = game.observation_log(None)
        return cls(logs, lang)

    def step(self, delta: int) -> None:
        """Move `delta` events forward (or back), staying within the game."""
        self.after = min(max(self.after + delta, 0), self.count)
        self.render()

    def render(self) -> None:
        """Redraw the chosen view after the current number of events."""
        log = self.logs[self.perspective.value]
        graph = fivesons_graph(FiveSonsKnowledge.from_log(log, self.after), self.lang)
        self.position.value = message("stepper.event", self.lang, after=self.after,
                                      count=self.count)
        self.back.disabled = self.after == 0
        self.forward.disabled = self.after == self.count
        if self.view.value == "notes":
            self.picture.value = notes_svg(graph, self.lang)
            return
        previous = None
        if self.after:
            previous = fivesons_graph(FiveSonsKnowledge.from_log(log, self.after - 1), self.lang)
        self.picture.value = graph_svg(graph, previous, self.impossible.value, self.lang)
