"""Card pictures: valid, accessible SVG that says which card it is."""

import xml.etree.ElementTree as ET

from cardlab.cards import Card, Hand
from cardlab.render.cards import back_svg, card_svg, hand_svg

NS = {"svg": "http://www.w3.org/2000/svg"}


def _parse(svg):
    root = ET.fromstring(svg)
    assert root.get("role") == "img"
    return root, root.find("svg:title", NS).text


def test_card_svg_is_accessible_xml_naming_the_card():
    root, title = _parse(card_svg(Card.parse("QS")))
    assert title == "Queen of Spades"
    texts = "".join(t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}tspan"))
    assert "Q" in texts and "♠" in texts


def test_german_names_and_corner_letters():
    root, title = _parse(card_svg(Card.parse("QS"), lang="de"))
    assert title == "Pik-Dame"
    assert "D" in [t.text for t in root.iter("{http://www.w3.org/2000/svg}tspan")]


def test_red_and_black_and_four_colours():
    assert "#c8102e" in card_svg(Card.parse("2D"))
    assert "#1f5fbf" in card_svg(Card.parse("2D"), four_colour=True)
    assert "#0b7a3b" in card_svg(Card.parse("2C"), four_colour=True)
    assert "#c8102e" not in card_svg(Card.parse("2S"))


def test_hand_lists_every_card_in_order():
    root, title = _parse(hand_svg(Hand("AH 2C QS")))
    assert title == "Hand of 3 cards: Ace of Hearts, Two of Clubs, Queen of Spades"
    drawn = [g.get("data-card") for g in root.iter("{http://www.w3.org/2000/svg}g")
             if g.get("data-card")]
    assert drawn == ["AH", "2C", "QS"]
    assert float(root.get("width")) > 3 * 26


def test_empty_hand_and_back():
    assert _parse(hand_svg([]))[1] == "Empty hand"
    assert _parse(back_svg())[1] == "Face-down card"


def test_jupyter_display_hooks():
    assert Card.parse("TH")._repr_svg_() == card_svg(Card.parse("TH"))
    assert "Ten of Hearts" in Hand("TH")._repr_html_()
