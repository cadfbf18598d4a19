"""Bounded input: every record and upload is read or refused in one line, within fixed bounds.

The work a refusal may cost is bounded structurally: the size is checked
before decoding, list lengths before the schema, game lengths before the
details, and the schema describes at most a few problems. The seconds and
megabytes of the worst cases are `cardlab bench limits` figures; here one
tracemalloc peak per worst case keeps the memory bound honest.
"""

import contextlib
import io
import json
import os
import tracemalloc
from datetime import UTC, datetime
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlab import inputs, schema, worst
from cardlab.apps import read_settings
from cardlab.blackwidow import game as blackwidow_game
from cardlab.blackwidow import limits as blackwidow_limits
from cardlab.blackwidow import record as blackwidow_record
from cardlab.blackwidow import report as blackwidow_report
from cardlab.blackwidow.rules import MAX_HANDS
from cardlab.blackwidow.widgets.play import BlackWidowWidget
from cardlab.cli import main
from cardlab.errors import CardlabError
from cardlab.fivesons import game as fivesons_game
from cardlab.fivesons import limits as fivesons_limits
from cardlab.fivesons.rules import MAX_EVENTS
from cardlab.fivesons.widgets.assistant import Assistant
from cardlab.inputs import MAX_FILE_BYTES, MAX_ITEMS
from cardlab.records import read_record
from cardlab.schema import MAX_PROBLEMS
from cardlab.widgets.classroom_teacher import TableForm
from cardlab.widgets.stepper_app import StepperApp

EPOCH = datetime.fromtimestamp(0, UTC)


def _cli(*args):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(args))
    return status, out.getvalue(), err.getvalue()


def _refusal(*args):
    status, out, err = _cli(*args)
    assert status == 2 and out == "" and len(err.splitlines()) == 1, err
    return err.rstrip("\n")


def _file(tmp_path, raw, name="game.json"):
    path = tmp_path / name
    path.write_bytes(raw if isinstance(raw, bytes) else json.dumps(raw).encode())
    return str(path)


def test_a_byte_order_mark_is_skipped(tmp_path):
    raw = json.dumps(fivesons_limits.long_record(events=4)).encode("utf-8-sig")
    assert _cli("replay", _file(tmp_path, raw))[0] == 0
    app = StepperApp("")
    app.load_bytes(raw, "bom.json")
    assert "bom.json" in app.status.value and "Refused" not in app.status.value


def test_a_loop_of_symbolic_links_is_named(tmp_path):
    os.symlink(tmp_path / "b.json", tmp_path / "a.json")
    os.symlink(tmp_path / "a.json", tmp_path / "b.json")
    assert _refusal("replay", str(tmp_path / "a.json")) == (
        f"{tmp_path / 'a.json'}: a loop of symbolic links: the link points (through other "
        "links) back to itself")


@pytest.mark.parametrize("command", [["replay"], ["infer", "--as", "0"], ["graph", "--as", "0"]])
def test_a_black_widow_record_without_hands_is_refused_by_every_command(tmp_path, command):
    path = _file(tmp_path, {"format": "cardlab/1", "game": "blackwidow", "hands": []})
    assert _refusal(command[0], path, *command[1:]) == (
        "game.json, hands: a game has at least one hand (it is saved after its first deal); "
        "this record has none")


def test_too_many_events_are_refused_before_the_schema_looks_at_one(tmp_path):
    data = fivesons_limits.malformed_record(events=MAX_EVENTS + 1)
    with mock.patch("cardlab.fivesons.record.check", side_effect=AssertionError("schema ran")):
        line = _refusal("replay", _file(tmp_path, data))
    assert line == ("game.json, events: 1,001 events, more than the longest game cardlab "
                    "accepts (1,000 events)")


def test_too_many_hands_are_refused_before_the_first_is_replayed(tmp_path):
    data = blackwidow_limits.endless_record(hands=MAX_HANDS + 1)
    with mock.patch("cardlab.blackwidow.record.check", side_effect=AssertionError("ran")):
        line = _refusal("replay", _file(tmp_path, data))
    assert line.endswith(f"{MAX_HANDS + 1} hands, more than the longest game cardlab accepts "
                         f"({MAX_HANDS} hands)")


