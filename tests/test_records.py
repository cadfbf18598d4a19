"""cardlab/1 records: round trips, and errors that name the problem."""

import copy
import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlab.blackwidow.record import BlackWidowRecord
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.cards import codes
from cardlab.errors import CardlabError
from cardlab.fivesons.record import FiveSonsLog, FiveSonsRecord
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.records import dump_record, load_record, parse_record


def fivesons_record(players=4, seed=0):
    rules = FiveSonsRules(players=players)
    rng = random.Random(seed)
    faces, hearts = list(rules.faces), list(rules.hearts)
    solution = [rng.choice(faces), rng.choice(hearts)]
    rest = [card for card in rules.deck if card not in solution]
    rng.shuffle(rest)
    hands, start = [], 0
    for size in rules.hand_sizes:
        hands.append(codes(rest[start:start + size]))
        start += size
    return {"format": "cardlab/1", "game": "fivesons", "rules": {"players": players},
            "solution": codes(solution), "hands": hands,
            "events": [{"ask": 0, "face": "QS", "heart": "3H"},
                       {"guess": 2, "face": "KD", "heart": "7H"}]}


def blackwidow_record(players=4, seed=0, hands=2):
    rules = BlackWidowRules(players=players)
    rng = random.Random(seed)
    entries = []
    for number in range(hands):
        deck = list(rules.deck)
        rng.shuffle(deck)
        deal = [sorted(deck[seat::players]) for seat in range(players)]
        entry = {"deal": [codes(cards) for cards in deal], "plays": []}
        if rules.pass_direction(number) != "hold":
            entry["pass"] = [codes(rng.sample(cards, 3)) for cards in deal]
        entries.append(entry)
    return {"format": "cardlab/1", "game": "blackwidow", "rules": {"players": players},
            "hands": entries}


LOG = {
    "format": "cardlab/1", "game": "fivesons", "rules": {"players": 4}, "me": 0,
    "hand": ["KH", "JC", "AH", "5H", "JD"],
    "events": [
        {"ask": 1, "face": "QS", "heart": "3H", "shown_by": 3},
        {"ask": 0, "face": "JC", "heart": "5H", "shown_by": 1, "shown": "5H"},
        {"ask": 2, "face": "KS", "heart": "9H", "shown_by": None},
        {"guess": 3, "correct": False},
        {"guess": 0, "correct": False, "solution": ["QS", "3H"]},
    ],
}


@given(st.integers(3, 6), st.integers(0, 10**6))
def test_fivesons_record_round_trips(players, seed):
    data = fivesons_record(players, seed)
    record = parse_record(data)
    assert isinstance(record, FiveSonsRecord)
    assert record.to_json() == data
    assert parse_record(json.loads(dump_record(record))) == record


@given(st.integers(3, 6), st.integers(0, 10**6))
def test_blackwidow_record_round_trips(players, seed):
    data = blackwidow_record(players, seed, hands=5)
    record = parse_record(data)
    assert isinstance(record, BlackWidowRecord)
    assert record.to_json() == data


def test_observation_log_round_trips_including_public_view():
    log = parse_record(LOG)
    assert isinstance(log, FiveSonsLog) and log.me == 0
    assert log.to_json() == LOG
    public = {"format": "cardlab/1", "game": "fivesons", "me": None,
              "events": [{"ask": 1, "face": "QS", "heart": "3H", "shown_by": None}]}
    assert parse_record(public).to_json() == {**public, "rules": {"players": 4}}


def test_save_and_load(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(LOG))
    assert load_record(path).to_json() == LOG


def _error(data):
    with pytest.raises(CardlabError) as info:
        parse_record(data)
    return str(info.value)


def _changed(data, change):
    data = copy.deepcopy(data)
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda d: d.update(colour="red"), "record: unknown key 'colour'"),
        (lambda d: d["rules"].update(speed=3), "rules: unknown key 'speed'"),
        (lambda d: d["hands"][1].__setitem__(2, "ZZ"), "hands[1][2]: bad card code 'ZZ'"),
        (lambda d: d["hands"][1].__setitem__(2, d["hands"][0][0]), "appears more than once"),
        (lambda d: d["hands"][1].pop(), "hands[1]: has 4 cards, expected 5"),
        (lambda d: d.update(game="poker"), "game: unknown game 'poker'"),
        (lambda d: d.update(format="cardlab/2"), "format: unknown format 'cardlab/2'"),
        (lambda d: d.update(solution=["3H", "QS"]), "solution[0]: 3H is not a face card"),
        (lambda d: d["events"][0].update(shown="KS"),
         "events[0].shown: KS was not one of the two cards asked about"),
        (lambda d: d["events"][0].update(ask=4), "events[0].ask: seat 4 does not exist"),
        (lambda d: d["events"].append({"pass": 1}), "events[2]: an event needs 'ask' or 'guess'"),
        (lambda d: d["rules"].update(players=True), "rules.players: must be a whole number"),
    ],
)
def test_bad_fivesons_record_names_the_problem(change, expected):
    assert expected in _error(_changed(fivesons_record(), change))


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda d: d["events"][0].pop("shown_by"), "events[0]: missing key 'shown_by'"),
        (lambda d: d["events"][0].update(shown="QS"), "shown only where me asked or showed"),
        (lambda d: d["events"][3].update(solution=["QS", "3H"]),
         "solution only for me's own wrong guess"),
        (lambda d: d.update(hand=["KH", "JC"]), "hand: has 2 cards, expected 5"),
        (lambda d: d.update(hand=["KH", "JC", "AH", "5H", "2C"]), "2C is not in this game's deck"),
    ],
)
def test_bad_observation_log_names_the_problem(change, expected):
    assert expected in _error(_changed(LOG, change))


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda d: d["hands"][0]["deal"][2].__setitem__(0, "2H"), "hand 1, deal[2]"),
        (lambda d: d["hands"][0]["pass"][1].__setitem__(0, d["hands"][0]["deal"][0][0]),
         "hand 1, pass[1]"),
        (lambda d: d["hands"][0].pop("pass"), "hand 1: missing key 'pass'"),
        (lambda d: d["hands"][0].update(plays=["2C", "2C"]), "2C appears more than once"),
        (lambda d: d["hands"][0].update(moon="self"), "only to games with the rule moon: choose"),
        (lambda d: d["rules"].update(moon="sun"), "rules.moon: 'sun' is not allowed"),
    ],
)
def test_bad_blackwidow_record_names_the_problem(change, expected):
    assert expected in _error(_changed(blackwidow_record(), change))


def test_hold_hand_has_no_pass():
    data = blackwidow_record(hands=4)
    assert "pass" not in data["hands"][3]
    data["hands"][3]["pass"] = data["hands"][2]["pass"]
    assert "hand 4: unknown key 'pass'" in _error(data)


def test_not_json_and_not_an_object(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text("{nope")
    with pytest.raises(CardlabError, match=r"broken\.json: not valid JSON"):
        load_record(path)
    assert "must be a JSON object" in _error([1, 2])
