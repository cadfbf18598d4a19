"""A lesson on paper: a worksheet to fill in and its answer key, as print-ready A4 HTML pages.

The worksheet has a name and date line, the lesson's learning goals, and each
exercise with its situation (the notebook's text and pictures under it), its
question and room for the answer: a line for a number, boxes to tick for
choices, lines for the reasoning. The answer key has the same exercises in
the same situations, each with the answer and the reasoning the exercise box
gives on "Show me". Exercises with a "New situation" button take the
situation of `seed` where one is given (else the one the lesson opens with); a
situation with a picture of its own (what a seat saw) is printed with it, on the
worksheet and in the key.

>>> from cardlab.lessons.exercises import check_number
>>> box = ExerciseBox.number("Wie viele Söhne hat die Herz-Drei?",
...                          lambda answer: check_number(answer, 3), "de")
>>> lesson = Lesson(3, "de", "Lektion 3", ("zählen",), (Exercise("Aufgabe 1", "", (), box),))
>>> sheet, key = worksheet_pages(lesson)
>>> "Datum" in sheet and "<li>zählen</li>" in sheet and "@page { size: A4" in sheet
True
>>> "Hier ist die Antwort: 3." in key
True
"""

from __future__ import annotations

import contextlib
import errno
import html
import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import ipywidgets as widgets

from cardlab.errors import CardlabError
from cardlab.i18n import message
from cardlab.inputs import os_error
from cardlab.lessons.exercises import BLANK, LESSON_SITUATION, ExerciseBox
from cardlab.lessons.harvest import Exercise, Lesson, markdown_html, run_lesson
from cardlab.widgets.controls import ControlBar

#: Black on white, A4; an exercise stays on one page where it fits, and one with pictures
#: (its situation) starts a page of its own.
_STYLE = """
@page { size: A4 portrait; margin: 15mm 15mm 16mm; }
html, body { background: #fff; color: #000; }
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 10.5pt; line-height: 1.4;
       margin: 0 auto; max-width: 180mm; }
* { print-color-adjust: economy; -webkit-print-color-adjust: economy; }
h1 { font-size: 16pt; margin: 0 0 3mm; }
h2 { font-size: 12.5pt; margin: 0 0 2mm; }
a { color: #000; text-decoration: none; }
code { font-family: "DejaVu Sans Mono", monospace; }
.who { display: flex; gap: 10mm; margin: 0 0 4mm; }
.who span { display: inline-block; border-bottom: 1px solid #000; min-width: 55mm; }
.goals { border: 1px solid #000; padding: 2mm 4mm; margin: 0 0 4mm; }
.goals h2 { font-size: 11pt; margin: 0; }
.goals ul { margin: 1mm 0; padding-left: 6mm; }
.exercise { border-top: 1.5px solid #000; padding: 3mm 0 2mm; margin: 0 0 3mm; }
.exercise:not(.pictured) { break-inside: avoid; page-break-inside: avoid; }
.exercise.page { break-before: page; page-break-before: always; }
/* Taller than a page, an exercise breaks: never inside a picture, nor between its question
   and the room for the answer, nor right after its heading. */
h2, .question { break-after: avoid; page-break-after: avoid; }
.figures, .task { break-inside: avoid; page-break-inside: avoid; }
.situation { float: right; font-size: 9pt; }
.figures { margin: 2mm 0; }
.figures svg, .figures img { max-width: 100%; height: auto; max-height: 150mm; }
.figures.view svg { max-height: 200mm; }
.figures table { border-collapse: collapse; font-size: 9.5pt; }
.figures th, .figures td { border: 1px solid #000; padding: 0.5mm 2mm; }
.question { font-weight: bold; margin: 2mm 0; }
.how { font-style: italic; margin: 1mm 0; }
ul.choices { list-style: none; padding: 0; margin: 1mm 0 2mm; }
ul.choices li { margin: 0 0 1.5mm; break-inside: avoid; }
ul.choices.columns { columns: 3; }
ul.choices li::before { content: ""; display: inline-block; width: 3.6mm; height: 3.6mm;
                        border: 1px solid #000; margin-right: 2.5mm; vertical-align: -0.6mm; }
.blank { display: inline-block; border-bottom: 1px solid #000; width: 80mm; height: 5mm; }
.ruled { border-bottom: 1px solid #777; height: 8mm; }
.key { margin: 2mm 0 0; }
@media screen { body { padding: 10mm; } }
"""
#: Choices beyond this many are set in columns.
_ONE_COLUMN = 6
_LEADING_NUMBER = re.compile(r"^\S+\s+\d+\s*[:.]?\s*")
_SENTENCE = re.compile(r"(?<=[.!?])[ ]+")
_DETAILS = re.compile(r"<details\b.*?</details>", re.DOTALL | re.IGNORECASE)


