"""Every learning goal stated at the top of a lesson has an exercise that checks it.

A lesson's first cell lists its goals, each bullet ending in a hidden id
(``<!-- goal:deals -->``); each exercise box is tagged with the ids of the goals
it checks (`ExerciseBox.for_goals`), and a widget that practises a goal by use
(a game against bots) is shown with its ids (`Offline(..., goals=...)`).
The lesson is run as a learner would run it and every box and widget it builds is read.
"""

import re

import nbformat
import pytest

from cardlab.lessons.exercises import Offline

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


@pytest.mark.parametrize("name", [name for name in LESSONS if name.startswith("de/")
                                  and not name.endswith("01_start_here.ipynb")])
def test_german_lessons_state_the_same_goals(name):
    assert goals_of(name) == goals_of(name.removeprefix("de/"))
