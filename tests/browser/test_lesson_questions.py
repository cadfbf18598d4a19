"""Lessons 6 and 9 in Voila: the page shows before any bot game is played; the small
tournament runs when the learner presses its button, with a progress bar and a status line
in words, then shows its results (lesson 6: a table of wins; lesson 9: a table and a chart of
points per hand). Lesson 9's exercises explain a wrong card from the position, and the
interval questions are answered from the hands the learner played."""

from playwright.sync_api import expect

LESSON = "voila/render/06_good_questions.ipynb"
LESSON_9 = "voila/render/09_playing_well.ipynb"
GERMAN_9 = "voila/render/de/09_playing_well.ipynb"


def tournament(page, url, button):
    """Open the lesson at `url`; return its tournament box (found by its `button`), that
    button and the box's status line, once the button shows."""
    page.goto(url)
    box = page.locator(".cardlab-focus", has=page.get_by_role("button", name=button))
    play = box.get_by_role("button", name=button)
    play.wait_for(timeout=120_000)
    return box, play, box.get_by_role("status")


def test_the_tournament_waits_for_its_button(page, gallery, screenshot, axe):
    box, play, status = tournament(page, gallery + LESSON, "Play 6 games")
    expect(status).to_contain_text("Press the button to play 6 games")
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


def exercise(page, question):
    """The exercise box whose question contains `question`."""
    return page.locator(".cardlab-exercise", has=page.get_by_text(question))


def show_me(box, expected, button="Show me"):
    """Press `button` (the answer with its reasoning); return the feedback once it contains
    `expected`."""
    box.get_by_role("button", name=button).click()
    status = box.get_by_role("status").filter(has_text=expected)
    status.wait_for(timeout=30_000)
    return status.text_content()


def answer(box, choice, expected, check="Check"):
    """Choose `choice`, press `check`, wait for feedback containing `expected`; return it."""
    box.get_by_role("radio", name=choice).check()
    box.get_by_role("button", name=check).click()
    status = box.get_by_role("status").filter(has_text=expected)
    status.wait_for(timeout=30_000)
    return status.text_content()


def test_lesson_9_plays_its_hands_when_asked_and_explains_its_exercises(page, gallery,
                                                                      screenshot, axe):
    box, play, status = tournament(page, gallery + LESSON_9, "Play 12 hands")
    expect(status).to_contain_text("Press the button to play 12 hands")
    assert box.get_by_role("table").count() == 0
    # The bot's averages are folded after exercise 1, not shown under it.
    expect(page.get_by_text("The bot's choice and its averages")).to_be_visible()
    expect(page.get_by_text("Nine of Clubs 9.7")).to_be_hidden()
    assert axe(page) == []

    card = exercise(page, "Which card does the Monte Carlo bot play?")
    said = answer(card, "Ten of Clubs", "Not quite.")
    # The first wrong answer is told what is wrong with it; the reasoning comes on asking.
    assert "Ten of Clubs: 9.7 points on average" in said and "Ace of Clubs" not in said
    said = show_me(card, "Here is the answer: Ace of Clubs.")
    assert "Ace of Clubs: 9.2 points on average" in said
    assert "Right!" in answer(card, "Ace of Clubs", "Right!")

    random = exercise(page, "fewer points per hand than random?")
    assert "Play the hands first" in answer(random, "Yes", "Play the hands first")

    play.click()
    expect(status).to_contain_text("Hands played: 12 of 12. The table and the chart are below.",
                                   timeout=300_000)
    table = box.get_by_role("table", name="Points per hand per bot")
    expect(table.get_by_role("cell", name="montecarlo")).to_be_visible()
    chart = box.get_by_role("img", name="Points per hand after 12 hands")
    expect(chart).to_be_visible()
    assert "montecarlo 2.1 (from -0.4 to 4.5)" in chart.get_attribute("alt")
    assert "Right!" in answer(random, "Yes", "Right!")
    heuristic = exercise(page, "fewer points per hand than heuristic?")
    said = answer(heuristic, "Yes", "Not quite.")
    assert "larger than what luck makes in this many hands" in said
    assert "could well be luck" in show_me(heuristic, "That interval includes zero")
    screenshot("lesson09-voila-tournament", box)

    moon = exercise(page, "seat 0 shoots the moon")
    said = answer(moon, "Take 26 off my own score", "Not quite.")
    assert "seat 0: 34, seat 1: 80, seat 2: 85, seat 3: 90" in said      # the choice made
    shown = show_me(moon, "Here is the answer")
    assert "seat 0: 60, seat 1: 106, seat 2: 111, seat 3: 116, and the game ends" in shown


def test_german_lesson_9_on_a_phone(page, gallery, screenshot, axe):
    page.set_viewport_size({"width": 390, "height": 844})
    box, play, status = tournament(page, gallery + GERMAN_9, "12 Runden spielen")
    card = exercise(page, "Welche Karte spielt der Monte-Carlo-Bot?")
    said = answer(card, "Kreuz-Zehn", "Nicht ganz.", check="Prüfen")
    assert "Kreuz-Zehn: im Schnitt 9,7 Punkte" in said
    said = show_me(card, "Hier ist die Antwort: Kreuz-Ass.", button="Zeig es mir")
    assert "Kreuz-Ass: im Schnitt 9,2 Punkte" in said
    play.click()
    expect(status).to_contain_text("Gespielte Runden: 12 von 12.", timeout=300_000)
    chart = box.get_by_role("img", name="Punkte pro Runde nach 12 Runden")
    expect(chart).to_be_visible()
    assert "montecarlo 2,1 (von -0,4 bis 4,5)" in chart.get_attribute("alt")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert axe(page) == []
    screenshot("lesson09-voila-de-phone")
