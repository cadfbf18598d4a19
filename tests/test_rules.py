"""Rule options of both games (docs/rules.md: rulings on player counts and passing)."""

import pytest

from cardlab.blackwidow.rules import BlackWidowRules, is_point
from cardlab.cards import codes, parse_cards
from cardlab.errors import CardlabError, RulesError
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.games import game as registry


@pytest.mark.parametrize(("players", "sizes"),
                         [(3, (7, 7, 6)), (4, (5,) * 4), (5, (4,) * 5), (6, (4, 4, 3, 3, 3, 3))])
def test_fivesons_hand_sizes(players, sizes):
    assert FiveSonsRules(players=players).hand_sizes == sizes


def test_fivesons_custom_deck():
    rules = FiveSonsRules.from_json({"players": 3, "faces": ["KS", "JC", "QD"],
                                     "hearts": ["4H", "AH", "2H", "3H"]})
    assert codes(rules.faces) == ["JC", "QD", "KS"]
    assert codes(rules.hearts) == ["AH", "2H", "3H", "4H"]
    assert rules.hand_sizes == (2, 2, 1)
    assert rules.to_json() == {"players": 3, "faces": ["JC", "QD", "KS"],
                               "hearts": ["AH", "2H", "3H", "4H"]}


@pytest.mark.parametrize(
    ("players", "removed", "cycle", "size"),
    [(3, ["2D"], ["left", "right", "hold"], 17),
     (4, [], ["left", "right", "across", "hold"], 13),
     (5, ["2C", "2D"], ["left", "right", "hold"], 10),
     (6, ["2C", "3C", "2D", "3D"], ["left", "right", "across", "hold"], 8)],
)
def test_blackwidow_defaults_by_player_count(players, removed, cycle, size):
    rules = BlackWidowRules(players=players)
    assert codes(rules.removed) == removed
    assert list(rules.pass_cycle) == cycle
    assert rules.hand_size == size
    assert sum(is_point(card) for card in rules.deck) == 14


def test_pass_offsets():
    rules = BlackWidowRules(players=6)
    assert [rules.pass_offset(n) for n in range(5)] == [1, -1, 3, 0, 1]


def test_blackwidow_options_round_trip():
    data = {"players": 4, "pass_cycle": ["left"], "queen_breaks_hearts": True,
            "moon": "choose", "exact_hundred": "minus50", "jack_of_diamonds": True,
            "end_above": 50, "first_trick_points": True}
    assert BlackWidowRules.from_json(data).to_json() == data
    assert BlackWidowRules.from_json({"players": 4, "moon": "others"}).to_json() == {"players": 4}


@pytest.mark.parametrize(
    ("data", "expected"),
    [({"players": 2}, "rules.players: 2 is out of range (3 to 6)"),
     ({"players": 3, "pass_cycle": ["across"]}, "nobody sits across with 3 players"),
     ({"removed": ["QS"]}, "QS is a point card"),
     ({"removed": ["2C"]}, "51 cards cannot be dealt evenly to 4 players"),
     ({"pass_cycle": []}, "needs at least one entry"),
     ({"pass_cycle": ["up"]}, "'up' is not allowed"),
     ({"queen_breaks_hearts": "yes"}, "must be true or false"),
     ({"exact_hundred": 100}, "'100' is not allowed")],
)
def test_bad_blackwidow_rules(data, expected):
    with pytest.raises(CardlabError) as info:
        BlackWidowRules.from_json(data)
    assert expected in str(info.value)


def test_removed_cards_can_be_chosen():
    rules = BlackWidowRules.from_json({"players": 3, "removed": ["3C"]})
    assert rules.removed == parse_cards("3C")


@pytest.mark.parametrize(("game", "options", "message"), [
    ("fivesons", {"players": 9}, "rules.players: 9 is out of range (3 to 6)"),
    ("fivesons", {"faces": ["QS"]}, "rules"),
    ("fivesons", {"colour": 1}, "rules"),
    ("blackwidow", {"moon": "sun"}, "rules.moon"),
    ("blackwidow", {"players": 3, "pass_cycle": ["across"]}, "rules.pass_cycle[0]"),
    ("blackwidow", {"removed": ["QS", "2C", "3C", "4C"]}, "rules.removed"),
])
def test_every_bad_rule_option_is_a_rules_error(game, options, message):
    with pytest.raises(RulesError) as refused:
        registry(game).read_rules(options)
    assert refused.value.text("en").startswith(message)
