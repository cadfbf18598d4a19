"""The lessons in the classroom: the teacher's Lessons view, and a student's page of lesson links.

The teacher makes each student a lesson link by name; it opens the classroom
app, which lists that student's lessons, each linked with the student's token,
so that every answer given in them is written to the room's store
(`cardlab.lessons.classroom_link`). The Lessons view shows the class's
answers as a table of students by exercises (each named by its lesson and
its name in the lesson), the exercises missed most, the last tournament of
each student's own bot (`bot_runs_html`), and two CSV files to download:
every answer, and every tournament (`cardlab.classroom.lesson_csv`).

>>> import tempfile, pathlib
>>> from cardlab.classroom.room import Room
>>> room = Room.open(pathlib.Path(tempfile.mkdtemp()) / "class.sqlite")
>>> view = LessonsView(room, address="http://10.0.0.5:8866/voila/render/apps/classroom.ipynb")
>>> view.name.value = "Ada"; view.make.click("make"); view.make.status
'Ada has a lesson link (below); a link made before for Ada no longer works.'
>>> view.links.value.count('href="http://10.0.0.5:8866/voila/render/apps/classroom.ipynb?token=')
1
>>> "No answers from lessons yet" in view.grid.value
True
"""

from __future__ import annotations

import base64
import html
from urllib.parse import urlencode

import ipywidgets as widgets

from cardlab.classroom.bot_runs import BotLine, StudentRun, latest
from cardlab.classroom.lesson_csv import answers_csv, bot_runs_csv
from cardlab.classroom.lesson_log import LessonAttempt
from cardlab.classroom.lesson_results import HELPED, NOT_YET, SOLVED, Grid, most_missed, results
from cardlab.classroom.room import APP_PATH, Room
from cardlab.errors import CardlabError
from cardlab.i18n import Number, message
from cardlab.serve.entries import LESSON, gallery_entries
from cardlab.site import notebooks_dir
from cardlab.widgets.controls import FOCUS_CLASS, ButtonSpec, ControlBar
from cardlab.widgets.link_qr import link_item

#: The CSV files' names, as the browser saves them: every answer, every tournament.
CSV_NAME = "cardlab-lesson-answers.csv"
BOTS_CSV_NAME = "cardlab-lesson-bot-runs.csv"
#: Text for screen readers only (a column's full name beside its short one).
_READER_ONLY = ("position:absolute;width:1px;height:1px;overflow:hidden;"
                "clip:rect(0 0 0 0);white-space:nowrap")
#: The grid's lines, and links that look like links (underlined: not told by colour alone).
_STYLE = ("<style>.cardlab-lesson-grid { border-collapse: collapse; margin: 4px 0; } "
          ".cardlab-lesson-grid caption { text-align: left; font-weight: 600; "
          "white-space: nowrap; padding: 4px 0; } "
          ".cardlab-lesson-grid :is(th, td) { border: 1px solid #8a8a8a; padding: 2px 8px; "
          "text-align: left; } "
          ":is(.cardlab-classroom-lessons, .cardlab-lesson-list) a "
          "{ color: #0b5a8c; text-decoration: underline; }</style>")
_CELL_STYLE = {SOLVED: "background:#e3f4e3", HELPED: "background:#fff4d6", NOT_YET: ""}


