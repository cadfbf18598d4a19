"""Card buttons, driven through their Python API and their browser message protocol."""

from cardlab.cards import parse_cards
from cardlab.widgets.cards import CardButton, CardButtons

QS, AH, TWO_C = parse_cards("QS AH 2C")


def test_cards_are_named_in_the_interface_language_and_drawn():
    for lang, name in (("en", "Queen of Spades"), ("de", "Pik-Dame")):
        buttons = CardButtons(label="hand", lang=lang)
        buttons.show([CardButton(QS)])
        card, = buttons.cards
        assert card["name"] == name
        assert f"<title>{name}</title>" in card["svg"]


def test_disabled_cards_still_reach_python_which_decides():
    buttons = CardButtons()
    buttons.show([CardButton(QS, disabled=True), CardButton(AH)])
    clicked = []
    buttons.on_click(clicked.append)
    buttons.click("QS")
    buttons.click("AH")
    assert clicked == ["QS", "AH"]
    assert [card["disabled"] for card in buttons.cards] == [True, False]


def test_browser_messages_are_clicks_and_anything_else_is_ignored():
    buttons = CardButtons()
    buttons.show([CardButton(TWO_C)])
    clicked = []
    buttons.on_click(clicked.append)
    for content in ({"click": "2C"}, {"click": "QS"}, {"click": 3}, ["2C"], {"other": "2C"}):
        buttons._message(buttons, content, None)
    assert clicked == ["2C"]


def test_only_the_cards_shown_are_synced_in_the_order_given():
    buttons = CardButtons()
    buttons.show([CardButton(AH), CardButton(TWO_C)])
    buttons.show([CardButton(TWO_C, pressed=True), CardButton(QS, received=True)])
    assert buttons.codes == ["2C", "QS"]
    state = buttons.get_state()
    assert "AH" not in str(state["cards"])
    assert [(c["pressed"], c["received"]) for c in state["cards"]] == [(True, False),
                                                                       (None, True)]


def test_the_received_mark_has_words_in_both_languages():
    assert CardButtons(lang="en").received_label == "received"
    assert CardButtons(lang="de").received_label == "erhalten"


def test_a_plain_card_is_a_picture_that_nobody_can_press():
    buttons = CardButtons()
    buttons.show([CardButton(QS, plain=True), CardButton(AH)])
    clicked = []
    buttons.on_click(clicked.append)
    buttons._message(buttons, {"click": "QS"}, None)   # forged: a picture sends no clicks
    buttons.click("AH")
    assert clicked == ["AH"]
    assert [card["plain"] for card in buttons.cards] == [True, False]
    assert buttons.cards[0]["name"] == "Queen of Spades"


def test_the_shared_visually_hidden_rule_comes_with_the_cards():
    assert ".cardlab-visually-hidden" in CardButtons._css
    assert CardButtons._css.index(".cardlab-visually-hidden") < CardButtons._css.index(
        ".cardlab-cards {")
