"""Five Sons records in the cardlab/1 format: the full record and a seat's observation log.

The schema (`cardlab.schema`) checks the structure; this module checks what
needs the rules (hand sizes, the deck, seats, who may see a card), and the
engine and the inference check whether the events are legal. The format is
described in docs/records.md.

>>> log = FiveSonsLog.from_json({"format": "cardlab/1", "game": "fivesons",
...     "rules": {"players": 4}, "me": 0, "hand": ["KH", "JC", "AH", "5H", "JD"],
...     "events": [{"ask": 1, "face": "QS", "heart": "3H", "shown_by": 3}]})
>>> log.events[0]
AskSeen(seat=1, face=Card('QS'), heart=Card('3H'), shown_by=3, shown=None)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from cardlab.cards import Card, codes, parse_cards
from cardlab.errors import RecordError
from cardlab.fivesons.logcheck import check_order
from cardlab.fivesons.rules import MAX_EVENTS, FiveSonsRules
from cardlab.practice import Practice
from cardlab.schema import check
from cardlab.validate import expect_at_most, expect_deal, expect_length, expect_names, read_cards


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

    game: ClassVar[str] = "fivesons"

    rules: FiveSonsRules
    solution: tuple[Card, Card]
    hands: tuple[tuple[Card, ...], ...]
    events: tuple[FullEvent, ...] = ()
    players: tuple[str, ...] | None = None
    #: The mode played in and the help used (nothing known: absent from the JSON).
    practice: Practice = field(default_factory=Practice)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> FiveSonsRecord:
        """Read and check a full record (header already known to be Five Sons)."""
        rules = _checked_rules(data, "fivesons_record", "record")
        solution = _solution(data["solution"], rules, "solution")
        expect_length(data["hands"], rules.players, "hands")
        hands = tuple(read_cards(hand, f"hands[{seat}]", rules.hand_sizes[seat])
                      for seat, hand in enumerate(data["hands"]))
        expect_deal(hands, rules.deck, "hands", set_aside=solution)
        events = tuple(_full_event(event, rules, f"events[{i}]")
                       for i, event in enumerate(data.get("events", [])))
        for i, event in enumerate(events):
            if isinstance(event, Ask) and event.shown is None:
                _expect_no_choice(event, hands, f"events[{i}]")
        return cls(rules, solution, hands, events, expect_names(data, rules.players),
                   Practice.from_json(data.get("practice", {})))

    def to_json(self) -> dict[str, Any]:
        """The record as cardlab/1 JSON data."""
        data = _header(self.rules, self.players)
        data["solution"] = codes(self.solution)
        data["hands"] = [codes(hand) for hand in self.hands]
        data["events"] = [_full_event_json(event) for event in self.events]
        if self.practice.to_json():
            data["practice"] = self.practice.to_json()
        return data


@dataclass(frozen=True)
class FiveSonsLog:
    """What one seat saw (`me`), or the table's public knowledge (`me` is None)."""

    game: ClassVar[str] = "fivesons"

    rules: FiveSonsRules
    me: int | None
    hand: tuple[Card, ...]
    events: tuple[SeenEvent, ...] = ()
    players: tuple[str, ...] | None = None

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> FiveSonsLog:
        """Read and check an observation log."""
        rules = _checked_rules(data, "fivesons_log", "log")
        me = data["me"]
        hand: tuple[Card, ...] = ()
        if me is not None:
            _seat(me, rules, "me")
            hand = read_cards(data["hand"], "hand", rules.hand_sizes[me])
            for card in hand:
                if card not in rules.deck:
                    raise RecordError("error.not_in_deck", where="hand", card=card)
        events = tuple(_seen_event(event, rules, me, f"events[{i}]")
                       for i, event in enumerate(data.get("events", [])))
        check_order([(event.seat, None if isinstance(event, AskSeen) else event.correct)
                     for event in events], rules.players)
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


def _seat(value: int, rules: FiveSonsRules, where: str) -> int:
    if value >= rules.players:
        raise RecordError("error.bad_seat", where=where, seat=value, last=rules.players - 1)
    return value


