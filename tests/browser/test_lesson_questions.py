"""Lesson 6 in Voila: the page shows before any bot game is played; the small tournament
runs when the learner presses its button, with a progress bar, then shows its table."""

from playwright.sync_api import expect

LESSON = "voila/render/06_good_questions.ipynb"


def test_the_tournament_waits_for_its_button(page, gallery, screenshot, axe):
    page.goto(gallery + LESSON)
    box = page.locator(".cardlab-focus", has=page.get_by_role("button", name="Play 6 game(s)"))
    play = box.get_by_role("button", name="Play 6 game(s)")
    play.wait_for(timeout=120_000)
    status = box.get_by_role("status")
    expect(status).to_contain_text("Press the button to play 6 game(s)")
    assert box.get_by_role("table").count() == 0
    assert axe(page) == []

    play.click()
    expect(status).to_contain_text("Games played: 6 of 6. The table is below.", timeout=300_000)
    table = box.get_by_role("table", name="Wins per bot")
    expect(table.get_by_role("columnheader", name="games played")).to_be_visible()
    expect(table.get_by_role("cell", name="infogain")).to_be_visible()
    expect(box.locator(".widget-hprogress, .jupyter-widgets.widget-progress").first
           ).to_be_visible()
    screenshot("lesson06-voila-tournament", box)
