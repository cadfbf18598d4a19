"""Speed benchmarks, run by `cardlab bench`; targets are checked there, never in tests.

Each game names its own benchmarks (`Benchmarked` in `cardlab.games`): a
benchmark measures (JSON-ready figures) and tells its figures as a few
readable lines, in English or German. This module finds them by name and
holds what they share: timing runs against each other, and summing times up.

>>> summary([1.0, 2.0, 3.0])
{'updates': 3, 'p50_ms': 2.0, 'p99_ms': 2.98, 'max_ms': 3.0}
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np


@dataclass(frozen=True)
class Benchmark:
    """One `cardlab bench NAME`: how to measure, and how to tell the figures."""

    #: JSON-ready figures of a run (`quick`: a short one, for smoke tests; `lang`: of progress).
    measure: Callable[[bool, str], dict[str, Any]]
    #: The figures as readable lines in a language.
    text: Callable[[dict[str, Any], str], str]
    #: A run of a chosen size (`cardlab bench NAME --deals N`), where the benchmark has one.
    sized: Callable[[int, str], dict[str, Any]] | None = None


def benchmarks() -> dict[str, Benchmark]:
    """Every game's benchmarks by name, the default game's first.

    >>> list(benchmarks())
    ['inference', 'playouts', 'bots']
    """
    from cardlab.games import Benchmarked, in_menu_order  # the registry's games import this

    found: dict[str, Benchmark] = {}
    for entry in in_menu_order():
        if isinstance(entry, Benchmarked):
            for name, benchmark in entry.benchmarks().items():
                found.setdefault(name, benchmark)
    return found


def text(what: str, figures: dict[str, Any], lang: str = "en") -> str:
    """The figures of benchmark `what` as readable lines in `lang`.

    >>> figures = {"players": 4, "games_per_s": 7229.2, "openspiel_games_per_s": None,
    ...            "ratio": None}
    >>> text("playouts", figures, "de") == benchmarks()["playouts"].text(figures, "de")
    True
    """
    return benchmarks()[what].text(figures, lang)


def rates(runs: Sequence[Callable[[], object]], seconds: float,
          slices: int = 20) -> list[float]:
    """How many times per second each of `runs` completes, over about `seconds` in all.

    The runs take turns in short slices, so that a change in the machine's
    load falls on all of them alike.
    """
    counts = [0] * len(runs)
    spent = [0.0] * len(runs)
    share = seconds / slices / len(runs)
    for _ in range(slices):
        for i, run in enumerate(runs):
            start = time.perf_counter()
            while (elapsed := time.perf_counter() - start) < share:
                for _ in range(10):
                    run()
                counts[i] += 10
            spent[i] += elapsed
    return [count / elapsed for count, elapsed in zip(counts, spent, strict=True)]


def summary(times: list[float]) -> dict[str, Any]:
    """How many timings, their median, 99th percentile and maximum (milliseconds)."""
    if not times:
        return {"updates": 0, "p50_ms": 0.0, "p99_ms": 0.0, "max_ms": 0.0}
    values = np.asarray(times)
    return {"updates": len(times), "p50_ms": round(float(np.percentile(values, 50)), 3),
            "p99_ms": round(float(np.percentile(values, 99)), 3),
            "max_ms": round(float(values.max()), 3)}
