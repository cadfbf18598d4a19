"""How long a review takes (`cardlab bench review`): a Five Sons game, a Black Widow hand.

Five Sons: seeded 4-player bot games (a `random` seat, an `infogain` seat, two
`logician` seats); every seat of each game is reviewed, one process (target:
a whole game in under `FIVESONS_TARGET_S`). Black Widow: the first hand (with
its pass) of seeded 4-player `heuristic` games, seat 0 reviewed with one
process per core (target: under `BLACKWIDOW_TARGET_S` on 2 cores), and once
with a single process for the speed-up. Timings on a machine shared with other
work are noisy: the figures say what this run measured.

>>> figures = {"fivesons": {"reviews": 4, "p50_s": 1.2, "max_s": 2.5, "target_s": 2.0},
...            "blackwidow": {"hands": 2, "workers": 2, "p50_s": 5.1, "max_s": 6.0,
...                           "one_worker_s": 8.4, "target_s": 10.0}}
>>> first, second = text(figures).splitlines()
>>> first
'Five Sons, a whole game reviewed (4 reviews): median 1.20 s, slowest 2.50 s (target 2 s).'
>>> second.endswith("(target 10 s); on one process 8.40 s.")
True
"""

from __future__ import annotations

import os
import statistics
import time
from dataclasses import replace
from typing import Any

from cardlab.blackwidow.match import play_game as play_blackwidow
from cardlab.blackwidow.review import review_game as review_blackwidow
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.fivesons.match import play_game as play_fivesons
from cardlab.fivesons.review import review_game as review_fivesons
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.i18n import message

FIVESONS_TARGET_S = 2.0
BLACKWIDOW_TARGET_S = 10.0
FIVESONS_BOTS = ("random", "infogain", "logician", "logician")


def measure(quick: bool = False) -> dict[str, Any]:
    """Seconds per Five Sons game review and per Black Widow hand review."""
    reviews = []
    for seed in range(1 if quick else 3):
        record = play_fivesons(FiveSonsRules(), FIVESONS_BOTS, seed).to_record()
        for seat in range(1 if quick else 4):
            start = time.perf_counter()
            review_fivesons(record, seat)
            reviews.append(time.perf_counter() - start)
    workers = len(os.sched_getaffinity(0))
    hands, alone = [], None
    for seed in range(1 if quick else 2):
        game = play_blackwidow(BlackWidowRules(), ["heuristic"] * 4, seed).to_record()
        first = replace(game, hands=game.hands[:1])
        start = time.perf_counter()
        review_blackwidow(first, 0, workers=workers)
        hands.append(time.perf_counter() - start)
        if not quick and seed == 0:
            start = time.perf_counter()
            review_blackwidow(first, 0, workers=1)
            alone = round(time.perf_counter() - start, 2)
    return {
        "fivesons": {"reviews": len(reviews), **_summary(reviews),
                     "target_s": FIVESONS_TARGET_S},
        "blackwidow": {"hands": len(hands), "workers": workers, **_summary(hands),
                       "one_worker_s": alone, "target_s": BLACKWIDOW_TARGET_S},
    }


def _summary(seconds: list[float]) -> dict[str, float]:
    return {"p50_s": round(statistics.median(seconds), 2), "max_s": round(max(seconds), 2)}


def text(figures: dict[str, Any], lang: str = "en") -> str:
    """The figures as two readable lines in `lang`."""
    five, black = figures["fivesons"], figures["blackwidow"]
    lines = [message("bench.review_fivesons", lang, reviews=five["reviews"],
                     p50=f"{five['p50_s']:.2f}", max=f"{five['max_s']:.2f}",
                     target=f"{five['target_s']:g}")]
    line = message("bench.review_blackwidow", lang, workers=black["workers"],
                   hands=black["hands"], p50=f"{black['p50_s']:.2f}",
                   max=f"{black['max_s']:.2f}", target=f"{black['target_s']:g}")
    if black["one_worker_s"] is not None:
        line += message("bench.review_one_worker", lang, seconds=f"{black['one_worker_s']:.2f}")
    return "\n".join([*lines, line + "."])
