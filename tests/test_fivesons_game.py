"""Every ruling of docs/rules.md (Five Sons), and illegal actions that change nothing."""

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.cards import parse_cards
from cardlab.errors import IllegalAction
from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.record import Ask, AskSeen, GuessSeen
from cardlab.fivesons.rules import FiveSonsRules

from helpers.fivesons import H3, QS, fixed_game, random_game

KH, JC, H2, H9, QD, KD, H7 = parse_cards("KH JC 2H 9H QD KD 7H")


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_deal_hides_a_face_and_a_heart_and_deals_the_rest_round(players):
    rules = FiveSonsRules(players=players)
    game = FiveSonsGame.deal(rules, seed=players)
    face, heart = game.solution
    assert face in rules.faces and heart in rules.hearts
    assert tuple(len(hand) for hand in game.hands) == rules.hand_sizes
    dealt = [card for hand in game.hands for card in hand]
    assert sorted([*dealt, face, heart]) == sorted(rules.deck)


def test_question_passes_left_until_someone_shows():
    game = fixed_game()
    event = game.ask(0, QD, H9)          # seat 1 holds neither, seat 2 holds QD
    assert event == Ask(0, QD, H9, QD)
    log = game.observation_log(None).events[0]
    assert log == AskSeen(0, QD, H9, shown_by=2, shown=None)
    assert game.turn == 1


def test_only_the_asker_and_the_shower_see_the_card():
    game = fixed_game()
    game.ask(0, QD, H9)
    seen = [game.observation_log(seat).events[0].shown for seat in range(4)]
    assert seen == [QD, None, QD, None]


def test_holding_both_the_responder_chooses_and_must_choose():
    game = fixed_game()
    before = copy.deepcopy(game)
    with pytest.raises(IllegalAction, match="holds both QD and 7H and must choose"):
        game.ask(0, QD, H7)
    assert game == before
    assert game.ask(0, QD, H7, shown=H7).shown == H7


def test_showing_a_card_not_held_is_refused():
    game = fixed_game()
    with pytest.raises(IllegalAction, match="Seat 2 does not hold 7H"):
        game.ask(0, QD, H9, shown=H7)
    assert game.events == []


def test_nobody_can_show_and_everybody_learns_it():
    game = fixed_game()
    event = game.ask(0, QS, H3)          # the solution: nobody holds either
    assert event.shown is None
    assert game.observation_log(3).events[0] == AskSeen(0, QS, H3, None, None)


def test_asking_about_your_own_cards_is_allowed():
    game = fixed_game()
    game.ask(0, JC, H3)                  # seat 0 holds JC, nobody else holds either
    assert game.observation_log(1).events[0].shown_by is None


def test_guesses_come_after_a_question_in_seat_order_from_the_asker():
    game = fixed_game()
    with pytest.raises(IllegalAction, match="nobody has asked yet"):
        game.guess(1, KD, H7)
    game.ask(0, QD, H9)
    game.ask(1, QD, H9)
    game.guess(2, KD, H7)                # asker was seat 1: order is 1, 2, 3, 0
    with pytest.raises(IllegalAction, match="seat 1 comes before seat 2"):
        game.guess(1, KD, H7)
    game.guess(0, KD, H9)
    assert game.eliminated == {0, 2}


def test_a_wrong_guess_is_private_and_eliminates():
    game = fixed_game()
    game.ask(0, QD, H9)
    game.guess(2, KD, H7)
    assert game.observation_log(1).events[-1] == GuessSeen(2, False, None)
    assert game.observation_log(2).events[-1] == GuessSeen(2, False, (QS, H3))
    assert not game.over and game.winner is None


def test_eliminated_players_are_skipped_but_still_answer():
    game = fixed_game()
    game.ask(0, QD, H9)
    game.guess(1, KD, H7)                # seat 1 would ask next
    assert game.turn == 2
    with pytest.raises(IllegalAction, match="guessed wrong and can no longer ask"):
        game.ask(1, QD, H9)
    game.ask(2, KH, H2)
    game.ask(3, parse_cards("QC")[0], H3)   # seat 1 holds QC and still shows it
    assert game.events[-1].shown == parse_cards("QC")[0]
    assert game.turn == 0


def test_a_right_guess_wins_and_ends_the_game():
    game = fixed_game()
    game.ask(0, QD, H9)
    game.guess(3, QS, H3)
    assert game.over and game.winner == 3
    with pytest.raises(IllegalAction, match="The game is over"):
        game.ask(1, QD, H9)


def test_everyone_eliminated_ends_with_no_winner():
    game = fixed_game()
    game.ask(0, QD, H9)
    for seat in range(4):
        game.guess(seat, KD, H7)
    assert game.over and game.winner is None


def test_asking_out_of_turn_or_about_two_faces_is_refused():
    game = fixed_game()
    with pytest.raises(IllegalAction, match="seat 0's turn to ask, not seat 2's"):
        game.ask(2, QD, H9)
    with pytest.raises(IllegalAction, match="KD is not a heart number card"):
        game.ask(0, QD, KD)
    assert game.events == [] and game.turn == 0


def test_custom_small_deck():
    rules = FiveSonsRules(players=3, faces=parse_cards("JC QD KS"),
                          hearts=parse_cards("AH 2H 3H 4H"))
    game = FiveSonsGame.deal(rules, seed=5)
    assert sum(len(hand) for hand in game.hands) == 5
    with pytest.raises(IllegalAction, match="QS is not a face card of this game"):
        game.ask(0, QS, H2)


def test_record_replays_to_the_same_game_and_names_a_bad_event():
    game = random_game(FiveSonsRules(players=5), seed=3, questions=20)
    replayed = FiveSonsGame.from_record(game.to_record())
    assert replayed.events == game.events and replayed.eliminated == game.eliminated
    assert replayed.winner == game.winner and replayed.turn == game.turn
    broken = game.to_record()
    broken = type(broken)(broken.rules, broken.solution, broken.hands,
                          (*broken.events[:2], Ask(broken.events[2].seat ^ 1, QD, H9)))
    with pytest.raises(IllegalAction, match=r"^event 3: "):
        FiveSonsGame.from_record(broken)


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 6), st.integers(0, 10**6))
def test_cards_are_conserved_and_logs_never_leak(players, seed):
    game = random_game(FiveSonsRules(players=players), seed, questions=15)
    dealt = sorted(card for hand in game.hands for card in hand)
    assert sorted([*dealt, *game.solution]) == sorted(game.rules.deck)
    for me in (*range(players), None):
        for event in game.observation_log(me).events:
            if isinstance(event, AskSeen) and event.shown is not None:
                assert me in (event.seat, event.shown_by)
            if isinstance(event, GuessSeen) and event.solution is not None:
                assert event.seat == me and not event.correct
