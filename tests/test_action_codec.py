"""Actions as JSON data (what a shared table's store keeps): every action a game takes is
written as docs/play.md shows and read back the same; anything else is one clear refusal."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.blackwidow import actions as blackwidow
from cardlab.blackwidow.game import BlackWidowGame
from cardlab.blackwidow.players import bot_seat as blackwidow_bot
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.cards import parse_cards
from cardlab.errors import RecordError
from cardlab.fivesons import actions as fivesons
from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.players import bot_seat as fivesons_bot
from cardlab.fivesons.rules import FiveSonsRules

QS, H3, C2, C3, C4 = parse_cards("QS 3H 2C 3C 4C")


def _round_trips_every_action(game, bot, codec, actions: int) -> None:
    for _ in range(actions):
        if game.over or game.decisions[0].chance:  # the end, or of a hand (chance deals next)
            break
        action, _ = bot.decide(game, game.decisions[0])
        written = json.loads(json.dumps(codec.to_json(action)))
        assert codec.from_json(written) == action
        game.apply(action)


@settings(max_examples=10, deadline=None)
@given(st.integers(3, 6), st.integers(0, 10**6))
def test_every_black_widow_action_round_trips(players, seed):
    game = BlackWidowGame.new(BlackWidowRules(players=players, moon="choose"), seed)
    _round_trips_every_action(game, blackwidow_bot("random", seed), blackwidow.CODEC, 80)


@settings(max_examples=10, deadline=None)
@given(st.integers(3, 6), st.integers(0, 10**6))
def test_every_five_sons_action_round_trips(players, seed):
    game = FiveSonsGame.deal(FiveSonsRules(players=players), seed)
    _round_trips_every_action(game, fivesons_bot("random", seed), fivesons.CODEC, 80)


@pytest.mark.parametrize(("action", "written"), [
    (blackwidow.Pass(1, (C2, C3, C4)), {"pass": 1, "cards": ["2C", "3C", "4C"]}),
    (blackwidow.Play(2, QS), {"play": 2, "card": "QS"}),
    (blackwidow.Moon(0, blackwidow.MoonChoice.OTHERS), {"moon": 0, "choice": "others"}),
    (fivesons.Question(0, QS, H3), {"ask": 0, "face": "QS", "heart": "3H"}),
    (fivesons.Show(3, H3), {"show": 3, "card": "3H"}),
    (fivesons.Guess(2, QS, H3), {"guess": 2, "face": "QS", "heart": "3H"}),
    (fivesons.NoGuess(1), {"no_guess": 1}),
])
def test_the_written_form(action, written):
    module = blackwidow if isinstance(action, blackwidow.Action) else fivesons
    assert module.CODEC.to_json(action) == written
    assert module.CODEC.from_json(written) == action


@pytest.mark.parametrize("data", [
    None, "play", ["play", 1], {}, {"play": 1}, {"play": "1", "card": "2C"},
    {"play": True, "card": "2C"}, {"play": 1, "card": 3}, {"play": 1, "card": "Z9"},
    {"pass": 0, "cards": "2C 3C 4C"}, {"pass": 0, "cards": 5}, {"moon": 1, "choice": "sun"},
    {"ask": 0, "face": None, "heart": "3H"}, {"guess": 1, "face": "QS"}, {"no_guess": 1.0},
])
def test_anything_else_is_refused_in_one_sentence(data):
    for module in (blackwidow, fivesons):
        with pytest.raises(RecordError) as refused:
            module.CODEC.from_json(data)
        assert refused.value.key == "error.bad_action"
