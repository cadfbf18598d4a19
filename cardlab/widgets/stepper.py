"""Step through a game of any game and watch one perspective's knowledge grow.

Each step tells the event in words as the chosen perspective saw it (a card
shown or passed only to the seats that saw it) and lists the certainties it
added, each with its reason. The picture is that perspective's knowledge
graph (or, where the game's story offers it, its notes sheet); a focus on one
card or seat draws that card's or seat's uncertain links with their chances.
The game's entry (`cardlab.games`) tells the story: `GameEntry.story`.

The stepper may hold a full record in Python, but the browser gets only the
chosen view's picture and sentences. Its buttons are a `ControlBar`: toggles
with ``aria-pressed``, the position in a ``role="status"`` line, focus kept
on "Next" when it runs out.

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
from typing import Any

import ipywidgets as widgets

from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.record import FiveSonsLog
from cardlab.fivesons.render.notes import notes_svg

# DeductionStepper is Five Sons' own stepper: it moves to that game's package.
from cardlab.fivesons.widgets.stepper import PUBLIC, FiveSonsStory
from cardlab.games import Story, game_of, stepped
from cardlab.i18n import message
from cardlab.render.graph import graph_html
from cardlab.widgets.controls import FOCUS_CLASS, ButtonSpec, ControlBar
from cardlab.widgets.guard import guard

__all__ = ["PUBLIC", "DeductionStepper", "Stepper", "Story", "story_of"]

_WRAP = widgets.Layout(flex_flow="row wrap", align_items="center")
#: Labels in full (ipywidgets cuts them at a fixed width, "Wessen Si…").
_LABEL = {"description_width": "initial"}
#: The focus dropdown's value for "no focus": certainties only.
NO_FOCUS = ""


def story_of(source: Any, lang: str = "en") -> Story:
    """The story of a game of any kind: a game object, a full record or an observation log.

    >>> from cardlab.records import parse_record
    >>> story = story_of(parse_record({"format": "cardlab/1", "game": "fivesons", "me": None}))
    >>> story.count, [label for label, _ in story.perspectives]
    (0, ['The table'])
    """
    return stepped(game_of(source)).story(source, lang)


class Stepper(widgets.VBox):
    """Back and next through the events; a choice of whose view; the picture and its focus."""

    def __init__(self, story: Story, lang: str | None = None) -> None:
        self.story_source = story
        self.lang = lang = lang or story.lang
        self.after = 0
        self.count = story.count
        options = story.perspectives
        self.perspective = widgets.Dropdown(options=options, value=options[0][1],
                                            description=message("stepper.perspective", lang),
                                            style=_LABEL)
        buttons = [ButtonSpec("back", message("stepper.back", lang)),
                   ButtonSpec("next", message("stepper.next", lang), primary=True)]
        if story.jumps():
            buttons = [ButtonSpec("back_trick", message("stepper_bw.back_trick", lang)),
                       *buttons, ButtonSpec("next_trick", message("stepper_bw.next_trick", lang))]
        self.steps = ControlBar(buttons, label=message("a11y.steps", lang))
        self.views = ControlBar([ButtonSpec(view, message(f"stepper.{view}", lang),
                                            pressed=i == 0)
                                 for i, view in enumerate(story.views)],
                                label=message("a11y.views", lang))
        self.focus = widgets.Dropdown(
            options=[(message("stepper_focus.none", lang), NO_FOCUS), *story.places,
                     *story.cards], value=NO_FOCUS,
            description=message("stepper_focus.label", lang), style=_LABEL)
        self.impossible = widgets.Checkbox(description=message("stepper.impossible", lang),
                                           indent=False)
        self.story = widgets.HTML()
        self.picture = widgets.HTML()
        self.steps.on_click(self._press)
        self.views.on_click(self._choose_view)
        for control in (self.perspective, self.impossible, self.focus):
            control.observe(lambda _: self.render(), "value")
        rows = [widgets.HBox([self.perspective, self.steps], layout=_WRAP),
                widgets.HBox([*([self.views] if len(story.views) > 1 else []), self.focus,
                              self.impossible], layout=_WRAP),
                self.story, self.picture]
        super().__init__(rows)
        self.add_class(FOCUS_CLASS)
        self.add_class("cardlab-stepper")
        guard(self)
        self.render()

    @classmethod
    def of(cls, source: Any, lang: str = "en") -> Stepper:
        """A stepper over a game or record of any game (see `story_of`)."""
        return cls(story_of(source, lang))

    @property
    def view(self) -> str:
        """The picture shown: ``"graph"`` or ``"notes"``."""
        pressed = [spec.id for spec in self.views.specs if spec.pressed]
        return pressed[0] if pressed else "graph"

    def step(self, delta: int) -> None:
        """Move `delta` steps forward (or back), staying within the game."""
        self.go(self.after + delta)

    def go(self, after: int) -> None:
        """Show the game after step `after` (kept within the game)."""
        self.after = min(max(after, 0), self.count)
        self.render()

    def jump(self, direction: int) -> None:
        """To the next (1) or previous (-1) end of a trick."""
        ends = self.story_source.jumps()
        later = [i for i in ends if (i - self.after) * direction > 0]
        if later:
            self.go(min(later) if direction > 0 else max(later))
        else:
            self.go(self.count if direction > 0 else 0)

    @property
    def sentences(self) -> list[str]:
        """The current step in words, as the chosen perspective saw it."""
        return self.story_source.sentences(self.perspective.value, self.after)

    def render(self) -> None:
        """Redraw the chosen view after the current step, and tell the step."""
        who, story = self.perspective.value, self.story_source
        self.steps.status = story.status(self.after)
        for button in ("back", "back_trick"):
            self.steps.update(button, disabled=self.after == 0)
        for button in ("next", "next_trick"):
            self.steps.update(button, disabled=self.after == self.count)
        self.story.value = self._told(who)
        graph = story.graph(who, self.after)
        if self.view == "notes":
            self.picture.value = notes_svg(graph, self.lang)
            return
        self.picture.value = graph_html(graph, story.previous(who, self.after),
                                        self.impossible.value, self.lang,
                                        focus=self.focus.value or None)

    def _told(self, who: Any) -> str:
        """The step in words and the certainties it added, each with its reason."""
        sentences = self.sentences
        if not sentences:
            return ""
        story = self.story_source
        told = html.escape(message("story_step.event", self.lang, event=self.after,
                                   what=" ".join(sentences)))
        new = story.certainties(who, self.after)
        items = "".join(f"<li>{html.escape(reason)}</li>" for reason in new)
        heading = html.escape(message("story_step.new", self.lang, count=len(new)))
        listing = f"<p>{heading}</p><ul>{items}</ul>" if new or self.after else ""
        return f'<div class="cardlab-story"><p><strong>{told}</strong></p>{listing}</div>'

    def _press(self, button: str) -> None:
        if button.endswith("_trick"):
            self.jump(-1 if button == "back_trick" else 1)
        else:
            self.step(-1 if button == "back" else 1)

    def _choose_view(self, view: str) -> None:
        for spec in self.views.specs:
            self.views.update(spec.id, pressed=spec.id == view)
        self.render()


class DeductionStepper(Stepper):
    """The Five Sons stepper over observation logs: a seat's (or None, the table's)."""

    def __init__(self, logs: dict[int | None, FiveSonsLog], lang: str = "en") -> None:
        story = FiveSonsStory(logs, lang)
        self.logs = story.logs
        super().__init__(story)

    @classmethod
    def from_game(cls, game: FiveSonsGame, lang: str = "en") -> DeductionStepper:
        """A stepper over every seat's log of `game`, and the table's."""
        logs: dict[int | None, FiveSonsLog] = {
            seat: game.observation_log(seat) for seat in range(game.players)}
        logs[None] = game.observation_log(None)
        return cls(logs, lang)
