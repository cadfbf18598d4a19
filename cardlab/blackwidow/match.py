"""Bots playing Black Widow: whole games, and seat-rotated tournaments of hands.

>>> from cardlab.blackwidow.rules import BlackWidowRules
>>> game = play_game(BlackWidowRules(players=3, end_above=30), ["heuristic"] * 3, seed=2)
>>> game.over and bool(game.winners)
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from cardlab.blackwidow.bots import BlackWidowBot, make_bot
from cardlab.blackwidow.game import BlackWidowGame
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.blackwidow.view import seat_view
from cardlab.errors import CardlabError


def make_bots(names: Sequence[str], players: int, seed: int | None) -> list[BlackWidowBot]:
    """One bot per seat, each with its own seeded random source."""
    if len(names) != players:
        raise CardlabError("blackwidow.bot.wrong_count", players=players, count=len(names))
    rng = random.Random(seed)
    return [make_bot(name, rng.randrange(2**32)) for name in names]


def play_hand(game: BlackWidowGame, bots: Sequence[BlackWidowBot]) -> None:
    """Passes, every trick and the moon choice of the current hand."""
    while game.phase == "pass":
        seat = game.turn
        game.pass_cards(seat, bots[seat].pass_cards(seat_view(game, seat))[0])
    while game.phase == "play":
        seat = game.turn
        game.play(bots[seat].play(seat_view(game, seat))[0])
    if game.phase == "moon":
        seat = game.turn
        game.choose_moon(bots[seat].choose_moon(seat_view(game, seat), game.moon_outcomes())[0])


def play_game(rules: BlackWidowRules, names: Sequence[str], seed: int | None = None,
              hands: int | None = None) -> BlackWidowGame:
    """A whole game (or only `hands` hands) between the named bots."""
    rng = random.Random(seed)
    bots = make_bots(names, rules.players, rng.randrange(2**32))
    game = BlackWidowGame.new(rules, rng.randrange(2**32))
    while True:
        play_hand(game, bots)
        if game.over or (hands is not None and len(game.results) >= hands):
            return game
        game.start_hand()


@dataclass
class HandStats:
    """Points per hand of one bot over a tournament (after the moon rule)."""

    points: list[int] = field(default_factory=list)

    @property
    def mean(self) -> float:
        """Average points per hand."""
        return sum(self.points) / len(self.points) if self.points else 0.0

    @property
    def interval(self) -> float:
        """Half-width of the 95% confidence interval of the mean (normal approximation)."""
        n = len(self.points)
        if n < 2:
            return 0.0
        variance = sum((p - self.mean) ** 2 for p in self.points) / (n - 1)
        return 1.96 * math.sqrt(variance / n)


def tournament(rules: BlackWidowRules, names: Sequence[str], hands: int, seed: int | None = None,
               progress: Callable[[int], None] | None = None) -> dict[str, HandStats]:
    """`hands` hands, the line-up rotated one seat after each, points per hand per bot."""
    rng = random.Random(seed)
    stats = {name: HandStats() for name in names}
    for number in range(hands):
        shift = number % len(names)
        seating = list(names[shift:]) + list(names[:shift])
        game = BlackWidowGame.new(rules, rng.randrange(2**32), number=number)
        play_hand(game, make_bots(seating, rules.players, rng.randrange(2**32)))
        for seat, name in enumerate(seating):
            stats[name].points.append(game.results[-1].scores[seat])
        if progress:
            progress(number + 1)
    return stats
