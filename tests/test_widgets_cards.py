"""The card explorer widget, driven as a learner would: typing and clicking."""

from cardlab.widgets.card_explorer import CardExplorer


def test_typing_codes_shows_cards_and_names():
    explorer = CardExplorer()
    explorer.codes.value = "q♠ 10h"
    explorer.show.click()
    assert [card.code for card in explorer.cards] == ["QS", "TH"]
    assert "Queen of Spades" in explorer.picture.value
    assert "<code>TH</code> Ten of Hearts" in explorer.names.value
    assert explorer.message.value == ""


def test_bad_code_explains_and_keeps_the_previous_cards():
    explorer = CardExplorer("QS")
    explorer.codes.value = "QS XZ"
    explorer.show.click()
    assert "bad card code 'XZ'" in explorer.message.value
    assert [card.code for card in explorer.cards] == ["QS"]
    explorer.codes.value = "KD"
    assert explorer.message.value == ""


def test_language_switch_relabels_and_renames():
    explorer = CardExplorer("QS")
    explorer.language.value = "de"
    assert explorer.show.description == "Zeigen"
    assert "Pik-Dame" in explorer.names.value
    explorer.codes.value = "ZZ"
    assert explorer.message.value.startswith("ungültiger Kartencode 'ZZ'")


def test_four_colour_deck():
    explorer = CardExplorer("2D")
    assert "#1f5fbf" not in explorer.picture.value
    explorer.four_colour.value = True
    assert "#1f5fbf" in explorer.picture.value
