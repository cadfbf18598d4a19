"""The choices a Black Widow seat makes, as data: pass three cards, play a card, score a moon;
and chance's: deal a hand.

>>> from cardlab.cards import TWO_OF_CLUBS
>>> Play(2, TWO_OF_CLUBS)
Play(seat=2, card=Card('2C'))
>>> Moon(1, MoonChoice.SELF).choice == "self"
True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from cardlab.action_codec import ActionCodec
from cardlab.cards import Card
from cardlab.decisions import CHANCE


class Kind(StrEnum):
    """What a Black Widow decision is about."""

    PASS = "pass"
    PLAY = "play"
    MOON = "moon"
    DEAL = "deal"      # chance's: the next hand is dealt


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


@dataclass(frozen=True)
class Deal:
    """Chance deals a hand: `cards[seat]` is what each seat is dealt.

    >>> from cardlab.cards import parse_cards
    >>> deal = Deal((parse_cards("2C 3C"), parse_cards("4C 5C")))
    >>> deal.seat == CHANCE, deal.seen_by(1).cards, deal.seen_by(None).cards
    (True, ((), (Card('4C'), Card('5C'))), ((), ()))
    """

    cards: tuple[tuple[Card, ...], ...]

    @property
    def seat(self) -> int:
        """Chance's seat: no player deals."""
        return CHANCE

    def seen_by(self, viewer: int | None) -> Deal:
        """The deal as `viewer` knows it: its own cards only (None: nobody's)."""
        return Deal(tuple(cards if seat == viewer else () for seat, cards in enumerate(self.cards)))


Action = Pass | Play | Moon | Deal


#: Writes and reads Black Widow actions as JSON data (for stores of shared tables).
CODEC = ActionCodec[Action]({"pass": Pass, "play": Play, "moon": Moon})
