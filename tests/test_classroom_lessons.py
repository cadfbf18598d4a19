"""Lessons through the classroom: a student's lesson link, the answers a lesson writes to the
room's store (SQLite and PostgreSQL), nothing written offline or with a refused link, and the
teacher's Lessons view (who solved what, the most missed, the CSV)."""

from __future__ import annotations

import base64
import csv
import io
import re
import sqlite3
import threading

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlab.classroom.lesson_log import Attempt, LessonAttempt, read_name
from cardlab.classroom.lesson_results import most_missed, results
from cardlab.classroom.room import STORE_VARIABLE, Access, AccessRefused, Room
from cardlab.classroom.store import Store, token_hash
from cardlab.errors import CardlabError
from cardlab.lessons import classroom_link
from cardlab.lessons.exercises import ExerciseBox, check_number
from cardlab.serve.page_request import REQUEST_URL
from cardlab.widgets.classroom import classroom_app
from cardlab.widgets.classroom_lessons import LessonsView
from cardlab.widgets.classroom_teacher import TeacherApp

from helpers.stores import BACKENDS, postgres_server, store_locations

postgres = pytest.fixture(scope="module")(postgres_server)
new_store = pytest.fixture(params=BACKENDS)(store_locations)
LESSON_URL = "http://127.0.0.1:8866/voila/render/de/03_fivesons_rules.ipynb"


def box(truth: int = 3) -> ExerciseBox:
    return ExerciseBox.number("How many?", lambda answer: check_number(answer, truth))


@pytest.fixture
def lesson_page(monkeypatch):
    """Makes this process a lesson page (lesson 3, German) opened with `token` on the store
    at `where`; returns that page's link state."""
    def open_page(where: str, token: str) -> classroom_link.LinkState | None:
        environ = {STORE_VARIABLE: where, REQUEST_URL: f"{LESSON_URL}?token={token}"}
        state = classroom_link.link_state(environ, f"token={token}")
        monkeypatch.setattr(classroom_link, "_STATE", [state])
        return state

    yield open_page
    monkeypatch.setattr(classroom_link, "_STATE", [])


# --- the store, on both backends ---------------------------------------------------------

def test_answers_through_a_link_are_kept_and_a_replaced_link_writes_nothing(new_store):
    room = Room.open(new_store())
    _, first = room.new_lesson_link("  Ada  Lovelace ")
    assert room.access(first) == Access(student="Ada Lovelace")
    assert room.lessons.record(token_hash(first), Attempt(3, 1, 7, 1, 1, False), "a", at=1.0)
    assert room.lessons.record(token_hash(first), Attempt(3, 1, 7, 1, 1, False), "a", at=1.0)
    _, second = room.new_lesson_link("Ada Lovelace")
    assert not room.lessons.record(token_hash(first), Attempt(3, 2, None, 0, 0, True), "b")
    with pytest.raises(AccessRefused, match="replaced by a new one"):
        room.access(first)
    assert room.lessons.record(token_hash(second), Attempt(3, 2, None, 0, 0, True), "c", at=2.0)
    rows = Room.open(room.store.where).lessons.attempts()
    assert [(row.student, row.lesson, row.exercise, row.seed, row.tries, row.tier, row.solved,
             row.at) for row in rows] == [("Ada Lovelace", 3, 1, 7, 1, 1, False, 1.0),
                                          ("Ada Lovelace", 3, 2, None, 0, 0, True, 2.0)]
    assert room.lessons.students() == ["Ada Lovelace"]
    assert room.lesson_links() == {"Ada Lovelace": second}


def test_students_writing_at_once_lose_no_answer(new_store):
    where = new_store()
    room = Room.open(where)
    tokens = [room.new_lesson_link(f"Student {k}")[1] for k in range(4)]
    errors: list[BaseException] = []

    def student(token: str) -> None:
        try:
            own = Room.open(where, create=False)      # each its own connection, as kernels
            for k in range(40):
                assert own.lessons.record(token_hash(token), Attempt(1, k % 3 + 1, k, k, 1,
                                                                     k % 2 == 0), f"{token}-{k}")
        except BaseException as err:
            errors.append(err)

    threads = [threading.Thread(target=student, args=(token,)) for token in tokens]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert errors == []
    rows = room.lessons.attempts()
    assert len(rows) == 160
    assert {row.student for row in rows} == {f"Student {k}" for k in range(4)}


