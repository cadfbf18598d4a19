"""Lessons through the classroom, in Chromium with a real `cardlab classroom`: the teacher makes
two students lesson links, each opens lesson 1 from their page of lessons (one in German) and
answers its first exercise, and the teacher's Lessons view shows both results; a wrong token's
lesson says its answers are not recorded, and writes none. axe-core finds no violation on
the classroom's pages, nor on the lessons opened from them."""

from __future__ import annotations

import re

import pytest

from cardlab.classroom.room import Room
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.lessons.cards_and_counting import check_deck_size
from cardlab.lessons.exercises import BLANK

from helpers.classroom_pages import APP, start_classroom


@pytest.fixture(scope="module")
def classroom(tmp_path_factory):
    """`cardlab classroom` serving one store; yields (base URL, the room)."""
    folder = tmp_path_factory.mktemp("lessons")
    store = folder / "class.sqlite"
    process, url = start_classroom(store, folder)
    yield url, Room.open(store)
    process.terminate()
    process.wait(timeout=60)


def make_link(teacher, name: str) -> str:
    """The teacher's page makes `name` a lesson link; returns it."""
    teacher.get_by_role("textbox", name="Student's name").fill(name)
    teacher.get_by_role("button", name="Make a lesson link").click()
    teacher.get_by_role("status").filter(has_text=f"{name} has a lesson link").wait_for()
    link = teacher.locator(".cardlab-lesson-links li", has_text=f"{name}:").locator("a")
    return link.get_attribute("href")


def open_lesson_one(page, link: str, title: str) -> None:
    """From the student's page of lessons, open lesson 1 (its link, in this page)."""
    page.goto(link)
    lesson = page.get_by_role("link", name=title)
    lesson.wait_for(timeout=90_000)
    href = lesson.get_attribute("href")
    assert re.search(r"01_start_here\.ipynb\?token=", href)
    page.goto(href)


def answer(page, question: str, typed: str, check: str, expected: str) -> None:
    box = page.locator(".cardlab-exercise", has=page.get_by_text(question))
    box.get_by_role("textbox").fill(typed)
    box.get_by_role("button", name=check).click()
    box.get_by_role("status").filter(has_text=expected).wait_for(timeout=30_000)


def test_two_students_answer_a_lesson_and_the_teacher_sees_both(browser, classroom, axe_all,
                                                                 screenshot):
    url, room = classroom
    deck = str(check_deck_size(BLANK, FiveSonsRules()).solution)
    contexts = [browser.new_context(viewport=size) for size in (
        {"width": 1200, "height": 900}, {"width": 1000, "height": 900},
        {"width": 390, "height": 844}, {"width": 1000, "height": 900})]
    try:
        teacher, ada, ben, stranger = (context.new_page() for context in contexts)
        teacher.goto(f"{url}{APP}?token={room.new_teacher_token()}")
        teacher.get_by_role("heading", name="Lessons").wait_for(timeout=90_000)
        links = {name: make_link(teacher, name) for name in ("Ada", "Ben")}
        assert all(link.startswith(f"{url}{APP}?token=") for link in links.values())

        open_lesson_one(ada, links["Ada"], "Start here")
        ada.get_by_role("status").filter(
            has_text="your answers in this lesson are shown to your teacher as Ada") \
            .wait_for(timeout=120_000)
        answer(ada, "How many cards does a game of Five Sons use?", deck, "Check", "Right!")
        assert axe_all(ada) == []

        ben.goto(f"{links['Ben']}&lang=de")
        ben.get_by_role("heading", name="Deine Lektionen, Ben").wait_for(timeout=90_000)
        assert axe_all(ben) == []
        screenshot("lessons_student_page_de", ben)
        open_lesson_one(ben, f"{links['Ben']}&lang=de", "Hier anfangen")
        question = "Mit wie vielen Karten spielt man „Fünf Söhne“?"
        answer(ben, question, "30", "Prüfen", "Nicht ganz")
        answer(ben, question, "31", "Prüfen", "Nicht ganz")
        answer(ben, question, deck, "Prüfen", "Richtig!")
        assert axe_all(ben) == []
        screenshot("lessons_lesson_de_phone", ben)

        stranger.goto(f"{url}voila/render/01_start_here.ipynb?token={'x' * 32}")
        stranger.get_by_role("status").filter(
            has_text="not valid for this classroom; ask your teacher for your link. Your "
                     "answers in this lesson are not recorded.").wait_for(timeout=120_000)
        answer(stranger, "How many cards does a game of Five Sons use?", deck, "Check",
               "Right!")
        assert axe_all(stranger) == []

        grid = teacher.locator(".cardlab-lesson-grid")
        ben_row = grid.get_by_role("row").filter(has=teacher.get_by_role("rowheader", name="Ben"))
        ben_row.get_by_role("cell", name="◐ with hints").wait_for(timeout=30_000)
        ada_row = grid.get_by_role("row").filter(has=teacher.get_by_role("rowheader", name="Ada"))
        assert ada_row.get_by_role("cell").all_text_contents() == ["✓ solved"]
        assert grid.get_by_role("columnheader").all_text_contents() == [
            "Student", "1 · deck_sizeLesson 1, exercise “deck_size”"]
        assert "Lesson 1, exercise “deck_size”: 1 of 2 students needed a hint" in \
            teacher.locator(".cardlab-lesson-missed").text_content()
        assert [(row.student, row.attempt.solved) for row in room.lessons.attempts()] == [
            ("Ada", True), ("Ben", False), ("Ben", False), ("Ben", True)]
        with teacher.expect_download() as download:
            teacher.get_by_role("link", name="Download every answer (CSV)").click()
        saved = download.value.path().read_text("utf-8").splitlines()
        assert saved[0] == "student,lesson,exercise,seed,tries,tier,solved,time"
        assert [line.split(",")[:3] for line in saved[1:]] == [["Ada", "1", "deck_size"]] + [
            ["Ben", "1", "deck_size"]] * 3
        assert axe_all(teacher) == []
        screenshot("lessons_student_lesson", ada)
        screenshot("lessons_teacher_view", teacher.locator(".cardlab-classroom-lessons"))
        screenshot("lessons_wrong_token", stranger)
    finally:
        for context in contexts:
            context.close()
