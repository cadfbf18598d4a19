"""Exported lessons link to each other's pages: the `cardlab_html` nbconvert exporter."""

import re
from pathlib import Path

import nbformat
from nbconvert.exporters import get_exporter

NOTEBOOKS = Path(__file__).parent.parent / "notebooks"


def test_the_exporter_is_registered_with_nbconvert_and_relinks_lesson_1():
    exporter = get_exporter("cardlab_html")()
    for lesson in (NOTEBOOKS / "01_start_here.ipynb", NOTEBOOKS / "de" / "01_start_here.ipynb"):
        page, _ = exporter.from_notebook_node(nbformat.read(lesson, as_version=4))
        links = set(re.findall(r'href="([^"#:]+)"', page))
        lessons = {link for link in links if re.fullmatch(r"(\.\./)?(apps/)?\w+\.html", link)}
        assert "02_cards_and_counting.html" in lessons and len(lessons) >= 12
        assert not [link for link in links if link.endswith(".ipynb")]


def test_an_executed_lesson_is_exported_without_widgets_that_would_be_drawn_dead():
    lesson = nbformat.read(NOTEBOOKS / "01_start_here.ipynb", as_version=4)
    assert "widgets" in lesson.metadata          # saved by the last run, with the boxes' state
    page, _ = get_exporter("cardlab_html")().from_notebook_node(lesson)
    assert "application/vnd.jupyter.widget-state+json" not in page
    assert "Exercise:" in page and "answer is checked when this lesson runs" in page


def test_links_elsewhere_are_left_alone():
    from cardlab.lessons.export import relink

    kept = "[a](/abs.ipynb) [b](https://x.org/b.ipynb) [d](d.md)"
    assert relink(f"{kept} [c](sub/c.ipynb#top)") == f"{kept} [c](sub/c.html#top)"
