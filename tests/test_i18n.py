"""The message catalogue: both languages say everything, with the same blanks."""

import string

import pytest

from cardlab.i18n import LANGUAGES, catalogue, message


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
