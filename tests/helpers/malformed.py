"""Every malformed cardlab/1 document of the tests, each with the error it must give.

`tests/test_records.py` checks that each is refused naming the problem;
`tests/test_schema.py` checks that the schema rejects exactly the structural ones.
"""

from __future__ import annotations

import copy
from typing import Any, NamedTuple

from helpers.records import LOG, blackwidow_record, fivesons_record


def changed(data, change):
    """A deep copy of `data` with `change` applied to it."""
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
        return changed(bases[self.base](), self.change)


def set_at(path, value):
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


def log_events(*events):
    """A change that gives the log these events, written as ("ask", seat) or (seat, correct)."""
    def change(data):
        data["events"] = [
            {"ask": seat, "face": "QS", "heart": "3H", "shown_by": None} if kind == "ask"
            else {"guess": kind, "correct": seat} for kind, seat in events]
    return change


FIVESONS_MALFORMED = [
    Malformed("fivesons", lambda d: d.update(colour="red"), "record: unknown key 'colour'", True),
    Malformed("fivesons", lambda d: d["rules"].update(speed=3), "rules: unknown key 'speed'", True),
    Malformed("fivesons", set_at(["hands", 1, 2], "ZZ"), "hands[1][2]: bad card code 'ZZ'", True),
    Malformed("fivesons", set_at(["hands", 1, 2], "Q*"),
              "hands[1][2]: bad card code 'Q*': '*' is not a suit", True),
    Malformed("fivesons", lambda d: d["hands"][1].__setitem__(2, d["hands"][0][0]),
              "appears more than once", False),
    Malformed("fivesons", lambda d: d["hands"][1].pop(), "hands[1]: has 4 cards, expected 5",
              False),
    Malformed("fivesons", lambda d: d["hands"].pop(), "hands: has 3 entries, expected 4", False),
    Malformed("fivesons", set_at(["hands"], "all"), "hands: must be a list, not text", True),
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
    Malformed("log", set_at(["events", 0, "shown_by"], "3"),
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

ORDER_MALFORMED = [
    Malformed("log", log_events(("ask", 1), ("ask", 3)),
              "event 2: It is seat 2's turn to ask, not seat 3's.", False),
    Malformed("log", log_events(("ask", 1), ("ask", 1), ("ask", 1)),
              "event 2: It is seat 2's turn to ask, not seat 1's.", False),
    Malformed("log", log_events((3, False)),
              "event 1: Guesses come after a question: nobody has asked yet.", False),
    Malformed("log", log_events(("ask", 2), (1, False), (3, False)),
              "event 3: Guesses go in seat order from the asker: seat 3 comes before seat 1",
              False),
    Malformed("log", log_events(("ask", 2), (3, False), (3, False)),
              "event 3: Seat 3 has already guessed wrong and cannot guess again.", False),
    Malformed("log", log_events(("ask", 1), (2, False), ("ask", 2)),
              "event 3: It is seat 3's turn to ask, not seat 2's.", False),
    Malformed("log", log_events(("ask", 1), (1, True), ("ask", 2)),
              "event 3: The game is over.", False),
    Malformed("log", log_events(("ask", 1), (1, True), (2, False)),
              "event 3: The game is over.", False),
]


BLACKWIDOW_MALFORMED = [
    Malformed("blackwidow", set_at(["practice"], {"teacher_view": "yes"}),
              "practice.teacher_view: must be true or false, not text", True),
    Malformed("blackwidow", set_at(["practice"], {"help": 3}),
              "practice: unknown key 'help' (expected mode, hints, take_backs, teacher_view, "
              "teacher_views)", True),
    Malformed("fivesons", set_at(["practice"], {"mode": "exam"}),
              "practice.mode: 'exam' is not allowed (choose practice, game)", True),
    Malformed("blackwidow", lambda d: d["hands"][0]["deal"][2].__setitem__(0, "2H"),
              "hand 1, deal[2]", False),
    Malformed("blackwidow", set_at(["hands", 0, "deal", 2, 0], "11H"),
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
    Malformed("blackwidow", set_at(["hands"], "all"), "hands: must be a list, not text", True),
    Malformed("blackwidow", lambda d: d.pop("hands"), "record: missing key 'hands'", True),
    Malformed("none", lambda d: d.update(format="cardlab/1", game="fivesons", me=None, rules=[]),
              "rules: must be an object, not a list", True),
]

MALFORMED = FIVESONS_MALFORMED + LOG_MALFORMED + ORDER_MALFORMED + BLACKWIDOW_MALFORMED
