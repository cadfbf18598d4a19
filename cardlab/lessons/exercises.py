"""An exercise box: a question, an answer control, a "Check" button and feedback.

A checker takes the learner's answer and returns a `Verdict`: right or not,
the sentences that explain it in full (from the engine's own reasons), what
is wrong about this particular answer without giving the right one away
(`mistake`), a pointed `hint`, and the right answer (`solution`).

The box coaches in tiers, and records the highest tier each learner reached
(`tier`, and every try in `attempts`): the first wrong answer is told what is
wrong about it (tier 1, `MISTAKE`); the second also gets the hint (tier 2,
`HINT`); the third, or the "Show me" button at any time, gives the answer with
the full reasoning (tier 3, `SHOWN`). The same wrong answer checked twice
counts once. A checker called with `BLANK` (no answer yet) returns its
`solution`, which is what "Show me" shows. The
feedback goes to a ``role="status"`` line, so screen readers announce it,
and always judges the answer on screen: changing the answer clears it, and a
typed answer is checked as soon as it is complete (Enter, or leaving the field).
Pressing Check with nothing chosen asks for an answer instead of giving one away.
Numbers in the feedback are written as the reader's language writes them
(`Number`, `Percent`): ``1,234.5`` and ``25%`` in English, ``1.234,5`` and
``25 %`` in German.

Where the widget cannot be drawn (a notebook exported to HTML and read
offline, a notebook viewed on a website), the box leaves the question, its
choices and a line saying where answers are checked as plain HTML; where
the widget is drawn, that copy is hidden, so nothing shows twice.

>>> hint = Text("lesson.tier.count_hint")
>>> box = ExerciseBox.number("How many sons has the Three of Hearts?",
...                          lambda answer: check_number(answer, 3, hint=hint))
>>> box.answer("4"); box.check().correct, box.controls.status, box.tier
(False, 'Not quite. 4 is too high.', 1)
>>> box.answer("2"); box.controls.status
'Not quite. 2 is too low. Hint: Count step by step.'
>>> box.controls.click("show"); box.controls.status, box.tier
('Here is the answer: 3. 3 is correct.', 3)
>>> box.answer("3"); box.controls.status = ""; box.controls.click("check")
>>> box.controls.status, box.solved, box.tier, box.attempts[-1].correct
('Right! 3 is correct.', True, 3, True)
"""

from __future__ import annotations

import functools
import html
import itertools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import ipywidgets as widgets
from IPython.display import display

from cardlab.i18n import Number, Text, message, number
from cardlab.lessons import classroom_link
from cardlab.widgets.controls import FOCUS_CLASS, ButtonSpec, ControlBar
from cardlab.widgets.guard import guard

#: What an exercise's name (`ExerciseBox.named`) may be: lower-case letters, digits, "_"
#: and "-", starting with a letter; it names the exercise's column for the teacher.
EXERCISE_NAME = re.compile(r"[a-z][a-z0-9_-]{0,39}")
#: How far a number may be from the exact answer and still count (one part in a thousand),
#: and for chances, how many percentage points.
RELATIVE, CHANCE = Fraction(1, 1000), Fraction(1, 200)
_THOUSANDS = re.compile(r"^\d{1,3}([,.’']\d{3})+$")
#: The class of an exercise box; of any widget drawn live; of the plain copy or note
#: left for where widgets are not drawn.
BOX_CLASS, LIVE_CLASS, OFFLINE_CLASS = "cardlab-exercise", "cardlab-live", "cardlab-offline"
#: Choices whose labels wrap onto several lines keep apart (ipywidgets gives each a fixed height).
_BOX_STYLE = (f"<style>.{BOX_CLASS} :is(.widget-radio-box, .jupyter-widget-radio-box) label "
              "{ height: auto; line-height: 1.4; display: flex; flex-direction: row-reverse; "
              "justify-content: flex-end; align-items: flex-start; "
              "gap: 6px; margin: 3px 0; white-space: normal; } "
              f".{BOX_CLASS} :is(.widget-radio-box, .jupyter-widget-radio-box) input "
              "{ float: none; flex: none; height: 1.4em; margin: 0; } "
              # The question reads as the lesson's text does, not as a small widget label
              # with the widgets' fixed line height (which spaces a wrapped question double).
              f".{BOX_CLASS} .cardlab-question {{ font-size: var(--jp-content-font-size1, 14px); "
              "line-height: 1.5; font-weight: 600; margin: 0 0 4px; }</style>")
