"""The assistant's form for one event: a question (asker, face, heart, who showed, the card
if I saw it) or a guess (who, right or wrong, and the solution if I guessed wrong myself).

>>> from cardlab.fivesons.rules import FiveSonsRules
>>> form = EventForm(FiveSonsRules())
>>> form.asker.value, form.face.value, form.heart.value = 1, "QS", "3H"
>>> form.shown_by.value = 3
>>> form.event()
AskSeen(seat=1, face=Card('QS'), heart=Card('3H'), shown_by=3, shown=None)
>>> form.kind.value = "guess"; form.event()
GuessSeen(seat=1, correct=False, solution=None)
"""

from __future__ import annotations

import ipywidgets as widgets

from cardlab.cards import Card
from cardlab.fivesons.record import AskSeen, GuessSeen, SeenEvent
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.i18n import message

_LABEL = {"description_width": "initial"}
_WRAP = widgets.Layout(flex_flow="row wrap", align_items="center")
NOBODY = -1
UNSEEN = ""


class EventForm(widgets.VBox):
    """Dropdowns for one event; `event()` reads them as a log event."""

    def __init__(self, rules: FiveSonsRules, lang: str = "en") -> None:
        self.lang = lang
        self.rules = rules
        #: The player's own seat, once a log is started (its seat reads "You").
        self.me: int | None = None

        def text(key: str) -> str:
            return message(f"fivesons.assistant_form.{key}", lang)

        def dropdown(key: str) -> widgets.Dropdown:
            return widgets.Dropdown(description=text(key), style=_LABEL)

        self.kind = widgets.Dropdown(options=[(text("ask"), "ask"), (text("guess"), "guess")],
                                     value="ask", description=text("kind"), style=_LABEL)
        self.asker, self.face, self.heart = dropdown("asker"), dropdown("face"), dropdown("heart")
        self.shown_by, self.shown = dropdown("shown_by"), dropdown("shown")
        self.correct = widgets.Checkbox(description=text("correct"), indent=False)
        self.saw = widgets.Checkbox(description=text("saw"),
                                    indent=False)
        self.focus_choice = dropdown("focus")
        self.set_rules(rules)
        super().__init__([widgets.HBox([self.kind, self.asker, self.face, self.heart,
                                        self.shown_by, self.shown, self.correct, self.saw],
                                       layout=_WRAP),
                          self.focus_choice])

    def set_rules(self, rules: FiveSonsRules, me: int | None = None) -> None:
        """Offer the seats and cards of `rules`; seat `me` (the player's own) is "You". A
        choice made before that is still on offer stays chosen."""
        self.rules, self.me, lang = rules, me, self.lang
        choices = (self.asker, self.face, self.heart, self.shown_by, self.shown,
                   self.focus_choice)
        chosen = [choice.value for choice in choices]
        seats = [(message("stepper.you" if seat == me else "stepper.seat", lang, seat=seat), seat)
                 for seat in range(rules.players)]
        self.asker.options = seats
        self.face.options = [(card.name(lang), card.code) for card in rules.faces]
        self.heart.options = [(card.name(lang), card.code) for card in rules.hearts]
        self.shown_by.options = [(message("fivesons.assistant_form.nobody", lang), NOBODY), *seats]
        self.shown.options = [(message("fivesons.assistant_form.unseen", lang), UNSEEN),
                              *[(card.name(lang), card.code)
                                for card in (*rules.faces, *rules.hearts)]]
        self.focus_choice.options = [
            (message("stepper_focus.none", lang), UNSEEN), *seats,
            (message("graph.solution", lang), "solution"),
            *[(card.name(lang), card.code) for card in rules.deck]]
        for choice, value in zip(choices, chosen, strict=True):
            offered = [option for _, option in choice.options]
            choice.value = value if value in offered else offered[0]

    @property
    def focus(self) -> str | None:
        """The graph node the player looks closer at, if any."""
        value = self.focus_choice.value
        return str(value) if value not in (UNSEEN, None) else None

    def event(self) -> SeenEvent:
        """The event the form describes (the checks come when it is added)."""
        if self.kind.value == "guess":
            solution = None
            if self.saw.value and not self.correct.value:
                solution = (Card.parse(self.face.value), Card.parse(self.heart.value))
            return GuessSeen(self.asker.value, self.correct.value, solution)
        shown_by = None if self.shown_by.value == NOBODY else self.shown_by.value
        shown = Card.parse(self.shown.value) if self.shown.value != UNSEEN else None
        return AskSeen(self.asker.value, Card.parse(self.face.value),
                       Card.parse(self.heart.value), shown_by, shown)
