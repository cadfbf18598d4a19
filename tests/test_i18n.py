"""The message catalogue: both languages say everything, with the same blanks."""

import string

import pytest

from cardlab.i18n import LANGUAGES, Count, catalogue, message, number, percent


def _fields(text):
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_language_has_every_key_with_the_same_placeholders():
    english = catalogue("en")
    for lang in LANGUAGES:
        other = catalogue(lang)
        assert other.keys() == english.keys(), lang
        for key, text in english.items():
            assert _fields(other[key]) == _fields(text), (lang, key)


def test_unknown_language_is_refused():
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        message("suit.S", "fr")


def test_counts_are_singular_or_plural_with_numbers_as_each_language_writes_them():
    assert [Count("count.deals", n).label() for n in (1, 2, 1234)] == [
        "1 deal", "2 deals", "1,234 deals"]
    assert [Count("count.deals", n).label("de") for n in (1, 1234)] == [
        "1 Verteilung", "1.234 Verteilungen"]


def test_german_numbers_use_a_decimal_comma():
    assert number(1234567.891, "de", 2) == "1.234.567,89"
    assert number(10**20 + 1, "en") == "100,000,000,000,000,000,001"  # exact, not a float
    assert (percent(0.125, "de"), percent(0.125, "en")) == ("12,5 %", "12.5%")
