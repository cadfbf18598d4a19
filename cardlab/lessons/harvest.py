"""Run a lesson's notebook and collect what a worksheet prints: its title, its learning goals
and its exercises, each with the text and pictures that set up its situation.

A lesson is the notebook ``NN_name.ipynb`` in the notebooks folder (``de/`` for
German). Its goals are the first bullet list of its first cell; its exercises
are the `ExerciseBox` widgets its cells display (directly or inside another
widget), in order. Nothing else is assumed, so a new lesson's exercises are
found without a change here.

>>> [path.name for path in lesson_notebooks("en").values()][:2]
['01_start_here.ipynb', '02_cards_and_counting.ipynb']
>>> lesson = run_lesson(1)
>>> lesson.title, len(lesson.goals), len(lesson.exercises)
('Lesson 1: Start here', 4, 2)
>>> lesson.exercises[0].box.prompt
'How many cards does a game of Five Sons use?'
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import ipywidgets as widgets
from IPython.core.interactiveshell import InteractiveShell
from IPython.utils.capture import RichOutput, capture_output
from ipywidgets.widgets.widget import _instances
from traitlets.config import Config

from cardlab.errors import CardlabError
from cardlab.lessons.exercises import OFFLINE_CLASS, ExerciseBox
from cardlab.site import notebooks_dir

_NOTEBOOK = re.compile(r"^(\d{2})_\w+\.ipynb$")
_HEADING = re.compile(r"^#{1,6}\s+(.*)$")
_BULLET = re.compile(r"^\s*[-*]\s+(.*)$")
_WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


@dataclass(frozen=True)
class Exercise:
    """One exercise of a lesson: the notebook's heading above it and the Markdown under that
    heading, the pictures and tables shown since the exercise before, and the box itself."""

    heading: str
    intro: str
    figures: tuple[str, ...]
    box: ExerciseBox


@dataclass(frozen=True)
class Lesson:
    """A lesson's number, language, title (its notebook's first heading), goals (Markdown,
    one per item) and exercises."""

    number: int
    lang: str
    title: str
    goals: tuple[str, ...]
    exercises: tuple[Exercise, ...] = field(default=())


def lesson_notebooks(lang: str = "en", root: Path | None = None) -> dict[int, Path]:
    """The lesson notebooks of `lang` by number (``03_fivesons_rules.ipynb`` is lesson 3)."""
    folder = (root or notebooks_dir()) / ("de" if lang == "de" else "")
    found = {int(match[1]): path for path in folder.glob("*.ipynb")
             if (match := _NOTEBOOK.match(path.name))}
    return dict(sorted(found.items()))


def run_lesson(number: int, lang: str = "en", root: Path | None = None) -> Lesson:
    """Run lesson `number`'s notebook in `lang` and collect its goals and exercises.

    The cells run in this process, in a namespace of their own, with the notebook's folder as the
    working directory, as Jupyter runs them. A lesson that does not exist, or whose cells
    fail, is a `CardlabError`.
    """
    notebooks = lesson_notebooks(lang, root)
    if number not in notebooks:
        found = ", ".join(str(n) for n in notebooks) or "-"
        raise CardlabError("lesson.worksheet.no_lesson", lesson=number, found=found)
    cells = json.loads(notebooks[number].read_text(encoding="utf-8"))["cells"]
    markdown = [_source(cell) for cell in cells if cell["cell_type"] == "markdown"]
    title, goals = _title_and_goals(markdown[0] if markdown else "")
    with _fresh_shell(notebooks[number].parent) as shell:
        exercises = tuple(_exercises(shell, cells, number))
    return Lesson(number, lang, title or str(number), goals, exercises)


def _exercises(shell: InteractiveShell, cells: list[dict[str, Any]],
               lesson: int) -> Iterator[Exercise]:
    """Run `cells` in order; yield each exercise box a cell displays, with its setting."""
    texts: list[str] = []      # Markdown since the exercise before
    figures: list[str] = []    # pictures and tables shown since the exercise before
    for number, cell in enumerate(cells, start=1):
        if cell["cell_type"] == "markdown":
            texts.append(_source(cell))
            continue
        if cell["cell_type"] != "code":
            continue
        with capture_output() as captured:
            result = shell.run_cell(_source(cell), store_history=False)
        error = result.error_before_exec or result.error_in_exec
        if error is not None:
            raise CardlabError("lesson.worksheet.failed", lesson=lesson, cell=number,
                               error=f"{type(error).__name__}: {error}")
        for data in _outputs(shell, captured.outputs, result.result):
            boxes = _boxes(data)
            if not boxes:
                figure = _figure(data)
                if figure:
                    figures.append(figure)
                continue
            heading, intro = _heading_and_intro("\n\n".join(texts))
            for box in boxes:
                yield Exercise(heading, intro, tuple(figures), box)
                heading, intro, figures = "", "", []
            texts, figures = [], []


def _outputs(shell: InteractiveShell, displayed: list[RichOutput], last: Any
             ) -> list[dict[str, Any]]:
    """What a cell showed: what it displayed, then the value of its last line.

    A value that displays itself has done so already; any other one IPython's shell only
    prints as text, so it is formatted here as a notebook would show it.
    """
    shown = [output.data for output in displayed]
    formatter = shell.display_formatter
    if last is not None and not hasattr(last, "_ipython_display_") and formatter is not None:
        data, _metadata = formatter.format(last)
        shown.append(data)
    return shown


@contextlib.contextmanager
def _fresh_shell(folder: Path) -> Iterator[InteractiveShell]:
    """IPython's shell with a namespace of its own, in `folder`, as a notebook's kernel runs.

    The namespace outlives the run: the exercise boxes' checkers look names up in it. A
    shell made here (no kernel runs this) keeps no history and is gone afterwards, so that
    `display` elsewhere in the process behaves as before.
    """
    made = not InteractiveShell.initialized()
    config = Config()
    config.HistoryManager.enabled = False
    shell = InteractiveShell.instance(config=config)
    saved = shell.user_module, shell.user_ns
    shell.user_module, shell.user_ns = shell.prepare_user_module(None, None)
    shell.init_user_ns()
    with contextlib.chdir(folder):
        try:
            yield shell
        finally:
            shell.user_module, shell.user_ns = saved
            if made:
                InteractiveShell.clear_instance()


def _boxes(data: dict[str, Any]) -> list[ExerciseBox]:
    """The exercise boxes in a displayed widget (itself, or inside it), in order."""
    view = data.get(_WIDGET_VIEW)
    widget = _instances.get(view.get("model_id", "")) if isinstance(view, dict) else None
    return list(_walk(widget)) if widget is not None else []


def _walk(widget: widgets.Widget) -> Iterator[ExerciseBox]:
    if isinstance(widget, ExerciseBox):
        yield widget
    elif isinstance(widget, widgets.Box):
        for child in widget.children:
            yield from _walk(child)


def _figure(data: dict[str, Any]) -> str:
    """A displayed picture or table as HTML; "" for widgets and notes about widgets."""
    if _WIDGET_VIEW in data:
        return ""
    if "image/svg+xml" in data:
        return str(data["image/svg+xml"])
    if "image/png" in data:
        return f'<img alt="" src="data:image/png;base64,{data["image/png"]}">'
    if "text/html" in data:
        page = str(data["text/html"])
        return "" if OFFLINE_CLASS in page else page
    if "text/markdown" in data:
        return markdown_html(str(data["text/markdown"]))
    return ""


def markdown_html(text: str) -> str:
    """Markdown as HTML, as the notebook shows it (raw HTML in it is kept: notebooks are ours).

    >>> markdown_html("a *b*")
    '<p>a <em>b</em></p>\\n'
    """
    # mistune is what nbconvert (a dependency) renders Markdown with.
    import mistune

    return str(mistune.html(text))


def _source(cell: dict[str, Any]) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def _title_and_goals(first: str) -> tuple[str, tuple[str, ...]]:
    """The first heading of a lesson's first cell, and the items of its first bullet list."""
    lines = first.splitlines()
    title = next((match[1].strip() for line in lines if (match := _HEADING.match(line))), "")
    goals: list[str] = []
    for line in lines:
        bullet = _BULLET.match(line)
        if bullet:
            goals.append(bullet[1].strip())
        elif goals and line.startswith("  ") and line.strip():
            goals[-1] += " " + line.strip()
        elif goals:
            break
    return title, tuple(goals)


def _heading_and_intro(markdown: str) -> tuple[str, str]:
    """The last heading in `markdown` and the text under it (all of it if no heading).

    >>> _heading_and_intro("Some text.\\n\\n### Exercise 1\\n\\nLook at seat 2.")
    ('Exercise 1', 'Look at seat 2.')
    """
    lines = markdown.splitlines()
    last = max((i for i, line in enumerate(lines) if _HEADING.match(line)), default=None)
    if last is None:
        return "", markdown.strip()
    match = _HEADING.match(lines[last])
    assert match is not None
    return match[1].strip(), "\n".join(lines[last + 1:]).strip()
