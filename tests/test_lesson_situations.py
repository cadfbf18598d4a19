"""Lessons 4 and 5 in fresh situations: the lesson's own first, then new deals with a picture.

Each new situation is checked by the lesson's own checker, coaches in tiers with a hint that
points at the picture (not at the lesson's worlds picture), and comes with the view of the
seat its question names, from that seat's log only.
"""

from __future__ import annotations

import re

import pytest

from cardlab.fivesons.render.view import seat_view_svg
from cardlab.i18n import message
from cardlab.lessons import situations
from cardlab.lessons.exercises import BLANK, HINT, MISTAKE, SHOWN, ExerciseBox, check_number
from cardlab.lessons.harvest import run_lesson
from cardlab.lessons.worksheet import worksheet_pages

SMALL = [(situations.worlds_count, "number"), (situations.solutions_count, "number"),
         (situations.knows_that, "choice"), (situations.who_saw, "set")]
YES_NO = [("Yes", True), ("No", False)]
SEATS = [(f"Seat {seat}", str(seat)) for seat in range(3)]


def _box(make, kind: str, seed: int = 1, lang: str = "en") -> ExerciseBox:
    options = YES_NO if kind == "choice" else SEATS if kind == "set" else ()
    return ExerciseBox.practice(lambda s: make(s, lang), seed=seed, kind=kind, options=options)


def _wrong(box: ExerciseBox, solution) -> list:
    if isinstance(solution, set):
        everything = {spec.id for spec in box.control.specs}
        return [everything - solution or everything, solution ^ {"0"}]
    if isinstance(solution, bool):
        return [not solution, not solution]
    if box.kind == "choice":
        values = [value for _, value in box.control.options if value != solution]
        return (values * 2)[:2]
    return [str(solution + 1), str(solution + 3)]


@pytest.mark.parametrize(("make", "kind"), [*SMALL, (situations.where_is, "choice"),
                                            (situations.knew_after, "number")])
def test_a_new_situation_coaches_in_tiers_and_is_solved_with_its_answer(make, kind):
    box = _box(make, kind, seed=2)
    solution = box.checker(BLANK).solution
    first, second = _wrong(box, solution)
    box.answer(first)
    box.controls.click("check")
    assert box.tier == MISTAKE and box.checker(first).mistake
    box.answer(second)
    box.controls.click("check")
    if second != first:
        assert box.tier == HINT and "Hint:" in box.controls.status
        # The hint points at what the picture shows, not at the lesson's shaded boxes.
        assert "shaded" not in box.controls.status and "stepper" not in box.controls.status
    box.controls.click("show")
    assert box.tier == SHOWN
    box.answer(box._as_answer(solution))
    box.controls.click("check")
    assert box.solved


@pytest.mark.parametrize(("make", "kind"), SMALL)
def test_a_new_deal_shows_the_view_of_the_seat_it_asks_about(make, kind):
    for seed in range(1, 9):
        question, check, *_ = make(seed, "en")
        dealt = int(re.search(r"\(seed (\d+)\)", question.text).group(1))
        game, _rng = situations.small_game(dealt)
        seat, after = (int(n) for n in re.search(
            r"^<svg[^>]*><title>Seat (\d+)'s view after event (\d+)", question.picture).groups())
        log = game.observation_log(seat)
        assert question.picture == seat_view_svg(log, after)
        if make is situations.who_saw:   # a seat that did not ask, and a card was shown
            assert seat != game.events[after - 1].seat and check(BLANK).solution
            assert f"question {after}:" in question.text
        else:   # the seat asked about (knows_that: the one whose knowledge of another's is asked)
            assert f"seat {seat} " in question.text and after == len(game.events)


