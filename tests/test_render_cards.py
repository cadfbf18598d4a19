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


def test_a_hand_of_one_card_is_named_in_the_singular():
    assert _parse(hand_svg(Hand("AH")))[1] == "Hand of 1 card: Ace of Hearts"
    assert _parse(hand_svg(Hand("AH"), lang="de"))[1].startswith("Hand mit 1 Karte: ")


def test_empty_hand_and_back():
    assert _parse(hand_svg([]))[1] == "Empty hand"
    assert _parse(back_svg())[1] == "Face-down card"


def test_jupyter_display_hooks():
    assert Card.parse("TH")._repr_svg_() == card_svg(Card.parse("TH"))
    assert "Ten of Hearts" in Hand("TH")._repr_html_()


def test_a_card_that_may_not_be_played_is_hatched_not_faded_and_stays_readable():
    import re
    from pathlib import Path

    import cardlab.widgets
    from cardlab.cards import Suit
    from cardlab.render.cards import suit_colour
    from cardlab.render.palette import TEXT_CONTRAST, UNPLAYABLE_STRIPE, contrast_ratio

    css = (Path(cardlab.widgets.__file__).parent / "cards.css").read_text("utf-8")
    rules = re.findall(r'\.cardlab-card\[aria-disabled="true"\][^{]*\{([^}]*)\}', css)
    body = "".join(rules)
    assert "opacity" not in body and "filter" not in body     # the ink keeps its colour
    assert UNPLAYABLE_STRIPE in body and "dashed" in body       # but the card looks different
    for suit in Suit:
        for four in (False, True):
            for ground in ("#ffffff", UNPLAYABLE_STRIPE):
                assert contrast_ratio(suit_colour(suit, four), ground) >= TEXT_CONTRAST