def _drop_lesson_tables(where: str) -> None:
    if where.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(where, autocommit=True) as db:
            db.execute("DROP TABLE learners, attempts")
    else:
        with sqlite3.connect(where) as db:
            db.execute("DROP TABLE learners")
            db.execute("DROP TABLE attempts")


def test_a_store_made_before_the_lessons_gets_their_tables_and_keeps_its_games(new_store):
    where = new_store()
    room = Room.open(where)
    table = room.create_table("fivesons", {"players": 3}, 4, ["student", "bot:random",
                                                              "bot:random"])
    room.store.close()
    _drop_lesson_tables(where)
    if not where.startswith("postgresql://"):
        with sqlite3.connect(where) as db:
            header = db.execute("PRAGMA application_id").fetchone(), \
                db.execute("PRAGMA user_version").fetchone()
    reopened = Room.open(where, create=False)
    assert [status.id for status in reopened.tables()] == [table]
    _, token = reopened.new_lesson_link("Ben")
    assert reopened.lessons.record(token_hash(token), Attempt(1, 1, None, 0, 0, True), "x")
    assert [row.student for row in Room.open(where).lessons.attempts()] == ["Ben"]
    if not where.startswith("postgresql://"):
        with sqlite3.connect(where) as db:   # still a store of the same version
            assert (db.execute("PRAGMA application_id").fetchone(),
                    db.execute("PRAGMA user_version").fetchone()) == header


@pytest.mark.parametrize("name", ["", "   ", "x" * 61, "Ada\x00", "Ben\u202e", None, 7])
def test_a_bad_student_name_is_refused_and_makes_no_link(tmp_path, name):
    room = Room.open(tmp_path / "class.sqlite")
    with pytest.raises(CardlabError, match=r"Type the student's name \(1 to 60 characters\)"):
        room.new_lesson_link(name)
    assert room.lessons.students() == []


@given(st.text(max_size=80))
def test_any_name_is_kept_tidied_or_refused(name):
    try:
        kept = read_name(name)
    except CardlabError:
        return
    assert kept == " ".join(name.split()) and 1 <= len(kept) <= 60


# --- the lesson's kernel ---------------------------------------------------------------

def test_a_lesson_opened_with_a_students_link_writes_each_answer(tmp_path, lesson_page):
    room = Room.open(tmp_path / "class.sqlite")
    _, token = room.new_lesson_link("Ada")
    state = lesson_page(room.store.where, token)
    assert state is not None and state.lesson == 3 and state.student == "Ada"
    assert "Deine Antworten in dieser Lektion sieht deine Lehrkraft unter dem Namen Ada" in \
        state.notice.value
    exercise = ExerciseBox.practice(lambda seed: ("?", lambda answer: check_number(answer, seed)),
                                    seed=5)
    exercise.answer("4")                 # wrong: tier 1
    exercise.answer("6")                 # wrong again: tier 2, the hint
    exercise.controls.click("show")      # the answer shown: tier 3
    exercise.answer("5")
    rows = room.lessons.attempts()
    assert [(row.student, row.lesson, row.exercise, row.seed, row.tries, row.tier, row.solved)
            for row in rows] == [("Ada", 3, exercise.place, 5, 1, 1, False),
                                 ("Ada", 3, exercise.place, 5, 2, 2, False),
                                 ("Ada", 3, exercise.place, 5, 2, 3, False),
                                 ("Ada", 3, exercise.place, 5, 2, 3, True)]
    assert [row.at for row in rows] == sorted(row.at for row in rows)


@pytest.mark.parametrize("which", ["wrong", "seat", "teacher", "replaced"])
def test_a_refused_link_says_why_and_writes_nothing(tmp_path, lesson_page, which):
    room = Room.open(tmp_path / "class.sqlite")
    _, student = room.new_lesson_link("Ada")
    table = room.create_table("fivesons", {"players": 3}, 1, ["student", "bot:random",
                                                              "bot:random"])
    token = {"wrong": "x" * 32, "seat": room.seat_tokens(table).get(0),
             "teacher": room.new_teacher_token(), "replaced": student}[which]
    if which == "replaced":
        room.new_lesson_link("Ada")
    state = lesson_page(room.store.where, token)
    assert state is not None and state.link is None
    why = "ersetzt" if which == "replaced" else "gilt nicht für diese Klasse"
    assert why in state.notice.value and "werden nicht aufgezeichnet" in state.notice.value
    exercise = box()
    exercise.answer("2")
    exercise.answer("3")
    assert exercise.solved and room.lessons.attempts() == []


