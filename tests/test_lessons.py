"""The lessons' exercise checkers: right answers accepted, wrong ones explained by the engine."""

import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from cardlab.blackwidow.game import BlackWidowGame
from cardlab.blackwidow.knowledge import BlackWidowKnowledge
from cardlab.blackwidow.match import HandStats
from cardlab.blackwidow.match import play_game as play_blackwidow
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.blackwidow.view import seat_view
from cardlab.cards import parse_cards
from cardlab.deal_counting import SOLUTION
from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.match import play_game
from cardlab.fivesons.record import FiveSonsLog
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.fivesons.worlds import PossibleWorlds
from cardlab.lessons import (
    cards_and_counting,
    counting_cards,
    deduction,
    playing,
    printable,
    questions,
)
from cardlab.lessons import worlds as lesson_worlds
from cardlab.lessons.exercises import ExerciseBox, check_number, parse_number

QS, TH, JC = parse_cards("QS TH JC")


@pytest.mark.parametrize(("text", "value"), [
    ("1/3", Fraction(1, 3)), ("29.6%", Fraction(296, 1000)), ("0,25", Fraction(1, 4)),
    ("1,407,929,402,880", 1407929402880), ("1 407 929 402 880", 1407929402880),
    ("abc", None), ("1/0", None)])
def test_numbers_are_read_as_learners_type_them(text, value):
    assert parse_number(text) == value


def test_the_exercise_box_checks_each_kind_of_answer_and_speaks_german():
    box = ExerciseBox.choice("?", [("yes", True), ("no", False)],
                             lambda answer: check_number(str(int(answer)), 1), lang="de")
    box.controls.click("check")
    assert box.controls.status == "Nicht ganz. Gib zuerst eine Antwort."
    box.answer(True)
    box.controls.click("check")
    assert box.controls.status.startswith("Richtig!")
    many = ExerciseBox.many("?", [("1", "1"), ("2", "2")],
                            lambda answer: check_number(str(len(answer)), 2))
    many.control.click("1")
    assert not many.check().correct
    many.control.click("2")
    assert many.check().correct
    assert [b["pressed"] for b in many.control.buttons] == [True, True]


def test_feedback_always_judges_the_answer_on_screen():
    many = ExerciseBox.many("?", [("1", "1"), ("2", "2")], lambda answer: check_number("1", 2))
    many.controls.click("check")                     # nothing pressed: no answer, no solution
    assert many.controls.status.endswith("Give an answer first.")
    many.control.click("1")
    many.controls.click("check")
    assert many.controls.status.startswith("Not quite.")
    many.control.click("2")                          # a changed answer clears the old verdict
    assert many.controls.status == ""
    choice = ExerciseBox.choice("?", [("yes", True), ("no", False)],
                                lambda answer: check_number(str(int(answer)), 1))
    choice.answer(True)
    choice.controls.click("check")
    assert choice.controls.status.startswith("Right!")
    choice.answer(False)
    assert choice.controls.status == ""
    typed = ExerciseBox.number("?", lambda answer: check_number(answer, 3))
    assert not typed.control.continuous_update       # the value arrives on Enter or on leaving
    typed.answer("3")                                # ... and is checked then, without a click
    assert typed.controls.status == "Right! 3 is correct."
    typed.answer(" ")
    assert typed.controls.status == ""


def test_counting_deals_names_the_forgotten_solution():
    rules = FiveSonsRules()
    assert cards_and_counting.check_deals("1407929402880", rules).correct
    wrong = cards_and_counting.check_deals("11732745024", rules)
    assert not wrong.correct
    assert "each of the 120 possible solutions" in wrong.text()
    assert "order of the cards" in cards_and_counting.check_deals(f"{1407929402880 * 120**4}",
                                                        rules).text()


def test_chance_of_holding_a_card_explains_the_tempting_answer():
    log = FiveSonsLog(FiveSonsRules(), 0, parse_cards("KH JC AH 5H JD"), ())
    assert cards_and_counting.check_chance_held("8/27", log, QS, 1).correct
    assert cards_and_counting.check_chance_held("29.6%", log, QS, 1).correct
    naive = cards_and_counting.check_chance_held("5/17", log, QS, 1)
    assert not naive.correct and "must hide exactly one card" in naive.text()
    assert "between 0 and 1" in cards_and_counting.check_chance_held("30", log, QS, 1).text()


@pytest.fixture(scope="module")
def tiny():
    jc, qc, ah, h2, h3 = parse_cards("JC QC AH 2H 3H")
    rules = FiveSonsRules(players=3, faces=(jc, qc), hearts=(ah, h2, h3))
    game = FiveSonsGame.start(rules, (jc, ah), [(qc,), (h2,), (h3,)])
    game.ask(0, jc, h2)
    after_one = PossibleWorlds.from_game(game)
    game.ask(1, qc, h3)
    return after_one, PossibleWorlds.from_game(game)


