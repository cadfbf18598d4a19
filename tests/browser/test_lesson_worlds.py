"""Lesson 4 in a real browser: the possible-worlds pictures, offline and in Voila."""


PHONE = {"width": 390, "height": 844}
LESSON = "voila/render/04_possible_worlds.ipynb"
LAST = "Possible worlds after 2 events"


def test_possible_worlds_show_in_exported_html(page, screenshot, exported):
    page.goto(exported("04_possible_worlds"))
    last = page.locator("svg[role=img]", has=page.locator("title", has_text=LAST)).first
    last.wait_for(state="visible")
    assert "Seat 1 knows that seat 0 knows the solution." in last.text_content()
    assert last.locator("circle").count() >= 4
    screenshot("lesson04-possible-worlds", last)


def test_worlds_fit_a_phone_and_nothing_scrolls_sideways(page, gallery, screenshot):
    page.set_viewport_size(PHONE)
    page.goto(gallery + LESSON)
    last = page.locator("svg[role=img]", has=page.locator("title", has_text=LAST)).first
    last.wait_for(state="attached", timeout=90_000)
    last.scroll_into_view_if_needed()
    box = last.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    sideways = page.evaluate("""() => [...document.querySelectorAll('*')].filter(e =>
        e.scrollWidth > e.clientWidth + 1 && /auto|scroll/.test(getComputedStyle(e).overflowX))
        .map(e => e.id || e.className)""")
    assert sideways == []
    screenshot("lesson04-worlds-390px", last)


def test_worlds_lesson_has_no_serious_accessibility_violations(page, gallery, axe):
    page.goto(gallery + LESSON)
    page.locator("svg title", has_text=LAST).first.wait_for(state="attached", timeout=90_000)
    # The lesson's last widget (the choice of questions) must be drawn before the audit.
    page.get_by_role("button", name="2", exact=True).wait_for(timeout=30_000)
    assert axe(page) == []
