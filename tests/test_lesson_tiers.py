"""Every exercise of every lesson coaches in tiers: the mistake, a hint, then the answer.

Each lesson notebook (English and German) is run as a learner would run it; then
every exercise box in it is driven through its buttons: a wrong answer, another
wrong answer, and "Show me".
"""

from fractions import Fraction

import nbformat
import pytest

from cardlab.i18n import message
from cardlab.lessons.exercises import BLANK, HINT, MISTAKE, SHOWN, ExerciseBox

from helpers.lessons import LESSONS, NOTEBOOKS, boxes_of


def wrong_answers(box: ExerciseBox, solution) -> list:
    """Two different wrong answers to `box`, as a learner would give them."""
    if box.choices and not isinstance(solution, set):
        values = [value for _, value in box.control.options if value != solution]
        return (values * 2)[:2]
    if isinstance(solution, set):
        everything = {spec.id for spec in box.control.specs}
        first = (everything - solution) or {next(iter(everything))}
        second = solution ^ {sorted(everything)[0]}
        return [first, second if second != first else everything]
    if isinstance(solution, str):     # a card's code: another rank, then another suit
        rank, suit = solution[:-1], solution[-1]
        return [("3" if rank == "2" else "2") + suit, rank + ("D" if suit == "C" else "C")]
    value = Fraction(solution) if not isinstance(solution, float) else solution
    return [str(value * 2 + 1 if value >= 1 else Fraction(9, 10)),
            str(value * 3 + 2 if value >= 1 else Fraction(1, 100))]


@pytest.mark.parametrize("name", LESSONS)
def test_every_exercise_gives_the_mistake_then_a_hint_then_the_answer(name, monkeypatch):
    boxes = boxes_of(name, monkeypatch)
    lang = "de" if name.startswith("de/") else "en"
    for box in boxes:
        if getattr(box.checker(BLANK), "solution", None) is BLANK:
            continue   # a tournament exercise before its hands are played: checked below
        solution = box.checker(BLANK).solution
        first, second = wrong_answers(box, solution)
        box.answer(first)
        box.controls.click("check")
        verdict = box.checker(first)
        if verdict.correct:      # two options may both be right (a tie): nothing to coach
            continue
        assert box.tier == MISTAKE, (name, box._text)
        assert verdict.mistake, (name, box._text, first)
        assert box.controls.status == verdict.coached(MISTAKE, lang)
        assert box.controls.status != verdict.text(lang), (name, box._text)
        box.answer(second)
        box.controls.click("check")
        if not box.checker(second).correct and second != first:
            assert box.tier == HINT and message("lesson.tier.hint", lang, hint="") in (
                box.controls.status), (name, box._text)
        box.controls.click("show")
        assert box.tier == SHOWN
        assert box.controls.status.startswith(message("lesson.tier.shown", lang,
                                                      answer="")[:10]), (name, box._text)
        box.answer(box._as_answer(solution))
        box.controls.click("check")
        assert box.solved, (name, box._text)
    assert boxes, name


@pytest.mark.parametrize("name", [name for name in LESSONS if not name.startswith("de/")])
def test_english_and_german_lessons_are_in_step(name):
    english = nbformat.read(NOTEBOOKS / name, as_version=4).cells
    german = nbformat.read(NOTEBOOKS / "de" / name, as_version=4).cells
    assert [cell.cell_type for cell in english] == [cell.cell_type for cell in german]
    for kind in ("ExerciseBox.", "_exercise(", "practice("):
        assert [cell.source.count(kind) for cell in english] == [
            cell.source.count(kind) for cell in german], (name, kind)


@pytest.mark.parametrize(("maker", "kind"), [("scoring", "number"), ("guess_chance", "number"),
                                             ("step_name", "choice")])
def test_new_situation_starts_afresh_with_another_question(maker, kind):
    from cardlab.lessons import practice
    make = getattr(practice, maker)
    options = practice.step_options() if kind == "choice" else ()
    box = ExerciseBox.practice(make, seed=1, kind=kind, options=options)
    first_question, first_solution = box._text, box.checker(BLANK).solution
    wrong = next(value for _, value in box.control.options if value != first_solution) \
        if kind == "choice" else "1000"
    box.answer(wrong)
    box.controls.click("check")
    assert box.tier == MISTAKE and box.attempts[-1].situation == 1
    box.controls.click("new")
    assert box.seed == 2 and box.tier == 0 and not box.solved and box._text != first_question
    box.answer(box._as_answer(box.checker(BLANK).solution))
    box.controls.click("check")
    assert box.solved and box.attempts[-1].situation == 2


@pytest.mark.parametrize("name", [name for name in LESSONS if name.startswith("de/")])
def test_a_german_lesson_asks_every_question_in_german(name, monkeypatch):
    english = [box.prompt for box in boxes_of(name.removeprefix("de/"), monkeypatch)]
    german = [box.prompt for box in boxes_of(name, monkeypatch)]
    assert len(english) == len(german)
    assert [en for en, de in zip(english, german, strict=True) if en == de] == []
