"""An exercise box in Voila (lesson 8): choose an answer, press Check, hear the feedback.
The plain copy of each exercise, left for viewers that cannot draw widgets, is hidden here."""

from playwright.sync_api import expect

LESSON = "voila/render/08_counting_cards.ipynb"


def test_exercise_box_checks_and_explains_in_voila(page, gallery, screenshot, axe):
    page.goto(gallery + LESSON)
    box = page.locator(".cardlab-focus", has=page.get_by_text(
        "After play 35, which seats may hold the Queen of Spades?"))
    seat3 = box.get_by_role("button", name="Seat 3")
    seat3.wait_for(timeout=120_000)
    check = box.get_by_role("button", name="Check")
    status = box.get_by_role("status")
    copies = page.locator(".cardlab-offline")
    assert copies.count() == 3
    for copy in copies.all():
        copy.wait_for(state="hidden")
    assert page.locator(".cardlab-exercise").count() == 3

    seat3.click()
    # The pressed state comes back from the kernel: wait for it.
    expect(seat3).to_have_attribute("aria-pressed", "true", timeout=30_000)
    check.click()
    status.filter(has_text="Not quite.").wait_for(timeout=30_000)
    assert "Seat 3 did not follow spades at play 35" in status.text_content()

    seat3.click()
    box.get_by_role("button", name="Seat 1").click()
    box.get_by_role("button", name="Seat 2").click()
    check.click()
    status.filter(has_text="Right!").wait_for(timeout=30_000)
    assert "Seat 1 may hold it" in status.text_content()
    screenshot("lesson08-voila-exercise", box)
    assert axe(page) == []
