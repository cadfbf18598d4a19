"""Five Sons records in the cardlab/1 format: the full record and a seat's observation log.

Structure and card validity are checked here; whether the events are legal
(turn order, who could show what) is the engine's and the inference's job.

>>> log = FiveSonsLog.from_json({"format": "cardlab/1", "game": "fivesons",
...     "rules": {"players": 4}, "me": 0, "hand": ["KH", "JC", "AH", "5H", "JD"],
...     "events": [{"ask": 1, "face": "QS", "heart": "3H", "shown_by": 3}]})
>>> log.events[0]
AskSeen(seat=1, face=Card('QS'), heart=Card('3H'), shown_by=3, shown=None)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardlab.cards import Card, codes
from cardlab.errors import RecordError
from cardlab.fivesons.rules import FiveSonsRules
from cardlab.validate import (
    expect_card,
    expect_cards,
    expect_deal,
    expect_keys,
    expect_names,
    expect_type,
)


@dataclass(frozen=True)
class Ask:
    """`seat` asked about `face` and `heart`; `shown` is the card shown, if one was."""

    seat: int
    face: Card
    heart: Card
    shown: Card | None = None


@dataclass(frozen=True)
class Guess:
    """`seat` named `face` and `heart` as the solution."""

    seat: int
    face: Card
    heart: Card


@dataclass(frozen=True)
class AskSeen:
    """A question as one seat saw it: who showed (None: nobody), and the card if it saw it."""

    seat: int
    face: Card
    heart: Card
    shown_by: int | None
    shown: Card | None = None


@dataclass(frozen=True)
class GuessSeen:
    """A guess as one seat saw it; `solution` only for the observer's own wrong guess."""

    seat: int
    correct: bool
    solution: tuple[Card, Card] | None = None


FullEvent = Ask | Guess
SeenEvent = AskSeen | GuessSeen


@dataclass(frozen=True)
class FiveSonsRecord:
    """Everything that happened in one game: the hidden solution, the hands, the events."""

    rules: FiveSonsRules
    solution: tuple[Card, Card]
    hands: tuple[tuple[Card, ...], ...]
    events: tuple[FullEvent, ...] = ()
    players: tuple[str, ...] | None = None

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> FiveSonsRecord:
        """Read and check a full record (header already known to be Five Sons)."""
        expect_keys(data, ["format", "game", "solution", "hands"],
                    ["rules", "players", "events"], "record")
        rules = FiveSonsRules.from_json(data.get("rules", {}))
        solution = _solution(data["solution"], rules, "solution")
        hands_data = expect_type(data["hands"], list, "hands", "a list of hands")
        if len(hands_data) != rules.players:
            raise RecordError("error.wrong_type", where="hands",
                              expected=f"{rules.players} hands", actual=f"{len(hands_data)}")
        hands = tuple(expect_cards(hand, f"hands[{seat}]", rules.hand_sizes[seat])
                      for seat, hand in enumerate(hands_data))
        expect_deal(hands, rules.deck, "hands", set_aside=solution)
        events = tuple(_full_event(event, rules, f"events[{i}]")
                       for i, event in enumerate(_events(data)))
        return cls(rules, solution, hands, events, expect_names(data, rules.players))

    def to_json(self) -> dict[str, Any]:
        """The record as cardlab/1 JSON data."""
        data = _header(self.rules, self.players)
        data["solution"] = codes(self.solution)
        data["hands"] = [codes(hand) for hand in self.hands]
        data["events"] = [_full_event_json(event) for event in self.events]
        return data


@dataclass(frozen=True)
class FiveSonsLog:
    """What one seat saw (`me`), or the table's public knowledge (`me` is None)."""

    rules: FiveSonsRules
    me: int | None
    hand: tuple[Card, ...]
    events: tuple[SeenEvent, ...] = ()
    players: tuple[str, ...] | None = None

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> FiveSonsLog:
        """Read and check an observation log."""
        expect_keys(data, ["format", "game", "me"], ["rules", "players", "hand", "events"], "log")
        rules = FiveSonsRules.from_json(data.get("rules", {}))
        me = data["me"]
        if me is None:
            if "hand" in data:
                raise RecordError("error.unknown_key", where="log", key="hand",
                                  expected="no hand when me is null")
            hand: tuple[Card, ...] = ()
        else:
            me = _seat(me, rules, "me")
            if "hand" not in data:
                raise RecordError("error.missing_key", where="log", key="hand")
            hand = expect_cards(data["hand"], "hand", rules.hand_sizes[me])
            for card in hand:
                if card not in rules.deck:
                    raise RecordError("error.not_in_deck", where="hand", card=card)
        events = tuple(_seen_event(event, rules, me, f"events[{i}]")
                       for i, event in enumerate(_events(data)))
        return cls(rules, me, hand, events, expect_names(data, rules.players))

    def to_json(self) -> dict[str, Any]:
        """The log as cardlab/1 JSON data."""
        data = _header(self.rules, self.players)
        data["me"] = self.me
        if self.me is not None:
            data["hand"] = codes(self.hand)
        data["events"] = [_seen_event_json(event) for event in self.events]
        return data


