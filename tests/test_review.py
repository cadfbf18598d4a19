"""The shared review rules: 95% intervals, losses, and when a choice may be called a mistake."""

from __future__ import annotations

import math
import statistics

from hypothesis import given
from hypothesis import strategies as st

from cardlab.review import BITS, POINTS, Estimate, Moment, Option, Review
from cardlab.stats import t_quantile

values = st.lists(st.floats(-30, 30, allow_nan=False), min_size=2, max_size=60)


@given(values)
def test_an_interval_is_the_mean_plus_or_minus_t_standard_errors(sample):
    estimate = Estimate.of(sample)
    half = t_quantile(len(sample) - 1) * statistics.stdev(sample) / math.sqrt(len(sample))
    assert math.isclose(estimate.mean, statistics.fmean(sample), abs_tol=1e-9)
    assert math.isclose(estimate.high - estimate.mean, half, abs_tol=1e-6)
    assert math.isclose(estimate.mean - estimate.low, half, abs_tol=1e-6)


def test_t_quantiles_shrink_towards_the_normal_one():
    factors = [t_quantile(n - 1) for n in (2, 3, 5, 10, 31, 41, 61, 121, 1000)]
    assert factors == sorted(factors, reverse=True)
    assert round(factors[0], 3) == 12.706 and round(factors[-1], 2) == 1.96


@given(values, values)
def test_a_choice_whose_interval_overlaps_the_best_is_never_a_mistake(chosen, best):
    mine, top = Estimate.of(chosen), Estimate.of(best)
    verdict, loss = POINTS.verdict(mine, top)
    assert loss >= 0
    if mine.overlaps(top):
        assert verdict != "mistake"
    if loss < POINTS.inaccuracy:
        assert verdict == "good"


def test_thresholds_decide_between_exact_values():
    def verdict(chosen, best, scale):
        return scale.verdict(Estimate.exact(chosen, 10), Estimate.exact(best, 10))
    assert verdict(2.9, 2.0, POINTS) == ("good", 0.9)
    assert verdict(3.5, 2.0, POINTS) == ("inaccuracy", 1.5)
    assert verdict(15.0, 2.0, POINTS) == ("mistake", 13.0)
    assert verdict(0.9, 1.0, BITS)[0] == "good"            # bits: higher is better
    assert verdict(0.2, 1.0, BITS) == ("mistake", 0.8)
    assert verdict(1.2, 1.0, BITS) == ("good", 0.0)        # never a negative loss


def test_far_apart_samples_make_a_mistake_and_close_ones_do_not():
    best = Estimate.of([1.0, 2.0, 1.5, 1.0, 2.0] * 8)
    far = Estimate.of([14.0, 15.0, 13.0, 14.5, 13.5] * 8)
    noisy = Estimate.of([0.0, 30.0, 2.0, 26.0, 1.0])       # mean 11.8, but who knows
    assert POINTS.verdict(far, best)[0] == "mistake"
    assert POINTS.verdict(noisy, best)[0] == "inaccuracy"


def test_the_review_sums_losses_by_unit_and_counts_verdicts():
    def moment(chosen, best, scale=POINTS):
        options = (Option("a", Estimate.exact(chosen, 5)), Option("b", Estimate.exact(best, 5)))
        return Moment("play", scale, options, "a", "a", "b", "b", {"hand": 1})
    review = Review("game", 2, 0, "points", (moment(5.0, 1.0), moment(1.5, 1.0),
                                             moment(0.5, 1.0, BITS)))
    data = review.to_json()
    assert data["loss"] == 4.5 and data["losses"] == {"bits": 0.5, "points": 4.5}
    assert data["verdicts"] == {"good": 1, "inaccuracy": 0, "mistake": 2}
    assert [d["number"] for d in data["decisions"]] == [1, 2, 3]
    assert data["decisions"][0] | {"options": None} == {
        "number": 1, "hand": 1, "kind": "play", "chosen": "a", "best": "b", "loss": 4.0,
        "verdict": "mistake", "samples": 5, "unit": "points", "values": {"a": 5.0, "b": 1.0},
        "options": None}


def test_the_review_benchmark_runs_and_says_its_figures(capsys):
    from cardlab import review_bench
    figures = review_bench.measure(quick=True)
    assert figures["fivesons"]["reviews"] == 1 and figures["blackwidow"]["hands"] == 1
    assert 0 < figures["fivesons"]["p50_s"] <= figures["fivesons"]["max_s"]
    assert figures["blackwidow"]["workers"] >= 1
    # One hand reviewed alone, timed against the target of 10 s.
    black_widow = figures["blackwidow"]
    assert len(black_widow["hand_s"]) == 1 and black_widow["target_s"] == 10.0
    assert black_widow["within_target"] == (black_widow["hand_s"][0] <= 10.0)
    lines = review_bench.text(figures, "de").splitlines()
    assert len(lines) == 2 and lines[1].startswith("Schwarze Witwe")
