"""Lesson 3 in a real browser: the possible-worlds pictures, offline."""


def test_possible_worlds_show_in_exported_html(page, screenshot, exported):
    page.goto(exported("03_possible_worlds"))
    last = page.locator("svg[role=img]", has=page.locator(
        "title", has_text="Possible worlds after 2 events"))
    last.wait_for(state="visible")
    assert "Seat 1 knows that seat 0 knows the solution." in last.text_content()
    assert last.locator("circle").count() >= 4
    screenshot("lesson03-possible-worlds", last)
