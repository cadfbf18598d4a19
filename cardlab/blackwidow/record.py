"""Black Widow full records in the cardlab/1 format: one entry per hand.

The deal and the passes are checked here; whether the plays are legal is the
engine's job when it replays the record.

>>> from cardlab.cards import STANDARD_DECK
>>> deal = [codes(STANDARD_DECK[seat::4]) for seat in range(4)]
>>> record = BlackWidowRecord.from_json({"format": "cardlab/1", "game": "blackwidow",
...     "rules": {"players": 4, "pass_cycle": ["hold"]},
...     "hands": [{"deal": deal, "plays": ["2C"]}]})
>>> record.hands[0].plays
(Card('2C'),)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardlab.blackwidow.rules import BlackWidowRules
from cardlab.cards import Card, codes
from cardlab.errors import RecordError
from cardlab.validate import (
    expect_cards,
    expect_choice,
    expect_deal,
    expect_keys,
    expect_names,
    expect_type,
)

PASS_SIZE = 3


@dataclass(frozen=True)
class HandRecord:
    """One hand: the deal before passing, each seat's pass (None on hold), the plays."""

    deal: tuple[tuple[Card, ...], ...]
    passes: tuple[tuple[Card, ...], ...] | None
    plays: tuple[Card, ...] = ()
    moon: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The hand as cardlab/1 JSON data."""
        data: dict[str, Any] = {"deal": [codes(cards) for cards in self.deal]}
        if self.passes is not None:
            data["pass"] = [codes(cards) for cards in self.passes]
        data["plays"] = codes(self.plays)
        if self.moon is not None:
            data["moon"] = self.moon
        return data


@dataclass(frozen=True)
class BlackWidowRecord:
    """A whole game (possibly unfinished): the rules and every hand in order."""

    rules: BlackWidowRules
    hands: tuple[HandRecord, ...]
    players: tuple[str, ...] | None = None

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> BlackWidowRecord:
        """Read and check a full record (header already known to be Black Widow)."""
        expect_keys(data, ["format", "game", "hands"], ["rules", "players"], "record")
        rules = BlackWidowRules.from_json(data.get("rules", {}))
        hands_data = expect_type(data["hands"], list, "hands", "a list of hands")
        hands = tuple(_hand(hand, rules, number) for number, hand in enumerate(hands_data))
        return cls(rules, hands, expect_names(data, rules.players))

    def to_json(self) -> dict[str, Any]:
        """The record as cardlab/1 JSON data."""
        data: dict[str, Any] = {"format": "cardlab/1", "game": "blackwidow",
                                "rules": self.rules.to_json()}
        if self.players is not None:
            data["players"] = list(self.players)
        data["hands"] = [hand.to_json() for hand in self.hands]
        return data


def _hand(data: Any, rules: BlackWidowRules, number: int) -> HandRecord:
    where = f"hand {number + 1}"
    expect_type(data, dict, where, "an object")
    holding = rules.pass_direction(number) == "hold"
    expect_keys(data, ["deal"] + ([] if holding else ["pass"]), ["plays", "moon"], where)
    deal_data = expect_type(data["deal"], list, f"{where}, deal", "a list of hands")
    if len(deal_data) != rules.players:
        raise RecordError("error.wrong_type", where=f"{where}, deal",
                          expected=f"{rules.players} hands", actual=f"{len(deal_data)}")
    deal = tuple(expect_cards(cards, f"{where}, deal[{seat}]", rules.hand_size)
                 for seat, cards in enumerate(deal_data))
    expect_deal(deal, rules.deck, f"{where}, deal")
    passes = None
    if not holding:
        pass_data = expect_type(data["pass"], list, f"{where}, pass", "a list of passes")
        if len(pass_data) != rules.players:
            raise RecordError("error.wrong_type", where=f"{where}, pass",
                              expected=f"{rules.players} passes", actual=f"{len(pass_data)}")
        passes = tuple(expect_cards(cards, f"{where}, pass[{seat}]", PASS_SIZE)
                       for seat, cards in enumerate(pass_data))
        for seat, cards in enumerate(passes):
            for card in cards:
                if card not in deal[seat]:
                    raise RecordError("error.not_in_hand", where=f"{where}, pass[{seat}]",
                                      card=card, seat=seat)
    plays = expect_cards(data.get("plays", []), f"{where}, plays")
    for i, card in enumerate(plays):
        if card not in rules.deck:
            raise RecordError("error.not_in_deck", where=f"{where}, play {i + 1}", card=card)
    moon = data.get("moon")
    if moon is not None:
        if rules.moon != "choose":
            raise RecordError("error.moon_without_choose", where=f"{where}, moon")
        expect_choice(moon, ("self", "others"), f"{where}, moon")
    return HandRecord(deal, passes, plays, moon)

