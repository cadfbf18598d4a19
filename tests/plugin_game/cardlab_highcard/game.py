"""High Card's rules, game, actions, record and seat view.

>>> game = HighCardGame.deal(HighCardRules(players=2, hand_size=1), seed=4)
>>> decision = game.decisions[0]
>>> decision.seat, decision.kind, len(decision.options)
(0, 'play', 1)
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar, Literal

from cardlab.action_codec import ActionCodec
from cardlab.cards import STANDARD_DECK, Card, CardName, Suit, codes
from cardlab.decisions import CHANCE, Decision, Event, refusal
from cardlab.errors import IllegalAction, RecordError
from cardlab.i18n import Text
from cardlab.replay import RecordedAction
from cardlab.validate import expect_int, read_cards

NAME = "highcard"
DECK: tuple[Card, ...] = tuple(card for card in STANDARD_DECK if card.suit is Suit.SPADES)
EventKind = Literal["play", "round", "over"]


@dataclass(frozen=True)
class HighCardRules:
    """How many seats, and how many cards (and rounds) each."""

    players: int = 3
    hand_size: int = 3

    @classmethod
    def from_json(cls, options: object) -> HighCardRules:
        """Rules from a JSON object of options; unknown keys and bad numbers are errors."""
        if not isinstance(options, dict):
            raise RecordError("highcard.error.rules_object", where="rules")
        known = [option.name for option in fields(cls)]
        for key in options:
            if key not in known:
                raise RecordError("error.unknown_key", where="rules", key=key,
                                  expected=", ".join(known))
        rules = cls(**options)
        expect_int(rules.players, "rules.players", 2, 4)
        expect_int(rules.hand_size, "rules.hand_size", 1, 3)
        return rules

    def to_json(self) -> dict[str, Any]:
        """The rules as JSON data."""
        return {"players": self.players, "hand_size": self.hand_size}


@dataclass(frozen=True)
class Play:
    """`seat` plays `card`."""

    seat: int
    card: Card


#: Writes and reads High Card's plays as JSON data (for stores of shared tables).
CODEC = ActionCodec[Play]({"play": Play})


@dataclass(frozen=True)
class Deal:
    """Chance deals `hands[seat]` to each seat."""

    hands: tuple[tuple[Card, ...], ...]

    @property
    def seat(self) -> int:
        """Chance's seat: no player deals."""
        return CHANCE


@dataclass(frozen=True)
class HighCardView:
    """What one seat knows: its cards now and every card played."""

    me: int
    hand: tuple[Card, ...]
    plays: tuple[tuple[int, Card], ...]


