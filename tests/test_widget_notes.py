"""The learner's notes sheet: marks, the check (right, wrong, incomplete, unproven), fill in."""

import html
import re
import string

import pytest

from cardlab.cards import Card, parse_cards
from cardlab.deal_counting import SOLUTION
from cardlab.fivesons.evidence import Place
from cardlab.fivesons.knowledge import FiveSonsKnowledge
from cardlab.fivesons.match import play_game
from cardlab.fivesons.notes_check import HOLDS, LACKS
from cardlab.fivesons.reasoning import to_learner
from cardlab.fivesons.record import FiveSonsLog, GuessSeen
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.fivesons.story import event_sentence
from cardlab.fivesons.widgets import notes
from cardlab.fivesons.widgets.notes import NotesSheet
from cardlab.i18n import Count, Text, catalogue, percent


@pytest.fixture(scope="module")
def log():
    game = play_game(FiveSonsRules(players=4), ["logician", "random", "infogain", "random"],
                     seed=5)
    return game.observation_log(0)


@pytest.fixture
def sheet(log):
    return NotesSheet(lambda: log)


def certainties(log):
    return {(f.card, f.place): f for f in FiveSonsKnowledge.from_log(log).facts}


def test_the_grid_lists_unseen_cards_by_other_seats_and_the_solution(sheet, log):
    assert [c["name"] for c in sheet.grid.columns] == ["Seat 1", "Seat 2", "Seat 3", "Solution"]
    assert {r["code"] for r in sheet.grid.rows} == {
        card.code for card in log.rules.deck if card not in log.hand}
    assert all(card.name() in sheet.grid.caption for card in log.hand)


def test_a_cell_cycles_through_holds_lacks_and_unsure(sheet):
    for expected in ({"QS|1": "holds"}, {"QS|1": "lacks"}, {}):
        sheet.grid._message(sheet.grid, {"cycle": "QS|1"}, [])
        assert sheet.grid.marks == expected
    sheet.grid._message(sheet.grid, {"cycle": "QS|9"}, [])      # no such cell: ignored
    sheet.grid._message(sheet.grid, {"cycle": "KH|0"}, [])      # own seat: not on the sheet
    assert sheet.grid.marks == {}


def test_right_notes_are_all_proven(sheet, log):
    sheet.fill()
    verdicts = sheet.check()
    assert verdicts and {v.kind for v in verdicts} == {"proven"}
    assert set(sheet.grid.verdicts.values()) == {"proven"}
    assert sheet.controls.status.startswith(f"{len(verdicts)} proven, 0 wrong")


def test_a_wrong_mark_is_explained_by_the_reason_for_the_opposite(sheet, log):
    facts = certainties(log)
    (card, place), fact = next((key, f) for key, f in facts.items()
                               if f.holds and key[1] != SOLUTION)
    sheet.mark(card.code, place, LACKS)
    wrong = [v for v in sheet.check() if v.kind == "wrong"]
    assert [(v.card, v.place, v.reason) for v in wrong] == [(card, place, fact.reason)]
    assert sheet.grid.verdicts[f"{card.code}|{place}"] == "wrong"
    assert (f"Seat {place} does not hold the {card.name()}: wrong. "
            f"{to_learner(fact.reason).text()}") in html.unescape(sheet.feedback.value)
    assert wrong[0].since >= 1
    assert f"since event {wrong[0].since} (" in sheet.feedback.value


def test_incomplete_notes_list_what_else_is_certain(sheet, log):
    facts = certainties(log)
    (card, place), fact = next(iter(facts.items()))
    sheet.mark(card.code, place, HOLDS if fact.holds else LACKS)
    verdicts = sheet.check()
    assert [v.kind for v in verdicts].count("proven") == 1
    missing = {(v.card, v.place) for v in verdicts if v.kind == "missing"}
    assert missing == set(facts) - {(card, place)}
    assert "Certain, but not marked" in sheet.feedback.value


def test_an_uncertain_mark_is_not_wrong_and_gives_the_chance(log):
    early = type(log)(log.rules, log.me, log.hand, log.events[:1])
    sheet = NotesSheet(lambda: early)
    knowledge = FiveSonsKnowledge.from_log(early)
    card = next(c for c in knowledge.counts.at if 0 < knowledge.probability(c, 1) < 1)
    sheet.mark(card.code, 1, HOLDS)
    verdict, = [v for v in sheet.check() if v.mark]
    assert verdict.kind == "unproven" and verdict.chance == knowledge.probability(card, 1)
    assert f"({percent(verdict.chance)} of the possible deals)" in sheet.feedback.value


def test_german_sheet(log):
    sheet = NotesSheet(lambda: log, lang="de")
    assert sheet.grid.columns[-1]["name"] == "Lösung"
    sheet.fill()
    sheet.check()
    assert "bewiesen" in sheet.controls.status


