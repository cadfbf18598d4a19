"""Lesson 5 in a real browser: the knowledge graphs offline, and the stepper in Voila:
accessible (axe, keyboard focus, ARIA states) and usable on a 390 px phone."""

import pytest

PHONE = {"width": 390, "height": 844}
LESSON = "voila/render/05_deduction.ipynb"


@pytest.fixture
def stepper(page, gallery):
    """Lesson 5 open in Voila, its stepper drawn."""
    page.goto(gallery + LESSON)
    page.get_by_role("status").filter(has_text="After 0 of").wait_for(timeout=90_000)
    return page


def test_the_knowledge_graph_and_the_reasons_show_without_network(page, screenshot, exported):
    page.goto(exported("05_deduction"))
    # The picture shown (a page shows the wide or the narrow one of each graph, by its width).
    graph = page.get_by_role("img", name="What seat 2 knows after 6 events", exact=True)
    graph.wait_for(state="visible")
    box = graph.bounding_box()
    assert box["width"] > 600 and box["height"] > 300
    assert "Solution" in graph.text_content()
    # The table of certainties opens on request, so that it does not answer exercise 1.
    page.locator("summary", has_text="What seat 2 is sure of after event 6").click()
    page.get_by_role("cell", name="Seat 3 showed a card for J♣ and 10♥ in event 2 and cannot "
                     "hold 10♥, so it holds J♣.").wait_for()
    screenshot("lesson05-graph-after-6", graph)


def test_stepper_in_the_gallery(stepper, screenshot):
    app = stepper
    # It starts on seat 2, the seat the lesson follows.
    view = app.get_by_role("combobox", name="Whose view")
    assert view.evaluate("e => e.options[e.selectedIndex].text").replace("\xa0", " ") == "Seat 2"
    forward = app.get_by_role("button", name="Next ▶")
    forward.click()
    forward.click()
    app.get_by_role("status").filter(has_text="After 2 of").wait_for(timeout=30_000)
    widget = app.locator(".cardlab-focus", has=app.get_by_role("combobox", name="Whose view"))
    widget.locator("svg title", has_text="What seat 2 knows after 2 events").first.wait_for(
        state="attached", timeout=30_000)
    notes = app.get_by_role("button", name="Notes sheet")
    assert notes.get_attribute("aria-pressed") == "false"
    notes.click()
    widget.locator("svg title", has_text="Notes sheet: What seat 2 knows after 2 events"
                   ).wait_for(state="attached", timeout=30_000)
    assert notes.get_attribute("aria-pressed") == "true"
    assert app.get_by_role("button", name="Knowledge graph").get_attribute(
        "aria-pressed") == "false"
    screenshot("lesson05-voila-stepper", app)


def test_the_table_view_keeps_its_name_in_the_dropdown(stepper):
    choice = stepper.get_by_role("combobox", name="Whose view")
    choice.select_option(label="The table")
    stepper.locator("svg title", has_text="What the whole table knows after 0 events"
                    ).first.wait_for(state="attached", timeout=30_000)
    shown = choice.evaluate("e => e.options[e.selectedIndex].text")
    assert shown.replace("\xa0", " ") == "The table"   # ipywidgets keeps spaces as NBSP


def test_stepper_has_no_serious_accessibility_violations(stepper, axe):
    assert axe(stepper) == []


def test_keyboard_focus_is_visible_and_stays_on_next_at_the_end(stepper):
    forward = stepper.get_by_role("button", name="Next ▶")
    for _ in range(80):                 # Tab to "Next", from the page's start
        stepper.keyboard.press("Tab")
        if forward.evaluate("e => e === document.activeElement"):
            break
    assert forward.evaluate("e => e === document.activeElement"), "Tab never reached Next"
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
        "title", has_text="Notes sheet: What seat 2 knows after 0 events")).last
    notes.wait_for(state="attached", timeout=30_000)
    notes.scroll_into_view_if_needed()
    for element in (notes, status, page.get_by_role("button", name="Next ▶")):
        box = element.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    stepper = page.locator(".cardlab-focus", has=page.get_by_role("combobox", name="Whose view"))
    screenshot("lesson05-stepper-390px", stepper)
    status.scroll_into_view_if_needed()
    screenshot("lesson05-stepper-390px-controls", page)


def test_the_knowledge_graphs_are_readable_on_a_phone(page, gallery, screenshot):
    """At 390 px the lesson's graph and the stepper's draw their narrow pictures near their
    natural size (the smallest text, 11 px, stays at least 10 px); at 1280 px the wide ones."""
    page.set_viewport_size(PHONE)
    page.goto(gallery + LESSON)
    page.get_by_role("status").filter(has_text="After 0 of").wait_for(timeout=90_000)
    titles = ("What seat 2 knows after 6 events", "What seat 2 knows after 0 events")
    for title in titles:
        graph = page.get_by_role("img", name=title, exact=True)
        graph.scroll_into_view_if_needed()
        box = graph.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
        scale = graph.evaluate("e => e.getBoundingClientRect().width / e.viewBox.baseVal.width")
        assert 11 * scale >= 10, scale
        assert graph.locator("desc").text_content().startswith(title)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"] + 1
    screenshot("lesson05-graph-390px", page.get_by_role("img", name=titles[0], exact=True))
    screenshot("lesson05-stepper-graph-390px", page.get_by_role("img", name=titles[1],
                                                                exact=True))
    page.set_viewport_size({"width": 1280, "height": 900})
    for title in titles:
        graph = page.get_by_role("img", name=title, exact=True)
        assert graph.evaluate("e => e.viewBox.baseVal.width") == 980