def test_possible_worlds_exercises(tiny):
    after_one, after_two = tiny
    assert lesson_worlds.check_cannot_tell("2", after_one, 0).correct
    missed = lesson_worlds.check_cannot_tell("1", after_one, 0)
    assert not missed.correct and "Count the real world too" in missed.text()
    for answer in ("3", "6"):
        over = lesson_worlds.check_cannot_tell(answer, after_one, 0)
        assert not over.correct
        assert "Seat 0 holds the Queen of Clubs itself, so no solution has it." in over.text()
        assert ("Seat 1 showed seat 0 the Two of Hearts in question 1, so no solution has it."
                in over.text())
        assert "Platz 1 hat Platz 0 in Frage 1 die Karte Herz-Zwei gezeigt" in over.text("de")
    under = lesson_worlds.check_cannot_tell("0", after_one, 0)
    assert not under.correct and "holds the Queen" not in under.text()
    assert lesson_worlds.check_solutions_left("1", after_two, 0).correct
    assert lesson_worlds.check_solutions_left("2", after_two, 1).correct
    assert ("cannot rule out 2 solutions: Jack of Clubs + Ace of Hearts and "
            "Queen of Clubs + Ace of Hearts") in lesson_worlds.check_solutions_left(
        "1", after_two, 1).text()
    assert lesson_worlds.check_knows_that(True, after_two, 1, 0).correct
    doubt = lesson_worlds.check_knows_that(True, after_one, 1, 0)
    assert not doubt.correct and "Seat 1 cannot rule out the world" in doubt.text()


@pytest.fixture(scope="module")
def recorded():
    return play_game(FiveSonsRules(players=4), ["logician", "random", "infogain", "random"],
                     seed=10)


def test_where_is_a_card_uses_the_clause_reason(recorded):
    log = recorded.observation_log(2)
    right = deduction.check_place(3, log, 6, JC)
    assert right.correct and "showed a card for J♣ and 10♥ in event 2" in right.text()
    wrong = deduction.check_place(SOLUTION, log, 6, JC)
    assert not wrong.correct and "so it holds J♣" in wrong.text()
    assert deduction.check_place(deduction.UNSURE, log, 5, TH).correct
    early = deduction.check_place(0, log, 5, TH)
    assert not early.correct and "Seat 2 cannot be sure yet" in early.text()


def test_after_which_event_the_first_seat_knew(recorded):
    assert deduction.check_first_event("11", recorded).correct
    wrong = deduction.check_first_event("9", recorded)
    assert not wrong.correct
    assert "Seat 2 knew the solution first, after event 11" in wrong.text()


def test_bits_and_the_best_question():
    log = FiveSonsLog(FiveSonsRules(), 0, parse_cards("KH JC AH 5H JD"), ())
    assert questions.check_bits("6.17", log).correct
    # The logarithm as the lesson writes it counts too; log2 of the wrong count does not.
    assert all(questions.check_bits(text, log).correct for text in ("log₂ 72", "LOG2(72)"))
    assert not questions.check_bits("log2(64)", log).correct
    assert "number of possible solutions" in questions.check_bits("72", log).text()
    rounded = questions.check_bits("6", log)
    assert not rounded.correct
    assert "6 bits is the uncertainty of 64 equally likely solutions" in rounded.text()
    assert "hier sind es aber 72" in rounded.text("de")
    useless = questions.check_question({"KH", "AH"}, log)        # both cards are seat 0's
    assert not useless.correct and "0.00 bits" in useless.text()


@pytest.fixture(scope="module")
def spade_void():
    """Seed 6: seat 3 shows out of spades at play 35 while the Queen is still out."""
    game = play_blackwidow(BlackWidowRules(pass_cycle=("hold",)), ["heuristic"] * 4, seed=6,
                           hands=1)
    view = seat_view(game, 0)
    return BlackWidowKnowledge.from_view(replace(view, plays=view.plays[:35]))


def test_where_the_queen_can_be_after_a_void(spade_void):
    assert counting_cards.check_queen_places({"1", "2"}, spade_void).correct
    wrong = counting_cards.check_queen_places({"1", "2", "3"}, spade_void)
    assert not wrong.correct
    assert "Seat 3 did not follow spades at play 35" in wrong.text()


def test_queen_chance_is_exact_and_one_in_three_is_explained(spade_void):
    truth = counting_cards.queen_chance(spade_void, 1)
    assert counting_cards.check_queen_chance(f"{truth.numerator}/{truth.denominator}",
                                           spade_void, 1).correct
    even = counting_cards.check_queen_chance("1/3", spade_void, 1)
    assert not even.correct and "One in three" in even.text()


