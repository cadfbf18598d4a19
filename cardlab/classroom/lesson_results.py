"""What the class's lesson answers add up to: who solved which exercise, what was missed most.

Each student's result on an exercise is the best over every situation they
answered: `SOLVED` without a hint (at most told what was wrong about an
answer), `HELPED` (solved after the hint or after seeing the answer), or
`NOT_YET`, with the wrong answers given so far. An exercise is one column,
named by its lesson and its place in the lesson.

>>> from cardlab.classroom.lesson_log import LessonAttempt
>>> rows = [LessonAttempt("Ada", 2, 1, None, 0, 0, True, 1.0),
...         LessonAttempt("Ben", 2, 1, None, 1, 1, False, 2.0),
...         LessonAttempt("Ben", 2, 1, None, 2, 2, True, 3.0)]
>>> grid = results(rows, ["Ada", "Ben", "Cy"])
>>> grid.exercises, [grid.cell(name, (2, 1)) for name in ("Ada", "Ben", "Cy")]
... # doctest: +NORMALIZE_WHITESPACE
([(2, 1)], [Result(state='solved', wrong=0), Result(state='helped', wrong=2),
            Result(state='not_yet', wrong=0)])
>>> most_missed(grid)
[Missed(exercise=(2, 1), missed=1, tried=2, wrong=2)]
>>> print(csv_text(rows[:1]))
student,lesson,exercise,seed,tries,tier,solved,time
Ada,2,1,,0,0,yes,1970-01-01T00:00:01Z
<BLANKLINE>
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime

from cardlab.classroom.lesson_log import LessonAttempt

#: A student's result on an exercise: solved without a hint, solved with help, not yet.
SOLVED, HELPED, NOT_YET = "solved", "helped", "not_yet"
#: The feedback tier of the hint (`cardlab.lessons.exercises.HINT`): solved from it on
#: counts as solved with help.
HINT_TIER = 2
#: How many exercises the most-missed list names.
MISSED_SHOWN = 5
#: What a spreadsheet would take for a formula at the start of a cell.
_FORMULA = ("=", "+", "-", "@", "\t", "\r")

Exercise = tuple[int, int]


@dataclass(frozen=True)
class Result:
    """One student on one exercise: `state`, and the wrong answers given in all."""

    state: str
    wrong: int = 0


@dataclass(frozen=True)
class Grid:
    """Students (rows) by exercises (columns, as (lesson, exercise)) and their results."""

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
    exercise answered, in lesson order."""
    best: dict[tuple[str, Exercise], str] = {}
    # Wrong answers are counted per situation: each row holds the count so far.
    wrong: dict[tuple[str, Exercise, int | None], int] = {}
    names = list(dict.fromkeys(students))
    for row in attempts:
        key = (row.student, (row.lesson, row.exercise))
        if row.student not in names:
            names.append(row.student)
        state = (SOLVED if row.tier < HINT_TIER else HELPED) if row.solved else NOT_YET
        if _rank(state) > _rank(best.get(key, NOT_YET)) or key not in best:
            best[key] = state
        situation = (*key, row.seed)
        wrong[situation] = max(wrong.get(situation, 0), row.tries)
    totals: dict[tuple[str, Exercise], int] = {}
    for (student, exercise, _seed), count in wrong.items():
        totals[student, exercise] = totals.get((student, exercise), 0) + count
    cells = {key: Result(state, totals.get(key, 0)) for key, state in best.items()}
    return Grid(names, sorted({exercise for _, exercise in best}), cells)


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


def csv_text(attempts: Iterable[LessonAttempt]) -> str:
    """Every attempt as CSV, one row each, with a header (times in UTC, ISO 8601)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["student", "lesson", "exercise", "seed", "tries", "tier", "solved", "time"])
    for row in attempts:
        when = datetime.fromtimestamp(row.at, UTC).isoformat(timespec="seconds")
        writer.writerow([_cell(row.student), row.lesson, row.exercise,
                         "" if row.seed is None else row.seed, row.tries, row.tier,
                         "yes" if row.solved else "no", when.replace("+00:00", "Z")])
    return out.getvalue()


def _cell(text: str) -> str:
    """A name a spreadsheet shows as text, never runs as a formula.

    >>> _cell("=HYPERLINK(1)"), _cell("Ada")
    ("'=HYPERLINK(1)", 'Ada')
    """
    return f"'{text}" if text.startswith(_FORMULA) else text
