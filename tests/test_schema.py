"""The cardlab/1 JSON Schema (docs/cardlab-1.schema.json): every record the project
writes fits it, every structurally malformed record of the tests breaks it."""

import copy
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from cardlab.blackwidow import match as blackwidow_match
from cardlab.blackwidow.game import BlackWidowGame
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.cards import Card
from cardlab.errors import CardError
from cardlab.fivesons import match as fivesons_match
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.i18n import catalogue
from cardlab.schema import SCHEMA_FILE, part, schema, shared

from helpers.malformed import MALFORMED

ROOT = Path(__file__).resolve().parents[1]
VALIDATOR = Draft202012Validator(schema())


def _canonical_validator():
    """The schema with every card code held to the canonical form that cardlab writes."""
    strict = copy.deepcopy(schema())
    strict["$defs"]["card_form"] = strict["$defs"]["canonical_card"]
    return Draft202012Validator(strict)


CANONICAL = _canonical_validator()


def _assert_written_form(document):
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in CANONICAL.iter_errors(document)]
    assert not errors, errors


def test_the_docs_hold_the_whole_schema_the_games_parts_make():
    # The test game (tests/plugin_game) has no part, so the registry's schema is the two games'.
    written = json.loads((ROOT / "docs" / SCHEMA_FILE).read_text(encoding="utf-8"))
    assert written == schema()
    assert written["properties"]["game"]["enum"] == ["fivesons", "blackwidow"]


def test_each_games_part_defines_only_its_own_records():
    for name in ("fivesons", "blackwidow"):
        defined = part(f"cardlab.{name}")["$defs"]
        assert defined and set(defined).isdisjoint(shared()["$defs"])
        assert all(key.startswith(f"{name}_") for key in defined), sorted(defined)


def test_the_schema_is_a_valid_draft_2020_12_schema():
    Draft202012Validator.check_schema(schema())
    assert schema()["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_every_message_the_schema_names_is_in_the_catalogue():
    named = set()

    def walk(node):
        if isinstance(node, dict):
            named.update(node.get("x-messages", {}).values())
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(schema())
    assert named and named <= catalogue("en").keys()


@pytest.mark.parametrize(("players", "bots", "seed"), [
    (3, ["logician", "random", "infogain"], 1),
    (4, ["logician", "random", "logician", "random"], 2),
    (5, ["random"] * 5, 3),
    (6, ["logician"] * 6, 4),
])
def test_fivesons_records_and_every_log_fit_the_schema(players, bots, seed):
    game = fivesons_match.play_game(FiveSonsRules(players=players), bots, seed=seed)
    documents = [game.to_record().to_json()]
    documents += [game.observation_log(me).to_json() for me in [*range(players), None]]
    assert any(document["events"] for document in documents)
    for document in documents:
        _assert_written_form(json.loads(json.dumps(document)))


def test_a_custom_deck_game_fits_the_schema():
    rules = FiveSonsRules.from_json({"players": 3, "faces": ["JC", "QD", "KS"],
                                     "hearts": ["AH", "2H", "3H", "4H"]})
    game = fivesons_match.play_game(rules, ["logician", "random", "logician"], seed=5)
    record = game.to_record().to_json()
    assert record["rules"]["faces"] == ["JC", "QD", "KS"]
    _assert_written_form(record)
    _assert_written_form(game.observation_log(1).to_json())


@pytest.mark.parametrize("options", [
    {"players": 3},
    {"players": 4, "moon": "choose", "jack_of_diamonds": True, "end_above": 30},
    {"players": 5, "queen_breaks_hearts": True, "exact_hundred": "minus50"},
    {"players": 6, "pass_cycle": ["left", "hold"], "first_trick_points": True},
    {"players": 4, "pass_cycle": ["across"], "removed": ["2C", "3C", "2D", "3D"],
     "moon": "self", "exact_hundred": "zero"},
])
def test_blackwidow_records_fit_the_schema(options):
    rules = BlackWidowRules.from_json(options)
    bots = ["heuristic", "random"] * 3
    game = blackwidow_match.play_game(rules, bots[:rules.players], seed=7, hands=3)
    document = game.to_record().to_json()
    assert document["rules"] == options
    assert len(document["hands"]) == 3
    _assert_written_form(document)


def test_a_game_saved_mid_pass_fits_the_schema():
    """Needs the engine to write null for seats that have not passed (issue 8)."""
    game = BlackWidowGame.new(BlackWidowRules(players=5), seed=11)
    game.pass_cards(3, game.hand.deal[3][-3:])
    document = game.to_record().to_json()
    assert document["hands"][0]["pass"].count(None) == 4
    _assert_written_form(document)


@pytest.mark.parametrize("case", [c for c in MALFORMED if c.structural],
                         ids=lambda case: case.expected)
def test_structurally_malformed_records_break_the_schema(case):
    assert not VALIDATOR.is_valid(case.document())


@pytest.mark.parametrize("case", [c for c in MALFORMED if not c.structural],
                         ids=lambda case: case.expected)
def test_records_that_only_the_rules_refuse_fit_the_schema(case):
    """Keeps the split in tests/test_records.py honest: these need the rules to refuse."""
    assert VALIDATOR.is_valid(case.document())


@pytest.mark.parametrize(("game", "options"), [
    ("fivesons", {"moon": "self"}),
    ("blackwidow", {"faces": ["JC", "QD"]}),
    ("blackwidow", {"Players": 4}),
])
def test_rule_options_of_another_game_or_misspelt_are_refused(game, options):
    document = {"format": "cardlab/1", "game": game, "rules": options,
                "me": None} if game == "fivesons" else {
        "format": "cardlab/1", "game": game, "rules": options,
        "hands": [BlackWidowGame.new(BlackWidowRules(), seed=1).to_record().to_json()["hands"][0]]}
    errors = list(VALIDATOR.iter_errors(document))
    assert [e.validator for e in errors] == ["additionalProperties"]


CARD = Draft202012Validator({"$defs": schema()["$defs"], "$ref": "#/$defs/card"})


def _schema_accepts_card(text):
    return CARD.is_valid(text)


def _parses(text):
    try:
        Card.parse(text)
    except CardError:
        return False
    return True


@given(st.text(alphabet="0123456789TJQKAtjqkaCDHScdhs♣♦♥♠♧♢♡♤XZ* \t", max_size=5))
def test_the_schema_accepts_exactly_the_card_codes_cardlab_reads(text):
    assert _schema_accepts_card(text) == _parses(text)


@pytest.mark.parametrize("text", ["QS", "10♥", "q♠", " th ", "A♥\ufe0f", "2c"])
def test_accepted_input_forms(text):
    assert _schema_accepts_card(text)
