"""What a classroom store promises on SQLite and on PostgreSQL: a store gone while open is
said and never made again, a refused file stays byte for byte as it was, a store is its
owner's only and keeps no token a copy could use, and a lost link is replaced."""

from __future__ import annotations

import asyncio
import html
import os
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

import pytest

from cardlab.classroom.room import Access, AccessRefused, Room
from cardlab.classroom.shared import SharedTable
from cardlab.classroom.store import Store
from cardlab.cli import main
from cardlab.decisions import CHANCE
from cardlab.errors import CardlabError
from cardlab.widgets.classroom import classroom_app
from cardlab.widgets.classroom_student import POLL_SECONDS, StudentView
from cardlab.widgets.classroom_teacher import TeacherApp

from helpers.stores import BACKENDS, postgres_server, store_locations

postgres = pytest.fixture(scope="module")(postgres_server)
GONE = "has gone since `cardlab classroom` started"


new_store = pytest.fixture(params=BACKENDS)(store_locations)


def files(folder: Path) -> dict[str, bytes]:
    """Every file of `folder` and its bytes."""
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


def postgres_tables(url: str) -> list[tuple[str, ...]]:
    """Every row of every table of the database at `url`, as text."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as db:
        names = [name for name, in db.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' "
            "ORDER BY table_name")]
        return [(name, *map(str, row)) for name in names
                for row in db.execute(f'SELECT * FROM "{name}"')]


def postgres_run(url: str, *statements: str) -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True) as db:
        for statement in statements:
            db.execute(statement)


# --- a store that goes away while the class plays ------------------------------------

def _break_sqlite(path: Path, how: str) -> None:
    if how == "deleted":
        for name in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
            name.unlink(missing_ok=True)
    elif how == "moved":
        path.rename(path.with_name("elsewhere.sqlite"))
    elif how == "emptied":
        path.write_bytes(b"")
    else:                                   # replaced by another program's database
        other = path.with_name("other.sqlite")
        with sqlite3.connect(other) as db:
            db.execute("CREATE TABLE pupils (name TEXT)")
        other.replace(path)


class OpenStore(NamedTuple):
    """A store in use: a room with a Five Sons table (two students and a bot), a teacher's
    and a student's token, the table shared and the teacher's page open."""

    room: Room
    table_id: str
    teacher: str
    seat: str
    shared: SharedTable
    app: TeacherApp

    @classmethod
    def at(cls, where: object) -> OpenStore:
        room = Room.open(where)
        table_id = room.create_table("fivesons", {"players": 3}, 2,
                                     ["student", "student", "bot:logician"])
        return cls(room, table_id, room.new_teacher_token(), room.seat_tokens(table_id)[0],
                   room.shared(table_id), TeacherApp(room))


@pytest.mark.parametrize("how", ["deleted", "moved", "emptied", "replaced"])
def test_a_sqlite_store_gone_while_open_is_said_and_nothing_is_made_in_its_place(tmp_path,
                                                                                  how):
    path = tmp_path / "class.sqlite"
    opened = OpenStore.at(path)
    _break_sqlite(path, how)
    left = files(tmp_path)
    _is_said_everywhere(opened, str(path))
    assert files(tmp_path) == left                    # nothing made, nothing written


@pytest.mark.parametrize("how", ["dropped", "replaced"])
def test_a_postgres_store_gone_while_open_is_said_and_nothing_is_made_in_its_place(postgres,
                                                                                    how):
    url = postgres.database()
    opened = OpenStore.at(url)
    postgres_run(url, "DROP TABLE seats, actions, tables, meta")
    if how == "replaced":
        postgres_run(url, "CREATE TABLE pupils (name TEXT)", "INSERT INTO pupils VALUES ('Ada')")
    left = postgres_tables(url)
    _is_said_everywhere(opened, url)
    assert postgres_tables(url) == left


def _is_said_everywhere(opened: OpenStore, where: str) -> None:
    """Every call of the open room, the teacher's page polling, and a page opened now
    (teacher's and student's) say that the store has gone."""
    room, table_id, shared, app = opened.room, opened.table_id, opened.shared, opened.app
    teacher, seat = opened.teacher, opened.seat
    for call in (room.tables, shared.sync, lambda: room.access(teacher),
                 lambda: room.new_seat_token(table_id, 1), lambda: room.claim(table_id, 0, "p"),
                 lambda: room.create_table("fivesons", {"players": 3}, 1, ["student"] * 3)):
        with pytest.raises(CardlabError) as gone:
            call()
        assert gone.value.key == "classroom.store_gone"
    app.poll()
    assert GONE in app.problem.value and 'role="status"' in app.problem.value
    # A page opened now cannot tell a teacher from a student: it names no file or
    # server, the terminal of `cardlab classroom` (the kernels' error stream) does.
    for token, lang, text in ((teacher, "en", GONE), (seat, "de", "verschwunden")):
        page = classroom_app(f"token={token}&lang={lang}", store=where)
        (message,) = [child for child in page.children[1:]]
        assert text in message.value and where.rpartition("@")[2] not in message.value


def test_an_open_student_page_says_the_store_has_gone(new_store, capsys):
    where = new_store()
    room = Room.open(where)
    table_id = room.create_table("fivesons", {"players": 3}, 2,
                                 ["student", "bot:random", "bot:random"])
    token = room.seat_tokens(table_id)[0]

    async def lesson() -> StudentView:
        page = classroom_app(f"token={token}", store=where).children[1]
        assert isinstance(page, StudentView) and page.playing     # polling on this loop
        if where.startswith("postgresql://"):
            postgres_run(where, "DROP TABLE seats, actions, tables, meta")
        else:
            Path(where).unlink()
        await asyncio.sleep(POLL_SECONDS * 5)
        return page

    page = asyncio.run(lesson())
    assert GONE in page.message.value and 'role="status"' in page.message.value
    place = where.rpartition("@")[2]
    assert place not in page.message.value and place in capsys.readouterr().err


def test_a_move_pressed_after_the_store_has_gone_says_so_by_its_button(new_store):
    """On a phone the page's top line is scrolled away: the student who presses Ask
    is told by the button, and the game stays as it was."""
    where = new_store()
    room = Room.open(where)
    table_id = room.create_table("fivesons", {"players": 3}, 2,
                                 ["student", "bot:random", "bot:random"])
    view = StudentView(room, table_id, 0, holder="ann")
    widget = view.table
    face, heart = widget.decision.options[0]
    if where.startswith("postgresql://"):
        postgres_run(where, "DROP TABLE seats, actions, tables, meta")
    else:
        Path(where).unlink()
    widget.faces.click(face.code)
    widget.hearts.click(heart.code)
    widget.controls.click("ask")
    assert GONE in widget.note.status
    assert [move.seat for move in widget.table.moves] == [CHANCE]       # the deal alone
    assert widget.decision.kind.value == "ask"


# --- a refused file is left as it was ---------------------------------------------

_CRASHED_WRITER = """
import os, sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("PRAGMA journal_mode = WAL")
db.execute("CREATE TABLE IF NOT EXISTS marks (name TEXT)")
db.execute(f"PRAGMA application_id = {sys.argv[2]}")
db.execute(f"PRAGMA user_version = {sys.argv[3]}")
db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
db.execute("INSERT INTO marks VALUES ('in the WAL only')")
os._exit(0)
"""


def _crashed(path: Path, application: int, version: int) -> None:
    """A SQLite file in WAL mode whose writer died: its last write is in the -wal only."""
    subprocess.run([sys.executable, "-c", _CRASHED_WRITER, str(path), str(application),
                    str(version)], check=True, timeout=60)
    assert Path(f"{path}-wal").stat().st_size > 0


@pytest.mark.parametrize("case", ["foreign", "newer", "older", "emptied"])
def test_a_refused_store_and_its_wal_and_shm_are_left_byte_for_byte(tmp_path, capsys, case):
    path = tmp_path / "class.sqlite"
    if case == "emptied":                  # a store emptied after a crash: its WAL is left
        _crashed(path, 0x63646C62, 3)
        path.write_bytes(b"")
    else:
        _crashed(path, {"foreign": 0, "newer": 0x63646C62, "older": 0x63646C62}[case],
                 {"foreign": 0, "newer": 4, "older": 2}[case])
    before = files(tmp_path)
    assert sorted(before) == ["class.sqlite", "class.sqlite-shm", "class.sqlite-wal"]
    for create in (True, False):
        with pytest.raises(CardlabError) as refused:
            Store(path, create=create)
        assert refused.value.key == {"foreign": "classroom.not_a_store",
                                     "emptied": "classroom.empty_store",
                                     "older": "classroom.store_older"}.get(
            case, "classroom.store_version")
    assert main(["classroom", "export", "x", "--store", str(path)]) == 2
    assert len(capsys.readouterr().err.splitlines()) == 1
    page = classroom_app("token=x", store=str(path))
    said = GONE if case in ("foreign", "emptied") else refused.value.text("en")
    assert said in page.children[1].value
    assert files(tmp_path) == before


def test_only_cardlab_classroom_makes_a_store_export_refuses_an_empty_or_missing_path(
        tmp_path, capsys):
    empty, missing = tmp_path / "empty.sqlite", tmp_path / "typo.sqlite"
    empty.write_bytes(b"")
    assert main(["classroom", "export", "T", "--store", str(empty)]) == 2
    assert capsys.readouterr().err.splitlines() == [
        f"{empty} is empty: not a cardlab classroom store; it is left as it is."]
    assert main(["classroom", "--lang", "de", "export", "T", "--store", str(missing)]) == 2
    assert capsys.readouterr().err.splitlines() == [
        f"Unter {missing} gibt es keinen Klassenspeicher."]
    assert files(tmp_path) == {"empty.sqlite": b""}
    page = classroom_app("token=x", store=str(missing))         # an app's kernel
    assert GONE in page.children[1].value and not missing.exists()


def test_an_empty_postgres_database_is_no_store_for_export_or_a_page(postgres, capsys):
    url = postgres.database()
    assert main(["classroom", "export", "T", "--store", url]) == 2
    assert capsys.readouterr().err.splitlines() == [f"There is no classroom store at {url}."]
    assert GONE in classroom_app("token=x", store=url).children[1].value
    assert postgres_tables(url) == []


# --- owner-only, tokens hashed, links replaced ----------------------------------------

def test_a_new_sqlite_store_and_its_wal_and_shm_are_its_owners_only(tmp_path):
    path = tmp_path / "class.sqlite"
    umask = os.umask(0)
    try:
        room = Room.open(path)
        room.create_table("fivesons", {"players": 3}, 2, ["student"] * 3)
    finally:
        os.umask(umask)
    made = sorted(tmp_path.iterdir())
    assert [file.name for file in made] == ["class.sqlite", "class.sqlite-shm",
                                            "class.sqlite-wal"]
    assert {stat.S_IMODE(file.stat().st_mode) for file in made} == {0o600}


def test_the_store_keeps_no_token_so_a_copy_of_it_opens_no_seat(new_store, tmp_path):
    where = new_store()
    room = Room.open(where)
    table_id = room.create_table("blackwidow", {"players": 4}, 3, ["student"] * 4)
    tokens = [*room.seat_tokens(table_id).values(), room.new_teacher_token(),
              room.new_seat_token(table_id, 2)]
    assert len(tokens) == 6
    if where.startswith("postgresql://"):
        kept = repr(postgres_tables(where))
    else:
        kept = repr(files(tmp_path))          # the file, its -wal and -shm, as they are now
        room.store.close()
        kept += repr(files(tmp_path))          # and once checkpointed
    assert all(token not in kept for token in tokens)
    assert Room.open(where).seat_tokens(table_id) == {}


def test_a_new_seat_link_replaces_the_old_one_and_takes_the_seat_from_its_browser(new_store):
    room = Room.open(new_store())
    table_id = room.create_table("fivesons", {"players": 3}, 5,
                                 ["student", "student", "bot:random"])
    old = room.seat_tokens(table_id)
    assert room.claim(table_id, 0, "page-a")
    waiting = Room.open(room.store.where)                 # a second page of the old link,
    assert waiting.access(old[0]) == Access(table_id, 0)  # let in while page-a holds the
    assert not waiting.claim(table_id, 0, "page-w")       # seat: it waits for it
    new = room.new_seat_token(table_id, 0)
    assert room.seat_tokens(table_id) == {0: new, 1: old[1]}
    assert room.access(new) == Access(table_id, 0)
    with pytest.raises(AccessRefused) as replaced:
        room.access(old[0])
    assert replaced.value.text("en") == ("This link has been replaced by a new one; ask your "
                                         "teacher for your new link.")
    assert "neuen ersetzt" in replaced.value.text("de")
    assert not room.heartbeat(table_id, 0, "page-a")     # the old page lost the seat,
    assert not waiting.claim(table_id, 0, "page-w")       # and the waiting one never gets it
    newcomer = Room.open(room.store.where)
    assert newcomer.access(new) == Access(table_id, 0)
    assert newcomer.claim(table_id, 0, "page-b")         # the new link takes it at once
    room.hand_to_bot(table_id, 0, "random")
    with pytest.raises(AccessRefused, match="replaced by a new one"):
        room.access(old[0])
    with pytest.raises(AccessRefused, match="handed to a bot"):
        room.access(new)
    for seat, key in ((0, "classroom.not_a_student_seat"), (2, "classroom.not_a_student_seat"),
                      (3, "classroom.not_a_student_seat"), (-1, "classroom.not_a_student_seat")):
        with pytest.raises(CardlabError) as refused:
            room.new_seat_token(table_id, seat)
        assert refused.value.key == key
    with pytest.raises(CardlabError, match="There is no table 'nope'"):
        room.new_seat_token("nope", 0)
    assert room.seat_tokens(table_id) == {1: old[1]}


def test_a_new_teacher_token_replaces_the_one_before(new_store):
    room = Room.open(new_store())
    first = room.new_teacher_token()
    second = Room.open(room.store.where).new_teacher_token()
    assert room.access(second) == Access(teacher=True)
    with pytest.raises(AccessRefused, match="not valid for this classroom"):
        room.access(first)


def test_the_teachers_page_gives_a_seat_a_new_link_with_a_button_per_seat(new_store):
    where = new_store()
    made = Room.open(where)
    table_id = made.create_table("fivesons", {"players": 4}, 5,
                                 ["student", "bot:random", "student", "student"])
    old = made.seat_tokens(table_id)
    address = "http://10.0.0.5:8866/voila/render/apps/classroom.ipynb"
    page = classroom_app(f"token={made.new_teacher_token()}&lang=de", store=where).children[1]
    assert isinstance(page, TeacherApp)
    page.address = address
    page.chooser.value = table_id               # a reloaded page: the links are not shown
    assert page.links.value.count("<li>") == 3 and "<a href" not in page.links.value
    assert page.links.value.count("Verloren? Drücke unten „Neuer Link“") == 3
    assert [(button["id"], button["label"]) for button in page.new_links.buttons] == [
        ("link-0", "Neuer Link für Platz 0 (Schüler:in)"),
        ("link-2", "Neuer Link für Platz 2 (Schüler:in)"),
        ("link-3", "Neuer Link für Platz 3 (Schüler:in)")]
    page.new_links.click("link-2")
    (link,) = [html.unescape(part.split('"')[0])
               for part in page.links.value.split('<a href="')[1:]]
    assert link.startswith(f"{address}?token=") and link.endswith("&lang=de")
    token = link.removeprefix(f"{address}?token=").removesuffix("&lang=de")
    assert made.access(token) == Access(table_id, 2)
    with pytest.raises(AccessRefused, match="replaced"):
        made.access(old[2])
    assert made.access(old[0]) == Access(table_id, 0) and made.access(old[3])
    assert page.new_links.status == "Platz 2 (Schüler:in) hat einen neuen Link (oben); " \
                                    "der alte gilt nicht mehr."
    made.hand_to_bot(table_id, 0, "random")      # by another page: this one still has
    working = made.store.active_tokens(table_id)  # the button, and is told
    page.new_links.click("link-0")
    assert page.new_links.status == "Platz 0 ist kein Platz für Lernende."
    assert made.store.active_tokens(table_id) == working


def test_checking_a_store_keeps_the_locks_of_this_processs_open_connections(tmp_path):
    # Closing any file handle of a file drops every POSIX lock the process holds on it:
    # another process would then take itself for the last one and remove the WAL.
    path = tmp_path / "class.sqlite"
    room = Room.open(path)
    room.create_table("fivesons", {"players": 3}, 2, ["bot:random"] * 3)
    for _ in range(2):
        Store(path).close()
    subprocess.run([sys.executable, "-c", "import sqlite3, sys; sqlite3.connect(sys.argv[1])"
                    ".execute('SELECT * FROM tables').fetchall()", str(path)], check=True,
                   timeout=60)
    assert sorted(files(tmp_path)) == ["class.sqlite", "class.sqlite-shm", "class.sqlite-wal"]
    assert len(room.tables()) == 1
