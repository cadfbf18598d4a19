"""Bot levels: the strength a learner picks for the bots (an app's `level=`, its level chooser).

A game whose bots come in levels is `Leveled` (`cardlab.games`): its `levels` map
each level, weakest first, to the bot that plays it. The first level is the
default of the apps and lessons. A level is named twice: in general
(`level.beginner`: "Beginner") and by what that game's bot does
(`<game>.level.beginner`).

>>> from cardlab.games import in_menu_order
>>> entry = in_menu_order()[0]                      # the apps' default game, whichever it is
>>> list(entry.levels), default_level(entry)
(['beginner', 'standard', 'expert'], 'beginner')
>>> level_bots(entry, "expert", 2) == (entry.levels["expert"],) * 2
True
>>> level_label(entry, "beginner", "en").startswith("Beginner: ")
True
>>> read_level(entry, "pro")
Traceback (most recent call last):
cardlab.errors.CardlabError: 'pro' is not a level of this game's bots (beginner, standard, expert)
"""

from __future__ import annotations

from dataclasses import dataclass

from cardlab.errors import CardlabError, echo
from cardlab.games import AnyGame, Leveled
from cardlab.i18n import catalogue, message


@dataclass(frozen=True)
class Duel:
    """Two bots, each on every other seat, over `rounds` seat-rotated rounds (`unit`: what a
    round is, "games" or "hands"): how many each side won, and the game's own figures."""

    unit: str
    rounds: int
    #: Rounds won by the first bot's seats, and by the second's.
    wins: tuple[int, int]
    #: Rounds nobody won, or that the two sides tied.
    draws: int
    #: Points taken per seat and round, by each side, where the game counts points.
    points: tuple[float, float] | None = None
    #: Rounds of play a game lasted on average, where a round is a whole game.
    length: float | None = None


def default_level(entry: Leveled) -> str:
    """The level the apps and the lessons start at: the weakest."""
    return next(iter(entry.levels))


def read_level(entry: Leveled, value: str) -> str:
    """`value` if it names a level of `entry`'s bots; else a `CardlabError` listing them."""
    if value not in entry.levels:
        raise CardlabError("level.unknown", value=echo(value), known=", ".join(entry.levels))
    return value


def level_bots(entry: Leveled, level: str, seats: int) -> tuple[str, ...]:
    """The bot names for `seats` seats played at `level`."""
    return (entry.levels[level],) * seats


def level_label(entry: Leveled, level: str, lang: str) -> str:
    """The level's name and what its bot does, in `lang` (a chooser's option)."""
    return message("level.option", lang, level=message(f"level.{level}", lang),
                   does=message(f"{entry.name}.level.{level}", lang))


def bot_label(entry: AnyGame | Leveled, bot: str, lang: str) -> str:
    """What a learner reads for the bot called `bot`, in `lang`: the name of the level it
    plays ("Beginner"), else the game's own name for it (``<game>.bot_name.<bot>``), else
    `bot` as given (a plugin's bot, a learner's own).

    >>> from cardlab.games import in_menu_order
    >>> entry = in_menu_order()[0]
    >>> bot_label(entry, entry.levels["beginner"], "en"), bot_label(entry, "mine", "en")
    ('Beginner', 'mine')
    """
    levels = entry.levels if isinstance(entry, Leveled) else {}
    level = next((level for level, name in levels.items() if name == bot), None)
    if level is not None:
        return message(f"level.{level}", lang)
    return catalogue(lang).get(f"{entry.name}.bot_name.{bot}", bot)


def level_of(entry: Leveled, bots: tuple[str, ...]) -> str | None:
    """The level every one of `bots` plays at, if they all play the same level's bot.

    >>> from cardlab.games import in_menu_order
    >>> entry = in_menu_order()[0]
    >>> standard = entry.levels["standard"]
    >>> level_of(entry, (standard, standard)), level_of(entry, (standard, "no such bot"))
    ('standard', None)
    """
    return next((level for level, bot in entry.levels.items()
                 if bots and all(name == bot for name in bots)), None)
