"""The assistant app in Voilà, in German, its buttons by keyboard: set up, add a question, refuse a
contradiction, undo; axe-core, nothing from outside 127.0.0.1, desktop and phone screenshots."""

from helpers.keyboard import press

PHONE = {"width": 390, "height": 844}
APP = "voila/render/apps/assistant.ipynb?lang=de"


def choose(page, label, option):
    """Pick `option` of the dropdown named `label` in one change.

    One change per field, as a person makes it: ipywidgets holds back a field's
    further changes until the kernel has taken the first, while a button press
    goes out at once, so several quick changes (arrow keys, type-ahead) could
    reach the kernel after the press that follows them."""
    page.get_by_role("combobox", name=label, exact=True).select_option(label=option)


def test_a_typed_in_log_by_keyboard(page, gallery, axe, screenshot):
    page.goto(gallery + APP)
    status = page.get_by_role("status").filter(has_text="Starten")
    status.wait_for(timeout=90_000)
    page.get_by_role("textbox", name="Meine Hand").fill("KH JC AH 5H JD")    # one change
    press(page, "Starten")
    page.get_by_role("status").filter(has_text="Gestartet").wait_for(timeout=30_000)
    choose(page, "Bildkarte", "Pik-Dame")
    choose(page, "Herz", "Herz-Drei")
    choose(page, "Wer zeigte eine Karte", "Platz 2")
    choose(page, "Die Karte, die ich sah", "Pik-Dame")
    press(page, "Ereignis eintragen")
    page.get_by_role("status").filter(has_text="Ereignis 1 eingetragen").wait_for(
        timeout=30_000)
    press(page, "Ereignis eintragen")                  # the same again: seat 0 asks twice
    page.get_by_role("status").filter(has_text="Abgelehnt").wait_for(timeout=30_000)
    assert page.get_by_role("link", name="Protokoll speichern (cardlab/1-JSON)").is_visible()
    assert axe(page) == []
    screenshot("app-assistant-de", page)
    press(page, "Letztes Ereignis zurücknehmen")
    page.get_by_role("status").filter(has_text="Ereignis 1 zurückgenommen").wait_for(
        timeout=30_000)
    page.set_viewport_size(PHONE)
    screenshot("app-assistant-de-390", page)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"] + 1
    assert page.outside_requests == []