def test_a_list_longer_than_any_in_a_record_is_refused_before_the_rules_see_it(tmp_path):
    data = {"format": "cardlab/1", "game": "fivesons", "me": None,
            "players": ["x"] * (MAX_ITEMS + 1)}
    assert _refusal("infer", _file(tmp_path, data)) == (
        "game.json, players: 2,001 entries in one list or object, more than cardlab reads "
        "(2,000 at most)")


def test_the_schema_describes_the_first_problems_and_counts_the_rest():
    with pytest.raises(CardlabError) as info:
        read_record(json.dumps(fivesons_limits.malformed_record(events=MAX_EVENTS)).encode(),
                    "g.json")
    assert info.value.text().endswith(f"(and at least {MAX_PROBLEMS} more problems after "
                                      "this one)")
    assert info.value.text("de").endswith(f"(danach noch mindestens {MAX_PROBLEMS} weitere "
                                          "Fehler)")
    with pytest.raises(CardlabError) as info:
        read_record(json.dumps(fivesons_limits.malformed_record(events=1)).encode(), "g.json")
    assert "more problem" in info.value.text() and "at least" not in info.value.text()


def test_a_game_that_could_go_on_for_ever_ends_at_the_hand_limit(tmp_path, monkeypatch):
    monkeypatch.setattr(blackwidow_game, "MAX_HANDS", 3)
    monkeypatch.setattr(blackwidow_record, "MAX_HANDS", 3)
    monkeypatch.setattr(blackwidow_report, "MAX_HANDS", 3)
    status, out, _ = _cli("replay", _file(tmp_path, blackwidow_limits.endless_record(hands=3)))
    assert status == 0 and "3 hands are the most cardlab plays" in out
    assert "seat 3 won" in out
    assert _refusal("replay", _file(tmp_path, blackwidow_limits.endless_record(hands=4))).endswith(
        "4 hands, more than the longest game cardlab accepts (3 hands)")


def test_a_five_sons_game_without_guesses_ends_at_the_event_limit(monkeypatch):
    monkeypatch.setattr(fivesons_game, "MAX_EVENTS", 5)
    game = fivesons_game.FiveSonsGame.from_record(
        read_record(json.dumps(fivesons_limits.long_record(events=5)).encode(), "g.json"))
    assert game.over and game.at_limit and game.winner is None


def test_rules_that_let_a_game_go_on_for_ever_say_so_when_read():
    status, _, err = _cli("play", "blackwidow", "--bots", "random,random,random,random",
                          "--seed", "1", "--rules", '{"moon": "choose", "end_above": 30}')
    assert status == 0 and err == (f"Note: under these rules a game may never end (a moon shot "
                                   f"that takes 26 off, or a reset at exactly 100); cardlab "
                                   f"ends it after {MAX_HANDS} hands.\n")
    assert _cli("play", "blackwidow", "--bots", "random,random,random,random", "--seed", "1",
                "--rules", '{"end_above": 30}')[2] == ""


def test_the_black_widow_app_says_so_when_its_address_asks_for_endless_rules():
    endless = read_settings("blackwidow", 'lang=de&rules={"exact_hundred":"zero"}')
    assert "kann eine Partie endlos dauern" in BlackWidowWidget.from_settings(
        endless).problems.value
    assert BlackWidowWidget.from_settings(read_settings("blackwidow", "")).problems.value == ""


# -- every way a record gets in, fuzzed ------------------------------------------------------

def _stepper(raw):
    app = StepperApp("")
    app.load_bytes(raw, "upload.json")
    return app.status.value


def _assistant(raw):
    app = Assistant()
    app.load_bytes(raw, "upload.json")
    return app.status.value


def _blackwidow(raw):
    widget = BlackWidowWidget()
    widget.load.value = ({"name": "upload.json", "type": "application/json", "size": len(raw),
                          "content": memoryview(raw), "last_modified": EPOCH},)
    return widget.status


def _reader(raw):
    try:
        read_record(raw, "upload.json")
    except CardlabError as err:
        return err.text()
    return "accepted"


