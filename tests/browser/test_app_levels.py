"""The bots' level in Voilà: the address's `level=` reaches the table and its chooser, an
unknown level is explained on the page, and the chooser fits a phone."""

import re

from playwright.sync_api import expect

PHONE = {"width": 390, "height": 844}
FIVESONS = "voila/render/apps/fivesons.ipynb?players=3&seed=4"
BLACKWIDOW = "voila/render/apps/blackwidow.ipynb?seed=4"


def chosen(page, name):
    """The text of the option a drop-down shows (ipywidgets writes its spaces unbroken)."""
    option = page.get_by_role("combobox", name=name).locator("option:checked")
    return option.text_content().replace("\xa0", " ")


def open_fivesons(page, gallery, query):
    # Wait for the page's status, not for every script's "load": on a busy machine Voilà's
    # scripts may take longer than the page needs to be usable.
    page.goto(gallery + FIVESONS + query, wait_until="commit", timeout=180_000)
    page.get_by_role("status").filter(has_text="Your turn").wait_for(timeout=180_000)


def test_five_sons_level_from_the_address_then_from_the_chooser(page, gallery):
    open_fivesons(page, gallery, "&level=expert")
    assert chosen(page, "Bots' level") == "Expert"
    assert "Seat 1 (Expert)" in page.locator(".cardlab-fivesons").text_content()
    page.get_by_role("combobox", name="Bots' level").select_option(index=0)
    news = page.get_by_role("status").filter(has_text="The bots now play at this level: Beginner")
    news.wait_for(timeout=30_000)
    expect(page.locator(".cardlab-fivesons")).to_contain_text("Seat 1 (Beginner)")


def test_an_unknown_level_is_explained_and_the_beginner_plays(page, gallery):
    open_fivesons(page, gallery, "&level=grandmaster&lang=en")
    assert "level: 'grandmaster' is not a level of this game's bots (beginner, standard, " \
           "expert)" in page.locator(".cardlab-problem").text_content()
    assert chosen(page, "Bots' level") == "Beginner"


def test_black_widow_level_sets_every_seat_and_fits_a_phone(page, gallery, axe):
    page.set_viewport_size(PHONE)
    page.goto(gallery + BLACKWIDOW + "&level=standard&lang=de", wait_until="commit",
              timeout=180_000)
    chooser = page.get_by_role("combobox", name="Stufe der Bots")
    chooser.wait_for(timeout=180_000)
    assert chosen(page, "Stufe der Bots") == "Standard"
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"] + 1
    box = chooser.bounding_box()
    assert box is not None and box["x"] + box["width"] <= PHONE["width"]
    seats = page.get_by_role("combobox", name=re.compile(r"^Bot auf Platz|^Platz \d"))
    assert seats.count() == 3
    for seat in range(3):
        assert seats.nth(seat).locator("option:checked").text_content().strip() == "Standard"
    assert axe(page) == []
