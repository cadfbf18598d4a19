"""The lessons' long tournaments, played once before class and kept as data.

A run of 400 Black Widow hands (lesson 9) or 150 Five Sons games (lesson 6)
takes minutes: too long for a lesson page. `record` plays them with the
engine, measures how long they took, and writes every hand's points and
every game's result to ``data/long_runs.json``; the lessons compute their
numbers from that file (`load`), and a test replays the first hands and games
to check the file against the engine.

>>> runs = load()
>>> runs.blackwidow.hands, runs.fivesons.games
(400, 150)
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from cardlab.blackwidow.match import HandStats
from cardlab.blackwidow.match import tournament as blackwidow_tournament
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.fivesons.match import BotStats
from cardlab.fivesons.match import tournament as fivesons_tournament
from cardlab.fivesons.rules import FiveSonsRules

#: Lesson 9's line-up, hands and seed; lesson 6's line-up, players, games and seed.
BLACKWIDOW = (["montecarlo", "heuristic", "random", "heuristic"], 400, 2024)
FIVESONS = (["infogain", "logician", "logician"], 3, 150, 2024)
FILE = "long_runs.json"


@dataclass(frozen=True)
class BlackWidowRun:
    """Lesson 9's long run: the line-up, each bot's points (as `tournament` returns them)."""

    names: list[str]
    hands: int
    seed: int
    seconds: float
    stats: dict[str, HandStats]


@dataclass(frozen=True)
class FiveSonsRun:
    """Lesson 6's long run: the line-up, games and wins per bot."""

    names: list[str]
    players: int
    games: int
    seed: int
    seconds: float
    stats: dict[str, BotStats]


@dataclass(frozen=True)
class LongRuns:
    """Both long runs."""

    blackwidow: BlackWidowRun
    fivesons: FiveSonsRun


def record(path: Path | None = None) -> LongRuns:
    """Play both runs with the engine, time them, and write them to `path` (the package's file)."""
    names, hands, seed = BLACKWIDOW
    start = time.perf_counter()
    points = blackwidow_tournament(BlackWidowRules(), names, hands, seed=seed)
    bw_seconds = time.perf_counter() - start
    fs_names, players, games, fs_seed = FIVESONS
    start = time.perf_counter()
    wins = fivesons_tournament(FiveSonsRules(players=players), fs_names, games, seed=fs_seed)
    fs_seconds = time.perf_counter() - start
    data = {"blackwidow": {"names": names, "hands": hands, "seed": seed,
                           "seconds": round(bw_seconds, 1),
                           "points": {name: s.points for name, s in points.items()}},
            "fivesons": {"names": fs_names, "players": players, "games": games,
                         "seed": fs_seed, "seconds": round(fs_seconds, 1),
                         "results": {name: [s.games, s.wins] for name, s in wins.items()}}}
    target = path or Path(__file__).parent / "data" / FILE
    target.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return _parse(data)


def load() -> LongRuns:
    """The recorded runs."""
    text = resources.files("cardlab.lessons").joinpath("data", FILE).read_text("utf-8")
    return _parse(json.loads(text))


def _parse(data: dict) -> LongRuns:
    bw, fs = data["blackwidow"], data["fivesons"]
    return LongRuns(
        BlackWidowRun(bw["names"], bw["hands"], bw["seed"], bw["seconds"],
                      {name: HandStats(points) for name, points in bw["points"].items()}),
        FiveSonsRun(fs["names"], fs["players"], fs["games"], fs["seed"], fs["seconds"],
                    {name: BotStats(games=g, wins=w) for name, (g, w) in fs["results"].items()}))


if __name__ == "__main__":
    runs = record()
    print(f"Black Widow: {runs.blackwidow.seconds} s; Five Sons: {runs.fivesons.seconds} s")