PATHS = {"reader": _reader, "stepper": _stepper, "assistant": _assistant,
         "blackwidow": _blackwidow}


@st.composite
def hostile_uploads(draw):
    """Bytes around every bound: sizes, depths, list lengths, event counts, encodings."""
    kind = draw(st.sampled_from(["deep", "wide", "events", "hands", "big", "text"]))
    if kind == "deep":
        depth = draw(st.integers(1, 5000))
        text = '{"format": "cardlab/1", "game": "fivesons", "me": ' + "[" * depth + \
            "]" * depth + "}"
    elif kind == "wide":
        text = "[" + ",".join(["{}"] * draw(st.integers(0, 2 * MAX_ITEMS))) + "]"
    elif kind == "events":
        count = draw(st.integers(0, MAX_EVENTS + 5))
        text = json.dumps(fivesons_limits.malformed_record(events=count))
    elif kind == "hands":
        text = json.dumps(blackwidow_limits.endless_record(hands=draw(st.sampled_from(
            [0, 1, MAX_HANDS + 1]))))
    elif kind == "big":
        text = " " * (MAX_FILE_BYTES - 1) + draw(st.sampled_from(["[]", "1", "{}"]))
    else:
        text = draw(st.text(max_size=50))
    encoding = draw(st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "latin-1"]))
    return text.encode(encoding, errors="replace")


class _Counted:
    """Counts what the schema is asked to describe, and what JSON text is parsed."""

    def __init__(self):
        self.problems = 0
        self.longest_text = 0
        self._validator = schema.validator
        self._loads = json.loads

    def validator(self, definition, package=None):
        real = self._validator(definition, package)
        counter = self

        class Validator:
            def iter_errors(self, data):
                for error in real.iter_errors(data):
                    counter.problems += 1
                    yield error
        return Validator()

    def loads(self, text, **options):
        self.longest_text = max(self.longest_text, len(text))
        return self._loads(text, **options)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.data_too_large])
@given(raw=hostile_uploads(), path=st.sampled_from(sorted(PATHS)))
def test_every_way_in_reads_or_refuses_in_one_line_within_bounds(raw, path):
    counted = _Counted()
    with mock.patch.object(schema, "validator", counted.validator), \
            mock.patch.object(inputs.json, "loads", counted.loads):
        shown = PATHS[path](raw)
    assert shown and "Traceback" not in shown and len(shown.splitlines()) == 1
    # One reader for every path: nothing beyond the size limit is parsed, and each check
    # of the schema stops after the first few problems (one check per Black Widow hand).
    assert counted.longest_text <= MAX_FILE_BYTES
    assert counted.problems <= (MAX_PROBLEMS + 1) * 2


def _peak_mb(run):
    tracemalloc.start()
    try:
        run()
        return tracemalloc.get_traced_memory()[1] / 2**20
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("name", ["refused_empty_objects", "refused_malformed_events",
                                  "refused_deep"])
def test_the_worst_refusals_stay_far_below_300_mb(name):
    raw, _ = worst.cases()[name]
    for path in ("reader", "stepper"):
        assert _peak_mb(lambda path=path: PATHS[path](raw)) < 300


@pytest.mark.parametrize("rules", ["[" * 5000, "{" * 3000, '{"players": ' * 40 + "}" * 40])
def test_the_teachers_rules_box_is_read_by_the_same_reader(rules):
    form = TableForm()
    form.rules.value = rules                      # the browser can write any synced trait
    with pytest.raises(CardlabError) as info:
        form.read()
    assert info.value.key == "classroom.teacher.bad_rules"


def test_bench_limits_measures_each_case_and_reads_in_both_languages():
    figures = worst.limits(["refused_deep", "refused_malformed_events"])
    assert {case["status"] for case in figures["cases"].values()} == {2}
    assert figures["max_peak_mb"] > 0 and figures["limits"]["blackwidow_hands"] == MAX_HANDS
    assert "refused_deep: exit 2" in worst.text(figures)
    assert "refused_deep: Status 2" in worst.text(figures, "de")
