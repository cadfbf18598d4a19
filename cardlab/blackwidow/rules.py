"""Black Widow rule options: every ruling players disagree on is a field here.

>>> rules = BlackWidowRules.from_json({"players": 5})
>>> codes(rules.removed), [str(direction) for direction in rules.pass_cycle], rules.hand_size
(['2C', '2D'], ['left', 'right', 'hold'], 10)
>>> rules.pass_offset(1)
-1
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import StrEnum
from functools import cached_property
from typing import Any

from cardlab.cards import QUEEN_OF_SPADES, Card, Suit, codes, parse_cards, standard_deck
from cardlab.errors import RulesError, rule_options
from cardlab.schema import check
from cardlab.validate import expect_choice, expect_int, read_cards

MIN_PLAYERS, MAX_PLAYERS = 3, 6
#: The longest game cardlab plays or reads: a game to 100 takes 10 to 30 hands. Each hand
#: adds at least 16 points to the scores (26, less 10 for the Jack of Diamonds), so with
#: `end_above` at most `MAX_END_ABOVE` every game ends within 188 hands, unless its rules
#: let it go on for ever (see `BlackWidowRules.endless`). Replaying it takes about a second.
MAX_HANDS = 200
MAX_END_ABOVE = 500


class PassDirection(StrEnum):
    """Where the three cards go in a hand."""

    LEFT = "left"
    RIGHT = "right"
    ACROSS = "across"
    HOLD = "hold"


class MoonRule(StrEnum):
    """How shooting the moon scores: others +26, the shooter -26, or the shooter chooses."""

    OTHERS = "others"
    SELF = "self"
    CHOOSE = "choose"


class ExactHundred(StrEnum):
    """What reaching exactly 100 does: nothing, 50 off, or back to 0."""

    NONE = "none"
    MINUS50 = "minus50"
    ZERO = "zero"


#: Cards each seat passes in a hand that is not held.
PASS_SIZE = 3


def is_point(card: Card) -> bool:
    """A point card: any heart, or the Queen of Spades.

    >>> is_point(Card.parse("QS")), is_point(Card.parse("2H")), is_point(Card.parse("KS"))
    (True, True, False)
    """
    return card.suit is Suit.HEARTS or card == QUEEN_OF_SPADES


_DEFAULT_REMOVED = {3: "2D", 4: "", 5: "2D 2C", 6: "2D 2C 3D 3C"}


def default_removed(players: int) -> tuple[Card, ...]:
    """The lowest minor cards taken out so that hands are equal.

    >>> codes(default_removed(6))
    ['2C', '3C', '2D', '3D']
    """
    return tuple(sorted(parse_cards(_DEFAULT_REMOVED[players])))


def default_pass_cycle(players: int) -> tuple[PassDirection, ...]:
    """Left, right, across, hold; without across where nobody sits opposite.

    >>> default_pass_cycle(3) == ("left", "right", "hold")
    True
    """
    if players % 2:
        return (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.HOLD)
    return tuple(PassDirection)


@dataclass(frozen=True)
class BlackWidowRules:
    """One game's rules; `removed` and `pass_cycle` default by player count."""

    players: int = 4
    # Left out (None), these are filled in by player count, so they are never None after.
    removed: tuple[Card, ...] = None  # type: ignore[assignment]
    pass_cycle: tuple[PassDirection, ...] = None  # type: ignore[assignment]
    queen_breaks_hearts: bool = False
    first_trick_points: bool = False
    moon: MoonRule = MoonRule.OTHERS
    exact_hundred: ExactHundred = ExactHundred.NONE
    jack_of_diamonds: bool = False
    end_above: int = 100

    def __post_init__(self) -> None:
        with rule_options():
            self._settle()

    def _settle(self) -> None:
        """Fill in the defaults by player count, check every option, and type them."""
        expect_int(self.players, "rules.players", MIN_PLAYERS, MAX_PLAYERS)
        if self.removed is None:
            object.__setattr__(self, "removed", default_removed(self.players))
        else:
            object.__setattr__(self, "removed", tuple(sorted(self.removed)))
        if self.pass_cycle is None:
            object.__setattr__(self, "pass_cycle", default_pass_cycle(self.players))
        self._check()
        object.__setattr__(self, "pass_cycle", tuple(map(PassDirection, self.pass_cycle)))
        object.__setattr__(self, "moon", MoonRule(self.moon))
        object.__setattr__(self, "exact_hundred", ExactHundred(self.exact_hundred))

    def _check(self) -> None:
        for card in self.removed:
            if is_point(card):
                raise RulesError("blackwidow.rules.removed_point_card", where="rules.removed",
                                 card=card)
        if len(self.deck) % self.players or not any(c.suit is Suit.CLUBS for c in self.deck):
            raise RulesError("error.uneven_deal", where="rules.removed",
                              cards=len(self.deck), players=self.players)
        if not self.pass_cycle:
            raise RulesError("blackwidow.records.empty_cycle", where="rules.pass_cycle")
        for i, direction in enumerate(self.pass_cycle):
            expect_choice(direction, tuple(PassDirection), f"rules.pass_cycle[{i}]")
            if direction == "across" and self.players % 2:
                raise RulesError("blackwidow.rules.no_across", where=f"rules.pass_cycle[{i}]",
                                  players=self.players)
        expect_choice(self.moon, tuple(MoonRule), "rules.moon")
        expect_choice(self.exact_hundred, tuple(ExactHundred), "rules.exact_hundred")
        expect_int(self.end_above, "rules.end_above", 1, MAX_END_ABOVE)

    @cached_property
    def deck(self) -> tuple[Card, ...]:
        """The cards in play, in index order (kept: replaying a play asks for it often)."""
        return standard_deck(self.removed)

    @property
    def endless(self) -> bool:
        """True if these rules let a game go on for ever: a moon shot that takes 26 off
        (moon: self or choose) lowers the scores, and reaching exactly 100 resets one
        (where 100 does not already end the game). Such a game ends after `MAX_HANDS`.

        >>> BlackWidowRules().endless, BlackWidowRules(moon="self").endless
        (False, True)
        >>> BlackWidowRules(exact_hundred="zero", end_above=50).endless
        False
        """
        resets = self.exact_hundred != ExactHundred.NONE and self.end_above >= 100
        return self.moon != MoonRule.OTHERS or resets

    @property
    def hand_size(self) -> int:
        """Cards each seat is dealt."""
        return len(self.deck) // self.players

    def pass_direction(self, hand_number: int) -> PassDirection:
        """Direction of passing in hand `hand_number` (0 for the first hand)."""
        return self.pass_cycle[hand_number % len(self.pass_cycle)]

    def pass_offset(self, hand_number: int) -> int:
        """Seats clockwise from the passer to the receiver (0 on a hold hand)."""
        direction = self.pass_direction(hand_number)
        return {"left": 1, "right": -1, "across": self.players // 2, "hold": 0}[direction]

    def receiver(self, seat: int, hand_number: int) -> int:
        """The seat that receives `seat`'s pass in hand `hand_number` (itself on a hold hand).

        >>> BlackWidowRules(players=4).receiver(3, 0), BlackWidowRules(players=4).receiver(3, 1)
        (0, 2)
        """
        return (seat + self.pass_offset(hand_number)) % self.players

    def passer(self, seat: int, hand_number: int) -> int:
        """The seat whose pass `seat` receives in hand `hand_number` (itself on a hold hand).

        >>> BlackWidowRules(players=4).passer(0, 0)
        3
        """
        return (seat - self.pass_offset(hand_number)) % self.players

    @classmethod
    def from_json(cls, data: Any, where: str = "rules") -> BlackWidowRules:
        """Rules from a record's `rules` object; unknown keys are errors."""
        with rule_options():
            check(data, "blackwidow_rules", where, f"{where}.", package=__package__)
        options = dict(data)
        if "removed" in data:
            options["removed"] = read_cards(data["removed"], f"{where}.removed")
        if "pass_cycle" in data:
            options["pass_cycle"] = tuple(data["pass_cycle"])
        return cls(**options)

    def to_json(self) -> dict[str, Any]:
        """`players` and every option that differs from its default."""
        default = BlackWidowRules(players=self.players)
        data: dict[str, Any] = {"players": self.players}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "players" or value == getattr(default, f.name):
                continue
            data[f.name] = codes(value) if f.name == "removed" else (
                [str(direction) for direction in value] if f.name == "pass_cycle"
                else str(value) if isinstance(value, StrEnum) else value)
        return data

