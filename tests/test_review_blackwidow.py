"""The Black Widow review: single-dummy values, honest verdicts, only what the seat saw."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cardlab.blackwidow import review
from cardlab.blackwidow.actions import Play
from cardlab.blackwidow.game import BlackWidowGame
from cardlab.blackwidow.match import play_game
from cardlab.blackwidow.record import BlackWidowRecord
from cardlab.blackwidow.review import PASS_ROUNDS, PLAY_DEALS, review_game
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.blackwidow.view import seat_view
from cardlab.cards import parse_cards
from cardlab.errors import RecordError
from cardlab.i18n import Text

HOLD = BlackWidowRules(players=4, pass_cycle=("hold",))
#: Seat 0 leads 2C, seat 1 wins it with AC and leads KS, seat 2 drops QS, seat 3 follows
#: with 3S: seat 0, last, holds AS (takes the Queen for sure) and 2S (ducks under KS).
QUEEN_DEAL = ["2C AS 2S 2D 3D 4D 5D 6D 7D 8D 9D TD JD",
              "AC KS QD KD AD 2H 3H 4H 5H 6H 7H 8H 9H",
              "3C QS 5C 6C 7C 8C 9C TC JC QC KC TH JH",
              "4C 3S 4S 5S 6S 7S 8S 9S TS JS QH KH AH"]


def _played(deal, plays, rules=HOLD) -> BlackWidowRecord:
    game = BlackWidowGame.new(rules, deal=[sorted(parse_cards(h)) for h in deal])
    for card in parse_cards(plays):
        game.apply(Play(game.hand.to_play(), card))
    return game.to_record()


def test_taking_the_queen_for_sure_is_a_mistake_of_about_13_points():
    record = _played(QUEEN_DEAL, "2C AC 3C 4C KS QS 3S AS")
    review = review_game(record, seat=0, workers=1)
    moment = review.moments[-1].to_json(1, "en")
    assert moment["kind"] == "play" and moment["play"] == 8
    assert moment["chosen"] == "AS" and moment["best"] == "2S"
    assert moment["verdict"] == "mistake" and 10 <= moment["loss"] <= 16
    assert moment["samples"] == PLAY_DEALS
    assert "Queen of Spades" in moment["reason"] and "AS" in moment["reason"]   # as records
    said = review.moments[-1].reason.text("de")              # as the review panel shows it
    assert "A♠" in said and "2♠" in said and "AS" not in said and "2S" not in said
    # The duck is judged good, with no loss.
    ducked = review_game(_played(QUEEN_DEAL, "2C AC 3C 4C KS QS 3S 2S"), 0, workers=1)
    assert ducked.moments[-1].judged == ("good", 0.0)


def _swap(record: BlackWidowRecord, a: str, b: str, plays: int) -> BlackWidowRecord:
    """`record` cut after `plays` plays of its first hand, with cards `a` and `b` swapped."""
    x, y = parse_cards(f"{a} {b}")
    hand = record.hands[0]
    deal = tuple(tuple(y if c == x else x if c == y else c for c in cards) for cards in hand.deal)
    return replace(record, hands=(replace(hand, deal=deal, plays=hand.plays[:plays]),))


def test_cards_the_seat_never_saw_do_not_change_the_review():
    record = play_game(HOLD, ["heuristic"] * 4, seed=11).to_record()
    hand = record.hands[0]
    holder = {card: seat for seat, cards in enumerate(hand.deal) for card in cards}
    # Two cards of one suit, one of seat 2's and one of seat 3's (neither the Queen of Spades
    # nor the opening club), played as late as can be: the plays before either stay legal.
    pairs = [(a, b) for a in hand.deal[2] for b in hand.deal[3]
             if a.suit is b.suit and "QS" not in (a.code, b.code) and "2C" not in (a.code, b.code)]
    a, b = max(pairs, key=lambda p: min(hand.plays.index(p[0]), hand.plays.index(p[1])))
    cut = min(hand.plays.index(a), hand.plays.index(b))
    assert holder[a] == 2 and holder[b] == 3 and cut >= 8
    one = _swap(record, a.code, a.code, cut)
    other = _swap(record, a.code, b.code, cut)
    assert one.hands[0].deal != other.hands[0].deal
    BlackWidowGame.from_record(other)  # still a legal game
    first, second = review_game(one, 0, workers=1), review_game(other, 0, workers=1)
    assert first.moments, "seat 0 made a decision before the swapped cards were played"
    assert first.to_json() == second.to_json()


def test_the_same_seed_gives_the_same_review_however_many_processes():
    record = play_game(HOLD, ["heuristic"] * 4, seed=4).to_record()
    short = replace(record, hands=(replace(record.hands[0], plays=record.hands[0].plays[:12]),))
    alone = review_game(short, 1, seed=7, workers=1).to_json()
    assert review_game(short, 1, seed=7, workers=2).to_json() == alone
    assert review_game(short, 1, seed=8, workers=1).to_json()["decisions"] != \
        alone["decisions"]


def test_a_pass_measures_every_set_of_three_and_the_chosen_one_on_every_deal():
    rules = BlackWidowRules(players=4)
    record = play_game(rules, ["heuristic"] * 4, seed=2).to_record()
    first = replace(record.hands[0], plays=record.hands[0].plays[:4])
    review = review_game(replace(record, hands=(first,)), 0, workers=1)
    passed = review.moments[0].to_json(1, "en")
    assert passed["kind"] == "pass" and len(passed["chosen"]) == 3
    assert len(passed["options"]) == 286 == len(passed["values"])
    sizes = {option["action"]: option["samples"] for option in passed["options"]}
    assert sizes[" ".join(passed["chosen"])] == sum(deals for deals, _ in PASS_ROUNDS)
    assert min(sizes.values()) == PASS_ROUNDS[0][0]


def test_the_moon_choice_is_judged_exactly_against_the_bots_choice():
    from helpers.blackwidow import MOON, scripted
    game = scripted(MOON, moon="choose")
    assert game.phase == "moon" and game.hand.shooter() == 0
    game.choose_moon("others")
    review = review_game(game.to_record(), 0, workers=1)
    moon = review.moments[-1].to_json(len(review.moments), "en")
    assert moon["kind"] == "moon" and moon["chosen"] == "others"
    # Nobody is near the end: both choices leave seat 0 26 points ahead of the best other.
    assert moon["values"] == {"others": -26.0, "self": -26.0}
    assert moon["verdict"] == "good" and moon["loss"] == 0.0
    # Points taken before the moon rule (as `cardlab replay` says), and the score after it.
    assert review.to_json()["outcome"]["hands"] == [{"hand": 1, "points": 26, "score": 0}]


def test_cards_with_no_other_hands_card_between_them_are_measured_once():
    from cardlab.blackwidow.review import _equal_cards
    from cardlab.blackwidow.view import seat_view
    # Seat 1 leads QD; seat 0, last, holds every diamond from 2D to JD.
    record = _played(QUEEN_DEAL, "2C AC 3C 4C QD 5C 4S")
    game = BlackWidowGame.from_record(record)
    view = seat_view(game, 0, hand=0, plays=7)
    assert set(_equal_cards(view, view.legal()).values()) == set(parse_cards("2D"))
    moment = review_game(_played(QUEEN_DEAL, "2C AC 3C 4C QD 5C 4S 9D"), 0,
                         workers=1).moments[-1].to_json(1, "en")
    assert len(set(moment["values"].values())) == 1 and moment["verdict"] == "good"
    assert moment["chosen"] == moment["best"] == "9D"
    # The Ace and the Two of Spades around the Queen's trick are not equal.
    queen = BlackWidowGame.from_record(_played(QUEEN_DEAL, "2C AC 3C 4C KS QS 3S"))
    view = seat_view(queen, 0, hand=0, plays=7)
    assert _equal_cards(view, view.legal()) == {card: card for card in parse_cards("2S AS")}


def _two_hands(seed: int = 4) -> BlackWidowRecord:
    """A game's first hand, finished, and the first 8 plays of its second."""
    record = play_game(HOLD, ["heuristic"] * 4, seed=seed).to_record()
    second = replace(record.hands[1], plays=record.hands[1].plays[:8])
    return replace(record, hands=(record.hands[0], second))