def _face(code: str, rules: FiveSonsRules, where: str) -> Card:
    card = Card.parse(code)
    if card not in rules.faces:
        raise RecordError("fivesons.rules.not_a_face", where=where, card=card)
    return card


def _heart(code: str, rules: FiveSonsRules, where: str) -> Card:
    card = Card.parse(code)
    if card not in rules.hearts:
        raise RecordError("fivesons.rules.not_a_heart", where=where, card=card)
    return card


def _solution(pair: list[str], rules: FiveSonsRules, where: str) -> tuple[Card, Card]:
    return _face(pair[0], rules, f"{where}[0]"), _heart(pair[1], rules, f"{where}[1]")


def _asked_cards(event: dict[str, Any], rules: FiveSonsRules, where: str) -> tuple[Card, Card]:
    return (_face(event["face"], rules, f"{where}.face"),
            _heart(event["heart"], rules, f"{where}.heart"))


def _shown(code: str | None, face: Card, heart: Card, where: str) -> Card | None:
    if code is None:
        return None
    card = Card.parse(code)
    if card not in (face, heart):
        raise RecordError("fivesons.records.shown_not_asked", where=where, card=card)
    return card


def _full_event(event: dict[str, Any], rules: FiveSonsRules, where: str) -> FullEvent:
    face, heart = _asked_cards(event, rules, where)
    if "ask" in event:
        return Ask(_seat(event["ask"], rules, f"{where}.ask"), face, heart,
                   _shown(event.get("shown"), face, heart, f"{where}.shown"))
    return Guess(_seat(event["guess"], rules, f"{where}.guess"), face, heart)


def _expect_no_choice(ask: Ask, hands: tuple[tuple[Card, ...], ...], where: str) -> None:
    """A question without `shown` is complete only if its responder holds at most one card."""
    players = len(hands)
    for step in range(1, players):
        seat = (ask.seat + step) % players
        held = {ask.face, ask.heart} & set(hands[seat])
        if len(held) == 2:
            raise RecordError("fivesons.records.shown_missing", where=where, seat=seat,
                              face=ask.face, heart=ask.heart)
        if held:
            return


def _seen_event(event: dict[str, Any], rules: FiveSonsRules, me: int | None,
                where: str) -> SeenEvent:
    if "ask" in event:
        face, heart = _asked_cards(event, rules, where)
        seat = _seat(event["ask"], rules, f"{where}.ask")
        shown_by = event["shown_by"]
        if shown_by is not None:
            _seat(shown_by, rules, f"{where}.shown_by")
        shown = _shown(event.get("shown"), face, heart, f"{where}.shown")
        if shown is not None and (me is None or me not in (seat, shown_by)):
            raise RecordError("fivesons.records.shown_not_seen", where=f"{where}.shown")
        return AskSeen(seat, face, heart, shown_by, shown)
    seat = _seat(event["guess"], rules, f"{where}.guess")
    solution = None
    if "solution" in event:
        if seat != me:
            raise RecordError("fivesons.records.solution_not_seen", where=f"{where}.solution")
        solution = _solution(event["solution"], rules, f"{where}.solution")
    return GuessSeen(seat, event["correct"], solution)


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


def _checked_rules(data: dict[str, Any], definition: str, name: str) -> FiveSonsRules:
    """The rules of a record or log, once its length and its structure are checked."""
    expect_at_most(data.get("events"), MAX_EVENTS, "events", "records.too_many_events")
    check(data, definition, name, package=__package__)
    return FiveSonsRules.from_json(data.get("rules", {}))


def example_log() -> FiveSonsLog:
    """The docs' example: seat 0's log of a 4-player game after one question. Seat 0 holds
    KH JC AH 5H JD and asked about QS and 3H; seat 1 passed and seat 2 showed it QS.

    >>> [(event.seat, event.shown_by, str(event.shown)) for event in example_log().events]
    [(0, 2, 'QS')]
    """
    queen, three = parse_cards("QS 3H")
    return FiveSonsLog(FiveSonsRules(), 0, parse_cards("KH JC AH 5H JD"),
                       (AskSeen(0, queen, three, 2, shown=queen),))
