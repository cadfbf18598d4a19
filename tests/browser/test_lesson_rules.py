"""Lessons 3 and 7 exported to HTML (executed, as `jupyter nbconvert --to html` does) and
read with no network: the cards show, every exercise can be read (its question, its
choices, and where answers are checked), the game's place says where it appears, and
nothing but the scripts nbconvert's template asks a CDN for is requested from outside."""

from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

#: What nbconvert's HTML template itself asks for: require.js, MathJax, the widget manager.
TEMPLATE_SCRIPTS = {"cdnjs.cloudflare.com", "unpkg.com", "cdn.jsdelivr.net"}
NOTE = "The answer is checked when this lesson runs in Jupyter or Voilà"
PLAY = "When this lesson runs in Jupyter or Voilà, a widget to play with appears here."

LESSONS = {
    "03_fivesons_rules": {
        "hands": ["Hand of 5 cards"] * 4,
        # The warm-up on earlier lessons first: a card's code, a chance (numbers to type).
        "exercises": {"Type the code of the": [],
                      "nobody has asked anything yet. What is the chance that": [],
                      "Question 2: who showed seat 1 a card?": ["Seat 0", "Seat 2", "Seat 3"],
                      "Question 2: which seats saw which card was shown?":
                          ["Seat 0", "Seat 1", "Seat 2", "Seat 3"],
                      "Question 3: which card did seat 0 see?":
                          ["the Queen of Hearts", "the Nine of Hearts", "no card"],
                      # A number to compute: no choices to list.
                      "What is the chance that its best guess is right?": []},
    },
    "07_blackwidow_rules": {
        "hands": ["Hand of 13 cards: Six of Clubs"],
        # The warm-up: bits (a number to type), then which named step proves a certainty.
        "exercises": {"How many bits of uncertainty have you about the solution?": [],
                      "Which named step proves it?": ["1. Shown to me", "7. Case analysis"],
                      "First trick, clubs led: which of your cards may you play?":
                          ["Six of Clubs", "Ten of Spades"],
                      "Second trick, you lead: which of your cards may you lead?":
                          ["Seven of Clubs", "Seven of Hearts"],
                      "Why may you not lead the Seven of Hearts now?":
                          ["Hearts are not broken yet.", "It is legal: it may be played."],
                      "How many points does seat": []},
        # The answer to exercise 1 comes after it, folded until the learner opens it.
        "answers": ("Which cards you may play, and why not",
                    "No. You hold clubs, the suit led, so you must follow suit."),
    },
}


@pytest.mark.parametrize("name", LESSONS)
def test_rules_lesson_reads_offline(page, screenshot, exported, name):
    lesson = LESSONS[name]
    page.goto(exported(name))
    for index, title in enumerate(lesson["hands"]):
        hand = page.locator("svg[role=img]", has=page.locator("title", has_text=title)).nth(index)
        hand.wait_for(state="visible")
        assert hand.bounding_box()["width"] >= 150
    copies = page.locator(".cardlab-offline", has=page.get_by_text(NOTE))
    copies.first.wait_for(state="visible")
    assert copies.count() == len(lesson["exercises"])
    for copy, (question, choices) in zip(copies.all(), lesson["exercises"].items(),
                                         strict=True):
        assert copy.is_visible()
        assert question in copy.text_content()
        items = copy.get_by_role("listitem").all_text_contents()
        assert all(choice in items for choice in choices), items
        # The question is asked once: by the exercise, not again in the text around it.
        assert page.locator(".jp-RenderedMarkdown", has_text=question).count() == 0, question
    if "answers" in lesson:
        summary, answer = lesson["answers"]
        folded = page.locator("details", has=page.get_by_text(summary))
        assert folded.get_by_text(answer).first.is_hidden()
        folded.get_by_text(summary).click()
        folded.get_by_text(answer).first.wait_for(state="visible")
    page.get_by_text(PLAY).wait_for(state="visible")
    outside = [urlparse(url) for url in page.outside_requests]
    assert all(url.hostname in TEMPLATE_SCRIPTS and url.path.endswith(".js")
               for url in outside), page.outside_requests
    screenshot(f"lesson{name[:2]}-nbconvert-offline")