def test_one_hand_alone_is_that_hands_part_of_the_review_of_the_game():
    record = _two_hands()
    whole = review_game(record, 1, seed=3).to_json()
    for hand in (1, 2):
        alone = review_game(record, 1, seed=3, hand=hand).to_json()
        part = [d for d in whole["decisions"] if d["hand"] == hand]
        assert part and [{**d, "number": 0} for d in alone["decisions"]] == \
            [{**d, "number": 0} for d in part]
        assert [d["number"] for d in alone["decisions"]] == list(range(1, len(part) + 1))
        assert alone["loss"] == pytest.approx(sum(d["loss"] for d in part), abs=1e-2)
        # Only a finished hand has an outcome: the first's alone, the second has none yet.
        assert alone["outcome"]["hands"] == [h for h in whole["outcome"]["hands"]
                                             if h["hand"] == hand]
    assert whole["outcome"]["hands"] and whole["outcome"]["hands"][0]["hand"] == 1


@pytest.mark.parametrize("hand", [0, 3, -1])
def test_a_hand_the_record_does_not_have_is_refused_before_any_work(hand):
    with pytest.raises(RecordError, match="--hand: the record has 2 hands"):
        review_game(_two_hands(), 0, hand=hand,
                    progress=lambda done, total: pytest.fail("the review started"))


#: Seat 3 takes the first trick and leads the Jack of Spades; seats 1 and 2 have no spades.
VOIDS_DEAL = ["2C 2D 3D 4D 2S 3S 4S 5S 6S 7S 8S 9S TS",
              "3C 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
              "4C 5C 5D 6D 7D 8D 9D TD JD QD KD AD AH",
              "6C 7C 8C 9C TC JC QC KC AC JS QS KS AS"]


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "The Queen of Spades was still out and seats 1 and 2 had no spades left."),
    ("de", "Die Pik-Dame war noch im Spiel und die Plätze 1 und 2 hatten kein Pik mehr.")])
def test_seats_out_of_spades_are_listed_as_the_language_lists(lang, said):
    game = BlackWidowGame.new(HOLD, deal=[sorted(parse_cards(h)) for h in VOIDS_DEAL])
    for card in parse_cards("2C 3C 4C AC JS 2S 2H 5D"):
        game.apply(Play(game.hand.to_play(), card))
    reason = Text("blackwidow.table.hint")
    text = review._with_context(seat_view(game, 0), reason).text(lang)
    assert text == f"{said} {reason.text(lang)}"
