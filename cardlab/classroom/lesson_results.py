"""What the class's lesson answers add up to: who solved which exercise, what was missed most.

Each student's result on an exercise is the best over every situation they
answered: `SOLVED` without a hint (at most told what was wrong about an
answer), `HELPED` (solved after the hint or after seeing the answer), or
`NOT_YET`, with the wrong answers given so far. An exercise is one column,
named by its lesson and its name in the lesson, which stays when the lesson
gains exercises; the columns of a lesson stand in the order the lesson shows
its exercises (as of the latest answer).

>>> from cardlab.classroom.lesson_log import Attempt, LessonAttempt
>>> rows = [LessonAttempt("Ada", Attempt(2, "deals", None, 0, 0, True, place=4), 1.0),
...         LessonAttempt("Ben", Attempt(2, "deals", None, 1, 1, False, place=4), 2.0),
...         LessonAttempt("Ben", Attempt(2, "deals", None, 2, 2, True, place=4), 3.0),
...         LessonAttempt("Ben", Attempt(2, "codes", 5, 0, 0, True, place=3), 4.0)]
>>> grid = results(rows, ["Ada", "Ben", "Cy"])
>>> grid.exercises, [grid.cell(name, (2, "deals")) for name in ("Ada", "Ben", "Cy")]
... # doctest: +NORMALIZE_WHITESPACE
([(2, 'codes'), (2, 'deals')], [Result(state='solved', wrong=0),
     Result(state='helped', wrong=2), Result(state='not_yet', wrong=0)])
>>> most_missed(grid)
[Missed(exercise=(2, 'deals'), missed=1, tried=2, wrong=2)]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from cardlab.classroom.lesson_log import LessonAttempt

#: A student's result on an exercise: solved without a hint, solved with help, not yet.
SOLVED, HELPED, NOT_YET = "solved", "helped", "not_yet"
#: The feedback tier of the hint (`cardlab.lessons.exercises.HINT`): solved from it on
#: counts as solved with help.
HINT_TIER = 2
#: How many exercises the most-missed list names.
MISSED_SHOWN = 5

#: An exercise: its lesson, and its name in the lesson.
Exercise = tuple[int, str]


@dataclass(frozen=True)
class Result:
    """One student on one exercise: `state`, and the wrong answers given in all."""

    state: str
    wrong: int = 0


@dataclass(frozen=True)
class Grid:
    """Students (rows) by exercises (columns, as (lesson, name)) and their results."""

    students: list[str]
    exercises: list[Exercise]
    cells: dict[tuple[str, Exercise], Result] = field(default_factory=dict)

    def cell(self, student: str, exercise: Exercise) -> Result:
        """The result of `student` on `exercise` (not yet, if never answered)."""
        return self.cells.get((student, exercise), Result(NOT_YET))


@dataclass(frozen=True)
class Missed:
    """An exercise the class found hard: students who needed help or have not solved it,
    of those who answered it, and the wrong answers given in all."""

    exercise: Exercise
    missed: int
    tried: int
    wrong: int


def results(attempts: Iterable[LessonAttempt], students: Sequence[str] = ()) -> Grid:
    """The grid of every student (those given, then any other who answered) by every
    exercise answered, in lesson order (within a lesson, by the place of its latest answer)."""
    best: dict[tuple[str, Exercise], str] = {}
    # Wrong answers are counted per situation: each row holds the count so far.
    wrong: dict[tuple[str, Exercise, int | None], int] = {}
    places: dict[Exercise, int] = {}
    names = list(dict.fromkeys(students))
    for row in attempts:
        answer = row.attempt
        exercise = (answer.lesson, answer.exercise)
        key = (row.student, exercise)
        places[exercise] = answer.place
        if row.student not in names:
            names.append(row.student)
        state = (SOLVED if answer.tier < HINT_TIER else HELPED) if answer.solved else NOT_YET
        if _rank(state) > _rank(best.get(key, NOT_YET)) or key not in best:
            best[key] = state
        situation = (*key, answer.seed)
        wrong[situation] = max(wrong.get(situation, 0), answer.tries)
    totals: dict[tuple[str, Exercise], int] = {}
    for (student, exercise, _seed), count in wrong.items():
        totals[student, exercise] = totals.get((student, exercise), 0) + count
    cells = {key: Result(state, totals.get(key, 0)) for key, state in best.items()}
    order = sorted(places, key=lambda item: (item[0], places[item], item[1]))
    return Grid(names, order, cells)


def _rank(state: str) -> int:
    return (NOT_YET, HELPED, SOLVED).index(state)


def most_missed(grid: Grid, shown: int = MISSED_SHOWN) -> list[Missed]:
    """The exercises most students needed help with or have not solved, of those who
    answered them (then the most wrong answers first); none that nobody missed."""
    found = []
    for exercise in grid.exercises:
        answered = [grid.cells[student, exercise] for student in grid.students
                    if (student, exercise) in grid.cells]
        missed = sum(result.state != SOLVED for result in answered)
        if missed:
            found.append(Missed(exercise, missed, len(answered),
                                sum(result.wrong for result in answered)))
    found.sort(key=lambda item: (-item.missed, -item.wrong, item.exercise))
    return found[:shown]
