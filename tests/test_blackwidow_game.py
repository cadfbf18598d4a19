"""Every rule and option of docs/rules.md (Black Widow), with 3 to 6 players."""

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.blackwidow import kernel
from cardlab.blackwidow.actions import Play
from cardlab.blackwidow.game import BlackWidowGame
from cardlab.blackwidow.match import play_game
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.cards import Card, parse_cards
from cardlab.errors import IllegalAction, RecordError

from helpers.blackwidow import MOON, NEAR, scripted

C = Card.parse


def deal_by_suits(rules):
    """A deal where seat i gets every players-th card of the deck in order."""
    deck = list(rules.deck)
    return [deck[seat::rules.players] for seat in range(rules.players)]


@pytest.mark.parametrize(("players", "opening"), [(3, "2C"), (4, "2C"), (5, "3C"), (6, "4C")])
def test_deal_sizes_and_the_lowest_club_opens(players, opening):
    rules = BlackWidowRules(players=players, pass_cycle=("hold",))
    game = BlackWidowGame.new(rules, seed=players)
    assert [len(cards) for cards in game.hand.deal] == [rules.hand_size] * players
    assert game.turn == game.hand.holder(C(opening))
    assert game.legal_cards() == [C(opening)]
    other = next(card for card in game.hand.deal[game.turn] if card != C(opening))
    assert f"the first trick opens with {opening}" in str(game.why_not(Play(game.turn, other)))


@pytest.mark.parametrize(("players", "offsets"),
                         [(3, [1, -1, 0, 1]), (4, [1, -1, 2, 0]), (5, [1, -1, 0, 1]),
                          (6, [1, -1, 3, 0])])
def test_passing_cycle_by_player_count(players, offsets):
    rules = BlackWidowRules(players=players)
    assert [rules.pass_offset(n) for n in range(4)] == offsets


def test_passing_moves_cards_after_everyone_passed():
    rules = BlackWidowRules(players=4)          # hand 1 passes left
    game = BlackWidowGame.new(rules, deal=deal_by_suits(rules))
    passes = [game.hand.deal[seat][:3] for seat in range(4)]
    for seat in range(3):
        game.pass_cards(seat, passes[seat])
        assert game.phase == "pass"
    with pytest.raises(IllegalAction, match="seat 3 still has to pass"):
        game.play(C("2C"))
    game.pass_cards(3, passes[3])
    for seat in range(4):
        held = kernel.cards_of(game.hand.holding[seat])
        assert set(passes[(seat - 1) % 4]) <= set(held)
        assert not set(passes[seat]) & set(held)


@pytest.mark.parametrize(("cards", "message"),
                         [(["2C", "6C"], "Pass exactly 3 different cards, not 2"),
                          (["2C", "2C", "6C"], "not 3"),
                          (["2C", "6C", "3C"], "Seat 0 does not hold 3C")])
def test_bad_passes_are_refused(cards, message):
    rules = BlackWidowRules(players=4)
    game = BlackWidowGame.new(rules, deal=deal_by_suits(rules))
    with pytest.raises(IllegalAction, match=message):
        game.pass_cards(0, parse_cards(cards))
    assert game.hand.passes == [None] * 4


def _hold_game(hands, **options):
    rules = BlackWidowRules(players=4, pass_cycle=("hold",), **options)
    return BlackWidowGame.new(rules, deal=[parse_cards(h) for h in hands])


# Seat 0: clubs low; seat 1: no clubs, points; seat 2: only point cards and clubs? etc.
HANDS = [
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
]


def test_no_points_on_the_first_trick_but_all_point_hands_escape():
    game = _hold_game(HANDS)
    game.play(C("2C"))
    assert game.turn == 1 and "QD" in [c.code for c in game.legal_cards()]
    game.play(C("AD"))
    assert game.legal_cards() == list(parse_cards("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"))
    game.play(C("AH"))                 # seat 2 holds nothing but hearts
    assert C("QS") not in game.legal_cards()
    assert "no point cards on the first trick" in str(game.why_not(Play(game.turn, C("QS"))))


def test_must_follow_suit_with_the_reason_of_the_contract():
    """The refusal says why, in the words of docs/contract.md (Command line)."""
    game = _hold_game(["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2D",
                       "AC 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
                       "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
                       "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"])
    game.play(C("2C"))
    before = copy.deepcopy(game.hand)
    with pytest.raises(IllegalAction) as info:
        game.play(C("3D"))
    assert str(info.value) == "3D is not legal for seat 1: clubs must be followed"
    assert game.hand == before
    assert "seat 1 does not hold 2S" in str(game.why_not(Play(game.turn, C("2S"))))


def test_a_hand_of_only_hearts_may_discard_one_on_the_first_trick_and_breaks_hearts():
    game = _hold_game(HANDS)
    for card in ("2C", "AD", "2H", "2S"):
        game.play(C(card))
    assert game.hand.hearts_broken and game.turn == 0


LEAD_HANDS = ["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC QD",
              "AC 2D 3D 4D 5D 6D 7D 8D 9D TD JD KD 2H",
              "AD 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
              "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"]