def _header(rules: FiveSonsRules, players: tuple[str, ...] | None) -> dict[str, Any]:
    data: dict[str, Any] = {"format": "cardlab/1", "game": "fivesons", "rules": rules.to_json()}
    if players is not None:
        data["players"] = list(players)
    return data


def _events(data: dict[str, Any]) -> list[Any]:
    return expect_type(data.get("events", []), list, "events", "a list of events")


def _seat(value: Any, rules: FiveSonsRules, where: str) -> int:
    expect_type(value, int, where, "a seat number")
    if not 0 <= value < rules.players:
        raise RecordError("error.bad_seat", where=where, seat=value, last=rules.players - 1)
    return value


def _face(value: Any, rules: FiveSonsRules, where: str) -> Card:
    card = expect_card(value, where)
    if card not in rules.faces:
        raise RecordError("error.not_a_face", where=where, card=card)
    return card


def _heart(value: Any, rules: FiveSonsRules, where: str) -> Card:
    card = expect_card(value, where)
    if card not in rules.hearts:
        raise RecordError("error.not_a_heart", where=where, card=card)
    return card


def _solution(value: Any, rules: FiveSonsRules, where: str) -> tuple[Card, Card]:
    pair = expect_type(value, list, where, "a list of a face card and a heart")
    if len(pair) != 2:
        raise RecordError("error.wrong_card_count", where=where, actual=len(pair), expected=2)
    return _face(pair[0], rules, f"{where}[0]"), _heart(pair[1], rules, f"{where}[1]")


def _asked_cards(event: dict[str, Any], rules: FiveSonsRules, where: str) -> tuple[Card, Card]:
    return _face(event["face"], rules, f"{where}.face"), _heart(event["heart"], rules,
                                                                 f"{where}.heart")


def _shown(value: Any, face: Card, heart: Card, where: str) -> Card | None:
    if value is None:
        return None
    card = expect_card(value, where)
    if card not in (face, heart):
        raise RecordError("error.shown_not_asked", where=where, card=card)
    return card


def _full_event(event: Any, rules: FiveSonsRules, where: str) -> FullEvent:
    expect_type(event, dict, where, "an object")
    if "ask" in event:
        expect_keys(event, ["ask", "face", "heart"], ["shown"], where)
        face, heart = _asked_cards(event, rules, where)
        return Ask(_seat(event["ask"], rules, f"{where}.ask"), face, heart,
                   _shown(event.get("shown"), face, heart, f"{where}.shown"))
    if "guess" in event:
        expect_keys(event, ["guess", "face", "heart"], [], where)
        face, heart = _asked_cards(event, rules, where)
        return Guess(_seat(event["guess"], rules, f"{where}.guess"), face, heart)
    raise RecordError("error.bad_event", where=where)


def _seen_event(event: Any, rules: FiveSonsRules, me: int | None, where: str) -> SeenEvent:
    expect_type(event, dict, where, "an object")
    if "ask" in event:
        expect_keys(event, ["ask", "face", "heart", "shown_by"], ["shown"], where)
        face, heart = _asked_cards(event, rules, where)
        seat = _seat(event["ask"], rules, f"{where}.ask")
        shown_by = event["shown_by"]
        if shown_by is not None:
            shown_by = _seat(shown_by, rules, f"{where}.shown_by")
        shown = _shown(event.get("shown"), face, heart, f"{where}.shown")
        if shown is not None and (me is None or me not in (seat, shown_by)):
            raise RecordError("error.unknown_key", where=where, key="shown",
                              expected="shown only where me asked or showed")
        return AskSeen(seat, face, heart, shown_by, shown)
    if "guess" in event:
        expect_keys(event, ["guess", "correct"], ["solution"], where)
        seat = _seat(event["guess"], rules, f"{where}.guess")
        correct = expect_type(event["correct"], bool, f"{where}.correct", "true or false")
        solution = None
        if "solution" in event:
            if seat != me or correct:
                raise RecordError("error.unknown_key", where=where, key="solution",
                                  expected="solution only for me's own wrong guess")
            solution = _solution(event["solution"], rules, f"{where}.solution")
        return GuessSeen(seat, correct, solution)
    raise RecordError("error.bad_event", where=where)


def _full_event_json(event: FullEvent) -> dict[str, Any]:
    if isinstance(event, Guess):
        return {"guess": event.seat, "face": event.face.code, "heart": event.heart.code}
    data: dict[str, Any] = {"ask": event.seat, "face": event.face.code, "heart": event.heart.code}
    if event.shown is not None:
        data["shown"] = event.shown.code
    return data


def _seen_event_json(event: SeenEvent) -> dict[str, Any]:
    if isinstance(event, GuessSeen):
        data: dict[str, Any] = {"guess": event.seat, "correct": event.correct}
        if event.solution is not None:
            data["solution"] = codes(event.solution)
        return data
    data = {"ask": event.seat, "face": event.face.code, "heart": event.heart.code,
            "shown_by": event.shown_by}
    if event.shown is not None:
        data["shown"] = event.shown.code
    return data
