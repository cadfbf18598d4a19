"""The message catalogue: every string a learner reads, in English and German.

>>> message("suit.S", "de")
'Pik'
>>> message("card.name", rank="Queen", suit="Spades")
'Queen of Spades'
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
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
    return dict(_flatten(raw))


def _flatten(table: dict[str, Any], prefix: str = ""):
    for key, value in table.items():
        if isinstance(value, dict):
            yield from _flatten(value, f"{prefix}{key}.")
        else:
            yield f"{prefix}{key}", value


class Text:
    """A message to be shown later, in whichever language the reader wants.

    Parameters that have a ``label(lang)`` method (suits, places) name themselves
    in that language; anything else is formatted with ``str``.

    >>> Text("suit.S").text("de")
    'Pik'
    """

    __slots__ = ("key", "params")

    def __init__(self, key: str, /, **params: object) -> None:
        self.key = key
        self.params = params

    def text(self, lang: str = "en") -> str:
        """The message in `lang`."""
        return message(self.key, lang, **{
            name: value.text(lang) if isinstance(value, Text)
            else value.label(lang) if callable(getattr(value, "label", None)) else value
            for name, value in self.params.items()
        })

    def __str__(self) -> str:
        return self.text("en")

    def __repr__(self) -> str:
        return f"Text({self.key!r}, {self.params!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Text) and (self.key, self.params) == (other.key, other.params)

    def __hash__(self) -> int:
        return hash(self.key)


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
        """The number and its noun in `lang`."""
        return message(f"{self.key}.{'one' if self.n == 1 else 'other'}", lang, n=self.n)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Count) and (self.key, self.n) == (other.key, other.n)

    def __hash__(self) -> int:
        return hash((self.key, self.n))


def message(key: str, lang: str = "en", /, **params: object) -> str:
    """The message `key` in `lang`, with `params` filled in.

    >>> message("fivesons.sons.1", "de")
    'einen Sohn'
    """
    return catalogue(lang)[key].format(**params)