def test_lesson_5_s_new_situations_show_the_seat_up_to_the_event_they_name():
    question, _check, options = situations.where_is(3, "de")
    seat = int(re.search(r"Sicht von Platz (\d+)\)", question.text).group(1))
    after = int(re.search(r"nach Ereignis (\d+)", question.text).group(1))
    log = situations.lesson_game(3).observation_log(seat)
    assert question.picture == seat_view_svg(log, after, "de")
    assert message("lesson.deduction.unsure", "de") in dict(options)
    assert f"Platz {seat}" not in dict(options)   # a seat is not asked where its own cards are
    question, _check = situations.knew_after(3)
    seat = int(re.search(r"did seat (\d+) first", question.text).group(1))
    log = situations.lesson_game(3).observation_log(seat)
    assert question.picture == seat_view_svg(log, len(log.events))


def test_an_answer_too_early_is_told_how_many_solutions_were_left():
    log = situations.lesson_game(10).observation_log(2)
    early = situations.check_knew("4", log, 11)
    assert not early.correct and "could still not rule out 8 solutions" in early.mistake[0].text()
    assert situations.check_knew("11", log, 11).correct
    assert situations.check_knew("zwölf", log, 11).mistake[0].key == "lesson.not_a_number"


def test_the_lesson_s_own_situation_comes_first_then_new_ones_with_their_options():
    box = ExerciseBox.practice(situations.where_is, kind="choice", first=(
        "Where is it?", lambda answer: check_number(str(answer), 1), [("A", 1), ("B", 2)]))
    assert box.seed == 0 and box.prompt == "Where is it?" and box.choices == ("A", "B")
    assert box.figure == ""
    box.controls.click("new")
    question, _check, options = situations.where_is(1)
    assert box.seed == 1 and box.prompt == question.text and box.figure == question.picture
    assert list(box.control.options) == options and box.control.value is None


def test_a_seed_passed_over_is_not_dealt_twice_and_the_box_names_the_seed_dealt_from():
    # No card is shown in the small game of seed 6: who_saw deals seed 7's, and says so.
    box = _box(situations.who_saw, "set", seed=6)
    assert box.seed == 7 and "(seed 7)" in box.prompt
    box.controls.click("new")
    assert box.seed == 8 and "(seed 8)" in box.prompt


def test_lesson_4_on_paper_keeps_its_worlds_picture_and_a_seed_prints_the_seat_s_view():
    sheet, _key = worksheet_pages(run_lesson(4))
    first = re.search(r"<section class=\"exercise[^\"]*\">(?:(?!</section>).)*"
                      r"After question 1, how many worlds", sheet, re.S).group(0)
    assert "Seat 0's view. Possible worlds" in first   # the lesson's own worlds picture
    assert "Use seat 0's view just above." in first
    sheet, key = worksheet_pages(run_lesson(4), seed=5)
    question, _check = situations.worlds_count(5)
    assert question.text in sheet and question.picture in sheet and question.picture in key
    # The text about the lesson's own situation stays off a sheet of other situations, and
    # the two exercises on one skill (3 and 4) are not the same situation twice.
    assert "Use seat 0's view just above." not in sheet and "Go back one step" not in sheet
    questions = re.findall(r'<p class="question">(.*?)</p>', sheet)
    assert len(questions) == len(set(questions)) == 7   # two warm-ups, five exercises
    # Exercise 4's deals start at seed 1001: its heading names the seed its question does.
    named = _seeds_named(sheet)
    assert ("1005", "1005") in named and all(heading == seed for heading, seed in named)


def test_lesson_5_on_paper_names_each_situation_by_the_seed_its_question_deals_from():
    sheet, key = worksheet_pages(run_lesson(5, "de"), seed=2)
    named = _seeds_named(sheet)
    assert ("1002", "1002") in named and all(heading == seed for heading, seed in named)
    assert _seeds_named(key) == named


def _seeds_named(page: str) -> list[tuple[str, str]]:
    """For each exercise of `page` whose question names a seed: the seed its heading names
    and the seed its question names (a learner recreates the situation from either)."""
    named = []
    for section in re.findall(r'<section class="exercise[^"]*">(.*?)</section>', page, re.S):
        question = re.search(r"[Ss]eed (\d+)", section.split("</h2>", 1)[1])
        if question:
            heading = re.search(r'<span class="situation">\D*(\d+)</span>', section)
            named.append((heading.group(1) if heading else "", question.group(1)))
    return named
