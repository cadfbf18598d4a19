"""Black Widow's benchmark, `cardlab bench playouts`: random hands per second.

Random 4-player hands on the bitmask path (standard rules), and, where
OpenSpiel is installed, the same random-play loop on its C++ Hearts through
pyspiel, in the same run. The two are timed in alternating slices, so that a
busy machine slows both alike. Without OpenSpiel its figures are null: the
keys stay the same.

>>> print(playouts_text({"players": 4, "games_per_s": 7229.2,
...                      "openspiel_games_per_s": 3259.9, "ratio": 2.22}, "de"))
Zufällige Black-Widow-Hände mit 4 Spielern: 7.229,2 pro Sekunde.
Hearts von OpenSpiel im selben Lauf: 3.259,9 pro Sekunde; unseres ist 2,22-mal so schnell.
"""

from __future__ import annotations

import random
from typing import Any

from cardlab.bench import Benchmark, rates
from cardlab.blackwidow.playout import MaskRules, random_hand
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.i18n import message, number

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
    lines = [message("bench.playouts", lang, players=figures["players"],
                     rate=number(float(figures["games_per_s"]), lang, 1))]
    if figures["ratio"] is None:
        lines.append(message("bench.no_openspiel", lang))
    else:
        lines.append(message("bench.openspiel", lang,
                             rate=number(float(figures["openspiel_games_per_s"]), lang, 1),
                             ratio=number(float(figures["ratio"]), lang, 2)))
    return "\n".join(lines)


#: `cardlab bench playouts`.
BENCHMARKS = {"playouts": Benchmark(lambda quick, lang: playouts(quick=quick), playouts_text)}
