"""The Black Widow app in Voilà: a hand played by card buttons found by their names, a refused
card explained, German, the keyboard only, axe-core, what the page receives, and screenshots."""

import json
import re
from urllib.parse import quote

from playwright.sync_api import expect

from cardlab.blackwidow.game import BlackWidowGame
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.cards import Card

from helpers.pages import answered

PHONE = {"width": 390, "height": 844}
SEED = 7
APP = f"voila/render/apps/blackwidow.ipynb?seed={SEED}"
HAND = "Your hand"


def open_app(page, gallery, query="", deal="Deal the cards"):
    page.goto(gallery + APP + query)
    button = page.get_by_role("button", name=deal)
    button.wait_for(timeout=90_000)
    button.click()
    page.get_by_role("group", name=re.compile(HAND + "|Deine Hand")).get_by_role(
        "button").first.wait_for(timeout=30_000)
    return page


def hand(page, name=HAND):
    return page.get_by_role("group", name=name).get_by_role("button")


def cards_left(page, name=HAND) -> int:
    return hand(page, name).count()


def wait_for_fewer(page, count, name=HAND):
    page.wait_for_function(
        "([name, n]) => document.querySelectorAll("
        "`[role=group][aria-label='${name}'] button`).length < n",
        arg=[name, count], timeout=30_000)


def pass_three(page, name=HAND, button="Pass"):
    for card in range(3):
        hand(page, name).nth(card).click()
    confirm = page.get_by_role("button", name=re.compile("^" + button))
    expect(confirm).to_have_attribute("aria-disabled", "false")   # once three are chosen
    confirm.click()
    page.locator("[role=status]", has_text=re.compile("Your turn|to play|Du bist|am Zug")) \
        .wait_for(timeout=30_000)


def status(page) -> str:
    return page.locator(".cardlab-bw [role=status]:not([hidden])").text_content()


def play_a_legal_card(page):
    left = cards_left(page)
    page.get_by_role("group", name=HAND).locator("button[aria-disabled=false]").first.click()
    wait_for_fewer(page, left)


def errors_on(page) -> list[str]:
    return page.locator(".jp-OutputArea-output[data-mime-type*=stderr], .voila-error") \
        .all_text_contents()


def test_a_whole_hand_by_card_buttons_ends_on_the_score_sheet(page, gallery, screenshot):
    app = open_app(page, gallery)
    assert "No hand finished yet" in app.locator(".cardlab-bw-scores").text_content()
    pass_three(app)
    assert app.get_by_role("group", name=HAND).locator("button[aria-describedby]").count() == 3
    screenshot("app-blackwidow-desktop", app)
    while cards_left(app):
        play_a_legal_card(app)
    app.locator("[role=status]", has_text="Hand 1 is over").wait_for(timeout=30_000)
    # The score sheet is redrawn after the status line: wait for it, do not read it at once.
    expect(app.locator(".cardlab-bw-scores tbody")).to_contain_text("Hand 1", timeout=30_000)
    app.get_by_role("img", name=re.compile("Running totals")).wait_for()
    assert errors_on(app) == []
    assert app.outside_requests == []
    screenshot("app-blackwidow-hand-over", app)


def test_the_teachers_view_asks_first_and_opens_by_keyboard(page, gallery, screenshot, axe):
    app = open_app(page, gallery)
    app.get_by_role("group", name="Views and game").get_by_role(
        "button", name="Teacher's view").click()
    question = app.get_by_role("group", name="Open the teacher's view?")
    expect(question.get_by_role("status")).to_contain_text("Show every hand?", timeout=10_000)
    expect(app.locator(".cardlab-bw-teacher")).to_have_count(0)
    question.get_by_role("button", name="Cancel").click()
    expect(question.get_by_role("button")).to_have_count(0, timeout=10_000)
    app.get_by_role("button", name="Teacher's view").click()
    confirm = question.get_by_role("button", name="Show every hand")
    confirm.wait_for(timeout=10_000)
    assert axe(app) == []
    screenshot("app-blackwidow-teacher-question", app)
    confirm.focus()
    app.keyboard.press("Enter")
    expect(app.locator(".cardlab-bw-teacher svg")).to_have_count(3, timeout=10_000)
    expect(app.get_by_role("button", name="Teacher's view")).to_have_attribute(
        "aria-pressed", "true")
    assert errors_on(app) == []


def test_a_refused_card_says_why_and_changes_nothing(page, gallery):
    app = open_app(page, gallery)
    pass_three(app)
    for _ in range(13):
        refused = app.get_by_role("group", name=HAND).locator("button[aria-disabled=true]")
        if refused.count() and "Your turn" in status(app):
            break
        play_a_legal_card(app)
    before = hand(app).all_inner_texts(), app.locator("svg[role=img]").first.inner_html()
    refused.first.click(force=True)   # Playwright would wait for it to be enabled
    app.locator("[role=status]", has_text="You cannot play the").wait_for(timeout=10_000)
    assert (hand(app).all_inner_texts(), app.locator("svg[role=img]").first.inner_html()) \
        == before


def test_german_and_the_keyboard_only_on_a_phone(page, gallery, screenshot, axe):
    page.set_viewport_size(PHONE)
    app = open_app(page, gallery, "&lang=de", deal="Karten geben")
    pass_three(app, "Deine Hand", "Passen")
    assert hand(app, "Deine Hand").filter(has_text="").first.get_attribute("aria-label") in \
        {card.name("de") for card in BlackWidowRules().deck}
    screenshot("app-blackwidow-phone-de", app)
    left = cards_left(app, "Deine Hand")
    for _ in range(200):
        app.keyboard.press("Tab")
        focused = app.evaluate("() => [document.activeElement.closest("
                               "'[aria-label=\"Deine Hand\"]') !== null, "
                               "document.activeElement.getAttribute('aria-disabled')]")
        if focused == [True, "false"]:
            break
    assert focused == [True, "false"]
    app.keyboard.press("Enter")
    wait_for_fewer(app, left, "Deine Hand")
    assert app.evaluate("() => document.activeElement.tagName") in ("BUTTON", "DIV")
    assert axe(app) == []
    assert errors_on(app) == []