def test_a_link_replaced_mid_lesson_stops_writing_and_the_page_says_so(tmp_path, lesson_page):
    room = Room.open(tmp_path / "class.sqlite")
    _, token = room.new_lesson_link("Ada")
    state = lesson_page(room.store.where, token)
    exercise = box()
    exercise.answer("2")
    room.new_lesson_link("Ada")
    exercise.answer("3")
    assert [row.solved for row in room.lessons.attempts()] == [False]
    assert state is not None and "ersetzt" in state.notice.value


def test_an_answer_the_store_cannot_take_is_sent_with_the_next(tmp_path, lesson_page,
                                                              monkeypatch):
    room = Room.open(tmp_path / "class.sqlite")
    _, token = room.new_lesson_link("Ada")
    state = lesson_page(room.store.where, token)
    assert state is not None and state.room is not None
    real = state.room.lessons.record

    def unreachable(*args, **kwargs):
        raise CardlabError("classroom.store_lost")

    monkeypatch.setattr(state.room.lessons, "record", unreachable)
    exercise = box()
    exercise.answer("2")
    assert "konnte nicht an deine Lehrkraft gesendet werden" in state.notice.value
    assert exercise.controls.status.startswith("Not quite")       # the exercise goes on
    monkeypatch.setattr(state.room.lessons, "record", real)
    exercise.answer("3")
    assert [row.solved for row in room.lessons.attempts()] == [False, True]
    assert "gesendet werden" not in state.notice.value


def test_offline_self_study_opens_no_store_and_writes_nothing(tmp_path, monkeypatch):
    """Jupyter, nbval, `cardlab serve`: no store variable, or no token in the address."""
    def never(*args, **kwargs):
        raise AssertionError("a store was opened")

    monkeypatch.setattr(Store, "__init__", never)
    monkeypatch.chdir(tmp_path)
    for environ, query in (({}, ""), ({REQUEST_URL: LESSON_URL}, "lang=de"),
                           ({STORE_VARIABLE: str(tmp_path / "class.sqlite"),
                             REQUEST_URL: LESSON_URL}, "lang=de")):
        monkeypatch.setattr(classroom_link, "_STATE",
                            [classroom_link.link_state(environ, query)])
        assert classroom_link.current() is None
        exercise = box()
        exercise.answer("2")
        exercise.controls.click("show")
        exercise.answer("3")
        assert exercise.solved
    assert list(tmp_path.iterdir()) == []
    monkeypatch.setattr(classroom_link, "_STATE", [])


def test_this_process_outside_voila_is_offline(monkeypatch):
    for variable in (STORE_VARIABLE, "QUERY_STRING", REQUEST_URL):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setattr(classroom_link, "_STATE", [])
    assert classroom_link.current() is None


# --- the pages -------------------------------------------------------------------------

def test_a_students_link_opens_their_lessons_each_linked_with_their_token(tmp_path):
    room = Room.open(tmp_path / "class.sqlite")
    _, token = room.new_lesson_link("Ada")
    page = classroom_app(f"token={token}&lang=de", store=room.store.where)
    shown = page.children[1].lessons.value
    assert "Deine Lektionen, Ada" in shown
    links = re.findall(r'href="([^"]+)"', shown)
    assert len(links) >= 9 and all(link.endswith(f"?token={token}&amp;lang=de")
                                   for link in links)
    assert links[0].startswith("/voila/render/de/01_start_here.ipynb")
    room.new_lesson_link("Ada")
    again = classroom_app(f"token={token}", store=room.store.where).children[1].value
    assert "This link has been replaced by a new one" in again


def _answers(room: Room) -> dict[str, str]:
    tokens = {name: room.new_lesson_link(name)[1] for name in ("Ada", "Ben", "=Cy")}
    rows = [("Ada", 2, 1, None, 0, 0, True), ("Ada", 3, 1, 4, 1, 1, True),
            ("Ben", 2, 1, None, 2, 2, False), ("Ben", 2, 1, None, 2, 2, True),
            ("Ben", 3, 1, 9, 3, 3, False), ("Ben", 3, 1, 10, 1, 1, False)]
    for k, (name, *attempt) in enumerate(rows):
        assert room.lessons.record(token_hash(tokens[name]), Attempt(*attempt), f"r{k}",
                                   at=1_700_000_000.0 + k)
    return tokens


