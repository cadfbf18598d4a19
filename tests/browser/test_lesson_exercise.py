"""Exercise boxes in Voila (lesson 8): choose or type an answer, press Check, hear the feedback.
The plain copy of each exercise, left for viewers that cannot draw widgets, is hidden here,
and the chart (which shows the answers) comes after the exercises."""

from playwright.sync_api import expect

LESSON = "voila/render/08_counting_cards.ipynb"
GERMAN = "voila/render/de/08_counting_cards.ipynb"


def exercise(page, question):
    """The exercise box whose question contains `question`."""
    return page.locator(".cardlab-focus", has=page.get_by_text(question))


def check(box, answer, expected, button="Check"):
    """Type `answer`, press `button` and wait for feedback containing `expected`; returns it."""
    box.get_by_role("textbox").fill(answer)
    box.get_by_role("button", name=button).click()
    status = box.get_by_role("status").filter(has_text=expected)
    status.wait_for(timeout=30_000)
    return status.text_content()


def test_exercise_box_checks_and_explains_in_voila(page, gallery, screenshot, axe):
    page.goto(gallery + LESSON)
    box = exercise(page, "After play 35, which seats may hold the Queen of Spades?")
    seat1 = box.get_by_role("button", name="Seat 1")
    seat3 = box.get_by_role("button", name="Seat 3")
    seat3.wait_for(timeout=120_000)
    check_button = box.get_by_role("button", name="Check")
    status = box.get_by_role("status")
    copies = page.locator(".cardlab-offline")
    assert copies.count() == 5       # two warm-up questions, then the lesson's three
    for copy in copies.all():
        copy.wait_for(state="hidden")
    assert page.locator(".cardlab-exercise").count() == 5

    seat3.click()
    # The pressed state comes back from the kernel: wait for it.
    expect(seat3).to_have_attribute("aria-pressed", "true", timeout=30_000)
    check_button.click()
    status.filter(has_text="Not quite.").wait_for(timeout=30_000)
    assert "Seat 3 did not follow spades at play 35" in status.text_content()

    seat3.click()
    expect(seat3).to_have_attribute("aria-pressed", "false", timeout=30_000)
    seat1.click()
    expect(seat1).to_have_attribute("aria-pressed", "true", timeout=30_000)
    check_button.click()
    status.filter(has_text="You left out a seat that may still hold her").wait_for(
        timeout=30_000)
    assert "seat 2" not in status.text_content()

    box.get_by_role("button", name="Seat 2").click()
    check_button.click()
    status.filter(has_text="Right!").wait_for(timeout=30_000)
    # Exercise 2 asks for the chance: exercise 1's feedback does not give it.
    assert "%" not in status.text_content()
    screenshot("lesson08-voila-exercise", box)

    chance = exercise(page, "what is the exact chance that seat 1 holds the Queen of Spades?")
    said = check(chance, "1/2", "An even split")
    assert "seat 2 has had no diamonds since play 27" in said and "37/77" not in said
    chance.get_by_role("button", name="Show me").click()
    shown = chance.get_by_role("status").filter(has_text="925 put the Queen with seat 1")
    shown.wait_for(timeout=30_000)
    assert "1,000 put the Queen with seat 2" in shown.text_content()
    check(chance, "37/77", "Right!")
    assert axe(page) == []

    boxes = page.locator(".cardlab-exercise")
    chart = page.get_by_role("img", name="Chance that each other seat holds the Queen of Spades")
    chart.scroll_into_view_if_needed()
    assert chart.bounding_box()["y"] > boxes.last.bounding_box()["y"]


def test_german_lesson_8_on_a_phone(page, gallery, screenshot, axe):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(gallery + GERMAN)
    box = exercise(page, "Welche Plätze können nach Karte 35 die Pik-Dame haben?")
    box.get_by_role("button", name="Platz 1").wait_for(timeout=120_000)
    box.get_by_role("button", name="Platz 1").click()
    expect(box.get_by_role("button", name="Platz 1")).to_have_attribute(
        "aria-pressed", "true", timeout=30_000)
    box.get_by_role("button", name="Prüfen").click()
    # What is wrong, without naming the seat left out: the learner looks again.
    box.get_by_role("status").filter(has_text="Du hast einen Platz vergessen").wait_for(
        timeout=30_000)

    chance = exercise(page, "dass Platz 1 die Pik-Dame hat?")
    said = check(chance, "0,5", "Gleich verteilt (50 % für jeden)", "Prüfen")
    assert "Platz 2 hat seit Karte 27 kein Karo mehr" in said
    chance.get_by_role("button", name="Zeig es mir").click()
    chance.get_by_role("status").filter(has_text="1.925").wait_for(timeout=30_000)
    check(chance, "48,1 %", "Richtig!", "Prüfen")
    screenshot("lesson08-voila-de-390", chance)

    chart = page.get_by_role("img", name="Wahrscheinlichkeit, dass jeder andere Platz")
    chart.scroll_into_view_if_needed()
    width = chart.bounding_box()["width"]
    assert 0 < width <= 390
    for element in (box, chance, chart):
        edges = element.bounding_box()
        assert edges["x"] >= 0 and edges["x"] + edges["width"] <= 390
    assert axe(page) == []
