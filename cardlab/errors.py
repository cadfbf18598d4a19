"""Errors a person can fix: bad card codes, malformed records, illegal moves.

Each error carries a catalogue key and its parameters, so the same error
reads in English on the command line and in German in a widget.

>>> err = CardlabError("error.missing_key", key="hands").at("record")
>>> str(err)
"record: missing key 'hands'"
>>> err.text("de")
'Aufzeichnung: Schlüssel „hands“ fehlt'

Values copied from the input are shown safely: on one line, control
characters escaped, long text cut short, huge numbers not spelt out.

>>> print(CardlabError("error.unknown_key", where="rules", key="a\\nb\\x1b", expected="x").text())
rules: unknown key 'a\\nb\\x1b' (expected x)
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from cardlab.i18n import Text, card_codes

#: Longest text copied from the input into a message; the rest becomes "…".
MAX_ECHO = 120
#: Numbers with more digits than this are described, not shown.
MAX_ECHO_DIGITS = 30
_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def one_line(text: str) -> str:
    """`text` with every character that is not printable escaped: one harmless line.

    Control characters (newline, CR, ESC), bidirectional overrides, separators
    other than the space and unassigned code points all become escapes.

    >>> one_line("a\\r\\nb\\x1b[31m")
    'a\\\\r\\\\nb\\\\x1b[31m'
    """
    if text.isprintable():
        return text
    return "".join(_escape(char) for char in text)


def _escape(char: str) -> str:
    if char in _ESCAPES:
        return _ESCAPES[char]
    if char.isprintable():
        return char
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 \
        else f"\\U{code:08x}"


def echo(value: object) -> object:
    """A parameter made safe to show: text on one line and at most `MAX_ECHO` long.

    >>> echo("x" * 200)[-3:], echo(10 ** 40).text()
    ('xx…', 'a number of more than 30 digits')
    """
    if isinstance(value, str):
        value = one_line(value)
        return value if len(value) <= MAX_ECHO else value[:MAX_ECHO - 1] + "…"
    if isinstance(value, int) and not isinstance(value, bool) and \
            abs(value) >= 10 ** MAX_ECHO_DIGITS:
        return Text("input.big_number", limit=MAX_ECHO_DIGITS)
    return value


def _translated_where(where: str, lang: str) -> str:
    """A location such as "hand 2, play 17" in `lang` (paths and option names stay as they are).

    >>> _translated_where("game.json, hand 2, play 17, events[0].ask", "de")
    'game.json, Runde 2, Karte 17, events[0].ask'
    """
    parts = []
    for part in where.split(", "):
        word, _, number = part.partition(" ")
        if word in _WHERE_WORDS and (number.isdecimal() if number else word in _PLAIN_WHERE):
            part = Text(f"where.{word}", n=number).text(lang)
        parts.append(part)
    return ", ".join(parts)


_PLAIN_WHERE = {"pass", "moon", "record", "log"}
_WHERE_WORDS = {"event", "hand", "play"} | _PLAIN_WHERE


class CardlabError(ValueError):
    """Bad input, with a message that says what is wrong and where."""

    def __init__(self, key: str, /, where: str = "", more: Text | None = None,
                 **params: object) -> None:
        self.key = key
        self.where = where
        self.params = params
        #: What follows the message, such as how many more problems the input has.
        self.more = more
        with card_codes():
            super().__init__(self.text("en"))

    def text(self, lang: str = "en") -> str:
        """The message in `lang`, prefixed with where the problem is."""
        params = {name: echo(value) for name, value in self.params.items()}
        body = Text(self.key, **params).text(lang)
        if self.more is not None:
            body = f"{body} {self.more.text(lang)}"
        where = self.where if lang == "en" else _translated_where(self.where, lang)
        return one_line(f"{where}: {body}" if where else body)

    def at(self, where: str) -> CardlabError:
        """The same error, located at `where` (outer locations come first)."""
        located = f"{where}, {self.where}" if self.where else where
        return type(self)(self.key, where=located, more=self.more, **self.params)


class CardError(CardlabError):
    """A card code that cannot be read."""


class RecordError(CardlabError):
    """A record or observation log that breaks the cardlab/1 format."""


class RulesError(RecordError):
    """A rule option that does not exist or does not fit, in a record, `--rules` or an app's
    address (all rule options are checked by the rules classes, which raise this)."""


@contextmanager
def rule_options() -> Iterator[None]:
    """Inside, a record error is about a rule option: the same message, as a `RulesError`.

    >>> with rule_options():
    ...     raise RecordError("error.out_of_range", where="rules.players", value=7, low=3, high=6)
    Traceback (most recent call last):
    cardlab.errors.RulesError: rules.players: 7 is out of range (3 to 6)
    """
    try:
        yield
    except RulesError:
        raise
    except RecordError as err:
        raise RulesError(err.key, where=err.where, more=err.more, **err.params) from None


class IllegalAction(CardlabError):
    """A move the rules do not allow; the game is unchanged."""


class InconsistentObservations(CardlabError):
    """An observation log that no deal can explain; `where` names the event that breaks it."""

