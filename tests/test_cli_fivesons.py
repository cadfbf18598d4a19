"""`cardlab play/replay/infer` for Five Sons, as the README and docs/records.md describe them."""

import json
import re

import pytest

from cardlab.cards import parse_cards
from cardlab.cli import main
from cardlab.records import save_record

from helpers.cli import one_line_error, run
from helpers.fivesons import fixed_game

QD, H9, KD, H7, H2 = parse_cards("QD 9H KD 7H 2H")


@pytest.fixture
def record(tmp_path):
    game = fixed_game()
    game.ask(0, QD, H9)
    game.ask(1, KD, H2)
    game.guess(1, KD, H7)
    path = tmp_path / "game.json"
    save_record(game.to_record(), path)
    return path


def _json(capsys, *args):
    assert main([*args, "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_replay_reports_winner_eliminated_over(record, capsys):
    assert _json(capsys, "replay", str(record)) == {"winner": None, "eliminated": [1],
                                                     "over": False}


def test_infer_from_a_full_record_as_a_seat_and_as_the_table(record, capsys):
    seat = _json(capsys, "infer", str(record), "--as", "0")
    assert seat["perspective"] == 0 and seat["after"] == 3
    assert seat["counts"]["QD"] == {"1": 0, "2": seat["worlds"], "3": 0, "solution": 0}
    public = _json(capsys, "infer", str(record), "--as", "public", "--after", "1")
    assert public["perspective"] == "public" and public["after"] == 1
    assert public["worlds"] > seat["worlds"]
    assert public["knows_solution"] == {"0": None, "1": None, "2": None, "3": None}


def test_infer_from_an_observation_log(tmp_path, capsys):
    game = fixed_game()
    game.ask(0, QD, H9)
    path = tmp_path / "log.json"
    save_record(game.observation_log(0), path)
    data = _json(capsys, "infer", str(path))
    facts = {(f["card"], f["at"], f["holds"]): f["why"] for f in data["facts"]}
    assert facts["QD", "2", True] == "Seat 2 showed me QD in event 1."
    assert main(["--lang", "de", "infer", str(path)]) == 0
    assert "Platz 2 hat mir in Ereignis 1 QD gezeigt." in capsys.readouterr().out


def test_inconsistent_log_is_exit_2_naming_the_event(tmp_path):
    log = {"format": "cardlab/1", "game": "fivesons", "me": 0,
           "hand": ["KH", "JC", "AH", "5H", "JD"],
           "events": [{"ask": 0, "face": "QS", "heart": "3H", "shown_by": 2, "shown": "QS"},
                      {"ask": 1, "face": "QS", "heart": "9H", "shown_by": 3}]}
    path = tmp_path / "log.json"
    path.write_text(json.dumps(log))
    line = one_line_error(run("infer", str(path)))
    assert line.startswith("event 2: Seat 2 showed me QS in event 1. But: Seat 2 passed")


@pytest.mark.parametrize(
    ("args", "fragment"),
    [(["--as", "7"], "--as: expected a seat number from 0 to 3 or 'public', not '7'"),
     ([], "--as: a full record needs --as SEAT or --as public"),
     (["--as", "1", "--after", "9"], "--after: --after 9 is beyond the 3 events")],
)
def test_infer_option_errors(record, args, fragment):
    assert fragment in one_line_error(run("infer", str(record), *args))


def test_illegal_event_in_a_record(tmp_path):
    data = json.loads(json.dumps(fixed_game().to_record().to_json()))
    data["events"] = [{"ask": 2, "face": "QD", "heart": "9H"}]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    assert one_line_error(run("replay", str(path))) == (
        "event 1: It is seat 0's turn to ask, not seat 2's.")


def test_play_writes_a_record_that_replays_to_the_same_result(tmp_path, capsys):
    out = tmp_path / "played.json"
    result = _json(capsys, "play", "fivesons", "--bots", "logician,random,random",
                   "--seed", "3", "--rules", '{"players": 3}', "--record", str(out))
    assert result["over"] and result["winner"] is not None
    assert _json(capsys, "replay", str(out)) == result


def test_tournament(capsys):
    data = _json(capsys, "play", "fivesons", "--bots", "logician,random,random", "--games", "3",
                 "--seed", "1", "--rules", '{"players": 3}')
    assert data["logician"]["games"] == 3 and data["random"]["games"] == 6
    assert sum(bot["wins"] for bot in data.values()) == 3


def test_play_errors():
    assert "--bots needs one bot per seat: 4 names, not 2" in one_line_error(
        run("play", "fivesons", "--bots", "random,random"))
    assert "unknown bot 'oracle'" in one_line_error(
        run("play", "fivesons", "--bots", "oracle,random,random,random"))
    assert "rules: unknown key 'speed'" in one_line_error(
        run("play", "fivesons", "--bots", "random", "--rules", '{"speed": 1}'))


def test_play_names_the_bots_and_verbose_gives_every_move_with_its_reason(capsys):
    args = ["play", "fivesons", "--bots", "infogain,random,random", "--seed", "3",
            "--rules", '{"players": 3}']
    assert main(args) == 0
    short = capsys.readouterr().out
    assert short.startswith("Seat 0: infogain\nSeat 1: random\nSeat 2: random\n")
    assert main([*args, "--verbose"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "Seat 0 asked: " in lines[4]
    assert lines[5].startswith("    why: I ask about ")
    assert any(line == "    why: I ask about two cards picked at random." for line in lines)
    assert lines[-1] in short


def test_play_help_names_bots_and_rule_options():
    help_text = run("play", "--help").stdout
    for word in ("fivesons", "blackwidow", "montecarlo", "heuristic", "faces", "hearts",
                 "pass_cycle", "jack_of_diamonds", "end_above"):
        assert word in help_text


@pytest.mark.parametrize(("game", "bots", "hint"), [
    ("fivesons", "random,random,random", """--rules '{"players": 3}'"""),
    ("blackwidow", "random,random,random,random,random", """--rules '{"players": 5}'"""),
])
def test_a_wrong_bot_count_suggests_the_player_count(game, bots, hint):
    line = one_line_error(run("play", game, "--bots", bots))
    assert line.endswith(f"add {hint}")


def test_a_bot_count_no_rules_allow_gets_no_hint():
    line = one_line_error(run("play", "fivesons", "--bots", "random,random"))
    assert line == "--bots needs one bot per seat: 4 names, not 2"


def test_infer_says_who_knows_the_solution_after_a_right_guess(tmp_path, capsys):
    game = fixed_game()
    game.ask(0, QD, H9)
    game.ask(1, KD, H2)
    game.guess(1, *parse_cards("QS 3H"))
    path = tmp_path / "won.json"
    save_record(game.to_record(), path)
    data = _json(capsys, "infer", str(path), "--as", "2")
    assert data["knows_solution"] == {"0": None, "1": True, "2": False, "3": None}
    assert main(["infer", str(path), "--as", "2"]) == 0
    text = capsys.readouterr().out
    assert "Knows the solution: 1 (guessed right)\n" in text
    assert text.endswith("Cannot tell whether they know the solution: 0, 3\n")


def test_german_infer_has_no_english_words_and_german_numbers(record, capsys):
    assert main(["--lang", "de", "infer", str(record), "--as", "0"]) == 0
    text = capsys.readouterr().out
    for english in ("solution", "≠", "@", "deals", "Seat", "seat", "event"):
        assert english not in text
    assert "Lösung" in text and " %" in text
    assert re.search(r"\d,\d %", text) and re.search(r"\d\.\d{3} Verteilungen\)", text)

