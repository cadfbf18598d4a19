"""The summary at the end of a game (or of a round): the frame every game widget fills.

A game widget hands it a title, the learner's outcome, the game's own summary
as HTML (who won, the scores, what was hidden) and the help the learner had
(`cardlab.practice.Practice`); the frame adds the buttons. Which buttons exist
is kernel state (a `ControlBar`): a forged click on a button not offered does
nothing, and the widget checks again that its game is over before acting.

>>> from cardlab.practice import Mode, Practice
>>> end = EndScreen("en")
>>> end.shown, end.layout.display
(False, 'none')
>>> end.show("Game over", "You win!", "<p>Scores</p>", Practice(Mode.GAME), end_buttons("en"))
>>> end.shown, [spec.id for spec in end.bar.specs]
(True, ['new_game', 'save'])
>>> "Game: played without help." in end.summary.value
True
>>> end.offer('{"format": "cardlab/1"}', "game.json"); end.download.value[:30]
'<a class="cardlab-download" do'
>>> end.hide(); end.bar.specs
()
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Sequence
from html import escape

import ipywidgets as widgets

from cardlab.games import GameRecord
from cardlab.i18n import message
from cardlab.practice import Practice
from cardlab.widgets.controls import ButtonSpec, ControlBar
from cardlab.widgets.review import ReviewPanel
from cardlab.widgets.stepper import Stepper

#: The ids of the end screen's own buttons.
NEW_GAME, SAVE, REVIEW = "new_game", "save", "review"
#: What the end screen reviews: the game's full record and the learner's seat, when asked.
Reviewed = Callable[[], tuple[GameRecord, int]]


def end_buttons(lang: str, *, new_game: bool = True, save: bool = True, review: bool = False,
                first: Sequence[ButtonSpec] = ()) -> list[ButtonSpec]:
    """The end screen's buttons: the game's own (`first`), then New game, Save and Review."""
    return [*first,
            *([ButtonSpec(NEW_GAME, message("end.new_game", lang), primary=not first)]
              if new_game else []),
            *([ButtonSpec(SAVE, message("end.save", lang))] if save else []),
            *([ButtonSpec(REVIEW, message("end.review", lang))] if review else [])]


class EndScreen(widgets.VBox):
    """A heading, the outcome, the game's summary, the help used, buttons and a download;
    with `review`, Review (where offered) reviews the learner's seat of the game just played
    (`cardlab.widgets.review`), and its decisions open in `stepper`."""

    def __init__(self, lang: str = "en", label: str = "", review: Reviewed | None = None,
                 stepper: Callable[[], Stepper | None] | None = None) -> None:
        self.lang = lang
        #: True while the summary is shown (kernel state: the browser cannot set it).
        self.shown = False
        self._reviewed = review
        self._stepper = stepper
        #: The review of the game shown (after Review was pressed).
        self.review: ReviewPanel | None = None
        self.title = widgets.HTML()
        self.summary = widgets.HTML()
        self.bar = ControlBar([], label=label or message("end.label", lang))
        self.bar.on_click(self._pressed)
        self.download = widgets.HTML()
        self.reviewing = widgets.VBox()
        super().__init__([self.title, self.summary, self.bar, self.download, self.reviewing])
        self.add_class("cardlab-end")
        self.layout.display = "none"

    def on_click(self, handler: Callable[[str], None]) -> None:
        """Call `handler` with a button's id when an offered button is pressed."""
        self.bar.on_click(handler)

    def show(self, title: str, outcome: str, body: str, practice: Practice | None,
             buttons: Sequence[ButtonSpec]) -> None:
        """Show the summary: `body` is the game's own HTML (already escaped); `practice`
        None leaves the help out (a shared table has none)."""
        self.title.value = f'<h2 class="cardlab-end-title">{escape(title)}</h2>'
        lines = [outcome] + ([practice.summary(self.lang)] if practice is not None else [])
        self.summary.value = "".join(f'<p class="cardlab-end-outcome">{escape(line)}</p>'
                                     for line in lines if line) + body
        if not self.shown:
            self.download.value = ""      # a link saved from an earlier game or hand
            self._drop_review()
        self.bar.show(buttons)
        self.shown = True
        self.layout.display = None

    def hide(self) -> None:
        """Take the summary away, and its buttons with it."""
        self.shown = False
        self.bar.show([])
        self.bar.status = ""
        self.download.value = ""
        self._drop_review()
        self.layout.display = "none"

    def open_review(self) -> ReviewPanel | None:
        """Review the learner's seat of the game shown, and start it (None: no review here)."""
        if not self.shown or self._reviewed is None or not self.bar.has(REVIEW):
            return None
        if self.review is None:
            record, seat = self._reviewed()
            self.review = ReviewPanel(record, seat, self.lang, self._stepper, own=True)
            self.reviewing.children = [self.review]
            self.review.start()
        return self.review

    def _pressed(self, button: str) -> None:
        if button == REVIEW:
            self.open_review()

    def _drop_review(self) -> None:
        if self.review is not None:
            self.review.cancel()
            self.review = None
            self.reviewing.children = []

    def offer(self, record_json: str, filename: str) -> None:
        """A link that saves `record_json` as `filename`."""
        data = base64.b64encode(record_json.encode("utf-8")).decode("ascii")
        self.download.value = (
            f'<a class="cardlab-download" download="{escape(filename)}" '
            f'href="data:application/json;base64,{data}">'
            f"{escape(message('end.download', self.lang))}</a>")
