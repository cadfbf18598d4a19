"""Legal cardlab/1 documents of both games (docs/records.md), to read, break and replay."""

from __future__ import annotations

import random

from cardlab.blackwidow.actions import Pass
from cardlab.blackwidow.game import BlackWidowGame
from cardlab.blackwidow.match import play_game
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.cards import codes
from cardlab.fivesons.rules import FiveSonsRules


def fivesons_record(players=4, seed=0):
    rules = FiveSonsRules(players=players)
    rng = random.Random(seed)
    faces, hearts = list(rules.faces), list(rules.hearts)
    solution = [rng.choice(faces), rng.choice(hearts)]
    rest = [card for card in rules.deck if card not in solution]
    rng.shuffle(rest)
    hands, start = [], 0
    for size in rules.hand_sizes:
        hands.append(codes(rest[start:start + size]))
        start += size
    return {"format": "cardlab/1", "game": "fivesons", "rules": {"players": players},
            "solution": codes(solution), "hands": hands,
            # Nobody holds the solution's cards, so nobody has to choose which one to show.
            "events": [{"ask": 0, "face": solution[0].code, "heart": solution[1].code},
                       {"guess": 2, "face": "KD", "heart": "7H"}]}


def blackwidow_record(players=4, seed=0, hands=2):
    """A legal record: bots play all but the last hand, which is dealt and passed only."""
    rules = BlackWidowRules(players=players)
    if hands == 1:
        game = BlackWidowGame.new(rules, seed)
    else:
        game = play_game(rules, ["random"] * players, seed=seed, hands=hands - 1)
        game.deal_next()
    if game.phase == "pass":
        for decision in game.decisions:
            game.apply(Pass(decision.seat, decision.options[:3]))
    return game.to_record().to_json()


LOG = {
    "format": "cardlab/1", "game": "fivesons", "rules": {"players": 4}, "me": 0,
    "hand": ["KH", "JC", "AH", "5H", "JD"],
    "events": [
        {"ask": 1, "face": "QS", "heart": "3H", "shown_by": 3},
        {"ask": 2, "face": "KS", "heart": "9H", "shown_by": None},
        {"ask": 3, "face": "JC", "heart": "5H", "shown_by": 0, "shown": "5H"},
        {"guess": 3, "correct": False},
        {"guess": 0, "correct": False, "solution": ["QS", "3H"]},
    ],
}