#: The plain copy, marked as an exercise by a bar at its left.
_OFFLINE_STYLE = "border-left: 4px solid #0b5a8c; padding: 2px 12px; margin: 4px 0"
#: Hides the plain copy in any output area where the box itself was drawn.
_HIDE_OFFLINE = (f"<style>:is(.jp-OutputArea, .output):has(.{LIVE_CLASS}) .{OFFLINE_CLASS} "
                 "{ display: none; }</style>")


def _show_with(widget: widgets.Widget, offline: str, plain: str) -> None:
    """Display `offline` (HTML, hidden where `widget` is drawn), then `widget` itself."""
    widget.add_class(LIVE_CLASS)
    guard(widget)
    display({"text/html": offline, "text/plain": plain}, raw=True)
    # The widget's Python repr would be all that a viewer without widgets shows.
    display({**widget._repr_mimebundle_(), "text/plain": ""}, raw=True)


class Offline:
    """A widget shown with a note for viewers that cannot draw widgets (exported HTML).

    The note says where the widget appears; where the widget is drawn, the note is hidden.
    `goals`: the ids of the lesson's learning goals that using the widget practises (playing
    a whole game, for "play a game against bots").

    >>> "Voilà" in Offline(widgets.Button(description="Go")).note_html()
    True
    """

    def __init__(self, widget: widgets.Widget, lang: str = "en",
                 goals: tuple[str, ...] = ()) -> None:
        self.widget = widget
        self.lang = lang
        self.goals = goals

    def note_html(self) -> str:
        """The note, as plain HTML."""
        return (f'<div class="{OFFLINE_CLASS}" style="{_OFFLINE_STYLE}">{_HIDE_OFFLINE}'
                f"<p><em>{html.escape(message('lesson.offline_widget', self.lang))}</em></p>"
                "</div>")

    def _ipython_display_(self) -> None:
        _show_with(self.widget, self.note_html(), message("lesson.offline_widget", self.lang))


@dataclass(frozen=True)
class Percent:
    """A chance in a message, as a percentage the reader's language writes.

    >>> Percent(Fraction(8, 27)).label(), Percent(Fraction(8, 27)).label("de")
    ('29.6%', '29,6 %')
    """

    value: Fraction | float

    def label(self, lang: str = "en") -> str:
        """The percentage in `lang`."""
        return percent(self.value, lang)


#: The tiers of feedback: what is wrong about the answer, then a hint, then the answer.
MISTAKE, HINT, SHOWN = 1, 2, 3


class Blank:
    """The answer of a learner who has given none: a checker returns its `solution` for it."""

    def __repr__(self) -> str:
        return "BLANK"


BLANK = Blank()


