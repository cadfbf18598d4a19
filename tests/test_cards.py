"""Card codes, names and decks (docs/rules.md, "Card codes")."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlab.blackwidow.rules import is_point
from cardlab.cards import (
    FACE_CARDS,
    STANDARD_DECK,
    Card,
    Hand,
    Rank,
    Suit,
    parse_cards,
    standard_deck,
)
from cardlab.errors import CardError
from cardlab.fivesons.cards import HEART_NUMBERS, five_sons_deck, five_sons_question


@pytest.mark.parametrize("card", STANDARD_DECK + five_sons_deck())
def test_every_code_round_trips(card):
    assert Card.parse(card.code) is card
    assert Card.parse(card.code.lower()) is card
    assert Card.parse(card.rank.letter + card.suit.symbol) is card


@pytest.mark.parametrize(
    ("text", "code"),
    [("10♥", "TH"), ("q♠", "QS"), ("QS", "QS"), (" 10h ", "TH"), ("a♦️", "AD"), ("2♧", "2C")],
)
def test_tolerant_input_gives_canonical_output(text, code):
    assert str(Card.parse(text)) == code


@pytest.mark.parametrize(
    ("text", "fragment"),
    [("ZZ", "'Z' is not a suit"), ("1H", "'1' is not a rank"), ("", "empty"),
     ("QSS", "'QS' is not a rank"), ("11S", "'11' is not a rank")],
)
def test_bad_code_names_the_bad_text(text, fragment):
    with pytest.raises(CardError) as info:
        Card.parse(text)
    assert f"'{text}'" in str(info.value)
    assert fragment in str(info.value)


@given(st.text(max_size=4))
def test_parse_either_succeeds_canonically_or_raises_card_error(text):
    try:
        card = Card.parse(text)
    except CardError:
        return
    assert Card.parse(card.code) is card


def test_decks():
    assert len(STANDARD_DECK) == len(set(STANDARD_DECK)) == 52
    assert [card.index for card in STANDARD_DECK] == list(range(52))
    assert len(FACE_CARDS) == 12 and all(card.is_face for card in FACE_CARDS)
    assert [card.code for card in HEART_NUMBERS] == [
        "AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH"]
    assert len(five_sons_deck()) == 22 and Card.parse("KH") in five_sons_deck()
    assert len(standard_deck(parse_cards("2D 2C"))) == 50


@pytest.mark.parametrize(
    ("code", "english", "german"),
    [("QS", "Queen of Spades", "Pik-Dame"), ("3H", "Three of Hearts", "Herz-Drei"),
     ("JC", "Jack of Clubs", "Kreuz-Bube"), ("KD", "King of Diamonds", "Karo-König"),
     ("AH", "Ace of Hearts", "Herz-Ass"), ("TS", "Ten of Spades", "Pik-Zehn")],
)
def test_full_names(code, english, german):
    card = Card.parse(code)
    assert card.name() == english
    assert card.name("de") == german


@pytest.mark.parametrize(
    ("face", "heart", "english", "german"),
    [("QS", "3H", "The Queen of Spades has three sons.", "Die Pik-Dame hat drei Söhne."),
     ("KH", "5H", "The King of Hearts has five sons.", "Der Herz-König hat fünf Söhne."),
     ("JC", "AH", "The Jack of Clubs has one son.", "Der Kreuz-Bube hat einen Sohn."),
     ("QD", "TH", "The Queen of Diamonds has ten sons.", "Die Karo-Dame hat zehn Söhne.")],
)
def test_five_sons_question(face, heart, english, german):
    face, heart = Card.parse(face), Card.parse(heart)
    assert five_sons_question(face, heart) == english
    assert five_sons_question(face, heart, "de") == german


def test_point_cards_and_order():
    assert is_point(Card.parse("QS")) and is_point(Card.parse("2H"))
    assert not is_point(Card.parse("KS"))
    assert Card.parse("AC") < Card.parse("2D") < Card.parse("2H") < Card.parse("2S")
    assert Card(Suit.SPADES, Rank.ACE).code == "AS"


def test_hand_sorts_and_reads_strings():
    hand = Hand("AH qs 2c")
    assert [card.code for card in hand.sorted()] == ["2C", "AH", "QS"]
    assert hand == (Card.parse("AH"), Card.parse("QS"), Card.parse("2C"))
