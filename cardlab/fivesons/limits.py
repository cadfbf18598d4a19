"""Five Sons' largest and most malformed records, for `cardlab bench limits` (`cardlab.worst`).

>>> len(long_record(events=3)["events"]), malformed_record(events=2)["events"][1]["ask"]
(3, 'x')
"""

from __future__ import annotations

from itertools import cycle, islice
from typing import Any

from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.rules import MAX_EVENTS, FiveSonsRules
from cardlab.worst import LimitCases


def long_record(events: int = MAX_EVENTS, seed: int = 0) -> dict[str, Any]:
    """A legal record of `events` questions, every pair in turn, and no guess."""
    rules = FiveSonsRules()
    game = FiveSonsGame.deal(rules, seed)
    pairs = cycle([(face, heart) for face in rules.faces for heart in rules.hearts])
    for face, heart in islice(pairs, events):
        shown = game.showable(game.turn, face, heart)
        game.ask(game.turn, face, heart, shown[0] if shown else None)
    return game.to_record().to_json()


def malformed_record(events: int = MAX_EVENTS) -> dict[str, Any]:
    """A record whose `events` events are each wrong in several ways."""
    record = long_record(events=0)
    record["events"] = [{"ask": "x", "face": 1, "heart": None, "extra": []}] * events
    return record


def limit_cases() -> LimitCases:
    """The largest record, inferred from seat 0, and the most malformed one, refused."""
    return LimitCases(accepted={"fivesons_infer": (long_record(), ("infer", "--as", "0"))},
                      refused={"refused_malformed_events": malformed_record()},
                      limits={"fivesons_events": MAX_EVENTS})
