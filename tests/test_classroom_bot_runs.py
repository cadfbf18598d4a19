"""Lesson 11's tournament through the classroom: a student's run writes its numbers (never
code) to the room's store (SQLite and PostgreSQL), nothing offline or with a refused link,
and the teacher's Lessons view shows each student's last run."""

from __future__ import annotations

import re
import sqlite3

import pytest

from cardlab.classroom.bot_runs import BotLine, BotRun
from cardlab.classroom.room import STORE_VARIABLE, Room
from cardlab.classroom.store import Store, token_hash
from cardlab.lessons import classroom_link
from cardlab.lessons.own_bot import blackwidow_tournament
from cardlab.lessons.tournament import intervals
from cardlab.serve.page_request import REQUEST_URL
from cardlab.widgets.classroom_lessons import LessonsView

from helpers.stores import BACKENDS, postgres_server, store_locations

postgres = pytest.fixture(scope="module")(postgres_server)
new_store = pytest.fixture(params=BACKENDS)(store_locations)
LESSON_URL = "http://127.0.0.1:8866/voila/render/11_own_bot.ipynb"
OTHERS = ("lowest", "heuristic", "random")


def highest_card(view, legal):
    """A learner's bot whose code must never reach the store."""
    return max(legal, key=lambda card: card.rank)


def open_page(monkeypatch, where: str, token: str) -> classroom_link.LinkState | None:
    environ = {STORE_VARIABLE: where, REQUEST_URL: f"{LESSON_URL}?token={token}"}
    state = classroom_link.link_state(environ, f"token={token}")
    monkeypatch.setattr(classroom_link, "_STATE", [state])
    return state


def play(hands: int = 3, seed: int = 2):
    tournament = blackwidow_tournament(highest_card, OTHERS, hands=hands, seed=seed)
    tournament.play()
    return tournament


def test_a_tournament_through_a_students_link_writes_its_numbers(new_store, monkeypatch):
    room = Room.open(new_store())
    _, token = room.new_lesson_link("Ada")
    state = open_page(monkeypatch, room.store.where, token)
    assert state is not None and state.student == "Ada" and state.lesson == 11
    tournament = play()
    expected = intervals(tournament.stats, tournament.names)
    (row,) = Room.open(room.store.where).bot_runs.runs()
    assert (row.student, row.run.lesson, row.run.seed) == ("Ada", 11, 2)
    own = expected[tournament.bot.name]
    assert row.run.own == BotLine("", 3, own.mean, own.low, own.high)
    assert row.run.others == tuple(BotLine(name, 3, expected[name].mean, expected[name].low,
                                           expected[name].high) for name in OTHERS)
    monkeypatch.setattr(classroom_link, "_STATE", [])


def test_a_store_made_before_the_bot_runs_gets_their_table(new_store):
    where = new_store()
    room = Room.open(where)
    _, token = room.new_lesson_link("Ada")
    room.store.close()
    if where.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(where, autocommit=True) as db:
            db.execute("DROP TABLE bot_runs")
    else:
        with sqlite3.connect(where) as db:
            db.execute("DROP TABLE bot_runs")
    reopened = Room.open(where, create=False)
    run = BotRun(11, None, BotLine("", 1, 4.0, None, None), ())
    assert reopened.bot_runs.record(token_hash(token), run, "r1", at=1.0)
    assert [row.run for row in reopened.bot_runs.runs()] == [run]


def test_offline_a_tournament_opens_no_store_and_writes_nothing(tmp_path, monkeypatch):
    def never(*args, **kwargs):
        raise AssertionError("a store was opened")

    monkeypatch.setattr(Store, "__init__", never)
    monkeypatch.chdir(tmp_path)
    for environ, query in (({}, ""), ({STORE_VARIABLE: str(tmp_path / "class.sqlite"),
                                       REQUEST_URL: LESSON_URL}, "")):
        monkeypatch.setattr(classroom_link, "_STATE",
                            [classroom_link.link_state(environ, query)])
        assert play(hands=1).stats is not None
    assert list(tmp_path.iterdir()) == []
    monkeypatch.setattr(classroom_link, "_STATE", [])


@pytest.mark.parametrize("which", ["wrong", "teacher", "replaced"])
def test_a_refused_link_writes_no_tournament(tmp_path, monkeypatch, which):
    room = Room.open(tmp_path / "class.sqlite")
    _, student = room.new_lesson_link("Ada")
    token = {"wrong": "x" * 32, "teacher": room.new_teacher_token(), "replaced": student}[which]
    if which == "replaced":
        room.new_lesson_link("Ada")
    state = open_page(monkeypatch, room.store.where, token)
    assert state is not None and state.link is None
    play(hands=1)
    assert room.bot_runs.runs() == []
    monkeypatch.setattr(classroom_link, "_STATE", [])


def test_the_lessons_view_shows_each_students_last_tournament(tmp_path):
    room = Room.open(tmp_path / "class.sqlite")
    ada, ben = (token_hash(room.new_lesson_link(name)[1]) for name in ("Ada", "Ben"))
    others = (BotLine("lowest", 8, 7.25, 4.0, 10.5), BotLine("random", 8, 9.0, 6.0, 12.0))
    room.bot_runs.record(ada, BotRun(11, 1, BotLine("", 8, 3.0, 0.5, 5.5), others), "a1", at=1.0)
    room.bot_runs.record(ben, BotRun(11, 1, BotLine("", 1, 6.0, None, None), others[:1]), "b1",
                         at=2.0)
    room.bot_runs.record(ada, BotRun(11, 4, BotLine("", 12, 5.0, 3.5, 6.5), others), "a2",
                         at=3.0)
    view = LessonsView(room, "de")
    page = view.bots.value
    assert "<caption>Eigene Bots aus Lektion 11" in page
    heads = re.findall(r'<th scope="col">([^<]*)</th>', page)
    assert heads == ["Name", "Startwert", "Runden",
                     "Mittlere Punkte pro Runde", "95-%-Intervall", "lowest: Mittel",
                     "random: Mittel"]
    rows = dict(re.findall(r'<th scope="row">([^<]*)</th>(.*?)</tr>', page))
    assert re.findall(r"<td>([^<]*)</td>", rows["Ada"]) == ["4", "12", "5,0", "3,5 bis 6,5",
                                                            "7,2", "9,0"]
    assert re.findall(r"<td>([^<]*)</td>", rows["Ben"]) == ["1", "1", "6,0",
                                                            "keins (eine Runde)", "7,2", "–"]
    assert page.index("Ben") < page.index("Ada")          # Ada's last run is the later one
