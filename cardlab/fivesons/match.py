"""Bots playing whole Five Sons games at a table, and seat-rotated tournaments between them.

>>> from cardlab.fivesons.rules import FiveSonsRules
>>> game = play_game(FiveSonsRules(players=3), ["logician"] * 3, seed=4)
>>> game.over and game.winner is not None
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from cardlab import bot_seating
from cardlab.fivesons.game import FiveSonsGame
from cardlab.fivesons.players import bot_seat
from cardlab.fivesons.record import Ask
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.levels import Duel
from cardlab.table import SeatBot, Table

#: A game in which no bot becomes certain this long is stopped without a winner.
MAX_QUESTIONS = 400


def make_bots(names: Sequence[str], players: int, seed: int | None,
              seat: Callable[[str, int], SeatBot] = bot_seat) -> list[SeatBot]:
    """One bot per seat, each with its own seeded random source (`seat(name, seed)` makes
    each: by default the bot of that name, `cardlab.fivesons.players.bot_seat`)."""
    return bot_seating.make_bots(seat, names, players, seed)


def play_table(rules: FiveSonsRules, names: Sequence[str], seed: int | None = None,
               seat: Callable[[str, int], SeatBot] = bot_seat) -> Table:
    """A whole game between the named bots (seat i plays `names[i]`, `seat(name, seed)`
    seats each), with every move kept, the dealer's deal (the first move) included."""
    rng = random.Random(seed)
    game = FiveSonsGame.undealt(rules, rng.randrange(2**32))
    table = Table(game, make_bots(names, rules.players, rng.randrange(2**32), seat))
    table.run(stop=lambda: _questions(game) >= MAX_QUESTIONS)
    return table


def play_game(rules: FiveSonsRules, names: Sequence[str], seed: int | None = None,
              seat: Callable[[str, int], SeatBot] = bot_seat) -> FiveSonsGame:
    """A whole game between the named bots (`seat(name, seed)` seats each); the finished
    game."""
    game = play_table(rules, names, seed, seat).game
    assert isinstance(game, FiveSonsGame)
    return game


@dataclass
class BotStats:
    """Results of one bot over a tournament."""

    #: Seat-games: a bot on two seats of one game plays two.
    games: int = 0
    wins: int = 0
    questions_to_win: list[int] = field(default_factory=list)

    @property
    def win_rate(self) -> float:
        """Share of its seat-games that this bot won."""
        return self.wins / self.games if self.games else 0.0

    @property
    def questions_per_win(self) -> float | None:
        """Average number of questions asked in the game before this bot won."""
        wins = self.questions_to_win
        return sum(wins) / len(wins) if wins else None


def tournament(rules: FiveSonsRules, names: Sequence[str], games: int, seed: int | None = None,
               progress: Callable[[int], None] | None = None,
               seat: Callable[[str, int], SeatBot] = bot_seat) -> dict[str, BotStats]:
    """`games` games with the line-up rotated one seat each game, so no bot keeps a seat
    (`seat(name, seed)` seats each bot: a learner's own bot among them, say)."""
    stats = {name: BotStats() for name in names}
    for game_round in bot_seating.tournament_rounds(names, games, seed, progress):
        seating = game_round.seating
        game = play_game(rules, seating, game_round.rng.randrange(2**32), seat)
        for name in seating:
            stats[name].games += 1
        if game.winner is not None:
            winner = stats[seating[game.winner]]
            winner.wins += 1
            winner.questions_to_win.append(_questions(game))
    return stats


def duel(rules: FiveSonsRules, first: str, second: str, games: int,
         seed: int | None = None) -> Duel:
    """`games` games, `first` on seats 0, 2, ... and `second` on the others, rotated one seat
    each game; who won, and how many rounds of questions a game lasted.

    >>> result = duel(FiveSonsRules(players=3), "checklist", "logician", 2, seed=1)
    >>> result.unit, sum(result.wins) + result.draws, result.length > 1
    ('games', 2, True)
    """
    names = [(first, second)[seat % 2] for seat in range(rules.players)]
    wins = [0, 0]
    questions = 0
    for game_round in bot_seating.tournament_rounds(names, games, seed):
        game = play_game(rules, game_round.seating, game_round.rng.randrange(2**32))
        questions += _questions(game)
        if game.winner is not None:
            wins[game_round.seating[game.winner] != first] += 1
    return Duel("games", games, (wins[0], wins[1]), games - sum(wins),
                length=questions / games / rules.players if games else None)


def _questions(game: FiveSonsGame) -> int:
    return sum(isinstance(event, Ask) for event in game.events)
