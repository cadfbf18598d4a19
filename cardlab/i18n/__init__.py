"""The message catalogue: every string a learner reads, in English and German.

The messages every game shares are here (``en.toml``, ``de.toml``); each game's
own messages are in its package, beside its entry (`game_catalogues`).

>>> message("suit.S", "de")
'Pik'
>>> message("card.name", rank="Queen", suit="Spades")
'Queen of Spades'
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from importlib import resources
from importlib.metadata import entry_points
from typing import Any

LANGUAGES: tuple[str, ...] = ("en", "de")


@cache
def catalogue(lang: str) -> dict[str, str]:
    """All messages of one language, flattened to dotted keys.

    >>> catalogue("en")["rank.Q"]
    'Queen'
    """
    if lang not in LANGUAGES:
        # Not a CardlabError: that class itself needs the catalogue.
        raise ValueError(f"unknown language '{lang}' (choose {', '.join(LANGUAGES)})")
    raw = tomllib.loads(resources.files(__name__).joinpath(f"{lang}.toml").read_text("utf-8"))
    messages = dict(_flatten(raw))
    for package in game_catalogues():
        try:
            found = resources.files(package).joinpath(f"{lang}.toml")
        except Exception:  # a broken game says what is wrong when it is played, not here
            continue
        if found.is_file():
            for key, value in _flatten(tomllib.loads(found.read_text("utf-8"))):
                messages.setdefault(key, value)   # a game adds messages, never replaces one
    return messages


#: The entry-point group of a game's messages, where they are not beside its entry: each
#: names a package holding ``en.toml``, ``de.toml`` (keys under the game's own name).
CATALOGUES = "cardlab.catalogues"
#: The games' entry points (`cardlab.games`): a game's messages may sit beside its entry.
GAME_GROUP = "cardlab.games"


def game_catalogues() -> list[str]:
    """The packages that hold the games' messages: the package of each game's entry, and
    each package a `cardlab.catalogues` entry point names.

    >>> from cardlab.games import in_menu_order
    >>> type(in_menu_order()[0]).__module__.rpartition(".")[0] in game_catalogues()
    True
    """
    packages = {point.value for point in entry_points(group=CATALOGUES)}
    packages |= {point.module.rpartition(".")[0] or point.module
                 for point in entry_points(group=GAME_GROUP)}
    return sorted(packages)


def _flatten(table: dict[str, Any], prefix: str = "") -> Iterator[tuple[str, Any]]:
    for key, value in table.items():
        if isinstance(value, dict):
            yield from _flatten(value, f"{prefix}{key}.")
        else:
            yield f"{prefix}{key}", value


class Text:
    """A message to be shown later, in whichever language the reader wants.

    Parameters that have a ``label(lang)`` method (suits, places, cards) name
    themselves in that language; anything else is formatted with ``str``. Cards
    read as their corners show them (``B♣`` in German), except inside `card_codes`.

    >>> Text("suit.S").text("de")
    'Pik'
    """

    __slots__ = ("key", "params")

    def __init__(self, key: str, /, **params: object) -> None:
        self.key = key
        self.params = params

    def text(self, lang: str = "en") -> str:
        """The message in `lang`."""
        return message(self.key, lang, **{name: _in_language(value, lang)
                                          for name, value in self.params.items()})

    def __str__(self) -> str:
        with card_codes():
            return self.text("en")

    def __repr__(self) -> str:
        return f"Text({self.key!r}, {self.params!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Text) and (self.key, self.params) == (other.key, other.params)

    def __hash__(self) -> int:
        return hash(self.key)


#: Whether messages name cards by their canonical codes (see `card_codes`).
_CARD_CODES: ContextVar[bool] = ContextVar("card_codes", default=False)


@contextmanager
def card_codes() -> Iterator[None]:
    """Inside, messages name cards by their canonical codes (``QS``), not as people read them.

    The command line and every exception's own text use codes: scripts read them, and a
    person typed them. Widgets and lessons use the cards' corner labels (``Q♠``).

    >>> from cardlab.cards import Card
    >>> Text("error.not_in_deck", card=Card.parse("QS")).text("de")
    'D♠ gehört nicht zum Kartenspiel dieses Spiels'
    >>> with card_codes():
    ...     Text("error.not_in_deck", card=Card.parse("QS")).text()
    "QS is not in this game's deck"
    """
    token = _CARD_CODES.set(True)
    try:
        yield
    finally:
        _CARD_CODES.reset(token)


def _in_language(value: object, lang: str) -> object:
    """A parameter as `lang` shows it: texts and things with a `label` name themselves, and
    things that can be `declined` also in the grammatical case a message asks for."""
    if isinstance(value, Text):
        return value.text(lang)
    if _CARD_CODES.get() and isinstance(code := getattr(value, "code", None), str):
        return _Undeclined(code)
    if callable(getattr(value, "declined", None)):
        return Declined(value, lang)
    label = getattr(value, "label", None)
    return _Undeclined(label(lang)) if callable(label) else value


class _Undeclined(str):
    """A name that reads the same in every case a message may ask for (a code, a corner)."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        return str(self)


