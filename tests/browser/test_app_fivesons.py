"""The Five Sons app in Voilà: played to the end by its controls, the notes check, German and
the keyboard only on a phone, axe-core, and nothing fetched from outside 127.0.0.1."""

import json
import re
import time
from urllib.parse import quote

from playwright.sync_api import expect

from cardlab.cards import parse_cards
from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.rules import FiveSonsRules

from helpers.pages import answered

PHONE = {"width": 390, "height": 844}
DECK = {"faces": ["JC", "QD", "KS"], "hearts": ["AH", "2H", "3H", "4H"]}
SEED = 4
APP = ("voila/render/apps/fivesons.ipynb?players=3&bots=logician,logician&seed="
       f"{SEED}&rules={quote(json.dumps(DECK))}")
RULES = FiveSonsRules(players=3, faces=parse_cards(DECK["faces"]),
                      hearts=parse_cards(DECK["hearts"]))


def open_app(page, gallery, query=""):
    page.goto(gallery + APP + query)
    status = page.get_by_role("status").filter(has_text=re.compile("Your turn|Du fragst"))
    status.wait_for(timeout=90_000)
    return page


def a_question_someone_answers():
    """A face and a heart that another seat holds (the test knows the deal; the page not)."""
    game = FiveSonsGame.deal(RULES, SEED)
    hidden = set(game.hands[0]) | set(game.solution)
    face = next(card for card in RULES.faces if card not in hidden)
    heart = next(card for card in RULES.hearts if card not in hidden)
    return face, heart


#: What the page says and names, in each language the tests play in.
WORDS = {
    "en": {"faces": "Face cards", "hearts": "Hearts", "hand": "Your hand", "ask": "Ask",
           "pass": "Don't guess",
           "over": "The game is over.", "status": "Your turn|Guess|hold both|over"},
    "de": {"faces": "Bildkarten", "hearts": "Herzkarten", "hand": "Deine Hand",
           "ask": "Fragen", "pass": "Nicht raten", "over": "Das Spiel ist aus.",
           "status": "Du fragst|Rate|beide Karten|aus\\."},
}


def ask(page, face, heart, lang="en"):
    words = WORDS[lang]
    page.get_by_role("group", name=words["faces"]).get_by_role("button", name=face).click()
    page.get_by_role("group", name=words["hearts"]).get_by_role("button", name=heart).click()
    page.get_by_role("button", name=words["ask"], exact=True).click()


def play(app, decisions: int, lang="en"):
    """Take up to `decisions` of seat 0's decisions by the page's controls (ask a question
    someone answers, show the first card, never guess); returns the status line.

    Which decision is due is read from the controls enabled once the kernel has answered
    the last clicks (the bots have played on): not from the log, whose new section may be
    drawn later than the controls change."""
    words = WORDS[lang]
    status = app.get_by_role("status").filter(has_text=re.compile(words["status"]))
    ask_button = app.get_by_role("button", name=words["ask"], exact=True)
    pass_button = app.get_by_role("button", name=words["pass"])
    showable = app.get_by_role("group", name=words["hand"]).locator(
        "button[aria-disabled=false]")
    deadline = time.monotonic() + 10 * 60
    taken = 0
    while taken < decisions and words["over"] not in status.text_content():
        assert time.monotonic() < deadline, "no decision of seat 0's came"
        answered(app)
        if ask_button.is_enabled():
            face, heart = a_question_someone_answers()
            ask(app, face.name(lang), heart.name(lang), lang)
        elif pass_button.is_enabled():
            pass_button.click()
        elif showable.count():
            showable.first.click()
        else:
            app.wait_for_timeout(100)
            continue
        taken += 1
    answered(app)
    return status


def test_play_to_the_end_by_the_page_controls(page, gallery, screenshot, axe_all):
    app = open_app(page, gallery)
    status = play(app, decisions=60)
    assert "The game is over." in status.text_content()
    app.get_by_role("heading", name="The game is over.").wait_for()
    assert app.get_by_text("The solution: the").is_visible()
    assert app.get_by_role("button", name="Step through this game").is_visible()
    assert app.get_by_role("table", name="Who held what").is_visible()
    assert app.get_by_text("Practice: 0 hints, 0 take backs.").is_visible()
    for help_ in ("Hint", "Take back"):      # the result stands: no help after the end
        button = app.get_by_role("button", name=help_, exact=True)
        assert button.get_attribute("aria-disabled") == "true", help_
    assert axe_all(app) == []
    assert app.outside_requests == []
    screenshot("app-fivesons-end", app)
    app.get_by_role("button", name="Save the game").click()
    link = app.get_by_role("link", name="Download the game (cardlab/1 record)")
    assert link.get_attribute("download") == "fivesons.json"
    app.get_by_role("button", name="New game").click()
    app.get_by_role("status").filter(has_text="Your turn to ask").wait_for()
    assert app.get_by_role("heading", name="The game is over.").count() == 0


