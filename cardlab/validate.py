"""Small checks shared by rules and records: each raises a located RecordError.

>>> expect_type([1], list, "hand", "a list")
[1]
>>> expect_keys({"a": 1}, required=["a"], optional=[], where="rules")
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from cardlab.cards import Card
from cardlab.errors import CardError, RecordError


def expect_type(value: Any, kind: type | tuple[type, ...], where: str, expected: str) -> Any:
    """`value` if it is of `kind`, else a RecordError naming what was expected."""
    # bool is an int in Python, but true is never a seat number in a record.
    if isinstance(value, kind) and not (isinstance(value, bool) and kind is int):
        return value
    raise RecordError("error.wrong_type", where=where, expected=expected, actual=_json_kind(value))


def expect_keys(
    data: dict[str, Any], required: Iterable[str], optional: Iterable[str], where: str
) -> None:
    """Raise for a missing required key or a key that is neither required nor optional."""
    required, optional = list(required), list(optional)
    for key in required:
        if key not in data:
            raise RecordError("error.missing_key", where=where, key=key)
    allowed = required + optional
    for key in data:
        if key not in allowed:
            raise RecordError(
                "error.unknown_key", where=where, key=key, expected=", ".join(allowed)
            )


def expect_int(value: Any, where: str, low: int, high: int) -> int:
    """An integer within `low`..`high`."""
    expect_type(value, int, where, "a whole number")
    if not low <= value <= high:
        raise RecordError("error.out_of_range", where=where, value=value, low=low, high=high)
    return value


def expect_choice(value: Any, choices: Iterable[str], where: str) -> str:
    """One of the strings `choices`."""
    choices = list(choices)
    if value not in choices:
        raise RecordError(
            "error.bad_choice", where=where, value=value, choices=", ".join(choices)
        )
    return value


def expect_card(value: Any, where: str) -> Card:
    """A card read from its code."""
    expect_type(value, str, where, "a card code")
    try:
        return Card.parse(value)
    except CardError as err:
        raise err.at(where) from None


def expect_cards(value: Any, where: str, count: int | None = None) -> tuple[Card, ...]:
    """A list of distinct card codes, of length `count` when given."""
    expect_type(value, list, where, "a list of card codes")
    cards = tuple(expect_card(item, f"{where}[{i}]") for i, item in enumerate(value))
    if count is not None and len(cards) != count:
        raise RecordError("error.wrong_card_count", where=where, actual=len(cards), expected=count)
    expect_distinct(cards, where)
    return cards


def expect_distinct(cards: Iterable[Card], where: str) -> None:
    """Raise if any card appears twice."""
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
    """The optional `players` display names of a record: `count` strings."""
    if "players" not in data:
        return None
    names = expect_type(data["players"], list, "players", "a list of names")
    if len(names) != count:
        raise RecordError("error.wrong_type", where="players",
                          expected=f"{count} names", actual=f"{len(names)}")
    return tuple(expect_type(name, str, f"players[{i}]", "text") for i, name in enumerate(names))


def _json_kind(value: Any) -> str:
    names = {bool: "true/false", int: "a number", float: "a number", str: "text",
             list: "a list", dict: "an object", type(None): "null"}
    return names.get(type(value), type(value).__name__)