def test_cards_to_pass_chosen_by_keyboard_keep_the_focus_and_a_quick_second_press_counts(
        page, gallery):
    """Choosing cards to pass: Space on a card leaves the focus on it (Tab goes on to the
    next card), and a card pressed twice in quick succession is chosen and unchosen: pressing
    a card to pass is a switch, not a decision a double click must not make twice."""
    app = open_app(page, gallery)
    first, second = hand(app).nth(0), hand(app).nth(1)
    first.focus()
    app.keyboard.press("Space")
    answered(app)
    expect(first).to_have_attribute("aria-pressed", "true")
    assert first.evaluate("card => card === document.activeElement")
    app.keyboard.press("Tab")
    app.keyboard.press("Space")
    answered(app)
    expect(second).to_have_attribute("aria-pressed", "true")
    first.dblclick()                                          # off, and on again
    answered(app)
    expect(first).to_have_attribute("aria-pressed", "true")
    assert hand(app).and_(app.locator("[aria-pressed=true]")).count() == 2


def test_no_serious_accessibility_violations_and_nothing_hidden_reaches_the_page(
        page, gallery, received, axe):
    app = open_app(page, gallery)
    assert axe(app) == []
    deal = BlackWidowGame.new(BlackWidowRules(), SEED).hand.deal   # as the app dealt it
    assert_not_received(received, set(BlackWidowRules().deck) - set(deal[0]))
    pass_three(app)
    # Before the learner's first card every card played lies in the first trick.
    mine = {Card.parse(code) for code in hand(app).evaluate_all(
        "buttons => buttons.map(b => b.dataset.card)")}
    played = {Card.parse(code) for code in app.locator(".cardlab-trick-card").evaluate_all(
        "cards => cards.map(c => c.dataset.card)")}
    assert_not_received(received, set(BlackWidowRules().deck) - mine - set(deal[0]) - played)
    assert app.outside_requests == []


def assert_not_received(frames: list[str], hidden: set) -> None:
    """No websocket frame names a hidden card as a card button or a drawn card."""
    text = "\n".join(frames)
    assert '"cards"' in text                 # the listening works: the hand arrived
    assert hidden
    for card in hidden:
        assert not re.search(rf'\\?"code\\?":\s*\\?"{card.code}\\?"', text), card
        assert not re.search(rf'data-card=\\*"{card.code}', text), card


def test_on_a_phone_nothing_scrolls_sideways_and_the_table_labels_are_readable(
        page, gallery, screenshot):
    page.set_viewport_size(PHONE)
    # Six seats: the most labels round the table, the narrowest room for each.
    app = open_app(page, gallery, "&lang=de&rules=" + quote(json.dumps({"players": 6})),
                   deal="Karten geben")
    pass_three(app, "Deine Hand", "Passen")
    # Nothing on the table covers anything else: each seat (its cards and its label, as the
    # browser draws their text) and each card of the trick.
    drawn = app.locator(".cardlab-bw svg[role=img] :is(g[data-seat], .cardlab-trick-card)") \
        .evaluate_all("parts => parts.map(p => { const r = p.getBoundingClientRect(); "
                      "return [p.dataset.seat ?? p.dataset.card, r.left, r.top, r.right, "
                      "r.bottom]; })")
    assert len([part for part in drawn if part[0].isdigit()]) == 6
    assert [(a[0], b[0]) for i, a in enumerate(drawn) for b in drawn[i + 1:]
            if a[1] < b[3] - 1 and b[1] < a[3] - 1 and a[2] < b[4] - 1 and b[2] < a[4] - 1] \
        == []
    sheet = app.locator(".cardlab-bw-scores")
    expect(sheet).to_contain_text("Noch keine Runde")
    assert app.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"] + 1
    for part in (sheet, app.locator(".cardlab-bw-log"), app.locator(".cardlab-upload")):
        box = part.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    # Short column heads on the phone; screen readers still get the full name.
    assert sheet.locator(".cardlab-bw-short").first.is_visible()
    assert "Platz 1 (Anfänger)" in sheet.locator("thead").text_content()   # the default level
    # The seat labels on the table picture are at least 11 px high on the screen.
    sizes = app.locator(".cardlab-bw svg[role=img] g[data-seat] text").evaluate_all(
        "texts => texts.map(t => t.getBoundingClientRect().height)")
    assert sizes and min(sizes) >= 11, sizes
    # The upload button shows no file counter, and its name has none either.
    upload = app.get_by_role("button", name="Spiel laden", exact=True)
    expect(upload).to_be_visible()
    assert "(0)" not in upload.evaluate(
        "b => getComputedStyle(b).fontSize === '0px' ? '' : b.textContent")
    # "Since your last move" is one column, read from top to bottom.
    lefts = app.locator(".cardlab-bw-log li").evaluate_all(
        "items => items.map(i => i.getBoundingClientRect().left)")
    tops = app.locator(".cardlab-bw-log li").evaluate_all(
        "items => items.map(i => i.getBoundingClientRect().top)")
    assert len(set(lefts)) == 1 and tops == sorted(tops), (lefts, tops)
    screenshot("app-blackwidow-phone-table-de", app)
    screenshot("app-blackwidow-phone-scores-de", sheet)