#: The widest spacing of the page's wrapped text (a paragraph, a log section's summary),
#: as line height over font size: about 1.4 is text, 2 and more a double-spaced page.
SPACING = """() => Math.max(...[...document.querySelectorAll(
    '.cardlab-fivesons p, .cardlab-log summary')].filter(e => e.offsetParent).map(e => {
      const style = getComputedStyle(e);
      return parseFloat(style.lineHeight) / parseFloat(style.fontSize); }))"""


def test_a_game_in_german_on_a_phone_to_the_end(page, gallery, screenshot, axe_all):
    """Game mode (no help offered), German, 390 x 844: no sideways scrolling, the Ask
    button within one screen of the cards it asks about, and the end screen."""
    page.set_viewport_size(PHONE)
    app = open_app(page, gallery, "&lang=de&mode=game")
    words = WORDS["de"]
    assert app.get_by_role("button", name="Tipp").count() == 0
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    first = app.get_by_role("group", name=words["faces"]).bounding_box()
    button = app.get_by_role("button", name=words["ask"], exact=True).bounding_box()
    assert button["y"] + button["height"] - first["y"] <= PHONE["height"], (first, button)
    screenshot("app-fivesons-phone-de-start", app)
    assert app.evaluate(SPACING) < 1.6       # "... zum Fragen oder Raten:" wraps here
    assert axe_all(app) == []
    status = play(app, decisions=60, lang="de")
    assert words["over"] in status.text_content()
    app.get_by_role("heading", name=words["over"]).wait_for()
    assert app.get_by_text("Partie: ohne Hilfe gespielt.").is_visible()
    assert app.get_by_role("table", name="Wer was auf der Hand hatte").is_visible()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot("app-fivesons-phone-de-end", app)
    assert app.evaluate(SPACING) < 1.6       # and so does each earlier question's summary
    assert axe_all(app) == []


def test_a_wrong_note_is_explained(page, gallery, screenshot, axe_all):
    """Also the page audited mid-game, every axe finding whatever its impact: after a few
    questions, with the notes' feedback, a hint and an earlier round of the log open."""
    app = open_app(page, gallery)
    face, heart = a_question_someone_answers()
    ask(app, face.name(), heart.name())
    status = app.get_by_role("status").filter(has_text="showed you the")
    status.wait_for(timeout=30_000)
    shown = re.search(r"Seat (\d) showed you the (.+?)\.", status.text_content())
    shower, card = int(shown.group(1)), shown.group(2)
    other = 3 - shower                                 # seats 1 and 2: the one that did not show
    app.get_by_role("button", name=f"{card}, Seat {other}: not marked").click()
    app.get_by_role("button", name=f"{card}, Seat {other}: holds").wait_for()
    app.get_by_role("button", name="Check my notes").click()
    app.get_by_text(f"Seat {other} holds the {card}: wrong.").wait_for(timeout=30_000)
    assert app.get_by_role("button", name=f"{card}, Seat {other}: holds, wrong").count() == 1
    assert "since event 1 (You asked:" in app.locator(".cardlab-notes-feedback").inner_text()
    screenshot("app-fivesons-notes-wrong", app)
    status = play(app, decisions=4)
    if "The game is over." not in status.text_content():
        app.get_by_role("button", name="Hint", exact=True).click()
        app.locator(".cardlab-hint").wait_for()
    app.get_by_role("button", name="Check my notes").click()
    app.locator(".cardlab-log details summary").first.click()
    app.locator(".cardlab-log details[open]").first.wait_for()
    screenshot("app-fivesons-mid-game", app)
    assert axe_all(app) == []


def test_german_keyboard_only_on_a_phone(page, gallery, screenshot, axe_all):
    page.set_viewport_size(PHONE)
    app = open_app(page, gallery, "&lang=de")
    # The own hand, before anyone asks for a card: pictures in full colour, not buttons that
    # look unavailable, and out of the tab order.
    own = app.get_by_role("group", name="Deine Hand")
    assert own.get_by_role("img").count() >= 1 and own.get_by_role("button").count() == 0
    assert own.locator("[aria-disabled]").count() == 0
    face, heart = a_question_someone_answers()
    for name in (face.name("de"), heart.name("de"), "Fragen"):
        target = app.get_by_role("button", name=name, exact=True)
        for _ in range(60):
            if target.evaluate("e => e === document.activeElement"):
                break
            app.keyboard.press("Tab")
        assert target.evaluate("e => e.matches(':focus-visible')")
        app.keyboard.press("Enter")
    app.get_by_role("status").filter(has_text="hat dir die Karte").wait_for(timeout=30_000)
    assert app.get_by_text("Du hast gefragt:").count() >= 1
    hand = app.get_by_role("group", name="Deine Hand")
    box = hand.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert app.evaluate("document.documentElement.scrollWidth") <= PHONE["width"] + 1
    screenshot("app-fivesons-de-390px", app)
    assert axe_all(app) == []                 # mid-game, in German, at a phone's width


