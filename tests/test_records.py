"""cardlab/1 records (docs/records.md): round trips, and errors that name the problem.

MALFORMED collects every malformed document of these tests; tests/test_schema.py
checks that the schema rejects exactly the structural ones.
"""

import copy
import json
import random
from typing import Any, NamedTuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.blackwidow.actions import Pass
from cardlab.blackwidow.game import BlackWidowGame
from cardlab.blackwidow.match import play_game
from cardlab.blackwidow.record import BlackWidowRecord
from cardlab.blackwidow.rules import MAX_HANDS, BlackWidowRules
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
            # Nobody holds the solution's cards, so nobody has to choose which one to show.
            "events": [{"ask": 0, "face": solution[0].code, "heart": solution[1].code},
                       {"guess": 2, "face": "KD", "heart": "7H"}]}


def blackwidow_record(players=4, seed=0, hands=2):
    """A legal record: bots play all but the last hand, which is dealt and passed only."""
    rules = BlackWidowRules(players=players)
    if hands == 1:
        game = BlackWidowGame.new(rules, seed)
    else:
        game = play_game(rules, ["random"] * players, seed=seed, hands=hands - 1)
        game.deal_next()
    if game.phase == "pass":
        for decision in game.decisions:
            game.apply(Pass(decision.seat, decision.options[:3]))
    return game.to_record().to_json()