class LessonsView(widgets.VBox):
    """Lesson links by student name, who solved which exercise, the most missed, the
    tournaments of the students' own bots, and the CSV files of answers and tournaments."""

    def __init__(self, room: Room, lang: str = "en", address: str = "") -> None:
        self.room = room
        self.lang = lang
        self.address = address
        self.name = widgets.Text(description=_text("name", lang), style={
            "description_width": "initial"})
        self.make = ControlBar([ButtonSpec("make", _text("make", lang), primary=True)],
                               label=_text("make_label", lang))
        self.make.on_click(lambda _: self.make_link())
        self.links = widgets.HTML()
        self.grid = widgets.HTML()
        self.missed = widgets.HTML()
        self.download = widgets.HTML()
        self.bots = widgets.HTML()
        self._drawn: tuple[int, float, int, int] | None = None
        super().__init__([
            widgets.HTML(f"{_STYLE}<h2>{html.escape(_text('heading', lang))}</h2>"
                         f"<p>{html.escape(_text('intro', lang))}</p>"),
            self.name, self.make, self.links, self.grid, self.missed, self.bots,
            self.download])
        self.add_class(FOCUS_CLASS)
        self.add_class("cardlab-classroom-lessons")
        self.refresh()

    def make_link(self) -> None:
        """A lesson link for the name typed (the student's link before stops working)."""
        try:
            student, _ = self.room.new_lesson_link(self.name.value)
        except CardlabError as err:
            self.make.status = err.text(self.lang)
            return
        self.name.value = ""
        self.links.value = self._links()
        self.make.status = _text("made", self.lang, name=student)
        self.refresh()

    def refresh(self) -> None:
        """Read the class's answers; redraw if there are new ones (or new students)."""
        attempts = self.room.lessons.attempts()
        students = self.room.lessons.students()
        runs = self.room.bot_runs.runs()
        drawn = (len(attempts), attempts[-1].at if attempts else 0.0, len(students), len(runs))
        if drawn == self._drawn:
            return
        self._drawn = drawn
        grid = results(attempts, students)
        self.grid.value = grid_html(grid, self.lang)
        self.missed.value = missed_html(grid, self.lang)
        self.download.value = _download(attempts, runs, self.lang)
        self.bots.value = bot_runs_html(runs, self.lang)

    def _links(self) -> str:
        items = []
        for name, token in self.room.lesson_links().items():
            query = {"token": token, **({"lang": self.lang} if self.lang != "en" else {})}
            items.append(link_item(name, f"{self.address}?{urlencode(query)}", self.lang))
        heading = html.escape(_text("links", self.lang))
        return (f'<section class="cardlab-lesson-links"><h3>{heading}</h3>'
                f"<p>{html.escape(_text('links_private', self.lang))}</p>"
                f"<ul>{''.join(items)}</ul></section>") if items else ""


def grid_html(grid: Grid, lang: str = "en") -> str:
    """The students × exercises table: headers for both, each cell's result in words.

    >>> from cardlab.classroom.lesson_results import results
    >>> from cardlab.classroom.lesson_log import Attempt
    >>> page = grid_html(results([LessonAttempt("Ada", Attempt(3, "guess", 7, 0, 0, True), 1.0)]))
    >>> '<th scope="row">Ada</th><td style="background:#e3f4e3">✓ solved</td>' in page
    True
    >>> '<span aria-hidden="true">3 · guess</span>' in page
    True
    """
    if not grid.exercises:
        return f"<p>{html.escape(_text('no_attempts', lang))}</p>"
    head = "".join(
        f'<th scope="col"><span aria-hidden="true">{lesson} · {html.escape(name)}</span>'
        f'<span style="{_READER_ONLY}">{html.escape(_exercise(lesson, name, lang))}</span></th>'
        for lesson, name in grid.exercises)
    rows = []
    for student in grid.students:
        cells = []
        for exercise in grid.exercises:
            result = grid.cell(student, exercise)
            said = (_text("wrong", lang, tries=result.wrong)
                    if result.state == NOT_YET and result.wrong else _text(result.state, lang))
            style = f' style="{_CELL_STYLE[result.state]}"' if _CELL_STYLE[result.state] else ""
            cells.append(f"<td{style}>{html.escape(said)}</td>")
        rows.append(f'<tr><th scope="row">{html.escape(student)}</th>{"".join(cells)}</tr>')
    caption = html.escape(_text("grid", lang))
    return (f'<div style="overflow-x:auto"><table class="cardlab-lesson-grid"><caption>{caption}'
            f'</caption><thead><tr><th scope="col">{html.escape(_text("col_student", lang))}</th>'
            f"{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
            f"<p>{html.escape(_text('legend', lang))}</p>")


def missed_html(grid: Grid, lang: str = "en") -> str:
    """The exercises most missed, as a list under a heading."""
    if not grid.exercises:
        return ""
    found = most_missed(grid)
    items = "".join(f"<li>{html.escape(_text('missed_line', lang, lesson=item.exercise[0], exercise=item.exercise[1], missed=item.missed, tried=item.tried, wrong=item.wrong))}</li>"  # noqa: E501
                    for item in found)
    body = f"<ol>{items}</ol>" if found else f"<p>{html.escape(_text('none_missed', lang))}</p>"
    return (f'<section class="cardlab-lesson-missed"><h3>{html.escape(_text("missed", lang))}'
            f"</h3>{body}</section>")