def test_the_lessons_view_shows_who_solved_what_and_the_most_missed(tmp_path):
    room = Room.open(tmp_path / "class.sqlite")
    _answers(room)
    view = TeacherApp(room).lessons
    grid = view.grid.value
    assert '<caption>Who has solved which exercise</caption>' in grid
    assert '<th scope="col">Student</th>' in grid
    assert grid.count('<th scope="col">') == 3 and "Lesson 3, exercise 1" in grid
    cells = {name: re.findall(r"<td[^>]*>([^<]*)</td>",
                              re.search(rf'<th scope="row">{re.escape(name)}</th>(.*?)</tr>',
                                        grid)[1])
             for name in ("Ada", "Ben", "=Cy")}
    assert cells == {"Ada": ["✓ solved", "✓ solved"],
                     "Ben": ["◐ with hints", "✗ not yet, 4 wrong"],
                     "=Cy": ["– not yet", "– not yet"]}
    missed = view.missed.value
    assert missed.index("Lesson 3, exercise 1: 1 of 2 students") < missed.index(
        "Lesson 2, exercise 1: 1 of 2 students")
    assert "5 wrong answers in all" in missed  # Ada 1, Ben 3 + 1


def test_the_csv_holds_every_answer_and_no_formula(tmp_path):
    room = Room.open(tmp_path / "class.sqlite")
    _answers(room)
    view = LessonsView(room, "de")
    assert "Alle Antworten herunterladen (CSV)" in view.download.value
    data = re.search(r'href="data:text/csv;charset=utf-8;base64,([^"]+)"', view.download.value)
    rows = list(csv.DictReader(io.StringIO(base64.b64decode(data[1]).decode("utf-8"))))
    assert len(rows) == 6
    assert rows[4] == {"student": "Ben", "lesson": "3", "exercise": "1", "seed": "9",
                       "tries": "3", "tier": "3", "solved": "no",
                       "time": "2023-11-14T22:13:24Z"}


def test_the_lessons_view_follows_new_answers_and_refuses_a_bad_name(tmp_path):
    room = Room.open(tmp_path / "class.sqlite")
    app = TeacherApp(room, address="http://10.0.0.5:8866/voila/render/apps/classroom.ipynb")
    view = app.lessons
    view.name.value = "\x07"
    view.make.click("make")
    assert view.make.status == "Type the student's name (1 to 60 characters)." and \
        view.links.value == ""
    view.name.value = "Ada"
    view.make.click("make")
    (token,) = room.lesson_links().values()
    assert f"classroom.ipynb?token={token}" in view.links.value
    assert '<svg role="img"' in view.links.value and "QR code of the link for Ada" in \
        view.links.value
    assert "Ada" in view.grid.value or "No answers" in view.grid.value
    room.lessons.record(token_hash(token), Attempt(5, 2, None, 0, 0, True), "z")
    app.poll()
    assert "✓ solved" in view.grid.value


def test_an_answer_checked_again_unchanged_is_written_once(tmp_path, lesson_page):
    room = Room.open(tmp_path / "class.sqlite")
    state = lesson_page(room.store.where, room.new_lesson_link("Ada")[1])
    assert state is not None
    exercise = box()
    for typed in ("2", "2", "3", "3"):        # Enter, then the Check button, each time
        exercise.answer(typed)
        exercise.controls.click("check")
    assert [(row.tries, row.solved) for row in room.lessons.attempts()] == [(1, False),
                                                                           (1, True)]


_ROWS = st.lists(st.builds(
    LessonAttempt, student=st.sampled_from(["Ada", "Ben"]), lesson=st.integers(1, 2),
    exercise=st.integers(1, 2), seed=st.none() | st.integers(0, 2), tries=st.integers(0, 4),
    tier=st.integers(0, 3), solved=st.booleans(), at=st.floats(0, 1e9)), max_size=30)


@given(_ROWS)
def test_each_cell_is_the_best_result_over_every_answer(rows):
    grid = results(rows, ["Cy"])
    assert grid.students[0] == "Cy" and set(grid.students) <= {"Cy", "Ada", "Ben"}
    assert grid.exercises == sorted({(row.lesson, row.exercise) for row in rows})
    for student in grid.students:
        for exercise in grid.exercises:
            mine = [row for row in rows
                    if row.student == student and (row.lesson, row.exercise) == exercise]
            state = grid.cell(student, exercise).state
            assert (state == "solved") == any(row.solved and row.tier < 2 for row in mine)
            assert (state == "not_yet") == (not any(row.solved for row in mine))
    for item in most_missed(grid):
        assert 1 <= item.missed <= item.tried <= 3
