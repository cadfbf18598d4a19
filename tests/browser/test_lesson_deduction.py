"""Lesson 2 in a real browser: the knowledge graphs offline, and the stepper in Voila:
accessible (axe, keyboard focus, ARIA states) and usable on a 390 px phone."""

import pytest

PHONE = {"width": 390, "height": 844}
LESSON = "voila/render/02_five_sons_deduction.ipynb"


@pytest.fixture
def stepper(page, gallery):
    """Lesson 2 open in Voila, its stepper drawn."""
    page.goto(gallery + LESSON)
    page.get_by_role("status").filter(has_text="After 0 of").wait_for(timeout=90_000)
    return page


def test_knowledge_graphs_show_early_mid_and_late_without_network(page, screenshot, exported):
    page.goto(exported("02_five_sons_deduction"))
    graphs = page.locator("svg[role=img]", has=page.locator("title",
                                                               has_text="What seat 0 knows"))
    graphs.first.wait_for(state="visible")
    assert graphs.count() >= 4          # early, mid, late, and the notes sheet
    for index, name in enumerate(("early", "mid", "late")):
        graph = graphs.nth(index)
        box = graph.bounding_box()
        assert box["width"] > 600 and box["height"] > 300
        assert "Solution" in graph.text_content()
        screenshot(f"fivesons-graph-{name}", graph)


def test_stepper_in_the_gallery(stepper, screenshot):
    app = stepper
    forward = app.get_by_role("button", name="Next ▶")
    forward.click()
    forward.click()
    app.get_by_role("status").filter(has_text="After 2 of").wait_for(timeout=30_000)
    widget = app.locator(".cardlab-focus")
    widget.locator("svg title", has_text="What seat 0 knows after 2 events").wait_for(
        state="attached", timeout=30_000)
    notes = app.get_by_role("button", name="Notes sheet")
    assert notes.get_attribute("aria-pressed") == "false"
    notes.click()
    widget.locator("svg title", has_text="Notes sheet: What seat 0 knows after 2 events"
                   ).wait_for(state="attached", timeout=30_000)
    assert notes.get_attribute("aria-pressed") == "true"
    assert app.get_by_role("button", name="Knowledge graph").get_attribute(
        "aria-pressed") == "false"
    screenshot("lesson02-voila-stepper", app)


def test_the_table_view_keeps_its_name_in_the_dropdown(stepper):
    choice = stepper.get_by_role("combobox", name="Whose view")
    choice.select_option(label="The table")
    stepper.locator("svg title", has_text="What the whole table knows after 0 events").wait_for(
        state="attached", timeout=30_000)
    shown = choice.evaluate("e => e.options[e.selectedIndex].text")
    assert shown.replace("\xa0", " ") == "The table"   # ipywidgets keeps spaces as NBSP


def test_stepper_has_no_serious_accessibility_violations(stepper, axe):
    assert axe(stepper) == []


def test_keyboard_focus_is_visible_and_stays_on_next_at_the_end(stepper):
    forward = stepper.get_by_role("button", name="Next ▶")
    for _ in range(12):                 # Tab to "Next", from the page's start
        stepper.keyboard.press("Tab")
        if forward.evaluate("e => e === document.activeElement"):
            break
    ring = forward.evaluate("e => [e.matches(':focus-visible'), getComputedStyle(e).outlineStyle,"
                            " getComputedStyle(e).outlineWidth]")
    assert ring == [True, "solid", "3px"]
    status = stepper.get_by_role("status").filter(has_text="After")
    total = status.text_content().split(" of ")[1].split()[0]
    for _ in range(int(total)):
        stepper.keyboard.press("Enter")
    status.filter(has_text=f"After {total} of {total}").wait_for(timeout=30_000)
    assert forward.get_attribute("aria-disabled") == "true"
    assert forward.evaluate("e => e === document.activeElement")
    stepper.keyboard.press("Enter")     # at the end: nothing happens, focus stays
    assert status.text_content() == f"After {total} of {total} events"


def test_the_stepper_fits_a_phone(page, gallery, screenshot):
    page.set_viewport_size(PHONE)
    page.goto(gallery + LESSON)
    status = page.get_by_role("status").filter(has_text="After 0 of")
    status.wait_for(timeout=90_000)
    page.get_by_role("button", name="Notes sheet").click()
    notes = page.locator("svg[role=img]", has=page.locator(
        "title", has_text="Notes sheet: What seat 0 knows after 0 events")).last
    notes.wait_for(state="attached", timeout=30_000)
    notes.scroll_into_view_if_needed()
    for element in (notes, status, page.get_by_role("button", name="Next ▶")):
        box = element.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    stepper = page.locator(".cardlab-focus")
    screenshot("lesson02-stepper-390px", stepper)
    status.scroll_into_view_if_needed()
    screenshot("lesson02-stepper-390px-controls", page)
