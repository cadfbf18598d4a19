"""`cardlab worksheet`: a lesson's exercises on paper, and an answer key for the same situations."""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

import nbformat
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.cli import main
from cardlab.lessons import harvest
from cardlab.lessons.harvest import run_lesson
from cardlab.lessons.worksheet import worksheet_pages, write_worksheet

from helpers.cli import one_line_error, run

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"

#: A lesson no code of cardlab knows: its exercises must be found all the same.
NEW_LESSON = [
    ("markdown", "# Lesson 11: A new lesson\n\n**Learning goals.** You can\n\n"
                 "- add *two* numbers;\n- pick a seat.\n\nSome text."),
    ("code", "import ipywidgets as widgets\nfrom IPython.display import HTML\n"
             "from cardlab.lessons.exercises import BLANK, ExerciseBox, Verdict, check_number"),
    ("markdown", "### Exercise 1: sums\n\nAdd them up. Then press **Check**."),
    ("code", "ExerciseBox.practice(lambda seed: (f'What is {seed} + 1?',\n"
             "    lambda answer: check_number(answer, seed + 1)), seed=4)"),
    ("code", "never_shown = ExerciseBox.number('Never shown?', lambda a: check_number(a, 1))"),
    ("markdown", "### Exercise 2\n\n<details><summary>Open</summary>hidden here</details>\n\n"
                 "Look at the table."),
    ("code", "HTML('<table><tr><td>seven of seat 2</td></tr></table>')"),
    ("code", "widgets.VBox([ExerciseBox.choice('Which seat?', [('Seat 1', 1), ('Seat 2', 2)],\n"
             "    lambda answer: Verdict(answer == 2, solution=2))])"),
    ("markdown", "### Exercise 3\n\nPlay the tournament first."),
    ("code", "ExerciseBox.number('After the tournament?',\n"
             "    lambda answer: Verdict(False, solution=BLANK))"),
]


def _notebook(folder: Path, name: str, cells: list[tuple[str, str]]) -> None:
    book = nbformat.v4.new_notebook()
    book.cells = [nbformat.v4.new_markdown_cell(text) if kind == "markdown"
                  else nbformat.v4.new_code_cell(text) for kind, text in cells]
    folder.mkdir(parents=True, exist_ok=True)
    nbformat.write(book, folder / name)


@pytest.fixture
def root(tmp_path: Path) -> Path:
    """A notebooks folder with lesson 11 (as above), lesson 12 without exercises, and
    lesson 13 whose second cell fails."""
    folder = tmp_path / "notebooks"
    _notebook(folder, "11_new_lesson.ipynb", NEW_LESSON)
    _notebook(folder, "12_reading.ipynb", [("markdown", "# Lesson 12\n\n- read"),
                                           ("code", "x = 1")])
    _notebook(folder, "13_broken.ipynb", [("markdown", "# Lesson 13"), ("code", "x = 1"),
                                          ("code", "1 / 0")])
    return folder


def test_a_new_lesson_s_exercises_are_found_without_a_change(root):
    lesson = run_lesson(11, root=root)
    assert lesson.title == "Lesson 11: A new lesson"
    assert lesson.goals == ("add *two* numbers;", "pick a seat.")
    # Displayed boxes only (one inside a VBox), in order; a box never shown is not one.
    assert [exercise.box.prompt for exercise in lesson.exercises] == [
        "What is 4 + 1?", "Which seat?", "After the tournament?"]
    assert [exercise.heading for exercise in lesson.exercises] == [
        "Exercise 1: sums", "Exercise 2", "Exercise 3"]
    assert "seven of seat 2" in lesson.exercises[1].figures[0]


def test_the_worksheet_has_goals_blanks_and_each_situation_and_the_key_its_answer(root):
    sheet, key = worksheet_pages(run_lesson(11, root=root))
    assert "Name: <span></span>" in sheet and "Date: <span></span>" in sheet
    assert "<li>add <em>two</em> numbers;</li>" in sheet
    assert "Exercise 1: sums" in sheet and "situation 4" in sheet and "What is 4 + 1?" in sheet
    assert '<span class="blank">' in sheet and "<li>Seat 2</li>" in sheet
    assert "seven of seat 2" in sheet and "Look at the table." in sheet
    # Paper has no buttons, and what the notebook hides until opened stays hidden.
    assert "Add them up." in sheet and "Check" not in sheet and "hidden here" not in sheet
    # An exercise with no answer before the learner plays something cannot be printed.
    assert "After the tournament?" not in sheet + key
    assert "Here is the answer: 5." in key and "Here is the answer: Seat 2." in key
    assert "<input" not in sheet and "<button" not in sheet and "@page { size: A4" in sheet


def test_a_seed_gives_other_situations_and_the_key_answers_those(root):
    sheet, key = worksheet_pages(run_lesson(11, root=root), seed=9)
    assert "What is 9 + 1?" in sheet and "What is 9 + 1?" in key and "situation 9" in key
    assert "Here is the answer: 10." in key and "What is 4 + 1?" not in sheet


