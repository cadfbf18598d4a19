"""Errors a person can fix: bad card codes, malformed records, illegal moves.

Each error carries a catalogue key and its parameters, so the same error
reads in English on the command line and in German in a widget.

>>> err = CardlabError("error.missing_key", key="hands").at("record")
>>> str(err)
"record: missing key 'hands'"
>>> err.text("de")
"record: Schlüssel 'hands' fehlt"
"""

from __future__ import annotations

from cardlab.i18n import Text


class CardlabError(ValueError):
    """Bad input, with a message that says what is wrong and where."""

    def __init__(self, key: str, /, where: str = "", **params: object) -> None:
        self.key = key
        self.where = where
        self.params = params
        super().__init__(self.text("en"))

    def text(self, lang: str = "en") -> str:
        """The message in `lang`, prefixed with where the problem is."""
        body = Text(self.key, **self.params).text(lang)
        return f"{self.where}: {body}" if self.where else body

    def at(self, where: str) -> CardlabError:
        """The same error, located at `where` (outer locations come first)."""
        located = f"{where}, {self.where}" if self.where else where
        return type(self)(self.key, where=located, **self.params)


class CardError(CardlabError):
    """A card code that cannot be read."""


class RulesError(CardlabError):
    """A rule option that does not exist or does not fit."""


class RecordError(CardlabError):
    """A record or observation log that breaks the cardlab/1 format."""


class IllegalAction(CardlabError):
    """A move the rules do not allow; the game is unchanged."""


class InconsistentObservations(CardlabError):
    """An observation log that no deal can explain; `where` names the event that breaks it."""

