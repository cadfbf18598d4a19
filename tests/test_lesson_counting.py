"""Lessons 2 and 8 (counting): the checkers' reasons, the charts' language, and the order
of the notebooks (no answer shows before its exercise, each question is asked once)."""

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest

from cardlab.blackwidow.knowledge import BlackWidowKnowledge
from cardlab.blackwidow.match import play_game
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.blackwidow.view import seat_view
from cardlab.cards import parse_cards
from cardlab.deal_counting import SOLUTION
from cardlab.fivesons.record import FiveSonsLog
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.lessons import cards_and_counting, charts, counting_cards

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


@pytest.fixture(scope="module")
def hand():
    """Lesson 8's hand from seat 0: seed 6, seat 3 shows out of spades at play 35."""
    game = play_game(BlackWidowRules(pass_cycle=("hold",)), ["heuristic"] * 4, seed=6, hands=1)
    return seat_view(game, 0)


@pytest.fixture(scope="module")
def after_void(hand):
    return BlackWidowKnowledge.from_view(replace(hand, plays=hand.plays[:35]))


@pytest.fixture(scope="module")
def before_void(hand):
    return BlackWidowKnowledge.from_view(replace(hand, plays=hand.plays[:34]))


def tick_labels(chart, axis="y"):
    chart.png()  # drawing the chart sets its tick labels
    axes = chart.figure.axes[0]
    ticks = axes.get_yticklabels() if axis == "y" else axes.get_xticklabels()
    return [tick.get_text() for tick in ticks if tick.get_text()]


# Lesson 8, exercise 1 -------------------------------------------------------------------

def test_leaving_out_seat_2_says_why_it_may_still_hold_the_queen(after_void):
    only_one = counting_cards.check_queen_places({"1"}, after_void, chances=False)
    assert not only_one.correct
    english, german = only_one.text("en"), only_one.text("de")
    assert "You left out seat 2, but it may still hold the Queen of Spades" in english
    assert "nothing seat 2 played shows that it has no spades left" in english
    assert "Du hast Platz 2 weggelassen" in german
    assert "left out seat 1" not in english


def test_exercise_1_can_keep_the_chances_for_exercise_2(after_void):
    right = counting_cards.check_queen_places({"1", "2"}, after_void, chances=False)
    assert right.correct
    assert "Seat 3 did not follow spades at play 35" in right.text()
    assert "%" not in right.text() and "%" not in right.text("de")
    assert "48.1%" in counting_cards.check_queen_places({"1", "2"}, after_void).text()


def test_seat_3_is_ruled_out_once_whatever_else_is_chosen(after_void):
    wrong = counting_cards.check_queen_places({"2", "3"}, after_void, chances=False)
    assert not wrong.correct
    text = wrong.text()
    assert text.count("Seat 3 did not follow spades") == 1 and "left out seat 1" in text


# Lesson 8, exercises 2 and 3 --------------------------------------------------------------

@pytest.mark.parametrize("answer", ["1/2", "0.5", "50%", "50 %", "0,5"])
def test_one_in_two_is_explained_by_counting_the_ways(after_void, answer):
    verdict = counting_cards.check_queen_chance(answer, after_void, 1)
    assert not verdict.correct
    english = verdict.text("en")
    assert "An even split (each at 50%)" in english
    assert "seat 2 has had no diamonds since play 27" in english
    assert "of the 1,925 ways the unseen cards can lie, 925 put the Queen with seat 1" in english
    assert "1,000 put the Queen with seat 2" in english
    german = verdict.text("de")
    assert "Gleich verteilt (50 % für jeden)" in german
    assert "1.925 insgesamt; bei 925 davon hat Platz 1 die Dame" in german


def test_one_in_three_before_the_void_names_what_tells_the_seats_apart(before_void):
    verdict = counting_cards.check_queen_chance("1/3", before_void, 3)
    assert not verdict.correct
    text = verdict.text()
    assert text.startswith("Not quite. One in three would be right")
    assert "seat 3 holds 5 unseen cards" in text and "seat 3 has had no clubs since play 31" in text
    assert "6,370 put the Queen with seat 3" in text
    assert "Ein Drittel stimmte" in verdict.text("de")


def test_the_exact_chances_are_still_right(after_void, before_void):
    assert counting_cards.check_queen_chance("37/77", after_void, 1).correct
    assert counting_cards.check_queen_chance("48,1 %", after_void, 1).correct
    assert counting_cards.check_queen_chance("13/27", before_void, 3).correct
    assert not counting_cards.check_queen_chance("2/5", after_void, 1).correct


# Lesson 2, exercises 2 and 3: every wrong answer in the teachers' notes has its own reason ----

@pytest.mark.parametrize(("card", "place", "answer", "words"), [
    ("QS", 1, "5/17", "5 of the 17 cards you cannot see"),
    ("QS", 1, "1/3", "it may also be the hidden card"),
    ("3H", SOLUTION, "2/17", "treats the solution as any two of the 17 unseen cards"),
    ("3H", SOLUTION, "1/10", "forgets your own cards"),
])
def test_lesson_2_wrong_answers_get_their_own_reason(card, place, answer, words):
    log = FiveSonsLog(FiveSonsRules(players=4), 0, parse_cards("KH JC AH 5H JD"), ())
    verdict = cards_and_counting.check_chance_held(answer, log, parse_cards(card)[0], place)
    assert not verdict.correct
    assert verdict.reasons[0].key not in ("lesson.chance_is", "lesson.is_not")
    assert words in verdict.text()
    notes = "".join(cell_sources(NOTEBOOKS / "02_cards_and_counting.ipynb")[-1])
    assert answer in notes


