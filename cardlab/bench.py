"""Speed benchmarks, run by `cardlab bench`; targets are checked here, never in tests.

Playouts: random 4-player Black Widow hands per second on the bitmask path,
and, where OpenSpiel is installed, the same random-play loop on its C++
Hearts through pyspiel, in the same run.

Inference: seeded bot games with 4 and with 5 players; after every event,
the knowledge of every seat and of the table is recomputed from its
observation log and timed.

>>> figures = inference(quick=True, games=1)
>>> figures["updates"] > 0 and figures["p50_ms"] <= figures["p99_ms"] <= figures["max_ms"]
True
"""

from __future__ import annotations

import random
import time

import numpy as np

from cardlab.blackwidow.playout import MaskRules, random_hand
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.knowledge import FiveSonsKnowledge
from cardlab.fivesons.match import play_game
from cardlab.fivesons.record import FiveSonsLog
from cardlab.fivesons.rules import FiveSonsRules

#: Bots that play the benchmark games: cheap to run, and they ask varied questions.
BENCH_BOTS = ("logician", "random")


def inference(quick: bool = False, games: int | None = None) -> dict:
    """p50, p99 and max milliseconds per perspective update, overall and per player count."""
    games = games if games is not None else (5 if quick else 100)
    by_players = {}
    every: list[float] = []
    for players in (4, 5):
        times = []
        for seed in range(games):
            names = [BENCH_BOTS[seat % len(BENCH_BOTS)] for seat in range(players)]
            game = play_game(FiveSonsRules(players=players), names, seed=seed)
            times += _time_updates(game)
        by_players[str(players)] = _summary(times)
        every += times
    return {**_summary(every), "games_per_player_count": games, "by_players": by_players,
            "worst_constructed": worst_constructed(questions=12 if quick else 40)}


def playouts(quick: bool = False, seconds: float | None = None) -> dict:
    """Random 4-player hands per second: ours, and OpenSpiel's where installed."""
    seconds = seconds if seconds is not None else (1.0 if quick else 5.0)
    rng = random.Random(0)
    table = MaskRules.of(BlackWidowRules(players=4))
    ours = _rate(lambda: random_hand(table, rng), seconds)
    figures = {"games_per_s": round(ours, 1)}
    try:
        import pyspiel
    except ImportError:
        figures["openspiel"] = None
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

    theirs = _rate(spiel_hand, seconds)
    figures["openspiel_games_per_s"] = round(theirs, 1)
    figures["ratio"] = round(ours / theirs, 2)
    return figures


def _rate(run, seconds: float) -> float:
    """How many times per second `run` completes, over about `seconds`."""
    count, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for _ in range(50):
            run()
        count += 50
    return count / elapsed


def _time_updates(game: FiveSonsGame) -> list[float]:
    times = []
    logs = [game.observation_log(seat) for seat in (*range(game.players), None)]
    for after in range(1, len(game.events) + 1):
        for log in logs:
            start = time.perf_counter()
            FiveSonsKnowledge.from_log(log, after)
            times.append((time.perf_counter() - start) * 1000)
    return times


def worst_constructed(questions: int = 40, seed: int = 0) -> dict:
    """The slowest update found in the hardest logs we know how to make.

    The table's view (nothing is ever shown to it) of games where random
    questions are asked and nobody guesses: every answer adds an open "at
    least one of" clause. Five and six players; every prefix is timed, since
    the hardest moment is mid-game, before the clauses settle the cards.
    """
    worst = {"ms": 0.0}
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


def _random_questions(rules: FiveSonsRules, questions: int, seed: int) -> FiveSonsLog:
    """The table's log of `questions` random questions, shown cards chosen at random."""
    rng = random.Random(seed)
    game = FiveSonsGame.deal(rules, rng)
    while len(game.events) < questions:
        face, heart = rng.choice(rules.faces), rng.choice(rules.hearts)
        options = game.showable(game.turn, face, heart)
        game.ask(game.turn, face, heart, rng.choice(options) if options else None)
    return game.observation_log(None)


def _summary(times: list[float]) -> dict:
    if not times:
        return {"updates": 0, "p50_ms": 0.0, "p99_ms": 0.0, "max_ms": 0.0}
    values = np.asarray(times)
    return {"updates": len(times), "p50_ms": round(float(np.percentile(values, 50)), 3),
            "p99_ms": round(float(np.percentile(values, 99)), 3),
            "max_ms": round(float(values.max()), 3)}

