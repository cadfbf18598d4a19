"""The message catalogue: both languages say everything, with the same blanks."""

import string

import pytest

from cardlab.cards import Card, CardName
from cardlab.i18n import LANGUAGES, Count, Text, card_codes, catalogue, message, number, percent


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


def test_a_card_is_named_in_the_grammatical_case_its_message_asks_for():
    jack, ace, ten = (CardName(Card.parse(code)) for code in ("JS", "AH", "TD"))
    assert [Text("blackwidow.graph_you.passed_by_me", card=card, name="Platz 1").text("de")
            for card in (jack, ace, ten)] == [
        "Du hast den Pik-Buben an Platz 1 weitergegeben.",
        "Du hast das Herz-Ass an Platz 1 weitergegeben.",
        "Du hast die Karo-Zehn an Platz 1 weitergegeben."]
    assert Text("graph.in_your_hand", card=jack).text("de") == "Der Pik-Bube ist in deiner Hand."
    assert Text("graph.in_your_hand", card=jack).text() == "The Jack of Spades is in your hand."


def test_every_case_a_message_asks_for_is_one_the_catalogue_declines():
    cases = {"nom", "acc", "dat"}
    assert {key.split(".")[1] for key in catalogue("de") if key.startswith("card_case.")} == cases
    for lang in LANGUAGES:
        for key, text in catalogue(lang).items():
            for _, _name, spec, _ in string.Formatter().parse(text):
                assert not spec or spec.lower() in cases, (lang, key, spec)


def test_a_card_without_a_declined_name_reads_as_itself_in_any_case():
    queen = Card.parse("QS")
    assert Text("blackwidow.graph_you.played_you", card=queen, play=3).text("de") == \
        "Du hast D♠ als 3. Karte gespielt."
    with card_codes():
        assert Text("blackwidow.graph_you.played_you", card=queen, play=3).text("de") == \
            "Du hast QS als 3. Karte gespielt."