LOG = {
    "format": "cardlab/1", "game": "fivesons", "rules": {"players": 4}, "me": 0,
    "hand": ["KH", "JC", "AH", "5H", "JD"],
    "events": [
        {"ask": 1, "face": "QS", "heart": "3H", "shown_by": 3},
        {"ask": 2, "face": "KS", "heart": "9H", "shown_by": None},
        {"ask": 3, "face": "JC", "heart": "5H", "shown_by": 0, "shown": "5H"},
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


def _changed(data, change):
    data = copy.deepcopy(data)
    change(data)
    return data


class Malformed(NamedTuple):
    """A document broken by `change`; `structural`: the schema alone rejects it."""

    base: str
    change: Any
    expected: str
    structural: bool

    def document(self) -> Any:
        """The broken document, fresh each time."""
        bases = {"fivesons": fivesons_record, "log": lambda: LOG,
                 "blackwidow": blackwidow_record, "blackwidow4": lambda: blackwidow_record(hands=4),
                 "none": lambda: {}}
        return _changed(bases[self.base](), self.change)


def _set(path, value):
    """A change that puts `value` at `path` (keys and indexes) of a document."""
    def change(data):
        for step in path[:-1]:
            data = data[step]
        data[path[-1]] = value
    return change


def _mid_pass(plays):
    def change(data):
        hand = data["hands"][0]
        hand["pass"][1:] = [None] * (len(hand["pass"]) - 1)
        hand["plays"] = plays
    return change


FIVESONS_MALFORMED = [
    Malformed("fivesons", lambda d: d.update(colour="red"), "record: unknown key 'colour'", True),
    Malformed("fivesons", lambda d: d["rules"].update(speed=3), "rules: unknown key 'speed'", True),
    Malformed("fivesons", _set(["hands", 1, 2], "ZZ"), "hands[1][2]: bad card code 'ZZ'", True),
    Malformed("fivesons", _set(["hands", 1, 2], "Q*"),
              "hands[1][2]: bad card code 'Q*': '*' is not a suit", True),
    Malformed("fivesons", lambda d: d["hands"][1].__setitem__(2, d["hands"][0][0]),
              "appears more than once", False),
    Malformed("fivesons", lambda d: d["hands"][1].pop(), "hands[1]: has 4 cards, expected 5",
              False),
    Malformed("fivesons", lambda d: d["hands"].pop(), "hands: has 3 entries, expected 4", False),
    Malformed("fivesons", _set(["hands"], "all"), "hands: must be a list, not text", True),
    Malformed("fivesons", lambda d: d.update(game="poker"), "game: unknown game 'poker'", True),
    Malformed("fivesons", lambda d: d.update(format="cardlab/2"),
              "format: unknown format 'cardlab/2'", True),
    Malformed("fivesons", lambda d: d.update(solution=["3H", "QS"]),
              "solution[0]: 3H is not a face card", False),
    Malformed("fivesons", lambda d: d.update(solution=["QS", "3H", "4H"]),
              "solution: has 3 cards, expected 2", True),
    Malformed("fivesons", lambda d: d["events"][0].update(shown="KS"),
              "events[0].shown: KS was not one of the two cards asked about", False),
    Malformed("fivesons", lambda d: d["events"][0].update(ask=4),
              "events[0].ask: seat 4 does not exist", False),
    Malformed("fivesons", lambda d: d["events"][0].update(ask=7),
              "events[0].ask: 7 is out of range (0 to 5)", True),
    Malformed("fivesons", lambda d: d["events"].append({"pass": 1}),
              "events[2]: an event needs 'ask' or 'guess'", True),
    Malformed("fivesons", lambda d: d["events"][1].update(correct=True),
              "events[1]: unknown key 'correct'", True),
    Malformed("fivesons", lambda d: d["rules"].update(players=True),
              "rules.players: must be a whole number, not true or false", True),
    Malformed("fivesons", lambda d: d.update(players=["Ann", "Bo"]),
              "players: has 2 entries, expected at least 3", True),
    Malformed("fivesons", lambda d: d.update(players=["Ann", "Bo", "Cy"]),
              "players: has 3 entries, expected 4", False),
]

LOG_MALFORMED = [
    Malformed("log", lambda d: d["events"][0].pop("shown_by"),
              "events[0]: missing key 'shown_by'", True),
    Malformed("log", _set(["events", 0, "shown_by"], "3"),
              "events[0].shown_by: must be a whole number or null, not text", True),
    Malformed("log", lambda d: d["events"][0].update(shown="QS"),
              "events[0].shown: 'shown' belongs only to questions that 'me' asked or answered",
              False),
    Malformed("log", lambda d: d["events"][3].update(solution=["QS", "3H"]),
              "events[3].solution: 'solution' belongs only to a wrong guess by 'me'", False),
    Malformed("log", lambda d: d["events"][4].update(correct=True),
              "events[4].solution: 'solution' belongs only to a wrong guess by 'me'", True),
    Malformed("log", lambda d: d.update(me=None),
              "hand: 'hand' belongs only to a log with a seat in 'me'", True),
    Malformed("log", lambda d: d.pop("hand"), "log: missing key 'hand'", True),
    Malformed("log", lambda d: d.update(me=4), "me: seat 4 does not exist", False),
    Malformed("log", lambda d: d.update(hand=["KH", "JC"]), "hand: has 2 cards, expected 5",
              False),
    Malformed("log", lambda d: d.update(hand=["KH", "JC", "AH", "5H", "2C"]),
              "hand: 2C is not in this game's deck", False),
    Malformed("log", lambda d: d.update(hand=["KH", "JC", "AH", "5H", "kh"]),
              "hand: KH appears more than once", False),
]

def _log_events(*events):
    """A change that gives the log these events, written as ("ask", seat) or (seat, correct)."""
    def change(data):
        data["events"] = [
            {"ask": seat, "face": "QS", "heart": "3H", "shown_by": None} if kind == "ask"
            else {"guess": kind, "correct": seat} for kind, seat in events]
    return change


ORDER_MALFORMED = [
    Malformed("log", _log_events(("ask", 1), ("ask", 3)),
              "event 2: It is seat 2's turn to ask, not seat 3's.", False),
    Malformed("log", _log_events(("ask", 1), ("ask", 1), ("ask", 1)),
              "event 2: It is seat 2's turn to ask, not seat 1's.", False),
    Malformed("log", _log_events((3, False)),
              "event 1: Guesses come after a question: nobody has asked yet.", False),
    Malformed("log", _log_events(("ask", 2), (1, False), (3, False)),
              "event 3: Guesses go in seat order from the asker: seat 3 comes before seat 1",
              False),
    Malformed("log", _log_events(("ask", 2), (3, False), (3, False)),
              "event 3: Seat 3 has already guessed wrong and cannot guess again.", False),
    Malformed("log", _log_events(("ask", 1), (2, False), ("ask", 2)),
              "event 3: It is seat 3's turn to ask, not seat 2's.", False),
    Malformed("log", _log_events(("ask", 1), (1, True), ("ask", 2)),
              "event 3: The game is over.", False),
    Malformed("log", _log_events(("ask", 1), (1, True), (2, False)),
              "event 3: The game is over.", False),
]


def test_turn_order_skips_seats_that_guessed_wrong():
    data = _changed(LOG, _log_events(("ask", 1), (2, False), (3, False), ("ask", 0),
                                     ("ask", 1), ("ask", 0)))
    assert [event.seat for event in parse_record(data).events][-3:] == [0, 1, 0]


BLACKWIDOW_MALFORMED = [
    Malformed("blackwidow", _set(["practice"], {"teacher_view": "yes"}),
              "practice.teacher_view: must be true or false, not text", True),
    Malformed("blackwidow", _set(["practice"], {"hints": 3}),
              "practice: unknown key 'hints' (expected teacher_view)", True),
    Malformed("blackwidow", lambda d: d["hands"][0]["deal"][2].__setitem__(0, "2H"),
              "hand 1, deal[2]", False),
    Malformed("blackwidow", _set(["hands", 0, "deal", 2, 0], "11H"),
              "hand 1, deal[2][0]: bad card code '11H'", True),
    Malformed("blackwidow",
              lambda d: d["hands"][0]["pass"][1].__setitem__(0, d["hands"][0]["deal"][0][0]),
              "hand 1, pass[1]", False),
    Malformed("blackwidow", lambda d: d["hands"][0]["pass"][0].pop(),
              "hand 1, pass[0]: has 2 cards, expected 3", True),
    Malformed("blackwidow", lambda d: d["hands"][0].pop("pass"), "hand 1: missing key 'pass'",
              False),
    Malformed("blackwidow", lambda d: d["hands"][0].update(plays=["2C", "2C"]),
              "hand 1, plays: 2C appears more than once", True),
    Malformed("blackwidow", lambda d: d["hands"][0].update(plays=["2C", "2c"]),
              "hand 1, plays: 2C appears more than once", False),
    Malformed("blackwidow", lambda d: d["hands"][0].update(moon="self"),
              "hand 1, moon: 'moon' belongs only to games with the rule moon: choose", True),
    Malformed("blackwidow", lambda d: d["rules"].update(moon="sun"),
              "rules.moon: 'sun' is not allowed", True),
    Malformed("blackwidow", lambda d: d["rules"].update(pass_cycle=[]),
              "rules.pass_cycle: the passing cycle needs at least one entry", True),
    Malformed("blackwidow", lambda d: d["rules"].update(players=3),
              "hand 1, deal: has 4 entries, expected 3", False),
    Malformed("blackwidow", _mid_pass(["2C"]),
              "hand 1, pass[1]: null (not passed yet) is allowed only before the first play",
              True),
    Malformed("blackwidow4", lambda d: d["hands"][3].update({"pass": d["hands"][2]["pass"]}),
              "hand 4: nobody passes in this hand", False),
    Malformed("blackwidow", lambda d: d["hands"][0].update(plays=d["hands"][0]["plays"][:17]),
              "hand 1: only 17 cards were played, yet hand 2 follows", False),
    Malformed("blackwidow", _mid_pass([]),
              "hand 1: only 0 cards were played, yet hand 2 follows", False),
    Malformed("blackwidow", _set(["hands"], "all"), "hands: must be a list, not text", True),
    Malformed("blackwidow", lambda d: d.pop("hands"), "record: missing key 'hands'", True),
    Malformed("none", lambda d: d.update(format="cardlab/1", game="fivesons", me=None, rules=[]),
              "rules: must be an object, not a list", True),
]

MALFORMED = FIVESONS_MALFORMED + LOG_MALFORMED + ORDER_MALFORMED + BLACKWIDOW_MALFORMED


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
