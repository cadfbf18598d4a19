"""Lessons 6, 8 and 9 exported to HTML (executed, as `jupyter nbconvert --to html` does):
the cards, the charts and their text alternatives show with no network at all (the page
refuses every request that would leave this machine, such as the widget scripts that
nbconvert's template asks a CDN for)."""

import pytest

LESSONS = {
    "06_good_questions": ("Hand of 5 cards: King of Hearts",
                          "Uncertainty about the solution, in bits, of each seat",
                          "seat 0 from"),
    "08_counting_cards": ("Hand of 13 cards",
                          "Chance that each other seat holds the Queen of Spades",
                          "seat 3 ends at"),
    # Lesson 9's own 12 hands wait for a button; the recorded 400-hand run shows offline.
    "09_playing_well": ("Hand of 10 cards: Nine of Clubs", "Points per hand after 400 hands",
                        "montecarlo 2.7 (from 2.2 to 3.1)"),
}


@pytest.mark.parametrize("name", LESSONS)
def test_cards_and_charts_show_offline(page, screenshot, exported, name):
    hand_title, chart_alt, chart_words = LESSONS[name]
    page.goto(exported(name))
    hand = page.locator("svg[role=img]", has=page.locator("title", has_text=hand_title)).first
    hand.wait_for(state="visible")
    assert hand.bounding_box()["width"] >= 150
    chart = page.get_by_role("img", name=chart_alt)
    chart.wait_for(state="visible")
    assert chart.bounding_box()["width"] > 400
    assert chart.evaluate("img => img.complete && img.naturalWidth > 400")
    assert chart_words in chart.get_attribute("alt")
    screenshot(f"lesson{name[:2]}-nbconvert-offline")