def test_a_real_lesson_in_german_on_the_command_line(tmp_path):
    result = run("worksheet", "1", "--lang", "de", "--out", str(tmp_path / "out"),
                 "--format", "json")
    assert result.returncode == 0, result.stderr
    written = json.loads(result.stdout)
    sheet = Path(written["worksheet"]).read_text("utf-8")
    key = Path(written["answers"]).read_text("utf-8")
    first = nbformat.read(NOTEBOOKS / "de" / "01_start_here.ipynb", 4).cells[0].source
    goals = re.findall(r"^- (.*)$", first, re.M)
    assert goals and all(goal in sheet for goal in goals)
    assert "Datum" in sheet and "Aufgabe 2" in sheet and "Lösungen" in key
    assert "Hier ist die Antwort: 22." in key  # the cards of a game: 12 face cards, 10 hearts
    assert sorted(path.name for path in (tmp_path / "out").iterdir()) == [
        "lesson-01-answers-de.html", "lesson-01-worksheet-de.html"]


@pytest.mark.parametrize(("args", "says"), [
    (["99"], "there is no lesson 99 (lessons found: 1, 2, "),
    (["abc"], "LESSON"),
    (["0"], "LESSON"),
    (["1", "--seed", "-3"], "--seed"),
    (["99", "--lang", "de"], "Lektion 99 gibt es nicht"),
])
def test_bad_input_is_one_line(args, says, tmp_path):
    line = one_line_error(run("worksheet", *args, "--out", str(tmp_path)))
    assert says in line
    assert list(tmp_path.iterdir()) == []


def test_out_must_be_a_folder_that_can_be_made(tmp_path):
    file = tmp_path / "taken.html"
    file.write_text("mine", "utf-8")
    assert f"{file} is a file, not a folder" in one_line_error(
        run("worksheet", "1", "--out", str(file)))
    assert f"{file} is a file, not a folder" in one_line_error(
        run("worksheet", "1", "--out", str(file / "sub")))
    assert file.read_text("utf-8") == "mine"


def test_a_lesson_without_exercises_or_with_a_failing_cell_is_refused(root, tmp_path,
                                                                      monkeypatch, capsys):
    monkeypatch.setattr(harvest, "notebooks_dir", lambda: root)
    out = tmp_path / "out"
    assert main(["worksheet", "12", "--out", str(out)]) == 2
    assert capsys.readouterr().err == "lesson 12 has no exercises yet\n"
    assert main(["worksheet", "13", "--out", str(out)]) == 2
    assert capsys.readouterr().err == ("lesson 13: its notebook failed at cell 3: "
                                       "ZeroDivisionError: division by zero\n")
    assert not out.exists()


def test_written_pages_replace_older_ones_whole(root, tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "lesson-11-worksheet-en.html").write_text("old", "utf-8")
    sheet, key = write_worksheet(11, "en", out, root=root)
    assert "What is 4 + 1?" in sheet.read_text("utf-8") and key.exists()
    assert sorted(path.name for path in out.iterdir()) == [
        "lesson-11-answers-en.html", "lesson-11-worksheet-en.html"]   # no temporary left


@settings(max_examples=25, deadline=None)
@given(st.text(max_size=30))
def test_any_lesson_argument_is_refused_in_one_line_where_there_is_no_such_lesson(text):
    err = io.StringIO()
    with pytest.MonkeyPatch.context() as patch, contextlib.redirect_stderr(err):
        patch.setattr(harvest, "notebooks_dir", lambda: Path("/nonexistent-notebooks"))
        assert main(["worksheet", "--out", "/nonexistent-out", "--", text]) == 2
    assert err.getvalue().count("\n") == 1 and "Traceback" not in err.getvalue()
    assert not Path("/nonexistent-out").exists()


@pytest.mark.parametrize(("number", "lang", "view"), [
    (3, "en", r"Seat (\d+)'s view after event (\d+)"),
    (5, "de", r"Sicht von Platz (\d+) nach Ereignis (\d+)")])
def test_a_situation_from_a_game_is_printed_with_what_its_seat_saw(number, lang, view):
    sheet, key = worksheet_pages(run_lesson(number, lang))
    for page in (sheet, key):
        pictured = 0
        for section in re.findall(r'<section class="exercise[^"]*">(.*?)</section>', page, re.S):
            question = re.search(r'<p class="question">(.*?)</p>', section, re.S).group(1)
            named = re.search(r"(?:seat|Platz) (\d+).*?(?:event|Ereignis) (\d+)|"
                              r"(?:event|Ereignis) (\d+).*?(?:seat|Platz) (\d+)", question)
            if "Seed" not in question and "seed" not in question:
                continue
            seat, after = (named.group(1), named.group(2)) if named.group(1) \
                else (named.group(4), named.group(3))
            titles = re.findall(rf"<title>{view}</title>", section)
            assert titles == [(seat, after)], (question, titles)
            pictured += 1
        assert pictured >= 1
