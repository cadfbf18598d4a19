"""Lesson 4 (possible worlds): the viewer to play with, and the notebooks' order of things."""

import json
import re
from pathlib import Path

import pytest

from cardlab.cards import parse_cards
from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.render.worlds import deal_label, worlds_svg
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.fivesons.worlds import PossibleWorlds
from cardlab.lessons.worlds import WorldsViewer, check_cannot_tell

JC, QC, AH, H2, H3 = parse_cards("JC QC AH 2H 3H")
NOTEBOOKS = Path(__file__).parent.parent / "notebooks"


@pytest.fixture
def game():
    game = FiveSonsGame.start(FiveSonsRules(players=3, faces=(JC, QC), hearts=(AH, H2, H3)),
                              (JC, AH), [(QC,), (H2,), (H3,)])
    game.ask(0, JC, H2)
    game.ask(1, QC, H3)
    return game


def pressed(bar):
    return [button["label"] for button in bar.buttons if button["pressed"]]


def test_the_viewer_shows_the_chosen_seats_view_after_the_chosen_questions(game):
    viewer = WorldsViewer(game, "de", seat=1)
    assert pressed(viewer.questions) == ["2"] and pressed(viewer.seats) == ["Platz 1"]
    assert viewer.picture.value == worlds_svg(PossibleWorlds.from_game(game), "de", 1)
    viewer.questions.click("after-1")
    viewer.seats.click("seat-0")
    assert pressed(viewer.questions) == ["1"] and pressed(viewer.seats) == ["Platz 0"]
    assert viewer.picture.value == worlds_svg(PossibleWorlds.from_game(game, 1), "de", 0)
    assert viewer.questions.label == "Gestellte Fragen" and viewer.seats.label == "Wessen Sicht"


def cells(name):
    return json.loads((NOTEBOOKS / name).read_text())["cells"]


@pytest.mark.parametrize("name", ["04_possible_worlds.ipynb", "de/04_possible_worlds.ipynb"])
def test_each_question_is_asked_once_and_no_answer_stands_before_its_exercise(name):
    sources = ["".join(cell["source"]) for cell in cells(name)]
    boxes = [k for k, source in enumerate(sources) if "ExerciseBox." in source]
    assert len(boxes) == 5          # exercises 1 to 4, and 5: public or private
    for k in boxes:
        question = re.search(r'ExerciseBox\.\w+\(.*?"([^"?]+\?)', sources[k], re.S).group(1)
        assert not any(question in source for j, source in enumerate(sources) if j != k)
    # What everybody knows (the answers to exercises 2 and 3) comes after the last exercise.
    listed = [k for k, source in enumerate(sources) if "statements(" in source]
    assert listed and min(listed) > max(boxes)
    # Every exercise's picture is drawn before it: seat 0's view after question 1 first.
    first = next(k for k, source in enumerate(sources) if "WorldsPicture(after_one" in source)
    assert "seat=0" in sources[first] and first < boxes[0]


def test_a_count_too_high_names_the_boxes_of_the_picture_that_are_not_among_them():
    game = FiveSonsGame.start(FiveSonsRules(players=3, faces=(JC, QC), hearts=(AH, H2, H3)),
                              (JC, AH), [(QC,), (H2,), (H3,)])
    game.ask(0, JC, H2)
    model = PossibleWorlds.from_game(game)
    svg = worlds_svg(model, "en", 0)
    text = check_cannot_tell("3", model, 0).text()
    assert ("The box 3♥ · 2♥ · Q♣ under “Solution J♣ + A♥” is not one of them: there seat 0 "
            "would hold the Three of Hearts, not the Queen of Clubs.") in text
    named = re.findall(r"The box (.+?) under “(.+?)” is not one of them", text)
    assert len(named) == 2
    for deal, heading in named:
        assert f">{deal}<" in svg and f">{heading}<" in svg
    # The boxes seat 0 cannot tell apart are never named as ruled out, in either language.
    for i in model.indistinguishable(0):
        assert deal_label(model, i) not in text
        assert deal_label(model, i, "de") not in check_cannot_tell("6", model, 0).text("de")
    assert "Der Kasten 3♥ · 2♥ · D♣ unter „Lösung B♣ + A♥“ gehört nicht dazu" in \
        check_cannot_tell("6", model, 0).text("de")
    assert "The box" not in check_cannot_tell("1", model, 0).text()
