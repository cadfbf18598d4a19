"""`cardlab bench bots`: montecarlo against OpenSpiel's ISMCTS on duplicate deals.

The match itself is a benchmark, not a test: here one deal is played with
both bots given a couple of milliseconds a move, to check the figures' shape
and what the bot is shown, never how strong or fast anyone is.
"""

import contextlib
import io
import json
import sys

import pytest

from cardlab.blackwidow import bench_bots
from cardlab.blackwidow.bots import MonteCarloBot
from cardlab.cli import main


def _keys(figures):
    """Every key of the figures, nested ones as paths (lists by their first item)."""
    found = set()
    for key, value in figures.items():
        found.add(key)
        if isinstance(value, list) and value and isinstance(value[0], dict):
            value = value[0]
        if isinstance(value, dict):
            found |= {f"{key}.{inner}" for inner in _keys(value)}
    return found


@pytest.fixture(scope="module")
def one_deal():
    """One deal played with both line-ups, montecarlo on 2 samples, ISMCTS on 1 ms of CPU
    time a move (and 10 ms; at least enough simulations to try every card twice) however
    long montecarlo takes; the JSON printed and every view montecarlo was shown."""
    pytest.importorskip("pyspiel")
    shown = []
    play = MonteCarloBot.play

    def spy(self, view):
        shown.append(view)
        return play(self, view)
    with pytest.MonkeyPatch.context() as patch, contextlib.redirect_stdout(io.StringIO()) as out:
        patch.setattr(bench_bots, "_calibrate", lambda samples: 0.001)
        patch.setattr(bench_bots, "_ismcts_rate", lambda game: 2000.0)
        patch.setattr(bench_bots, "_mean", lambda seconds, otherwise: otherwise)
        patch.setattr(bench_bots, "QUICK_SAMPLES", 2)
        patch.setattr(MonteCarloBot, "play", spy)
        assert main(["bench", "bots", "--quick"]) == 0
    return json.loads(out.getvalue()), shown


def test_one_deal_gives_both_lineups_with_ratio_interval_and_sample_size(one_deal):
    figures, _ = one_deal
    assert figures["deals"] == 1 and figures["seat_hands"] == 4
    assert figures["montecarlo"] == {"samples": 2, "ms_per_move": 1.0}
    assert figures["ismcts"]["simulations_per_s"] == 2000
    assert [lineup["name"] for lineup in figures["lineups"]] == ["equal_time", "ismcts_10x"]
    for lineup, factor, goal in zip(figures["lineups"], (1, 10), (0.7, 1.0), strict=True):
        assert (lineup["time_factor"], lineup["goal"], lineup["seat_hands"]) == (factor, goal, 4)
        points = lineup["points"]
        # ISMCTS's hands are one whole hand: 26 points, or 78 after a moon shot.
        assert points["ismcts"] * 4 in (26, 78)
        assert lineup["ratio"] == pytest.approx(points["montecarlo"] / points["ismcts"],
                                                abs=0.001)
        assert lineup["low"] <= lineup["ratio"] <= lineup["high"]
        assert lineup["ismcts_ms_per_move"] > 0 and lineup["montecarlo_ms_per_move"] > 0
        assert lineup["ismcts_simulations_per_move"] >= 3
        assert lineup["ismcts_fallbacks"] == 0


def test_montecarlo_is_shown_its_own_seat_on_its_turn(one_deal):
    _, shown = one_deal
    assert {view.me for view in shown} == {0, 1, 2, 3}     # each seat in turn
    assert all(view.turn == view.me for view in shown)


def test_without_openspiel_the_keys_stay_and_the_text_says_why(one_deal, monkeypatch):
    monkeypatch.setitem(sys.modules, "pyspiel", None)   # import pyspiel now fails
    without = bench_bots.measure(deals=1, quick=True, quiet=True)
    assert _keys(one_deal[0]) == _keys(without)
    assert without["montecarlo"]["ms_per_move"] is None
    assert all(lineup["ratio"] is None for lineup in without["lineups"])
    assert bench_bots.text(without) == (
        "OpenSpiel is not installed, so there is nothing to compare with.")
    assert bench_bots.text(without, "de") == (
        "OpenSpiel ist nicht installiert, daher gibt es keinen Vergleich.")


@pytest.mark.parametrize(("args", "reason"), [
    (["--deals", "0"], "--deals: 0 is too small (at least 1)"),
    (["--deals", "1001"], "--deals: 1001 is too large (at most 1000)"),
    (["--deals", "two"], "--deals: 'two' is not a whole number"),
    (["--format", "xml"], "argument --format: invalid choice: 'xml'"),
])
def test_bad_options_exit_2_with_one_line_before_any_play(args, reason, capsys, monkeypatch):
    monkeypatch.setattr(bench_bots, "_calibrate", pytest.fail)   # nothing may be played
    assert main(["bench", "bots", *args]) == 2
    output = capsys.readouterr()
    assert output.out == "" and len(output.err.splitlines()) == 1
    assert reason in output.err


def test_deals_belongs_to_the_bots_benchmark_only(capsys):
    assert main(["bench", "playouts", "--deals", "3"]) == 2
    assert capsys.readouterr().err == (
        "--deals is for cardlab bench bots only, not for playouts\n")


def test_ratio_interval_resamples_whole_deals():
    # Two deals: montecarlo takes 6 of ISMCTS's 10 points in one, 9 of 10 in the other.
    ratio, low, high = bench_bots.ratio_interval([[6, 0], [4, 5]], [[5, 5], [5, 5]])
    assert ratio == 0.75
    assert (low, high) == (0.6, 0.9)            # all one deal or all the other
    assert bench_bots.ratio_interval([[3, 3]], [[3, 3]]) == (1.0, 1.0, 1.0)


def test_figures_as_text_in_english_and_german():
    figures = {"deals": 80, "seat_hands": 320, "montecarlo": {"samples": 48, "ms_per_move": 19.0},
               "lineups": [{"name": "ismcts_10x", "time_factor": 10, "goal": 1.0,
                            "ismcts_ms_per_move": 190.4, "montecarlo_ms_per_move": 18.5,
                            "ismcts_simulations_per_move": 7400,
                            "points": {"montecarlo": 6.25, "ismcts": 6.5}, "ratio": 0.962,
                            "low": 0.81, "high": 1.12, "seat_hands": 320}]}
    german = bench_bots.text(figures, "de").splitlines()
    assert german[0] == ("montecarlo (48 Stichproben, 19 ms CPU-Zeit je Zug) gegen ISMCTS von "
                         "OpenSpiel, "
                         "80 Duplicate-Verteilungen:")
    assert german[1] == ("  ISMCTS mit 10× dieser Zeit (190 ms je Zug, 7.400 Simulationen): "
                         "Punkte je Runde 6,25 "
                         "gegen 6,50, Verhältnis 0,96 (95 %: 0,81 bis 1,12) über 320 Runden je "
                         "Platz; Ziel höchstens 1,00.")
    assert bench_bots.text(figures).splitlines()[1].startswith(
        "  ISMCTS given 10× that time (190 ms a move, 7,400 simulations): points per hand 6.25 "
        "against 6.50")
