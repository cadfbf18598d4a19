"""Whole Black Widow games in Voilà, played to the end screen as a learner plays them.

Each game is the shortest the rules allow (six seats of eight cards, no passing or one
pass, the game over once someone takes two points): on a desktop in practice, on a phone
in German in game mode, and at a classroom seat. On the way: the last trick stays on the
table until the learner plays again, a refusal shows beside the prompt, the log keeps
earlier hands collapsed, nothing scrolls sideways on the phone, axe finds nothing.
Screenshots go to build/screenshots (and, with CARDLAB_SHOTS=DIR, to DIR as well).
"""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from cardlab.classroom.room import Room

from helpers.classroom_pages import APP as CLASSROOM
from helpers.classroom_pages import start_classroom
from helpers.pages import answered

PHONE = {"width": 390, "height": 844}
#: The shortest games: eight cards a seat, over after the first hand (or, at seed 3 and the
#: first legal card each time, the second: 16 points is the most a seat takes in hand 1).
SHORT = {"players": 6, "end_above": 1, "pass_cycle": ["hold"]}
TWO_HANDS = {"players": 6, "end_above": 16, "pass_cycle": ["hold"]}
SHORT_PASS = {"players": 6, "end_above": 1, "pass_cycle": ["left"]}


def app_url(gallery: str, rules: dict, query: str = "") -> str:
    return (f"{gallery}voila/render/apps/blackwidow.ipynb?seed=3&rules="
            f"{quote(json.dumps(rules))}{query}")


@pytest.fixture
def shot(screenshot):
    """Take a screenshot, copied to $CARDLAB_SHOTS too (for a person to look at)."""
    def take(name: str, target) -> Path:
        path = screenshot(name, target)
        if os.environ.get("CARDLAB_SHOTS"):
            Path(os.environ["CARDLAB_SHOTS"]).mkdir(parents=True, exist_ok=True)
            shutil.copy(path, os.environ["CARDLAB_SHOTS"])
        return path
    return take


def deal(page, url: str, button: str = "Deal the cards", hand: str = "Your hand"):
    page.goto(url)
    page.get_by_role("button", name=button).click(timeout=90_000)
    page.get_by_role("group", name=hand).get_by_role("button").first.wait_for(timeout=30_000)


def cards(page, hand: str):
    return page.get_by_role("group", name=hand).get_by_role("button")


def prompt(page):
    """The status line that says whose turn it is (the actions bar's)."""
    return page.locator(".cardlab-bw-actions [role=status]")


def play_to_the_end(page, hand: str, over: str, passing: str = "Pass",
                    each_turn=lambda: None) -> int:
    """Play the first legal card (or pass the first three), dealing each next hand, until
    the end screen's title says `over`; `each_turn()` runs at every decision. Returns the
    cards played."""
    played = 0
    title = page.locator(".cardlab-end-title", has_text=over)
    next_hand = page.locator(".cardlab-end").get_by_role("button", name="Deal the next hand")
    for _ in range(80):
        page.wait_for_function(
            """([hand, over]) => [...document.querySelectorAll('.cardlab-end-title')]
                 .some(t => t.textContent.includes(over))
               || [...document.querySelectorAll('.cardlab-end button')]
                 .some(b => b.textContent == 'Deal the next hand')
               || document.querySelector(`[role=group][aria-label='${hand}']
                                          button[aria-disabled=false]`)""",
            arg=[hand, over], timeout=60_000)
        answered(page)          # the whole change is on the page, the status line too
        if title.count():
            return played
        if next_hand.count():
            next_hand.click()
            expect(next_hand).to_have_count(0, timeout=60_000)
            continue
        each_turn()
        left = cards(page, hand).count()
        pass_button = page.get_by_role("button", name=re.compile("^" + passing))
        if pass_button.count():
            for card in range(3):
                cards(page, hand).nth(card).click()
            expect(pass_button).to_have_attribute("aria-disabled", "false")   # three chosen
            pass_button.click()
            expect(pass_button).to_have_count(0, timeout=60_000)   # as many cards come back
            continue
        page.get_by_role("group", name=hand).locator("button[aria-disabled=false]").first.click()
        played += 1
        page.wait_for_function(
            "([hand, n]) => document.querySelectorAll("
            "`[role=group][aria-label='${hand}'] button`).length < n",
            arg=[hand, left], timeout=60_000)
    raise AssertionError("the game did not end within 80 moves")


#: Each "received" mark wider than its card, as (word, overhang left, overhang right).
MARKS_OUTSIDE_CARDS = """() => [...document.querySelectorAll('.cardlab-card-mark')]
  .filter(mark => mark.textContent).map(mark => {
    const word = mark.getBoundingClientRect();
    const card = mark.closest('.cardlab-card').getBoundingClientRect();
    return [mark.textContent, card.left - word.left, word.right - card.right,
            mark.scrollWidth - mark.clientWidth];
  }).filter(([, left, right, cut]) => left > 0.5 || right > 0.5 || cut > 0)"""


def errors_on(page) -> list[str]:
    return page.locator(".jp-OutputArea-output[data-mime-type*=stderr], .voila-error") \
        .all_text_contents()


