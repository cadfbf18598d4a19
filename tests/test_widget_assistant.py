"""The real-table assistant through its Python API: entries checked, contradictions refused
with the engine's reason, undo, save and load, and only the player's own knowledge shown."""

import html
import json
import re

import pytest

from cardlab.cards import parse_cards
from cardlab.fivesons.record import AskSeen, GuessSeen
from cardlab.fivesons.widgets.assistant import Assistant
from cardlab.i18n import catalogue

HAND = parse_cards("KH JC AH 5H JD")
QS, H3, KS, H9 = parse_cards("QS 3H KS 9H")


def started(lang="en"):
    assistant = Assistant(lang)
    assistant.hand.value = "kh jc ah 5h jd"
    assistant.setup.click("start")
    return assistant


def test_the_set_up_form_starts_a_log_and_the_form_adds_a_question():
    assistant = started()
    assert assistant.observations.hand == HAND and assistant.observations.me == 0
    form = assistant.form
    form.asker.value, form.face.value, form.heart.value = 0, "QS", "3H"
    form.shown_by.value, form.shown.value = 2, "QS"
    assistant.actions.click("add")
    assert assistant.observations.events == (AskSeen(0, QS, H3, 2, QS),)
    assert "Event 1 added." in assistant.status.value
    assert "Seat 2 showed you the Queen of Spades in event 1." in assistant.picture.value


def test_a_contradiction_is_refused_with_the_engines_reason_and_changes_nothing():
    assistant = started()
    assistant.add(AskSeen(0, QS, H3, 2, QS))             # seat 2 showed me the Queen of Spades
    picture = assistant.picture.value
    assistant.add(AskSeen(1, QS, H9, 3))                 # seat 2 passed on QS: impossible
    assert assistant.observations.events == (AskSeen(0, QS, H3, 2, QS),)
    assert assistant.status.value.startswith('<p role="status">Refused: event 2')
    assert ("Seat 2 passed on the Queen of Spades and the Nine of Hearts in event 2"
            in assistant.status.value)
    assert assistant.picture.value == picture


def test_undo_takes_back_the_last_event_and_runs_out():
    assistant = started("de")
    assistant.add(AskSeen(0, QS, H3, 2, QS))
    assistant.add(AskSeen(1, KS, H9, None))
    assistant.actions.click("undo")
    assert assistant.observations.events == (AskSeen(0, QS, H3, 2, QS),)
    assert "Ereignis 2 zurückgenommen." in assistant.status.value
    assistant.undo()
    assert assistant.observations.events == ()
    assert assistant.actions.spec("undo").disabled


def test_the_log_saves_and_loads_as_an_observation_log():
    assistant = started()
    assistant.add(AskSeen(0, QS, H3, 2, QS))
    assistant.add(GuessSeen(1, False))
    text = assistant.saved()
    data = json.loads(text)
    assert data["format"] == "cardlab/1" and data["me"] == 0 and len(data["events"]) == 2
    assert 'download="observations.json"' in assistant.download.value
    other = Assistant()
    other.load_bytes(text.encode(), "mine.json")
    assert other.observations == assistant.observations
    other.load_bytes(json.dumps({**data, "me": None, "hand": None}).encode())
    assert "Refused" in other.status.value and other.observations == assistant.observations


def test_chances_and_the_graph_come_from_my_own_log_only():
    assistant = started()
    assistant.add(AskSeen(0, QS, H3, 2, QS))
    assert "Possible solutions:" in assistant.chances.value
    assert assistant.form.focus is None
    assistant.form.focus_choice.value = "3H"
    assert "Where is the Three of Hearts?" in assistant.picture.value


def test_a_bad_hand_is_refused():
    assistant = Assistant()
    assistant.hand.value = "KH ZZ"
    assistant.setup.click("start")
    assert "Refused" in assistant.status.value and assistant.observations is None


#: A card by its code (QS, 10H) or its corner (Q♠, German D♠), inside a sentence.
CARD_CODE = re.compile(r"\b(?:10|[2-9TJQKA])[CDHS]\b|(?:10|[2-9JQKAB])[♠♥♦♣]")
#: What the assistant must not call its player: their seat's number, "I", "me".
NOT_YOU = re.compile(r"\b(?:seat 0|platz 0|me|my|ich|mir|meiner)\b|\bI\b", re.IGNORECASE)


def sentences(html_text):
    """What a screen reader or a tooltip reads: paragraphs, titles and descriptions."""
    return [html.unescape(re.sub(r"<[^>]+>", "", text)) for _, text in re.findall(
        r"<(p|title|desc)\b[^>]*>(.*?)</\1>", html_text, re.DOTALL)]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_refusals_and_reasons_speak_to_the_player_and_name_cards_in_full(lang):
    assistant = started(lang)
    assistant.add(AskSeen(0, QS, H3, 2, QS))
    said = sentences(assistant.picture.value) + sentences(assistant.notes.value)
    for wrong in (AskSeen(1, QS, H9, 3),               # seat 2 passed on QS: impossible
                  AskSeen(0, KS, H9, None),            # not my turn
                  AskSeen(1, KS, H9, 0),               # I showed a card for KS or 9H
                  AskSeen(1, QS, H9, 0, QS),           # I showed QS, not in my hand
                  GuessSeen(1, False, (KS, H9)),       # only my own wrong guess shows it
                  AskSeen(1, KS, H9, 2, H3),            # H3 was not asked about
                  AskSeen(2, KS, parse_cards("5H")[0], 1)):   # I passed, though I hold 5H
        assistant.add(wrong)
        assert assistant.observations.events == (AskSeen(0, QS, H3, 2, QS),)
        said += sentences(assistant.status.value)
    refusals = [line for line in said if line.startswith(("Refused", "Abgelehnt"))]
    assert len(refusals) == 7
    assert {"en": "you showed the Queen of Spades, but it is not in your hand",
            "de": "du hast die Pik-Dame gezeigt, hast die Karte aber nicht"}[lang] in refusals[3]
    for line in said:
        assert not CARD_CODE.search(line), line
        assert not NOT_YOU.search(line), line
    you = catalogue(lang)["stepper.you"]
    assert (you, 0) in assistant.form.asker.options and (you, 0) in assistant.form.shown_by.options


def test_choices_made_before_start_stay_chosen_and_the_players_seat_is_you():
    assistant = Assistant()
    form = assistant.form
    form.asker.value, form.face.value, form.shown_by.value = 2, "QS", 3
    assistant.me.value = 2
    assistant.hand.value = "kh jc ah 5h jd"
    assistant.setup.click("start")
    assert (form.asker.value, form.face.value, form.shown_by.value) == (2, "QS", 3)
    assert dict(form.asker.options)["You"] == 2 and "Seat 2" not in dict(form.asker.options)
