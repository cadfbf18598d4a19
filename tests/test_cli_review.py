"""`cardlab review` on the command line: the JSON of docs/contract.md, refusals, Ctrl-C."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import psutil
import pytest

from cardlab.blackwidow.match import play_game as play_blackwidow
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.cli import main
from cardlab.fivesons.match import play_game as play_fivesons
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.records import save_record

from helpers.cli import one_line_error, run

CONTRACT = Path(__file__).resolve().parent.parent / "docs" / "contract.md"


def documented_example() -> dict:
    """The review JSON example written in docs/contract.md."""
    text = CONTRACT.read_text(encoding="utf-8")
    section = text[text.index("`cardlab review RECORD"):]
    block = re.search(r"```json\n(.*?)```", section, re.S).group(1)
    return json.loads(block)


@pytest.fixture(scope="module")
def fivesons(tmp_path_factory):
    path = tmp_path_factory.mktemp("review") / "fivesons.json"
    save_record(play_fivesons(FiveSonsRules(players=3), ["random", "infogain", "logician"],
                              seed=3).to_record(), path)
    return path


def _blackwidow_record(factory, seed: int, hands: int, plays: int) -> Path:
    """A heuristic bots' game cut to its first `hands` hands, the last after `plays` plays."""
    record = play_blackwidow(BlackWidowRules(pass_cycle=("hold",)), ["heuristic"] * 4,
                             seed=seed).to_record()
    last = replace(record.hands[hands - 1], plays=record.hands[hands - 1].plays[:plays])
    path = factory.mktemp("review") / "blackwidow.json"
    save_record(replace(record, hands=(*record.hands[:hands - 1], last)), path)
    return path


@pytest.fixture(scope="module")
def blackwidow(tmp_path_factory):
    return _blackwidow_record(tmp_path_factory, seed=5, hands=1, plays=16)


