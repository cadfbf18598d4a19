"""`cardlab play/replay/bench` for Black Widow, as the command line promises (README)."""

import json
import re

from cardlab.blackwidow.match import play_game, tournament
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.cli import main
from cardlab.records import save_record

from helpers.cli import one_line_error, run


def _json(capsys, *args):
    assert main([*args, "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_play_then_replay_with_legal_cards(tmp_path, capsys):
    out = tmp_path / "game.json"
    result = _json(capsys, "play", "blackwidow", "--bots", "heuristic,random,random",
                   "--rules", '{"players": 3, "end_above": 40}', "--seed", "4",
                   "--record", str(out))
    assert result["over"] and result["winners"]
    replayed = _json(capsys, "replay", str(out), "--legal")
    assert [h["scores"] for h in replayed["hands"]] == [h["scores"] for h in result["hands"]]
    record = json.loads(out.read_text())
    for hand, entry in zip(replayed["hands"], record["hands"], strict=True):
        assert len(hand["legal"]) == len(entry["plays"])
        for legal, card in zip(hand["legal"], entry["plays"], strict=True):
            assert card in legal and legal == sorted(legal, key=_deck_order)


def _deck_order(code):
    return "CDHS".index(code[-1]) * 13 + "23456789TJQKA".index(code[0])


def test_illegal_play_in_a_record_is_one_line(tmp_path):
    game = play_game(BlackWidowRules(pass_cycle=["hold"]), ["random"] * 4, seed=3, hands=1)
    plays, seats = game.hand.plays, game.hand.seats
    # A seat that followed suit, swapped with a later card of its own from another suit.
    i, j = next((i, j) for i in range(4, 48) if i % 4 and plays[i].suit is plays[i - i % 4].suit
                for j in range(i + 1, 52)
                if seats[j] == seats[i] and plays[j].suit is not plays[i].suit)
    data = game.to_record().to_json()
    codes = data["hands"][0]["plays"]
    codes[i], codes[j] = codes[j], codes[i]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    suit = plays[i].suit.label()
    assert one_line_error(run("replay", str(path))) == (
        f"hand 1, play {i + 1}: {plays[j].code} is not legal for seat {seats[i]}: "
        f"{suit} must be followed")


def test_tournament_reports_points_per_hand_with_intervals(capsys):
    data = _json(capsys, "play", "blackwidow", "--bots", "heuristic,random,random,random",
                 "--games", "4", "--seed", "1")
    assert data["heuristic"]["hands"] == 4 and data["random"]["hands"] == 12
    stats = tournament(BlackWidowRules(), ["heuristic", "random", "random", "random"], 4, 1)
    for name, bot in stats.items():
        assert data[name]["points_per_hand"] == bot.mean
        assert data[name]["interval95"] == bot.interval > 0


def test_bench_playouts_quick(capsys):
    assert main(["bench", "playouts", "--quick"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["games_per_s"] > 0


def test_bad_rules_and_bots():
    assert "rules.players: 7 is out of range" in one_line_error(
        run("play", "blackwidow", "--bots", "random", "--rules", '{"players": 7}'))
    assert "unknown bot 'shark'" in one_line_error(
        run("play", "blackwidow", "--bots", "shark,random,random,random"))


def test_saved_record_round_trips(tmp_path):
    game = play_game(BlackWidowRules(players=5, moon="choose"), ["random"] * 5, seed=2, hands=3)
    path = tmp_path / "five.json"
    save_record(game.to_record(), path)
    assert run("replay", str(path)).returncode == 0


def test_infer_counts_cards_from_one_seat(tmp_path, capsys):
    game = play_game(BlackWidowRules(pass_cycle=["hold"]), ["random"] * 4, seed=3, hands=1)
    path = tmp_path / "game.json"
    save_record(game.to_record(), path)
    data = _json(capsys, "infer", str(path), "--as", "2", "--after", "30")
    assert data["perspective"] == 2 and data["worlds"] > 0
    for by_seat in data["counts"].values():
        assert set(by_seat) == {"0", "1", "3"} and sum(by_seat.values()) == data["worlds"]
    assert len({(v["seat"], v["suit"]) for v in data["voids"]}) == len(data["voids"])
    assert "--as: a Black Widow record needs --as SEAT" in one_line_error(
        run("infer", str(path)))


def test_play_says_lower_is_better_and_who_sits_where(capsys):
    assert main(["play", "blackwidow", "--bots", "heuristic,random,random", "--seed", "4",
                 "--rules", '{"players": 3, "end_above": 40}', "--verbose"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:3] == ["Seat 0: heuristic", "Seat 1: random", "Seat 2: random"]
    assert "Points are bad: the lowest score wins." in lines
    assert any(line.startswith("Seat 1 played the ") for line in lines)
    assert any(line.startswith("    why: ") and "picked at random" in line for line in lines)


def test_replay_legal_in_text_lists_the_legal_cards(tmp_path, capsys):
    game = play_game(BlackWidowRules(pass_cycle=["hold"]), ["random"] * 4, seed=3, hands=1)
    path = tmp_path / "game.json"
    save_record(game.to_record(), path)
    assert main(["replay", str(path), "--legal"]) == 0
    lines = capsys.readouterr().out.splitlines()
    first = game.hands[0]
    assert lines[1] == (f"  play 1: seat {first.seats[0]} played 2C; legal were 2C")
    assert sum(line.startswith("  play ") for line in lines) == 52


def test_german_reports_have_no_english_words(tmp_path, capsys):
    game = play_game(BlackWidowRules(end_above=30), ["random"] * 4, seed=1)
    path = tmp_path / "game.json"
    save_record(game.to_record(), path)
    assert main(["--lang", "de", "replay", str(path)]) == 0
    assert main(["--lang", "de", "infer", str(path), "--as", "1", "--after", "10"]) == 0
    assert main(["--lang", "de", "play", "blackwidow", "--bots", "random,random,random,random",
                 "--games", "3", "--seed", "1"]) == 0
    text = capsys.readouterr().out
    for english in ("Hand ", "hand", "points", "scores", "Seat", "seat", " won", "lower"):
        assert english not in text
    assert "Punkte sind schlecht" in text and re.search(r"\d+,\d\d ± \d+,\d\d", text)
    assert re.search(r"Pik-Dame: Platz \d \d+,\d %", text)
