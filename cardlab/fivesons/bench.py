"""Five Sons' benchmark, `cardlab bench inference`: how fast knowledge follows the game.

Seeded bot games with 4 and with 5 players; after every event, the knowledge
of every seat and of the table is recomputed from its observation log and
timed. A separate line times the adversarial games in which the left
neighbour always shows (every question adds an "at least one of" clause for
the table and no lack), 3 to 6 players, every view, with the peak memory of
the slowest view.

>>> figures = inference(quick=True, games=1, quiet=True)
>>> figures["updates"] > 0 and figures["p50_ms"] <= figures["p99_ms"] <= figures["max_ms"]
True
"""

from __future__ import annotations

import contextlib
import math
import random
import sys
import time
import tracemalloc
from typing import Any

from tqdm import tqdm

from cardlab.bench import Benchmark, summary
from cardlab.deal_counting import TooHard
from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.knowledge import FiveSonsKnowledge
from cardlab.fivesons.match import play_game
from cardlab.fivesons.record import FiveSonsLog
from cardlab.fivesons.review import review_game
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.i18n import message, number
from cardlab.review_bench import seconds

#: Bots that play the benchmark games: cheap to run, and they ask varied questions.
BENCH_BOTS = ("logician", "random")
#: The hardest constructed logs take about as long as this many benchmark games.
WORST_AS_GAMES = 2
#: Left-neighbour-shows games per player count, and every how many events a view is timed.
LEFT_SHOWS_SEEDS = 2
LEFT_SHOWS_STEP = 4
#: The left-neighbour-shows line takes about as long as this many benchmark games.
LEFT_SHOWS_AS_GAMES = 30


def inference(quick: bool = False, games: int | None = None, lang: str = "en",
              quiet: bool = False) -> dict[str, Any]:
    """p50, p99 and max milliseconds per perspective update, overall and per player count.

    Unless `quiet`, it first says on stderr about how long the run will take
    (timed from its first game), then draws a progress bar there if stderr is
    a terminal.
    """
    games = games if games is not None else (5 if quick else 100)
    runs = [(players, seed) for players in (4, 5) for seed in range(games)]
    times: dict[int, list[float]] = {4: [], 5: []}
    start = time.perf_counter()
    times[runs[0][0]] += _time_game(*runs[0])
    if not quiet:
        extra = WORST_AS_GAMES + (2 if quick else LEFT_SHOWS_AS_GAMES)
        seconds = (time.perf_counter() - start) * (len(runs) + extra)
        print(estimate(seconds, len(runs), lang), file=sys.stderr, flush=True)
    with tqdm(total=len(runs) + 1, initial=1, file=sys.stderr, disable=True if quiet else None,
              desc=message("fivesons.bench.progress", lang), leave=False) as bar:
        for players, seed in runs[1:]:
            times[players] += _time_game(players, seed)
            bar.update()
        worst = worst_constructed(questions=12 if quick else 40)
        shows = left_shows(quick)
        bar.update()
    every = times[4] + times[5]
    return {**summary(every), "games_per_player_count": games,
            "by_players": {str(players): summary(t) for players, t in times.items()},
            "worst_constructed": worst, "left_shows": shows}


