"""Bad input on the command line: exit 2 and one safe line, whatever the input is."""

import json
import os
import subprocess
import sys

import pytest

from cardlab.cli import main
from cardlab.inputs import MAX_DEPTH, MAX_DIGITS, MAX_FILE_BYTES

from helpers.cli import one_line_error, run

HUGE = "9" * 4400  # beyond Python's 4,300-digit limit for int(str)


def _error(capsys, *args):
    """In-process run: exit 2, nothing on stdout, exactly one line on stderr."""
    assert main(list(args)) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1, err
    return err.rstrip("\n")


@pytest.fixture
def fivesons_record(tmp_path, capsys):
    path = tmp_path / "game.json"
    assert main(["play", "fivesons", "--bots", "random,random,random,random", "--seed", "1",
                 "--record", str(path)]) == 0
    capsys.readouterr()
    return path


@pytest.mark.parametrize("raw", [
    "ä".encode("latin-1") + b'{"format": "cardlab/1"}',
    '{"format": "cardlab/1"}'.encode("utf-16"),
    bytes(range(256)),
])
def test_a_file_that_is_not_utf8(tmp_path, capsys, raw):
    path = tmp_path / "bad.json"
    path.write_bytes(raw)
    assert "bad.json: not UTF-8 text (byte " in _error(capsys, "replay", str(path))


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 1000, 100_000])
def test_json_nested_too_deep_in_a_record_and_in_rules(tmp_path, capsys, depth):
    nested = "[" * depth + "]" * depth
    path = tmp_path / "deep.json"
    path.write_text('{"format": "cardlab/1", "game": "fivesons", "me": null, "x": '
                    + nested + "}")
    assert _error(capsys, "replay", str(path)) == (
        f"deep.json: nested more than {MAX_DEPTH} levels deep")
    assert _error(capsys, "play", "fivesons", "--bots", "random", "--rules",
                  '{"players": ' + nested + "}") == (
        f"--rules: nested more than {MAX_DEPTH} levels deep")


def test_huge_integers_everywhere(tmp_path, capsys, fivesons_record):
    path = tmp_path / "log.json"
    path.write_text('{"format": "cardlab/1", "game": "fivesons", "me": ' + HUGE + "}")
    too_long = f"a number has more than {MAX_DIGITS} digits"
    assert _error(capsys, "infer", str(path)) == f"log.json: {too_long}"
    assert _error(capsys, "play", "blackwidow", "--bots", "random", "--rules",
                  '{"end_above": ' + HUGE + "}") == f"--rules: {too_long}"
    for option in ("--seed", "--games"):
        assert _error(capsys, "play", "fivesons", "--bots", "random,random,random,random",
                      option, HUGE) == f"{option}: {too_long}"
    assert _error(capsys, "infer", str(fivesons_record), "--as", "1", "--after", HUGE) == (
        f"--after: {too_long}")
    line = _error(capsys, "infer", str(fivesons_record), "--as", HUGE)
    assert line.startswith("--as: expected a seat number") and len(line) < 200


def test_a_big_number_in_range_checks_is_described_not_spelt_out(capsys):
    line = _error(capsys, "play", "fivesons", "--bots", "random", "--rules",
                  '{"players": ' + "9" * 25 + "}")
    assert line == "rules.players: 9999999999999999999999999 is out of range (3 to 6)"


@pytest.mark.parametrize("seat", ["²", "١", "-1", "+1", " 1", "1.0", "٣"])
def test_seats_and_counts_take_ascii_digits_only(capsys, fivesons_record, seat):
    assert _error(capsys, "infer", str(fivesons_record), "--as", seat).startswith("--as: ")
    assert _error(capsys, "infer", str(fivesons_record), "--as", "1", "--after", seat) == (
        f"--after: '{seat}' is not a whole number (write it with the digits 0 to 9)")


@pytest.mark.parametrize("path", ["/dev/zero", "/dev/urandom", "/dev/null"])
def test_devices_are_refused_before_reading(capsys, path):
    assert _error(capsys, "replay", path) == f"{path}: not a regular file"