def test_the_table_picture_and_take_back_by_keyboard(page, gallery, screenshot, axe_all):
    app = open_app(page, gallery)
    table = app.get_by_role("img", name="The table")
    assert "Seat 1 (Standard): 2 cards, nothing yet this round" in table.text_content()
    face, heart = a_question_someone_answers()
    ask(app, face.name(), heart.name())
    app.get_by_role("status").filter(has_text="showed you the").wait_for(timeout=30_000)
    expect(table).to_contain_text("You: 2 cards, asked")
    expect(app.locator(".cardlab-fs-question")).to_contain_text(f"You asked: The {face.name()} has")
    screenshot("app-fivesons-table", app)
    app.get_by_role("button", name="Take back", exact=True).focus()
    app.keyboard.press("Enter")
    app.get_by_role("status").filter(has_text="Taken back").wait_for(timeout=30_000)
    expect(app.locator(".cardlab-log li")).to_have_count(0)
    expect(table).to_contain_text("nothing yet this round")
    assert axe_all(app) == []
    assert app.outside_requests == []


#: Every change of the controls' aria-busy from now on, kept on the page.
WATCH_BUSY = """() => {
  window.busy = [];
  const bar = document.querySelector('.cardlab-controls').parentElement;
  new MutationObserver(() => window.busy.push(bar.getAttribute('aria-busy')))
    .observe(bar, {attributes: true, attributeFilter: ['aria-busy']});
}"""


def test_the_controls_are_busy_until_the_kernel_has_answered(page, gallery):
    """From the click on Ask until the bots have played on, the controls say they are busy
    (a screen reader waits for the whole change); then they are not. A double click on
    Don't guess sends one click: the second came before the first was answered."""
    sent = []
    page.on("websocket", lambda socket: socket.on("framesent", lambda frame: sent.append(
        frame if isinstance(frame, str) else frame.decode("utf-8", "replace"))))
    app = open_app(page, gallery)
    face, heart = a_question_someone_answers()
    app.evaluate(WATCH_BUSY)
    ask(app, face.name(), heart.name())
    answered(app)
    assert app.evaluate("() => window.busy") == ["true", None]
    dont_guess = app.get_by_role("button", name="Don't guess")
    expect(dont_guess).to_have_attribute("aria-disabled", "false")
    dont_guess.dblclick()
    answered(app)
    assert sum('"click": "pass"' in frame or '"click":"pass"' in frame for frame in sent) == 1


def test_nothing_another_seat_was_told_reaches_the_page(page, gallery, received):
    """Every websocket frame, over several rounds: no card shown between two other seats, no
    other seat's view of a wrong guess, and no solution before the rules reveal it."""
    app = open_app(page, gallery)
    status = play(app, decisions=8)
    text = "\n".join(received)
    assert "You asked" in text                   # the listening works
    assert re.search(r"Seat [12] showed seat [12] a card", text)  # bots did show each other
    assert not re.search(r"Seat [12] showed seat [12] the ", text)
    assert not re.search(r"Seat [12] guessed wrong and saw", text)
    if "The game is over." not in status.text_content():
        game = FiveSonsGame.deal(RULES, SEED)
        solution = " and the ".join(card.name() for card in game.solution)
        assert solution not in text


#: How many px of a drop-down's chosen option its box cuts off (0: it all shows).
CUT_OFF = """(select) => {
  const style = getComputedStyle(select);
  const context = document.createElement("canvas").getContext("2d");
  context.font = style.font;
  const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return Math.max(0, context.measureText(select.selectedOptions[0].text).width - room);
}"""
#: The smallest text of an SVG picture as rendered on the page, in px.
SMALLEST_TEXT = """(svg) => Math.min(...[...svg.querySelectorAll("text")].map(
  text => parseFloat(getComputedStyle(text).fontSize) * text.getScreenCTM().a))"""


def test_a_full_table_fits_a_phone(page, gallery, screenshot):
    page.set_viewport_size(PHONE)
    page.goto(gallery + f"voila/render/apps/fivesons.ipynb?seed={SEED}")
    page.get_by_role("status").filter(has_text="Your turn").wait_for(timeout=90_000)
    sheet = page.locator(".cardlab-notes")
    sheet.wait_for()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"] + 1
    for name in ("Bots' level", "Mode"):           # a phone's menu shows its whole choice
        assert page.get_by_role("combobox", name=name).evaluate(CUT_OFF) == 0, name
    assert page.get_by_text("asks about cards it has not ticked off").is_visible()  # below it
    assert round(page.get_by_role("img", name="The table").evaluate(SMALLEST_TEXT), 1) >= 12
    for part in (sheet, page.locator(".cardlab-notes caption"),
                 page.locator(".cardlab-notes thead th").last):
        box = part.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    # Row heads show the card's corner; the cells' names still say the whole card.
    assert page.locator(".cardlab-notes tbody .cardlab-notes-short").first.is_visible()
    assert page.get_by_role("button", name=re.compile(
        r"^\w+ of \w+, Solution: not marked$")).count() >= 10
    screenshot("app-fivesons-phone-notes", sheet)
    # The full deck's pickers: the Ask button within one screen of the first face card.
    first = page.get_by_role("group", name="Face cards").bounding_box()
    button = page.get_by_role("button", name="Ask", exact=True).bounding_box()
    screenshot("app-fivesons-phone-table", page.locator(".cardlab-fivesons"))
    assert button["y"] + button["height"] - first["y"] <= PHONE["height"], (first, button)
