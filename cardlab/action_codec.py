"""Actions as JSON data (for stores of shared tables), for any game whose actions are frozen
dataclasses with the acting `seat` as their first field.

An action of kind KEY is written `{KEY: seat, field: value, ...}`: a card by its
code, a tuple of cards as a list of codes, an enum member by its value, a whole
number as it is. Reading checks every value's type and raises `RecordError` for
anything `to_json` could not have written.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Show:
...     seat: int
...     card: Card
>>> codec = ActionCodec({"show": Show})
>>> codec.to_json(Show(2, Card.parse("QS")))
{'show': 2, 'card': 'QS'}
>>> codec.from_json({"show": 2, "card": "q♠"})
Show(seat=2, card=Card('QS'))
>>> codec.from_json({"show": "2", "card": "QS"})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardlab.errors.RecordError: ...
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from enum import Enum
from typing import Any, Generic, Protocol, TypeVar, get_args, get_origin, get_type_hints

from cardlab.cards import Card
from cardlab.errors import RecordError


class SeatAction(Protocol):
    """An action: what one seat does."""

    @property
    def seat(self) -> int: ...


A = TypeVar("A", bound=SeatAction)


class ActionCodec(Generic[A]):
    """Writes and reads the actions of `kinds` (JSON key -> action class); a document with
    several keys is read as the first kind, in the order of `kinds`, that it names."""

    def __init__(self, kinds: Mapping[str, type[A]]) -> None:
        self._kinds: dict[str, Callable[..., A]] = dict(kinds)
        self._keys = {cls: key for key, cls in kinds.items()}
        self._fields = {key: _fields(cls) for key, cls in kinds.items()}

    def to_json(self, action: A) -> dict[str, object]:
        """`action` as JSON data."""
        key = self._keys[type(action)]
        data: dict[str, object] = {key: action.seat}
        for name, _ in self._fields[key]:
            data[name] = _write(getattr(action, name))
        return data

    def from_json(self, data: object) -> A:
        """The action `to_json` wrote; anything else raises `RecordError`."""
        try:
            if not isinstance(data, dict):
                raise TypeError(data)
            key = next(key for key in self._kinds if key in data)
            values = {name: read(data[name]) for name, read in self._fields[key]}
            return self._kinds[key](_seat(data[key]), **values)
        except (StopIteration, KeyError, TypeError, ValueError):
            raise RecordError("error.bad_action", value=str(data)[:80]) from None


def _fields(cls: type) -> list[tuple[str, Callable[[Any], Any]]]:
    """The fields of action class `cls` after its seat, each with its reader."""
    names = [field.name for field in dataclasses.fields(cls)]
    if names[:1] != ["seat"]:
        raise TypeError(f"{cls.__name__}: an action's first field is its seat")
    hints = get_type_hints(cls)
    return [(name, _reader(hints[name])) for name in names[1:]]


def _reader(hint: Any) -> Callable[[Any], Any]:
    """How to read a value written for a field of type `hint`."""
    if hint is Card:
        return _card
    if get_origin(hint) is tuple and get_args(hint) == (Card, ...):
        return lambda codes: tuple(_card(code) for code in _list(codes))
    if isinstance(hint, type) and issubclass(hint, Enum):
        return hint
    if hint is int:
        return _seat
    raise TypeError(f"an action field of type {hint} has no JSON form")


def _write(value: object) -> object:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, tuple):
        return [_write(item) for item in value]
    if isinstance(value, Enum):
        return value.value
    return value


def _card(code: object) -> Card:
    if not isinstance(code, str):
        raise TypeError(code)
    return Card.parse(code)


def _list(value: object) -> list[object]:
    if not isinstance(value, list):
        raise TypeError(value)
    return value


def _seat(value: object) -> int:
    if type(value) is not int:
        raise TypeError(value)
    return value