def inference_text(figures: dict[str, Any], lang: str = "en") -> str:
    """The inference figures as readable lines in `lang`.

    >>> print(inference_text({"updates": 2, "p50_ms": 1, "p99_ms": 2, "max_ms": 2,
    ...     "games_per_player_count": 1, "by_players": {}, "worst_constructed": {}}))
    ... # doctest: +ELLIPSIS
    Inference: ...; 2 updates over 1 games per player count.
    All: median 1.00 ms, 99th percentile 2.00 ms, slowest 2.00 ms
    """
    def ms(value: float) -> str:
        return number(float(value), lang, 2)

    def row(who: str, part: dict[str, Any]) -> str:
        return message("fivesons.bench.row", lang, who=who, p50=ms(part["p50_ms"]),
                       p99=ms(part["p99_ms"]), max=ms(part["max_ms"]))
    lines = [message("fivesons.bench.inference", lang, updates=number(figures["updates"], lang),
                     games=figures["games_per_player_count"]),
             row(message("fivesons.bench.all", lang), figures)]
    lines += [row(message("fivesons.bench.players", lang, players=players), part)
              for players, part in figures["by_players"].items()]
    worst = figures["worst_constructed"]
    if "players" in worst:
        lines.append(message("fivesons.bench.worst", lang, players=worst["players"],
                             events=worst["events"], worlds=number(worst["worlds"], lang),
                             ms=ms(worst["ms"])))
    shows = figures.get("left_shows")
    if shows and shows["updates"]:
        lines.append(message("fivesons.bench.left_shows", lang,
                             views=number(shows["updates"], lang),
                             questions=shows["questions"], p50=ms(shows["p50_ms"]),
                             p99=ms(shows["p99_ms"]), max=ms(shows["max_ms"]),
                             mb=number(float(shows["peak_mb"]), lang, 1),
                             refused=shows["refused"]))
    return "\n".join(lines)


#: `cardlab bench inference`.
BENCHMARKS = {"inference": Benchmark(lambda quick, lang: inference(quick=quick, lang=lang),
                                     inference_text)}


#: The goal for reviewing a whole game (`cardlab bench review`), in seconds.
REVIEW_TARGET_S = 2.0
#: The reviewed games' bots: weak and strong, so that a review has things to find.
REVIEW_BOTS = ("random", "infogain", "logician", "logician")


def reviews(quick: bool = False) -> dict[str, Any]:
    """Seconds per review of one seat's whole game: seeded 4-player bot games, every seat
    (`quick`: one game, one seat), one process."""
    timings = []
    for seed in range(1 if quick else 3):
        record = play_game(FiveSonsRules(), REVIEW_BOTS, seed).to_record()
        for seat in range(1 if quick else 4):
            start = time.perf_counter()
            review_game(record, seat)
            timings.append(time.perf_counter() - start)
    return {"reviews": len(timings), **seconds(timings), "target_s": REVIEW_TARGET_S}


def reviews_text(figures: dict[str, Any], lang: str = "en") -> str:
    """`reviews`' figures as one line in `lang`."""
    return message("fivesons.bench.review", lang, reviews=figures["reviews"],
                   p50=f"{figures['p50_s']:.2f}", max=f"{figures['max_s']:.2f}",
                   target=f"{figures['target_s']:g}")


#: `cardlab bench review`'s part for Five Sons.
REVIEW = Benchmark(lambda quick, lang: reviews(quick), reviews_text)


def estimate(seconds: float, games: int, lang: str) -> str:
    """What the run will do and about how long it takes (whole seconds or minutes).

    >>> estimate(61.2, 10, "en")
    'Timing inference over 10 bot games; this takes about 62 seconds.'
    """
    if seconds < 120:
        return message("fivesons.bench.estimate_seconds", lang, games=games,
                       n=max(2, math.ceil(seconds)))
    return message("fivesons.bench.estimate_minutes", lang, games=games, n=round(seconds / 60))


def _time_game(players: int, seed: int) -> list[float]:
    """Milliseconds per perspective update over one seeded bot game."""
    names = [BENCH_BOTS[seat % len(BENCH_BOTS)] for seat in range(players)]
    return _time_updates(play_game(FiveSonsRules(players=players), names, seed=seed))


def _time_updates(game: FiveSonsGame) -> list[float]:
    times = []
    logs = [game.observation_log(seat) for seat in (*range(game.players), None)]
    for after in range(1, len(game.events) + 1):
        for log in logs:
            start = time.perf_counter()
            FiveSonsKnowledge.from_log(log, after)
            times.append((time.perf_counter() - start) * 1000)
    return times


