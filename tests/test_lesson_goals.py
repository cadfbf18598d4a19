"""Every learning goal stated at the top of a lesson has an exercise that checks it.

A lesson's first cell lists its goals, each bullet ending in a hidden id
(``<!-- goal:deals -->``); each exercise box is tagged with the ids of the goals
it checks (`ExerciseBox.for_goals`), and a widget that practises a goal by use
(a game against bots) is shown with its ids (`Offline(..., goals=...)`).
The lesson is run as a learner would run it and every box and widget it builds is read.

Every exercise also has a name (`ExerciseBox.named`), unique in its lesson and the same in
both languages: the teacher's Lessons view and its CSV name the exercise by it, so it
must not change when the lesson gains exercises.
"""

import re

import nbformat
import pytest

from cardlab.lessons.exercises import EXERCISE_NAME, Offline

from helpers.lessons import LESSONS, NOTEBOOKS, boxes_of

GOAL = re.compile(r"<!--\s*goal:(\w+)\s*-->")


def goals_of(name: str) -> list[str]:
    """The ids of the goals in the lesson's goals list (its first cell's bullets), in order;
    a bullet without an id fails."""
    head = nbformat.read(NOTEBOOKS / name, as_version=4).cells[0].source
    bullets = [line for line in head.splitlines() if line.startswith("- ")]
    for bullet in bullets:
        assert GOAL.search(bullet), (name, f"a goal without an id: {bullet}")
    return [GOAL.search(bullet)[1] for bullet in bullets]


def widgets_of(name: str, monkeypatch) -> list[Offline]:
    made: list[Offline] = []
    init = Offline.__init__

    def register(self, *args, **kwargs):
        init(self, *args, **kwargs)
        made.append(self)

    monkeypatch.setattr(Offline, "__init__", register)
    return made


@pytest.mark.parametrize("name", [name for name in LESSONS
                                  if not name.endswith("01_start_here.ipynb")])
def test_every_goal_of_a_lesson_has_an_exercise_that_checks_it(name, monkeypatch):
    goals = goals_of(name)
    assert goals, f"{name} states no learning goals"
    shown = widgets_of(name, monkeypatch)
    boxes = boxes_of(name, monkeypatch)
    tagged = [goal for item in [*boxes, *shown] for goal in item.goals]
    missing = [goal for goal in goals if goal not in tagged]
    assert not missing, (name, f"goals no exercise checks: {missing}")
    unknown = sorted(set(tagged) - set(goals))
    assert not unknown, (name, f"exercises tagged with goals the lesson does not state: {unknown}")
    assert goals == list(dict.fromkeys(goals)), (name, "a goal id twice")
    _NAMES[name] = [box.exercise_id for box in boxes]


#: The exercise names each lesson run so far made, by lesson (a lesson is run once).
_NAMES: dict[str, list[str | None]] = {}


def names_of(name: str, monkeypatch) -> list[str | None]:
    if name not in _NAMES:
        _NAMES[name] = [box.exercise_id for box in boxes_of(name, monkeypatch)]
    return _NAMES[name]


@pytest.mark.parametrize("name", [name for name in LESSONS if not name.startswith("de/")])
def test_every_exercise_has_a_name_of_its_own_the_same_in_both_languages(name, monkeypatch):
    names = names_of(name, monkeypatch)
    assert names, f"{name} has no exercise"
    unnamed = [place for place, found in enumerate(names, start=1) if found is None]
    assert not unnamed, (name, f"exercises without a name (.named), by place: {unnamed}")
    assert all(EXERCISE_NAME.fullmatch(found) for found in names), (name, names)
    assert len(set(names)) == len(names), (name, f"a name twice: {names}")
    assert names_of(f"de/{name}", monkeypatch) == names, "the German lesson names them otherwise"


@pytest.mark.parametrize("name", [name for name in LESSONS if name.startswith("de/")
                                  and not name.endswith("01_start_here.ipynb")])
def test_german_lessons_state_the_same_goals(name):
    assert goals_of(name) == goals_of(name.removeprefix("de/"))