def worksheet_pages(lesson: Lesson, seed: int | None = None) -> tuple[str, str]:
    """The worksheet and its answer key for `lesson`, in the lesson's language.

    `seed` picks the situation of every exercise that has more than one (the one of that
    seed; for an exercise whose new situations start further on, its `seed`-th one, whose
    own seed its heading names); the key answers exactly the situations the worksheet shows.
    """
    if seed is not None:
        for exercise in lesson.exercises:
            if exercise.box.seed is not None:
                exercise.box.new_situation(exercise.box.situation_seed(seed))
    exercises = [exercise for exercise in lesson.exercises if _on_paper_at_all(exercise.box)]
    if not exercises:
        raise CardlabError("lesson.worksheet.no_exercises", lesson=lesson.number)
    lang = lesson.lang
    who = "".join(f"<p>{html.escape(message(key, lang))}: <span></span></p>"
                  for key in ("lesson.worksheet.name", "lesson.worksheet.date"))
    goals = "".join(f"<li>{_inline(goal)}</li>" for goal in lesson.goals)
    head = (f'<div class="who">{who}</div>'
            + (f'<section class="goals"><h2>{html.escape(message("lesson.worksheet.goals", lang))}'
               f"</h2><ul>{goals}</ul></section>" if goals else ""))
    sheet = "".join(_sheet_exercise(n, exercise, lang)
                    for n, exercise in enumerate(exercises, start=1))
    intro = f'<p>{html.escape(message("lesson.worksheet.key_intro", lang))}</p>'
    key = "".join(_key_exercise(n, exercise, lang)
                  for n, exercise in enumerate(exercises, start=1))
    return (_page(message("lesson.worksheet.title", lang, lesson=lesson.title), head + sheet, lang),
            _page(message("lesson.worksheet.key_title", lang, lesson=lesson.title),
                  intro + key, lang))


def write_worksheet(number: int, lang: str = "en", out: str | Path = ".",
                    seed: int | None = None, root: Path | None = None) -> tuple[Path, Path]:
    """Write lesson `number`'s worksheet and answer key into the folder `out` (made if
    missing); returns their paths. Both files are written, or neither is changed.

    `root` is the notebooks folder (default: the gallery's).
    """
    folder = Path(out)
    _check_folder(folder)
    pages = worksheet_pages(run_lesson(number, lang, root), seed)
    folder.mkdir(parents=True, exist_ok=True)
    stem = f"lesson-{number:02d}" + ("" if seed is None else f"-s{seed}")
    paths = (folder / f"{stem}-worksheet-{lang}.html", folder / f"{stem}-answers-{lang}.html")
    with _staged(folder) as stage:
        for path, page in zip(paths, pages, strict=True):
            stage(path, page)
    return paths


def _check_folder(folder: Path) -> None:
    """Refuse, before any work, a folder that cannot be made or written to."""
    existing = next(path for path in (folder, *folder.absolute().parents) if path.exists())
    if not existing.is_dir():
        raise CardlabError("lesson.worksheet.not_a_folder", path=str(folder), file=str(existing))
    if not os.access(existing, os.W_OK | os.X_OK):
        raise os_error(PermissionError(errno.EACCES, os.strerror(errno.EACCES)), str(folder))


@contextlib.contextmanager
def _staged(folder: Path) -> Iterator[Callable[[Path, str], None]]:
    """Files written beside their place first, and moved there only when all are written."""
    staged: list[tuple[Path, Path]] = []

    def stage(path: Path, text: str) -> None:
        temporary = folder / f".{path.name}.{os.getpid()}.tmp"
        staged.append((temporary, path))
        with temporary.open("x", encoding="utf-8") as file:
            file.write(text)

    try:
        yield stage
        for temporary, path in staged:
            os.replace(temporary, path)
    finally:
        for temporary, _path in staged:
            temporary.unlink(missing_ok=True)


def _page(title: str, body: str, lang: str) -> str:
    return (f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8">'
            f"<title>{html.escape(title)}</title><style>{_STYLE}</style></head>"
            f"<body><h1>{html.escape(title)}</h1>{body}</body></html>")


def _heading(n: int, exercise: Exercise, lang: str) -> str:
    """"Exercise 4: when to guess": our numbering, with the notebook's own title if it has one."""
    name = _LEADING_NUMBER.sub("", exercise.heading).strip()
    numbered = message("lesson.worksheet.exercise", lang, n=n)
    seed = exercise.box.seed
    situation = ("" if seed is None else '<span class="situation">'
                 + html.escape(message("lesson.worksheet.situation", lang, seed=seed)) + "</span>")
    return f"<h2>{situation}{html.escape(numbered + (': ' + name if name else ''))}</h2>"