def test_printable_sheets_are_a4_pages(recorded):
    blank = printable.blank_sheet(FiveSonsRules(players=5), "de")
    assert "Spieler 5" in blank and blank.count("<td></td>") == 22 * 6
    filled = printable.filled_sheet(recorded.observation_log(2))
    assert "@page { size: A4" in filled and 'role="img"' in filled and "✓" in filled


# -- Numbers in the feedback, as each language writes them ---------------------------------

def test_counts_in_the_feedback_are_grouped_as_each_language_groups_them():
    rules = FiveSonsRules()
    right_en = cards_and_counting.check_deals("1,407,929,402,880", rules)
    right_de = cards_and_counting.check_deals("1.407.929.402.880", rules)
    assert right_en.correct and right_de.correct
    assert "1,407,929,402,880 is correct." in right_en.text("en")
    assert "1.407.929.402.880 stimmt." in right_de.text("de")
    wrong = cards_and_counting.check_deals("11732745024", rules)
    assert not wrong.correct
    assert "11,732,745,024 ways" in wrong.text("en")
    german = wrong.text("de")
    assert "11.732.745.024 Arten" in german and "1.407.929.402.880 Verteilungen" in german
    assert "," not in german.split("zusammen ")[1]


def test_chances_in_the_feedback_are_german_percentages_in_german():
    log = FiveSonsLog(FiveSonsRules(), 0, parse_cards("KH JC AH 5H JD"), ())
    right = cards_and_counting.check_chance_held("29,6 %", log, QS, 1)
    assert right.correct
    assert "8/27, etwa 29,6 %" in right.text("de") and "8/27, about 29.6%" in right.text("en")
    assert "In 16.144.128 der 54.486.432 Verteilungen" in right.text("de")
    assert "In 16,144,128 of the 54,486,432 deals" in right.text("en")
    wrong = cards_and_counting.check_chance_held("0,5", log, QS, 1)
    assert not wrong.correct and "ist 8/27, etwa 29,6 %" in wrong.text("de")
    thirty = cards_and_counting.check_chance_held("30", log, QS, 1)
    assert "schreib 30 % oder 0,30" in thirty.text("de")
    assert "write 30% or 0.30" in thirty.text("en")


@pytest.mark.parametrize("path", ["notebooks/06_good_questions.ipynb",
                                  "notebooks/de/06_good_questions.ipynb"])
def test_lesson_6_plays_no_tournament_before_the_page_is_shown(path):
    cells = json.loads((Path(__file__).parent.parent / path).read_text())["cells"]
    code = "".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "code")
    assert "TournamentBox(" in code and "tournament(" not in code.replace("TournamentBox(", "")
    text = "".join("".join(cell["source"]) for cell in cells)
    assert "seat-games" not in text and "Platz-Partien" not in text


#: The deck suit by suit (♣ ♦ ♥ ♠), each from the Two up.
BY_SUIT = sorted(BlackWidowRules().deck, key=lambda card: (card.suit, card.rank))


def _seat_1_after_the_two_of_clubs(deal):
    """Seat 1's view once seat 0 has led the Two of Clubs from `deal` (no passing)."""
    game = BlackWidowGame.new(BlackWidowRules(pass_cycle=("hold",)), deal=deal)
    game.play(BY_SUIT[0])
    return seat_view(game, 1)


def _following_clubs():
    """Seat 1's view as it follows the Two of Clubs, with every club but the Two in hand."""
    clubs, diamonds, rest = BY_SUIT[:13], BY_SUIT[13:26], BY_SUIT[26:]
    return _seat_1_after_the_two_of_clubs(
        [clubs[:1] + diamonds[:12], clubs[1:] + diamonds[12:], rest[:13], rest[13:]])


def test_a_tie_for_the_fewest_points_goes_to_the_usual_advice():
    """Not following suit, the bot gets rid of the more dangerous of two cards that cost
    the same on average; a learner who names the other one hears why it is not the bot's."""
    view = _seat_1_after_the_two_of_clubs([BY_SUIT[i:i + 13] for i in range(0, 52, 13)])
    assert {card.suit for card in view.hand} == {BY_SUIT[13].suit}   # only diamonds
    two, ace, five = parse_cards("2D AD 5D")
    averages = {two: 0.0, ace: 0.0, five: 1.0}
    assert playing.check_playout_choice("AD", averages, view).correct
    low = playing.check_playout_choice("2D", averages, view)
    assert not low.correct and low.solution == "AD"
    assert "The Ace of Diamonds costs just as few points" in " ".join(
        text.text() for text in low.mistake)
    assert "Genauso wenige Punkte kostet im Mittel das Karo-Ass" in " ".join(
        text.text("de") for text in low.mistake)
    assert "ties for the fewest" in low.text()
    assert "Another card costs fewer" in " ".join(
        text.text() for text in playing.check_playout_choice("5D", averages, view).mistake)


