"""Bots playing Black Widow at a table: whole games, and seat-rotated tournaments of hands.

>>> from cardlab.blackwidow.rules import BlackWidowRules
>>> game = play_game(BlackWidowRules(players=3, end_above=30), ["heuristic"] * 3, seed=2)
>>> game.over and bool(game.winners)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial

from cardlab import bot_seating
from cardlab.blackwidow.game import BlackWidowGame
from cardlab.blackwidow.players import bot_seat
from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.levels import Duel
from cardlab.stats import half_width
from cardlab.table import SeatBot, Table


def make_bots(names: Sequence[str], players: int, seed: int | None,
              seat: Callable[[str, int], SeatBot] = bot_seat) -> list[SeatBot]:
    """One bot per seat, each with its own seeded random source (`seat(name, seed)` makes
    each: by default the bot of that name, `cardlab.blackwidow.players.bot_seat`)."""
    return bot_seating.make_bots(seat, names, players, seed)


def play_table(rules: BlackWidowRules, names: Sequence[str], seed: int | None = None,
               hands: int | None = None) -> Table:
    """A whole game (or only `hands` hands) between the named bots, with every move kept,
    the dealer's deals included (the first is the first move)."""
    rng = random.Random(seed)
    seats = make_bots(names, rules.players, rng.randrange(2**32))
    game = BlackWidowGame.empty(rules, rng.randrange(2**32))
    table = Table(game, seats)
    table.run(stop=lambda: hands is not None and len(game.results) >= hands)
    return table


def play_game(rules: BlackWidowRules, names: Sequence[str], seed: int | None = None,
              hands: int | None = None) -> BlackWidowGame:
    """A whole game (or only `hands` hands) between the named bots; the game at its end."""
    game = play_table(rules, names, seed, hands).game
    assert isinstance(game, BlackWidowGame)
    return game


def _scored(game: BlackWidowGame) -> bool:
    return bool(game.results)


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
        """Half-width of the 95% t interval of the mean (0 before a second hand, so
        that reports and JSON stay finite)."""
        return half_width(self.points) if len(self.points) > 1 else 0.0


def tournament(rules: BlackWidowRules, names: Sequence[str], hands: int, seed: int | None = None,
               progress: Callable[[int], None] | None = None,
               seat: Callable[[str, int], SeatBot] = bot_seat) -> dict[str, HandStats]:
    """`hands` hands, the line-up rotated one seat after each, points per hand per bot
    (`seat(name, seed)` seats each bot: a learner's own bot among them, say)."""
    stats = {name: HandStats() for name in names}
    for game_round in bot_seating.tournament_rounds(names, hands, seed, progress):
        seating, rng = game_round.seating, game_round.rng
        game = BlackWidowGame.new(rules, rng.randrange(2**32), number=game_round.number)
        Table(game, make_bots(seating, rules.players, rng.randrange(2**32), seat)).run(
            stop=partial(_scored, game))
        for place, name in enumerate(seating):
            stats[name].points.append(game.results[-1].scores[place])
    return stats


def duel(rules: BlackWidowRules, first: str, second: str, hands: int,
         seed: int | None = None) -> Duel:
    """`hands` hands, `first` on seats 0, 2, ... and `second` on the others, rotated one seat
    each hand. A side wins a hand when its seats took fewer points each, on average (after
    the moon rule); equal is a draw.

    >>> result = duel(BlackWidowRules(), "lowest", "heuristic", 2, seed=1)
    >>> result.unit, result.wins, result.draws, result.points
    ('hands', (1, 0), 1, (3.75, 9.25))
    """
    names = [(first, second)[seat % 2] for seat in range(rules.players)]
    points: tuple[list[int], list[int]] = ([], [])
    wins = [0, 0]
    for game_round in bot_seating.tournament_rounds(names, hands, seed):
        seating, rng = game_round.seating, game_round.rng
        game = BlackWidowGame.new(rules, rng.randrange(2**32), number=game_round.number)
        Table(game, make_bots(seating, rules.players, rng.randrange(2**32))).run(
            stop=partial(_scored, game))
        scores = game.results[-1].scores
        sides = ([scores[seat] for seat, name in enumerate(seating) if name == first],
                 [scores[seat] for seat, name in enumerate(seating) if name != first])
        for side, taken in zip(points, sides, strict=True):
            side.extend(taken)
        first_mean, second_mean = _mean(sides[0]), _mean(sides[1])
        if first_mean != second_mean:
            wins[first_mean > second_mean] += 1
    return Duel("hands", hands, (wins[0], wins[1]), hands - sum(wins),
                points=(_mean(points[0]), _mean(points[1])))


def _mean(values: list[int]) -> float:
    return sum(values) / len(values) if values else 0.0
