"""Bots seated at a table, for any game: a bot's seat, one seeded bot per seat, and the
rounds of a tournament with the line-up rotated one seat each round.

A game's seat class derives from `BotSeat` and adds `decide`, which hands the bot
that seat's view only; the game's `bot_seat(name, seed)` makes one.

>>> [round.seating for round in tournament_rounds(["a", "b", "c"], 4, seed=1)]
[['a', 'b', 'c'], ['b', 'c', 'a'], ['c', 'a', 'b'], ['a', 'b', 'c']]
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from cardlab.errors import CardlabError


class NamedBot(Protocol):
    """A bot: it has a name (`random`, ...)."""

    @property
    def name(self) -> str: ...


B = TypeVar("B", bound=NamedBot)
S = TypeVar("S")


@dataclass
class BotSeat(Generic[B]):
    """A bot at a table; the game's subclass decides from the seat's view, never the game."""

    bot: B

    @property
    def name(self) -> str:
        """The bot's name."""
        return self.bot.name


def make_bots(bot_seat: Callable[[str, int], S], names: Sequence[str], players: int,
              seed: int | None) -> list[S]:
    """One bot per seat (`bot_seat(name, seed)` makes each), each with its own seeded random
    source; a line-up of another length than `players` is refused.

    >>> make_bots(lambda name, seed: name, ["random"], 2, seed=1)
    Traceback (most recent call last):
    cardlab.errors.CardlabError: --bots needs one bot per seat: 2 names, not 1
    """
    if len(names) != players:
        raise CardlabError("table.wrong_bot_count", players=players, count=len(names))
    rng = random.Random(seed)
    return [bot_seat(name, rng.randrange(2**32)) for name in names]


@dataclass(frozen=True)
class Round:
    """Round `number` of a tournament: who sits where, and the tournament's random source
    to seed its deal and bots from."""

    number: int
    seating: list[str]
    rng: random.Random


def tournament_rounds(names: Sequence[str], rounds: int, seed: int | None = None,
                      progress: Callable[[int], None] | None = None) -> Iterator[Round]:
    """`rounds` rounds, the line-up rotated one seat after each so that no bot keeps a seat;
    `progress(n)` is told once round n has been played (when the next one is asked for)."""
    rng = random.Random(seed)
    for number in range(rounds):
        shift = number % len(names)
        yield Round(number, [*names[shift:], *names[:shift]], rng)
        if progress:
            progress(number + 1)