def bot_runs_html(runs: list[StudentRun], lang: str = "en") -> str:
    """Per lesson, a table of each student's last tournament of their own bot: hands, mean
    points per hand and its 95% interval, then each opponent's mean (nothing if none).

    >>> from cardlab.classroom.bot_runs import BotRun
    >>> page = bot_runs_html([StudentRun("Ada", BotRun(11, 1, BotLine("", 8, 5.5, 1.25, 9.75),
    ...                       (BotLine("random", 8, 7.0, 3.0, 11.0),)), 1.0)])
    >>> '<th scope="row">Ada</th><td>1</td><td>8</td><td>5.5</td><td>1.2 to 9.8</td>' in page
    True
    """
    tables = []
    last = latest(runs)
    for lesson in sorted({row.run.lesson for row in last}):
        mine = [row for row in last if row.run.lesson == lesson]
        others = list(dict.fromkeys(line.bot for row in mine for line in row.run.others))
        heads = [_text(key, lang) for key in ("col_student", "col_seed", "col_hands",
                                              "col_mean", "col_interval")]
        heads += [_text("col_other", lang, bot=bot) for bot in others]
        head = "".join(f'<th scope="col">{html.escape(text)}</th>' for text in heads)
        rows = []
        for row in mine:
            theirs = {line.bot: line for line in row.run.others}
            cells = ["" if row.run.seed is None else str(row.run.seed),
                     str(row.run.own.hands), _mean(row.run.own, lang), _interval(row.run.own, lang)]
            cells += [_mean(theirs[bot], lang) if bot in theirs else "–" for bot in others]
            rows.append(f'<tr><th scope="row">{html.escape(row.student)}</th>'
                        + "".join(f"<td>{html.escape(cell)}</td>" for cell in cells) + "</tr>")
        caption = html.escape(_text("bots", lang, lesson=lesson))
        tables.append(f'<div style="overflow-x:auto"><table class="cardlab-lesson-grid '
                      f'cardlab-lesson-bots"><caption>{caption}</caption><thead><tr>{head}</tr>'
                      f"</thead><tbody>{''.join(rows)}</tbody></table></div>")
    if not tables:
        return ""
    return (f'<section class="cardlab-lesson-bot-runs">{"".join(tables)}'
            f"<p>{html.escape(_text('bots_legend', lang))}</p></section>")


def _mean(line: BotLine, lang: str) -> str:
    return Number(line.mean, 1).label(lang)


def _interval(line: BotLine, lang: str) -> str:
    if line.low is None or line.high is None:
        return _text("no_interval", lang)
    return _text("from_to", lang, low=Number(line.low, 1).label(lang),
                 high=Number(line.high, 1).label(lang))


def _download(attempts: list[LessonAttempt], runs: list[StudentRun], lang: str) -> str:
    """Links that save every answer and every tournament as CSV files (the data is in the
    links themselves), each only if there is any, with what the file holds.

    >>> _download([], [], "en")
    ''
    """
    files = [(CSV_NAME, "csv", answers_csv(attempts)) if attempts else None,
             (BOTS_CSV_NAME, "csv_bots", bot_runs_csv(runs)) if runs else None]
    links = "".join(
        f'<li><a class="cardlab-lesson-csv" download="{name}" href="data:text/csv;'
        f'charset=utf-8;base64,{base64.b64encode(text.encode("utf-8")).decode("ascii")}">'
        f"{html.escape(_text(key, lang))}</a>: {html.escape(_text(f'{key}_about', lang))}</li>"
        for name, key, text in filter(None, files))
    return (f'<section class="cardlab-lesson-download"><h3>{html.escape(_text("downloads", lang))}'
            f"</h3><ul>{links}</ul></section>") if links else ""


class StudentLessons(widgets.VBox):
    """A student's page: every lesson, linked with the student's own token.

    >>> page = StudentLessons("Ada", "tok", "de", "http://h:1/voila/render/apps/classroom.ipynb")
    >>> 'href="http://h:1/voila/render/de/01_start_here.ipynb?token=tok&amp;lang=de"' in (
    ...     page.lessons.value)
    True
    """

    def __init__(self, student: str, token: str, lang: str = "en", address: str = "") -> None:
        base = address.removesuffix(APP_PATH)
        query = urlencode({"token": token, **({"lang": lang} if lang != "en" else {})})
        items = "".join(
            f'<li><a href="{html.escape(f"{base}{entry.path_in(lang)}?{query}")}" '
            f'target="_blank">{html.escape(entry.title(lang))}</a></li>'
            for entry in gallery_entries(notebooks_dir()) if entry.kind == LESSON)
        self.lessons = widgets.HTML(
            f"{_STYLE}<h2>{html.escape(_text('student_title', lang, name=student))}</h2>"
            f"<p>{html.escape(_text('student_intro', lang))}</p><ol>{items}</ol>")
        super().__init__([self.lessons])
        self.add_class(FOCUS_CLASS)
        self.add_class("cardlab-lesson-list")


def _exercise(lesson: int, name: str, lang: str) -> str:
    return _text("exercise", lang, lesson=lesson, exercise=name)


def _text(key: str, lang: str, **params: object) -> str:
    return message(f"classroom.lessons.{key}", lang, **params)
