"""The command line: bad input is exit 2 and one line on stderr, never a traceback."""

import json

from cardlab.cli import main

from helpers.cli import one_line_error, run
from helpers.fivesons import fixed_game


def test_bad_card_code_in_a_record(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps({
        "format": "cardlab/1", "game": "fivesons", "solution": ["QS", "3H"],
        "hands": [["KH", "JC", "AH", "5H", "Q*"], [], [], []]}))
    line = one_line_error(run("replay", str(path)))
    assert line.startswith("game.json, hands[0][4]: bad card code 'Q*'")


def test_missing_file_and_unknown_option():
    assert "No such file" in one_line_error(run("infer", "nowhere.json"))
    assert "unrecognized arguments: --colour" in one_line_error(
        run("replay", "x.json", "--colour"))
    assert "invalid choice: 'chess'" in one_line_error(run("play", "chess", "--bots", "random"))


def test_german_messages(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text('{"format": "cardlab/1", "game": "skat"}')
    assert main(["--lang", "de", "replay", str(path)]) == 2
    assert "unbekanntes Spiel „skat“" in capsys.readouterr().err


def test_help_lists_every_command():
    result = run("--help")
    assert result.returncode == 0
    for command in ("serve", "play", "replay", "infer", "graph", "bench"):
        assert command in result.stdout



def test_every_reading_command_prints_json_on_request(tmp_path, capsys):
    path = tmp_path / "game.json"
    assert main(["play", "fivesons", "--bots", "random,random,random", "--seed", "2",
                 "--rules", '{"players": 3}', "--record", str(path), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["over"] is True
    for args in (["replay", str(path)], ["infer", str(path), "--as", "1", "--after", "2"],
                 ["graph", str(path), "--as", "public", "--after", "2"]):
        assert main([*args, "--format", "json"]) == 0, args
        assert isinstance(json.loads(capsys.readouterr().out), dict)


def test_a_record_missing_the_card_a_responder_chose_is_one_line(tmp_path):
    data = fixed_game().to_record().to_json()
    data["events"] = [{"ask": 0, "face": "QC", "heart": "2H"}]  # seat 1 holds both
    path = tmp_path / "both.json"
    path.write_text(json.dumps(data))
    assert one_line_error(run("replay", str(path))) == (
        "both.json, events[0]: seat 1 holds both QC and 2H, so 'shown' must say which one "
        "it showed")


def test_serve_refuses_a_bad_cap_on_apps_before_starting(capsys):
    assert main(["serve", "--no-browser", "--port", "8866", "--max-apps", "0"]) == 2
    assert capsys.readouterr().err.strip() == "--max-apps: 0 is too small (at least 1)"
    assert main(["serve", "--no-browser", "--port", "8866", "--max-apps", "5000"]) == 2
    assert capsys.readouterr().err.strip() == "--max-apps: choose from 1 to 1000 apps, not 5000"
