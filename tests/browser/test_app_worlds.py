"""The possible worlds app in Voilà, in German, by keyboard only: steps, a seat's links, a
question of one's own, the refusal of a big deck; axe-core, nothing fetched from outside
127.0.0.1, desktop and phone screenshots."""

import re

from playwright.sync_api import expect

from helpers.keyboard import press

PHONE = {"width": 390, "height": 844}
#: The smallest text of an SVG picture as rendered on the page, in px.
SMALLEST_TEXT = """(svg) => Math.min(...[...svg.querySelectorAll("text")].map(
  text => parseFloat(getComputedStyle(text).fontSize) * text.getScreenCTM().a))"""
APP = "voila/render/apps/worlds.ipynb?lang=de&seed=1"


def test_worlds_by_keyboard_in_german(page, gallery, axe, screenshot):
    page.goto(gallery + APP)
    status = page.get_by_role("status").filter(has_text="mögliche Welten")
    status.filter(has_text="Nach 0 von").wait_for(timeout=90_000)
    assert "36 mögliche Welten" in status.text_content()
    press(page, "Weiter ▶")
    status.filter(has_text="Nach 1 von").wait_for(timeout=30_000)
    assert "fragte" in status.text_content() or "Platz" in status.text_content()
    page.get_by_role("combobox", name="Wessen Verbindungen").focus()
    page.keyboard.press("ArrowDown")                       # seat 1
    page.locator("svg desc", has_text="Platz 1 kann die Welten").first.wait_for(
        state="attached", timeout=30_000)
    table = page.get_by_role("table", name="Jetzt wahr in der wirklichen Welt")
    expect(table).to_contain_text("K₁")
    expect(table).to_contain_text("Lösung")
    assert axe(page) == []
    screenshot("app-worlds-de", page)

    press(page, "◀ Zurück")
    status.filter(has_text="Nach 0 von").wait_for(timeout=30_000)
    page.get_by_role("combobox", name="Bildkarte").focus()
    page.keyboard.press("ArrowDown")                       # the Queen of Clubs
    press(page, "Diese Frage stellen")
    status.filter(has_text="Nach 1 von 1").wait_for(timeout=30_000)
    assert "Kreuz-Dame" in status.text_content()
    page.set_viewport_size(PHONE)
    screenshot("app-worlds-de-390", page)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"] + 1                     # nothing wider than a phone
    diagram = page.get_by_role("img", name=re.compile("^Mögliche Welten"))    # as shown
    assert diagram.evaluate("(svg) => svg.parentElement.scrollWidth") <= PHONE["width"]
    box = diagram.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    assert round(diagram.evaluate(SMALLEST_TEXT), 1) >= 12         # to a subpixel
    # Stepping needs no scrolling past the statements: Next stands above the picture.
    step = page.get_by_role("button", name="Weiter ▶").bounding_box()
    assert step["y"] + step["height"] <= box["y"] <= PHONE["height"], (step, box)
    legend = page.get_by_text("Dicker Rahmen").bounding_box()    # wraps, never cut off
    assert legend["x"] >= 0 and legend["x"] + legend["width"] <= PHONE["width"], legend
    assert axe(page) == []
    assert page.outside_requests == []


def test_a_deck_too_big_is_refused_with_its_number(page, gallery):
    page.goto(gallery + "voila/render/apps/worlds.ipynb?lang=de&players=3")
    refusal = page.get_by_role("status").filter(has_text="mögliche Verteilungen")
    refusal.wait_for(timeout=90_000)
    assert "15.962.918.400" in refusal.text_content()
    assert page.outside_requests == []
