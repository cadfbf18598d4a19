"""Lessons 6 and 9: find your biggest mistake in your own game, then check with the review."""

from __future__ import annotations

from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.blackwidow.widgets.play import BlackWidowWidget
from cardlab.cards import parse_cards
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.fivesons.widgets.play import FiveSonsWidget
from cardlab.lessons.exercises import BLANK, HINT, MISTAKE
from cardlab.lessons.mistake_hunt import MistakeHunt, check_biggest, hunted
from cardlab.review import BITS, CHANCE, Estimate, Moment, Option, Review

from helpers.blackwidow import play_until
from helpers.fivesons import play_fivesons_widget_to_the_end

WAIT = 600       # a bound for a stuck review, never a speed goal


def _asked(number, loss, scale=BITS):
    options = (Option("best", Estimate.exact(1.0, 8)), Option(f"q{number}", Estimate.exact(
        1.0 - loss, 8)))
    return Moment("ask", scale, options, f"q{number}", f"q{number}", "best", "best",
                  {"after": number})


def test_the_biggest_loss_is_right_and_one_within_the_threshold_counts_as_tied():
    review = Review("game", 0, 0, "bits", (_asked(1, 0.2), _asked(2, 0.9), _asked(3, 0.8),
                                           _asked(4, 0.95, CHANCE)))
    assert [number for number, _ in hunted(review)] == [1, 2, 3]     # its own unit only
    assert check_biggest(BLANK, review).solution == 2
    assert check_biggest(2, review).correct
    assert check_biggest(3, review).correct                            # 0.1 bits short: tied
    wrong = check_biggest(1, review)
    assert not wrong.correct and wrong.mistake and wrong.hint
    assert "gave away only 0.200 bits" in wrong.coached(MISTAKE)
    assert "decision 2" not in wrong.coached(HINT)                     # the hint gives nothing away
    assert "decision 2" in wrong.text()
    assert not check_biggest(4, review).correct                        # not a listed decision


def test_black_widow_hunt_lists_the_learners_decisions_then_shows_the_review():
    play = BlackWidowWidget(BlackWidowRules(pass_cycle=("hold",), end_above=1), ["heuristic"] * 3,
                            seed=9)
    hunt = MistakeHunt.after(play)
    hunt.bar.click("list")
    assert hunt.panel is None and "Finish your game first" in hunt.bar.status
    play.start_bar.click("deal")
    play_until(play, lambda w: w.game.over)
    hunt.bar.click("list")
    assert hunt.panel.wait(WAIT) and hunt.exercise is not None
    review = hunt.panel.review
    numbers = [value for _, value in hunt.exercise.control.options]
    assert numbers == [number for number, _ in hunted(review)] and numbers
    assert hunt.panel.board.layout.display == "none"                  # figures hidden first
    assert hunt.panel.summary.layout.display == "none"
    solution = check_biggest(BLANK, review).solution
    wrong = [n for n in numbers if not check_biggest(n, review).correct]
    if wrong:
        hunt.exercise.answer(wrong[0])
        hunt.exercise.controls.click("check")
        assert hunt.panel.board.layout.display == "none"
    hunt.exercise.answer(solution)
    hunt.exercise.controls.click("check")
    assert hunt.exercise.solved and hunt.panel.board.layout.display is None
    hunt.panel.board.request(solution)                                # then check it in the stepper
    (stepper,) = play.replay.children
    assert stepper.after > 0


def test_five_sons_hunt_in_german_is_about_the_learners_questions():
    small = FiveSonsRules(players=3, faces=parse_cards("JC QD KS"),
                          hearts=parse_cards("AH 2H 3H 4H"))
    play = FiveSonsWidget(small, ["infogain", "infogain"], seed=6, lang="de")
    hunt = MistakeHunt.after(play, lang="de")
    play_fivesons_widget_to_the_end(play)
    hunt.bar.click("list")
    assert hunt.panel.wait(WAIT) and hunt.exercise is not None
    assert hunt.exercise._text == "Welche deiner Entscheidungen hat am meisten verschenkt?"
    assert all(m.kind in ("ask", "show") for _, m in hunted(hunt.panel.review))
    hunt.exercise.controls.click("show")
    assert hunt.panel.board.layout.display is None


def test_a_hunt_in_a_game_of_several_hands_reviews_every_hand_with_no_choice_shown():
    from dataclasses import replace

    from cardlab.blackwidow.match import play_game
    from cardlab.widgets.review import EVERY_HAND
    record = play_game(BlackWidowRules(pass_cycle=("hold",)), ["heuristic"] * 4,
                       seed=4).to_record()
    two = replace(record, hands=record.hands[:2])
    hunt = MistakeHunt(lambda: two, seat=0)
    hunt.bar.click("list")
    panel = hunt.panel
    assert panel.hand_choice.value == EVERY_HAND and panel.hand_choice.layout.display == "none"
    panel.cancel()                      # the choice is what matters here, not the figures
    assert panel.wait(WAIT)
