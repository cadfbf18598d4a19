"""Benchmark output: the same keys with and without OpenSpiel, readable text, progress shown."""

import io
import sys

import pytest

from cardlab import bench
from cardlab.blackwidow.bench import playouts
from cardlab.fivesons.bench import inference

INFERENCE = {
    "updates": 12345, "p50_ms": 1.5, "p99_ms": 12.25, "max_ms": 40.0,
    "games_per_player_count": 100,
    "by_players": {"4": {"updates": 6000, "p50_ms": 1.25, "p99_ms": 10.0, "max_ms": 30.0},
                   "5": {"updates": 6345, "p50_ms": 1.75, "p99_ms": 14.5, "max_ms": 40.0}},
    "worst_constructed": {"ms": 1234.5, "players": 6, "perspective": "public", "events": 17,
                          "worlds": 2520000},
}


class Terminal(io.StringIO):
    """A stream that says it is a terminal, so that tqdm draws on it."""

    def isatty(self):
        return True


def test_playout_keys_are_the_same_without_openspiel(monkeypatch):
    pytest.importorskip("pyspiel")
    with_spiel = playouts(seconds=0.05)
    monkeypatch.setitem(sys.modules, "pyspiel", None)   # import pyspiel now fails
    without = playouts(seconds=0.05)
    assert set(with_spiel) == set(without) >= {"games_per_s", "openspiel_games_per_s", "ratio"}
    assert without["openspiel_games_per_s"] is None and without["ratio"] is None
    assert with_spiel["ratio"] == pytest.approx(
        with_spiel["games_per_s"] / with_spiel["openspiel_games_per_s"], abs=0.01)
    assert without["games_per_s"] > 0


def test_playouts_as_text_in_english_and_german():
    figures = {"players": 4, "games_per_s": 7229.25, "openspiel_games_per_s": 3259.9,
               "ratio": 2.22}
    assert bench.text("playouts", figures) == (
        "Random Black Widow hands with 4 players: 7,229.2 per second.\n"
        "OpenSpiel's Hearts in the same run: 3,259.9 per second; ours is 2.22 times as fast.")
    german = bench.text("playouts", figures, "de")
    assert "7.229,2 pro Sekunde" in german and "2,22-mal so schnell" in german
    missing = bench.text("playouts", {**figures, "openspiel_games_per_s": None, "ratio": None})
    assert missing.splitlines()[1] == (
        "OpenSpiel is not installed, so there is nothing to compare with.")


def test_inference_as_text_in_english_and_german():
    english = bench.text("inference", INFERENCE).splitlines()
    assert english[0].endswith("12,345 updates over 100 games per player count.")
    assert english[1] == "All: median 1.50 ms, 99th percentile 12.25 ms, slowest 40.00 ms"
    assert english[3].startswith("5 players: median 1.75 ms")
    assert english[4].endswith("(6 players, the table's view, after 17 events, "
                               "2,520,000 possible deals): 1,234.50 ms")
    german = bench.text("inference", INFERENCE, "de").splitlines()
    assert german[1] == "Alle: Median 1,50 ms, 99. Perzentil 12,25 ms, langsamste 40,00 ms"
    assert "2.520.000 mögliche Verteilungen" in german[4]
    for english_word in ("median", "players", "updates", "percentile", "slowest"):
        assert english_word not in "\n".join(german)


def test_inference_says_first_how_long_it_takes_then_shows_progress(monkeypatch, capsys):
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    figures = inference(quick=True, games=1, lang="de")
    output = terminal.getvalue()
    assert capsys.readouterr().out == ""
    first_line = output.splitlines()[0]
    assert first_line.startswith("Schlussfolgern wird über 2 Bot-Spiele gemessen; das dauert etwa")
    assert "Spiele:" in output and "3/3" in output          # the bar, in German, to the end
    assert set(figures) >= {"p50_ms", "p99_ms", "by_players", "worst_constructed"}
    assert set(figures["by_players"]) == {"4", "5"}