def worst_constructed(questions: int = 40, seed: int = 0) -> dict[str, Any]:
    """The slowest update found in the hardest logs we know how to make.

    The table's view (nothing is ever shown to it) of games where random
    questions are asked and nobody guesses: every answer adds an open "at
    least one of" clause. Five and six players; every prefix is timed, since
    the hardest moment is mid-game, before the clauses settle the cards.
    """
    worst: dict[str, Any] = {"ms": 0.0}
    for players in (5, 6):
        log = _random_questions(FiveSonsRules(players=players), questions, seed)
        for after in range(1, len(log.events) + 1):
            start = time.perf_counter()
            knowledge = FiveSonsKnowledge.from_log(log, after)
            elapsed = (time.perf_counter() - start) * 1000
            if elapsed > worst["ms"]:
                worst = {"ms": round(elapsed, 2), "players": players, "perspective": "public",
                         "events": after, "worlds": knowledge.worlds}
    return worst


def left_shows(quick: bool = False) -> dict[str, Any]:
    """Every view of games where the left neighbour always shows: p50, p99, max, peak memory.

    3 to 6 players, `LEFT_SHOWS_SEEDS` games each of 80 questions, the table
    and every seat, timed after every `LEFT_SHOWS_STEP`-th event (quick: one
    game of 40 questions, the table only, every 10th event). `peak_mb` is
    the traced peak memory of the slowest view, run again; `refused` counts
    views refused as too hard to count exactly.
    """
    questions, seeds, step = (40, 1, 10) if quick else (80, LEFT_SHOWS_SEEDS, LEFT_SHOWS_STEP)
    times: list[float] = []
    refused = 0
    slowest: tuple[float, FiveSonsLog | None, int] = (0.0, None, 0)
    for players in range(3, 7):
        for seed in range(seeds):
            game = left_neighbour_shows(FiveSonsRules(players=players), questions, seed)
            for me in (None,) if quick else (None, *range(players)):
                log = game.observation_log(me)
                for after in range(step, questions + 1, step):
                    start = time.perf_counter()
                    try:
                        FiveSonsKnowledge.from_log(log, after)
                    except TooHard:
                        refused += 1
                    times.append((time.perf_counter() - start) * 1000)
                    slowest = max(slowest, (times[-1], log, after), key=lambda s: s[0])
    _, worst_log, worst_after = slowest
    if worst_log is None:
        return {**summary(times), "questions": questions, "refused": refused,
                "peak_mb": 0.0, "slowest": {}}
    return {**summary(times), "questions": questions, "refused": refused,
            "peak_mb": _peak_mb(worst_log, worst_after),
            "slowest": {"players": worst_log.rules.players, "events": worst_after,
                        "perspective": "public" if worst_log.me is None else worst_log.me}}


def left_neighbour_shows(rules: FiveSonsRules, questions: int, seed: int) -> FiveSonsGame:
    """A legal game in which every question is answered by the asker's left neighbour.

    Each question names a card the left neighbour holds and a random card of
    the other kind, so the table learns "at least one of" clauses and never
    a lack.

    >>> game = left_neighbour_shows(FiveSonsRules(players=3), 5, seed=1)
    >>> [event.shown_by for event in game.observation_log(None).events]
    [1, 2, 0, 1, 2]
    """
    rng = random.Random(seed)
    game = FiveSonsGame.deal(rules, rng)
    while len(game.events) < questions:
        left = (game.turn + 1) % rules.players
        card = rng.choice(sorted(game.hands[left]))
        face, heart = ((card, rng.choice(rules.hearts)) if card in rules.faces
                       else (rng.choice(rules.faces), card))
        game.ask(game.turn, face, heart, rng.choice(game.showable(game.turn, face, heart)))
    return game


def _peak_mb(log: FiveSonsLog, after: int) -> float:
    """Traced peak memory (MB, numpy arrays included) of one knowledge update."""
    tracemalloc.start()
    with contextlib.suppress(TooHard):
        FiveSonsKnowledge.from_log(log, after)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return round(peak / 2**20, 1)


def _random_questions(rules: FiveSonsRules, questions: int, seed: int) -> FiveSonsLog:
    """The table's log of `questions` random questions, shown cards chosen at random."""
    rng = random.Random(seed)
    game = FiveSonsGame.deal(rules, rng)
    while len(game.events) < questions:
        face, heart = rng.choice(rules.faces), rng.choice(rules.hearts)
        options = game.showable(game.turn, face, heart)
        game.ask(game.turn, face, heart, rng.choice(options) if options else None)
    return game.observation_log(None)
