"""A result to print: JSON data and readable text, each in the reader's language.

>>> report = Report(lambda lang: {"over": True}, lambda lang: "Over." if lang == "en" else "Aus.")
>>> report.data("de"), report.text("de")
({'over': True}, 'Aus.')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Report:
    """What a command prints: `data(lang)` for `--format json`, `text(lang)` otherwise."""

    data: Callable[[str], Any]
    text: Callable[[str], str]
