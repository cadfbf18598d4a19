"""A third game that cardlab does not know: High Card (tests/plugin_game/cardlab_highcard).

It is registered only through entry points, as its own distribution would
register it, and then plays through `cardlab play`, replays from its record
and speaks English and German from its own catalogue, with no file of cardlab
naming it (see test_shared_code_knows_no_game).
"""

import json

import pytest

from cardlab.cli import main
from cardlab.games import GAMES, in_menu_order

from helpers.plugins import PLUGIN_GAME, forget_plugins, install


@pytest.fixture
def highcard(tmp_path_factory, monkeypatch):
    """High Card installed: its entry and its messages."""
    root = tmp_path_factory.mktemp("site")
    install(root, {"cardlab.games": {"highcard": "cardlab_highcard.entry:HighCard"},
                   "cardlab.catalogues": {"highcard": "cardlab_highcard"}})
    monkeypatch.syspath_prepend(str(root))
    monkeypatch.syspath_prepend(str(PLUGIN_GAME))
    forget_plugins()
    yield
    monkeypatch.undo()
    forget_plugins()


def play(capsys, *args):
    status = main(list(args))
    out = capsys.readouterr()
    return status, out.out, out.err


def test_bots_play_it_through_the_command_line_and_its_record_replays(highcard, tmp_path,
                                                                       capsys):
    path = tmp_path / "high.json"
    status, out, _ = play(capsys, "play", "highcard", "--bots", "high,random,random",
                          "--seed", "5", "--record", str(path), "--format", "json")
    assert status == 0
    played = json.loads(out)
    assert played["over"] and played["winners"] and sum(played["rounds"]) == 3
    record = json.loads(path.read_text())
    assert record["game"] == "highcard" and len(record["plays"]) == 9
    status, out, _ = play(capsys, "replay", str(path), "--format", "json")
    assert status == 0 and json.loads(out) == played


def test_the_same_seed_plays_the_same_game_and_the_text_is_its_own(highcard, capsys):
    args = ("play", "highcard", "--bots", "random,random,random", "--seed", "9", "--verbose")
    first, second = play(capsys, *args), play(capsys, *args)
    assert first == second and first[0] == 0
    assert "Seat 0 played " in first[1] and "takes the round with" in first[1]
    assert "Winner: seat " in first[1]
    status, out, _ = play(capsys, "--lang", "de", *args)
    assert status == 0 and "Platz 0 spielte " in out and "Gewonnen hat Platz " in out


def test_an_illegal_play_in_its_record_is_one_line_that_says_where(highcard, tmp_path,
                                                                   capsys):
    path = tmp_path / "high.json"
    assert play(capsys, "play", "highcard", "--bots", "high,high,high", "--seed", "2",
                "--record", str(path))[0] == 0
    record = json.loads(path.read_text())
    record["plays"][0]["card"] = record["deal"][1][0]        # seat 1's card, played by seat 0
    path.write_text(json.dumps(record))
    status, out, err = play(capsys, "replay", str(path))
    assert status == 2 and out == ""
    assert err.splitlines() == [f"plays[0]: Seat 0 does not hold {record['deal'][1][0]}."]


def test_what_it_does_not_offer_is_refused_or_left_out(highcard, tmp_path, capsys):
    path = tmp_path / "high.json"
    assert play(capsys, "play", "highcard", "--bots", "high,high,high",
                "--record", str(path))[0] == 0
    status, _, err = play(capsys, "infer", str(path), "--as", "0")
    assert status == 2
    assert err.strip() == "game: the game 'highcard' keeps no knowledge to infer or draw"
    assert "highcard" in GAMES and "highcard" in [entry.name for entry in in_menu_order()]
    # No story and no table widget: neither the stepper nor the teacher's form offers it.
    from cardlab.widgets.classroom_teacher import TableForm
    from cardlab.widgets.stepper_app import StepperApp

    assert [name for _, name in StepperApp("").game.options] == ["fivesons", "blackwidow"]
    assert [name for _, name in TableForm().game.options] == ["fivesons", "blackwidow"]
    app = StepperApp("")
    app.load_bytes(path.read_bytes(), "high.json")
    assert "the game 'highcard' cannot be stepped through" in app.status.value


def test_a_tournament_rotates_its_bots(highcard, capsys):
    status, out, _ = play(capsys, "play", "highcard", "--bots", "high,random,random",
                          "--games", "6", "--seed", "1", "--format", "json")
    assert status == 0
    result = json.loads(out)
    assert result["games"] == 6 and sum(result["wins"].values()) >= 6
