"""Five Sons bots: decisions from observation logs only, with reasons."""

import pytest

from cardlab.cards import parse_cards
from cardlab.errors import CardlabError
from cardlab.fivesons.bots import BOTS, make_bot
from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.match import play_game, tournament
from cardlab.fivesons.record import Ask
from cardlab.fivesons.rules import FiveSonsRules

from helpers.fivesons import H3, QS, fixed_game

QD, H7, H9 = parse_cards("QD 7H 9H")


@pytest.mark.parametrize("name", sorted(BOTS))
def test_decisions_depend_only_on_the_observation_log(name):
    """Two games that look the same to seat 0 get the same decision from seat 0's bot."""
    game = fixed_game()
    game.ask(0, QD, H9)
    other = FiveSonsGame.start(game.rules, (parse_cards("KD")[0], parse_cards("8H")[0]),
                               [game._dealt_order[0], *(_swap(game._dealt_order[1:]))])
    other.ask(0, QD, H9)
    log = game.observation_log(0)
    assert other.observation_log(0) == log
    first = make_bot(name, seed=7).question(log)
    second = make_bot(name, seed=7).question(other.observation_log(0))
    assert first[:2] == second[:2]
    assert first[2].text("en") and first[2].text("de")


def _swap(hands):
    """Other hands for seats 1-3 with the same answers for seat 0: KD/8H hidden, QS/3H dealt."""
    swapped = [list(hand) for hand in hands]
    for hand in swapped:
        for i, card in enumerate(hand):
            if card.code == "KD":
                hand[i] = QS
            if card.code == "8H":
                hand[i] = H3
    return swapped


def test_holding_both_shows_what_the_asker_has_seen():
    game = fixed_game()
    game.ask(0, QD, H9)                 # seat 2 shows QD to seat 0
    bot = make_bot("random", seed=1)
    for _ in range(5):
        card, why = bot.show(game.observation_log(2), asker=0, options=(QD, H7))
        assert card == QD and "already seen" in why.text()


def test_bots_guess_only_when_certain():
    game = fixed_game()
    game.ask(0, QD, H9)
    assert make_bot("logician").guess(game.observation_log(0)) is None
    game.ask(1, QD, H9)
    game.guess(2, QD, H9)               # wrong: seat 2 now knows the solution
    face, heart, why = make_bot("random").guess(game.observation_log(2))
    assert (face, heart) == (QS, H3) and "only Q♠ and 3♥ fit" in why.text()


def test_infogain_prefers_an_informative_question():
    game = fixed_game()
    face, heart, why = make_bot("infogain", seed=3).question(game.observation_log(0))
    assert face in game.rules.faces and heart in game.rules.hearts
    assert face not in game.hands[0] and heart not in game.hands[0]
    assert "bits" in why.text()


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_bot_games_end_with_a_winner_and_replay_the_same(players):
    rules = FiveSonsRules(players=players)
    names = (["infogain", "logician", "random"] * 2)[:players]
    game = play_game(rules, names, seed=players)
    assert game.over and game.winner is not None
    again = play_game(rules, names, seed=players)
    assert again.events == game.events


def test_tournament_rotates_seats_and_counts_wins():
    stats = tournament(FiveSonsRules(players=3), ["logician", "random", "random"], games=6,
                       seed=1)
    assert stats["logician"].games == 6 and stats["random"].games == 12
    assert stats["logician"].wins + stats["random"].wins == 6


def test_unknown_bot_name():
    with pytest.raises(CardlabError, match="unknown bot 'genius'"):
        make_bot("genius")


@pytest.mark.parametrize("seed", range(6))
def test_a_table_of_beginners_ends_in_reasonable_time(seed):
    """Beginners (`checklist`) ask about cards they have not ticked off, so one of them
    is sure after a few rounds: a learner who never guesses does not wait for ever."""
    rules = FiveSonsRules()
    game = play_game(rules, ["checklist"] * rules.players, seed)
    questions = sum(isinstance(event, Ask) for event in game.events)
    assert game.over and game.winner is not None
    assert questions <= 20 * rules.players