def test_a_fifo_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    # Opening a FIFO with no writer blocks forever: the timeout in run() would fail the test.
    assert one_line_error(run("infer", str(fifo))) == f"{fifo}: not a regular file"


def test_a_file_over_the_size_limit_names_the_limit(tmp_path, capsys):
    path = tmp_path / "big.json"
    with open(path, "wb") as file:
        file.truncate(MAX_FILE_BYTES + 1)
    line = _error(capsys, "replay", str(path))
    assert line == (f"{path}: the file is larger than {MAX_FILE_BYTES // 2**20} MB, the most a "
                    "cardlab file may be")


@pytest.mark.parametrize("key", ["a\nb", "a\rb", "a\x1b[31mb", "a\u2028b", "a\u202eb"])
def test_input_in_messages_is_quoted_safely(tmp_path, capsys, key):
    path = tmp_path / "odd.json"
    path.write_text(json.dumps({"format": "cardlab/1", "game": "fivesons", "me": None,
                                "rules": {key: 1}}))
    line = _error(capsys, "replay", str(path))
    assert line.isprintable() and "unknown key 'a\\" in line


def test_long_input_is_cut_short_in_messages(capsys):
    line = _error(capsys, "play", "fivesons", "--bots", "x" * 10_000)
    assert "unknown bot 'xxx" in line and len(line) < 400


def test_a_stray_argument_with_a_newline_stays_on_one_line():
    line = one_line_error(run("replay", "x.json", "--col\nour"))
    assert "unrecognized arguments: --col\\nour" in line


@pytest.mark.parametrize("rules", ["null", "[]", "3", '"x"', "true"])
@pytest.mark.parametrize("game", ["fivesons", "blackwidow"])
def test_rules_of_the_wrong_type_read_the_same_in_both_games(capsys, game, rules):
    kind = {"null": "null", "[]": "a list", "3": "a whole number", '"x"': "text",
            "true": "true or false"}[rules]
    assert _error(capsys, "play", game, "--bots", "random", "--rules", rules) == (
        f"rules: must be an object, not {kind}")
    german = _error(capsys, "--lang", "de", "play", game, "--bots", "random", "--rules", rules)
    assert german.startswith("rules: ") and "must" not in german and "not" not in german


def test_an_empty_object_is_a_record_without_format(tmp_path, capsys):
    path = tmp_path / "empty.json"
    path.write_text("{}")
    assert _error(capsys, "replay", str(path)) == "empty.json, record: missing key 'format'"


def test_not_json_says_where_in_both_languages(tmp_path, capsys):
    path = tmp_path / "broken.json"
    path.write_text('{"format": "cardlab/1",\n "game" "fivesons"}')
    assert _error(capsys, "replay", str(path)) == (
        "broken.json: not valid JSON at line 2, column 9: a colon was expected")
    assert _error(capsys, "--lang", "de", "replay", str(path)) == (
        "broken.json: kein gültiges JSON in Zeile 2, Spalte 9: hier fehlt ein Doppelpunkt")


def test_file_system_errors_in_german(tmp_path, capsys):
    assert _error(capsys, "--lang", "de", "replay", str(tmp_path / "nowhere.json")).endswith(
        "nowhere.json: Datei oder Verzeichnis nicht gefunden")
    assert _error(capsys, "--lang", "de", "replay", str(tmp_path)) == (
        f"{tmp_path}: das ist ein Ordner, keine Datei")
    assert _error(capsys, "--lang", "de", "play", "fivesons", "--bots",
                  "random,random,random,random", "--record", str(tmp_path / "no" / "x.json")
                  ).endswith("x.json: Datei oder Verzeichnis nicht gefunden")


def test_a_closed_pipe_ends_quietly():
    # Far more output than a pipe buffers, so the writer meets the closed pipe.
    command = [sys.executable, "-m", "cardlab.cli", "play", "blackwidow", "--bots",
               "random,random,random,random", "--seed", "1", "--rules", '{"end_above": 300}',
               "--verbose"]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as process:
        assert process.stdout is not None and process.stderr is not None
        process.stdout.readline()
        process.stdout.close()  # as `| head -1` does
        assert process.stderr.read() == b""
        assert process.wait(timeout=120) == 0