@dataclass(frozen=True)
class Verdict:
    """Whether an answer is right, why (in full), what is wrong about it, a hint, the answer.

    `reasons` give the full reasoning, answer included; `mistake` says what is
    wrong about this answer without giving the right one away; `hint` points at
    the fact to look at; `solution` is the right answer, as the answer control
    holds it (a number, an option's value, a set of values).
    """

    correct: bool
    reasons: tuple[Text, ...] = ()
    mistake: tuple[Text, ...] = ()
    hint: tuple[Text, ...] = ()
    solution: Any = None

    def text(self, lang: str = "en") -> str:
        """The full feedback in `lang`: right or not, then each reason.

        >>> Verdict(True, (Text("lesson.exact", answer=7),)).text("de")
        'Richtig! 7 stimmt.'
        """
        head = message("lesson.right" if self.correct else "lesson.wrong", lang)
        return " ".join([head, *(reason.text(lang) for reason in self.reasons)])

    def coached(self, tier: int, lang: str = "en") -> str:
        """The feedback a learner at `tier` reads: a wrong answer's mistake, then the hint;
        the full reasoning once the answer is right or shown.

        >>> wrong = Verdict(False, (Text("lesson.exact", answer=7),),
        ...                 (Text("lesson.tier.too_high", answer=8),),
        ...                 (Text("lesson.tier.count_hint"),))
        >>> wrong.coached(MISTAKE), wrong.coached(SHOWN)
        ('Not quite. 8 is too high.', 'Not quite. 7 is correct.')
        """
        if self.correct or tier >= SHOWN:
            return self.text(lang)
        parts = [message("lesson.wrong", lang),
                 *(text.text(lang) for text in self.mistake or (Text("lesson.tier.not_it"),))]
        if tier >= HINT and self.hint:
            parts.append(message("lesson.tier.hint", lang,
                                 hint=" ".join(text.text(lang) for text in self.hint)))
        return " ".join(parts)

    def but(self, *, hint: Text | tuple[Text, ...] | None = None,
            mistake: tuple[Text, ...] | None = None, solution: Any = None,
            reasons: tuple[Text, ...] | None = None) -> Verdict:
        """This verdict with some parts replaced (a hint given as one text is a tuple of one)."""
        return Verdict(self.correct, self.reasons if reasons is None else reasons,
                       self.mistake if mistake is None else mistake,
                       self.hint if hint is None else (hint,) if isinstance(hint, Text) else hint,
                       self.solution if solution is None else solution)


@dataclass(frozen=True)
class Attempt:
    """One checked answer: what it was, whether it was right, the tier it reached, and the
    situation it answered (its seed, for an exercise with "New situation"; else None)."""

    answer: str
    correct: bool
    tier: int
    situation: int | None = None


@dataclass(frozen=True)
class Posed:
    """A situation's question with the picture (SVG) of what the learner works from: what
    one seat saw, so that the situation can be worked out on screen and on paper.

    `seed` is the seed it is dealt from, where that is not always the one asked for (a seed
    whose deal has nothing to ask passes on to the next): the exercise box takes it, so that
    the next "New situation" is another one.

    >>> Posed("How sure is seat 1?", "<svg></svg>").picture
    '<svg></svg>'
    """

    text: str
    picture: str = ""
    seed: int | None = None


#: The seed of the situation the lesson's own text sets out (its pictures come before the
#: exercise); "New situation" goes on from it to seeds 1, 2, ...
LESSON_SITUATION = 0

#: Makes the situation of a seed: the question (with its picture, if it has one), and the
#: checker of its answers; an exercise answered by pressing an option may add its options
#: (label, value), which change with the seed.
Situation = Callable[[int], "tuple[str | Posed, Checker] "
                             "| tuple[str | Posed, Checker, list[tuple[str, Any]]]"]


def _too(value: Fraction, truth: Fraction, answer: str) -> Text:
    """What is wrong with a number, without giving the right one away: too high or too low."""
    return Text("lesson.tier.too_high" if value > truth else "lesson.tier.too_low",
                answer=answer.strip())


def parse_number(text: str) -> Fraction | None:
    """A number as a learner types it: ``1/3``, ``33.3%``, ``0,25``, ``1,234,567``; else None.

    >>> parse_number("1/3"), parse_number("25 %"), parse_number("1.407.929"), parse_number("x")
    (Fraction(1, 3), Fraction(1, 4), Fraction(1407929, 1), None)
    """
    text = re.sub(r"[\s_\u202f\u00a0]", "", str(text))
    percent = text.endswith("%")
    text = text.removesuffix("%")
    if _THOUSANDS.match(text) and not re.match(r"^\d{1,3}[,.]\d{3}$", text):
        text = re.sub(r"[,.’']", "", text)
    text = text.replace(",", ".")
    try:
        value = Fraction(text)
    except (ValueError, ZeroDivisionError):
        return None
    return value / 100 if percent else value


