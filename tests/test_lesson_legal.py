"""Lessons 3 and 7, the rules by playing (cardlab.lessons.legal): which cards may be played
and why, and who saw what in Five Sons."""

import re

import pytest

from cardlab.blackwidow.game import BlackWidowGame
from cardlab.blackwidow.players import bot_seat
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.blackwidow.view import seat_view
from cardlab.cards import Card, parse_cards
from cardlab.fivesons.match import play_game
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.lessons import legal
from cardlab.table import Table

FIVE_CLUBS = {"6C", "7C", "8C", "9C", "TC"}
SEVEN_OF_HEARTS = Card.parse("7H")
#: A card code standing alone in a sentence ("2D", "TC"): feedback names cards instead.
CODE = re.compile(r"\b[2-9TJQKA][CDHS]\b")


def _seed_8_until(plays):
    """Lesson 7's hand: seed 8, no passing, heuristic bots seeded as the play widget seeds them."""
    game = BlackWidowGame.new(BlackWidowRules(pass_cycle=("hold",)), 8)
    table = Table(game, [bot_seat("heuristic", 8 + seat) for seat in range(4)])
    table.run(stop=lambda: len(game.hand.plays) >= plays)
    assert game.turn == 0
    return game, table


def _sentences(text):
    """The feedback reads as sentences: each ends with a full stop, and no card is a code."""
    assert text.endswith((".", "!")), text
    assert not CODE.search(text), text
    return text


def test_legal_cards_on_the_first_trick_must_follow_clubs():
    turn = legal.Turn.of(_seed_8_until(2)[0])
    right = legal.check_legal_cards(FIVE_CLUBS, turn)
    assert right.correct
    assert "You may play only the Six of Clubs, the Seven of Clubs" in right.text()
    assert "You hold clubs, the suit led, so you must follow suit." in right.text()
    wrong = legal.check_legal_cards(FIVE_CLUBS | {"2D"}, turn)
    assert not wrong.correct
    assert ("You may not play the Two of Diamonds. You hold clubs, the suit led, so you must "
            "follow suit.") in wrong.text()
    missed = legal.check_legal_cards({"7C"}, turn)
    assert not missed.correct and "the Ten of Clubs too: no rule forbids it." in missed.text()
    assert "Du darfst auch Kreuz-Sechs, Kreuz-Acht" in missed.text("de")
    for verdict in (right, wrong, missed):
        for lang in ("en", "de"):
            _sentences(verdict.text(lang))
        assert "seat" not in verdict.text().lower()


def test_leading_a_heart_before_hearts_are_broken_is_explained():
    game, _ = _seed_8_until(4)
    assert not game.hand.hearts_broken
    turn = legal.Turn.of(game)
    everything = legal.check_legal_cards({card.code for card in seat_view(game, 0).hand}, turn)
    assert not everything.correct
    assert ("You may not lead the Four of Hearts, the Six of Hearts and the Seven of Hearts. "
            "Hearts are not broken yet") in everything.text()
    no_hearts = {card.code for card in turn.cards if card.suit.name != "HEARTS"}
    right = legal.check_legal_cards(no_hearts, turn)
    assert right.correct
    assert "You may lead any of your cards except the Four of Hearts" in right.text()
    assert legal.check_reason("hearts_not_broken", turn, SEVEN_OF_HEARTS).correct
    assert not legal.check_reason("hearts_not_broken", turn, parse_cards("7C")[0]).correct
    assert "Herz ist noch nicht gebrochen" in legal.check_reason(
        "hearts_not_broken", turn, SEVEN_OF_HEARTS).text("de")


def test_the_exercises_keep_the_position_they_ask_about_when_the_game_goes_on():
    """Lesson 7 in Voila (or "Run all"): every cell has run, so the game has moved on to
    the second trick before the learner answers the first trick's exercises."""
    game, table = _seed_8_until(2)
    first = legal.legal_cards_exercise("First trick: which cards may you play?", game)
    table.run(stop=lambda: len(game.hand.plays) >= 4)
    second = legal.legal_cards_exercise("Second trick: which cards may you lead?", game)
    why = legal.reason_exercise("Why may you not lead the Seven of Hearts?", game,
                                SEVEN_OF_HEARTS)
    table.run(stop=lambda: len(game.hand.plays) >= 9)

    first.answer(FIVE_CLUBS)
    assert first.check().correct
    assert first.controls.status.startswith("Right! You may play only the Six of Clubs")
    first.answer(FIVE_CLUBS | {"4H"})
    assert not first.check().correct
    assert "You may not play the Four of Hearts. You hold clubs" in first.controls.status

    leads = {card.code for card in parse_cards("7C 8C 9C TC 2D 4S 6S 7S TS")}
    second.answer(leads)
    assert second.check().correct
    second.answer(leads | {"7H"})
    assert "You may not lead the Seven of Hearts. Hearts are not broken" in second.check().text()

    why.answer("hearts_not_broken")
    assert why.check().correct
    why.answer("follow")
    assert "You are leading this trick" in why.check().text()


