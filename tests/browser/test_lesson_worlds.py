"""Lesson 3 in a real browser: the possible-worlds pictures, offline and in Voila."""

import pytest
from axe_playwright_python.sync_playwright import Axe

PHONE = {"width": 390, "height": 844}
LESSON = "voila/render/03_possible_worlds.ipynb"
LAST = "Possible worlds after 2 events"


def serious_violations(page) -> list:
    """axe-core's serious and critical findings on the page, with where they are."""
    violations = Axe().run(page).response["violations"]
    return [(v["id"], [n["target"] for n in v["nodes"]])
            for v in violations if v["impact"] in ("serious", "critical")]


def test_possible_worlds_show_in_exported_html(page, screenshot, exported):
    page.goto(exported("03_possible_worlds"))
    last = page.locator("svg[role=img]", has=page.locator("title", has_text=LAST))
    last.wait_for(state="visible")
    assert "Seat 1 knows that seat 0 knows the solution." in last.text_content()
    assert last.locator("circle").count() >= 4
    screenshot("lesson03-possible-worlds", last)


def test_worlds_fit_a_phone_and_nothing_scrolls_sideways(page, gallery, screenshot):
    page.set_viewport_size(PHONE)
    page.goto(gallery + LESSON)
    last = page.locator("svg[role=img]", has=page.locator("title", has_text=LAST))
    last.wait_for(state="attached", timeout=90_000)
    last.scroll_into_view_if_needed()
    box = last.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    sideways = page.evaluate("""() => [...document.querySelectorAll('*')].filter(e =>
        e.scrollWidth > e.clientWidth + 1 && /auto|scroll/.test(getComputedStyle(e).overflowX))
        .map(e => e.id || e.className)""")
    assert sideways == []
    screenshot("lesson03-worlds-390px", last)


def test_worlds_have_no_serious_accessibility_violations_but_voilas_scroller(page, gallery):
    page.goto(gallery + LESSON)
    page.locator("svg title", has_text=LAST).wait_for(state="attached", timeout=90_000)
    found = serious_violations(page)
    # Voila's lab template scrolls the page inside #rendered_cells, which cannot take the
    # focus; a page without any control (like this one) then fails this rule. See below.
    assert [v for v in found if v != ("scrollable-region-focusable", [["#rendered_cells"]])] == []


@pytest.mark.xfail(strict=True, reason="Voila's #rendered_cells scroller needs tabindex=0 "
                   "(a serve-side template fix, outside the widgets)")
def test_worlds_lesson_passes_axe_entirely(page, gallery):
    page.goto(gallery + LESSON)
    page.locator("svg title", has_text=LAST).wait_for(state="attached", timeout=90_000)
    assert serious_violations(page) == []
