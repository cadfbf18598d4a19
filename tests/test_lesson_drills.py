"""The seeded exercises of retrieval practice and lesson 10, passing in lesson 9, and the
exercises that replaced multiple choice: each answer judged by the engine, with its tiers."""

import math
import re
from fractions import Fraction

import nbformat
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.blackwidow.review import pass_outcomes
from cardlab.cards import Card, parse_cards
from cardlab.fivesons.match import play_game
from cardlab.fivesons.record import FiveSonsLog
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.fivesons.worlds import PossibleWorlds, tiny_game
from cardlab.lessons import drills, passing, retrieval
from cardlab.lessons.deduction import certain_after, check_first_event
from cardlab.lessons.exercises import BLANK, MISTAKE, SHOWN, ExerciseBox
from cardlab.lessons.questions import best_questions, check_question, information
from cardlab.lessons.worlds import check_solutions_left

from helpers.lessons import NOTEBOOKS


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_a_card_code_is_read_as_learners_type_it_and_a_wrong_one_is_told_what_differs(seed):
    question, check = drills.card_code(seed)
    code = check(BLANK).solution
    assert Card.parse(code).name() in question
    assert check(code.lower()).correct and check(f" {code} ").correct
    other_rank = ("3" if code[0] == "2" else "2") + code[-1]
    verdict = check(other_rank)
    assert not verdict.correct and "rank" in verdict.coached(MISTAKE)
    assert code not in verdict.coached(MISTAKE)
    assert "not a card" in check("11X").coached(MISTAKE)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_a_hand_size_follows_the_deal_from_seat_0(seed):
    question, check = drills.hand_size(seed)
    players, seat = map(int, re.findall(r"\d+", question))
    sizes = FiveSonsRules(players=players).hand_sizes
    assert check(str(sizes[seat])).correct
    assert check(BLANK).solution == sizes[seat] and sum(sizes) == 20


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_chance_and_bits_of_a_fresh_deal_are_the_engines(seed):
    _, check = drills.chance_held(seed)
    truth = check(BLANK).solution
    assert 0 < truth < 1 and check(f"{truth.numerator}/{truth.denominator}").correct
    assert not check(str(float(truth) + 0.1)).correct
    _, bits = drills.bits(seed)
    assert bits(str(bits(BLANK).solution)).correct


def test_the_best_question_is_the_one_the_engine_finds_most_telling():
    rules = FiveSonsRules(players=3, faces=parse_cards("JC QC KC"),
                          hearts=parse_cards("AH 2H 3H 4H"))
    log = FiveSonsLog(rules, 0, parse_cards("QC 2H"), ())
    most, best = best_questions(log)
    every = [information(log, face, heart) for face in rules.faces for heart in rules.hearts]
    assert math.isclose(most, max(every)) and len(best) == 6
    bluff = check_question({"QC", "2H"}, log)      # both cards the asker holds: tells nothing
    assert not bluff.correct and "0.00 bits" in bluff.coached(MISTAKE)
    assert not check_question({"JC", "KC"}, log).correct       # two faces: not a question
    assert "one face card" in check_question({"JC", "KC"}, log).coached(MISTAKE)
    assert all(check_question({face.code, heart.code}, log).correct for face, heart in best)


def test_the_solutions_left_count_solutions_not_worlds():
    model = PossibleWorlds.from_game(tiny_game())
    check = check_solutions_left
    assert check(BLANK, model, 0).solution == 3
    assert "counts the worlds" in check("6", model, 0).coached(MISTAKE)
    game = tiny_game()
    game.ask(0, *parse_cards("JC 2H"))
    game.ask(1, *parse_cards("QC 3H"))
    after = PossibleWorlds.from_game(game)
    assert check("1", after, 1).correct == after.knows_solution(1)


def test_the_first_event_after_which_a_seat_knew_is_the_engines():
    game = play_game(FiveSonsRules(players=4), ["logician", "random", "infogain", "random"],
                     seed=10)
    when = [certain_after(game.observation_log(seat)) for seat in range(4)]
    first = min(after for after in when if after is not None)
    assert check_first_event(str(first), game).correct
    later = max(after for after in when if after is not None)
    if later != first:
        assert "another seat knew it earlier" in check_first_event(str(later), game).coached(1)


def test_a_pass_is_judged_by_the_review_engine_on_the_same_deals():
    seed = 3
    _, check, options = passing.pass_choice(seed)
    assert len(options) == 13
    measured = passing.measured(seed)
    assert len(measured) == math.comb(13, 3)
    best = check(BLANK).solution
    assert check(best).correct
    view = passing.pass_view(seed)
    worst = max(measured, key=lambda o: sum(r[0] for r in measured[o]) / len(measured[o]))
    rows = pass_outcomes(view, [worst], passing.PASS_DEALS, seed)
    mean = sum(row[0][0] for row in rows) / len(rows)
    verdict = check({card.code for card in worst})
    assert not verdict.correct
    assert f"{mean:.1f} points" in verdict.coached(MISTAKE)        # the engine's own number
    assert not any(code in verdict.coached(MISTAKE) for code in best)
    assert check({"2C", "7C"}).mistake[0].key == "lesson.pass.three"


def test_a_new_situation_of_cards_to_press_brings_its_own_cards():
    box = ExerciseBox.practice(drills.legal_cards, seed=5, kind="set")
    first = [spec.id for spec in box.control.specs]
    box.answer({first[0]})
    box.controls.click("check")
    box.controls.click("new")
    again = [spec.id for spec in box.control.specs]
    assert box.seed == 6 and again != first and not any(s.pressed for s in box.control.specs)
    box.answer(box.checker(BLANK).solution)
    box.controls.click("check")
    assert box.solved and box.tier == 0
    box.controls.click("show")
    assert box.tier == SHOWN


@pytest.mark.parametrize("lesson", range(2, 10))
def test_each_lesson_opens_with_two_questions_on_earlier_lessons(lesson):
    for folder in (NOTEBOOKS, NOTEBOOKS / "de"):
        path = next(folder.glob(f"{lesson:02d}_*.ipynb"))
        code = [cell.source for cell in nbformat.read(path, as_version=4).cells
                if cell.cell_type == "code"]
        assert "warmup(" in code[1], path          # right after the imports
    skills = retrieval.WARMUPS[lesson]
    assert len(skills) == 2 and all(retrieval.SKILLS[name].lesson < lesson for name in skills)
    boxes = retrieval.warmup(lesson).boxes
    assert [box.seed for box in boxes] == [100 * lesson + 1, 100 * lesson + 2]
    assert boxes[0]._text != boxes[1]._text


def test_mixed_practice_draws_different_skills_from_all_lessons():
    drawn = [retrieval.mixed_skills(seed, 6) for seed in range(20)]
    assert all(len(set(names)) == 6 for names in drawn)
    assert {name for names in drawn for name in names} == set(retrieval.SKILLS)
    assert {skill.lesson for skill in retrieval.SKILLS.values()} >= {1, 2, 3, 5, 6, 7, 9}
    with pytest.raises(ValueError, match="count must be 1 to"):
        retrieval.mixed_skills(1, 0)
    boxes = retrieval.mixed(10).boxes
    assert all(box.goals == ("recall",) and box.seed for box in boxes)


def test_a_win_share_is_checked_against_the_fair_share():
    from cardlab.lessons.questions import check_win_share
    assert check_win_share("0.5", 50, 100, 3).correct
    assert check_win_share(BLANK, 50, 100, 3).solution == Fraction(1, 2)
    assert "fair share" in check_win_share("1/3", 50, 100, 3).coached(MISTAKE)
