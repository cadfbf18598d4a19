"""Step through a game of any game and watch one perspective's knowledge grow.

Each step tells the event in words as the chosen perspective saw it (a card
shown or passed only to the seats that saw it) and lists the certainties it
added, each with its reason. The picture is that perspective's knowledge
graph (or, where the game's story offers it, its notes sheet); a focus on one
card or seat draws that card's or seat's uncertain links with their chances.
The game's entry (`cardlab.games`) tells the story: `Stepped.story`. A story
may offer more than the graph: pictures of its own (`Pictured`, such as a
notes sheet) and labelled jumps (`Jumping`, such as "to the next trick").

The stepper may hold a full record in Python, but the browser gets only the
chosen view's picture and sentences. Its buttons are a `ControlBar`: toggles
with ``aria-pressed``, the position in a ``role="status"`` line, focus kept
on "Next" when it runs out.

>>> from cardlab.games import in_menu_order
>>> entry = in_menu_order()[0]                      # the apps' default game, whichever it is
>>> stepper = Stepper.of(entry.example(entry.read_rules({}), [entry.default_bot] * 4, 1))
>>> stepper.steps.click("next"); stepper.after
1
>>> stepper.perspective.label, "<svg" in stepper.picture.value
('Seat 0', True)
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable

import ipywidgets as widgets

from cardlab.games import Story, game_of, stepped
from cardlab.i18n import message
from cardlab.render.graph import graph_html
from cardlab.widgets.controls import FOCUS_CLASS, ButtonSpec, ControlBar
from cardlab.widgets.guard import guard

__all__ = ["Jumping", "Locating", "Pictured", "Stepper", "Story", "story_of"]

_WRAP = widgets.Layout(flex_flow="row wrap", align_items="center")
#: Labels in full (ipywidgets cuts them at a fixed width, "Wessen Si…").
_LABEL = {"description_width": "initial"}
#: The focus dropdown's value for "no focus": certainties only.
NO_FOCUS = ""
#: The picture every story draws: its knowledge graph.
GRAPH = "graph"


@runtime_checkable
class Pictured(Protocol):
    """A story that draws more than the graph: a picture for each of its other `views`."""

    def picture(self, view: str, who: Any, after: int) -> str:
        """The picture `view` (not "graph") of `who`'s knowledge after `after` steps, as HTML."""
        ...


@runtime_checkable
class Jumping(Protocol):
    """A story whose `jumps` have a name: the stepper adds a button each way to jump."""

    def jump_labels(self) -> tuple[str, str]:
        """The labels of the buttons that jump back and on, in the story's language."""
        ...


@runtime_checkable
class Locating(Protocol):
    """A story that finds a reviewed decision (`cardlab.review.Moment.where`) among its steps."""

    def step_before(self, kind: str, where: Mapping[str, Any]) -> int:
        """The step after which the decision of `kind` at `where` was made: what its seat
        knew then."""
        ...


def story_of(source: Any, lang: str = "en") -> Story:
    """The story of a game of any kind: a game object, a full record or an observation log.

    >>> from cardlab.games import in_menu_order
    >>> entry = in_menu_order()[0]
    >>> game = entry.example(entry.read_rules({}), [entry.default_bot] * 4, 1)
    >>> story = story_of(entry.read_record(game.to_record().to_json()))
    >>> story.count > 0, story.perspectives[0][0]
    (True, 'Seat 0')
    """
    return stepped(game_of(source)).story(source, lang)


#: A note above the step stands out by a bar at its side, not by colour alone.
_NOTE_STYLE = "border-left: 4px solid #0b5a8c; padding: 2px 0 2px 10px; margin: 6px 0"


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
        if isinstance(story, Jumping) and story.jumps():
            back, on = story.jump_labels()
            buttons = [ButtonSpec("back_jump", back), *buttons, ButtonSpec("next_jump", on)]
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
        #: Why this step is shown, when something sent the learner here (a reviewed decision):
        #: kept for that step and the next (where the decision is made), then taken away.
        self.note = widgets.HTML()
        self._noted_at: int | None = None
        self.story = widgets.HTML()
        self.picture = widgets.HTML()
        self.steps.on_click(self._press)
        self.views.on_click(self._choose_view)
        for control in (self.perspective, self.impossible, self.focus):
            control.observe(lambda _: self.render(), "value")
        rows = [widgets.HBox([self.perspective, self.steps], layout=_WRAP),
                widgets.HBox([*([self.views] if len(story.views) > 1 else []), self.focus,
                              self.impossible], layout=_WRAP),
                self.note, self.story, self.picture]
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
        """The picture shown: ``"graph"`` or another of the story's `views`."""
        pressed = [spec.id for spec in self.views.specs if spec.pressed]
        return pressed[0] if pressed else GRAPH

    def show_note(self, text: str) -> None:
        """Say above the step why it is shown ("" takes the note away); it stays for this
        step and the next one, and goes when the learner steps further.

        >>> from cardlab.games import in_menu_order
        >>> entry = in_menu_order()[0]
        >>> stepper = Stepper.of(entry.example(entry.read_rules({}), [entry.default_bot] * 4, 1))
        >>> stepper.show_note("Decision 2 <of the review>"); stepper.note.value[-37:]
        '>Decision 2 &lt;of the review&gt;</p>'
        >>> stepper.step(1); bool(stepper.note.value), stepper.step(1), stepper.note.value
        (True, None, '')
        """
        self._noted_at = self.after if text else None
        self.note.value = (f'<p class="cardlab-stepper-note" style="{_NOTE_STYLE}">'
                           f"{html.escape(text)}</p>") if text else ""

    def step(self, delta: int) -> None:
        """Move `delta` steps forward (or back), staying within the game."""
        self.go(self.after + delta)

    def go(self, after: int) -> None:
        """Show the game after step `after` (kept within the game)."""
        self.after = min(max(after, 0), self.count)
        self.render()

    def jump(self, direction: int) -> None:
        """To the next (1) or previous (-1) of the story's `jumps` (the end of a trick, say)."""
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
        if self._noted_at is not None and self.after not in (self._noted_at, self._noted_at + 1):
            self.show_note("")
        self.steps.status = story.status(self.after)
        for button in ("back", "back_jump"):
            self.steps.update(button, disabled=self.after == 0)
        for button in ("next", "next_jump"):
            self.steps.update(button, disabled=self.after == self.count)
        self.story.value = self._told(who)
        if self.view != GRAPH and isinstance(story, Pictured):
            self.picture.value = story.picture(self.view, who, self.after)
            return
        graph = story.graph(who, self.after)
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
        if button.endswith("_jump"):
            self.jump(-1 if button == "back_jump" else 1)
        else:
            self.step(-1 if button == "back" else 1)

    def _choose_view(self, view: str) -> None:
        for spec in self.views.specs:
            self.views.update(spec.id, pressed=spec.id == view)
        self.render()

