"""Review from both play apps' end screens in Voilà: the review runs with its progress bar,
shows its graph and table, a decision opens in the stepper, by keyboard too; axe-core clean."""

import json
import re
from urllib.parse import quote

from playwright.sync_api import expect
from test_app_blackwidow import cards_left, play_a_legal_card
from test_app_fivesons import PHONE, SMALLEST_TEXT
from test_app_fivesons import open_app as open_fivesons
from test_app_fivesons import play as play_fivesons

#: One hand ends the game, and nobody passes: the shortest Black Widow game.
SHORT = {"end_above": 1, "pass_cycle": ["hold"]}
BLACKWIDOW = f"voila/render/apps/blackwidow.ipynb?seed=7&rules={quote(json.dumps(SHORT))}"
TABLE = "Each decision: the choice made, the best one, the loss and the verdict"
#: A review may take a while on a busy machine: a bound for a stuck one, not a speed goal.
REVIEWED = 300_000


def review_from_the_end_screen(app):
    """Press Review, see the review start, and wait for its table."""
    app.get_by_role("button", name="Review my game").click()
    app.get_by_role("heading", name="Your game, reviewed").wait_for(timeout=30_000)
    app.get_by_role("table", name=TABLE).wait_for(timeout=REVIEWED)
    return app.get_by_role("table", name=TABLE)


def test_review_from_the_five_sons_end_screen(page, gallery, screenshot, axe_all):
    app = open_fivesons(page, gallery)
    status = play_fivesons(app, decisions=60)
    assert "The game is over." in status.text_content()
    table = review_from_the_end_screen(app)
    rows = table.locator("tbody tr")
    assert rows.count() >= 1
    graph = app.get_by_role("img", name=re.compile("^The game as the review measured it"))
    assert graph.is_visible()
    assert "Uncertainty left about the solution (bits) at each decision" in \
        graph.locator("desc").text_content()
    expect(app.get_by_text(re.compile(r"^Your game: \d+ decisions"))).to_be_visible()
    expect(app.get_by_role("status").filter(has_text="Review finished")).to_be_visible()
    screenshot("app-fivesons-review", app)
    assert axe_all(app) == []
    # On a phone each decision is a block of named lines: its loss and verdict need no
    # sideways scrolling.
    app.set_viewport_size(PHONE)
    for name in ("Loss", "Verdict"):
        box = rows.first.locator(f'[data-label="{name}"]').bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    screenshot("app-fivesons-review-phone", table)
    assert axe_all(app) == []
    app.set_viewport_size({"width": 1100, "height": 900})
    # By keyboard: focus a row's button and press Enter; the stepper opens at that moment.
    button = rows.last.get_by_role("button")
    button.focus()
    app.keyboard.press("Enter")
    expect(app.get_by_role("status").filter(has_text="is open in the stepper")).to_be_visible(
        timeout=30_000)
    stepper = app.locator(".cardlab-stepper")
    expect(stepper).to_be_visible()
    # The focus goes on to the stepper, where the learner carries on.
    app.wait_for_function("document.activeElement.closest('.cardlab-stepper') !== null",
                          timeout=30_000)
    expect(stepper.get_by_role("status")).to_contain_text(re.compile(r"After [1-9]\d* of"),
                                                          timeout=30_000)
    # Beside the step, what the decision was: no scrolling back up to the table.
    expect(stepper.locator(".cardlab-stepper-note")).to_contain_text(
        re.compile(r"^Decision \d+ of the review: .+ chosen, .+ best; loss "))
    screenshot("app-fivesons-review-opened", app)
    assert axe_all(app) == []
    assert app.outside_requests == []


def test_review_from_the_black_widow_end_screen(page, gallery, screenshot, axe):
    page.goto(gallery + BLACKWIDOW)
    page.get_by_role("button", name="Deal the cards").click(timeout=90_000)
    page.get_by_role("group", name="Your hand").get_by_role("button").first.wait_for(
        timeout=30_000)
    while cards_left(page):
        play_a_legal_card(page)
    page.get_by_role("heading", name="Game over").wait_for(timeout=30_000)
    table = review_from_the_end_screen(page)
    screenshot("app-blackwidow-review", page)
    assert axe(page) == []
    rows = table.locator("tbody tr")
    assert rows.count() >= 1
    graph = page.get_by_role("img", name=re.compile("^The game as the review measured it"))
    assert "Expected score (points) at each decision" in graph.locator("desc").text_content()
    page.set_viewport_size(PHONE)        # the graph shrinks; its words are drawn larger
    assert graph.evaluate(SMALLEST_TEXT) >= 10.5
    screenshot("app-blackwidow-review-phone", graph)
    page.set_viewport_size({"width": 1100, "height": 900})
    rows.last.get_by_role("button").click()
    expect(page.get_by_role("status").filter(has_text="is open in the stepper")).to_be_visible(
        timeout=30_000)
    stepper = page.locator(".cardlab-stepper")
    expect(stepper).to_be_visible()
    expect(stepper.get_by_role("combobox")).to_have_count(2)        # whose view, the focus
    screenshot("app-blackwidow-review-opened", page)
    assert axe(page) == []
    assert page.outside_requests == []
