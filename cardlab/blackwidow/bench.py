"""Black Widow's benchmark, `cardlab bench playouts`: random hands per second.

Random 4-player hands on the bitmask path (standard rules), and, where
OpenSpiel is installed, the same random-play loop on its C++ Hearts through
pyspiel, in the same run. The two are timed in alternating slices, so that a
busy machine slows both alike. Without OpenSpiel its figures are null: the
keys stay the same.

>>> print(playouts_text({"players": 4, "games_per_s": 7229.2,
...                      "openspiel_games_per_s": 3259.9, "ratio": 2.22}, "de"))
Zufällige Runden „Schwarze Witwe“ mit 4 Spielern: 7.229,2 pro Sekunde.
Hearts von OpenSpiel im selben Lauf: 3.259,9 pro Sekunde; unseres ist 2,22-mal so schnell.
"""

from __future__ import annotations

import random
import time
from typing import Any

from cardlab.bench import Benchmark, rates
from cardlab.blackwidow import bench_bots
from cardlab.blackwidow.kernel import MaskRules
from cardlab.blackwidow.match import play_game
from cardlab.blackwidow.playout import random_hand
from cardlab.blackwidow.review import review_game, review_pool
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.i18n import message, number
from cardlab.review_bench import seconds
from cardlab.worker_pool import pool_size

#: Players at the table in the playout benchmark (the command line promises 4).
PLAYOUT_PLAYERS = 4


def playouts(quick: bool = False, seconds: float | None = None) -> dict[str, Any]:
    """Random 4-player hands per second: ours, and OpenSpiel's where installed (else null)."""
    seconds = seconds if seconds is not None else (1.0 if quick else 5.0)
    rng = random.Random(0)
    table = MaskRules.of(BlackWidowRules(players=PLAYOUT_PLAYERS))
    figures: dict[str, Any] = {"players": PLAYOUT_PLAYERS, "games_per_s": None,
                               "openspiel_games_per_s": None, "ratio": None}
    try:
        import pyspiel
    except ImportError:
        figures["games_per_s"] = round(rates([lambda: random_hand(table, rng)], seconds)[0], 1)
        return figures
    game = pyspiel.load_game("hearts", {"qs_breaks_hearts": False})

    def spiel_hand() -> None:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                actions = state.legal_actions()
                state.apply_action(actions[rng.randrange(len(actions))])

    ours, theirs = rates([lambda: random_hand(table, rng), spiel_hand], 2 * seconds)
    figures.update(games_per_s=round(ours, 1), openspiel_games_per_s=round(theirs, 1),
                   ratio=round(ours / theirs, 2))
    return figures


def playouts_text(figures: dict[str, Any], lang: str = "en") -> str:
    """The playout figures as readable lines in `lang`."""
    lines = [message("blackwidow.bench.playouts", lang, players=figures["players"],
                     rate=number(float(figures["games_per_s"]), lang, 1))]
    if figures["ratio"] is None:
        lines.append(message("blackwidow.bench.no_openspiel", lang))
    else:
        lines.append(message("blackwidow.bench.openspiel", lang,
                             rate=number(float(figures["openspiel_games_per_s"]), lang, 1),
                             ratio=number(float(figures["ratio"]), lang, 2)))
    return "\n".join(lines)


#: `cardlab bench playouts` and `cardlab bench bots`.
BENCHMARKS = {
    "playouts": Benchmark(lambda quick, lang: playouts(quick=quick), playouts_text),
    "bots": Benchmark(lambda quick, lang: bench_bots.measure(quick, lang=lang), bench_bots.text,
                      sized=lambda deals, lang: bench_bots.measure(deals=deals, lang=lang)),
}


#: The goal for reviewing one hand on 2 cores (`cardlab bench review`), in seconds.
REVIEW_TARGET_S = 10.0
#: Hands timed per game: the first four cover every way of passing (left, right,
#: across, hold) of the standard rules.
REVIEW_HANDS = 4


def reviews(quick: bool = False) -> dict[str, Any]:
    """Seconds to review one hand alone, as the review widget and `cardlab review --hand`
    do: seat 0 in each of the first `REVIEW_HANDS` hands of seeded 4-player `heuristic`
    games (`quick`: the first hand of one game), on the kernel's shared pool; starting
    that pool, which the first review in a kernel waits for, is timed apart. Once more
    on one process, for the speed-up (not when `quick`).
    """
    workers = pool_size()
    started = time.perf_counter()
    if workers > 1:
        with review_pool().lease():
            pass
    pool_start = round(time.perf_counter() - started, 2) if workers > 1 else None
    timings: list[float] = []
    alone = None
    for seed in range(1 if quick else 2):
        record = play_game(BlackWidowRules(), ["heuristic"] * 4, seed).to_record()
        for hand in range(1, min(1 if quick else REVIEW_HANDS, len(record.hands)) + 1):
            start = time.perf_counter()
            review_game(record, 0, hand=hand)
            timings.append(time.perf_counter() - start)
            if not quick and seed == 0 and hand == 1:
                start = time.perf_counter()
                review_game(record, 0, workers=1, hand=hand)
                alone = round(time.perf_counter() - start, 2)
    return {"hands": len(timings), "workers": workers, **seconds(timings),
            "one_worker_s": alone, "target_s": REVIEW_TARGET_S,
            "within_target": sum(t <= REVIEW_TARGET_S for t in timings),
            "pool_start_s": pool_start, "hand_s": [round(t, 2) for t in timings]}


def reviews_text(figures: dict[str, Any], lang: str = "en") -> str:
    """`reviews`' figures as one line in `lang`.

    >>> print(reviews_text({"workers": 2, "hands": 8, "p50_s": 3.1, "max_s": 6.0,
    ...                     "target_s": 10.0, "within_target": 8, "one_worker_s": 4.9,
    ...                     "pool_start_s": 0.4}))  # doctest: +NORMALIZE_WHITESPACE
    Black Widow, one hand reviewed alone on 2 processes (8 hands): median 3.10 s,
    slowest 6.00 s, 8 of 8 within the target of 10 s; on one process 4.90 s;
    starting the pool 0.40 s.
    """
    line = message("blackwidow.bench.review", lang, workers=figures["workers"],
                   hands=figures["hands"], p50=f"{figures['p50_s']:.2f}",
                   max=f"{figures['max_s']:.2f}", target=f"{figures['target_s']:g}",
                   within=figures["within_target"])
    if figures["one_worker_s"] is not None:
        line += message("bench.review_one_worker", lang,
                        seconds=f"{figures['one_worker_s']:.2f}")
    if figures["pool_start_s"] is not None:
        line += message("bench.review_pool_start", lang,
                        seconds=f"{figures['pool_start_s']:.2f}")
    return line + "."


#: `cardlab bench review`'s part for Black Widow.
REVIEW = Benchmark(lambda quick, lang: reviews(quick), reviews_text)