class Declined:
    """A parameter that a message may ask for in a grammatical case: ``{card:acc}``.

    German names a card differently as subject and object ("der Pik-Bube ist ...",
    "hat den Pik-Buben nicht"), so a message gives the case in its placeholder's format
    spec: ``nom``, ``acc`` or ``dat``; with a capital (``Nom``) the phrase starts a
    sentence. The value's ``declined(lang, case)`` says it (cards: the ``card_case``
    catalogue section); with no spec it reads as its ``label``.

    >>> from cardlab.cards import Card, CardName
    >>> jack = CardName(Card.parse("JS"))
    >>> "{0:acc}, {0:Nom}, {0}".format(Declined(jack, "de"))
    'den Pik-Buben, Der Pik-Bube, Pik-Bube'
    """

    __slots__ = ("lang", "value")

    def __init__(self, value: Any, lang: str) -> None:
        self.value = value
        self.lang = lang

    def __format__(self, spec: str) -> str:
        if not spec:
            return str(self.value.label(self.lang))
        phrase = str(self.value.declined(self.lang, spec.lower()))
        return phrase[:1].upper() + phrase[1:] if spec[:1].isupper() else phrase


class Count:
    """A number with its noun, singular or plural as the language needs.

    The catalogue holds `KEY.one` and `KEY.other`, each with a `{n}` placeholder.

    >>> Count("count.points", 1).label(), Count("count.points", 14).label("de")
    ('1 point', '14 Punkte')
    """

    __slots__ = ("key", "n")

    def __init__(self, key: str, n: int) -> None:
        self.key = key
        self.n = n

    def label(self, lang: str = "en") -> str:
        """The number (written as `lang` writes numbers) and its noun in `lang`."""
        return message(f"{self.key}.{'one' if self.n == 1 else 'other'}", lang,
                       n=number(self.n, lang))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Count) and (self.key, self.n) == (other.key, other.n)

    def __hash__(self) -> int:
        return hash((self.key, self.n))


class ListOf:
    """Several things as one message parameter, joined as the language joins a list.

    Each item reads as it would as a parameter of its own (a `Text`, a thing with a
    `label`, a number).

    >>> ListOf([1, 2, 3]).label(), ListOf(["Ann", "Ben"]).label("de"), ListOf([4]).label()
    ('1, 2 and 3', 'Ann und Ben', '4')
    """

    __slots__ = ("items",)

    def __init__(self, items: Iterable[object]) -> None:
        self.items = tuple(items)

    def __len__(self) -> int:
        return len(self.items)

    def label(self, lang: str = "en") -> str:
        """The items in `lang`, the last two joined by the language's "and"."""
        names = [f"{_in_language(item, lang)}" for item in self.items]
        if len(names) < 2:
            return "".join(names)
        return message("list.and", lang, first=", ".join(names[:-1]), last=names[-1])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ListOf) and self.items == other.items

    def __hash__(self) -> int:
        return hash(self.items)


@dataclass(frozen=True)
class Number:
    """A number in a message, written as the reader's language writes numbers.

    A fraction that is not whole is written ``8/27``, the same in every language.

    >>> Number(1407929402880).label("de"), Number(6.1699, 2).label("de")
    ('1.407.929.402.880', '6,17')
    >>> Number(Fraction(8, 27)).label(), Number(Fraction(4, 2)).label()
    ('8/27', '2')
    """

    value: int | float | Fraction
    digits: int = 0

    def label(self, lang: str = "en") -> str:
        """The number in `lang`."""
        value = self.value
        if isinstance(value, Fraction):
            if value.denominator != 1:
                return f"{value.numerator}/{value.denominator}"
            value = int(value)
        if isinstance(value, int) and self.digits == 0:
            return number(value, lang)
        return number(float(value), lang, self.digits)



def number(value: float, lang: str = "en", digits: int = 0) -> str:
    """`value` with thousands grouped and `digits` decimals, as `lang` writes numbers.

    >>> number(4859316, "de"), number(2.625, "de", 1), number(1234.5, "en", 2)
    ('4.859.316', '2,6', '1,234.50')
    """
    # Integers exactly, however large (a float would round counts of deals).
    text = f"{value:,}" if isinstance(value, int) else f"{value:,.{digits}f}"
    return text.translate(_GERMAN_DIGITS) if lang == "de" else text


def percent(share: float, lang: str = "en") -> str:
    """`share` as a percentage: whole at 0 and 100, else to one decimal.

    >>> percent(0.026, "en"), percent(0.026, "de"), percent(1.0, "de")
    ('2.6%', '2,6 %', '100 %')
    """
    digits = 0 if share in (0.0, 1.0) else 1
    return message("number.percent", lang, value=number(share * 100, lang, digits))


_GERMAN_DIGITS = str.maketrans(",.", ".,")


def message(key: str, lang: str = "en", /, **params: object) -> str:
    """The message `key` in `lang`, with `params` filled in.

    >>> message("graph.cards", "de", count=5)
    '5 Karten'
    """
    return catalogue(lang)[key].format(**params)
