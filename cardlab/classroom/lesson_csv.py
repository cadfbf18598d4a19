r"""The class's lesson results as CSV files a spreadsheet opens: answers, and bot tournaments.

Two files, each one table with a header row, lines ended as RFC 4180 ends them (CR LF,
so that a CR or LF inside a name is quoted, never a new row), times in UTC (ISO 8601):

- `answers_csv`: one row per answer checked or shown, the exercise named by
  its lesson and its name in the lesson (`ExerciseBox.named`), which stays
  when the lesson gains exercises, so downloads made before and after line up.
- `bot_runs_csv`: one row per bot in each tournament of a learner's own bot:
  the rows of one tournament share its number in `run`; `player` is ``own``
  for the learner's bot (whose name is not kept: `bot` is empty) and
  ``opponent`` for each built-in bot it played; `low` and `high` are the ends
  of the 95% interval of the mean points per hand, empty for a single hand.

A name a spreadsheet would run as a formula starts with ``'``.

>>> from cardlab.classroom.lesson_log import Attempt, LessonAttempt
>>> answers_csv([LessonAttempt("Ada", Attempt(2, "deals", None, 0, 0, True, 4), 1.0)]
...             ).splitlines(keepends=True)  # doctest: +NORMALIZE_WHITESPACE
['student,lesson,exercise,seed,tries,tier,solved,time\r\n',
 'Ada,2,deals,,0,0,yes,1970-01-01T00:00:01Z\r\n']
>>> from cardlab.classroom.bot_runs import BotLine, BotRun, StudentRun
>>> run = BotRun(11, 3, BotLine("", 8, 5.5, 1.25, 9.75), (BotLine("random", 8, 7.0, 3.0, 11.0),))
>>> print(bot_runs_csv([StudentRun("=Ada", run, 60.0)]).replace("\r", ""))
run,student,lesson,seed,time,player,bot,hands,mean,low,high
1,'=Ada,11,3,1970-01-01T00:01:00Z,own,,8,5.5,1.25,9.75
1,'=Ada,11,3,1970-01-01T00:01:00Z,opponent,random,8,7.0,3.0,11.0
<BLANKLINE>
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from datetime import UTC, datetime

from cardlab.classroom.bot_runs import StudentRun
from cardlab.classroom.lesson_log import LessonAttempt

#: The header of each file.
ANSWERS_HEADER = ("student", "lesson", "exercise", "seed", "tries", "tier", "solved", "time")
BOT_RUNS_HEADER = ("run", "student", "lesson", "seed", "time", "player", "bot", "hands", "mean",
                   "low", "high")
#: `player` of the learner's own bot, and of each bot it played.
OWN, OPPONENT = "own", "opponent"
#: What a spreadsheet would take for a formula at the start of a cell.
_FORMULA = ("=", "+", "-", "@", "\t", "\r")


def answers_csv(attempts: Iterable[LessonAttempt]) -> str:
    """Every answer, one row each, oldest first as given (see the module's notes)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(ANSWERS_HEADER)
    for row in attempts:
        answer = row.attempt
        writer.writerow([_cell(row.student), answer.lesson, _cell(answer.exercise),
                         _blank(answer.seed), answer.tries, answer.tier,
                         "yes" if answer.solved else "no", _time(row.at)])
    return out.getvalue()


def bot_runs_csv(runs: Iterable[StudentRun]) -> str:
    """Every tournament, one row per bot in it, numbered in the order given (see the
    module's notes)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(BOT_RUNS_HEADER)
    for number, row in enumerate(runs, start=1):
        run = row.run
        start = [number, _cell(row.student), run.lesson, _blank(run.seed), _time(row.at)]
        for player, line in [(OWN, run.own), *((OPPONENT, other) for other in run.others)]:
            writer.writerow([*start, player, "" if player == OWN else _cell(line.bot),
                             line.hands, line.mean, _blank(line.low), _blank(line.high)])
    return out.getvalue()


def _blank(value: object) -> object:
    return "" if value is None else value


def _time(at: float) -> str:
    return datetime.fromtimestamp(at, UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def _cell(text: str) -> str:
    """A name a spreadsheet shows as text, never runs as a formula.

    >>> _cell("=HYPERLINK(1)"), _cell("Ada")
    ("'=HYPERLINK(1)", 'Ada')
    """
    return f"'{text}" if text.startswith(_FORMULA) else text
