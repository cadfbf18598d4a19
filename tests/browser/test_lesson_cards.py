"""Lesson 2 in a real browser: exported HTML offline, and the Voila app."""

from playwright.sync_api import expect


def test_cards_show_in_exported_html_without_network(page, screenshot, exported):
    page.goto(exported("02_cards_and_counting"))
    hand = page.locator("svg[role=img]", has=page.locator(
        "title", has_text="Hand of 5 cards: King of Hearts"))
    hand.first.wait_for(state="visible")
    box = hand.first.bounding_box()
    assert box["width"] >= 150 and box["height"] >= 70
    chart = page.get_by_role("img", name="How often each of the 36 deals")
    assert chart.bounding_box()["width"] > 400
    # Exercise 1's answer is folded below the exercise, not shown before it.
    question = page.locator(".cardlab-offline", has_text="With 4 players, how many deals")
    answer = page.get_by_role("cell", name="1,407,929,402,880")
    expect(answer).to_be_hidden()
    summary = page.locator("summary", has_text="Show the engine's counts (after exercise 1)")
    assert summary.bounding_box()["y"] > question.bounding_box()["y"]
    summary.click()
    answer.wait_for()
    screenshot("lesson02-nbconvert-offline")


def test_gallery_opens_lesson_and_the_widget_answers(page, screenshot, gallery):
    """Every request that would leave this machine is refused, and the app still works."""
    page.goto(gallery)
    page.get_by_role("link", name="Cards and counting").click()
    app = page
    codes = app.get_by_placeholder("e.g. QS 10♥ ah")        # the card explorer's field
    codes.wait_for(state="visible", timeout=90_000)
    codes.fill("KD 9h")
    app.get_by_role("button", name="Show", exact=True).click()
    app.locator("svg title", has_text="Hand of 2 cards: King of Diamonds, Nine of Hearts"
                ).wait_for(state="attached", timeout=30_000)
    codes.fill("KD 1h")
    app.get_by_role("button", name="Show", exact=True).click()
    app.get_by_text("bad card code '1h'").wait_for(timeout=30_000)
    screenshot("lesson02-voila", app)
