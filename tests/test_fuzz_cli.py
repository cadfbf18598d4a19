"""Fuzzing the record loaders and the command line: malformed input is exit 2 and one line.

Records are broken by putting random JSON at a random place of a valid record,
or replaced by random bytes; options get random text. In-process runs are fast;
a few subprocess runs check the real exit status and stderr.
"""

import contextlib
import io
import json
import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from cardlab.cli import main
from cardlab.errors import CardlabError
from cardlab.records import parse_record

from helpers.cli import one_line_error, run
from helpers.records import LOG, blackwidow_record, fivesons_record

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
    | st.text(max_size=12) | st.sampled_from(["QS", "10♥", "cardlab/1", "fivesons"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=12)

BASES = {"fivesons": fivesons_record, "log": lambda: json.loads(json.dumps(LOG)),
         "blackwidow": lambda: blackwidow_record(hands=2)}


def _paths(node, path=()):
    """Every place in a JSON document, as the keys and indexes leading to it."""
    yield path
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(
        node, list) else ()
    for key, child in items:
        yield from _paths(child, (*path, key))


@st.composite
def broken_records(draw):
    """A valid record of either game with one value replaced by random JSON."""
    data = BASES[draw(st.sampled_from(sorted(BASES)))]()
    path = draw(st.sampled_from(list(_paths(data))))
    replacement = draw(JSON)
    if not path:
        return replacement
    node = data
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = replacement
    return data


def _cli(*args):
    """Run `cardlab` in-process: (status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(args))
    return status, out.getvalue(), err.getvalue()


def _refused(status, out, err):
    assert status == 2, (out, err)
    assert out == "" and len(err.splitlines()) == 1, err
    assert err.rstrip("\n").isprintable() and "Traceback" not in err


@settings(max_examples=300, deadline=None)
@given(broken_records())
def test_the_loader_accepts_or_refuses_with_a_cardlab_error(data):
    try:
        parse_record(data)
    except CardlabError as err:
        assert len(err.text().splitlines()) == 1 and err.text("de").isprintable()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=broken_records())
def test_replay_of_a_broken_record_is_a_result_or_one_line(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("fuzz") / "record.json"
    path.write_text(json.dumps(data))
    status, out, err = _cli("replay", str(path))
    if status != 0:
        _refused(status, out, err)
    else:
        assert out and not err


@settings(max_examples=100, deadline=None)
@given(raw=st.binary(max_size=200))
def test_random_bytes_are_refused_in_one_line(tmp_path_factory, raw):
    path = tmp_path_factory.mktemp("bytes") / "record.json"
    path.write_bytes(raw)
    for command in ("replay", "infer", "graph"):
        _refused(*_cli(command, str(path)))


@settings(max_examples=200, deadline=None)
@given(rules=st.text(max_size=30) | JSON.map(json.dumps), game=st.sampled_from(
    ["fivesons", "blackwidow"]), lang=st.sampled_from(["en", "de"]))
def test_random_rules_are_refused_in_one_line(rules, game, lang):
    # One bot can never fill a table (3 players at least), so every run is refused.
    _refused(*_cli("--lang", lang, "play", game, "--bots", "random", "--rules", rules))


@pytest.fixture(scope="module")
def record_path(tmp_path_factory):
    path = tmp_path_factory.mktemp("record") / "game.json"
    path.write_text(json.dumps(fivesons_record()))
    return path


@settings(max_examples=200, deadline=None, suppress_health_check=[
    HealthCheck.function_scoped_fixture])
@given(value=st.text(max_size=20), option=st.sampled_from(["--as", "--after"]))
def test_random_seats_and_counts_are_refused_in_one_line(record_path, value, option):
    assume(value != "public" and not (value.isascii() and value.isdigit() and len(value) < 4))
    args = ["--as", value] if option == "--as" else ["--as", "0", "--after", value]
    _refused(*_cli("infer", str(record_path), *args))


@settings(max_examples=100, deadline=None)
@given(value=st.text(max_size=20), option=st.sampled_from(["--seed", "--games"]))
def test_random_seeds_and_game_counts_are_refused_in_one_line(value, option):
    assume(not (value.isascii() and value.isdigit()))
    _refused(*_cli("play", "fivesons", "--bots", "random,random,random,random", option, value))


@pytest.mark.parametrize("seed", range(3))
def test_real_processes_refuse_fuzzed_files_in_one_line(tmp_path, seed):
    rng = random.Random(seed)
    path = tmp_path / "fuzz.json"
    path.write_bytes(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 300))))
    one_line_error(run("replay", str(path)))
    data = blackwidow_record(hands=2)
    data["hands"][rng.randrange(2)]["deal"][rng.randrange(4)] = {"\x1b[2J": [[[]]] * 40}
    path.write_text(json.dumps(data))
    assert one_line_error(run("infer", str(path), "--as", "1")).isprintable()