def test_each_wrong_reason_gets_its_own_explanation():
    turn = legal.Turn.of(_seed_8_until(4)[0])
    texts = {}
    for label, option in legal.reason_options():
        verdict = legal.check_reason(option, turn, SEVEN_OF_HEARTS)
        assert verdict.correct == (option == "hearts_not_broken"), label
        texts[option] = _sentences(verdict.text())
        _sentences(verdict.text("de"))
    assert len(set(texts.values())) == len(texts), texts
    assert "no suit has been led yet" in texts["follow"]
    assert "Only the first card of the hand must be the Two of Clubs" in texts["opening"]
    assert "This is trick 2, not the first" in texts["first_trick_points"]
    assert "Hearts are not broken yet" in texts["hearts_not_broken"]
    assert "the Seven of Hearts would be refused now" in texts["legal"]


def test_wrong_reasons_on_the_first_trick_say_what_is_different_there():
    turn = legal.Turn.of(_seed_8_until(2)[0])
    heart = {option: legal.check_reason(option, turn, SEVEN_OF_HEARTS).text()
             for option in legal.REASONS}
    assert heart["follow"].startswith("Right! You hold clubs, the suit led")
    assert "matters only when you cannot follow suit" in heart["first_trick_points"]
    assert "you are not leading: clubs were led" in heart["hearts_not_broken"]
    club = legal.check_reason("first_trick_points", turn, Card.parse("7C"))
    assert "The Seven of Clubs is not a point card" in club.text()
    assert legal.check_reason("legal", turn, Card.parse("7C")).correct
    assert "You do not hold the Queen of Spades." in legal.check_reason(
        "legal", turn, Card.parse("QS")).text()


def test_a_turn_needs_a_seat_to_play():
    rules = BlackWidowRules()
    passing = BlackWidowGame.new(rules, 8)
    with pytest.raises(ValueError, match="nobody is to play a card now"):
        legal.Turn.of(passing)


@pytest.fixture(scope="module")
def passed_twice():
    """Seed 8: in event 1 seat 0 asks JH and 9H, seats 1 and 2 pass, seat 3 shows 9H."""
    return play_game(FiveSonsRules(players=4), ["logician"] * 4, seed=8)


def test_who_answers_a_question(passed_twice):
    assert legal.check_responder(3, passed_twice, 1).correct
    passer = legal.check_responder("1", passed_twice, 1)
    assert not passer.correct
    assert "Seat 1 holds neither the Jack of Hearts nor the Nine of Hearts" in passer.text()
    asker = legal.check_responder(0, passed_twice, 1)
    assert not asker.correct and "goes first to its left neighbour" in asker.text()
    assert "never reached seat 1: seat 3 showed" in legal.check_responder(1, passed_twice, 3).text()


def test_who_saw_the_shown_card(passed_twice):
    assert legal.check_saw_card({"0", "3"}, passed_twice, 1).correct
    everyone = legal.check_saw_card({"0", "1", "2", "3"}, passed_twice, 1)
    assert not everyone.correct
    assert "Seat 2 saw only that seat 3 showed a card, not which one" in everyone.text()
    assert "asked" not in everyone.text()
    missed = legal.check_saw_card({"0"}, passed_twice, 1)
    assert not missed.correct and "Seat 3 showed the card from its own hand" in missed.text()


def test_which_card_a_seat_saw(passed_twice):
    assert legal.check_seen_card("9H", passed_twice, 0, 1).correct
    assert legal.check_seen_card(legal.NO_CARD, passed_twice, 2, 1).correct
    guessed = legal.check_seen_card("9H", passed_twice, 2, 1)
    assert not guessed.correct and "saw only that seat 3 showed a card" in guessed.text()
