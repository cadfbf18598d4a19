"""Checks that need the rules, shared by rules and records: each raises a located RecordError.

Structure (keys, types, card code forms) is the schema's job (`cardlab.schema`);
these run on data that has passed it.

>>> read_cards(["qs", "10h"], "hand", count=2)
(Card('QS'), Card('TH'))
>>> expect_int(7, "rules.players", 3, 6)
Traceback (most recent call last):
...
cardlab.errors.RecordError: rules.players: 7 is out of range (3 to 6)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from cardlab.cards import Card
from cardlab.errors import RecordError
from cardlab.i18n import Number


def expect_int(value: Any, where: str, low: int, high: int) -> int:
    """An integer within `low`..`high` (for values built in Python, not read from JSON)."""
    # bool is an int in Python, but true is never a count.
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise RecordError("error.out_of_range", where=where, value=value, low=low, high=high)
    return value


def expect_choice(value: Any, choices: Iterable[str], where: str) -> str:
    """One of the strings `choices`."""
    choices = list(choices)
    if not isinstance(value, str) or value not in choices:
        raise RecordError(
            "error.bad_choice", where=where, value=value, choices=", ".join(choices)
        )
    return value


def expect_length(items: Sequence[Any], expected: int, where: str) -> None:
    """Raise unless there are exactly `expected` items (one per seat, say)."""
    if len(items) != expected:
        raise RecordError("records.wrong_length", where=where, actual=len(items),
                          expected=expected)


def expect_at_most(data: Any, limit: int, where: str, key: str) -> None:
    """Raise the error `key` if `data` is a list longer than `limit` (checked before
    anything looks at its entries).

    >>> expect_at_most([{}] * 1200, 1000, "events", "records.too_many_events")
    Traceback (most recent call last):
    ...
    cardlab.errors.RecordError: events: 1,200 events, more than the longest game cardlab \
accepts (1,000 events)
    """
    if isinstance(data, list) and len(data) > limit:
        raise RecordError(key, where=where, actual=Number(len(data)), expected=Number(limit))


def read_cards(codes: Iterable[str], where: str, count: int | None = None) -> tuple[Card, ...]:
    """Distinct cards from codes the schema accepted, `count` of them when given."""
    cards = tuple(Card.parse(code) for code in codes)
    if count is not None and len(cards) != count:
        raise RecordError("error.wrong_card_count", where=where, actual=len(cards), expected=count)
    expect_distinct(cards, where)
    return cards


def expect_distinct(cards: Iterable[Card], where: str) -> None:
    """Raise if any card appears twice (``qs`` and ``QS`` are the same card)."""
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise RecordError("error.duplicate_card", where=where, card=card)
        seen.add(card)


def expect_deal(hands: Iterable[Iterable[Card]], deck: Iterable[Card], where: str,
                set_aside: Iterable[Card] = ()) -> None:
    """Every card of every hand is in `deck`, and no card is dealt twice (or also set aside)."""
    deck = set(deck)
    seen: set[Card] = set(set_aside)
    for seat, hand in enumerate(hands):
        for card in hand:
            if card not in deck:
                raise RecordError("error.not_in_deck", where=f"{where}[{seat}]", card=card)
            if card in seen:
                raise RecordError("error.duplicate_card", where=f"{where}[{seat}]", card=card)
            seen.add(card)


def expect_names(data: dict[str, Any], count: int) -> tuple[str, ...] | None:
    """The optional `players` display names of a record: one per seat."""
    if "players" not in data:
        return None
    expect_length(data["players"], count, "players")
    return tuple(data["players"])
