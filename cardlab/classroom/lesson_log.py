"""Lessons taken through the classroom: each student's lesson link, and every exercise attempt.

The teacher gives each student, by name, a link of their own (`new_link`); a
lesson opened with it reports every checked answer, "Show me" included, as
one row (`record`): who, which lesson and exercise (its name, and its place
in the lesson), the situation's seed, the wrong tries so far, the highest
feedback tier reached, whether it is solved, and when. A row is written only
while the link that reports it is the student's working link: a replaced
link writes nothing. Like seat tokens, a link's token is kept as its SHA-256
only.

Rows are only ever added, each under an id its kernel made, so a write tried
again after a lost connection is kept once, and students writing at once lose
nothing. A row written before exercises had names reads back named by its
place ("2").

>>> import tempfile, pathlib
>>> from cardlab.classroom.store import Store, token_hash
>>> log = LessonLog(Store(pathlib.Path(tempfile.mkdtemp()) / "class.sqlite"))
>>> token = log.new_link("Ada")
>>> log.find(token)
('Ada', True)
>>> log.record(token_hash(token), Attempt(lesson=2, exercise="deals", seed=None, tries=1,
...                                       tier=1, solved=True, place=4), "a1", at=1.5)
True
>>> log.attempts()  # doctest: +NORMALIZE_WHITESPACE
[LessonAttempt(student='Ada', attempt=Attempt(lesson=2, exercise='deals', seed=None, tries=1,
               tier=1, solved=True, place=4), at=1.5)]
>>> log.record(token_hash(log.new_link("Ada")), Attempt(2, "codes", None, 0, 0, True), "a2",
...            at=2.0)
True
>>> log.record(token_hash(token), Attempt(2, "chance", None, 0, 0, True), "a3", at=3.0)
False
"""

from __future__ import annotations

import re
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardlab.classroom.store import TOKEN_BYTES, Store, token_hash
from cardlab.errors import CardlabError

#: The longest student name accepted, in characters.
MAX_NAME = 60
#: The longest exercise name kept (a lesson's names are shorter; the kernel is the student's).
MAX_EXERCISE_NAME = 40
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_COLUMNS = "student, lesson, exercise, exercise_id, seed, tries, tier, solved, at"


def record_for_learner(store: Store, table: str, columns: str, row_id: str, link_sha256: str,
                       values: Sequence[tuple[str, Any]]) -> bool:
    """Write a row of `table` under `row_id` for the student of the link whose token has
    SHA-256 `link_sha256`: `columns` names its columns after ``id``, the student's first,
    then one for each of `values` (its SQL type, its value). The same id twice is kept
    once (True again); False, writing nothing, if that link is not the student's working
    link.

    >>> import tempfile, pathlib
    >>> from cardlab.classroom.store import Store, token_hash
    >>> store = Store(pathlib.Path(tempfile.mkdtemp()) / "class.sqlite")
    >>> link = token_hash(LessonLog(store).new_link("Ada"))
    >>> row = [("INTEGER", 2), ("INTEGER", 1), ("TEXT", "deals"), ("BIGINT", None),
    ...        ("INTEGER", 0), ("INTEGER", 0), ("INTEGER", 1), ("DOUBLE PRECISION", 1.5)]
    >>> [record_for_learner(store, "attempts", _COLUMNS, row_id, sha, row)
    ...  for row_id, sha in [("a1", link), ("a1", link), ("a2", token_hash("no link"))]]
    [True, True, False]
    """
    # Each value is cast to its column's type: PostgreSQL does not infer the type of a
    # parameter that stands in a SELECT's list.
    casts = "".join(f", CAST(? AS {kind})" for kind, _ in values)
    with store.lock, store.db.transaction():
        if store.db.run(f"INSERT INTO {table} (id, {columns}) SELECT CAST(? AS TEXT), name"
                        f"{casts} FROM learners WHERE token_sha256 = ? AND active = 1 "
                        "ON CONFLICT DO NOTHING",
                        (row_id, *(value for _, value in values), link_sha256)):
            return True
        return bool(store.db.rows(f"SELECT 1 FROM {table} WHERE id = ?", (row_id,)))


