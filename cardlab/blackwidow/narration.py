"""What each seat hears as a Black Widow hand goes on: one event per step, in words.

Everybody sees every card played and every trick taken; the cards passed are
known only to the passer and, once everyone has passed, to the receiver.

>>> from cardlab.cards import parse_cards
>>> event = passed(0, 1, parse_cards("QS AH KH"))
>>> event.told_to(2).text()
'Seat 0 passed three cards to seat 1.'
>>> event.told_to(0).text()
'Seat 0 passed the Queen of Spades, the Ace of Hearts and the King of Hearts to seat 1.'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal

from cardlab.blackwidow.actions import MoonChoice
from cardlab.cards import Card, CardName
from cardlab.decisions import Event
from cardlab.i18n import Count, ListOf, Text

#: What can happen, as the events' `kind`.
EventKind = Literal["deal", "pass", "receive", "play", "hearts_broken", "trick", "moon",
                    "moon_choice", "scored", "over"]
BlackWidowEvent = Event[EventKind]


class CardList:
    """Cards as a message parameter: full names joined as the language joins a list."""

    def __init__(self, cards: Sequence[Card]) -> None:
        self.cards = tuple(cards)

    def label(self, lang: str = "en") -> str:
        """'the Queen of Spades, the Ace of Hearts and the King of Hearts'."""
        return ListOf(Text("blackwidow.event.the_card", card=CardName(card))
                      for card in self.cards).label(lang)


def dealt(number: int, direction: str) -> BlackWidowEvent:
    """A new hand is dealt; it says where the cards go."""
    return Event("deal", Text("blackwidow.event.dealt", number=number + 1,
                              direction=Text(f"blackwidow.event.direction.{direction}")),
                 data={"hand": number})


def passed(seat: int, to: int, cards: Sequence[Card]) -> BlackWidowEvent:
    """`seat` passed its three cards; only it knows which."""
    return Event("pass", Text("blackwidow.event.passed", seat=seat, to=to), seat=seat,
                 private=Text("blackwidow.event.passed_cards", seat=seat, to=to,
                              cards=CardList(cards)),
                 told=frozenset({seat}))


def received(seat: int, by: int, cards: Sequence[Card]) -> BlackWidowEvent:
    """`seat` picks up the cards `by` passed it."""
    return Event("receive", Text("blackwidow.event.received", seat=seat, by=by), seat=seat,
                 private=Text("blackwidow.event.received_cards", seat=seat, by=by,
                              cards=CardList(cards)),
                 told=frozenset({seat}))


def played(seat: int, card: Card) -> BlackWidowEvent:
    """A card played (everyone sees it)."""
    return Event("play", Text("blackwidow.event.played", seat=seat, card=CardName(card)),
                 seat=seat, data={"card": card.code})


def hearts_broken(card: Card) -> BlackWidowEvent:
    """The first heart (or, by option, the Queen of Spades) fell."""
    return Event("hearts_broken", Text("blackwidow.event.hearts_broken"),
                 data={"card": card.code})


def took_trick(seat: int, points: int, total: int) -> BlackWidowEvent:
    """`seat` won the trick, worth `points`; `total` taken this hand so far."""
    return Event("trick", Text("blackwidow.event.trick", seat=seat,
                               points=Count("count.points", points),
                               total=Count("count.points", total)),
                 seat=seat, data={"points": points, "total": total})


def shot_moon(seat: int) -> BlackWidowEvent:
    """`seat` took every heart and the Queen of Spades."""
    return Event("moon", Text("blackwidow.event.moon", seat=seat), seat=seat)


def moon_choice(seat: int, choice: MoonChoice) -> BlackWidowEvent:
    """How the shooter chose to score the moon."""
    return Event("moon_choice", Text(f"blackwidow.event.moon_{choice}", seat=seat), seat=seat,
                 data={"choice": str(choice)})


def hand_scored(number: int, points: Sequence[int], scores: Sequence[int]) -> BlackWidowEvent:
    """The hand is over: points taken and the game's scores."""
    return Event("scored", Text("blackwidow.event.scored", number=number + 1,
                                points=", ".join(map(str, points)),
                                scores=", ".join(map(str, scores))),
                 data={"points": list(points), "scores": list(scores)})


def named_scores(event: BlackWidowEvent, name: Callable[[int], str]) -> Text:
    """A hand's "scored" line with every seat's points and score after its `name`.

    >>> event = hand_scored(0, [0, 26], [0, 26])
    >>> named_scores(event, ["You", "Seat 1"].__getitem__).text()
    'Hand 1 is over. Points this hand: You 0, Seat 1 26. Scores: You 0, Seat 1 26.'
    """
    def by_name(values: Sequence[int]) -> str:
        return ", ".join(f"{name(seat)} {value}" for seat, value in enumerate(values))

    return Text("blackwidow.event.scored", number=event.told_to(None).params["number"],
                points=by_name(event.data["points"]), scores=by_name(event.data["scores"]))


def addressed(event: BlackWidowEvent, me: int | None) -> Text:
    """`event` as seat `me` reads it, speaking to it as "you" where it did something or
    something was done to it (None: the table's account, every seat by its number).

    >>> from cardlab.cards import parse_cards
    >>> event = passed(0, 1, parse_cards("QS AH KH"))
    >>> addressed(event, 1).text(), addressed(played(0, parse_cards("QS")[0]), 0).text("de")
    ('Seat 0 passed you three cards.', 'Du spielst Pik-Dame.')
    """
    told = event.told_to(me)
    if me is None:
        return told
    if event.kind == "over":
        winners = list(event.data["winners"])
        if me not in winners:
            return told
        others = [seat for seat in winners if seat != me]
        if not others:
            return Text(f"{_EVENT}you.won")
        many = "_many" if len(others) > 1 else ""
        return Text(f"{_EVENT}you.won_shared{many}", seats=ListOf(others))
    part = told.key.removeprefix(_EVENT)
    if part == told.key:
        return told
    if told.params.get("seat") == me:
        return Text(f"{_EVENT}you.{part}", **told.params)
    if me in (told.params.get("to"), told.params.get("by")):
        return Text(f"{_EVENT}to_you.{part}", **told.params)
    return told


_EVENT = "blackwidow.event."


def game_over(winners: Sequence[int]) -> BlackWidowEvent:
    """Someone went over the end score: the lowest score wins (ties share)."""
    key = "blackwidow.report.winners" if len(winners) == 1 else "blackwidow.report.winners_shared"
    return Event("over", Text(key, seats=ListOf(winners)),
                 data={"winners": list(winners)})
