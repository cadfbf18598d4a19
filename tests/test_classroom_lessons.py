"""Lessons through the classroom: a student's lesson link, the answers a lesson writes to the
room's store (SQLite and PostgreSQL), nothing written offline or with a refused link, and the
teacher's Lessons view (who solved what, the most missed, the CSV)."""

from __future__ import annotations

import base64
import csv
import html
import io
import re
import sqlite3
import threading

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlab.classroom.bot_runs import BotLine, BotRun, StudentRun
from cardlab.classroom.lesson_csv import answers_csv, bot_runs_csv
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
    first_answer = Attempt(3, "who_showed", 7, 1, 1, False, place=3)
    assert room.lessons.record(token_hash(first), first_answer, "a", at=1.0)
    assert room.lessons.record(token_hash(first), first_answer, "a", at=1.0)
    _, second = room.new_lesson_link("Ada Lovelace")
    second_answer = Attempt(3, "guess", None, 0, 0, True, place=6)
    assert not room.lessons.record(token_hash(first), second_answer, "b")
    with pytest.raises(AccessRefused, match="replaced by a new one"):
        room.access(first)
    assert room.lessons.record(token_hash(second), second_answer, "c", at=2.0)
    rows = Room.open(room.store.where).lessons.attempts()
    assert rows == [LessonAttempt("Ada Lovelace", first_answer, 1.0),
                    LessonAttempt("Ada Lovelace", second_answer, 2.0)]
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
                assert own.lessons.record(token_hash(token), Attempt(1, f"e{k % 3}", k, k, 1,
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


def test_a_store_made_before_the_lessons_gets_their_tables_and_keeps_its_games(new_store):
    where = new_store()
    room = Room.open(where)
    table = room.create_table("fivesons", {"players": 3}, 4, ["student", "bot:random",
                                                              "bot:random"])
    room.store.close()
    _sql(where, "DROP TABLE learners", "DROP TABLE attempts")
    if not where.startswith("postgresql://"):
        with sqlite3.connect(where) as db:
            header = db.execute("PRAGMA application_id").fetchone(), \
                db.execute("PRAGMA user_version").fetchone()
    reopened = Room.open(where, create=False)
    assert [status.id for status in reopened.tables()] == [table]
    _, token = reopened.new_lesson_link("Ben")
    assert reopened.lessons.record(token_hash(token), Attempt(1, "deck_size", None, 0, 0, True),
                                   "x")
    assert [row.student for row in Room.open(where).lessons.attempts()] == ["Ben"]
    if not where.startswith("postgresql://"):
        with sqlite3.connect(where) as db:   # still a store of the same version
            assert (db.execute("PRAGMA application_id").fetchone(),
                    db.execute("PRAGMA user_version").fetchone()) == header


def test_an_overlong_exercise_name_from_a_kernel_is_kept_cut_to_40_characters(tmp_path):
    room = Room.open(tmp_path / "class.sqlite")
    _, token = room.new_lesson_link("Ada")
    room.lessons.record(token_hash(token), Attempt(2, "x" * 10_000, None, 0, 0, True), "a")
    assert [row.attempt.exercise for row in room.lessons.attempts()] == ["x" * 40]


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
                                    seed=5).named("guess")
    exercise.answer("4")                 # wrong: tier 1
    exercise.answer("6")                 # wrong again: tier 2, the hint
    exercise.controls.click("show")      # the answer shown: tier 3
    exercise.answer("5")
    rows = room.lessons.attempts()
    assert [(row.student, row.attempt) for row in rows] == [
        ("Ada", Attempt(3, "guess", 5, tries, tier, solved, exercise.place))
        for tries, tier, solved in ((1, 1, False), (2, 2, False), (2, 3, False), (2, 3, True))]
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
    assert [row.attempt.solved for row in room.lessons.attempts()] == [False]
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
    assert [row.attempt.solved for row in room.lessons.attempts()] == [False, True]
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
    rows = [("Ada", 2, "deals", None, 0, 0, True), ("Ada", 3, "guess", 4, 1, 1, True),
            ("Ben", 2, "deals", None, 2, 2, False), ("Ben", 2, "deals", None, 2, 2, True),
            ("Ben", 3, "guess", 9, 3, 3, False), ("Ben", 3, "guess", 10, 1, 1, False)]
    for k, (name, *attempt) in enumerate(rows):
        assert room.lessons.record(token_hash(tokens[name]), Attempt(*attempt, place=2),
                                   f"r{k}", at=1_700_000_000.0 + k)
    return tokens


def _cells(grid: str, name: str) -> list[str]:
    row = re.search(rf'<th scope="row">{re.escape(name)}</th>(.*?)</tr>', grid)
    return re.findall(r"<td[^>]*>([^<]*)</td>", row[1])


def test_the_lessons_view_shows_who_solved_what_and_the_most_missed(tmp_path):
    room = Room.open(tmp_path / "class.sqlite")
    _answers(room)
    view = TeacherApp(room).lessons
    grid = view.grid.value
    assert '<caption>Who has solved which exercise</caption>' in grid
    assert '<th scope="col">Student</th>' in grid
    assert re.findall(r'<span aria-hidden="true">([^<]*)</span>', grid) == ["2 · deals",
                                                                            "3 · guess"]
    assert "Lesson 3, exercise “guess”" in grid
    assert {name: _cells(grid, name) for name in ("Ada", "Ben", "=Cy")} == {
        "Ada": ["✓ solved", "✓ solved"],
        "Ben": ["◐ with hints", "✗ not yet, 4 wrong"],
        "=Cy": ["– not yet", "– not yet"]}
    missed = view.missed.value
    assert missed.index("Lesson 3, exercise “guess”: 1 of 2 students") < missed.index(
        "Lesson 2, exercise “deals”: 1 of 2 students")
    assert "5 wrong answers in all" in missed  # Ada 1, Ben 3 + 1


def test_an_exercise_keeps_its_column_when_the_lesson_gains_one_before_it(tmp_path):
    """Ada answered lesson 2's "deals" as its 2nd exercise; then the lesson gained "codes"
    before it, and Ben answered both: "deals" is one column, placed after "codes"."""
    room = Room.open(tmp_path / "class.sqlite")
    view = TeacherApp(room).lessons
    for name in ("Ada", "Ben"):
        view.name.value = name
        view.make.click("make")
    ada, ben = (token_hash(token) for token in room.lesson_links().values())
    room.lessons.record(ada, Attempt(2, "deals", None, 0, 0, True, place=2), "a", at=1.0)
    room.lessons.record(ben, Attempt(2, "codes", 8, 1, 1, False, place=2), "b", at=2.0)
    room.lessons.record(ben, Attempt(2, "deals", None, 0, 0, True, place=3), "c", at=3.0)
    view.refresh()
    grid = view.grid.value
    assert re.findall(r'<span aria-hidden="true">([^<]*)</span>', grid) == ["2 · codes",
                                                                            "2 · deals"]
    assert _cells(grid, "Ada") == ["– not yet", "✓ solved"]
    assert _cells(grid, "Ben") == ["✗ not yet, 1 wrong", "✓ solved"]
    assert [row[:3] for row in _csv(view, "Download every answer (CSV)")] == [
        ["Ada", "2", "deals"], ["Ben", "2", "codes"], ["Ben", "2", "deals"]]


def _csv(view: LessonsView, link: str) -> list[list[str]]:
    """The rows (after the header) of the CSV file that the view's link named `link` saves."""
    found = re.search(r'download="([^"]+)" href="data:text/csv;charset=utf-8;base64,([^"]+)">'
                      + re.escape(html.escape(link)) + "</a>", view.download.value)
    assert found, f"no link {link!r}"
    return list(csv.reader(io.StringIO(base64.b64decode(found[2]).decode("utf-8"))))[1:]


def test_the_csv_holds_every_answer_by_exercise_name_and_no_formula(tmp_path):
    room = Room.open(tmp_path / "class.sqlite")
    _answers(room)
    view = LessonsView(room, "de")
    assert "Alle Antworten herunterladen (CSV)" in view.download.value
    assert "Alle Turniere" not in view.download.value       # none played yet
    data = re.search(r'href="data:text/csv;charset=utf-8;base64,([^"]+)"', view.download.value)
    rows = list(csv.DictReader(io.StringIO(base64.b64decode(data[1]).decode("utf-8"))))
    assert len(rows) == 6
    assert rows[4] == {"student": "Ben", "lesson": "3", "exercise": "guess", "seed": "9",
                       "tries": "3", "tier": "3", "solved": "no",
                       "time": "2023-11-14T22:13:24Z"}


def test_the_tournaments_download_as_a_second_csv_a_spreadsheet_reads(tmp_path):
    room = Room.open(tmp_path / "class.sqlite")
    app = TeacherApp(room)
    view = app.lessons
    assert view.download.value == ""
    for name in ("=Ada", "Ben"):
        view.name.value = name
        view.make.click("make")
    ada, ben = (token_hash(token) for token in room.lesson_links().values())
    others = (BotLine("random", 8, 7.0, 3.0, 11.0), BotLine("+heuristic", 8, 4.25, 2.0, 6.5))
    room.bot_runs.record(ada, BotRun(11, 1, BotLine("", 8, 3.0, 0.5, 5.5), others), "a", at=60)
    room.bot_runs.record(ben, BotRun(11, None, BotLine("", 1, 6.0, None, None), others[:1]), "b",
                         at=120)
    app.poll()
    assert "Download every answer" not in view.download.value    # no answers yet
    assert "one row per bot in each tournament (every tournament, not only the last)" in \
        view.download.value
    assert 'download="cardlab-lesson-bot-runs.csv"' in view.download.value
    found = re.search(r'href="data:text/csv;charset=utf-8;base64,([^"]+)"', view.download.value)
    text = base64.b64decode(found[1]).decode("utf-8")
    assert list(csv.reader(io.StringIO(text))) == [
        ["run", "student", "lesson", "seed", "time", "player", "bot", "hands", "mean", "low",
         "high"],
        ["1", "'=Ada", "11", "1", "1970-01-01T00:01:00Z", "own", "", "8", "3.0", "0.5", "5.5"],
        ["1", "'=Ada", "11", "1", "1970-01-01T00:01:00Z", "opponent", "random", "8", "7.0",
         "3.0", "11.0"],
        ["1", "'=Ada", "11", "1", "1970-01-01T00:01:00Z", "opponent", "'+heuristic", "8", "4.25",
         "2.0", "6.5"],
        ["2", "Ben", "11", "", "1970-01-01T00:02:00Z", "own", "", "1", "6.0", "", ""],
        ["2", "Ben", "11", "", "1970-01-01T00:02:00Z", "opponent", "random", "8", "7.0", "3.0",
         "11.0"]]
    room.lessons.record(ben, Attempt(2, "deals", None, 0, 0, True, place=2), "c", at=180)
    app.poll()
    assert [row[:3] for row in _csv(view, "Download every answer (CSV)")] == [
        ["Ben", "2", "deals"]]
    assert len(_csv(view, "Download every tournament of the students' own bots (CSV)")) == 5


_OLD_ATTEMPTS = ("CREATE TABLE attempts (id TEXT PRIMARY KEY, student TEXT NOT NULL, "
                 "lesson INTEGER NOT NULL, exercise INTEGER NOT NULL, seed BIGINT, "
                 "tries INTEGER NOT NULL, tier INTEGER NOT NULL, solved INTEGER NOT NULL, "
                 "at DOUBLE PRECISION NOT NULL)")


def _sql(where: str, *statements: str) -> None:
    if where.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(where, autocommit=True) as db:
            for statement in statements:
                db.execute(statement)
    else:
        with sqlite3.connect(where) as db:
            for statement in statements:
                db.execute(statement)


def test_answers_kept_before_exercises_had_names_still_load(new_store):
    """A store whose attempts were written by a cardlab that kept only each exercise's
    place: its rows read back named by their place, and new rows are written with names."""
    where = new_store()
    room = Room.open(where)
    _, token = room.new_lesson_link("Ada")
    room.store.close()
    _sql(where, "DROP TABLE attempts", _OLD_ATTEMPTS,
         "INSERT INTO attempts VALUES ('old', 'Ada', 2, 3, NULL, 1, 1, 1, 5.0)")
    opened: list[Room | BaseException] = []

    def open_it() -> None:      # kernels opening the old store at once add the column once
        try:
            opened.append(Room.open(where, create=False))
        except BaseException as err:
            opened.append(err)

    threads = [threading.Thread(target=open_it) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert len(opened) == 4 and all(isinstance(room, Room) for room in opened), opened
    reopened = opened[0]
    assert reopened.lessons.record(token_hash(token), Attempt(2, "deals", None, 0, 0, True, 4),
                                   "new", at=6.0)
    assert Room.open(where, create=False).lessons.attempts() == [
        LessonAttempt("Ada", Attempt(2, "3", None, 1, 1, True, 3), 5.0),
        LessonAttempt("Ada", Attempt(2, "deals", None, 0, 0, True, 4), 6.0)]
    # What a cardlab before names reads and writes still works on the store.
    _sql(where, "INSERT INTO attempts (id, student, lesson, exercise, seed, tries, tier, "
                "solved, at) VALUES ('older', 'Ada', 2, 1, NULL, 0, 0, 1, 7.0)")
    assert [row.attempt.exercise for row in reopened.lessons.attempts()] == ["3", "deals", "1"]


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
    room.lessons.record(token_hash(token), Attempt(5, "step", None, 0, 0, True), "z")
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
    assert [(row.attempt.tries, row.attempt.solved)
                                           for row in room.lessons.attempts()] == [(1, False),
                                                                           (1, True)]


_ROWS = st.lists(st.builds(
    LessonAttempt, student=st.sampled_from(["Ada", "Ben"]),
    attempt=st.builds(Attempt, lesson=st.integers(1, 2), exercise=st.sampled_from(["a", "b"]),
                      seed=st.none() | st.integers(0, 2), tries=st.integers(0, 4),
                      tier=st.integers(0, 3), solved=st.booleans(), place=st.integers(1, 3)),
    at=st.floats(0, 1e9)), max_size=30)


@given(_ROWS)
def test_each_cell_is_the_best_result_over_every_answer(rows):
    grid = results(rows, ["Cy"])
    assert grid.students[0] == "Cy" and set(grid.students) <= {"Cy", "Ada", "Ben"}
    assert sorted(grid.exercises) == sorted({(row.attempt.lesson, row.attempt.exercise)
                                             for row in rows})
    assert [lesson for lesson, _ in grid.exercises] == sorted(
        lesson for lesson, _ in grid.exercises)
    for student in grid.students:
        for exercise in grid.exercises:
            mine = [row.attempt for row in rows if row.student == student
                    and (row.attempt.lesson, row.attempt.exercise) == exercise]
            state = grid.cell(student, exercise).state
            assert (state == "solved") == any(row.solved and row.tier < 2 for row in mine)
            assert (state == "not_yet") == (not any(row.solved for row in mine))
    for item in most_missed(grid):
        assert 1 <= item.missed <= item.tried <= 3


def _as_text(cell: str, name: str) -> bool:
    """`cell` shows `name` as text: as it is, or after a `'` where it would be a formula."""
    return cell == (f"'{name}" if name.startswith(("=", "+", "-", "@", "\t", "\r")) else name)


@given(st.text(max_size=40), st.text(max_size=40), st.text(max_size=40))
def test_any_names_come_back_from_both_csv_files_cell_for_cell_never_as_formulas(
        student, exercise, bot):
    answers = list(csv.reader(io.StringIO(answers_csv(
        [LessonAttempt(student, Attempt(2, exercise, None, 0, 0, True), 1.0)]), newline="")))
    assert len(answers) == 2 and len(answers[1]) == 8
    assert _as_text(answers[1][0], student) and _as_text(answers[1][2], exercise)
    run = BotRun(11, 5, BotLine("", 1, 2.0, None, None), (BotLine(bot, 1, 3.0, None, None),))
    runs = list(csv.reader(io.StringIO(bot_runs_csv([StudentRun(student, run, 1.0)]),
                                       newline="")))
    assert [len(row) for row in runs] == [11, 11, 11]
    assert _as_text(runs[1][1], student) and runs[1][5:7] == ["own", ""]
    assert runs[2][5] == "opponent" and _as_text(runs[2][6], bot)