def _sheet_exercise(n: int, exercise: Exercise, lang: str) -> str:
    box = exercise.box
    shown = [figure for figure in _situation_figures(exercise)
             if "<a download" not in figure]   # links to files to save do not print
    # A situation's own picture (a seat's view: a long game runs to two columns) may take
    # more of its page than the lesson's pictures, so that its text stays legible.
    view = " view" if box.figure else ""
    figures = "".join(f'<div class="figures{view}">{_DETAILS.sub("", figure)}</div>'
                      for figure in shown)
    kind = " pictured page" if figures and n > 1 else " pictured" if figures else ""
    # The text before an exercise that opens with the lesson's situation speaks of that one.
    intro = "" if box.opens_with_lesson and box.seed != LESSON_SITUATION \
        else _on_paper(exercise.intro, lang)
    return (f'<section class="exercise{kind}">{_heading(n, exercise, lang)}'
            f"{markdown_html(intro) if intro else ''}{figures}"
            f'<div class="task"><p class="question">{html.escape(box.prompt)}</p>'
            f"{_answer_space(box, lang)}</div></section>")


def _situation_figures(exercise: Exercise) -> list[str]:
    """The pictures an exercise is worked out from: its situation's own picture (what the
    seat saw); else, for the situation the lesson's text sets out, the pictures before it.
    Those pictures belong to the lesson's text, not to another situation of the exercise."""
    box = exercise.box
    if box.figure:
        return [box.figure]
    own = box.seed is None or (box.opens_with_lesson and box.seed == LESSON_SITUATION)
    return list(exercise.figures) if own else []


def _on_paper_at_all(box: ExerciseBox) -> bool:
    """Whether `box` has an answer before the learner does anything in the lesson (an
    exercise on a tournament the learner plays first has none: it cannot be printed)."""
    return box.checker(BLANK).solution is not BLANK


def _answer_space(box: ExerciseBox, lang: str) -> str:
    """Where the learner writes: boxes to tick for choices, else a line; then lines to reason on."""
    lines = '<div class="ruled"></div>' * 3
    working = f'<p class="how">{html.escape(message("lesson.worksheet.working", lang))}:</p>{lines}'
    if box.choices:
        many = isinstance(box.control, ControlBar)
        how = message("lesson.worksheet.tick_any" if many else "lesson.worksheet.tick_one", lang)
        items = "".join(f"<li>{html.escape(label)}</li>" for label in box.choices)
        wide = " columns" if len(box.choices) > _ONE_COLUMN else ""
        return (f'<p class="how">{html.escape(how)}</p><ul class="choices{wide}">{items}</ul>'
                f"{working}")
    blank = ('<p>' + html.escape(message("lesson.worksheet.answer", lang))
             + ': <span class="blank"></span></p>') if isinstance(box.control, widgets.Text) \
        else ""
    return blank + working


def _key_exercise(n: int, exercise: Exercise, lang: str) -> str:
    box = exercise.box
    box.show()
    # The key shows a situation's own picture too: its reasoning names the events in it.
    picture = f'<div class="figures view">{box.figure}</div>' if box.figure else ""
    return (f'<section class="exercise{" pictured" if picture else ""}">'
            f'{_heading(n, exercise, lang)}'
            f'<p class="question">{html.escape(box.prompt)}</p>{picture}'
            f'<p class="key">{html.escape(box.controls.status)}</p></section>')


def _on_paper(markdown: str, lang: str) -> str:
    """`markdown` without the sentences about the exercise box's buttons (**Check**, ...),
    and without the parts a reader opens on demand (``<details>``: often the answer).

    >>> _on_paper("Press every card you may play, then **Check**. Then rest.", "en")
    'Then rest.'
    """
    buttons = [f"**{message(key, lang)}**"
               for key in ("lesson.check", "lesson.tier.show", "lesson.tier.new")]
    markdown = _DETAILS.sub("", markdown)
    return "\n\n".join(
        " ".join(sentence for sentence in _SENTENCE.split(paragraph)
                 if not any(button in sentence for button in buttons))
        for paragraph in markdown.split("\n\n")).strip()


def _inline(text: str) -> str:
    """One line of Markdown as HTML without the paragraph around it."""
    rendered = markdown_html(text).strip()
    return rendered.removeprefix("<p>").removesuffix("</p>")
