"""The choices a Black Widow seat makes, as data: pass three cards, play a card, score a moon.

>>> from cardlab.cards import TWO_OF_CLUBS
>>> Play(2, TWO_OF_CLUBS)
Play(seat=2, card=Card('2C'))
>>> Moon(1, MoonChoice.SELF).choice == "self"
True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from cardlab.cards import Card


class Kind(StrEnum):
    """What a Black Widow decision is about."""

    PASS = "pass"
    PLAY = "play"
    MOON = "moon"


class MoonChoice(StrEnum):
    """How a shooter under `moon: choose` scores the moon."""

    SELF = "self"      # the shooter takes 26 off their own score
    OTHERS = "others"  # every other seat gets 26


@dataclass(frozen=True)
class Pass:
    """`seat` passes `cards` (three of them)."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Play:
    """`seat` plays `card`."""

    seat: int
    card: Card


@dataclass(frozen=True)
class Moon:
    """The shooter `seat` chooses how to score the moon."""

    seat: int
    choice: MoonChoice


Action = Pass | Play | Moon