def test_a_practice_game_on_a_desktop_to_the_end_screen(page, gallery, axe, shot):
    deal(page, app_url(gallery, TWO_HANDS))
    seen_last_trick = []

    def each_turn():
        panel = page.locator(".cardlab-bw-last", has_text="taken by")
        if panel.count():          # the trick just taken is still on the table
            seen_last_trick.append(panel.first.is_visible())
        if len(seen_last_trick) == 1:
            refused = page.get_by_role("group", name="Your hand").locator(
                "button[aria-disabled=true]")
            if refused.count():
                refused.first.click(force=True)
                note = page.locator(".cardlab-bw-note [role=status]")
                expect(note).to_contain_text("You cannot play the", timeout=10_000)
                expect(prompt(page)).to_contain_text("Your turn")    # both, side by side
                shot("bw-game-desktop-refused", page)
                assert axe(page) == []

    played = play_to_the_end(page, "Your hand", "Game over", each_turn=each_turn)
    assert played == 16 and seen_last_trick and all(seen_last_trick)
    end = page.locator(".cardlab-end")
    expect(end.get_by_role("button", name="New game")).to_be_visible()
    expect(end.get_by_role("button", name="Save the game")).to_be_visible()
    expect(end).to_contain_text("Practice")
    shot("bw-game-desktop-end", page)
    log = page.locator(".cardlab-bw-log")
    # Hand 2 is open; hand 1 is folded under the line that scored it, and opens by keyboard.
    expect(log.locator("[role=group][aria-label='Hand 2'] li").first).to_be_visible()
    folded = log.locator("details", has_text="Hand 1 is over")
    expect(folded.locator("li").first).to_be_hidden()
    folded.locator("summary").focus()
    page.keyboard.press("Enter")
    expect(folded.locator("li").first).to_be_visible()
    shot("bw-game-desktop-log", log)
    assert axe(page) == []
    end.get_by_role("button", name="New game").click()
    page.get_by_role("button", name="Deal the cards").click()
    page.get_by_role("group", name="Your hand").get_by_role("button").first.wait_for()
    assert errors_on(page) == [] and page.outside_requests == []


def test_a_game_in_german_on_a_phone_fits_and_ends(page, gallery, axe, shot):
    page.set_viewport_size(PHONE)
    deal(page, app_url(gallery, SHORT_PASS, "&lang=de&mode=game"), "Karten geben",
         "Deine Hand")
    moments = []

    def each_turn():
        assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
        status = prompt(page).bounding_box()
        hand = page.get_by_role("group", name="Deine Hand").bounding_box()
        # The cards to press and the line that says what to do are within one screen.
        assert status and hand and abs(status["y"] - hand["y"]) < PHONE["height"]
        moments.append(status["y"])
        # "erhalten" under a passed card neither runs into the next card's nor is cut.
        assert page.evaluate(MARKS_OUTSIDE_CARDS) == []
        if len(moments) == 3:
            shot("bw-game-phone-de-playing", page)
            assert axe(page) == []

    play_to_the_end(page, "Deine Hand", "Spielende", "Passen", each_turn)
    assert page.get_by_role("button", name="Tipp").count() == 0        # game mode: no help
    end = page.locator(".cardlab-end")
    new_game = end.get_by_role("button", name="Neues Spiel")
    expect(new_game).to_be_visible()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    title = end.locator(".cardlab-end-title").bounding_box()
    button = new_game.bounding_box()
    assert title and button and button["y"] + button["height"] - title["y"] < PHONE["height"]
    expect(end).to_contain_text("Partie: ohne Hilfe gespielt.")
    # The score table is set like text, not double-spaced (a seat's name wraps here).
    spacing = page.evaluate("""() => { const cell = getComputedStyle(
        document.querySelector('.cardlab-end td'));
        return parseFloat(cell.lineHeight) / parseFloat(cell.fontSize); }""")
    assert spacing < 1.6, spacing
    shot("bw-game-phone-de-end", page)
    assert axe(page) == []
    assert errors_on(page) == []


@pytest.fixture(scope="module")
def classroom(tmp_path_factory):
    folder = tmp_path_factory.mktemp("classroom")
    store = folder / "class.sqlite"
    process, url = start_classroom(store, folder)
    yield url, Room.open(store)
    process.terminate()
    process.wait(timeout=60)


def test_a_classroom_seat_plays_black_widow_to_its_end_screen(browser, classroom, axe, shot):
    url, room = classroom
    table = room.create_table("blackwidow", SHORT, 3, ["student", *["bot:lowest"] * 5])
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        page.goto(f"{url}{CLASSROOM}?token={room.seat_tokens(table)[0]}")
        page.locator(".cardlab-bw").wait_for(timeout=90_000)
        play_to_the_end(page, "Your hand", "Game over")
        end = page.locator(".cardlab-end")
        expect(end).to_contain_text("Lowest score")
        # A seat's page offers neither another game nor every hand: only the seat's review.
        assert end.get_by_role("button").all_inner_texts() == ["Review my game"]
        assert page.get_by_role("button", name="Teacher's view").count() == 0
        assert page.locator(".cardlab-bw-teacher").count() == 0
        assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
        shot("bw-classroom-seat-end", page)
        assert axe(page) == []
        assert errors_on(page) == []
    finally:
        context.close()