def _review(capsys, *args):
    assert main(["review", *map(str, args), "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)


def _same_shape(documented, actual, where="review"):
    """Every key of the documented example is there, with a value of the same kind."""
    for key, value in documented.items():
        assert key in actual, f"{where}.{key} is missing"
        if isinstance(value, dict) and key != "values":
            _same_shape(value, actual[key], f"{where}.{key}")
        elif isinstance(value, float):
            assert isinstance(actual[key], int | float), f"{where}.{key}"
        elif value is not None and not isinstance(value, str | list):
            assert isinstance(actual[key], type(value)), f"{where}.{key}"


@pytest.mark.parametrize("game", ["fivesons", "blackwidow"])
def test_the_json_has_the_documented_shape(game, fivesons, blackwidow, capsys):
    path = fivesons if game == "fivesons" else blackwidow
    data = _review(capsys, path, "--as", "0")
    example = documented_example()
    _same_shape({k: v for k, v in example.items() if k != "decisions"}, data)
    assert data["game"] == game and data["seat"] == 0
    assert data["unit"] == ("bits" if game == "fivesons" else "points")
    assert data["decisions"], "seat 0 decided something"
    for decision in data["decisions"]:
        keys = set(example["decisions"][0]) - ({"hand"} if game == "fivesons" else set())
        assert keys <= set(decision)
        assert decision["loss"] >= 0 and decision["verdict"] in ("good", "inaccuracy",
                                                                 "mistake")
        assert decision["kind"] in ({"ask", "guess", "no_guess", "show"} if game == "fivesons"
                                    else {"pass", "play", "moon"})
        if decision["chosen"] is not None and decision["kind"] != "pass":
            assert decision["chosen"] in decision["values"] or decision["kind"] == "no_guess"
    in_unit = sum(d["loss"] for d in data["decisions"] if d["unit"] == data["unit"])
    assert data["loss"] == pytest.approx(in_unit, abs=1e-2)


def test_the_same_seed_gives_the_same_review_and_text_in_german(blackwidow, capsys):
    first = _review(capsys, blackwidow, "--as", "2", "--seed", "9")
    assert first == _review(capsys, blackwidow, "--as", "2", "--seed", "9")
    assert main(["--lang", "de", "review", str(blackwidow), "--as", "2"]) == 0
    assert capsys.readouterr().out.startswith("Rückblick auf Platz 2:")


@pytest.mark.parametrize(("args", "says"), [
    (["--as", "public"], "--as"),
    ([], "--as"),
    (["--as", "9"], "from 0 to 2"),
    (["--as", "1", "--seed", "x"], "--seed"),
    (["--as", "-1"], "--as"),
])
def test_bad_input_is_one_line_and_exit_2(fivesons, args, says):
    line = one_line_error(run("review", str(fivesons), *args))
    assert says in line
    assert "--as: --as" not in line                     # the option is named once in front


def test_an_observation_log_or_a_missing_file_is_refused(tmp_path):
    game = play_fivesons(FiveSonsRules(), ["logician"] * 4, seed=1)
    path = tmp_path / "log.json"
    save_record(game.observation_log(0), path)
    assert "full record" in one_line_error(run("review", str(path), "--as", "0"))
    assert one_line_error(run("review", str(tmp_path / "none.json"), "--as", "0"))


def test_ctrl_c_cancels_with_one_line(tmp_path):
    record = play_blackwidow(BlackWidowRules(), ["heuristic"] * 4, seed=1).to_record()
    path = tmp_path / "game.json"
    save_record(record, path)
    process = subprocess.Popen([sys.executable, "-m", "cardlab.cli", "review", str(path),
                                "--as", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
    # Interrupt once the review runs: its process pool has started.
    deadline = time.monotonic() + 60
    while not psutil.Process(process.pid).children() and time.monotonic() < deadline:
        time.sleep(0.1)
    time.sleep(0.5)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert out == "" and err.strip() == "Review cancelled."


def _stderr_on_a_terminal(*args: str) -> str:
    """What `cardlab` writes to stderr when stderr is a terminal 100 columns wide."""
    import fcntl
    import os
    import pty
    import struct
    import termios
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
    process = subprocess.Popen([sys.executable, "-m", "cardlab.cli", *args],
                               stdout=subprocess.DEVNULL, stderr=slave)
    os.close(slave)
    written = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # the other end is closed
            break
        if not chunk:
            break
        written += chunk
    os.close(master)
    assert process.wait(timeout=120) == 0
    return written.decode()


def test_a_progress_bar_shows_on_a_terminal_only(fivesons):
    assert "100%" in _stderr_on_a_terminal("review", str(fivesons), "--as", "1")
    piped = run("review", str(fivesons), "--as", "1")
    assert piped.returncode == 0 and piped.stderr == ""


@pytest.fixture(scope="module")
def two_hands(tmp_path_factory):
    """A Black Widow game's first hand, finished, and 8 plays of its second."""
    return _blackwidow_record(tmp_path_factory, seed=4, hands=2, plays=8)


def test_hand_k_reviews_that_hand_alone_in_the_documented_shape(two_hands, capsys):
    data = _review(capsys, two_hands, "--as", "1", "--hand", "2")
    example = documented_example()
    _same_shape({k: v for k, v in example.items() if k != "decisions"}, data)
    assert data["decisions"] and {d["hand"] for d in data["decisions"]} == {2}
    assert set(example["decisions"][0]) <= set(data["decisions"][0])
    assert data["outcome"] == {"hands": []}          # the second hand is not finished
    assert main(["--lang", "de", "review", str(two_hands), "--as", "1", "--hand", "2"]) == 0
    assert capsys.readouterr().out.startswith("Rückblick auf Platz 1:")


def _refused(capsys, *args) -> str:
    """The one line of a refusal by `cardlab review` (exit 2, nothing on stdout)."""
    assert main(["review", *map(str, args)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1 and "Traceback" not in err
    return err.strip()


@pytest.mark.parametrize(("hand", "says"), [
    ("0", "--hand: 0 is too small (at least 1)"),
    ("x", "--hand: 'x' is not a whole number"),
    ("3", "--hand: the record has 2 hands (numbered from 1): there is no hand 3"),
    ("9" * 40, "--hand: a number has more than"),
])
def test_a_hand_the_record_does_not_have_is_one_line_and_exit_2(two_hands, capsys, hand, says):
    assert _refused(capsys, two_hands, "--as", "0", "--hand", hand).startswith(says)


def test_a_game_not_played_in_hands_refuses_hand(fivesons, capsys):
    assert _refused(capsys, fivesons, "--as", "0", "--hand", "1") == \
        "--hand: the game 'fivesons' is not played in hands: review the whole game, without --hand"