@dataclass(frozen=True)
class Attempt:
    """What a lesson reports of one checked answer (the student is known by the link)."""

    lesson: int
    #: The exercise's name in its lesson (`ExerciseBox.named`), which stays when exercises
    #: are added before it; for a row written before exercises had names, its place ("2").
    exercise: str
    #: The seed of the situation answered; None for an exercise with one situation.
    seed: int | None
    #: Wrong answers so far in this situation.
    tries: int
    #: The highest feedback tier reached (0 none, 1 what is wrong, 2 a hint, 3 the answer).
    tier: int
    solved: bool
    #: The exercise's place in its lesson when answered (1 for the first; 0 if not known).
    place: int = 0


@dataclass(frozen=True)
class LessonAttempt:
    """One row of the log: an `Attempt`, whose it is, and when (seconds since 1970)."""

    student: str
    attempt: Attempt
    at: float


def read_name(name: object) -> str:
    """A student's name as the teacher typed it, spaces tidied; refused if empty, too long
    or holding control characters.

    >>> read_name("  Ada   Lovelace ")
    'Ada Lovelace'
    >>> read_name("")
    Traceback (most recent call last):
    ...
    cardlab.errors.CardlabError: Type the student's name (1 to 60 characters).
    """
    text = " ".join(name.split()) if isinstance(name, str) else ""
    if not text or len(text) > MAX_NAME or _CONTROL.search(text):
        raise CardlabError("classroom.lessons.bad_name", high=MAX_NAME)
    return text


class LessonLog:
    """The lesson links and attempts of the store's room."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def new_link(self, name: str) -> str:
        """A fresh lesson token for the student `name`; the student's link before stops
        working (their attempts so far stay theirs)."""
        student = read_name(name)
        token = secrets.token_urlsafe(TOKEN_BYTES)
        with self.store.lock, self.store.db.transaction():
            self.store.db.run("UPDATE learners SET active = 0 WHERE name = ? AND active = 1",
                              (student,))
            self.store.db.run("INSERT INTO learners (token_sha256, name, created) "
                              "VALUES (?, ?, ?)", (token_hash(token), student, time.time_ns()))
        return token

    def find(self, token: str) -> tuple[str, bool] | None:
        """The student of a lesson token and whether it is their working link; None if
        it is no lesson token."""
        with self.store.lock:
            rows = self.store.db.rows("SELECT name, active FROM learners WHERE token_sha256 = ?",
                                      (token_hash(token),))
        return (str(rows[0][0]), bool(rows[0][1])) if rows else None

    def students(self) -> list[str]:
        """Every student ever given a lesson link, in the order of their first link."""
        with self.store.lock:
            rows = self.store.db.rows("SELECT name FROM learners GROUP BY name "
                                      "ORDER BY min(created), name")
        return [str(name) for name, in rows]

    def record(self, link_sha256: str, attempt: Attempt, attempt_id: str,
               at: float | None = None) -> bool:
        """Write `attempt` for the student of the link whose token has SHA-256 `link_sha256`,
        under `attempt_id` (the same id twice is kept once); False, writing nothing, if
        that link is not the student's working link."""
        return record_for_learner(self.store, "attempts", _COLUMNS, attempt_id, link_sha256, [
            ("INTEGER", attempt.lesson), ("INTEGER", attempt.place),
            ("TEXT", attempt.exercise[:MAX_EXERCISE_NAME]), ("BIGINT", attempt.seed),
            ("INTEGER", attempt.tries), ("INTEGER", attempt.tier), ("INTEGER", int(attempt.solved)),
            ("DOUBLE PRECISION", time.time() if at is None else at)])

    def attempts(self) -> list[LessonAttempt]:
        """Every attempt, oldest first."""
        with self.store.lock:
            rows = self.store.db.rows(f"SELECT {_COLUMNS} FROM attempts ORDER BY at, id")
        return [LessonAttempt(str(student), Attempt(
            int(lesson), str(place) if name is None else str(name),
            None if seed is None else int(seed), int(tries), int(tier), bool(solved),
            int(place)), float(at))
            for student, lesson, place, name, seed, tries, tier, solved, at in rows]
