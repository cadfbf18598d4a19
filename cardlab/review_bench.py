"""How long a review takes (`cardlab bench review`): each reviewing game's own measure.

A game that reviews (`cardlab.games.Reviewing`) says how to time its review
(`review_benchmark`): whole games, or single hands of a long game.
Timings on a machine shared with other work are noisy: the figures say what
this run measured.

>>> seconds([2.0, 1.0, 4.0])
{'p50_s': 2.0, 'max_s': 4.0}
"""

from __future__ import annotations

import statistics
from typing import Any

from cardlab.games import Reviewing, game, in_menu_order, reviewing


def measure(quick: bool = False) -> dict[str, Any]:
    """Every reviewing game's figures, by the game's name (`quick`: a short run)."""
    return {entry.name: entry.review_benchmark().measure(quick, "en")
            for entry in in_menu_order() if isinstance(entry, Reviewing)}


def text(figures: dict[str, Any], lang: str = "en") -> str:
    """The figures as one readable line per game, in `lang`."""
    return "\n".join(reviewing(game(name)).review_benchmark().text(part, lang)
                     for name, part in figures.items())


def seconds(timings: list[float]) -> dict[str, float]:
    """The median and the slowest of `timings`, in seconds, as the figures give them."""
    return {"p50_s": round(statistics.median(timings), 2), "max_s": round(max(timings), 2)}
