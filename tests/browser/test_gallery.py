"""The gallery page of `cardlab serve` in Chromium: every notebook listed by title,
links that open the app, nothing fetched from outside 127.0.0.1, accessible, 390 px wide."""

import json

import pytest

from cardlab.gallery import notebooks_dir

NOTEBOOKS = sorted(notebooks_dir().glob("*.ipynb")) + sorted(notebooks_dir().glob("apps/*.ipynb"))
PHONE = {"width": 390, "height": 844}


def _title(path, lang):
    return json.loads(path.read_text("utf-8"))["metadata"]["cardlab"]["title"][lang]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_notebook_is_listed_with_its_title_and_a_link(page, gallery, lang):
    page.goto(f"{gallery}?lang={lang}")
    assert page.locator("html").get_attribute("lang") == lang
    assert page.get_by_role("heading", level=1).count() == 1
    for landmark in ("banner", "main", "contentinfo", "navigation"):
        assert page.get_by_role(landmark).count() == 1, landmark
    for path in NOTEBOOKS:
        link = page.get_by_role("link", name=_title(path, lang), exact=True)
        relative = path.relative_to(notebooks_dir())
        if lang != "en" and (notebooks_dir() / lang / relative).is_file():
            relative = lang / relative      # a lesson's copy in this language
        assert link.get_attribute("href").split("?")[0] == f"/voila/render/{relative.as_posix()}"
    assert page.locator("article svg[role=img] > title").count() == len(NOTEBOOKS)
    assert page.outside_requests == []


def test_a_link_opens_the_app_and_nothing_leaves_this_machine(page, gallery, screenshot):
    page.goto(gallery)
    page.get_by_role("link", name=_title(NOTEBOOKS[0], "en"), exact=True).click()
    page.wait_for_url("**/voila/render/01_start_here.ipynb")
    page.get_by_role("heading", level=1).first.wait_for(state="visible", timeout=90_000)
    screenshot("gallery-opened-lesson01")
    assert page.outside_requests == []


def test_the_german_gallery_opens_the_german_lesson(page, gallery, screenshot):
    page.goto(f"{gallery}?lang=de")
    page.get_by_role("link", name=_title(NOTEBOOKS[0], "de"), exact=True).click()
    page.wait_for_url("**/voila/render/de/01_start_here.ipynb?lang=de")
    heading = page.get_by_role("heading", level=1).first
    heading.wait_for(state="visible", timeout=90_000)
    assert heading.inner_text().startswith("Lektion 1")
    screenshot("gallery-opened-lesson01-de")
    assert page.outside_requests == []


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_gallery_has_no_serious_accessibility_violations(page, gallery, lang, axe):
    page.goto(f"{gallery}?lang={lang}")
    assert axe(page) == []


def test_keyboard_focus_is_clearly_visible(page, gallery):
    page.goto(gallery)
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")          # past the two language links: the first lesson
    card = page.locator("article:focus-within")
    assert card.count() == 1
    outline = card.evaluate("e => getComputedStyle(e).outlineStyle + ' ' + "
                            "getComputedStyle(e).outlineWidth")
    assert outline == "solid 3px"


def test_desktop_and_phone_widths(page, gallery, screenshot):
    page.goto(gallery)
    screenshot("gallery-desktop")
    page.set_viewport_size(PHONE)
    page.goto(f"{gallery}?lang=de")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    for path in NOTEBOOKS:
        box = page.get_by_role("link", name=_title(path, "de"), exact=True).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    screenshot("gallery-390px-de")
