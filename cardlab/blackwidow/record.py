"""Black Widow full records in the cardlab/1 format: one entry per hand.

The schema (`cardlab.schema`) checks the structure; the deal and the passes
are checked here against the rules; whether the plays are legal is the
engine's job when it replays the record. docs/records.md describes the format.
A game saved while some seats have not passed yet has null for them:

>>> from cardlab.cards import STANDARD_DECK
>>> deal = [codes(STANDARD_DECK[seat::4]) for seat in range(4)]
>>> record = BlackWidowRecord.from_json({"format": "cardlab/1", "game": "blackwidow",
...     "hands": [{"deal": deal, "pass": [deal[0][:3], None, None, None]}]})
>>> record.hands[0].passes[1:]
(None, None, None)
>>> record.to_json()["hands"][0]["pass"][:2]
[['2C', '6C', 'TC'], None]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from cardlab.blackwidow.rules import MAX_HANDS, PASS_SIZE, BlackWidowRules
from cardlab.cards import Card, codes
from cardlab.errors import RecordError
from cardlab.practice import Practice
from cardlab.schema import check
from cardlab.validate import expect_at_most, expect_deal, expect_length, expect_names, read_cards

#: The smallest hand the schema takes, standing in for a record's hands in its header check.
_STAND_IN: dict[str, Any] = {"deal": [[], [], []]}


@dataclass(frozen=True)
class HandRecord:
    """One hand: the deal before passing, the passes, the plays.

    `passes` is None on a hold hand; inside it, a seat that has not passed yet
    has None (only while the hand has no plays).
    """

    deal: tuple[tuple[Card, ...], ...]
    passes: tuple[tuple[Card, ...] | None, ...] | None
    plays: tuple[Card, ...] = ()
    moon: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The hand as cardlab/1 JSON data."""
        data: dict[str, Any] = {"deal": [codes(cards) for cards in self.deal]}
        if self.passes is not None:
            data["pass"] = [None if cards is None else codes(cards) for cards in self.passes]
        data["plays"] = codes(self.plays)
        if self.moon is not None:
            data["moon"] = self.moon
        return data


@dataclass(frozen=True)
class BlackWidowRecord:
    """A whole game (possibly unfinished): the rules and every hand in order."""

    game: ClassVar[str] = "blackwidow"

    rules: BlackWidowRules
    hands: tuple[HandRecord, ...]
    players: tuple[str, ...] | None = None
    #: The mode played in and the help used (nothing known: absent from the JSON).
    practice: Practice = field(default_factory=Practice)

    @classmethod
    def from_json(cls, data: dict[str, Any],
                  each_hand: Callable[[BlackWidowRules, HandRecord], None] | None = None,
                  ) -> BlackWidowRecord:
        """Read and check a full record (header already known to be Black Widow).

        Hands are checked one at a time, so a long record stops at its first bad hand.
        Only the last hand may be unfinished (or still passing). `each_hand`, if given,
        sees every hand as soon as it is read (the engine replays it there, so an
        illegal play stops the reading too).
        """
        expect_at_most(data.get("hands"), MAX_HANDS, "hands",
                       "blackwidow.records.too_many_hands")
        # The hands are checked one by one below, not all at once here: a stand-in that
        # fits the schema keeps the check that a record has at least one hand.
        hands_apart = isinstance(data.get("hands"), list)
        check({**data, "hands": [_STAND_IN] * min(1, len(data["hands"]))} if hands_apart
              else data, "blackwidow_record", "record", numbered_hands=True, package=__package__)
        rules = BlackWidowRules.from_json(data.get("rules", {}))
        names = expect_names(data, rules.players)
        hands: list[HandRecord] = []
        for number, hand in enumerate(data["hands"]):
            if hands and len(hands[-1].plays) < rules.players * rules.hand_size:
                raise RecordError("blackwidow.records.unfinished_hand", where=f"hand {number}",
                                  plays=len(hands[-1].plays), next=number + 1)
            hands.append(_hand(hand, rules, number))
            if each_hand is not None:
                each_hand(rules, hands[-1])
        return cls(rules, tuple(hands), names, Practice.from_json(data.get("practice", {})))

    def to_json(self) -> dict[str, Any]:
        """The record as cardlab/1 JSON data."""
        data: dict[str, Any] = {"format": "cardlab/1", "game": "blackwidow",
                                "rules": self.rules.to_json()}
        if self.players is not None:
            data["players"] = list(self.players)
        data["hands"] = [hand.to_json() for hand in self.hands]
        if self.practice.to_json():
            data["practice"] = self.practice.to_json()
        return data


def _hand(data: Any, rules: BlackWidowRules, number: int) -> HandRecord:
    where = f"hand {number + 1}"
    check(data, "blackwidow_hand", where, f"{where}, ", package=__package__)
    if "moon" in data and rules.moon != "choose":
        raise RecordError("blackwidow.records.moon_without_choose", where=f"{where}, moon")
    expect_length(data["deal"], rules.players, f"{where}, deal")
    deal = tuple(read_cards(cards, f"{where}, deal[{seat}]", rules.hand_size)
                 for seat, cards in enumerate(data["deal"]))
    expect_deal(deal, rules.deck, f"{where}, deal")
    holding = rules.pass_direction(number) == "hold"
    if holding and "pass" in data:
        raise RecordError("blackwidow.records.pass_on_hold", where=where)
    if not holding and "pass" not in data:
        raise RecordError("error.missing_key", where=where, key="pass")
    passes = None if holding else _passes(data["pass"], deal, rules, where)
    plays = read_cards(data.get("plays", []), f"{where}, plays")
    deck = set(rules.deck)
    for i, card in enumerate(plays):
        if card not in deck:
            raise RecordError("error.not_in_deck", where=f"{where}, play {i + 1}", card=card)
    return HandRecord(deal, passes, plays, data.get("moon"))


def _passes(data: list[list[str] | None], deal: tuple[tuple[Card, ...], ...],
            rules: BlackWidowRules, where: str) -> tuple[tuple[Card, ...] | None, ...]:
    """Each seat's three passed cards, from its own deal, or None where it has not passed."""
    expect_length(data, rules.players, f"{where}, pass")
    passes: list[tuple[Card, ...] | None] = []
    for seat, seat_codes in enumerate(data):
        if seat_codes is None:
            passes.append(None)
            continue
        cards = read_cards(seat_codes, f"{where}, pass[{seat}]", PASS_SIZE)
        for card in cards:
            if card not in deal[seat]:
                raise RecordError("error.not_in_hand", where=f"{where}, pass[{seat}]",
                                  card=card, seat=seat)
        passes.append(cards)
    return tuple(passes)
