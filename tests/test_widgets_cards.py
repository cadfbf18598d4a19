"""The card explorer widget, driven as a learner would: typing and clicking."""

from cardlab.widgets.card_explorer import CardExplorer


def test_typing_codes_shows_cards_and_names():
    explorer = CardExplorer()
    explorer.codes.value = "q♠ 10h"
    explorer.controls.click("show")
    assert [card.code for card in explorer.cards] == ["QS", "TH"]
    assert "Queen of Spades" in explorer.picture.value
    assert "<code>TH</code> Ten of Hearts" in explorer.names.value
    assert explorer.controls.status == ""


def test_every_bad_code_is_named_and_the_old_cards_go():
    explorer = CardExplorer("QS")
    explorer.codes.value = "XZ QS 1H, KD"
    explorer.controls.click("show")
    status = explorer.controls.status
    assert "bad card code 'XZ'" in status and "bad card code '1H'" in status
    assert "'QS'" not in status and "'KD'" not in status
    assert explorer.cards == () and explorer.picture.value == explorer.names.value == ""
    explorer.codes.value = "KD"
    assert explorer.controls.status == ""
    assert [card.code for card in explorer.cards] == ["KD"]


def test_the_show_button_is_the_accessible_primary_one():
    spec = CardExplorer().controls.spec("show")
    assert spec.primary and spec.label == "Show"
    assert CardExplorer(lang="de").controls.spec("show").label == "Zeigen"


def test_card_names_in_the_other_language_the_page_stays_in_its_own():
    explorer = CardExplorer("QS")
    assert explorer.names_in.description == "Card names in"
    assert dict(explorer.names_in.options) == {"English": "en", "Deutsch": "de"}
    explorer.names_in.value = "de"
    assert "Pik-Dame" in explorer.names.value and 'lang="de"' in explorer.names.value
    assert "Pik-Dame" in explorer.picture.value
    explorer.codes.value = "ZZ"
    assert explorer.controls.status.startswith("bad card code 'ZZ'")
    german = CardExplorer("QS", lang="de")
    assert german.names_in.description == "Kartennamen auf" and german.names_in.value == "de"
    assert german.codes.description == "Karten"
    german.codes.value = "ZZ"
    assert german.controls.status.startswith("ungültiger Kartencode „ZZ“")


def test_four_colour_deck():
    explorer = CardExplorer("2D")
    assert "#1f5fbf" not in explorer.picture.value
    explorer.four_colour.value = True
    assert "#1f5fbf" in explorer.picture.value
