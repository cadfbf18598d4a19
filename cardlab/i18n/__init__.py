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


def message(key: str, lang: str = "en", /, **params: object) -> str:
    """The message `key` in `lang`, with `params` filled in.

    >>> message("fivesons.sons.1", "de")
    'einen Sohn'
    """
    return catalogue(lang)[key].format(**params)
