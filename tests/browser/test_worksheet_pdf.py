"""Worksheets and answer keys print: Chromium makes A4 PDFs of them, and nothing runs off the page.

Each page is also kept as a PNG of its print layout in build/screenshots, to look at.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import SCREENSHOTS

from cardlab.lessons.worksheet import write_worksheet

#: A4 in CSS pixels (96 per inch), and the width inside the worksheet's 15 mm margins.
A4_WIDTH, A4_HEIGHT = 794, 1123
INSIDE = round((210 - 30) / 25.4 * 96)


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> list[Path]:
    """Lesson 1 in English (text and blanks), lesson 3 in German (card pictures, a table,
    choices, boxes to tick and an exercise with situations) and lesson 5 in new situations
    (what a seat saw of a long game: events in two columns), each sheet and key."""
    out = tmp_path_factory.mktemp("worksheets")
    return [path for number, lang, seed in ((1, "en", None), (3, "de", None), (5, "en", 2))
            for path in write_worksheet(number, lang, out, seed)]


def test_worksheets_and_keys_print_to_a4_pdfs(browser, pages):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for path in pages:
        page = browser.new_page(viewport={"width": A4_WIDTH, "height": A4_HEIGHT})
        page.goto(path.as_uri())
        pdf = page.pdf(prefer_css_page_size=True)
        assert pdf.startswith(b"%PDF-") and len(pdf) > 10_000
        sections = page.locator("section.exercise").count()
        count = len(re.findall(rb"/Type\s*/Page\b", pdf))
        # One page at least; at most two per exercise (pictures and the task), one for the head.
        assert 1 <= count <= 2 * sections + 1, (path.name, count, sections)
        mediabox = re.search(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf)
        assert mediabox and [round(float(size)) for size in mediabox.groups()] == [595, 842]
        page.emulate_media(media="print")
        # Nothing wider than the paper inside its margins, and no widget on it.
        widest = page.evaluate("Math.max(...[...document.querySelectorAll('body *')]"
                               ".map(e => e.getBoundingClientRect().right))")
        left = page.evaluate("document.body.getBoundingClientRect().left")
        assert widest - left <= INSIDE + 1, (path.name, widest - left)
        assert page.locator("button, input, select, textarea, script").count() == 0
        page.screenshot(path=str(SCREENSHOTS / f"{path.stem}.png"), full_page=True)
        page.close()
