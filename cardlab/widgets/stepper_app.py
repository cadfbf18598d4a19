"""The stepper app: a recorded game of any game, loaded from a file, or a built-in example.

The page's address sets the language, which game the example is of
(`game=` a game's name, see `cardlab.games`) and the example game (`seed`,
`players`, `bots`, `rules`, as in every app). A `cardlab/1` file loaded
through the upload button replaces the example; a bad file is refused with
its reason in a ``role="status"`` line. The file's content is dropped from
the upload widget as soon as it is read. Where the game reviews, a review of
the game shown (`cardlab.widgets.review`) for the seat chosen follows the
stepper; its decisions open in the stepper, from that seat.

>>> from cardlab.games import in_menu_order
>>> first, second = [entry.name for entry in in_menu_order()][:2]   # the apps' first two games
>>> app = StepperApp.from_query("lang=de&seed=2&players=3")
>>> app.stepper.story_source.game == first, app.stepper.perspective.label
(True, 'Platz 0')
>>> app.choose_game(second); app.stepper.story_source.game == second
True
>>> StepperApp.from_query(f"game={second}").game.value == second
True
>>> app.load_bytes(b"{}"); print(app.status.value)
<p role="status">Datei nicht gelesen: Aufzeichnung: Schlüssel „format“ fehlt</p>
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from cardlab.apps import AppSettings, chosen_game, read_settings
from cardlab.errors import CardlabError
from cardlab.games import Reviewing, Stepped, game, game_of, in_menu_order, stepped
from cardlab.i18n import Text, message
from cardlab.records import read_record
from cardlab.widgets.controls import FOCUS_CLASS, record_upload
from cardlab.widgets.guard import guard
from cardlab.widgets.review import ReviewPanel
from cardlab.widgets.stepper import Stepper, Story, story_of

#: The example's seed when the address gives none: everybody sees the same example.
EXAMPLE_SEED = 1


def example(settings: AppSettings) -> Any:
    """The built-in example: a short game played by bots, the learner's seat included
    (it plays like the others: the game's default bot).

    >>> from cardlab.games import in_menu_order
    >>> example(read_settings(in_menu_order()[0].name, "players=3&seed=4")).rules.players
    3
    """
    entry = stepped(game(settings.game))
    seed = EXAMPLE_SEED if settings.seed is None else settings.seed
    return entry.example(settings.rules, [game(settings.game).default_bot, *settings.bots],
                         seed)


class StepperApp(widgets.VBox):
    """A game chooser, a file loader, a status line and the stepper."""

    def __init__(self, query: str | None = None) -> None:
        self.query = query
        games = [entry for entry in in_menu_order() if isinstance(entry, Stepped)]
        name, self._game_problems = chosen_game(query, tuple(entry.name for entry in games))
        settings = read_settings(name, query)
        self.lang = lang = settings.lang
        self.game = widgets.Dropdown(
            options=[(entry.title(lang), entry.name) for entry in games],
            value=name, description=message("stepper_app.game", lang))
        self.upload = record_upload(message("stepper_app.load", lang))
        self.status = widgets.HTML()
        self.problems = widgets.HTML()
        source = example(settings)
        self.stepper = Stepper(story_of(source, lang))
        #: The review of the game shown, for the seat chosen beside it (a game that reviews).
        self.review_seat = widgets.Dropdown(description=message("stepper_app.review_seat", lang),
                                            style={"description_width": "initial"})
        self.review: ReviewPanel | None = None
        self._reviewing = widgets.VBox()
        #: What the stepper tells: the example game or the record loaded.
        self.source: Any = source
        self._choosing = False
        self.review_seat.observe(self._seat_chosen, "value")
        self.game.observe(lambda change: self.choose_game(change["new"]), "value")
        self.upload.observe(self._uploaded, "value")
        self._top = [self.problems, widgets.HBox([self.game, self.upload],
                                                 layout=widgets.Layout(flex_flow="row wrap")),
                     self.status]
        super().__init__([*self._top, self.stepper, self._reviewing])
        self._offer_review()
        self.add_class(FOCUS_CLASS)
        guard(self)
        self._show_problems(settings)
        self._say(message("stepper_app.example", lang))

    @classmethod
    def from_query(cls, query: str | None = None) -> StepperApp:
        """The app for a page address's query string (default: this page's)."""
        return cls(query)

    def choose_game(self, name: str) -> None:
        """Show the built-in example of `name`."""
        settings = read_settings(name, self.query)
        self._show_problems(settings)
        source = example(settings)
        self._replace(story_of(source, self.lang), source)
        self._say(message("stepper_app.example", self.lang))
        if self.game.value != name:
            self.game.value = name

    def load_bytes(self, data: bytes, name: str = "") -> None:
        """Read a `cardlab/1` record or log; show it, or say why it was refused."""
        try:
            record = read_record(data, name)
            story = story_of(record, self.lang)
        except CardlabError as err:
            self._say(message("stepper_app.refused", self.lang, why=err.text(self.lang)))
            return
        self._replace(story, record)
        self._say(message("stepper_app.loaded", self.lang, name=name))

    def _replace(self, story: Story, source: Any) -> None:
        self.stepper = Stepper(story, self.lang)
        self.source = source
        self.children = [*self._top, self.stepper, self._reviewing]
        self._offer_review()

    def _offer_review(self) -> None:
        """The seat chooser and a review of the game shown, where its game reviews."""
        seats = [(label, who) for label, who in self.stepper.story_source.perspectives
                 if isinstance(who, int)]
        if not isinstance(game_of(self.source), Reviewing) or not seats:
            self.review = None
            self._reviewing.children = []
            return
        self._choosing = True               # one new review below, not one per change
        try:
            self.review_seat.options = seats
            self.review_seat.value = seats[0][1]
        finally:
            self._choosing = False
        self._new_review()

    def _seat_chosen(self, _change: object) -> None:
        if not self._choosing:
            self._new_review()

    def _new_review(self) -> None:
        """A review panel for the seat chosen (the one before is cancelled)."""
        if self.review is not None:
            self.review.cancel()
        seat = self.review_seat.value
        if seat is None:
            return
        source = self.source
        to_record = getattr(source, "to_record", None)
        record = to_record() if callable(to_record) else source
        self.review = ReviewPanel(record, seat, self.lang, lambda: self.stepper)
        self._reviewing.children = [self.review_seat, self.review]

    def _uploaded(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        upload = files[0]
        self.upload.value = ()              # the browser keeps no copy in the widget
        self.load_bytes(bytes(upload["content"]), upload["name"])

    def _say(self, text: str) -> None:
        self.status.value = f'<p role="status">{html.escape(text, quote=False)}</p>'

    def _show_problems(self, settings: AppSettings) -> None:
        problems: tuple[Text, ...] = (*self._game_problems, *settings.problems)
        self.problems.value = "".join(
            f'<p class="cardlab-problem">{html.escape(problem.text(self.lang))}</p>'
            for problem in problems)