def _read_number(answer: Any, truth: int | Fraction, hint: Text | None
                 ) -> Verdict | tuple[Fraction, tuple[Text, ...]]:
    """The number in `answer` and the hints to give with a verdict on it; or, for a blank
    or something that is not a number, the verdict already."""
    hints = () if hint is None else (hint,)
    if isinstance(answer, Blank):
        return Verdict(False, solution=truth, hint=hints)
    value = parse_number(answer)
    if value is None:
        nan = (Text("lesson.not_a_number", text=answer),)
        return Verdict(False, nan, nan, hints, truth)
    return value, hints


def check_number(answer: Any, truth: int | Fraction,
                 mistakes: Sequence[tuple[int | Fraction, Text]] = (),
                 hint: Text | None = None) -> Verdict:
    """A count: right within one part in a thousand; a known mistake is named.

    Another wrong number is told whether it is too high or too low.

    >>> check_number("12", 120, [(12, Text("lesson.exact", answer=12))]).correct
    False
    >>> check_number(BLANK, 120).solution
    120
    """
    read = _read_number(answer, truth, hint)
    if isinstance(read, Verdict):
        return read
    value, hints = read
    if abs(value - truth) <= abs(Fraction(truth)) * RELATIVE:
        return Verdict(True, (Text("lesson.exact", answer=Number(truth)),), solution=truth)
    for wrong, why in mistakes:
        if abs(value - wrong) <= abs(Fraction(wrong)) * RELATIVE:
            return Verdict(False, (why,), (why,), hints, truth)
    return Verdict(False, (Text("lesson.is_not", truth=Number(truth), answer=answer.strip()),),
                   (_too(value, Fraction(truth), answer),), hints, truth)


def check_chance(answer: Any, truth: Fraction, why: Text,
                 mistakes: Sequence[tuple[Fraction, Text]] = (),
                 hint: Text | None = None) -> Verdict:
    """A chance, as a fraction, a decimal or a percentage, right to half a percentage point.

    An answer nearer a known mistake than the truth is explained as that mistake
    (the mistake's text must not give the right chance away: the learner reads it first);
    another wrong chance is told whether it is too high or too low.

    >>> check_chance("30%", Fraction(8, 27), Text("lesson.exact", answer="8/27")).correct
    True
    >>> check_chance("30", Fraction(8, 27), Text("lesson.exact", answer="8/27")).text()
    'Not quite. A chance is between 0 and 1: write 30% or 0.30.'
    """
    read = _read_number(answer, truth, hint)
    if isinstance(read, Verdict):
        return read
    value, hints = read
    if value > 1:
        too_big = (Text("lesson.chance_range", percent=Percent(value / 100),
                        decimal=Number(float(value) / 100, 2)),)
        return Verdict(False, too_big, too_big, hints, truth)
    full = (Text("lesson.chance_is", fraction=Number(truth), percent=Percent(truth)), why)
    for wrong, mistake in mistakes:
        if abs(value - wrong) <= CHANCE and abs(value - wrong) < abs(value - truth):
            return Verdict(False, (mistake, *full), (mistake,), hints, truth)
    if abs(value - truth) <= CHANCE:
        return Verdict(True, (Text("lesson.chance_right", fraction=Number(truth),
                                   percent=Percent(truth)), why), solution=truth)
    return Verdict(False, full, (_too(value, truth, answer),), hints, truth)


def percent(value: Fraction | float, lang: str = "en") -> str:
    """A chance as a percentage in `lang`: one decimal, none when the percentage is whole.

    >>> percent(Fraction(8, 27)), percent(Fraction(8, 27), "de"), percent(0.3, "de")
    ('29.6%', '29,6 %', '30 %')
    """
    share = Fraction(value).limit_denominator(10**9) if isinstance(value, float) else value
    digits = 0 if (share * 100).denominator == 1 else 1
    return message("number.percent", lang, value=number(float(share * 100), lang, digits))


Checker = Callable[[Any], Verdict]


