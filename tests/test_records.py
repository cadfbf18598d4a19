"""cardlab/1 records (docs/records.md): round trips, and errors that name the problem.

The malformed documents, with the errors they must give, are in tests/helpers/malformed.py;
tests/test_schema.py checks that the schema rejects exactly the structural ones.
"""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.blackwidow.game import BlackWidowGame
from cardlab.blackwidow.record import BlackWidowRecord
from cardlab.blackwidow.rules import MAX_HANDS, BlackWidowRules
from cardlab.errors import CardlabError
from cardlab.fivesons.record import FiveSonsLog, FiveSonsRecord
from cardlab.records import dump_record, load_record, parse_record

from helpers.malformed import LOG_MALFORMED, MALFORMED, changed, log_events
from helpers.records import LOG, blackwidow_record, fivesons_record


@given(st.integers(3, 6), st.integers(0, 10**6))
def test_fivesons_record_round_trips(players, seed):
    data = fivesons_record(players, seed)
    record = parse_record(data)
    assert isinstance(record, FiveSonsRecord)
    assert record.to_json() == data
    assert parse_record(json.loads(dump_record(record))) == record


@settings(max_examples=25, deadline=None)  # each example plays and replays bot hands
@given(st.integers(3, 6), st.integers(0, 10**6))
def test_blackwidow_record_round_trips(players, seed):
    data = blackwidow_record(players, seed, hands=4)
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


def test_turn_order_skips_seats_that_guessed_wrong():
    data = changed(LOG, log_events(("ask", 1), (2, False), (3, False), ("ask", 0),
                                     ("ask", 1), ("ask", 0)))
    assert [event.seat for event in parse_record(data).events][-3:] == [0, 1, 0]


@pytest.mark.parametrize("case", MALFORMED, ids=lambda case: case.expected)
def test_malformed_document_is_refused_naming_the_problem(case):
    assert case.expected in _error(case.document())


def test_a_refusal_reads_in_german_too():
    with pytest.raises(CardlabError) as info:
        parse_record(LOG_MALFORMED[1].document())
    assert info.value.text("de") == \
        "events[0].shown_by: muss eine ganze Zahl oder null sein, nicht Text"


@given(st.integers(3, 6), st.integers(0, 10**6), st.data())
def test_mid_pass_record_round_trips(players, seed, data):
    document = blackwidow_record(players, seed, hands=1)
    passes = document["hands"][0]["pass"]
    passed = data.draw(st.lists(st.booleans(), min_size=players, max_size=players))
    document["hands"][0]["pass"] = [cards if done else None
                                    for cards, done in zip(passes, passed, strict=True)]
    record = parse_record(document)
    assert [p is not None for p in record.hands[0].passes] == passed
    assert record.to_json() == document
    assert parse_record(json.loads(dump_record(record))) == record


def test_a_record_says_the_teachers_view_was_used_and_one_without_it_says_nothing():
    document = blackwidow_record(hands=1)
    assert "practice" not in document and parse_record(document).practice.teacher_view is False
    used = {**document, "practice": {"teacher_view": True}}
    record = parse_record(used)
    assert isinstance(record, BlackWidowRecord) and record.practice.teacher_view
    assert record.to_json() == used


def test_records_without_nulls_still_load_as_before():
    document = blackwidow_record(hands=2)
    record = parse_record(document)
    assert all(cards is not None for hand in record.hands for cards in hand.passes)
    assert [len(cards) for cards in record.hands[0].passes] == [3, 3, 3, 3]


def test_mid_pass_game_round_trips_through_the_engine():
    """Needs the engine to write None for seats that have not passed (issue 8)."""
    game = BlackWidowGame.new(BlackWidowRules(players=4), seed=3)
    game.pass_cards(2, game.hand.deal[2][:3])
    record = game.to_record()
    assert record.hands[0].passes == (None, None, game.hand.deal[2][:3], None)
    assert "null" in dump_record(record)
    assert BlackWidowGame.from_record(parse_record(json.loads(dump_record(record)))
                                      ).to_record() == record


def test_not_json_and_not_an_object(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text("{nope")
    with pytest.raises(CardlabError, match=r"broken\.json: not valid JSON"):
        load_record(path)
    assert "must be a JSON object" in _error([1, 2])


class _Watched(list):
    """Hands that fail the test when read beyond index `stop`."""

    stop = 0

    def __iter__(self):
        for index, item in enumerate(list.__iter__(self)):
            assert index <= self.stop, f"hand {index + 1} was read after the bad one"
            yield item


def test_a_responder_holding_both_cards_needs_shown():
    data = fivesons_record()
    responder = data["hands"][1]
    face = next(code for code in responder if code[0] in "JQK")
    heart = next(code for code in responder if code[1] == "H" and code[0] not in "JQK")
    data["events"] = [{"ask": 0, "face": face, "heart": heart}]
    assert _error(data) == (f"events[0]: seat 1 holds both {face} and {heart}, "
                            "so 'shown' must say which one it showed")
    data["events"][0]["shown"] = heart
    assert parse_record(data).events[0].shown.code == heart


def test_a_long_record_stops_at_its_first_bad_hand():
    data = blackwidow_record(hands=8)
    hands = _Watched((data["hands"] * MAX_HANDS)[:MAX_HANDS])
    hands.stop = 7  # hand 7 is known to be unfinished when hand 8 comes
    hands[6] = dict(hands[6], plays=hands[6]["plays"][:2])
    data["hands"] = hands
    assert _error(data).startswith("hand 7: only 2 cards were played, yet hand 8 follows")


def test_a_long_record_stops_at_its_first_illegal_play():
    data = blackwidow_record(hands=8)
    hands = _Watched((data["hands"] * MAX_HANDS)[:MAX_HANDS])
    hands.stop = 6  # each hand is replayed as soon as it is read
    plays = list(hands[6]["plays"])
    plays[0], plays[1] = plays[1], plays[0]   # the opening club is no longer first
    hands[6] = dict(hands[6], plays=plays)
    data["hands"] = hands
    assert _error(data).startswith("hand 7, play 1: ")