# Charts speak the reader's language --------------------------------------------------------

def test_tick_labels_use_the_german_decimal_comma_and_percent_sign():
    assert charts.NumberFormatter("de").format_ticks([0.5, 1.0, 2.5]) == ["0,5", "1,0", "2,5"]
    assert charts.NumberFormatter("en").format_ticks([0.5, 1.0, 2.5]) == ["0.5", "1.0", "2.5"]
    assert charts.NumberFormatter("de", percent=True).format_ticks([0.1, 0.125]) == [
        "10,0 %", "12,5 %"]
    assert charts.NumberFormatter("en", percent=True).format_ticks([0.1, 0.2]) == ["10%", "20%"]
    assert charts.NumberFormatter("de").format_ticks([0, 2500]) == ["0", "2.500"]


def test_every_chart_function_writes_its_numbers_in_the_readers_language():
    means = {"a": (0.25, 0.05), "b": (0.75, 0.1)}
    german = tick_labels(charts.means_with_intervals(means, "Punkte", "Punkte", lang="de"))
    english = tick_labels(charts.means_with_intervals(means, "Points", "points"))
    assert any("," in label for label in german) and not any("." in label for label in german)
    assert any("." in label for label in english) and not any("," in label for label in english)
    bars = tick_labels(charts.deal_frequencies({"a": 1200, "b": 2400}, "Deals", lang="de"))
    assert "2.000" in bars
    assert "2,000" in tick_labels(charts.deal_frequencies({"a": 1200, "b": 2400}, "Deals"))
    chances = charts.lines({"x": [0.1, 0.45]}, "Chances", "plays", "chance", lang="de",
                           percent=True)
    assert all(label.endswith(" %") for label in tick_labels(chances))
    assert not any(label.endswith("%") for label in tick_labels(chances, "x"))
    spread = charts.lines({"x": [0.25, 0.75]}, "Shares", "steps", "share", lang="de")
    assert "0,5" in tick_labels(spread)


def test_the_queen_chart_describes_its_shape_in_the_readers_language(hand):
    english = counting_cards.queen_chart(hand, 35)
    assert "All lines start at 33.3%" in english.description
    assert "Seat 3 did not follow spades at play 35" in english.description
    assert "Seat 3's line drops to 0% at play 35" in english.description
    assert "seat 1 ends at 48.1%" in english.description
    german = counting_cards.queen_chart(hand, 35, "de")
    assert "Die Linie von Platz 3 fällt bei Karte 35 auf 0 %" in german.description
    assert "Platz 1" in [text.get_text() for text in german.figure.axes[0].get_legend().texts]
    assert "50 %" in tick_labels(german) and "50%" in tick_labels(english)
    assert 'alt="Wahrscheinlichkeit, dass jeder andere Platz' in german._repr_html_()


# The notebooks: answers after the exercises, each question asked once ------------------------

def cell_sources(path):
    return ["".join(cell["source"]) for cell in json.loads(path.read_text("utf-8"))["cells"]]


def box_questions(sources):
    """Each exercise box's question and the index of its cell."""
    return [(i, match) for i, source in enumerate(sources)
            for match in re.findall(r'ExerciseBox\.\w+\(\s*"([^"]+)"', source)]


LESSONS = ["02_cards_and_counting.ipynb", "de/02_cards_and_counting.ipynb",
           "08_counting_cards.ipynb", "de/08_counting_cards.ipynb"]


@pytest.mark.parametrize("name", LESSONS)
def test_each_question_is_asked_once(name):
    sources = cell_sources(NOTEBOOKS / name)
    questions = box_questions(sources)
    assert len(questions) == 3
    prose = " ".join(source for source in sources if "ExerciseBox" not in source)
    for _, question in questions:
        assert question not in prose
        assert question.split("?")[0][-40:] not in prose
    headings = re.findall(r"^### (?:Exercise|Aufgabe) \d$", "\n".join(sources), re.MULTILINE)
    assert len(headings) == 3


@pytest.mark.parametrize("name", ["08_counting_cards.ipynb", "de/08_counting_cards.ipynb"])
def test_lesson_8_chart_follows_the_exercises(name):
    sources = cell_sources(NOTEBOOKS / name)
    chart = next(i for i, source in enumerate(sources) if "queen_chart(" in source
                 and "import" not in source)
    assert chart > max(i for i, _ in box_questions(sources))
    cells = json.loads((NOTEBOOKS / name).read_text("utf-8"))["cells"]
    html = "".join(cells[chart]["outputs"][0]["data"]["text/html"])
    alt = re.search(r'alt="([^"]+)"', html).group(1)
    assert ("Platz 3" in alt) == name.startswith("de/") and ("seat 3" in alt) != ("Platz 3" in alt)


@pytest.mark.parametrize("name", ["02_cards_and_counting.ipynb", "de/02_cards_and_counting.ipynb"])
def test_lesson_2_deals_table_is_folded_after_exercise_1(name):
    sources = cell_sources(NOTEBOOKS / name)
    table = next(i for i, source in enumerate(sources) if "for players in (3, 4, 5, 6)" in source)
    first_box = box_questions(sources)[0][0]
    assert table > first_box and "<details>" in sources[table]
    before = " ".join(sources[:first_box])
    assert "1,407,929,402,880" not in before and "1.407.929.402.880" not in before
    if name.startswith("de/"):
        chart = next(source for source in sources if "deal_frequencies(seen" in source)
        assert 'lang="de"' in chart