def test_german_rules_lesson_reads_offline_in_german(page, exported):
    page.goto(exported("de/07_blackwidow_rules"))
    hand = page.locator("svg[role=img]", has=page.locator(
        "title", has_text="Hand mit 13 Karten: Kreuz-Sechs")).first
    hand.wait_for(state="visible")
    copies = page.locator(".cardlab-offline", has=page.get_by_text(
        "Die Antwort wird geprüft, wenn diese Lektion in Jupyter oder Voilà läuft"))
    copies.first.wait_for(state="visible")
    assert copies.count() == 6       # two warm-up questions, then the lesson's four
    assert "Aufgabe: Warum darfst du die Herz-Sieben jetzt nicht ausspielen?" in (
        copies.nth(4).text_content())
    assert "Herz ist noch nicht gebrochen." in copies.nth(4).get_by_role(
        "listitem").all_text_contents()
    assert "Wie viele Punkte bekommt Platz" in copies.last.text_content()
    page.get_by_text("Wenn diese Lektion in Jupyter oder Voilà läuft, erscheint hier ein "
                     "Widget zum Ausprobieren.").wait_for(state="visible")


VOILA = {
    "en": {"path": "voila/render/07_blackwidow_rules.ipynb", "check": "Check",
           "first": "First trick, clubs led: which of your cards may you play?",
           "clubs": ["Six of Clubs", "Seven of Clubs", "Eight of Clubs", "Nine of Clubs",
                     "Ten of Clubs"],
           "heart": "Four of Hearts",
           "right": "Right! You may play only the Six of Clubs",
           "wrong": "Not quite. You may not play the Four of Hearts. You hold clubs, the suit "
                    "led, so you must follow suit.",
           "third": "Why may you not lead the Seven of Hearts now?",
           "reasons": {"The suit led must be followed.": "no suit has been led yet",
                       "The first trick opens with the lowest club.":
                           "it has been played already",
                       "No point cards on the first trick.": "This is trick 2, not the first",
                       "Hearts are not broken yet.": "Right! Hearts are not broken yet",
                       "It is legal: it may be played.":
                           "the Seven of Hearts would be refused now"}},
    "de": {"path": "voila/render/de/07_blackwidow_rules.ipynb?lang=de", "check": "Prüfen",
           "first": "Erster Stich, Kreuz ist ausgespielt: welche deiner Karten darfst du spielen?",
           "clubs": ["Kreuz-Sechs", "Kreuz-Sieben", "Kreuz-Acht", "Kreuz-Neun", "Kreuz-Zehn"],
           "heart": "Herz-Vier",
           "right": "Richtig! Du darfst nur Kreuz-Sechs",
           "wrong": "Nicht ganz. Du darfst Herz-Vier nicht spielen. Du hast Kreuz, die "
                    "ausgespielte Farbe, also musst du bedienen.",
           "third": "Warum darfst du die Herz-Sieben jetzt nicht ausspielen?",
           "reasons": {"Die ausgespielte Farbe muss bedient werden.":
                           "es wurde noch keine Farbe ausgespielt",
                       "Herz ist noch nicht gebrochen.": "Richtig! Herz ist noch nicht gebrochen"}},
}


@pytest.mark.parametrize(("lang", "width"), [("en", 390), ("de", 1280)])
def test_lesson_7_exercises_check_the_trick_they_ask_about_in_voila(page, gallery, screenshot,
                                                                    lang, width):
    """In Voila every cell has run before the learner answers, so the game has moved on to
    the second trick: exercise 1 still takes the five clubs of the first trick."""
    lesson = VOILA[lang]
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(gallery + lesson["path"])
    first = page.locator(".cardlab-exercise", has=page.get_by_text(lesson["first"]))
    first.get_by_role("button", name=lesson["clubs"][0], exact=True).wait_for(timeout=120_000)
    status = first.get_by_role("status")
    for name in lesson["clubs"]:
        card = first.get_by_role("button", name=name, exact=True)
        card.click()
        # The pressed state comes back from the kernel: wait for it.
        expect(card).to_have_attribute("aria-pressed", "true", timeout=30_000)
    first.get_by_role("button", name=lesson["check"]).click()
    expect(status).to_contain_text(lesson["right"], timeout=30_000)

    heart = first.get_by_role("button", name=lesson["heart"], exact=True)
    heart.click()
    expect(heart).to_have_attribute("aria-pressed", "true", timeout=30_000)
    first.get_by_role("button", name=lesson["check"]).click()
    expect(status).to_have_text(lesson["wrong"], timeout=30_000)

    third = page.locator(".cardlab-exercise", has=page.get_by_text(lesson["third"]))
    feedback = third.get_by_role("status")
    for choice, reason in lesson["reasons"].items():
        third.get_by_role("radio", name=choice).check()
        third.get_by_role("button", name=lesson["check"]).click()
        expect(feedback).to_contain_text(reason, timeout=30_000)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    screenshot(f"lesson07-voila-{lang}-{width}", first)
