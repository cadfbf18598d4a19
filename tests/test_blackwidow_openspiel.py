"""Cross-check with OpenSpiel's Hearts: the same legal moves at every step, the same points."""

import random

import pytest

from cardlab.blackwidow.game import BlackWidowGame
from cardlab.blackwidow.rules import BlackWidowRules

pyspiel = pytest.importorskip("pyspiel")

# OpenSpiel's first chance action picks the pass direction.
PASS_DIRECTION = {"hold": 0, "left": 1, "across": 2, "right": 3}


def _action(card):
    """OpenSpiel numbers cards rank * 4 + suit, with ranks from 0 for the Two."""
    return (card.rank - 2) * 4 + card.suit


#: Our rule options and OpenSpiel's parameters for the same rules.
OPTIONS = {
    "standard": ({}, {}),
    "queen_breaks_hearts": ({"queen_breaks_hearts": True}, {"qs_breaks_hearts": True}),
    "first_trick_points": ({"first_trick_points": True}, {"no_pts_on_first_trick": False}),
    "jack_of_diamonds": ({"jack_of_diamonds": True}, {"jd_bonus": True}),
}


@pytest.mark.parametrize("option", sorted(OPTIONS))
@pytest.mark.parametrize("direction", ["left", "right", "across", "hold"])
def test_same_legal_moves_and_points_as_openspiel(direction, option):
    ours_options, their_options = OPTIONS[option]
    spiel_game = pyspiel.load_game("hearts", {"qs_breaks_hearts": False,
                                              "no_pts_on_first_trick": True,
                                              "must_break_hearts": True, **their_options})
    rules = BlackWidowRules(players=4, pass_cycle=(direction,), **ours_options)
    rng = random.Random(direction + option)
    for _ in range(75):
        ours = BlackWidowGame.new(rules, rng.randrange(2**32))
        theirs = spiel_game.new_initial_state()
        theirs.apply_action(PASS_DIRECTION[direction])
        for i in range(13):
            for seat in range(4):
                theirs.apply_action(_action(ours.hand.deal[seat][i]))
        if direction != "hold":
            for seat in range(4):
                cards = rng.sample(ours.hand.deal[seat], 3)
                ours.pass_cards(seat, cards)
                for card in cards:
                    theirs.apply_action(_action(card))
        while not theirs.is_terminal():
            assert theirs.current_player() == ours.turn
            legal = ours.legal_cards()
            assert sorted(_action(card) for card in legal) == sorted(theirs.legal_actions())
            card = rng.choice(legal)
            ours.play(card)
            theirs.apply_action(_action(card))
        assert ours.results[-1].scores == [26 - r for r in theirs.returns()]