def _dealt(posed: str | Posed, asked: int) -> int:
    """The seed the situation `posed` (made for the seed `asked`) is dealt from."""
    return posed.seed if isinstance(posed, Posed) and posed.seed is not None else asked


def _lesson_first(first: tuple[Any, ...], situations: Situation, seed: int) -> Any:
    """The lesson's own situation at seed `LESSON_SITUATION`, else the situation of `seed`."""
    return first if seed == LESSON_SITUATION else situations(seed)
#: Numbers the boxes of a lesson in the order it makes them (each lesson page has its own
#: kernel): a box's place in its lesson, for the teacher's view of the class's answers.
_PLACES = itertools.count(1)


class ExerciseBox(widgets.VBox):
    """A question, an answer control, a "Check" button and the feedback in a status line.

    Build one with `number` (typed answer), `choice` (one of several) or `many`
    (any of several, as toggle buttons). Shown in a notebook, the box comes
    with a plain copy of its question and choices for where widgets are not
    drawn (`offline_html`); where the box is drawn, the copy is hidden.
    """

    def __init__(self, question: str, control: widgets.Widget, value: Callable[[], Any],
                 check: Checker, lang: str = "en", choices: Sequence[str] = ()) -> None:
        self.lang = lang
        self.checker = check
        self.control = control
        self.choices = tuple(choices)
        self._value = value
        self._text = question
        self._situations: Situation | None = None
        self._new_from = 1
        #: The learning goals of its lesson that this exercise checks (their ids), see `for_goals`.
        self.goals: tuple[str, ...] = ()
        #: The seed of the situation shown (None: the exercise has only one).
        self.seed: int | None = None
        #: Whether its first situation is the one the lesson's text sets out (the text around
        #: the exercise speaks of that one, not of the new ones).
        self.opens_with_lesson = False
        #: Wrong answers so far (the same one twice counts once), the highest feedback tier
        #: reached, whether the answer was found, and every answer checked.
        self.tries, self.tier, self.solved = 0, 0, False
        self.attempts: list[Attempt] = []
        self._last_wrong: str | None = None
        #: The box's place in its lesson: 1 for the first exercise the lesson makes.
        self.place = next(_PLACES)
        #: Its name in its lesson, which stays when exercises are added before it (`named`).
        self.exercise_id: str | None = None
        self.controls = ControlBar([ButtonSpec("check", message("lesson.check", lang),
                                               primary=True),
                                    ButtonSpec("show", message("lesson.tier.show", lang))],
                                   label=message("lesson.exercise", lang))
        self.controls.on_click(self._pressed)
        # Feedback belongs to the answer it judged: a changed answer clears it, and a typed
        # one is checked as soon as it is complete (Enter, or leaving the field).
        if isinstance(control, ControlBar):
            control.on_click(lambda _button: self._changed())
        else:
            control.observe(lambda _change: self._changed(), "value")
        # The box carries the rule that hides plain copies too: a viewer that strips styles
        # from stored outputs (JupyterLab, for a notebook it does not trust) keeps a widget's.
        self.question = widgets.HTML(
            f'{_BOX_STYLE}{_HIDE_OFFLINE}<p class="cardlab-question">{html.escape(question)}</p>')
        #: The picture of the situation shown (SVG; "" for none): what the learner works from.
        self.figure = ""
        self.picture = widgets.HTML(layout=widgets.Layout(display="none"))
        super().__init__([self.question, self.picture, control, self.controls])
        self.add_class(FOCUS_CLASS)
        self.add_class(BOX_CLASS)
        guard(self)

    @property
    def kind(self) -> str:
        """How the learner answers: ``"typed"`` (a number, a card's code), ``"set"``
        (pressing every option that applies: cards, seats) or ``"choice"`` (picking one of
        a few given options: multiple choice).

        >>> ExerciseBox.choice("?", [("Yes", True), ("No", False)], lambda a: Verdict(a)).kind
        'choice'
        """
        if isinstance(self.control, widgets.Text):
            return "typed"
        return "set" if isinstance(self.control, ControlBar) else "choice"

    def for_goals(self, *goals: str) -> ExerciseBox:
        """This box, tagged with the ids of the lesson's learning goals it checks.

        >>> ExerciseBox.number("?", lambda a: Verdict(True)).for_goals("count").goals
        ('count',)
        """
        self.goals = (*self.goals, *goals)
        return self

    def named(self, exercise_id: str) -> ExerciseBox:
        """This box, with the name that tells it from the other exercises of its lesson: the
        teacher's Lessons view and its CSV name the exercise by it, so answers given before
        and after a lesson gains an exercise stay in the same column. Keep it once given.

        >>> ExerciseBox.number("?", lambda a: Verdict(True)).named("deals").exercise_id
        'deals'
        >>> ExerciseBox.number("?", lambda a: Verdict(True)).named("Deals 2")
        Traceback (most recent call last):
        ...
        ValueError: an exercise's name is 1 to 40 of a-z, 0-9, _ and -, from a letter: 'Deals 2'
        """
        if not EXERCISE_NAME.fullmatch(exercise_id):
            raise ValueError("an exercise's name is 1 to 40 of a-z, 0-9, _ and -, "
                             f"from a letter: {exercise_id!r}")
        self.exercise_id = exercise_id
        return self

    @classmethod
    def number(cls, question: str, check: Checker, lang: str = "en") -> ExerciseBox:
        """A question answered by typing a number (a count, a fraction or a percentage)."""
        field = widgets.Text(description=message("lesson.your_answer", lang),
                             placeholder=message("lesson.number_hint", lang),
                             continuous_update=False, style={"description_width": "initial"})
        return cls(question, field, lambda: field.value, check, lang)

    @classmethod
    def choice(cls, question: str, options: Sequence[tuple[str, Any]], check: Checker,
               lang: str = "en") -> ExerciseBox:
        """A question answered by choosing one option (label, value)."""
        buttons = widgets.RadioButtons(options=list(options), value=None,
                                       description=message("lesson.your_answer", lang),
                                       style={"description_width": "initial"},
                                       layout=widgets.Layout(width="auto", max_width="100%"))
        return cls(question, buttons, lambda: buttons.value, check, lang,
                   [label for label, _ in options])

    @classmethod
    def many(cls, question: str, options: Sequence[tuple[str, str]], check: Checker,
             lang: str = "en") -> ExerciseBox:
        """A question answered by pressing every option that applies (toggle buttons)."""
        bar = ControlBar([ButtonSpec(value, label, pressed=False) for label, value in options],
                         label=message("lesson.your_answer", lang))
        bar.on_click(lambda value: bar.update(value, pressed=not bar.spec(value).pressed))
        return cls(question, bar, lambda: {spec.id for spec in bar.specs if spec.pressed},
                   check, lang, [label for label, _ in options])

    @classmethod
    def practice(cls, situations: Situation, seed: int = 0, lang: str = "en",
                 kind: str = "number", options: Sequence[tuple[str, Any]] = (),
                 first: tuple[Any, ...] | None = None, new_from: int = 1) -> ExerciseBox:
        """An exercise whose situation comes from a seed, with a "New situation" button.

        `situations(seed)` gives the question (a `Posed` where the situation has a picture)
        and its checker, and may give the options of that situation; `kind` is "number"
        (typed), "choice" (one of the options) or "set" (any of the options, pressed). A new
        situation starts the tiers afresh. `first` is the situation the lesson's own text
        sets out (question, checker and maybe options), shown at seed `LESSON_SITUATION`;
        "New situation" goes on to `situations(new_from)`, `situations(new_from + 1)`, ...
        (a second exercise on the same situations starts elsewhere, so that its deals are
        not the first one's). `seed` is always the one the situation is made from, so the
        question, a worksheet's heading and the class's answers all name the same seed.

        >>> box = ExerciseBox.practice(
        ...     lambda seed: (f"What is {seed} + 1?",
        ...                   lambda answer: check_number(answer, seed + 1)), seed=4)
        >>> box.answer("5"); box.solved
        True
        >>> box.controls.click("new"); box.seed, box._text, box.solved, box.control.value
        (5, 'What is 5 + 1?', False, '')
        """
        if first is not None:
            situations = functools.partial(_lesson_first, first, situations)
        posed, checker, *own = situations(seed)
        question = posed.text if isinstance(posed, Posed) else posed
        if kind == "set":
            box = cls.many(question, own[0] if own else options, checker, lang)
        elif kind == "number":
            box = cls.number(question, checker, lang)
        else:
            box = cls.choice(question, own[0] if own else options, checker, lang)
        box._situations, box.seed, box._new_from = situations, _dealt(posed, seed), new_from
        box.opens_with_lesson = first is not None
        box._picture(posed)
        box.controls.show([*box.controls.specs,
                           ButtonSpec("new", message("lesson.tier.new", lang))])
        return box

    def situation_seed(self, number: int) -> int:
        """The seed of this exercise's situation `number`: 0 is the one the lesson opens
        with, 1, 2, ... its new ones in the order "New situation" shows them.

        >>> box = ExerciseBox.practice(lambda seed: (f"Seed {seed}?", lambda a: Verdict(True)),
        ...                            new_from=1001)
        >>> box.situation_seed(0), box.situation_seed(1), box.situation_seed(2)
        (0, 1001, 1002)
        >>> box.controls.click("new"); box.seed, box._text
        (1001, 'Seed 1001?')
        """
        return number if number == LESSON_SITUATION else self._new_from + number - 1

    def new_situation(self, seed: int | None = None) -> None:
        """Show the situation of `seed` (the next seed if None): a fresh question, no tries."""
        assert self._situations is not None, "this exercise has one situation only"
        asked = max((self.seed or 0) + 1, self._new_from) if seed is None else seed
        posed, self.checker, *own = self._situations(asked)
        self.seed = _dealt(posed, asked)
        self._text = posed.text if isinstance(posed, Posed) else posed
        self._picture(posed)
        self.question.value = (f'{_BOX_STYLE}{_HIDE_OFFLINE}<p class="cardlab-question">'
                               f"{html.escape(self._text)}</p>")
        self.tries, self.tier, self.solved, self._last_wrong = 0, 0, False, None
        if isinstance(self.control, widgets.Text):
            self.control.value = ""
        elif isinstance(self.control, widgets.RadioButtons):
            if own:
                self.control.options = list(own[0])
                self.choices = tuple(label for label, _ in own[0])
            self.control.value = None
        else:
            options = own[0] if own else [(spec.label, spec.id) for spec in self.control.specs]
            self.control.show([ButtonSpec(value, label, pressed=False) for label, value in options])
            self.choices = tuple(label for label, _ in options)
        self.controls.status = message("lesson.tier.new_done", self.lang)

    def _picture(self, posed: str | Posed) -> None:
        """Show the picture of the situation `posed` (none for a question without one)."""
        self.figure = posed.picture if isinstance(posed, Posed) else ""
        self.picture.value = self.figure
        self.picture.layout.display = None if self.figure else "none"

    @property
    def prompt(self) -> str:
        """The question of the situation shown, as plain text (what a worksheet prints)."""
        return self._text

    def offline_html(self) -> str:
        """The question, its choices and where answers are checked, as plain HTML.

        >>> box = ExerciseBox.choice("Who showed?", [("Seat 1", 1), ("Seat 2", 2)],
        ...                          lambda answer: Verdict(answer == 2), lang="de")
        >>> page = box.offline_html()
        >>> "<strong>Aufgabe:</strong> Who showed?" in page, "<li>Seat 2</li>" in page
        (True, True)
        >>> "wenn diese Lektion in Jupyter oder Voilà läuft" in page
        True
        """
        lang = self.lang
        choices = "".join(f"<li>{html.escape(label)}</li>" for label in self.choices)
        answer = (f"<ul>{choices}</ul>" if choices else
                  f"<p>{html.escape(message('lesson.your_answer', lang))}: "
                  f"{html.escape(message('lesson.number_hint', lang))}</p>")
        return (f'<div class="{OFFLINE_CLASS}" style="{_OFFLINE_STYLE}">{_HIDE_OFFLINE}'
                f"<p><strong>{html.escape(message('lesson.exercise', lang))}:</strong> "
                f"{html.escape(self._text)}</p>{self.figure}{answer}"
                f"<p><em>{html.escape(message('lesson.offline', lang))}</em></p></div>")

    def _ipython_display_(self) -> None:
        """Show the plain copy, then the box (which hides the copy wherever it is drawn)."""
        classroom_link.show_notice()
        _show_with(self, self.offline_html(), self._text)

    def answer(self, value: Any) -> None:
        """Fill in an answer, as the learner would (for `many`: the set of values pressed)."""
        if isinstance(self.control, ControlBar):
            for spec in self.control.specs:
                self.control.update(spec.id, pressed=spec.id in value)
        else:
            self.control.value = value

    def _pressed(self, button: str) -> None:
        if button == "show":
            self.show()
        elif button == "new":
            self.new_situation()
        else:
            self.check()

    def _changed(self) -> None:
        if isinstance(self.control, widgets.Text) and self._value().strip():
            self.check()
        else:
            self.controls.status = ""

    def check(self) -> Verdict:
        """Check the current answer and show the feedback its tier allows."""
        answer = self._value()
        if answer is None or answer == "" or answer == set():
            verdict = Verdict(False, (Text("lesson.no_answer"),), (Text("lesson.no_answer"),))
            self.controls.status = verdict.text(self.lang)
            return verdict
        verdict = self.checker(answer)
        key = repr(sorted(answer) if isinstance(answer, set) else answer)
        if verdict.correct:
            self.solved = True
        elif key != self._last_wrong:
            self._last_wrong = key
            self.tries += 1
            self.tier = max(self.tier, min(self.tries, SHOWN))
        self.attempts.append(Attempt(key, verdict.correct, self.tier, self.seed))
        self.controls.status = verdict.coached(self.tier, self.lang)
        self._reported()
        return verdict

    def show(self) -> Verdict:
        """Show the right answer with the full reasoning (the highest tier)."""
        probe = self.checker(BLANK)
        if probe.solution is BLANK:   # nothing to show yet (a tournament not played)
            self.controls.status = probe.text(self.lang)
            return probe
        solution = probe.solution
        verdict = self.checker(self._as_answer(solution))
        self.tier = SHOWN
        self.controls.status = " ".join(
            [message("lesson.tier.shown", self.lang, answer=self._label(solution)),
             *(reason.text(self.lang) for reason in verdict.reasons)])
        self._reported()
        return verdict

    def _reported(self) -> None:
        """The one place an answer checked or shown is told beyond the box: in a lesson
        opened with a student's classroom link, the teacher's store gets it."""
        classroom_link.report(self.exercise_id or str(self.place), self.place, self.seed,
                              self.tries, self.tier, self.solved)

    def _as_answer(self, solution: Any) -> Any:
        """The solution as the learner would give it (a number typed as text)."""
        if not isinstance(self.control, widgets.Text):
            return solution
        if isinstance(solution, Fraction) and solution.denominator != 1:
            return f"{solution.numerator}/{solution.denominator}"
        return str(int(solution) if isinstance(solution, Fraction) else solution)

    def _label(self, solution: Any) -> str:
        """The solution as the learner reads it: a number, or the options' labels."""
        if isinstance(self.control, widgets.Text):
            if isinstance(solution, str):   # a card's code
                return solution
            return Number(solution, 2 if isinstance(solution, float) else 0).label(self.lang)
        if isinstance(self.control, ControlBar):
            chosen = [spec.label for spec in self.control.specs if spec.id in solution]
            return ", ".join(chosen) or message("lesson.tier.none", self.lang)
        label: str = next(label for label, value in self.control.options if value == solution)
        return label
