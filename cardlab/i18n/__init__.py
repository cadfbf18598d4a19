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


def message(key: str, lang: str = "en", /, **params: object) -> str:
    """The message `key` in `lang`, with `params` filled in.

    >>> message("fivesons.sons.1", "de")
    'einen Sohn'
    """
    return catalogue(lang)[key].format(**params)