def test_bits_and_points_use_a_decimal_comma_in_german():
    log = FiveSonsLog(FiveSonsRules(), 0, parse_cards("KH JC AH 5H JD"), ())
    right = questions.check_bits("6,17", log)
    assert right.correct and "6,17 Bit" in right.text("de") and "6.17 bits" in right.text("en")
    wrong = questions.check_bits("72", log)
    assert not wrong.correct and "log₂ 72 = 6,17 Bit" in wrong.text("de")
    useless = questions.check_question({"KH", "AH"}, log)
    assert not useless.correct and "0,00 Bit" in useless.text("de")
    averages = {parse_cards("9C")[0]: 2.5, parse_cards("TC")[0]: 1.25}
    view = _following_clubs()
    assert "im Schnitt 2,5 Punkte" in playing.check_playout_choice("9C", averages, view).text("de")
    assert "1.2 points" in playing.check_playout_choice("TC", averages, view).text("en")
    stats = {"a": HandStats([2, 3, 2, 3] * 10), "b": HandStats([9, 10, 9, 10] * 10)}
    intervals = playing.check_clearly_better(True, stats, "a", "b").text("de")
    assert "a: 2,5 Punkte pro Runde" in intervals and "b: 9,5 Punkte" in intervals


def test_the_queens_chances_are_german_percentages_in_german(spade_void):
    right = counting_cards.check_queen_places({"1", "2"}, spade_void)
    english, german = right.text("en"), right.text("de")
    share = english.split("Seat 1 may hold it (")[1].split("%")[0]
    assert f"Platz 1 kann sie haben ({share.replace('.', ',')} %" in german
    even = counting_cards.check_queen_chance("1/2", spade_void, 1)
    assert not even.correct and " %" in even.text("de") and "% " not in even.text("en")


def test_where_a_card_may_be_is_said_with_german_percentages(recorded):
    early = deduction.check_place(0, recorded.observation_log(2), 5, TH)
    assert not early.correct
    assert "where the Ten of Hearts is: with seat 0 (20.0%)" in early.text("en")
    assert "wo die Karte Herz-Zehn liegt: bei Platz 0 (20,0 %)" in early.text("de")


def test_the_first_lessons_counts_are_explained_right_or_wrong():
    rules = FiveSonsRules(players=4)
    assert cards_and_counting.check_deck_size("22", rules).correct
    assert "12 face cards" in cards_and_counting.check_deck_size("22", rules).text()
    whole = cards_and_counting.check_deck_size("52", rules)
    assert not whole.correct and "whole deck" in whole.text()
    assert "die 12 Bildkarten" in cards_and_counting.check_deck_size("24", rules).text("de")
    assert cards_and_counting.check_hand_size("5", rules).correct
    shared = cards_and_counting.check_hand_size("5,5", rules)
    assert not shared.correct and "zwei davon werden aber vorher" in shared.text("de")
    assert "the other 20 are dealt to 4 players: 5 each" in shared.text("en")


def test_the_usual_wrong_chances_get_their_own_reason():
    log = FiveSonsLog(FiveSonsRules(), 0, parse_cards("KH JC AH 5H JD"), ())
    alike = cards_and_counting.check_chance_held("1/3", log, QS, 1)
    assert not alike.correct and "it may also be the hidden card" in alike.text()
    assert "8/9 × 5/15 = 8/27" in alike.text()
    three = parse_cards("3H")[0]
    assert "forgets your own cards" in cards_and_counting.check_chance_held("1/10", log, three,
                                                                   SOLUTION).text()
    assert "one face card and one heart" in cards_and_counting.check_chance_held("2/17", log, three,
                                                                        SOLUTION).text()
    assert cards_and_counting.check_chance_held("12,5 %", log, three, SOLUTION).correct


def test_who_knew_first_tells_the_event_in_the_readers_language(recorded):
    german = deduction.check_first_event("9", recorded).text("de")
    assert "nach Ereignis 11: Platz 2 fragt" in german and "Seat" not in german


def test_each_question_says_why_it_tells_little_or_much():
    log = FiveSonsLog(FiveSonsRules(), 0, parse_cards("KH JC AH 5H JD"), ())
    useless = questions.check_question({"KH", "AH"}, log)
    assert not useless.correct and "You hold both cards yourself" in useless.text()
    right = questions.check_question({"KH", "3H"}, log)
    assert right.correct and "must be the Three of Hearts" in right.text()
    german = right.text("de")
    assert german.startswith("Richtig!") and "die Karte Herz-Drei sein" in german