def test_hearts_cannot_be_led_before_they_are_broken():
    game = _hold_game(LEAD_HANDS)
    for card in ("2C", "AC", "AD", "2S"):
        game.play(C(card))
    assert game.turn == 1 and not game.hand.hearts_broken
    assert C("2H") not in game.legal_cards()
    assert "hearts are not broken yet" in str(game.why_not(Play(game.turn, C("2H"))))


def test_a_hand_of_only_hearts_may_lead_one_before_they_are_broken():
    hand = kernel.mask(parse_cards("2H 9H"))
    assert kernel.legal(hand, None, False, False, None, False) == hand


def test_the_queen_breaks_hearts_only_with_the_option():
    for option in (False, True):
        rules = BlackWidowRules(pass_cycle=("hold",), queen_breaks_hearts=option)
        hand = BlackWidowGame.new(rules, deal=deal_by_suits(rules)).hand
        hand.apply_play(hand.holder(C("QS")), C("QS"))
        assert hand.hearts_broken is option


def test_first_trick_points_option():
    game = _hold_game(HANDS, first_trick_points=True)
    game.play(C("2C"))
    assert C("QD") in game.legal_cards()
    game.play(C("AD"))
    game.play(C("AH"))
    assert C("QS") in game.legal_cards()


def test_points_per_hand_and_the_moon_options():
    assert scripted(NEAR).hand.points() == [25, 0, 0, 1]
    assert scripted(NEAR).scores == [25, 0, 0, 1]
    for moon, expected in (("others", [0, 26, 26, 26]), ("self", [-26, 0, 0, 0])):
        game = scripted(MOON, moon=moon)
        assert game.hand.points() == [26, 0, 0, 0] and game.scores == expected
        assert game.results[-1].moon == 0


def test_moon_choose_asks_the_shooter_and_bots_pick_the_better():
    game = scripted(MOON, moon="choose")
    assert game.phase == "moon" and game.turn == 0 and game.results == []
    with pytest.raises(IllegalAction, match="shot the moon and must first choose"):
        game.play(C("2C"))
    assert game.moon_outcomes() == {"self": [-26, 0, 0, 0], "others": [0, 26, 26, 26]}
    game.choose_moon("others")
    assert game.results[-1].moon == 0 and game.hand.moon == "others"
    assert game.scores == [0, 26, 26, 26]


@pytest.mark.parametrize(("rule", "expected"), [("none", 100), ("minus50", 50), ("zero", 0)])
def test_exactly_one_hundred(rule, expected):
    game = scripted(NEAR, hands=4, exact_hundred=rule)
    assert game.scores == [expected, 0, 0, 4] and not game.over


def test_jack_of_diamonds_option():
    assert scripted(NEAR, jack_of_diamonds=True).hand.points() == [15, 0, 0, 1]


def test_the_game_ends_above_the_end_score_and_ties_share_the_win():
    game = scripted(NEAR, hands=4)
    assert game.scores == [100, 0, 0, 4] and not game.over and game.winners == []
    game = scripted(NEAR, hands=5)
    assert game.scores == [125, 0, 0, 5] and game.over and game.winners == [1, 2]
    with pytest.raises(IllegalAction, match="The game is over"):
        game.start_hand()



@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_record_round_trip_replays_to_the_same_scores(players):
    game = play_game(BlackWidowRules(players=players, end_above=40), ["random"] * players,
                     seed=players)
    replayed = BlackWidowGame.from_record(game.to_record())
    assert replayed.scores == game.scores and replayed.winners == game.winners


def test_an_illegal_play_in_a_record_names_hand_and_play():
    game = play_game(BlackWidowRules(players=4), ["random"] * 4, seed=1, hands=1)
    data = game.to_record().to_json()
    plays = data["hands"][0]["plays"]
    plays[1], plays[5] = plays[5], plays[1]
    from cardlab.records import parse_record
    with pytest.raises((IllegalAction, RecordError), match=r"^hand 1, play \d+: "):
        BlackWidowGame.from_record(parse_record(data))


@settings(max_examples=25, deadline=None)
@given(st.integers(3, 6), st.integers(0, 10**6))
def test_invariants_over_random_games(players, seed):
    rules = BlackWidowRules(players=players, end_above=60)
    game = play_game(rules, ["random"] * players, seed=seed)
    totals = [0] * players
    for hand, result in zip(game.hands, game.results, strict=True):
        assert sorted(hand.plays) == sorted(rules.deck)          # every card once
        assert sum(result.points) == 26                          # before the moon rule
        for start in range(0, len(hand.plays), players):          # trick winners
            trick = list(zip(hand.seats[start:start + players],
                             hand.plays[start:start + players], strict=True))
            led = trick[0][1].suit
            winner = max((c.rank, s) for s, c in trick if c.suit is led)[1]
            cards = {c for _, c in trick}
            assert cards <= set(kernel.cards_of(hand.taken[winner]))
        moon = result.moon
        for seat in range(players):
            delta = result.points[seat]
            if moon is not None:
                delta += -26 if seat == moon else 26
            totals[seat] += delta
        assert result.scores == totals
    assert game.over and max(game.results[-1].scores) > 60
    assert all(max(result.scores) <= 60 for result in game.results[:-1])
