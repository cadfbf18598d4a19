"""The stepper app in Voilà, in German, by keyboard only: Five Sons, then Black Widow, then a
loaded record; axe-core, nothing fetched from outside 127.0.0.1, desktop and phone screenshots."""

import json
import re

from playwright.sync_api import expect

from cardlab.fivesons.match import play_game
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.records import dump_record

from helpers.keyboard import press

PHONE = {"width": 390, "height": 844}
APP = "voila/render/apps/stepper.ipynb?lang=de&seed=3"


def upload(page, path):
    """Choose `path` through the upload button, opened with the keyboard."""
    button = page.get_by_role("button", name="Aufzeichnung laden", exact=True)   # no "(0)"
    # Focus and key press in one step: a redraw of the controls between a separate focus()
    # and the key press (a late update from a busy kernel) would send Enter to the page.
    with page.expect_file_chooser() as chooser:
        button.press("Enter")
    chooser.value.set_files(str(path))


def test_both_games_and_a_loaded_record_by_keyboard(page, gallery, axe, screenshot, tmp_path):
    page.goto(gallery + APP)
    status = page.get_by_role("status").filter(has_text="Ereignissen")
    status.filter(has_text="Nach 0 von").wait_for(timeout=90_000)
    press(page, "Weiter ▶", 2)
    status.filter(has_text="Nach 2 von").wait_for(timeout=30_000)
    story = page.locator(".cardlab-story")
    # The story is redrawn after the status line: wait for it rather than read it once.
    expect(story).to_have_text(re.compile(r"^Ereignis 2: Platz"), timeout=30_000)
    page.get_by_role("combobox", name="Genauer ansehen").focus()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")                       # seat 1 in focus
    page.get_by_role("img").locator("desc", has_text="Platz 1 hat vielleicht").wait_for(
        state="attached", timeout=30_000)
    assert axe(page) == []
    screenshot("app-stepper-fivesons-de", page)

    page.get_by_role("combobox", name="Spiel").focus()
    page.keyboard.press("ArrowDown")                       # Black Widow
    bw = page.get_by_role("status").filter(has_text="Schritt 0 von")
    bw.wait_for(timeout=60_000)
    press(page, "Stich ▶▶", 2)                             # the passes, then the first trick
    page.get_by_role("status").filter(has_text="1 Stich gespielt").wait_for(timeout=30_000)
    # As above: the story is redrawn after the status line.
    expect(story).to_contain_text("Stich", timeout=30_000)
    assert axe(page) == []
    page.set_viewport_size(PHONE)
    screenshot("app-stepper-blackwidow-de-390", page)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"] + 1                     # nothing wider than a phone
    # The phone's picture of the graph, near its natural size: 11 px text stays >= 10 px.
    narrow = page.locator(".cardlab-graph-narrow svg[role=img]")
    narrow.wait_for(state="visible")
    assert not page.locator(".cardlab-graph-wide svg[role=img]").is_visible()
    assert narrow.evaluate("e => e.getBoundingClientRect().width / e.viewBox.baseVal.width"
                           ) * 11 >= 10

    game = play_game(FiveSonsRules(players=3), ["logician"] * 3, seed=8)
    record = tmp_path / "partie.json"
    record.write_text(dump_record(game.observation_log(1)))
    upload(page, record)
    page.get_by_role("status").filter(has_text="partie.json geladen").wait_for(timeout=30_000)
    assert page.get_by_role("combobox", name="Wessen Sicht").evaluate(
        "e => e.options.length") == 1
    bad = tmp_path / "kaputt.json"
    bad.write_text(json.dumps({"format": "cardlab/1"}))
    upload(page, bad)
    page.get_by_role("status").filter(has_text="Datei nicht gelesen").wait_for(timeout=30_000)
    assert page.outside_requests == []
