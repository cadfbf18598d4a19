"""Tournaments of a learner's own bot, taken through the classroom: their numbers, never code.

A lesson in which the learner writes a bot plays it against built-in bots;
when such a tournament ends in a lesson opened with a student's lesson link,
its results are written as one row (`record`): who, which lesson, the seed,
and for the learner's bot and each opponent the hands played, the mean
points per hand and the ends of its 95% interval. The learner's function and
its name are not written. As with exercise attempts, only the student's
working link writes, and a row is kept once under the id its kernel made.
Every run is kept; `latest` picks each student's last one.

>>> import tempfile, pathlib
>>> from cardlab.classroom.lesson_log import LessonLog
>>> from cardlab.classroom.store import Store, token_hash
>>> store = Store(pathlib.Path(tempfile.mkdtemp()) / "class.sqlite")
>>> token = LessonLog(store).new_link("Ada")
>>> run = BotRun(11, 1, BotLine("", 8, 5.5, 1.25, 9.75), (BotLine("random", 8, 7.0, 3.0, 11.0),))
>>> BotRuns(store).record(token_hash(token), run, "t1", at=2.0)
True
>>> BotRuns(store).runs() == [StudentRun("Ada", run, 2.0)]
True
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Iterable
from dataclasses import dataclass

from cardlab.classroom.lesson_log import record_for_learner
from cardlab.classroom.store import Store

#: The most opponents a run keeps, and the longest name of one: a run is a few numbers.
MAX_OTHERS = 8
MAX_BOT_NAME = 40
_COLUMNS = "student, lesson, seed, hands, mean, low, high, others, at"


@dataclass(frozen=True)
class BotLine:
    """One bot's result: `hands` played, mean points per hand, the 95% interval's ends
    (None where it has none: a single hand)."""

    bot: str
    hands: int
    mean: float
    low: float | None
    high: float | None

    @classmethod
    def of(cls, bot: str, hands: int, mean: float, half: float) -> BotLine:
        """A bot's line from its mean and the interval's half-width.

        >>> BotLine.of("random", 1, 6.0, math.inf)
        BotLine(bot='random', hands=1, mean=6.0, low=None, high=None)
        """
        if not math.isfinite(half):
            return cls(bot, hands, mean, None, None)
        return cls(bot, hands, mean, mean - half, mean + half)


@dataclass(frozen=True)
class BotRun:
    """A tournament's results: the learner's bot (`own`, its name not kept) and each
    opponent, from `lesson`, dealt from `seed`."""

    lesson: int
    seed: int | None
    own: BotLine
    others: tuple[BotLine, ...]


@dataclass(frozen=True)
class StudentRun:
    """One row: a `BotRun`, whose it is, and when (seconds since 1970)."""

    student: str
    run: BotRun
    at: float


def _number(value: object) -> float | None:
    return None if value is None else float(str(value))


def _others(lines: Iterable[BotLine]) -> str:
    return json.dumps([[line.bot[:MAX_BOT_NAME], line.hands, line.mean, line.low, line.high]
                       for line in list(lines)[:MAX_OTHERS]])


def _read_others(text: str) -> tuple[BotLine, ...]:
    return tuple(BotLine(str(bot), int(hands), float(mean), _number(low), _number(high))
                 for bot, hands, mean, low, high in json.loads(text))


class BotRuns:
    """The bot tournaments of the store's room."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def record(self, link_sha256: str, run: BotRun, run_id: str,
               at: float | None = None) -> bool:
        """Write `run` for the student of the link whose token has SHA-256 `link_sha256`,
        under `run_id` (the same id twice is kept once); False, writing nothing, if that
        link is not the student's working link."""
        own = run.own
        return record_for_learner(self.store, "bot_runs", _COLUMNS, run_id, link_sha256, [
            ("INTEGER", run.lesson), ("BIGINT", run.seed), ("INTEGER", own.hands),
            ("DOUBLE PRECISION", own.mean), ("DOUBLE PRECISION", own.low),
            ("DOUBLE PRECISION", own.high), ("TEXT", _others(run.others)),
            ("DOUBLE PRECISION", time.time() if at is None else at)])

    def runs(self) -> list[StudentRun]:
        """Every run, oldest first."""
        with self.store.lock:
            rows = self.store.db.rows(f"SELECT {_COLUMNS} FROM bot_runs ORDER BY at, id")
        return [StudentRun(str(student), BotRun(
            int(lesson), None if seed is None else int(seed),
            BotLine("", int(hands), float(mean), _number(low), _number(high)),
            _read_others(str(others))), float(at))
            for student, lesson, seed, hands, mean, low, high, others, at in rows]


def latest(runs: Iterable[StudentRun]) -> list[StudentRun]:
    """Each student's last run (of `runs`, oldest first), in the order of those runs.

    >>> line = BotLine("", 2, 1.0, 0.0, 2.0)
    >>> [row.at for row in latest([StudentRun("Ada", BotRun(11, 1, line, ()), 1.0),
    ...                            StudentRun("Ben", BotRun(11, 1, line, ()), 2.0),
    ...                            StudentRun("Ada", BotRun(11, 2, line, ()), 3.0)])]
    [2.0, 3.0]
    """
    last = {row.student: row for row in runs}
    return sorted(last.values(), key=lambda row: row.at)