#: How the notes tell the learner's own question, and the card shown to the learner for it.
ASKED_AND_SHOWN = {
    "en": ("since event 1 (You asked: The Jack of Spades has eight sons. Seat 1 passed. "
           "Seat 2 showed you the Jack of Spades.)"),
    "de": ("seit Ereignis 1 (Du hast gefragt: Der Pik-Bube hat acht Söhne. Platz 1 passt. "
           "Platz 2 hat dir die Karte Pik-Bube gezeigt.)"),
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_notes_tell_the_learners_own_question_as_theirs(log, lang):
    sheet = NotesSheet(lambda: log, lang=lang)
    sheet.mark("JS", 2, LACKS)             # seat 2 showed the learner the Jack of Spades
    sheet.check()
    said = sheet.feedback.value
    assert ASKED_AND_SHOWN[lang] in said
    assert not re.search(r"\b(Seat|seat|Platz) 0\b", said), said


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_notes_tell_the_learners_own_pass_as_theirs(log, lang):
    sheet = NotesSheet(lambda: log, lang=lang)
    sheet.check()                           # nothing marked: every certainty is listed
    said = sheet.feedback.value
    assert {"en": "You passed: you hold neither card.",
            "de": "Du passt: Du hast keine der beiden Karten."}[lang] in said
    assert not re.search(r"\b(Seat|seat|Platz) 0\b", said), said


@pytest.mark.parametrize("players", [3, 4])
def test_a_seats_own_story_never_names_it_by_number(players):
    """Every event of whole games, as each seat's notes tell it, in both languages: "you"
    for that seat (its questions, passes, cards shown), the others by number."""
    for seed in range(4):
        game = play_game(FiveSonsRules(players=players), ["random"] * players, seed=seed)
        for me in range(players):
            log = game.observation_log(me)
            for number, event in enumerate(log.events, start=1):
                for lang in ("en", "de"):
                    told = event_sentence(log, number, lang, you=me)
                    assert not re.search(rf"\b(Seat|seat|Platz) {me}\b", told), (me, told)
                if event.seat == me:
                    assert event_sentence(log, number, you=me).startswith("You ")
                assert f"Seat {event.seat} " in event_sentence(log, number)   # a third reader's


@pytest.mark.parametrize(("seen", "en", "de"), [
    (GuessSeen(1, correct=True), "You guessed right and won.",
     "Du hast richtig geraten und gewonnen."),
    (GuessSeen(1, correct=False), "You guessed wrong and can no longer win.",
     "Du hast falsch geraten und kannst nicht mehr gewinnen."),
    (GuessSeen(1, correct=False, solution=tuple(parse_cards("QS 3H"))),
     "You guessed wrong and saw the solution: the Queen of Spades and the Three of Hearts.",
     "Du hast falsch geraten und die Lösung gesehen: Pik-Dame und Herz-Drei."),
])
def test_a_seat_reads_its_own_guess_as_its_own(seen, en, de):
    log = FiveSonsLog(FiveSonsRules(players=3), 1, (), (seen,))
    assert event_sentence(log, 1, you=1) == en
    assert event_sentence(log, 1, "de", you=1) == de
    assert event_sentence(log, 1).startswith("Seat 1 guessed ")


#: What a reason addressed to its own seat must not say: "me", "I", "my" (also in German).
FIRST_PERSON = {"en": r"\b(me|I|my|My|mine)\b", "de": r"\b(mir|ich|Ich|mein|Mein|meiner)\b"}
CORNERS = re.compile("[♠♥♦♣]")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_notes_reasons_speak_to_the_learner_in_card_names(log, lang, monkeypatch):
    monkeypatch.setattr(notes, "SHOWN", 1000)
    sheet = NotesSheet(lambda: log, lang=lang)
    sheet.check()                           # nothing marked: every certainty with its reason
    said = html.unescape(sheet.feedback.value)
    assert {"en": "Seat 2 showed you the Jack of Spades in event 1.",
            "de": "Platz 2 hat dir in Ereignis 1 den Pik-Buben gezeigt."}[lang] in said
    assert not CORNERS.search(said), said
    assert not re.search(FIRST_PERSON[lang], said), said


SAMPLE = {"seat": 2, "card": Card.parse("QS"), "face": Card.parse("JC"),
          "heart": Card.parse("3H"), "other": Card.parse("8H"), "known": Card.parse("KS"),
          "event": 4, "place": Place(1), "cards": Count("count.cards", 1),
          "deals": Count("count.deals", 1)}


@pytest.mark.parametrize("key", sorted(k for k in catalogue("en") if k.startswith(
    ("fivesons.reason.", "fivesons.contradiction."))))
def test_every_reason_told_to_the_learner_says_you_and_names_cards(key):
    nested = Text("fivesons.reason.clause_own_hand", **SAMPLE)
    params = {name: SAMPLE.get(name, nested)
              for _, name, _, _ in string.Formatter().parse(catalogue("en")[key]) if name}
    reason = Text(key, **params)
    for lang in ("en", "de"):
        told = to_learner(reason).text(lang)
        assert not CORNERS.search(told) and not re.search(FIRST_PERSON[lang], told), told
        if "card" in params:
            assert Card.parse("QS").name(lang) in told
