"""Lesson 4 in a real browser: seat 0's view can be counted for exercise 1, offline, in
Voila on a phone and in German; the viewer's buttons fit a phone and show which is chosen."""

import re

from playwright.sync_api import expect

PHONE = {"width": 390, "height": 844}
LESSON = "voila/render/04_possible_worlds.ipynb"
GERMAN = "voila/render/de/04_possible_worlds.ipynb"
#: The picture exercise 1 is about: seat 0's view after question 1.
EXERCISE_ONE = "Seat 0's view. Possible worlds: 14 (events so far: 1)"


def picture(page, title):
    return page.locator("svg[role=img]", has=page.locator("title", has_text=title)).first


def shaded(svg):
    """The deals in the boxes with a seat's dashed frame."""
    return sorted(svg.locator("g[data-world]", has=svg.page.locator("rect[stroke-dasharray]"))
                  .locator("text").all_text_contents()[0::2])


def test_exercise_one_can_be_counted_in_exported_html(page, screenshot, exported):
    page.goto(exported("04_possible_worlds"))
    svg = picture(page, EXERCISE_ONE)
    svg.wait_for(state="visible")
    assert shaded(svg) == ["Q♣ · 2♥ · 3♥", "Q♣ · 2♥ · A♥"]
    # The list of who knows what (it answers exercises 2 and 3) comes after the exercises.
    order = page.evaluate("""() => [...document.querySelectorAll(
        'details summary, .cardlab-offline > p:first-of-type')].map(e => e.textContent)""")
    who = next(k for k, text in enumerate(order) if text.startswith("Who knows what"))
    assert who > max(k for k, text in enumerate(order) if "does seat 1 know that" in text)
    screenshot("lesson04-exercise1-exported", svg)


def test_worlds_fit_a_phone_with_readable_text(page, gallery, screenshot):
    page.set_viewport_size(PHONE)
    page.goto(gallery + LESSON)
    svg = picture(page, EXERCISE_ONE)
    svg.wait_for(state="attached", timeout=90_000)
    svg.scroll_into_view_if_needed()
    box = svg.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    natural = float(svg.get_attribute("viewBox").split()[2])
    smallest = min(float(size) for size in svg.locator("text").evaluate_all(
        "texts => texts.map(t => t.getAttribute('font-size'))"))
    assert smallest * box["width"] / natural >= 11      # px on the screen
    sideways = page.evaluate("""() => [...document.querySelectorAll('*')].filter(e =>
        e.scrollWidth > e.clientWidth + 1 && /auto|scroll/.test(getComputedStyle(e).overflowX))
        .map(e => e.id || e.className)""")
    assert sideways == []
    assert shaded(svg) == ["Q♣ · 2♥ · 3♥", "Q♣ · 2♥ · A♥"]
    screenshot("lesson04-worlds-390px", svg)


def test_the_viewer_fits_a_phone_and_shows_the_chosen_view_in_german(page, gallery, screenshot):
    page.set_viewport_size(PHONE)
    page.goto(gallery + GERMAN)
    questions = page.get_by_role("group", name="Gestellte Fragen")
    seats = page.get_by_role("group", name="Wessen Sicht")
    two = questions.get_by_role("button", name="2", exact=True)
    two.wait_for(timeout=90_000)
    expect(two).to_have_attribute("aria-pressed", "true")
    buttons = questions.get_by_role("button").all() + seats.get_by_role("button").all()
    for row in (buttons[:3], buttons[3:]):
        tops = {round(button.bounding_box()["y"]) for button in row}
        assert len(tops) == 1, tops                     # one row each on a phone
    # The chosen button is dark with white text, the others white.
    colours = [button.evaluate("b => getComputedStyle(b).backgroundColor") for button in buttons]
    assert colours[2] != colours[0] and colours[2] == colours[3]
    seats.get_by_role("button", name="Platz 1").click()
    questions.get_by_role("button", name="1", exact=True).click()
    view = picture(page, re.compile(r"Sicht von Platz 1\. Mögliche Welten: 14 "
                                    r"\(bisherige Ereignisse: 1\)"))
    view.wait_for(timeout=30_000)
    expect(seats.get_by_role("button", name="Platz 1")).to_have_attribute("aria-pressed", "true")
    screenshot("lesson04-viewer-390px-de", page.locator(".cardlab-focus", has=seats).first)


def test_exercise_one_checks_in_voila(page, gallery):
    page.set_viewport_size(PHONE)
    page.goto(gallery + LESSON)
    box = page.locator(".cardlab-exercise", has=page.get_by_text("how many worlds can seat 0"))
    box.get_by_role("textbox").wait_for(timeout=90_000)
    box.get_by_role("textbox").fill("3")
    box.get_by_role("button", name="Check").click()
    status = box.get_by_role("status")
    # A wrong count is told what is wrong with it first, not the answer.
    status.filter(has_text="Not quite.").wait_for(timeout=30_000)
    assert "3 is too high" in status.text_content()
    assert "Seat 1 showed seat 0" not in status.text_content()
    box.get_by_role("button", name="Show me").click()
    status.filter(has_text="Here is the answer: 2.").wait_for(timeout=30_000)
    assert "Seat 0 cannot rule out 2 worlds, the real one included" in status.text_content()
    box.get_by_role("textbox").fill("2")
    box.get_by_role("button", name="Check").click()
    box.get_by_role("status").filter(has_text="Right!").wait_for(timeout=30_000)


def test_worlds_lesson_has_no_serious_accessibility_violations(page, gallery, axe):
    page.goto(gallery + LESSON)
    picture(page, EXERCISE_ONE).wait_for(state="attached", timeout=90_000)
    # The lesson's last widget (the viewer) must be drawn before the audit.
    page.get_by_role("group", name="Whose view").get_by_role(
        "button", name="Seat 2", exact=True).wait_for(timeout=30_000)
    assert axe(page) == []
