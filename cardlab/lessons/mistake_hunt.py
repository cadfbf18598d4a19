"""An exercise on the learner's own game: find your biggest mistake, then check with the review.

The learner plays a short game in the lesson. `MistakeHunt` then reviews the
learner's seat (`cardlab.widgets.review`) without showing its figures, lists
the learner's decisions, and asks which one gave the most away. The answer is
checked against the review: right if its loss is within the scale's
inaccuracy threshold of the largest (two such decisions are as good as tied).
Once the answer is right, or shown, the review's graph and table appear, and
each decision opens in the stepper.

The review is of the whole game, every hand of it. Only decisions in the
review's own unit are listed (Black Widow: all of them, in points; Five Sons:
the questions and the cards shown, in bits).

>>> from cardlab.fivesons.match import play_game
>>> from cardlab.fivesons.rules import FiveSonsRules
>>> small = FiveSonsRules(players=3, faces=FiveSonsRules().faces[:3],
...                       hearts=FiveSonsRules().hearts[:4])
>>> game = play_game(small, ["random", "infogain", "infogain"], seed=5)
>>> hunt = MistakeHunt(game.to_record, seat=0)
>>> hunt.bar.click("list"); hunt.panel.wait(60)
True
>>> hunt.exercise is not None and hunt.panel.board.layout.display
'none'
>>> hunt.exercise.show().correct, hunt.panel.board.layout.display is None
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from cardlab.errors import CardlabError
from cardlab.games import GameRecord
from cardlab.i18n import Text, message
from cardlab.lessons.exercises import BLANK, SHOWN, ExerciseBox, Verdict
from cardlab.review import Moment, Review
from cardlab.widgets.controls import FOCUS_CLASS, ButtonSpec, ControlBar
from cardlab.widgets.guard import guard
from cardlab.widgets.review import EVERY_HAND, ReviewPanel
from cardlab.widgets.stepper import Stepper

#: Gives the finished game's record, or None while it is still being played.
Finished = Callable[[], GameRecord | None]


def hunted(review: Review) -> list[tuple[int, Moment]]:
    """The decisions the exercise lists: (number in the review, decision), in its own unit."""
    return [(number, moment) for number, moment in enumerate(review.moments, start=1)
            if moment.scale.unit == review.unit]


def check_biggest(answer: Any, review: Review) -> Verdict:
    """Is decision `answer` (a number) the one that gave the most away, or as good as tied?"""
    listed = dict(hunted(review))
    biggest = max(listed, key=lambda number: (listed[number].judged[1], -number))
    top = listed[biggest]
    full = (Text("lesson.hunt.biggest", number=biggest, chosen=top.chosen_key,
                 best=top.best_key, loss=_loss(top), unit=Text(f"review.unit.{review.unit}")),)
    if answer is BLANK or answer not in listed:
        return Verdict(False, full, solution=biggest)
    mine = listed[answer]
    if top.judged[1] - mine.judged[1] < top.scale.inaccuracy:
        said = (Text("lesson.hunt.right", number=answer, loss=_loss(mine),
                     unit=Text(f"review.unit.{review.unit}")),)
        return Verdict(True, said + (full if answer != biggest else ()), solution=biggest)
    return Verdict(False, full,
                   (Text("lesson.hunt.smaller", number=answer, loss=_loss(mine),
                         unit=Text(f"review.unit.{review.unit}")),),
                   (Text("lesson.hunt.hint"),), biggest)


def _loss(moment: Moment) -> str:
    return f"{moment.judged[1]:.{moment.scale.digits}f}"


class MistakeHunt(widgets.VBox):
    """"List my decisions", the review running hidden, the question, then the review shown."""

    def __init__(self, record: Finished, seat: int, lang: str = "en",
                 stepper: Callable[[], Stepper | None] | None = None) -> None:
        self.lang = lang
        self._record = record
        self.seat = seat
        self._stepper = stepper
        self.bar = ControlBar([ButtonSpec("list", message("lesson.hunt.list", lang),
                                          primary=True)],
                              label=message("lesson.hunt.label", lang))
        self.bar.on_click(lambda _button: self.start())
        self.panel: ReviewPanel | None = None
        #: The question, once the review is done.
        self.exercise: ExerciseBox | None = None
        self.area = widgets.VBox()
        super().__init__([self.bar, self.area])
        self.add_class(FOCUS_CLASS)
        guard(self)

    @classmethod
    def after(cls, play: Any, lang: str = "en") -> MistakeHunt:
        """The hunt of the game in a play widget (either game's: its `table`, `seat` and
        `open_stepper`), for its learner's seat once the game is over."""
        def finished() -> GameRecord | None:
            table = play.table
            if table is None or not table.game.over:
                return None
            record: GameRecord = table.game.to_record()
            return record
        return cls(finished, play.seat, lang, play.open_stepper)

    def start(self) -> None:
        """Review the finished game (figures hidden); the question follows."""
        try:
            record = self._record()
        except CardlabError as err:
            self.bar.status = err.text(self.lang)
            return
        if record is None:
            self.bar.status = message("lesson.hunt.not_over", self.lang)
            return
        if self.panel is not None:
            self.panel.cancel()
        self.exercise = None
        self.panel = ReviewPanel(record, self.seat, self.lang, self._stepper, own=True)
        self.panel.board.layout.display = "none"
        self.panel.summary.layout.display = "none"
        self.panel.bar.remove("start")
        if self.panel.hand_choice.options:          # the whole game, not its last hand
            self.panel.hand_choice.value = EVERY_HAND
            self.panel.hand_choice.layout.display = "none"
        self.panel.on_done(self._ask)
        self.area.children = [self.panel]
        self.bar.status = message("lesson.hunt.reviewing", self.lang)
        self.panel.start()

    def _ask(self, review: Review) -> None:
        listed = hunted(review)
        if not listed:
            self.bar.status = message("lesson.hunt.nothing", self.lang)
            return
        options = [(message("lesson.hunt.option", self.lang, number=number,
                            when=", ".join(message(f"review.where.{key}", self.lang, value=value)
                                           for key, value in moment.where.items()),
                            chosen=moment.chosen_key), number)
                   for number, moment in listed]
        box = ExerciseBox.choice(message("lesson.hunt.question", self.lang), options,
                                 lambda answer: check_biggest(answer, review), self.lang)
        box.controls.observe(lambda _change: self._maybe_reveal(box), "status")
        self.exercise = box
        assert self.panel is not None
        self.area.children = [box, self.panel]
        self.bar.status = message("lesson.hunt.ready", self.lang)

    def _maybe_reveal(self, box: ExerciseBox) -> None:
        """Once the answer is found or shown, the review's figures appear."""
        if self.panel is not None and (box.solved or box.tier >= SHOWN):
            self.panel.board.layout.display = None
            self.panel.summary.layout.display = None