@dataclass(frozen=True)
class HighCardRecord:
    """A whole game: rules, the deal, every play."""

    game: ClassVar[str] = NAME

    rules: HighCardRules
    deal: tuple[tuple[Card, ...], ...]
    plays: tuple[tuple[int, Card], ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The record as cardlab/1 JSON data."""
        return {"format": "cardlab/1", "game": NAME, "rules": self.rules.to_json(),
                "deal": [codes(hand) for hand in self.deal],
                "plays": [{"seat": seat, "card": card.code} for seat, card in self.plays]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> HighCardRecord:
        """Read a record; a malformed one is a `RecordError` that says where."""
        rules = HighCardRules.from_json(data.get("rules", {}))
        deal = data.get("deal")
        if not isinstance(deal, list) or len(deal) != rules.players:
            raise RecordError("error.wrong_card_count", where="deal",
                              actual=len(deal) if isinstance(deal, list) else 0,
                              expected=rules.players)
        hands = tuple(read_cards(hand if isinstance(hand, list) else [], f"deal[{seat}]",
                                 rules.hand_size) for seat, hand in enumerate(deal))
        read_cards([card.code for hand in hands for card in hand], "deal")  # all distinct
        for card in (card for hand in hands for card in hand):
            if card not in DECK:
                raise RecordError("error.not_in_deck", where="deal", card=card)
        plays = data.get("plays", [])
        if not isinstance(plays, list) or len(plays) > rules.players * rules.hand_size or \
                not all(isinstance(p, dict) and isinstance(p.get("seat"), int)
                        and isinstance(p.get("card"), str) for p in plays):
            raise RecordError("highcard.error.bad_plays", where="plays")
        return cls(rules, hands, tuple((p["seat"], Card.parse(p["card"])) for p in plays))


@dataclass
class HighCardGame:
    """A game in progress: each seat's cards, the plays, the rounds each seat took.

    Use `deal`, or `undealt` for a game whose first decision is chance's (the deal).
    """

    rules: HighCardRules
    #: The dealer's random source (games are equal whatever it would deal).
    rng: random.Random = field(default_factory=random.Random, compare=False, repr=False)
    dealt: tuple[tuple[Card, ...], ...] = ()
    hands: list[list[Card]] = field(default_factory=list)
    plays: list[tuple[int, Card]] = field(default_factory=list)
    rounds: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.hands = [[] for _ in range(self.rules.players)]
        self.rounds = [0] * self.rules.players

    @classmethod
    def undealt(cls, rules: HighCardRules, seed: int | None = None) -> HighCardGame:
        """A game before the deal: chance is to deal (shuffled from `seed`)."""
        return cls(rules, random.Random(seed))

    @classmethod
    def deal(cls, rules: HighCardRules, seed: int | None) -> HighCardGame:
        """A game with each seat's cards dealt at random (the same seed, the same deal)."""
        game = cls.undealt(rules, seed)
        game.apply(game.draw())
        return game

    def draw(self) -> Deal:
        """The deal as the game's dealer shuffles it."""
        cards = self.rng.sample(DECK, self.rules.players * self.rules.hand_size)
        size = self.rules.hand_size
        return Deal(tuple(tuple(sorted(cards[seat * size:(seat + 1) * size]))
                          for seat in range(self.rules.players)))

    def recorded(self, record: HighCardRecord) -> Iterator[RecordedAction]:
        """The actions of `record`, from this game before its deal: the deal, then the plays."""
        yield "deal", Deal(record.deal)
        for number, (seat, card) in enumerate(record.plays):
            yield f"plays[{number}]", Play(seat, card)

    @property
    def turn(self) -> int:
        """The seat to play: every round in seat order."""
        return len(self.plays) % self.rules.players

    @property
    def over(self) -> bool:
        """True once every card is played."""
        return len(self.plays) == self.rules.players * self.rules.hand_size

    @property
    def decisions(self) -> tuple[Decision[str, Card], ...]:
        """Chance deals first; then the seat to play chooses one of its cards."""
        if not self.dealt:
            return (Decision(CHANCE, "deal", ()),)
        if self.over:
            return ()
        return (Decision(self.turn, "play", tuple(sorted(self.hands[self.turn]))),)

    @property
    def winners(self) -> list[int]:
        """The seats that took most rounds."""
        best = max(self.rounds)
        return [seat for seat, rounds in enumerate(self.rounds) if rounds == best]

    def why_not(self, action: Any) -> Text | None:
        """Why `action` is refused now (None: it is legal)."""
        return refusal(self._check, action)

    def apply(self, action: Any) -> list[Event[EventKind]]:
        """Deal, or play a card; the end of a round and of the game are told too."""
        self._check(action)
        if isinstance(action, Deal):
            self.dealt = action.hands
            self.hands = [list(hand) for hand in action.hands]
            return []
        self.hands[action.seat].remove(action.card)
        self.plays.append((action.seat, action.card))
        events: list[Event[EventKind]] = [Event("play", Text(
            "highcard.event.played", seat=action.seat, card=CardName(action.card)),
            seat=action.seat, data={"card": action.card.code})]
        players = self.rules.players
        if len(self.plays) % players == 0:
            seat, card = max(self.plays[-players:], key=lambda play: play[1].rank)
            self.rounds[seat] += 1
            events.append(Event("round", Text("highcard.event.round", seat=seat,
                                              card=CardName(card)), seat=seat))
        if self.over:
            events.append(Event("over", Text("highcard.event.over",
                                             seats=", ".join(map(str, self.winners)))))
        return events

    def view(self, seat: int) -> HighCardView:
        """What `seat` knows now."""
        return HighCardView(seat, tuple(sorted(self.hands[seat])), tuple(self.plays))

    def to_record(self) -> HighCardRecord:
        """The game so far as a record."""
        return HighCardRecord(self.rules, self.dealt, tuple(self.plays))

    def _check(self, action: Any) -> None:
        if isinstance(action, Deal):
            self._check_deal(action)
            return
        if not isinstance(action, Play):
            raise IllegalAction("highcard.illegal.not_a_play")
        if not self.dealt:
            raise IllegalAction("highcard.illegal.not_dealt")
        if self.over:
            raise IllegalAction("highcard.illegal.over")
        if action.seat != self.turn:
            raise IllegalAction("highcard.illegal.not_your_turn", turn=self.turn,
                                seat=action.seat)
        if action.card not in self.hands[action.seat]:
            raise IllegalAction("highcard.illegal.not_in_hand", seat=action.seat,
                                card=action.card)

    def _check_deal(self, deal: Deal) -> None:
        if self.dealt:
            raise IllegalAction("highcard.illegal.dealt")
        cards = [card for hand in deal.hands for card in hand]
        if len(deal.hands) != self.rules.players or len(set(cards)) != len(cards) or \
                any(len(hand) != self.rules.hand_size for hand in deal.hands) or \
                not set(cards) <= set(DECK):
            raise IllegalAction("highcard.illegal.bad_deal", players=self.rules.players,
                                size=self.rules.hand_size)
